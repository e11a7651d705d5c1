"""Where a server keeps its tables: ``Store``, one small interface, and ``SQLiteStore``, an
embedded SQLite file in the server's data folder (a shared database can stand behind the
same interface).

A table is what a save file is (its game, options, seed and actions, each action in the
save's own encoding) plus its seats (kind, name, the hash of the seat's token, a bot's
level) and its settings.  A save, a replay and an online table are the same data:
``save_dict`` rebuilds a save file from a record.  The seed never leaves the server.

Every write is committed before it returns: the server tells nobody of an action before
``append_action`` has returned, so a server killed at any moment loses no accepted move
(SQLite in WAL mode survives the process; ``synchronous=NORMAL`` risks only the last
commits of a power cut, not of a crash).
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from game.engine.save_files import SAVE_FORMAT, SAVE_VERSION

if TYPE_CHECKING:
    from game.server.pgshared import News, Shared

log = logging.getLogger("landgrab.server")

CHECKPOINT_SECONDS = 2.0
SEAT_KINDS = ("human", "open", "bot")
"""A seat's kind: a player holding its token, one waiting for a player to join with the
table's code, or a bot of the server."""


def token_hash(token: str) -> str:
    """What the store keeps of a seat's token (128 random bits need no salt)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatRecord:
    kind: str
    name: str
    token_hash: str = ""
    level: str = "normal"
    """The bot's level for a bot seat, and the level of the bot that plays a human seat
    handed over to a bot."""


@dataclass
class TableRecord:
    code: str
    game: str
    num_players: int
    seed: int
    options: dict[str, Any]
    seats: list[SeatRecord]
    settings: dict[str, Any] = field(default_factory=dict)
    """``spectators`` (bool), ``takeover_after`` (seconds, or None: wait for the host),
    ``host`` (the seat that may hand seats over)."""
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    status: dict[str, Any] = field(default_factory=dict)
    """What "my games" lists without replaying: ``to_act``, ``over``, ``moves``."""
    created: float = 0.0
    updated: float = 0.0

    def save_dict(self) -> dict[str, Any]:
        """The table as a save file (``save_files.load_dict`` replays it)."""
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game,
                "num_players": self.num_players, "seed": self.seed, "options": self.options,
                "actions": [[seat, action] for seat, action in self.actions]}


SCHEMA_VERSION = 1
"""The SQLite store's schema version (``PRAGMA user_version``)."""


class MoveConflict(Exception):
    """Another server on the same store stored a move at this position first."""


class SchemaTooNew(Exception):
    """The store was written by a newer server than this one: upgrade the server."""


class Store(Protocol):
    """What a server asks of its storage.  Every method commits before it returns."""

    unavailable: tuple[type[Exception], ...]
    """What a method raises when the storage cannot be reached now (a database restarting):
    nothing was done, or it is found stored on the next try; a client may send the same
    message again later."""

    threads: int
    """How many threads may call it at once (its connections); the server calls it from
    that many (``AsyncStore``), never from its event loop."""

    def create(self, table: TableRecord) -> None: ...

    def load(self, code: str) -> TableRecord | None: ...

    def exists(self, code: str) -> bool: ...

    def codes(self) -> Iterator[str]: ...

    def append_action(self, code: str, index: int, seat: int, action: dict[str, Any],
                      status: dict[str, Any]) -> None:
        """Record action ``index`` (0-based; it must be the next one)."""

    def drop_last_action(self, code: str, index: int, status: dict[str, Any]) -> None:
        """Take back action ``index``, the last one (an undo)."""

    def take_open_seat(self, code: str, seat: int, record: SeatRecord) -> bool:
        """Seat ``record`` in ``seat`` if it is still open; False if someone took it first
        (another server seating someone at the same moment)."""
        ...

    def seats_of(self, hashes: list[str]) -> list[tuple[str, int]]:
        """(table code, seat) of each seat whose token hash is in ``hashes``."""

    def summaries(self, codes: list[str]) -> dict[str, TableRecord]:
        """The tables ``codes`` without their actions (for listings)."""

    def healthy(self) -> bool:
        """Whether the storage answers now (the health endpoint asks)."""

    def listen(self, changed: Callable[[str | None, int | None], None]) -> None:
        """Call ``changed(code, moves)`` (from another thread) when a server changes table
        ``code`` (``moves``: the moves now stored, None: its seats changed), and
        ``changed(None, None)`` when changes may have been missed (any table may have)."""

    def share(self, news: News) -> Shared | None:
        """What the servers on this store share about each table (who is connected, which
        away seats a bot plays, who thinks for the bots; ``news`` is called from another
        thread), or None: this server is the store's only one."""

    def close(self) -> None: ...


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, num_players INTEGER NOT NULL,
    seed INTEGER NOT NULL, options TEXT NOT NULL, settings TEXT NOT NULL,
    status TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL,
    token_hash TEXT NOT NULL, level TEXT NOT NULL, PRIMARY KEY (code, seat));
CREATE INDEX IF NOT EXISTS seats_by_token ON seats (token_hash);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL,
    PRIMARY KEY (code, n));
