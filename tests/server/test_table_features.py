"""What a table offers online besides moves: undo by the one-screen rule, decided by the
server; a hard bot searching on the server; chat and quick reactions (length- and rate-limited, seen by spectators); "my online
games" from a client's tokens; and an action the store cannot keep is told to nobody."""

from __future__ import annotations

import pytest
from net_tables import Driver, InProcessServer, ServerProcess, game_over

from game.registry import GAMES
from game.server.store import SQLiteStore

GAME = next(iter(GAMES))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = ServerProcess(tmp_path_factory.mktemp("features") / "data", 0, "--hard-seconds",
                        "0.05")
    yield srv
    assert srv.stop() == 0


def hot_seat(driver: Driver, url: str, spectators: bool = True):
    """A table whose two seats are both this client's (a hot-seat game online)."""
    host = driver.client(url, "host")
    host.send({"type": "create", "game": GAME, "players": 2, "spectators": spectators,
               "seats": [{"kind": "host", "name": "Ann"}, {"kind": "host", "name": "Ben"}]})
    driver.until(lambda: host.of_type("created"), "the table")
    return host, host.of_type("created")[0]


def test_undo_is_the_one_screen_rule_decided_by_the_server(server):
    driver = Driver()
    host, created = hot_seat(driver, server.url)
    code = created["table"]
    watcher = driver.client(server.url, "watcher")
    watcher.send({"type": "watch", "table": code})
    driver.until(lambda: watcher.of_type("table"), "the spectator's table")
    host.plays |= {(code, 0), (code, 1)}
    host.pause_on = lambda m: m["type"] == "update" and m["can_undo"]
    driver.until(lambda: host.paused, "a move that may be taken back")
    chance = next(m for m in host.of_type("update") if m["can_undo"])
    seat, moves = chance["seat"], chance["moves"]
    host.expect_refusals = True
    host.send({"type": "undo", "table": code, "seat": 1 - seat})
    driver.until(lambda: host.refusals, "the other seat's undo refused")
    assert host.refusals[-1]["reason"]["msg"] == "Nothing of yours to take back this turn."
    host_tables = len(host.of_type("table"))
    host.send({"type": "undo", "table": code, "seat": seat})
    # each connection is told on its own: the spectator's table may come before the host's
    driver.until(lambda: len(watcher.of_type("table")) == 2
                 and len(host.of_type("table")) == host_tables + 2,
                 "everyone sent the table again")
    assert watcher.of_type("table")[-1]["moves"] == moves - 1
    assert {m["moves"] for m in host.of_type("table")[host_tables:]} == {moves - 1}
    store = SQLiteStore(server.data)
    assert len(store.load(code).actions) == moves - 1
    store.close()
    driver.close()


def test_chat_and_reactions_reach_the_table_within_their_limits(server):
    driver = Driver()
    host, created = hot_seat(driver, server.url)
    code = created["table"]
    watcher = driver.client(server.url, "watcher")
    watcher.send({"type": "watch", "table": code})
    driver.until(lambda: watcher.of_type("table"), "the spectator's table")
    host.send({"type": "chat", "table": code, "seat": 1, "text": "  good   luck  "})
    host.send({"type": "react", "table": code, "seat": 0, "reaction": "thumbs_up"})
    driver.until(lambda: watcher.of_type("react"), "the reaction")
    assert watcher.of_type("chat")[0]["text"] == "good luck"
    assert watcher.of_type("chat")[0]["name"] == "Ben"
    for i in range(5):
        host.send({"type": "chat", "table": code, "seat": 0, "text": f"line {i}"})
    driver.until(lambda: [m for m in host.of_type("error") if m["code"] == "rate"],
                 "the chat's rate")
    assert len(watcher.of_type("chat")) + len(watcher.of_type("react")) <= 5
    later = driver.client(server.url, "later")
    later.send({"type": "watch", "table": code})
    driver.until(lambda: later.of_type("table"), "a later spectator's table")
    assert [c["text"] for c in later.of_type("table")[0]["chat"]][:1] == ["good luck"]
    driver.close()


