"""Bots at the server's tables: a bot seat, or a human seat handed to a bot while its
player is away, decides in a worker thread from its own seat's view and legal actions (as
at one screen), so the event loop goes on serving every other table meanwhile.  Its choice
comes back to the loop and is played by the same path as a player's action, unless the
table changed in between (an undo, the player back in their seat: the server checks again
once it holds the table).  With other servers on the same store, only the one that claimed
the table thinks for its bots."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from game.bots import Bot, make_bot
from game.bots.search import Budget
from game.engine.actions import Action
from game.server.tables import LiveTable

log = logging.getLogger("landgrab.server")

Played = Callable[[LiveTable, int, Action, int], None]
"""Told a bot's choice for (table, seat) and the table's version it was made at."""


class Bots:
    """The bots of every table on this server."""

    def __init__(self, play: Played, threads: int = 2, hard_seconds: float = 1.0) -> None:
        self._play = play
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="bot")
        self._budget = Budget(seconds=hard_seconds)
        self._bots: dict[tuple[str, int], Bot] = {}
        self._thinking: set[tuple[str, int]] = set()

    def wake(self, table: LiveTable) -> None:
        """Start a decision for each seat a bot plays that the game waits for."""
        state = table.state
        for seat in state.to_act():
            key = (table.code, seat)
            if not table.is_bot_seat(seat) or key in self._thinking or not table.may_think():
                continue  # (another server on the store thinks for the table's bots)
            bot = self._bot(table, seat)
            view, legal = state.view(seat), state.legal_actions(seat)
            self._thinking.add(key)
            future = asyncio.get_running_loop().run_in_executor(
                self._pool, bot.choose, view, legal)
            future.add_done_callback(functools.partial(self._chosen, table, key, table.version))

    def _chosen(self, table: LiveTable, key: tuple[str, int], version: int,
                future: asyncio.Future[Any]) -> None:
        self._thinking.discard(key)
        seat = key[1]
        if future.cancelled():
            return
        error = future.exception()
        if error is not None:
            log.error("table %s: the bot of seat %d failed: %r", table.code, seat, error)
            return
        if table.version != version or not table.is_bot_seat(seat):
            self.wake(table)  # the game moved on meanwhile: decide again if still asked
            return
        self._play(table, seat, future.result(), version)

    def _bot(self, table: LiveTable, seat: int) -> Bot:
        key = (table.code, seat)
        bot = self._bots.get(key)
        if bot is None:
            record = table.seats[seat]
            seed = (table.record.seed * 31 + seat) % 2**63
            bot = self._bots[key] = make_bot(table.record.game, record.level, seed,
                                             self._budget)
        return bot

    def busy(self, code: str) -> bool:
        """Whether a bot of table ``code`` is deciding now."""
        return any(key[0] == code for key in self._thinking)

    def forget(self, code: str) -> None:
        """The table is no longer live: drop its bots."""
        for key in [k for k in self._bots if k[0] == code]:
            del self._bots[key]

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
