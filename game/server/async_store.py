"""``AsyncStore``: the server's event loop calls its ``Store`` through this, and each call
runs in a small pool of threads of its own (as many as the store takes calls at once: its
connections), so a move's round trips to the database hold up that move only, not every
connection of the server.

Nothing else changes: a call returns once the store has committed, so whoever awaits
``append_action`` still tells nobody of an action before it is stored; the order of a
table's moves is the table's business (``LiveTable.lock``).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from game.server.store import SeatRecord, Store, TableRecord

T = TypeVar("T")

HEALTH_SECONDS = 5.0
"""How long ``/health`` waits for the store (behind the moves queued for it) before it says
the store is unreachable."""


class AsyncStore:
    """``store``'s calls, awaited by the event loop and run in ``store.threads`` threads."""

    def __init__(self, store: Store) -> None:
        self.sync = store
        self._pool = ThreadPoolExecutor(max_workers=store.threads,
                                        thread_name_prefix="store")

    @property
    def unavailable(self) -> tuple[type[Exception], ...]:
        return self.sync.unavailable

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(
            self._pool, functools.partial(fn, *args))

    async def create(self, table: TableRecord) -> None:
        await self._call(self.sync.create, table)

    async def load(self, code: str) -> TableRecord | None:
        return await self._call(self.sync.load, code)

    async def exists(self, code: str) -> bool:
        return await self._call(self.sync.exists, code)

    async def append_action(self, code: str, index: int, seat: int, action: dict[str, Any],
                            status: dict[str, Any]) -> None:
        await self._call(self.sync.append_action, code, index, seat, action, status)

    async def drop_last_action(self, code: str, index: int, status: dict[str, Any]) -> None:
        await self._call(self.sync.drop_last_action, code, index, status)

    async def take_open_seat(self, code: str, seat: int, record: SeatRecord) -> bool:
        return await self._call(self.sync.take_open_seat, code, seat, record)

    async def seats_of(self, hashes: list[str]) -> list[tuple[str, int]]:
        return await self._call(self.sync.seats_of, hashes)

    async def summaries(self, codes: list[str]) -> dict[str, TableRecord]:
        return await self._call(self.sync.summaries, codes)

    async def healthy(self) -> bool:
        """Whether the store answers through the threads the moves use, within
        ``HEALTH_SECONDS`` (a store too busy to answer is as good as unreachable)."""
        try:
            return await asyncio.wait_for(self._call(self.sync.healthy), HEALTH_SECONDS)
        except TimeoutError:
            return False

    def close(self) -> None:
        """Wait for the calls under way, then close the store."""
        self._pool.shutdown(wait=True, cancel_futures=True)
        self.sync.close()
