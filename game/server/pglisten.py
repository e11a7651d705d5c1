"""``Listener``: a thread holding one PostgreSQL connection that LISTENs on a channel and
passes each notification on as (table code, moves stored, or None for a change of seats);
when the connection breaks (a database restart) it connects again and says that changes may
have been missed: ``changed(None, None)``."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

import psycopg

log = logging.getLogger("landgrab.server")

RETRY_SECONDS = 0.5
Changed = Callable[[str | None, int | None], None]


class Listener:
    def __init__(self, url: str, channel: str, changed: Changed) -> None:
        self.url, self.channel, self.changed = url, channel, changed
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="store-listen")
        self._thread.start()

    def close(self) -> None:
        self._stop.set()  # seen within a second: the wait for notifications times out
        self._thread.join(timeout=10)

    def _run(self) -> None:
        missed = False
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=5) as db:
                    db.execute(f"LISTEN {self.channel}")
                    if missed:  # what changed while we were away is unknown: all may have
                        self.changed(None, None)
                    missed = True
                    while not self._stop.is_set():
                        for note in db.notifies(timeout=1.0):
                            self._tell(note.payload)
            except psycopg.Error as exc:
                if not self._stop.is_set():
                    log.warning("store notifications: %s; connecting again", exc)
                    self._stop.wait(RETRY_SECONDS)

    def _tell(self, payload: str) -> None:
        code, _colon, moves = payload.partition(":")
        self.changed(code, int(moves) if moves.isdigit() else None)
