"""``Shared``: what the servers on one PostgreSQL database agree on about a table besides its
moves, so that a table whose clients are split across servers behaves as on one server:

- who is connected: a row per (table, seat, server) for each seat a server holds a
  connection to; a seat is away only when no live server holds one;
- which away seats a bot plays (``seat_bots``): decided once, in the database, and only
  while no live server holds a connection to the seat;
- which server thinks for the table's bots (``bot_thinkers``): exactly one, the first to
  claim the table, as long as it lives.

A server lives while it beats (``servers.seen``, every ``BEAT_S`` seconds, the database's
clock); one silent for ``EXPIRE_S`` (killed, cut off) is removed by whichever server sees it
first, with its connections and its claims, and every server is told: an away seat may go
to a bot, a table's bots to another thinker.  A server connected for less than ``EXPIRE_S``
removes nobody (after a database restart every server looks silent for a while).

A thread with a connection of its own does all of it, so the event loop never waits for
the database: the server's asks are queued (``present``, ``take_over``, ``claim``...), and
for each table that changed (``landgrab_tables`` notifications, or its own writes) the
thread hands the server the table as all servers see it (``news(code, TableNews)``, from
the thread).  When its connection breaks (a database restart) it connects again, puts back
what this server holds and tells the server every table anew.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import psycopg

log = logging.getLogger("landgrab.server")

CHANNEL = "landgrab_tables"
BEAT_S = 1.0
EXPIRE_S = 5.0
RETRY_S = 0.5
NOTES_S = 0.05  # how often notifications are read (each ask wakes the thread at once)
EVERY = "*"  # a notification for every table

SCHEMA = """
    CREATE TABLE servers (id TEXT PRIMARY KEY, seen TIMESTAMPTZ NOT NULL);
    CREATE TABLE seat_connections (
        code TEXT NOT NULL, seat INTEGER NOT NULL,
        server TEXT NOT NULL REFERENCES servers ON DELETE CASCADE,
        PRIMARY KEY (code, seat, server));
    CREATE TABLE seat_bots (code TEXT NOT NULL, seat INTEGER NOT NULL,
                            PRIMARY KEY (code, seat));
    CREATE TABLE bot_thinkers (
        code TEXT PRIMARY KEY, server TEXT NOT NULL REFERENCES servers ON DELETE CASCADE);
"""
"""The schema's migration that adds these tables (``pgstore.MIGRATIONS``)."""

LIVE = f"s.seen > now() - interval '{EXPIRE_S} seconds'"


@dataclass(frozen=True)
class TableNews:
    """A table as every server sees it."""

    elsewhere: frozenset[int]
    """Seats a live server other than this one holds a connection to."""
    bot_playing: frozenset[int]
    """Away seats a bot plays."""
    thinks: bool | None
    """Whether this server thinks for the table's bots (None: no live server does)."""


News = Callable[[str, TableNews], None]


