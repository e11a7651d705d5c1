"""``landgrab-server`` (and ``python -m game.server``): a dedicated server, many tables at
once, no window.

    landgrab-server --host 0.0.0.0 --port 7373 --data /var/lib/landgrab
    landgrab-server --check --data /var/lib/landgrab     every stored table replays? (0/1)
    landgrab-server --db postgresql://user@dbhost/landgrab     tables in PostgreSQL: several
                                                               instances may share them
    landgrab-server migrate --db postgresql://...     bring the store's schema up to date

A store whose schema is newer than this server knows is refused (status 2).

``--port 0`` picks a free port; the line ``listening on HOST:PORT`` on standard output says
which.  Logs go to standard error.  SIGTERM (or Ctrl-C) stops it cleanly: the tables are in
the store already, and a restart picks them up where they were.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import importlib
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from game.engine.save_files import SaveError
from game.registry import GAMES, register
from game.server.app import Server
from game.server.embedded import serving
from game.server.peer import RATE, SEND_QUEUE_BYTES
from game.server.store import SchemaTooNew, SQLiteStore, Store
from game.server.tables import rebuild

log = logging.getLogger("landgrab.server")

DEFAULT_PORT = 7373
DB_CONNECTIONS = 4  # the PostgreSQL store's pool, as ``pgstore.POOL_SIZE`` (psycopg unloaded)


def default_data() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "landgrab-server"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="landgrab-server",
                                description="Serve Landgrab tables to players online.")
    p.add_argument("command", nargs="?", choices=["serve", "migrate"], default="serve",
                   help="serve (the default), or migrate: bring the store's schema up to "
                   "date and exit")
    p.add_argument("--host", default="0.0.0.0",
                   help="address to listen on (default: every IPv4 address; 127.0.0.1: "
                   "this machine only)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"TCP port (default {DEFAULT_PORT}; 0: pick a free one and print it)")
    p.add_argument("--data", type=Path, default=None,
                   help=f"folder of the tables' store (default {default_data()})")
    p.add_argument("--db", default=None, metavar="postgresql://...",
                   help="keep the tables in this PostgreSQL database instead of --data "
                   "(several server instances may share one)")
    p.add_argument("--db-connections", type=int, default=DB_CONNECTIONS, metavar="N",
                   help=f"--db: connections kept to the database, each with a thread the "
                   f"moves are stored from (default {DB_CONNECTIONS})")
    p.add_argument("--check", action="store_true",
                   help="check that every stored table replays, print a report and exit "
                   "(status 1 if one does not)")
    p.add_argument("--bot-threads", type=int, default=2, help="threads the bots think in")
    p.add_argument("--hard-seconds", type=float, default=1.0,
                   help="seconds a hard bot searches per decision")
    p.add_argument("--rate", type=float, default=RATE,
                   help=f"messages a client may send per second (default {RATE:g}); more are "
                   "refused, and a client that goes on is cut off")
    p.add_argument("--send-queue-kib", type=int, default=SEND_QUEUE_BYTES // 1024,
                   help="what may wait to be sent to one client (KiB, default "
                   f"{SEND_QUEUE_BYTES // 1024}); a client that lets more pile up is cut off")
    p.add_argument("--with-parent", action="store_true",
                   help="stop when standard input closes: the program that started this "
                   "server holds it open, and when that program ends, even killed, the "
                   "system closes it")
    p.add_argument("--game", action="append", default=[], metavar="PACKAGE",
                   help="also serve the game in this package (a game folder that plugs in, "
                   "shaped like game/games/<id>/)")
    return p


def main(argv: list[str] | None = None) -> int:
    options = parser().parse_args(argv)
    if not 0 <= options.port <= 65535 or options.bot_threads < 1 or not (
            1 <= options.db_connections <= 100) or not (
            0 < options.hard_seconds <= 60) or not 0 < options.rate <= 10000 or not (
            64 <= options.send_queue_kib <= 1024 * 1024):
        parser().error("--port is 0 to 65535, --bot-threads at least 1, --db-connections "
                       "1 to 100, --hard-seconds "
                       "above 0 and at most 60, --rate above 0 and at most 10000, "
                       "--send-queue-kib 64 to 1048576")
    logging.basicConfig(stream=sys.stderr, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    for package in options.game:
        try:
            info = importlib.import_module(f"{package}.descriptor").GAME
        except ImportError as exc:
            parser().error(f"--game {package}: {exc}")
        if info.id not in GAMES:
            register(info)
    if options.db and not options.db.startswith(("postgresql://", "postgres://")):
        parser().error("--db takes a postgresql:// URL")
    data = options.data or default_data()
    if options.check and not options.db and not (data / SQLiteStore.FILE_NAME).exists():
        print(f"no store in {data}")
        return 1
    try:
        store = open_store(data, options.db, options.db_connections)
    except SchemaTooNew as exc:
        print(f"refused: {exc}", file=sys.stderr)
        return 2
    if options.command == "migrate":
        store.close()
        where = "the PostgreSQL database" if options.db else data  # a URL may hold a password
        print(f"the store's schema is up to date: {where}")
        return 0
    if options.check:
        return check(store)
    asyncio.run(run(store, "a PostgreSQL database" if options.db else str(data), options))
    return 0


def open_store(data: Path, db: str | None, connections: int = DB_CONNECTIONS) -> Store:
    """The store at ``db`` (a PostgreSQL URL, ``connections`` kept to it) or else in the
    folder ``data``; either is brought up to the schema this server knows (``SchemaTooNew``
    if it is newer)."""
    if db:
        from game.server.pgstore import PostgresStore  # only a PostgreSQL server needs it
        return PostgresStore(db, pool_size=connections)
    return SQLiteStore(data)


def check(store: Store) -> int:
    """Replay every stored table; print one line per table that does not and a summary."""
    bad = total = 0
    for code in store.codes():
        total += 1
        record = store.load(code)
        try:
            if record is None:
                raise SaveError("missing")
            rebuild(record)
        except SaveError as exc:
            bad += 1
            print(f"table {code}: {exc}")
    store.close()
    print(f"{total} tables, {total - bad} replay, {bad} do not")
    return 1 if bad else 0


async def run(store: Store, where: str, options: argparse.Namespace) -> None:
    # what start-up made lives as long as the server: the collector need not scan it again
    gc.freeze()
    server = Server(store, options.bot_threads, options.hard_seconds,
                    rate=options.rate, queue_bytes=options.send_queue_kib * 1024)
    loop = asyncio.get_running_loop()
    stop: asyncio.Future[str] = loop.create_future()

    def stopping(why: str) -> None:
        if not stop.done():
            stop.set_result(why)

    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stopping, f"signal {signum}")
    if options.with_parent:
        watch_parent(lambda: loop.call_soon_threadsafe(stopping, "its parent is gone"))

    def started(host: str, port: int) -> None:
        print(f"listening on {host}:{port}", flush=True)
        log.info("serving %s on %s:%d", where, host, port)

    why = await serving(server, options.host, options.port, stop, started)
    log.info("stopped (%s): the tables are stored", why)


def watch_parent(gone: Callable[[], object]) -> threading.Thread:
    """Call ``gone`` once standard input reaches its end: the parent that holds the other
    end of the pipe closed it or died (the system closes a dead process's files, so this
    holds for a parent killed outright, on every system, where a signal to the child
    would not).  Whatever the parent writes is read and ignored."""

    def read() -> None:
        with contextlib.suppress(OSError, ValueError, AttributeError):  # no stdin: gone
            while os.read(sys.stdin.fileno(), 4096):
                pass
        gone()

    thread = threading.Thread(target=read, name="landgrab-parent", daemon=True)
    thread.start()
    return thread
