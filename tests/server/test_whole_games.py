"""Whole games of every game in ``GAMES`` through a real server on loopback: two seats of
one table on one client (hot-seat plus remote), a seat joined by table code from a second
client, a bot of the server in a fourth seat where the game takes four, and a spectator;
every seat played by the game's normal bot from what its client was sent.

The leak test: every text each client received is checked against an independent replay of
the stored actions (``leak_check``): each view is the seat's own, each event as the seat may
see it, nothing else (the seed, another seat's token) in the bytes.  The tests' own game
(Mosaic) is served too: the server registers it with ``--game`` as any game that plugs in.
"""

from __future__ import annotations

import pytest
from leak_check import problems
from net_tables import ServerProcess, play_whole_game

from game.registry import GAMES
from game.server.store import SQLiteStore


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = ServerProcess(tmp_path_factory.mktemp("server") / "data")
    yield srv
    assert srv.stop() == 0


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_whole_game_online_leaks_nothing(server, game_id):
    host, joiner, watcher, code = play_whole_game(server.url, game_id)
    store = SQLiteStore(server.data)
    record = store.load(code)
    store.close()
    assert record.status["over"] and record.actions
    tokens = {s["seat"]: s["token"] for s in host.of_type("created")[0]["seats"]}
    tokens[2] = joiner.of_type("joined")[0]["token"]
    holders = {"host": (host, {0, 1}), "joiner": (joiner, {2}), "watcher": (watcher, {None})}
    for name, (client, held) in holders.items():
        others = tuple(t for s, t in tokens.items() if s not in held)
        found = problems(record, client.texts, held, others)
        assert not found, f"{name}: {found[:5]}"
        finals = {m["seat"]: m for k, m in client.latest.items()}
        assert set(finals) == held and all(m["moves"] == len(record.actions)
                                           for m in finals.values())
    assert not host.refusals and not joiner.refusals
