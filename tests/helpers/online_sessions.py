"""Remote sessions on a real server, for the online table's tests.

``seated(url, game_id, seats, wake)`` creates a table whose ``host`` seats this client sits
in and returns its ``RemoteSession`` once the server has sent each seat's table;
``joined``/``watching`` do the same for a seat joined by the table's code and for a
spectator.  ``Pump`` steps sessions and bot clients together until a condition holds: each
wait is bounded (``net_tables.WAIT``) and woken by what arrives, never by the clock.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from net_tables import WAIT, BotClient, step_until

from game.bots import make_bot
from game.net.client import Connection
from game.session.remote import RemoteSession


def _first_tables(conn: Connection, wake: threading.Event, count: int,
                  answer: str | None = None) -> list[dict[str, Any]]:
    """Every message until ``count`` table messages (and the ``answer`` message, when
    named) have come, in order."""
    received: list[dict[str, Any]] = []

    def kinds(kind: str) -> int:
        return sum(1 for m in received if m["type"] == kind)

    while kinds("table") < count or (answer and not kinds(answer)):
        new = conn.poll()
        if not new:
            assert wake.wait(WAIT), "the server said nothing"
            wake.clear()
        assert not any(m["type"] in ("error", "refused") for m in new), new
        received += new
    return received


def seated(url: str, game_id: str, seats: list[dict[str, Any]], wake: threading.Event,
           **create: Any) -> RemoteSession:
    """A new table whose ``host`` seats this client holds: their session."""
    conn = Connection(url, name="host", on_message=wake.set)
    conn.send({"type": "create", "game": game_id, "players": len(seats), "seats": seats,
               **create})
    hosts = sum(1 for s in seats if s["kind"] == "host")
    return RemoteSession(conn, _first_tables(conn, wake, hosts, "created"))


def sat(url: str, code: str, tokens: dict[int, str], wake: threading.Event) -> RemoteSession:
    """A session in the seats of ``tokens`` (seat -> token) at table ``code``."""
    conn = Connection(url, name="sitter", on_message=wake.set)
    for seat, token in tokens.items():
        conn.send({"type": "sit", "table": code, "seat": seat, "token": token})
    return RemoteSession(conn, _first_tables(conn, wake, len(tokens)))


def watching(url: str, code: str, wake: threading.Event) -> RemoteSession:
    conn = Connection(url, name="watcher", on_message=wake.set)
    conn.send({"type": "watch", "table": code})
    return RemoteSession(conn, _first_tables(conn, wake, 1))


class SessionBots:
    """The held seats of a session played by normal bots, through the session alone (its
    views, its legal actions, ``submit``); the moves it hands over are kept."""

    def __init__(self, session: RemoteSession) -> None:
        self.session = session
        self.moves: list[Any] = []
        self.paused = False
        self._bots = {s: make_bot(session.game_id, "normal", 500 + s)
                      for s in session.held if s is not None}

    def step(self) -> None:
        self.moves += self.session.poll()
        if self.paused or self.session.is_over():
            return
        for seat in self.session.to_act():
            legal = self.session.legal_actions(seat) if seat in self._bots else []
            if legal:
                self.session.submit(self._bots[seat].choose(self.session.view(seat), legal),
                                    seat)


class Pump:
    """Sessions and bot clients stepped together until a condition holds."""

    def __init__(self, wake: threading.Event, *parts: SessionBots | BotClient) -> None:
        self.wake = wake
        self.parts = list(parts)

    def until(self, done: Callable[[], bool], what: str, steps: int = 100000) -> None:
        step_until(self.parts, self.wake, done, what, steps)
