"""The server on PostgreSQL (``--db``; the ``postgres`` tests need a database, see
``postgres_db``): two stores on one database accepting a move at one position at once
(exactly one wins, the other is refused with the reason); migrations by ``landgrab-server
migrate`` and a schema newer than the server knows refused, on both stores; a whole game
through a server process on PostgreSQL, and its ``/health`` answering plain HTTP; two
servers on one database with a table's clients split across them: a whole game of each
title, one server killed mid-game (its clients go on on the other), every database
connection cut mid-game (the servers connect again; nothing is lost)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
import urllib.request

import psycopg
import pytest
from net_tables import ROOT, Driver, ServerProcess, game_over, play_whole_game
from postgres_db import cut_connections, fresh_schema
from split_tables import check_stored, moves_seen, split_table
from store_records import bot_actions, record

from game.registry import GAMES
from game.server.pgstore import MIGRATIONS, MoveConflict, PostgresStore
from game.server.store import SQLiteStore

GAME = next(g for g, info in GAMES.items() if info.min_players <= 3 <= info.max_players)


@pytest.fixture
def url():
    with fresh_schema() as schema_url:
        yield schema_url


def server_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game.server", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60,
                          env={"PYTHONPATH": str(ROOT)})


def test_postgres_conflicting_moves_from_two_instances_exactly_one_wins(url):
    first, second = PostgresStore(url, pool_size=1), PostgresStore(url, pool_size=1)
    first.create(record())
    (seat, action), (seat2, action2) = bot_actions(2)
    outcomes: dict[str, object] = {}
    with psycopg.connect(url) as holder:
        # the table's row held, both instances queue on its lock, then race for it
        holder.execute("SELECT 1 FROM tables WHERE code = 'ABC234' FOR UPDATE")

        def move(name: str, store: PostgresStore) -> None:
            try:
                store.append_action("ABC234", 0, seat, action, {"moves": 1, "by": name})
                outcomes[name] = "stored"
            except MoveConflict as exc:
                outcomes[name] = exc

        threads = [threading.Thread(target=move, args=(n, s))
                   for n, s in (("first", first), ("second", second))]
        for thread in threads:
            thread.start()
        for _ in range(100000):  # bounded: both are waiting on the row's lock
            row = holder.execute("SELECT count(*) FROM pg_locks WHERE NOT granted").fetchone()
            if row and row[0] >= 2:
                break
        holder.rollback()
    for thread in threads:
        thread.join(timeout=30)
    won = [n for n, o in outcomes.items() if o == "stored"]
    lost = [o for o in outcomes.values() if isinstance(o, MoveConflict)]
    assert len(won) == 1 and len(lost) == 1, outcomes
    assert "another server took this turn first" in str(lost[0])
    stored = first.load("ABC234")
    assert stored.actions == [(seat, action)] and stored.status["by"] == won[0]
    second.append_action("ABC234", 1, seat2, action2, {"moves": 2})  # the next one is fine
    assert len(first.load("ABC234").actions) == 2
    first.close()
    second.close()


def test_postgres_a_move_over_the_time_limit_stores_nothing_and_the_next_one_is_kept(url):
    """A move's statements go to the database at once; one over the statement limit (its
    table's row held elsewhere) fails whole, and the connection it had is good again."""
    store = PostgresStore(url, pool_size=1, statement_timeout_ms=200)
    store.create(record())
    (seat, action), (seat2, action2) = bot_actions(2)
    with psycopg.connect(url) as holder:
        holder.execute("SELECT 1 FROM tables WHERE code = 'ABC234' FOR UPDATE")
        with pytest.raises(psycopg.errors.QueryCanceled):
            store.append_action("ABC234", 0, seat, action, {"moves": 1})
        holder.rollback()
    assert store.load("ABC234").actions == []
    store.append_action("ABC234", 0, seat, action, {"moves": 1})
    with pytest.raises(MoveConflict):  # a position already taken: nothing is done
        store.append_action("ABC234", 0, seat2, action2, {"moves": 9})
    kept = store.load("ABC234")
    assert kept.actions == [(seat, action)] and kept.status == {"moves": 1}
    store.close()


