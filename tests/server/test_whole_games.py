"""Whole games of every game in ``GAMES`` through a real server on loopback: two seats of
one table on one client (hot-seat plus remote), a seat joined by table code from a second
client, a bot of the server in a fourth seat where the game takes four, and a spectator;
every seat played by the game's normal bot from what its client was sent.

The leak test: every text each client received is checked against an independent replay of
the stored actions (``leak_check``): each view is the seat's own, each event as the seat may
see it, nothing else (the seed, another seat's token) in the bytes, until the game is over;
then each client gets the game's record once (seed and actions), and nothing else.  A client
that opens the finished table again (two seats on one connection), or watches it, is sent
its table, and the record after it, once.  The tests' own game
(Mosaic) is served too: the server registers it with ``--game`` as any game that plugs in.
"""

from __future__ import annotations

import pytest
from leak_check import problems
from net_tables import Driver, ServerProcess, play_whole_game

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
        records = client.of_type("record")
        assert len(records) == 1 and records[0]["save"]["seed"] == record.seed, name
    assert not host.refusals and not joiner.refusals
    # the finished table opened again (two seats on one connection) and watched: each
    # connection is sent the table, then the record, once, and nothing else
    later = Driver()
    back, late = later.client(server.url, "back"), later.client(server.url, "late")
    for seat in (0, 1):
        back.send({"type": "sit", "table": code, "seat": seat, "token": tokens[seat]})
    late.send({"type": "watch", "table": code})
    try:
        later.until(lambda: len(back.of_type("table")) == 2 and late.of_type("record"),
                    "the finished table")
        later.until(lambda: back.of_type("record"), "its record")
    finally:
        later.close()
    for client, held in ((back, {0, 1}), (late, {None})):
        assert not problems(record, client.texts, held, (tokens[2],))
        kinds = [m["type"] for m in client.messages if m["type"] in ("table", "record")]
        assert kinds[0] == "table" and kinds.count("table") == len(held)
        assert kinds.count("record") == 1
