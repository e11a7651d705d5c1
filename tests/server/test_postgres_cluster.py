"""Two server instances on a PostgreSQL cluster of this module's own (``Cluster``: it is
stopped and started, which the cluster every other test shares must never be): a table's
clients split across the instances play a whole game through a real database restart
(the moves asked for while it is down are answered ``busy`` and sent again by the clients
themselves; nothing is lost, nothing played twice); one player's seat on both instances
(two clients, one token) sending two moves at one position at once: exactly one is played,
the other refused with its reason, and both clients show the same game; a player connected
to one instance is not handed to a bot by the other, and once the player really leaves a
bot takes the seat once; one instance thinks for a table's bots, and when it is killed
(``kill -9``) the other takes over and the game ends; a store uses its database again as
soon as it is back, however long it was down."""

from __future__ import annotations

import random

import psycopg
import pytest
from leak_check import problems
from net_tables import Driver, ServerProcess, game_over
from postgres_db import Cluster, fresh_schema
from split_tables import GAME, STALE, check_stored, moves_seen, split_table

from game.registry import GAMES
from game.server.pgstore import PostgresStore

BUSY = "The server is busy; trying again…"


@pytest.fixture(scope="module")
def cluster():
    own = Cluster()
    try:
        yield own
    finally:
        own.remove()


@pytest.fixture
def url(cluster):
    with fresh_schema(cluster.url) as schema_url:
        yield schema_url


def errors(client, code: str) -> list[dict]:
    return [m for m in client.of_type("error") if m["code"] == code]


def answered(client, code: str, seat: int) -> bool:
    """Whether the client's last move for ``seat`` has been played (no move under way)."""
    latest = client.latest.get((code, seat))
    return latest is not None and client.sent_at.get((code, seat)) != latest["own_moves"]


def test_postgres_a_database_restart_mid_game_nothing_is_lost(cluster, url, tmp_path):
    first = ServerProcess(tmp_path / "one", 0, "--db", url)
    second = ServerProcess(tmp_path / "two", 0, "--db", url)
    driver = Driver()
    try:
        host, guest, code = split_table(driver, first.url, second.url)
        # the clients stop answering at the twentieth move; once both servers have told it
        # (the other server read it from the database) and no move is under way, the
        # database stops, and the player to act then asks for a move
        host.pause_on = guest.pause_on = lambda m: m["type"] == "update" and m["moves"] >= 20
        driver.until(lambda: host.paused and guest.paused and answered(host, code, 0)
                     and answered(guest, code, 1)
                     and moves_seen(host, code) == moves_seen(guest, code), "twenty moves")
        cluster.stop()
        host.pause_on = guest.pause_on = None
        host.paused = guest.paused = False
        driver.until(lambda: errors(host, "busy") or errors(guest, "busy"),
                     "a move asked for while the database is down")
        told = moves_seen(host, code)
        cluster.start()
        driver.until(lambda: game_over(host, code) and game_over(guest, code), "the end")
    finally:
        driver.close()
        assert first.stop() == 0 and second.stop() == 0
    assert moves_seen(host, code) > told  # the game went on after the restart
    busy = errors(host, "busy") + errors(guest, "busy")
    assert busy and all(m["reason"]["msg"] == BUSY for m in busy)
    assert not errors(host, "server") and not errors(guest, "server")
    check_stored(url, code, host, guest)
    assert "connecting again" in first.log() + second.log()


def test_postgres_one_seat_on_two_instances_two_moves_at_once_exactly_one_is_played(
        url, tmp_path):
    first = ServerProcess(tmp_path / "one", 0, "--db", url)
    second = ServerProcess(tmp_path / "two", 0, "--db", url)
    driver = Driver()
    try:
        a, b = driver.client(first.url, "a"), driver.client(second.url, "b")
        a.expect_refusals = b.expect_refusals = True
        a.send({"type": "create", "game": GAME, "players": 2,
                "seats": [{"kind": "host", "name": "Ann"}, {"kind": "host", "name": "Ben"}]})
        driver.until(lambda: len(a.of_type("table")) == 2, "the table")
        code = a.of_type("created")[0]["table"]
        seat = a.latest[(code, 0)]["turn"]["to_act"][0]
        token = next(t["token"] for t in a.of_type("created")[0]["seats"] if t["seat"] == seat)
        b.send({"type": "sit", "table": code, "seat": seat, "token": token})  # same player
        driver.until(lambda: b.of_type("table"), "the seat on the other instance")
        shown = a.latest[(code, seat)]
        legal = [action.to_json() for action in legal_actions(a, shown, seat)]
        moves = {a: legal[0], b: legal[-1]}
        assert moves[a] != moves[b]
        with psycopg.connect(url) as holder:
            # the table's row held: both instances take their move to the store and wait
            holder.execute("SELECT 1 FROM tables WHERE code = %s FOR UPDATE", (code,))
            for client, action in moves.items():
                client.send({"type": "act", "table": code, "seat": seat, "action": action,
                             "own_moves": shown["own_moves"]})
            for _ in range(100000):  # bounded: both are waiting on the row's lock
                row = holder.execute("SELECT count(*) FROM pg_locks WHERE NOT granted"
                                     ).fetchone()
                if row and row[0] >= 2:
                    break
            holder.rollback()
        driver.until(lambda: a.refusals + b.refusals and all(
            moves_seen(c, code) == 1 for c in (a, b)), "one move played, one refused")
    finally:
        driver.close()
        assert first.stop() == 0 and second.stop() == 0
    refused = a.refusals + b.refusals
    assert len(refused) == 1 and refused[0]["reason"]["msg"] == STALE
    loser = a if a.refusals else b
    winner = b if loser is a else a
    assert a.latest[(code, seat)]["view"] == b.latest[(code, seat)]["view"]
    store = PostgresStore(url)
    stored = store.load(code)
    store.close()
    assert stored.actions == [(seat, moves[winner])]
    assert not errors(a, "server") and not errors(b, "server")