def test_postgres_a_seat_taken_through_another_server_is_not_given_again(url, tmp_path):
    """Another server seated someone (its news not read here yet): a join takes the next
    open seat as the database has them, not the first one this server last knew open."""
    server = ServerProcess(tmp_path / "data", 0, "--db", url)
    driver = Driver()
    try:
        host = driver.client(server.url, "host")
        host.send({"type": "create", "game": GAME, "players": 3,
                   "seats": [{"kind": "host", "name": "Ann"}, {"kind": "open"},
                             {"kind": "open"}]})
        driver.until(lambda: host.of_type("table"), "the table")
        code = host.of_type("created")[0]["table"]
        with psycopg.connect(url, autocommit=True) as db:  # as another server, unannounced
            db.execute("UPDATE seats SET kind = 'human', name = 'Zed' WHERE code = %s AND "
                       "seat = 1", (code,))
        guest = driver.client(server.url, "guest")
        guest.send({"type": "join", "table": code, "name": "Bob"})
        driver.until(lambda: guest.of_type("joined"), "the seat")
        assert guest.of_type("joined")[0]["seat"] == 2
    finally:
        driver.close()
        server.stop()


def test_postgres_migrate_and_a_newer_schema_is_refused(url):
    out = server_cli("migrate", "--db", url)
    assert out.returncode == 0 and "up to date" in out.stdout, out.stderr
    with psycopg.connect(url, autocommit=True) as db:
        assert db.execute("SELECT version FROM schema_version").fetchone() == (len(MIGRATIONS),)
        db.execute("UPDATE schema_version SET version = version + 1")
    out = server_cli("--db", url, "--port", "0", "--host", "127.0.0.1")
    assert out.returncode == 2 and "upgrade the server" in out.stderr


def test_sqlite_migrate_and_a_newer_schema_is_refused(tmp_path):
    out = server_cli("migrate", "--data", str(tmp_path))
    assert out.returncode == 0, out.stderr
    with sqlite3.connect(tmp_path / SQLiteStore.FILE_NAME) as db:
        db.execute("PRAGMA user_version=99")
    out = server_cli("--data", str(tmp_path), "--port", "0", "--host", "127.0.0.1")
    assert out.returncode == 2 and "upgrade the server" in out.stderr


def test_postgres_a_whole_game_through_a_server_and_its_health(url, tmp_path):
    server = ServerProcess(tmp_path / "data", 0, "--db", url)
    health = f"http://127.0.0.1:{server.port}/health"
    with urllib.request.urlopen(health, timeout=10) as answer:
        assert answer.status == 200 and answer.read().startswith(b"ok: 0 tables served")
    game_id = next(iter(GAMES))
    _host, _joiner, _watcher, code = play_whole_game(server.url, game_id)
    assert server.stop() == 0
    store = PostgresStore(url)
    stored = store.load(code)
    store.close()
    assert stored is not None and stored.status["over"] and stored.actions
    assert not (tmp_path / "data").exists()  # --db: nothing in the data folder


@pytest.mark.parametrize("game_id", list(GAMES))
def test_postgres_two_instances_one_table_split_across_them(url, tmp_path, game_id):
    first = ServerProcess(tmp_path / "one", 0, "--db", url)
    second = ServerProcess(tmp_path / "two", 0, "--db", url)
    host, joiner, watcher, code = play_whole_game(first.url, game_id, others_url=second.url)
    assert first.stop() == 0 and second.stop() == 0
    store = PostgresStore(url)
    stored = store.load(code)
    store.close()
    assert stored is not None and stored.status["over"]
    for client in (host, joiner, watcher):
        assert all(m["moves"] == len(stored.actions) for m in client.latest.values())
    assert not host.refusals and not joiner.refusals


def test_postgres_an_instance_killed_mid_game_its_clients_go_on_on_the_other(url, tmp_path):
    first = ServerProcess(tmp_path / "one", 0, "--db", url)
    second = ServerProcess(tmp_path / "two", 0, "--db", url)
    driver = Driver()
    try:
        host, guest, code = split_table(driver, first.url, second.url)
        driver.until(lambda: moves_seen(host, code) >= 20, "twenty moves")
        first.kill()  # kill -9 mid-game; the load balancer sends its clients to the other
        host.conn.url = second.url
        driver.until(lambda: game_over(host, code) and game_over(guest, code), "the end")
        assert host.conn.reconnections == 1 and guest.conn.reconnections == 0
    finally:
        driver.close()
        second.stop()
    check_stored(url, code, host, guest)


def test_postgres_the_database_connections_cut_mid_game_nothing_is_lost(url, tmp_path):
    first = ServerProcess(tmp_path / "one", 0, "--db", url)
    second = ServerProcess(tmp_path / "two", 0, "--db", url)
    driver = Driver()
    try:
        host, guest, code = split_table(driver, first.url, second.url)
        driver.until(lambda: moves_seen(host, code) >= 20, "twenty moves")
        assert cut_connections(url) >= 4  # each server's pool and listener
        driver.until(lambda: game_over(host, code) and game_over(guest, code), "the end")
    finally:
        driver.close()
        assert first.stop() == 0 and second.stop() == 0
    check_stored(url, code, host, guest)
    assert "connecting again" in first.log() + second.log()
