"""``PostgresStore``: the tables in a PostgreSQL database, which several server instances may
share (``landgrab-server --db postgresql://...``).

The same ``Store`` interface as ``SQLiteStore``, over a small pool of connections (a broken
connection is replaced before it is lent again, so a database restart costs the calls made
while it is down, not the server).  Every statement has a time limit: a stuck database makes
a move fail, it does not hang the server.

A move is one transaction: the table's row is locked (``SELECT ... FOR UPDATE``), the move's
number is checked against the moves stored, the action appended, the status set, and a
notification sent on the ``landgrab_moves`` channel (``code:number``), all committed at
once.  Two instances accepting a move for one table at the same position are serialised by
the lock: the second finds the number taken and is refused with ``MoveConflict``.

The schema is versioned (``schema_version``); opening the store applies the migrations it
lacks, ``landgrab-server migrate`` does the same without serving, and a store whose schema
is newer than this code knows refuses to open (``SchemaTooNew``).

What the servers share besides the tables (who is connected, which away seats a bot plays,
who thinks for a table's bots) is ``pgshared``'s (``share``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import quote, urlencode

from psycopg import Connection, OperationalError, sql
from psycopg.conninfo import conninfo_to_dict, make_conninfo
from psycopg.pq import TransactionStatus
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from game.server import pgshared
from game.server.pglisten import Listener
from game.server.store import MoveConflict, SchemaTooNew, SeatRecord, TableRecord

NOTIFY_CHANNEL = "landgrab_moves"
STATEMENT_TIMEOUT_MS = 5000
POOL_SIZE = 4
CONNECTION_WAIT_S = 3.0  # a call waits this long for a connection before it fails
RECONNECT_S = 5.0
"""How long the pool retries a lost connection (its pauses doubling) before it gives up;
the next call then tries again at once, so a database back after a long restart is used
within seconds, not after the pool's pauses have grown to minutes."""

APPEND = """
    WITH new AS (
        INSERT INTO actions SELECT %(code)s, %(n)s, %(seat)s, %(action)s
        WHERE (SELECT count(*) FROM actions WHERE code = %(code)s) = %(n)s RETURNING code),
    told AS (
        UPDATE tables SET status = %(status)s, updated = %(updated)s
        WHERE code IN (SELECT code FROM new) RETURNING code)
    SELECT pg_notify(%(channel)s, %(note)s) FROM told"""
"""A move, once its table's row is locked: stored, the status set and the other servers
told, if the table holds exactly ``n`` moves; a row back when so (none: another server's
move came first, and nothing was done)."""

MIGRATIONS: list[str] = [
    """
    CREATE TABLE tables (
        code TEXT PRIMARY KEY, game TEXT NOT NULL, num_players INTEGER NOT NULL,
        seed BIGINT NOT NULL, options JSONB NOT NULL, settings JSONB NOT NULL,
        status JSONB NOT NULL, created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL);
    CREATE TABLE seats (
        code TEXT NOT NULL REFERENCES tables ON DELETE CASCADE, seat INTEGER NOT NULL,
        kind TEXT NOT NULL, name TEXT NOT NULL, token_hash TEXT NOT NULL,
        level TEXT NOT NULL, PRIMARY KEY (code, seat));
    CREATE INDEX seats_by_token ON seats (token_hash);
    CREATE TABLE actions (
        code TEXT NOT NULL REFERENCES tables ON DELETE CASCADE, n INTEGER NOT NULL,
        seat INTEGER NOT NULL, action JSONB NOT NULL, PRIMARY KEY (code, n));
    """,
    pgshared.SCHEMA,
]
"""Migration ``i`` takes the schema from version ``i`` to ``i + 1``; append, never edit."""


def migrate(db: Connection[Any]) -> tuple[int, int]:
    """Apply the migrations ``db`` lacks, each in its own transaction; (before, after)."""
    with db.transaction():
        db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        # one migrating instance at a time: the others wait here and then find nothing to do
        db.execute("LOCK TABLE schema_version IN EXCLUSIVE MODE")
        row = db.execute("SELECT version FROM schema_version").fetchone()
        before = row[0] if row else 0
        if before > len(MIGRATIONS):
            raise SchemaTooNew(f"the database's schema is version {before}; this server "
                               f"knows versions up to {len(MIGRATIONS)}: upgrade the server")
        for step in MIGRATIONS[before:]:
            db.execute(step)
        if row is None:
            db.execute("INSERT INTO schema_version VALUES (%s)", (len(MIGRATIONS),))
        else:
            db.execute("UPDATE schema_version SET version = %s", (len(MIGRATIONS),))
    return before, len(MIGRATIONS)


