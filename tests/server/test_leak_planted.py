"""The leak test can fail: a server made to send every event as its owner sees it, or to
send spectators a seat's view, is caught by the same check (``leak_check``) on a whole
game."""

from __future__ import annotations

import pytest
from leak_check import problems
from net_tables import InProcessServer, play_whole_game

from game.net import protocol
from game.registry import GAMES
from game.server import tables
from game.server.store import SQLiteStore

GAME = next(iter(GAMES))  # the first game: it has hidden cards and private draws


def leak_events(event, viewer):
    """Every event sent as its owner sees it (unrendered for everyone else)."""
    return protocol.encode_event(event, event.private_to)


def leak_view(monkeypatch):
    """Spectators are sent the first seat's view."""
    real = tables.LiveTable.tell

    def tell(self, events):
        view = self.state.view
        monkeypatch.setattr(self.state, "view", lambda seat: view(0 if seat is None else seat))
        try:
            real(self, events)
        finally:
            monkeypatch.delattr(self.state, "view")

    monkeypatch.setattr(tables.LiveTable, "tell", tell)


@pytest.mark.parametrize("leak", ["events", "view"])
def test_a_planted_leak_is_found(tmp_path, monkeypatch, leak):
    if leak == "events":
        monkeypatch.setattr(tables, "encode_event", leak_events)
    else:
        leak_view(monkeypatch)
    server = InProcessServer(tmp_path / "data")
    try:
        host, joiner, watcher, code = play_whole_game(server.url, GAME)
    finally:
        server.stop()
    store = SQLiteStore(server.data)
    record = store.load(code)
    store.close()
    assert problems(record, watcher.texts, {None}), f"{leak} leak not found"
    if leak == "events":
        assert problems(record, joiner.texts, {2}), "the joiner's leak not found"
