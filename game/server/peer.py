"""One client connection as the server holds it: the seats it proved with their tokens, the
tables it watches, a bounded queue of what it is still to be sent, and its rate limit.

Nothing here waits for a client: ``send`` queues a finished message (a client that stops
reading fills its queue and is closed), and ``allow`` answers at once whether one more
message fits the rate (a token bucket).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Mapping
from typing import Any

from game.net.protocol import dump

log = logging.getLogger("landgrab.server")

SEND_QUEUE = 1024
SEND_QUEUE_BYTES = 4 * 1024 * 1024
"""Messages (and their bytes) waiting to be sent to one client: one more closes it (it
stopped reading)."""
RATE = 20.0
"""Messages a client may send per second, on average (``--rate``)."""
BURST = 60.0
"""Messages a client may send at once before the rate applies (at least three seconds'
worth)."""
CHAT_LINES = 5
CHAT_SECONDS = 10.0
"""Chat lines and reactions a client may send within ``CHAT_SECONDS``."""

CLOSE_POLICY = 1008  # WebSocket close codes: a message that breaks the rules
CLOSE_TOO_BIG = 1009
CLOSE_PROTOCOL = 4000  # the peer speaks another protocol version


class Peer:
    """A client's connection.  ``close(code, reason)`` is called (once) to drop it."""

    def __init__(self, name: str, close: Callable[[int, str], None],
                 clock: Callable[[], float] = time.monotonic, rate: float = RATE,
                 queue_bytes: int = SEND_QUEUE_BYTES) -> None:
        self.name = name
        self.queue: asyncio.Queue[str] = asyncio.Queue(SEND_QUEUE)
        self.seats: set[tuple[str, int]] = set()
        self.watching: set[str] = set()
        self.last_seq = 0
        self.dropped = 0  # messages refused for the rate
        self.queued_bytes = 0
        self._queue_bytes = queue_bytes
        self.closing: asyncio.Task[None] | None = None  # sends what is queued, then closes
        self.closed = False
        self._close = close
        self._clock = clock
        self._rate = rate
        self._burst = max(BURST, 3 * rate)
        self._allowance = self._burst
        self._checked = clock()
        self._logged: set[str] = set()
        self._chat_times: list[float] = []

    def send(self, message: Mapping[str, Any]) -> None:
        self.send_text(dump(message))

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        if self.queue.full() or self.queued_bytes + len(text) > self._queue_bytes:
            self.note("stopped reading", "stopped reading: its queue is full")
            self.close(CLOSE_POLICY, "not reading")
            return
        self.queued_bytes += len(text)
        self.queue.put_nowait(text)

    def sent(self, text: str) -> None:
        """``text`` has left the queue (the writer sent it)."""
        self.queued_bytes -= len(text)
        self.queue.task_done()

    def allow(self) -> bool:
        """Whether one more message from this client fits its rate (it counts)."""
        now = self._clock()
        self._allowance = min(self._burst, self._allowance + (now - self._checked) * self._rate)
        self._checked = now
        if self._allowance < 1.0:
            return False
        self._allowance -= 1.0
        return True

    def allow_chat(self) -> bool:
        """Whether one more chat line or reaction fits (it counts)."""
        now = self._clock()
        self._chat_times = [t for t in self._chat_times if now - t < CHAT_SECONDS]
        if len(self._chat_times) >= CHAT_LINES:
            return False
        self._chat_times.append(now)
        return True

    def holds(self, code: str, seat: int) -> bool:
        return (code, seat) in self.seats

    def tables(self) -> set[str]:
        return self.watching | {code for code, _seat in self.seats}

    def note(self, kind: str, text: str) -> None:
        """Log a problem with this client once per kind (a flood logs one line)."""
        if kind not in self._logged:
            self._logged.add(kind)
            log.warning("client %s: %s", self.name, text)

    def close(self, code: int, reason: str) -> None:
        if not self.closed:
            self.closed = True
            self._close(code, reason)