class PostgresStore:
    """Tables in the PostgreSQL database at ``url`` (its schema made or brought up to date)."""

    # the database down or restarting, a connection broken, no connection free in time, a
    # statement over its time limit: worth another try (``Store.unavailable``)
    unavailable: tuple[type[Exception], ...] = (OperationalError,)

    def __init__(self, url: str, pool_size: int = POOL_SIZE,
                 statement_timeout_ms: int = STATEMENT_TIMEOUT_MS) -> None:
        self.url = url
        self.threads = pool_size  # a thread per connection: none waits for the pool
        self._listener: Listener | None = None
        params = conninfo_to_dict(url)
        options = f"{params.get('options') or ''} -c statement_timeout={statement_timeout_ms}"
        self._pool = ConnectionPool(
            make_conninfo(url, options=options.strip()), min_size=1,
            max_size=pool_size, open=False, name="landgrab-store", timeout=CONNECTION_WAIT_S,
            reconnect_timeout=RECONNECT_S,
            check=ConnectionPool.check_connection, kwargs={"autocommit": True})
        self._pool.open(wait=True, timeout=10)
        try:
            with self._pool.connection() as db:
                migrate(db)
        except BaseException:
            self._pool.close()
            raise

    def create(self, table: TableRecord) -> None:
        now = time.time()
        table.created = table.updated = table.created or now
        with self._pool.connection() as db, db.transaction(), db.cursor() as cur:
            cur.execute("INSERT INTO tables VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                        (table.code, table.game, table.num_players, table.seed,
                         Jsonb(table.options), Jsonb(table.settings), Jsonb(table.status),
                         table.created, table.updated))
            cur.executemany("INSERT INTO seats VALUES (%s, %s, %s, %s, %s, %s)",
                            [(table.code, i, s.kind, s.name, s.token_hash, s.level)
                             for i, s in enumerate(table.seats)])
            cur.executemany("INSERT INTO actions VALUES (%s, %s, %s, %s)",
                            [(table.code, n, seat, Jsonb(action))
                             for n, (seat, action) in enumerate(table.actions)])

    def load(self, code: str) -> TableRecord | None:
        with self._pool.connection() as db, one_trip(db, "REPEATABLE READ READ ONLY"):
            records = self._records(db, [code])
            actions = db.execute("SELECT seat, action FROM actions WHERE code = %s "
                                 "ORDER BY n", (code,))
        table = records().get(code)
        if table is not None:
            table.actions = [(seat, action) for seat, action in actions]
        return table

    def exists(self, code: str) -> bool:
        with self._pool.connection() as db:
            return db.execute("SELECT 1 FROM tables WHERE code = %s",
                              (code,)).fetchone() is not None

    def codes(self) -> Iterator[str]:
        with self._pool.connection() as db:
            rows = db.execute("SELECT code FROM tables ORDER BY created, code").fetchall()
        for (code,) in rows:
            yield code

    def append_action(self, code: str, index: int, seat: int, action: dict[str, Any],
                      status: dict[str, Any]) -> None:
        with self._pool.connection() as db, one_trip(db):
            locked = db.execute("SELECT 1 FROM tables WHERE code = %s FOR UPDATE", (code,))
            stored = db.execute(APPEND, {
                "code": code, "n": index, "seat": seat, "action": Jsonb(action),
                "status": Jsonb(status), "updated": time.time(),
                "channel": NOTIFY_CHANNEL, "note": f"{code}:{index + 1}"})
        if locked.fetchone() is None:
            raise MoveConflict(f"table {code} is not stored")
        if stored.fetchone() is None:
            raise MoveConflict(f"table {code} does not hold {index} moves: another server "
                               "took this turn first")

    def drop_last_action(self, code: str, index: int, status: dict[str, Any]) -> None:
        with self._pool.connection() as db, db.transaction():
            self._lock_at(db, code, index + 1)
            db.execute("DELETE FROM actions WHERE code = %s AND n = %s", (code, index))
            self._set_status(db, code, status, f"{code}:{index}")

    def take_open_seat(self, code: str, seat: int, record: SeatRecord) -> bool:
        # the condition is checked on the row as the update locks it: of two servers seating
        # someone in one seat at once, exactly one changes a row
        with self._pool.connection() as db, db.transaction():
            taken = db.execute("UPDATE seats SET kind = %s, name = %s, token_hash = %s, "
                               "level = %s WHERE code = %s AND seat = %s AND kind = 'open'",
                               (record.kind, record.name, record.token_hash, record.level,
                                code, seat))
            if taken.rowcount != 1:
                return False
            db.execute("SELECT pg_notify(%s, %s)", (NOTIFY_CHANNEL, f"{code}:seats"))
            return True

    def listen(self, changed: Callable[[str | None, int | None], None]) -> None:
        self._listener = Listener(self.url, NOTIFY_CHANNEL, changed)

    def share(self, news: pgshared.News) -> pgshared.Shared:
        return pgshared.Shared(self.url, news)

    def seats_of(self, hashes: list[str]) -> list[tuple[str, int]]:
        with self._pool.connection() as db:
            rows = db.execute("SELECT code, seat FROM seats WHERE token_hash = ANY(%s)",
                              (hashes,)).fetchall()
        return [(code, seat) for code, seat in rows]

    def summaries(self, codes: list[str]) -> dict[str, TableRecord]:
        with self._pool.connection() as db, one_trip(db, "REPEATABLE READ READ ONLY"):
            records = self._records(db, codes)
        return records()

    def healthy(self) -> bool:
        """Whether the database answers now."""
        try:
            with self._pool.connection(timeout=2) as db:
                db.execute("SELECT 1")
        except Exception:  # noqa: BLE001 - any failure means "not reachable"
            return False
        return True

    def close(self) -> None:
        if self._listener is not None:
            self._listener.close()
        self._pool.close()

    # --- inside ---------------------------------------------------------------------------
    @staticmethod
    def _lock_at(db: Connection[Any], code: str, moves: int) -> None:
        """Lock the table's row and check that it holds ``moves`` actions now."""
        if db.execute("SELECT 1 FROM tables WHERE code = %s FOR UPDATE",
                      (code,)).fetchone() is None:
            raise MoveConflict(f"table {code} is not stored")
        row = db.execute("SELECT count(*) FROM actions WHERE code = %s", (code,)).fetchone()
        stored = row[0] if row else 0
        if stored != moves:
            raise MoveConflict(f"table {code} has {stored} moves stored, not {moves}: "
                               "another server took this turn first")

    @staticmethod
    def _set_status(db: Connection[Any], code: str, status: dict[str, Any],
                    note: str) -> None:
        db.execute("UPDATE tables SET status = %s, updated = %s WHERE code = %s",
                   (Jsonb(status), time.time(), code))
        db.execute("SELECT pg_notify(%s, %s)", (NOTIFY_CHANNEL, note))

    @staticmethod
    def _records(db: Connection[Any], codes: list[str]
                 ) -> Callable[[], dict[str, TableRecord]]:
        """Ask for the tables ``codes`` (without their actions); what is returned reads the
        answers (in a pipeline: once it is synced)."""
        tables = db.execute("SELECT * FROM tables WHERE code = ANY(%s)", (codes,))
        seat_rows = db.execute("SELECT code, kind, name, token_hash, level FROM seats "
                               "WHERE code = ANY(%s) ORDER BY code, seat", (codes,))

        def read() -> dict[str, TableRecord]:
            seats: dict[str, list[SeatRecord]] = {}
            for code, kind, name, token, level in seat_rows:
                seats.setdefault(code, []).append(SeatRecord(kind, name, token, level))
            by_code = {row[0]: TableRecord(row[0], row[1], row[2], row[3], row[4],
                                           seats[row[0]], row[5], [], row[6], row[7], row[8])
                       for row in tables}
            return {code: by_code[code] for code in codes if code in by_code}

        return read


@contextmanager
def one_trip(db: Connection[Any], isolation: str = "") -> Iterator[None]:
    """A transaction whose statements go to the database in one round trip (a pipeline:
    nothing is read before the commit is sent); their cursors are read afterwards."""
    try:
        with db.pipeline() as pipeline:
            db.execute(f"BEGIN {'ISOLATION LEVEL ' + isolation if isolation else ''}")
            yield
            db.execute("COMMIT")
            pipeline.sync()
    except BaseException:
        if db.info.transaction_status != TransactionStatus.IDLE and not db.closed:
            db.rollback()
        raise


def schema_url(url: str, schema: str) -> str:
    """``url`` with every connection's search path set to ``schema`` (made if missing):
    several stores side by side in one database (tests, staging)."""
    with Connection.connect(url, autocommit=True) as db:
        db.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(schema)))
    joiner = "&" if "?" in url else "?"
    return f"{url}{joiner}{urlencode({'options': f'-c search_path={schema}'}, quote_via=quote)}"


