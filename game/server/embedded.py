"""Serving: the listening socket around a ``Server`` (``serving``, which the command line
runs; besides the game's websocket it answers ``GET /health`` in plain HTTP for a load
balancer: 200 when the store answers, 503 when it does not, and the tables served), and ``ServerThread``, a server in a thread of another program, for a game client that
serves its own table (the others join at its address and port) and for tests.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Awaitable, Callable
from http import HTTPStatus
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.http11 import Request, Response

from game.net.protocol import MAX_MESSAGE_BYTES
from game.server.app import Server
from game.server.store import SQLiteStore

log = logging.getLogger("landgrab.server")


async def serving(server: Server, host: str, port: int, stop: Awaitable[Any],
                  started: Callable[[str, int], None]) -> Any:
    """Serve ``server`` on ``host``:``port`` until ``stop`` is done (its result is
    returned); ``started(host, port)`` is told where it listens (port 0: a free one).  The
    store is closed at the end."""
    try:
        async with serve(server.handler, host, port, max_size=MAX_MESSAGE_BYTES, max_queue=32,
                         close_timeout=2, logger=logging.getLogger("websockets"),
                         process_request=health_check(server)) as listening:
            loop = asyncio.get_running_loop()

            def changed(code: str | None, moves: int | None) -> None:
                loop.call_soon_threadsafe(server.changed_elsewhere, code, moves)

            server.store.sync.listen(changed)
            server.share(loop)
            bound = next(iter(listening.sockets)).getsockname()
            started(bound[0], bound[1])
            result = await stop
            listening.close()
            await listening.wait_closed()
    finally:
        await server.close()
    return result


def health_check(server: Server) -> Callable[[ServerConnection, Request],
                                             Awaitable[Response | None]]:
    """What answers ``GET /health`` (any other request goes on to the websocket): the store
    is asked through the server's own store threads, behind the moves waiting for them."""

    async def answer(connection: ServerConnection, request: Request) -> Response | None:
        if request.path.split("?")[0] != "/health":
            return None
        healthy = await server.store.healthy()
        text = (f"{'ok' if healthy else 'store unreachable'}: "
                f"{len(server.tables)} tables served\n")
        return connection.respond(HTTPStatus.OK if healthy else
                                  HTTPStatus.SERVICE_UNAVAILABLE, text)

    return answer


class ServerThread:
    """A server on ``data`` in a thread of its own; ``port`` once started."""

    def __init__(self, data: Path, host: str = "0.0.0.0", port: int = 0,
                 **options: Any) -> None:
        """``options``: ``Server``'s (``rate``, ``bot_threads``, ``hard_seconds``...)."""
        self.data = data
        self.server = Server(SQLiteStore(data), **options)
        self._loop = asyncio.new_event_loop()
        self._stop: asyncio.Future[None] | None = None
        bound: queue.Queue[int | BaseException] = queue.Queue()

        async def main() -> None:
            self._stop = asyncio.get_running_loop().create_future()
            await serving(self.server, host, port, self._stop, lambda _h, p: bound.put(p))

        def run() -> None:
            try:
                self._loop.run_until_complete(main())
            except BaseException as exc:  # noqa: BLE001 - told to the starting thread
                bound.put(exc)
                raise

        self._thread = threading.Thread(target=run, name="landgrab-server", daemon=True)
        self._thread.start()
        started = bound.get(timeout=30)
        if isinstance(started, BaseException):
            raise started
        self.port = started

    def stop(self, timeout: float = 10.0) -> bool:
        """Stop serving (the tables are in the store); whether the thread has ended."""
        stop = self._stop

        def stopping() -> None:
            if stop is not None and not stop.done():
                stop.set_result(None)

        if not self._loop.is_closed():
            self._loop.call_soon_threadsafe(stopping)
        self._thread.join(timeout=timeout)
        return not self._thread.is_alive()
