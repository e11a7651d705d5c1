"""The game client's connection to a server, for a frame loop that must never wait.

``Connection(url)`` runs asyncio in a thread of its own.  The frame loop calls ``send(msg)``
(queued, sent when connected) and ``poll()`` (the messages received since the last call),
and reads ``status``: ``connecting``, ``connected``, ``reconnecting`` (lost, trying again),
``refused`` (the server speaks another protocol version: ``refusal`` says why; no retry) or
``closed`` (after ``close()``).

A lost connection is retried by itself with exponential backoff and jitter.  On each
reconnection the client sits again in every seat it holds (the tokens of ``created``,
``joined`` and ``sit``) and watches again what it watched; the server answers each with the
table as it is now, log and all, so a table picks up where it was.  Messages sent while
disconnected wait and go out after that (an action carries ``own_moves``: one sent twice is
played once).  A message the server answers with a ``busy`` error (its store cannot be
reached for now) goes out again by itself, the same message, after a backoff that grows at
each ``busy`` until the server takes it or refuses it for a reason of its own.  Each message
received carries ``RECEIVED``: when it arrived (the connection's ``clock``, monotonic by
default), read in the connection's thread whatever the frame loop is doing, so durations
the server states count from then.  Pure: no pygame.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.engine.messages import Sentence
from game.net.protocol import MAX_SERVER_MESSAGE_BYTES, PROTOCOL_VERSION, decode_sentence, dump

log = logging.getLogger("landgrab.net")

CONNECTING, CONNECTED, RECONNECTING, REFUSED, CLOSED = (
    "connecting", "connected", "reconnecting", "refused", "closed")
FIRST_DELAY = 0.25  # seconds before the first retry; doubles up to MAX_DELAY
MAX_DELAY = 15.0
HELLO_TIMEOUT = 10.0
KEPT_SENT = 64  # messages kept after sending, to send again if the server answers "busy"
BUSY_KEY = "_busy"  # how many times the server was busy for a message (kept, never sent)
RECEIVED = "received_at"  # the key of a received message's arrival time (never sent)


def backoff(attempt: int, rng: random.Random, first: float = FIRST_DELAY,
            most: float = MAX_DELAY) -> float:
    """Seconds to wait before retry ``attempt`` (1, 2, ...): doubling from ``first`` up to
    ``most``, each drawn between half of it and all of it (so that clients cut off
    together do not come back together)."""
    ceiling = min(most, first * 2 ** (attempt - 1))
    return ceiling * (0.5 + 0.5 * rng.random())


class Connection:
    """A connection to ``url`` (``ws://host:port``) in a background thread."""

    def __init__(self, url: str, delays: Callable[[int, random.Random], float] = backoff,
                 name: str = "landgrab", on_text: Callable[[str], None] | None = None,
                 on_message: Callable[[], None] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        """``on_text`` sees every text received, as it came (a test records them);
        ``on_message`` is called (in the connection's thread) when a message or a status
        arrives, for a loop that waits on several connections; ``clock`` stamps each
        message as it arrives (``RECEIVED``)."""
        self.url = url
        self.clock = clock
        self._on_text = on_text
        self._on_message = on_message
        self.status = CONNECTING
        self.refusal: Sentence | None = None
        self.reconnections = 0  # connections made after the first
        self._delays = delays
        self._rng = random.Random()
        self._lock = threading.Condition()
        self._inbox: deque[dict[str, Any]] = deque()
        self._pending: deque[dict[str, Any]] = deque()
        self._seats: dict[tuple[str, int], str] = {}  # (table, seat) -> token
        self._watching: set[str] = set()
        self._sent: dict[int, dict[str, Any]] = {}  # the last messages sent, by number
        self._seq = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self._ws: ClientConnection | None = None
        self._closing = False
        self._thread = threading.Thread(target=self._run, name=f"{name}-net", daemon=True)
        self._thread.start()

    # --- the frame loop's side --------------------------------------------------------------
    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` (numbered when it goes out)."""
        self._note_outgoing(message)
        with self._lock:
            self._pending.append(dict(message))
        self._poke()

    def poll(self) -> list[dict[str, Any]]:
        """The messages received since the last call, oldest first (never waits)."""
        with self._lock:
            out = list(self._inbox)
            self._inbox.clear()
        return out

    def wait(self, timeout: float) -> list[dict[str, Any]]:
        """``poll()``, after waiting up to ``timeout`` seconds for a message or a change of
        status (for tools and tests; a frame loop polls)."""
        with self._lock:
            if not self._inbox:
                self._lock.wait(timeout)
        return self.poll()

    def seats(self) -> dict[tuple[str, int], str]:
        """The seats this client holds, with their tokens (keep them to come back)."""
        with self._lock:
            return dict(self._seats)

    def close(self) -> None:
        """Close for good (no more retries)."""
        self._closing = True
        self._poke()
        self._thread.join(timeout=5)
        self.status = CLOSED

    def kill(self) -> None:
        """Drop the connection as a network cut would (tests): it is retried."""
        loop, ws = self._loop, self._ws
        if loop is not None and ws is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(lambda: ws.transport.abort())

    # --- inside ---------------------------------------------------------------------------
    def _note_outgoing(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        with self._lock:
            if kind == "sit":
                self._seats[(message["table"], message["seat"])] = message["token"]
            elif kind == "watch":
                self._watching.add(message["table"])
            elif kind == "leave":
                self._watching.discard(message["table"])
                self._seats = {k: t for k, t in self._seats.items() if k[0] != message["table"]}

    def _note_incoming(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        with self._lock:
            if kind == "created":
                for held in message.get("seats", []):
                    self._seats[(message["table"], held["seat"])] = held["token"]
            elif kind == "joined":
                self._seats[(message["table"], message["seat"])] = message["token"]

    def _deliver(self, message: dict[str, Any]) -> None:
        message[RECEIVED] = self.clock()
        self._note_incoming(message)
        if message.get("type") == "error" and message.get("code") == "busy":
            self._again(message.get("re"))
        with self._lock:
            self._inbox.append(message)
            self._lock.notify_all()
        if self._on_message is not None:
            self._on_message()

    def _again(self, seq: Any) -> None:
        """Send the message numbered ``seq`` again after a backoff (the server was busy)."""
        with self._lock:
            sent = self._sent.pop(seq, None) if isinstance(seq, int) else None
        if sent is None or self._loop is None:
            return
        again = {**sent, BUSY_KEY: sent.get(BUSY_KEY, 0) + 1}
        self._loop.call_later(self._delays(again[BUSY_KEY], self._rng), self._queue, again)

    def _queue(self, message: dict[str, Any]) -> None:
        with self._lock:
            self._pending.append(message)
        self._poke()

    def _set_status(self, status: str) -> None:
        with self._lock:
            self.status = status
            self._lock.notify_all()
        if self._on_message is not None:
            self._on_message()

    def _poke(self) -> None:
        loop, wake = self._loop, self._wake
        if loop is not None and wake is not None:
            with contextlib.suppress(RuntimeError):  # the loop has ended (refused)
                loop.call_soon_threadsafe(wake.set)

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        attempt = 0
        while not self._closing:
            try:
                if await self._session():
                    return  # refused: retrying would be refused again
                attempt = 0
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError) as exc:
                log.info("connection to %s lost: %r", self.url, exc)
            except InvalidURI:
                self._set_status(REFUSED)
                return
            if self._closing:
                break
            self._set_status(RECONNECTING)
            attempt += 1
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self._delays(attempt, self._rng))
            self._wake.clear()
        self._set_status(CLOSED)

    async def _session(self) -> bool:
        """One connection, to its end; True when the server refused this client."""
        async with connect(self.url, max_size=MAX_SERVER_MESSAGE_BYTES, open_timeout=10,
                           close_timeout=1) as ws:
            self._ws = ws
            await ws.send(dump({"type": "hello", "protocol": PROTOCOL_VERSION,
                                "seq": self._next_seq()}))
            first = await asyncio.wait_for(ws.recv(), HELLO_TIMEOUT)
            if self._on_text is not None:
                self._on_text(str(first))
            hello = json.loads(first)
            if hello.get("type") != "hello" or hello.get("protocol") != PROTOCOL_VERSION:
                self.refusal = decode_sentence(hello.get("reason"))
                self._deliver(hello)
                self._set_status(REFUSED)
                return True
            self._deliver(hello)
            if self.status != CONNECTING:  # back: sit and watch again, before the rest
                self.reconnections += 1
                with self._lock:
                    again = [{"type": "sit", "table": t, "seat": s, "token": token}
                             for (t, s), token in self._seats.items()]
                    again += [{"type": "watch", "table": t} for t in self._watching]
                    self._pending.extendleft(reversed(again))
            self._set_status(CONNECTED)
            writer = asyncio.create_task(self._write(ws))
            try:
                async for text in ws:
                    if self._on_text is not None:
                        self._on_text(str(text))
                    try:
                        message = json.loads(text)
                    except ValueError:
                        log.warning("the server sent something that is not JSON")
                        continue
                    if isinstance(message, dict):
                        self._deliver(message)
            finally:
                writer.cancel()
                self._ws = None
        return False

    async def _write(self, ws: ClientConnection) -> None:
        assert self._wake is not None
        while True:
            with self._lock:
                message = self._pending[0] if self._pending else None
            if message is None:
                self._wake.clear()
                if self._closing:
                    await ws.close()
                    return
                await self._wake.wait()
                continue
            message["seq"] = self._next_seq()
            await ws.send(dump({k: v for k, v in message.items() if k != BUSY_KEY}))
            with self._lock:
                if self._pending and self._pending[0] is message:
                    self._pending.popleft()
                self._sent[message["seq"]] = message
                if len(self._sent) > KEPT_SENT:
                    del self._sent[next(iter(self._sent))]

    def _next_seq(self) -> int:
        self._seq += 1
        return self._seq
