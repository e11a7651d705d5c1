""""Suggest a move": on a human's turn, the hard bot's analysis of that human's own position
(their view and their legal actions, never the state or another seat's view), worked out in
the app's search process off the frame loop, then shown on the table: the suggested action's
board cells lit as a log line's are, the cards, decks, tokens and buttons it would use ringed
as the focus is, and a one-line reason with the points the search expects it to gain.
Nothing is played.  A hint belongs to one seat at one position: any move, an undo or a
hand-off clears it.  There are no hints in a kiosk, a demo or a replay.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from game.bots.remote import (
    GRACE_SECONDS,
    SearchCancelled,
    SearchFailed,
    SearchProcess,
    search_analysis,
)
from game.bots.search import Analysis, Budget
from game.engine.actions import Action
from game.i18n import _, ngettext

_log = logging.getLogger(__name__)

CELL_FIELDS = ("cell", "flag_cell", "src", "dst", "marker_from")  # actions' board cells


@dataclass(frozen=True)
class Hint:
    seat: int
    key: Hashable
    """The position it was worked out for (the table's version and the seat)."""
    analysis: Analysis

    @property
    def action(self) -> Action:
        return self.analysis.best.action

    def line(self) -> str:
        """What the suggestion rests on, in the player's language: what the search compared
        (how many moves it played out, or ranked, of how many legal ones) and by how much the
        suggested one came out ahead."""
        a = self.analysis
        legal = max(a.legal, len(a.choices))
        if legal < 2:
            return _("Suggested move highlighted: it is the only legal move.")
        if len(a.choices) >= 2:
            k, gain = len(a.choices), round(a.gain())
            if gain < 1:
                return _("Suggested move highlighted: {k} of {n} moves played out; about as "
                         "good as the next.").format(k=k, n=legal)
            return ngettext(
                "Suggested move highlighted: {k} of {n} moves played out; about {gain} point "
                "better than the next.",
                "Suggested move highlighted: {k} of {n} moves played out; about {gain} points "
                "better than the next.", gain).format(k=k, n=legal, gain=gain)
        if a.ranked is not None and a.ranked[0] >= 2:
            weighed, gap = a.ranked[0], round(a.ranked[1])
            if gap < 1:
                return _("Suggested move highlighted: {n} plays ranked by points; about as "
                         "good as the next.").format(n=weighed)
            return ngettext(
                "Suggested move highlighted: {n} plays ranked by points; about {gain} point "
                "better than the next.",
                "Suggested move highlighted: {n} plays ranked by points; about {gain} points "
                "better than the next.", gap).format(n=weighed, gain=gap)
        return _("Suggested move highlighted: the normal bot's pick of {n} moves, none played "
                 "out.").format(n=legal)


def action_cells(action: Action) -> list[tuple[int, int]]:
    """The board cells an action names (where it puts, takes or moves something)."""
    cells = []
    for name in CELL_FIELDS:
        value = getattr(action, name, None)
        if (isinstance(value, (tuple, list)) and len(value) == 2
                and all(isinstance(v, int) for v in value)):
            cells.append((value[0], value[1]))
    return cells


class Hints:
    """One table's hints: at most one asked at a time, one shown."""

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self._future: Future[Analysis] | None = None
        self._asked: tuple[Hashable, int] | None = None
        self.shown: Hint | None = None
        self.failed = False  # the last one could not be worked out

    @property
    def thinking(self) -> bool:
        return self._future is not None

    def ask(self, process: SearchProcess, game_id: str, seed: int, seconds: float,
            seat: int, key: Hashable, view: Mapping[str, Any], legal: list[Action]) -> bool:
        """Start working out a hint for ``seat`` from its own ``view`` and ``legal`` list;
        False (nothing done) while one is being worked out or already shown for ``key``."""
        if self._future is not None or (self.shown is not None and self.shown.key == key):
            return False
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint")
        budget = Budget(seconds=seconds)
        self.shown, self.failed = None, False
        self._asked = (key, seat)
        self._future = self._pool.submit(process.run, search_analysis, game_id, seed, budget,
                                          view, legal, (), timeout=seconds + GRACE_SECONDS)
        return True

    def wait(self, timeout: float | None = None) -> None:
        """Until the hint being worked out is ready (tests)."""
        if self._future is not None:
            self._future.exception(timeout)

    def poll(self, key: Hashable) -> None:
        """Each frame, with the position now (``key``): a hint for another position is
        dropped (shown or still being worked out); one ready for this one is shown."""
        if self.shown is not None and self.shown.key != key:
            self.shown = None
        if self._asked is not None and self._asked[0] != key:
            self.clear()
        future = self._future
        if future is None or not future.done():
            return
        assert self._asked is not None
        asked_key, seat = self._asked
        self._future, self._asked = None, None
        try:
            self.shown = Hint(seat, asked_key, future.result())
        except SearchCancelled:
            self.failed = True
        except SearchFailed as exc:
            _log.warning("No move suggestion: %s", exc)
            self.failed = True

    def clear(self) -> None:
        """Forget the hint shown and the one being worked out (its answer is dropped)."""
        self.shown, self.failed = None, False
        self._future, self._asked = None, None

    def close(self) -> None:
        self.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
