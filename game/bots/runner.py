"""Run bot decisions off the frame loop.

A decision runs in a worker thread: the table polls ``result()`` each frame, so drawing goes
on while a bot thinks.  Pure-Python bots hold the GIL in slices of
``sys.getswitchinterval()`` (5 ms), so the main thread still gets to draw every frame.
"""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import Any

from game.bots import Bot
from game.engine.actions import Action


class BotRunner:
    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self._future: Future[Action] | None = None
        self._seat: int | None = None

    @property
    def busy(self) -> bool:
        return self._future is not None

    @property
    def seat(self) -> int | None:
        return self._seat

    def start(self, seat: int, bot: Bot, view: Mapping[str, Any], legal: list[Action]) -> None:
        if self._future is not None:
            raise RuntimeError("a bot decision is already running")
        self._seat = seat
        self._future = self._pool.submit(bot.choose, view, legal)

    def result(self) -> Action | None:
        """The chosen action once ready (re-raising a bot's error), else None."""
        if self._future is None or not self._future.done():
            return None
        future, self._future, self._seat = self._future, None, None
        return future.result()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the running decision is made (or ``timeout`` seconds pass): for whoever
        steps a table by hand and must not count frames against a thinking bot.  True when
        no decision is left running."""
        future = self._future
        if future is None:
            return True
        done, _ = wait([future], timeout=timeout)
        return bool(done)

    def cancel(self) -> None:
        """Forget a running decision (its result is dropped)."""
        self._future = None
        self._seat = None

    def close(self) -> None:
        self.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)
