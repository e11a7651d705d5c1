"""The leak test can fail: a server made to send every event as its owner sees it, to
send spectators a seat's view, or to send the game's record (its seed and actions) once but
before the game is over (mid-game, or just ahead of the message that ends the game), is
caught by the same check (``leak_check``) on a whole game."""

from __future__ import annotations

import pytest
from leak_check import problems
from net_tables import InProcessServer, play_whole_game

from game.engine.save_files import save_dict
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


def send_record(table):
    text = protocol.dump({"type": "record", "table": table.code, "save": save_dict(table.state)})
    for peer in list(table.watchers):
        peer.send_text(text)


def leak_record(monkeypatch, at_end: bool):
    """The game's record sent once, but too soon: ahead of the update of the first action
    all three clients see, or (``at_end``) ahead of the last action's, the message that
    says the game is over."""
    real = tables.LiveTable.tell
    sent: set[str] = set()

    def tell(self, events):
        due = self.state.is_over() if at_end else len(self.watchers) == 3
        if due and self.code not in sent:
            sent.add(self.code)
            send_record(self)
        real(self, events)

    monkeypatch.setattr(tables.LiveTable, "tell", tell)
    monkeypatch.setattr(tables.LiveTable, "tell_record", lambda self: None)


@pytest.mark.parametrize("leak", ["events", "view", "record_mid_game", "record_ahead_of_end"])
def test_a_planted_leak_is_found(tmp_path, monkeypatch, leak):
    if leak == "events":
        monkeypatch.setattr(tables, "encode_event", leak_events)
    elif leak == "view":
        leak_view(monkeypatch)
    else:
        leak_record(monkeypatch, at_end=leak == "record_ahead_of_end")
    server = InProcessServer(tmp_path / "data")
    try:
        host, joiner, watcher, code = play_whole_game(server.url, GAME)
    finally:
        server.stop()
    store = SQLiteStore(server.data)
    record = store.load(code)
    store.close()
    assert problems(record, watcher.texts, {None}), f"{leak} leak not found"
    if leak != "view":
        assert problems(record, joiner.texts, {2}), "the joiner's leak not found"