def test_a_hard_bot_searches_on_the_server(server):
    driver = Driver()
    host = driver.client(server.url, "host")
    host.send({"type": "create", "game": GAME, "players": 2,
               "seats": [{"kind": "host"}, {"kind": "bot", "level": "hard"}]})
    driver.until(lambda: host.of_type("created"), "the table")
    code = host.of_type("created")[0]["table"]
    host.plays.add((code, 0))
    driver.until(lambda: host.latest.get((code, 0), {}).get("moves", 0) >= 8, "eight moves")
    host.paused = True
    driver.close()
    actions = SQLiteStore(server.data).load(code).actions
    assert {seat for seat, _a in actions} == {0, 1}


def test_my_online_games_are_listed_from_my_tokens(server):
    driver = Driver()
    host, created = hot_seat(driver, server.url)
    code = created["table"]
    tokens = [s["token"] for s in created["seats"]]
    asker = driver.client(server.url, "asker")
    asker.send({"type": "mine", "tokens": [tokens[0], "not-a-token"]})
    driver.until(lambda: asker.of_type("games"), "the list")
    games = asker.of_type("games")[0]["games"]
    assert [(g["table"], g["seat"], g["game"]) for g in games] == [(code, 0, GAME)]
    assert games[0]["names"] == ["Ann", "Ben"] and not games[0]["over"]
    assert games[0]["your_turn"] == (0 in games[0]["to_act"])
    driver.close()


@pytest.mark.parametrize("failing", [("append_action",), ("append_action", "load")])
def test_an_action_the_store_cannot_keep_is_told_to_nobody(tmp_path, monkeypatch, failing):
    """The store refuses the action (a full disk), or cannot be reached at all (a database
    restart: the table cannot be read again either): the action is taken back all the same."""
    def full_disk(self, *args):
        raise OSError("disk full")

    server = InProcessServer(tmp_path / "data")
    driver = Driver()
    try:
        host, created = hot_seat(driver, server.url)
        code = created["table"]
        driver.until(lambda: len(host.of_type("table")) == 2, "both seats")
        for method in failing:
            monkeypatch.setattr(SQLiteStore, method, full_disk)
        host.plays |= {(code, 0), (code, 1)}
        driver.until(lambda: host.of_type("error"), "the failure")
        assert host.of_type("error")[0]["code"] == "server" and not host.of_type("update")
        monkeypatch.undo()
        host.sent_at.clear()  # the bot tries again, and now it is kept and told
        driver.until(lambda: host.of_type("update"), "the move, kept")
        assert host.of_type("update")[0]["moves"] == 1
    finally:
        driver.close()
        server.stop()


def test_a_table_nobody_looks_at_is_forgotten_and_rebuilt_when_someone_sits(tmp_path):
    server = InProcessServer(tmp_path / "data")
    driver = Driver()
    try:
        host, created = hot_seat(driver, server.url, spectators=False)
        code = created["table"]
        host.plays |= {(code, 0), (code, 1)}
        host.pause_on = lambda m: m["type"] == "update" and m["moves"] == 6
        driver.until(lambda: host.paused, "six moves")
        host.send({"type": "leave", "table": code})
        driver.until(lambda: host.of_type("left"), "the table left")
        assert code not in server.server.tables  # its memory is given back
        back = driver.client(server.url, "back")
        for held in created["seats"]:
            back.send({"type": "sit", "table": code, **held})
            back.plays.add((code, held["seat"]))
        driver.until(lambda: len(back.of_type("table")) == 2, "the table, rebuilt")
        assert {m["moves"] for m in back.of_type("table")} == {6}
        driver.until(lambda: game_over(back, code), "the end")
    finally:
        driver.close()
        server.stop()
