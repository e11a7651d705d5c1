"""Dropped connections lose nothing: a client cut off mid-game comes back by itself and
picks the table up (log and all); a server killed with ``kill -9`` mid-game and restarted
has every move it accepted; a move the store cannot take for now (unreachable, or other
servers' moves keep coming first) is answered ``busy`` and sent again by the client until
it is stored, once; an away player's seat is played by a bot
of the server (the host's choice, or the table's wait) and taken back with its token.
Every text the clients received is checked by the leak test too."""

from __future__ import annotations

import pytest
from leak_check import problems
from net_tables import Driver, InProcessServer, ServerProcess, game_over, two_player_table

from game.net.client import CONNECTED
from game.server.handlers import CONFLICT_TRIES
from game.server.store import MoveConflict, SQLiteStore

STALE = "That move was already made, or the table has moved on since."


def resending(*clients) -> None:
    """A move sent as the connection dropped may go out again after it: played once, the
    copy is refused as stale (and only so)."""
    for client in clients:
        client.expect_refusals = True


def only_stale(*clients) -> bool:
    return all(r["reason"]["msg"] == STALE for c in clients for r in c.refusals)


def moves_seen(client, code) -> int:
    return max((m["moves"] for k, m in client.latest.items() if k[0] == code), default=0)


def stored(data, code):
    store = SQLiteStore(data)
    try:
        return store.load(code)
    finally:
        store.close()


def test_a_client_cut_off_comes_back_by_itself_and_the_game_goes_on(tmp_path):
    server = ServerProcess(tmp_path / "data")
    driver = Driver()
    try:
        host, guest, code = two_player_table(driver, server.url)
        resending(host, guest)
        driver.until(lambda: moves_seen(guest, code) >= 20, "twenty moves")
        guest.conn.kill()
        driver.until(lambda: any(not p[1]["connected"] for p in [
            (0, m["presence"][1]) for m in host.of_type("presence")]), "the guest away")
        driver.until(lambda: game_over(host, code) and game_over(guest, code), "the end")
        assert guest.conn.reconnections == 1 and guest.conn.status == CONNECTED
        assert only_stale(host, guest)
        # no wait was named: no bot played the guest's seat while it was away
        assert not any(p["bot_playing"] for m in host.of_type("presence") for p in m["presence"])
        syncs = [m for m in guest.of_type("table")]
        assert len(syncs) == 2 and syncs[1]["moves"] >= 20  # the table, as it was
        record = stored(server.data, code)
        assert not problems(record, guest.texts, {1}) and not problems(record, host.texts, {0})
    finally:
        driver.close()
        server.stop()


def test_a_server_killed_mid_game_loses_no_accepted_move(tmp_path):
    server = ServerProcess(tmp_path / "data")
    driver = Driver()
    try:
        host, guest, code = two_player_table(driver, server.url)
        resending(host, guest)
        driver.until(lambda: moves_seen(host, code) >= 30, "thirty moves")
        host.paused = guest.paused = True
        told = max(moves_seen(host, code), moves_seen(guest, code))
        server.kill()  # kill -9: no goodbye, whatever was in flight
        assert len(stored(server.data, code).actions) >= told
        server = ServerProcess(server.data, server.port)
        host.paused = guest.paused = False
        driver.until(lambda: game_over(host, code) and game_over(guest, code), "the end")
        assert host.conn.reconnections == guest.conn.reconnections == 1
        assert only_stale(host, guest)
        record = stored(server.data, code)
        for client, seat in ((host, 0), (guest, 1)):
            assert not problems(record, client.texts, {seat})  # every move told is stored
    finally:
        driver.close()
        server.stop()


def test_an_away_seat_is_handed_to_a_bot_and_taken_back(tmp_path):
    server = ServerProcess(tmp_path / "data")
    driver = Driver()
    try:
        host, guest, code = two_player_table(driver, server.url, takeover_after=None)
        token = guest.of_type("joined")[0]["token"]
        driver.until(lambda: moves_seen(host, code) >= 10, "ten moves")
        guest.close()
        driver.clients.remove(guest)
        driver.until(lambda: host.of_type("presence") and not host.of_type("presence")[-1][
            "presence"][1]["connected"], "the guest away")
        away_at = moves_seen(host, code)
        host.send({"type": "hand_over", "table": code, "seat": 0, "target": 1, "to_bot": True})
        driver.until(lambda: moves_seen(host, code) >= away_at + 20, "the bot playing")
        assert host.of_type("presence")[-1]["presence"][1]["bot_playing"]
        back = driver.client(server.url, "back")
        back.send({"type": "sit", "table": code, "seat": 1, "token": token})
        back.plays.add((code, 1))
        driver.until(lambda: back.of_type("table"), "the seat taken back")
        driver.until(lambda: game_over(host, code), "the end")
        record = stored(server.data, code)
        by_bot = [s for s, _a in record.actions[away_at:away_at + 20] if s == 1]
        assert by_bot, "the server's bot played the away seat"
        last = host.of_type("presence")[-1]["presence"][1]
        assert last["connected"] and not last["bot_playing"]
    finally:
        driver.close()
        server.stop()


def test_the_tables_wait_hands_an_away_seat_to_a_bot_by_itself(tmp_path):
    server = ServerProcess(tmp_path / "data")
    driver = Driver()
    try:
        host, guest, code = two_player_table(driver, server.url, takeover_after=0)
        driver.until(lambda: moves_seen(host, code) >= 10, "ten moves")
        guest.close()
        driver.clients.remove(guest)
        driver.until(lambda: game_over(host, code), "the end, the guest's seat played by a bot")
        assert any(m["presence"][1]["bot_playing"] for m in host.of_type("presence"))
    finally:
        driver.close()
        server.stop()


class Unreachable(Exception):
    """What a store raises while its database cannot be reached (here: made up)."""


@pytest.mark.parametrize(("failure", "failures", "busy"), [
    (Unreachable, 2, 2),  # the database down for the first two tries: busy, sent again
    (MoveConflict, 3, 0),  # other servers' moves first three times: judged again, played
    (MoveConflict, CONFLICT_TRIES + 2, 1),  # more often than it is judged again: busy
])
def test_a_move_the_store_cannot_take_now_is_answered_busy_and_sent_again(
        tmp_path, failure, failures, busy):
    served = InProcessServer(tmp_path / "data")
    store = served.server.store.sync  # what the server's store threads call
    stored = store.append_action
    calls = []

    def append_action(code, index, seat, action, status):
        calls.append((index, seat, action))
        if len(calls) <= failures:
            raise failure("the database is restarting, or another server came first")
        stored(code, index, seat, action, status)

    store.unavailable = (Unreachable,)
    store.append_action = append_action
    driver = Driver()
    try:
        host, guest, code = two_player_table(driver, served.url)
        driver.until(lambda: all(len(c.of_type("update")) >= 3 for c in (host, guest)),
                     "three moves")
    finally:
        driver.close()
        served.stop()
    errors = [m for c in (host, guest) for m in c.of_type("error")]
    assert [m["code"] for m in errors] == ["busy"] * busy
    assert all(m["reason"]["msg"] == "The server is busy; trying again…" for m in errors)
    assert all(c == calls[0] for c in calls[:failures + 1])  # one move, at one position
    assert not host.refusals and not guest.refusals
    record = SQLiteStore(tmp_path / "data").load(code)
    assert record.actions[0] == calls[0][1:] and len(record.actions) == len(calls) - failures