class Shared:
    """This server's part in what the servers on the database at ``url`` share."""

    def __init__(self, url: str, news: News) -> None:
        self.url = url
        self.id = uuid.uuid4().hex
        self._news = news
        self._asks: queue.Queue[tuple[Any, ...]] = queue.Queue()
        self._held: dict[str, set[int]] = {}  # the thread's: seats connected here, by table
        self._joined = 0.0  # when the thread's connection was made
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="store-shared")
        self._thread.start()

    # --- the event loop's side (queued; never waits) ----------------------------------------
    def present(self, code: str, seat: int, here: bool) -> None:
        """This server holds a connection to ``seat`` now (or no longer: ``here`` False);
        a player back in their seat takes it back from a bot."""
        self._asks.put(("present", code, seat, here))

    def take_over(self, code: str, seat: int) -> None:
        """A bot plays the away ``seat`` from now on, unless a live server holds a
        connection to it or a bot already does."""
        self._asks.put(("take_over", code, seat))

    def hand_over(self, code: str, seat: int, to_bot: bool) -> None:
        """The host's word: a bot plays the away ``seat`` (or waits for its player)."""
        self._asks.put(("hand_over", code, seat, to_bot))

    def claim(self, code: str) -> None:
        """This server would think for the table's bots, if no live server does."""
        self._asks.put(("claim", code))

    def watch(self, code: str) -> None:
        """The table is live here: tell the server how every server sees it."""
        self._asks.put(("watch", code))

    def drop(self, code: str) -> None:
        """The table is no longer live here: its connections and its claim go."""
        self._asks.put(("drop", code))

    def close(self) -> None:
        """Leave: this server's connections and claims go at once (not after EXPIRE_S)."""
        self._asks.put(("leave",))
        self._stop.set()
        self._thread.join(timeout=10)

    # --- the thread ---------------------------------------------------------------------------
    def _run(self) -> None:
        watched: set[str] = set()
        while True:
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=5) as db:
                    db.execute(f"LISTEN {CHANNEL}")
                    self._join(db)
                    if self._serve(db, watched):
                        return
            except psycopg.Error as exc:
                log.warning("shared table state: %s; connecting again", exc)
            if self._stop.wait(RETRY_S):
                return

    def _join(self, db: psycopg.Connection[Any]) -> None:
        """Say this server lives, and put back the connections it holds (after a restart
        of the database, or after being taken for dead)."""
        db.execute("INSERT INTO servers VALUES (%s, now()) ON CONFLICT (id) DO UPDATE "
                   "SET seen = now()", (self.id,))
        for code, seats in self._held.items():
            for seat in seats:
                self._connect(db, code, seat)
        self._joined = time.monotonic()
        db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, EVERY))

    def _serve(self, db: psycopg.Connection[Any], watched: set[str]) -> bool:
        """Until the connection breaks (False) or the server leaves (True)."""
        beat = 0.0
        while True:
            changed: set[str] = set()
            asks = []
            with contextlib.suppress(queue.Empty):  # an ask is done at once
                asks.append(self._asks.get(timeout=NOTES_S))
                while True:
                    asks.append(self._asks.get_nowait())
            for ask in asks:
                if ask[0] == "leave":
                    db.execute("DELETE FROM servers WHERE id = %s", (self.id,))
                    db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, EVERY))
                    return True
                if ask[0] == "watch":
                    watched.add(ask[1])
                elif ask[0] == "drop":
                    watched.discard(ask[1])
                changed |= self._do(db, ask)
            if time.monotonic() - beat >= BEAT_S:
                beat = time.monotonic()
                self._beat(db)
            for note in db.notifies(timeout=0):
                changed.add(note.payload)
            for code in (watched if EVERY in changed else changed & watched):
                self._news(code, self._read(db, code))

    def _do(self, db: psycopg.Connection[Any], ask: tuple[Any, ...]) -> set[str]:
        """Carry out one ask; the tables it changed (told to every server)."""
        kind, code = ask[0], ask[1]
        touched = False
        if kind == "present":
            seat, here = ask[2], ask[3]
            held = self._held.setdefault(code, set())
            if here:
                held.add(seat)
                self._connect(db, code, seat)
            else:
                held.discard(seat)
                db.execute("DELETE FROM seat_connections WHERE code = %s AND seat = %s AND "
                           "server = %s", (code, seat, self.id))
            touched = True
        elif kind == "take_over" or (kind == "hand_over" and ask[3]):
            touched = db.execute(
                "INSERT INTO seat_bots SELECT %s, %s WHERE NOT EXISTS (SELECT 1 FROM "
                f"seat_connections c JOIN servers s ON s.id = c.server WHERE {LIVE} AND "
                "c.code = %s AND c.seat = %s) ON CONFLICT DO NOTHING",
                (code, ask[2], code, ask[2])).rowcount > 0
            if touched and kind == "take_over":
                log.info("table %s: a bot plays seat %d while its player is away", code, ask[2])
        elif kind == "hand_over":
            touched = db.execute("DELETE FROM seat_bots WHERE code = %s AND seat = %s",
                                 (code, ask[2])).rowcount > 0
        elif kind == "claim":
            row = db.execute(
                "INSERT INTO bot_thinkers VALUES (%s, %s) ON CONFLICT (code) DO UPDATE SET "
                "server = EXCLUDED.server WHERE bot_thinkers.server = EXCLUDED.server OR NOT "
                f"EXISTS (SELECT 1 FROM servers s WHERE s.id = bot_thinkers.server AND {LIVE})"
                " RETURNING server", (code, self.id)).fetchone()
            if row is not None:
                log.info("table %s: this server thinks for its bots", code)
            return {code}  # told to this server only: the others need not know
        elif kind == "drop":
            self._held.pop(code, None)
            touched = db.execute("DELETE FROM seat_connections WHERE code = %s AND server = %s",
                                 (code, self.id)).rowcount > 0
            # the others are told when the table's bots have nobody to think for them now
            touched = db.execute("DELETE FROM bot_thinkers WHERE code = %s AND server = %s",
                                 (code, self.id)).rowcount > 0 or touched
        if touched:
            db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, code))
        return {code}

    def _connect(self, db: psycopg.Connection[Any], code: str, seat: int) -> None:
        """A connection to ``seat`` here, and the seat is its player's (no bot's)."""
        db.execute("INSERT INTO seat_connections VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                   (code, seat, self.id))
        db.execute("DELETE FROM seat_bots WHERE code = %s AND seat = %s", (code, seat))

    def _beat(self, db: psycopg.Connection[Any]) -> None:
        """This server lives; servers silent too long are removed (every server is told)."""
        if db.execute("UPDATE servers SET seen = now() WHERE id = %s",
                      (self.id,)).rowcount == 0:
            self._join(db)  # taken for dead meanwhile (the connection was slow or cut)
        if time.monotonic() - self._joined < EXPIRE_S:
            return  # after a database restart every server looks silent: give them time
        gone = db.execute("DELETE FROM servers s WHERE NOT (" + LIVE + ") RETURNING id"
                          ).fetchall()
        if gone:
            log.warning("servers no longer beating, their seats and bots released: %s",
                        ", ".join(row[0] for row in gone))
            db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, EVERY))

    def _read(self, db: psycopg.Connection[Any], code: str) -> TableNews:
        elsewhere = db.execute(
            "SELECT DISTINCT c.seat FROM seat_connections c JOIN servers s ON s.id = c.server "
            f"WHERE c.code = %s AND c.server <> %s AND {LIVE}", (code, self.id)).fetchall()
        bots = db.execute("SELECT seat FROM seat_bots WHERE code = %s", (code,)).fetchall()
        row = db.execute(
            "SELECT t.server = %s FROM bot_thinkers t JOIN servers s ON s.id = t.server "
            f"WHERE t.code = %s AND {LIVE}", (self.id, code)).fetchone()
        return TableNews(frozenset(r[0] for r in elsewhere), frozenset(r[0] for r in bots),
                         None if row is None else bool(row[0]))