"""


class SQLiteStore:
    """The default store: ``tables.sqlite3`` in ``folder`` (made if missing)."""

    FILE_NAME = "tables.sqlite3"
    unavailable: tuple[type[Exception], ...] = ()  # a file on this machine is always there
    threads = 1  # one connection, and SQLite writes one transaction at a time anyway

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / self.FILE_NAME
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            self._db.close()
            raise SchemaTooNew(f"{self.path} has schema version {version}; this server knows "
                               f"versions up to {SCHEMA_VERSION}: upgrade the server")
        self._db.executescript(_SCHEMA)
        self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        # The WAL is copied into the database (a checkpoint, which syncs the disk) by a
        # thread of its own, not by whichever commit fills it: a move waits for its own
        # commit only, never for a checkpoint (tens of milliseconds on a busy disk).
        self._db.execute("PRAGMA wal_autocheckpoint=0")
        self._stop = threading.Event()
        self._checkpoints = threading.Thread(target=self._checkpoint_loop, daemon=True,
                                             name="store-checkpoint")
        self._checkpoints.start()

    def create(self, table: TableRecord) -> None:
        now = time.time()
        table.created = table.updated = table.created or now
        with self._transaction() as db:
            db.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (table.code, table.game, table.num_players, table.seed,
                        json.dumps(table.options), json.dumps(table.settings),
                        json.dumps(table.status), table.created, table.updated))
            db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)",
                           [(table.code, i, s.kind, s.name, s.token_hash, s.level)
                            for i, s in enumerate(table.seats)])
            db.executemany("INSERT INTO actions VALUES (?, ?, ?, ?)",
                           [(table.code, n, seat, json.dumps(action))
                            for n, (seat, action) in enumerate(table.actions)])

    def load(self, code: str) -> TableRecord | None:
        records = self._records([code])
        table = records.get(code)
        if table is not None:
            rows = self._db.execute("SELECT seat, action FROM actions WHERE code = ? "
                                    "ORDER BY n", (code,))
            table.actions = [(seat, json.loads(action)) for seat, action in rows]
        return table

    def exists(self, code: str) -> bool:
        return self._db.execute("SELECT 1 FROM tables WHERE code = ?",
                                (code,)).fetchone() is not None

    def codes(self) -> Iterator[str]:
        for (code,) in self._db.execute("SELECT code FROM tables ORDER BY created").fetchall():
            yield code

    def append_action(self, code: str, index: int, seat: int, action: dict[str, Any],
                      status: dict[str, Any]) -> None:
        with self._transaction() as db:
            db.execute("INSERT INTO actions VALUES (?, ?, ?, ?)",
                       (code, index, seat, json.dumps(action)))
            self._set_status(db, code, status)

    def drop_last_action(self, code: str, index: int, status: dict[str, Any]) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM actions WHERE code = ? AND n = ?", (code, index))
            self._set_status(db, code, status)

    def take_open_seat(self, code: str, seat: int, record: SeatRecord) -> bool:
        with self._transaction() as db:
            taken = db.execute("UPDATE seats SET kind = ?, name = ?, token_hash = ?, level = ? "
                               "WHERE code = ? AND seat = ? AND kind = 'open'",
                               (record.kind, record.name, record.token_hash, record.level,
                                code, seat))
            return taken.rowcount == 1

    def seats_of(self, hashes: list[str]) -> list[tuple[str, int]]:
        found: list[tuple[str, int]] = []
        for h in hashes:
            found += self._db.execute("SELECT code, seat FROM seats WHERE token_hash = ?",
                                      (h,)).fetchall()
        return found

    def summaries(self, codes: list[str]) -> dict[str, TableRecord]:
        return self._records(codes)

    def listen(self, changed: Callable[[str | None, int | None], None]) -> None:
        """One server per file: nobody else changes its tables."""

    def share(self, news: News) -> Shared | None:
        return None

    def healthy(self) -> bool:
        try:
            self._db.execute("SELECT 1 FROM tables LIMIT 1")
        except sqlite3.Error:
            return False
        return True

    def close(self) -> None:
        self._stop.set()
        self._checkpoints.join(timeout=10)
        try:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error as exc:  # another process uses the store: it checkpoints
            log.info("store checkpoint at close: %s", exc)
        self._db.close()

    def _checkpoint_loop(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            while not self._stop.wait(CHECKPOINT_SECONDS):
                db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error as exc:  # the next start checkpoints what is left
            log.warning("store checkpoint: %s", exc)
        finally:
            db.close()

    # --- inside ---------------------------------------------------------------------------
    def _records(self, codes: list[str]) -> dict[str, TableRecord]:
        out: dict[str, TableRecord] = {}
        for code in codes:
            row = self._db.execute("SELECT * FROM tables WHERE code = ?", (code,)).fetchone()
            if row is None:
                continue
            seats = [SeatRecord(kind, name, token, level) for kind, name, token, level in
                     self._db.execute("SELECT kind, name, token_hash, level FROM seats "
                                      "WHERE code = ? ORDER BY seat", (code,))]
            out[code] = TableRecord(row[0], row[1], row[2], row[3], json.loads(row[4]), seats,
                                    json.loads(row[5]), [], json.loads(row[6]), row[7], row[8])
        return out

    @staticmethod
    def _set_status(db: sqlite3.Connection, code: str, status: dict[str, Any]) -> None:
        db.execute("UPDATE tables SET status = ?, updated = ? WHERE code = ?",
                   (json.dumps(status), time.time(), code))

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on an error)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
