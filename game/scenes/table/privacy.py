"""Who may see private things at a shared screen.

With one human, their things always show.  With two or more (hot-seat play) only the human
past the hand-off screen (``revealed``) sees theirs; a human who just drew something private
may look at it a moment (``LOOK_TIME``) before the table passes on; after ``PRIVACY_IDLE``
seconds without input the hand-off screen comes back.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.events import Event
from game.ui.table_common import LOOK_TIME, PRIVACY_IDLE


class Privacy:
    def __init__(self, humans: list[int]) -> None:
        self.humans = humans
        self.revealed: int | None = None  # the human past the hand-off screen
        self.look_for: int | None = None  # the human looking at what they just got
        self.look_left = 0.0
        self.handoff_open = False
        self.handoffs = 0  # hand-off screens shown so far

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def viewer(self, passive: bool) -> int | None:
        """Whose private things show: the one human, or the human past the hand-off."""
        if passive or not self.humans:
            return None
        if len(self.humans) == 1:
            return self.humans[0]
        return self.revealed

    def note_revealed(self, events: Iterable[Event], p: int, look_kinds: frozenset[str]) -> None:
        """After ``p``'s action: when it showed a hot-seat human something new and private
        (``look_kinds``: cards drawn), they may look at it before the hand-off hides it."""
        if self.hot_seat and p in self.humans and any(
                e.is_private_to(p) and e.kind in look_kinds for e in events):
            self.look_for, self.look_left = p, LOOK_TIME

    def looking(self, viewer: int | None) -> bool:
        """Whether the hand-off waits: ``viewer`` still looks at what they just got."""
        if self.look_for is not None and self.look_for == viewer and self.look_left > 0:
            return True
        self.look_for = None
        return False

    def tick(self, adt: float, settled: bool) -> None:
        """The look's time runs once the table has caught up (``settled``)."""
        if self.look_for is not None and settled:
            self.look_left -= adt

    def to_cover(self, idle: float, over: bool) -> int | None:
        """The human whose private things must hide after ``idle`` seconds without input."""
        if not self.hot_seat or self.revealed is None or self.handoff_open or over:
            return None
        return self.revealed if idle >= PRIVACY_IDLE else None

    def begin_hand_off(self) -> None:
        self.handoff_open = True
        self.handoffs += 1

    def handed_over(self, p: int) -> None:
        self.handoff_open = False
        self.revealed = p
