"""Two server instances on a PostgreSQL cluster of this module's own (``Cluster``: it is
stopped and started, which the cluster every other test shares must never be): a table's
clients split across the instances play a whole game through a real database restart
(the moves asked for while it is down are answered ``busy`` and sent again by the clients
themselves; nothing is lost, nothing played twice); one player's seat on both instances
(two clients, one token) sending two moves at one position at once: exactly one is played,
the other refused with its reason, and both clients show the same game."""

from __future__ import annotations

import random

import psycopg
import pytest
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


def test_postgres_a_database_restart_mid_game_nothing_is_lost(cluster, url, tmp_path):
    first = ServerProcess(tmp_path / "one", 0, "--db", url)
    second = ServerProcess(tmp_path / "two", 0, "--db", url)
    driver = Driver()
    try:
        host, guest, code = split_table(driver, first.url, second.url)
        driver.until(lambda: moves_seen(host, code) >= 20, "twenty moves")
        cluster.stop()
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