def legal_actions(client, shown, seat):
    game, players, options = client.games[shown["table"]]
    rules = type(GAMES[game].new(players, 0, **options))
    return rules.state_from_view(shown["view"], random.Random(0)).legal_actions(seat)


def bot_playing(client, code: str, seat: int) -> bool:
    """Whether any message the client got showed a bot playing ``seat``."""
    return any(m["presence"][seat]["bot_playing"] for m in client.messages
               if m.get("table") == code and m["type"] in ("table", "presence"))


def test_postgres_a_seat_connected_through_one_server_is_not_handed_to_a_bot_by_another(
        url, tmp_path):
    first = ServerProcess(tmp_path / "one", 0, "--db", url)
    second = ServerProcess(tmp_path / "two", 0, "--db", url)
    driver = Driver()
    try:
        # a bot plays an away seat at once; the second server takes the table up for the
        # guest while the host is connected through the first only
        host, guest, code = split_table(driver, first.url, second.url, takeover_after=0)
        driver.until(lambda: moves_seen(guest, code) >= 8, "eight moves")
        assert not bot_playing(guest, code, 0) and not bot_playing(host, code, 0)
        driver.until(lambda: guest.of_type("presence")[-1]["presence"][0]["connected"],
                     "the host shown connected through the other server")
        host.close()  # the host really leaves: a bot plays the seat, once
        driver.until(lambda: bot_playing(guest, code, 0), "a bot in the host's seat")
        driver.until(lambda: game_over(guest, code), "the end")
    finally:
        driver.close()
        assert first.stop() == 0 and second.stop() == 0
    logs = first.log() + second.log()
    assert logs.count(f"table {code}: a bot plays seat 0") == 1
    assert "a bot plays seat 1" not in logs
    assert not host.refusals and not guest.refusals


def test_postgres_one_server_thinks_for_a_tables_bots_another_once_it_is_killed(
        url, tmp_path):
    servers = [ServerProcess(tmp_path / name, 0, "--db", url) for name in ("one", "two")]
    driver = Driver()
    try:
        host = driver.client(servers[0].url, "host")
        host.send({"type": "create", "game": GAME, "players": 2, "spectators": True,
                   "seats": [{"kind": "host", "name": "Ann"}, {"kind": "bot"}]})
        driver.until(lambda: host.of_type("created"), "the table")
        code = host.of_type("created")[0]["table"]
        host.plays.add((code, 0))
        # the host stops after four moves: the game waits for it, far from its end
        host.pause_on = lambda m: m["type"] == "update" and m["moves"] >= 4
        watcher = driver.client(servers[1].url, "watcher")  # the other server holds it too
        watcher.send({"type": "watch", "table": code})
        driver.until(lambda: host.paused and moves_seen(watcher, code) >= 4, "four moves")
        thinking = [s for s in servers if f"table {code}: this server thinks" in s.log()]
        assert len(thinking) == 1 and not game_over(watcher, code)
        other = next(s for s in servers if s is not thinking[0])
        thinking[0].kill()  # kill -9 mid-game: its clients go to the other
        for client in (host, watcher):
            client.conn.url = other.url
        host.pause_on, host.paused = None, False
        host.expect_refusals = True  # a move sent again after the reconnection: stale
        driver.until(lambda: game_over(host, code) and game_over(watcher, code), "the end")
    finally:
        driver.close()
    assert other.stop() == 0
    assert f"table {code}: this server thinks" in other.log()
    assert "no longer beating" in other.log()
    store = PostgresStore(url)
    stored = store.load(code)
    store.close()
    assert stored.status["over"] and not problems(stored, watcher.texts, {None})
    assert all(r["reason"]["msg"] == STALE for r in host.refusals)


def test_postgres_a_store_uses_its_database_again_as_soon_as_it_is_back(cluster, url):
    store = PostgresStore(url, pool_size=2)
    try:
        store.exists("ABC234")
        cluster.stop()
        for _ in range(5):  # down a good while: each call waits for a connection in vain
            with pytest.raises(PostgresStore.unavailable):
                store.exists("ABC234")
        cluster.start()
        assert store.exists("ABC234") is False  # at once, not after the pool's long pauses
    finally:
        store.close()
