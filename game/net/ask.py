"""One question to a server, for a menu that must never wait: ``Ask``.  No pygame.

``Ask(url, message, answers)`` opens a connection of its own (``game.net.client``), sends
``message`` once it is greeted and is done when a message of a type in ``answers`` comes
back (``answer``) or when the question cannot be answered (``problem``, a ``Sentence`` to
show in the player's language): no server at that address, a server of another version
(its own reason), an address that is not one, the connection lost before the answer, or
the server's error (its reason: no such table, the table full, no spectators...).  The
frame loop calls ``poll()`` each frame; ``close()`` ends the connection.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from game.engine.messages import N_, Sentence, say
from game.net.client import CONNECTED, RECONNECTING, REFUSED, Connection
from game.net.protocol import decode_sentence

NO_SERVER = N_("No Landgrab server answers at {address}.")
NOT_AN_ADDRESS = N_("{address} is not an address this game can reach.")
LOST = N_("The connection to {address} was lost before it answered.")


def where(url: str) -> str:
    """An address as a player typed it: the URL without ``ws://``."""
    return url.removeprefix("ws://")


class Ask:
    def __init__(self, url: str, message: dict[str, Any], answers: tuple[str, ...],
                 connect: Callable[[str], Connection] = Connection) -> None:
        self.url = url
        self.answers = answers
        self.answer: dict[str, Any] | None = None
        self.problem: Sentence | None = None
        self.received: list[dict[str, Any]] = []  # everything read, the answer included
        self._greeted = False
        self._conn: Connection | None = connect(url)
        self._conn.send(message)

    @property
    def done(self) -> bool:
        return self.answer is not None or self.problem is not None

    def poll(self) -> None:
        """Read what arrived; once done, the connection is closed."""
        conn = self._conn
        if conn is None or self.done:
            return
        for message in conn.poll():
            self.received.append(message)
            kind = message.get("type")
            if kind == "hello":
                self._greeted = True
            if kind in self.answers:
                self.answer = message
                break
            if kind == "error":
                self.problem = decode_sentence(message.get("reason"))
                break
        if not self.done:
            self.problem = self._status_problem(conn)
        if self.done:
            self.close()

    def _status_problem(self, conn: Connection) -> Sentence | None:
        status = conn.status
        if status == REFUSED:
            return conn.refusal or say(NOT_AN_ADDRESS, address=where(self.url))
        if status == RECONNECTING:
            return say(LOST if self._greeted else NO_SERVER, address=where(self.url))
        if status == CONNECTED:
            self._greeted = True
        return None

    def close(self) -> None:
        """End the connection, off the frame loop (closing waits for the server's word)."""
        conn, self._conn = self._conn, None
        if conn is not None:
            threading.Thread(target=conn.close, name="landgrab-ask-close", daemon=True).start()
