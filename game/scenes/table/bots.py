"""The bots of a table: each one thinks off the frame loop and plays after a pace.

Several bots may have to act at once (secret bids): they think one after the other, each
starting once the one before has played, and a bot that no longer acts (the step ended, an
undo) is forgotten.
"""

from __future__ import annotations

import logging
from typing import Any

from game.bots import Bot
from game.bots.runner import BotRunner
from game.session import Session

_log = logging.getLogger(__name__)


class BotDriver:
    def __init__(self, bots: dict[int, Bot], runner: BotRunner | None = None) -> None:
        self.bots = bots
        self.runner = runner if runner is not None else BotRunner()
        self.seat: int | None = None  # the bot thinking or waiting to play
        self.result: Any = None  # its choice, once made
        self.timer = 0.0  # animation seconds before its choice may show
        self.offered: list[Any] = []  # the legal actions it chose from

    def reset(self) -> None:
        """Forget the bot thinking now and its choice (an undo, a step back, the step ended)."""
        self.runner.cancel()
        self.seat = None
        self.result = None

    def close(self) -> None:
        self.runner.close()

    def step(self, session: Session, acting: list[int], pace: float, busy: bool,
             adt: float) -> tuple[int, Any] | None:
        """One frame for the bots in ``acting``: the first starts thinking when none does;
        ``(seat, action)`` once a choice is made, the table has caught up (not ``busy``) and
        ``pace`` seconds of animation time have passed since it started thinking."""
        if self.seat is not None and self.seat not in acting:
            self.reset()
        if self.seat is None:
            if not acting or self.runner.busy:
                return None
            self._start(session, acting[0], pace)
        if self.result is None and self.runner.busy:
            try:
                self.result = self.runner.result()
            except Exception:  # noqa: BLE001 - a failing bot plays its first legal move
                _log.exception("Bot failed; playing its first legal move")
                self.result = self.offered[0]
        if busy:
            return None
        self.timer -= adt
        if self.result is None or self.timer > 0:
            return None
        assert self.seat is not None  # set when the thinking started
        move = (self.seat, self.result)
        self.seat, self.result = None, None
        return move

    def _start(self, session: Session, p: int, pace: float) -> None:
        """Bot ``p`` starts thinking over its own seat's view and legal actions."""
        self.seat = p
        self.offered = session.legal_actions(p)
        self.runner.start(p, self.bots[p], session.view(p), self.offered)
        self.timer = pace
