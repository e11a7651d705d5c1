"""When a control may be used: one that appears, or changes meaning, where the pointer or the
focus already is does not take the click or the key that was meant for what stood there.

A player who clicks Pass and clicks again to be sure must not buy the land that an offer
put in Pass's place, nor confirm a dialog that opened under the pointer.  So a control that
shows up (or shows something else: a new label, a new move) under the pointer is *held*
until ``ARM_SECONDS`` of the screen's frame clock have passed, or until the pointer has been
seen off it; one that shows up under the keyboard or controller focus is held the same time,
or until the focus moves off it.  A control never shown confirms nothing: an input that
reaches a control before its first frame was drawn is dropped.

``Arming`` is plain data fed by its screen: ``tick(dt)`` each frame, ``show(...)`` with the
controls as they stand (after the frame's changes, before its input is read again) and
``armed(...)`` when an input would use one.  Where the pointer is not known, it may be
anywhere: a new control counts as under it.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

import pygame

ARM_SECONDS = 0.4  # a double click's second press comes well inside this


@dataclass
class _Shown:
    meaning: Hashable
    since: float  # the frame clock when it appeared with this meaning
    under_pointer: bool  # appeared under the pointer, which has not left it since
    under_focus: bool  # appeared under the focus, which has not left it since


Control = tuple[Hashable, Hashable, pygame.Rect]  # (slot, meaning, rect)


class Arming:
    def __init__(self, seconds: float = ARM_SECONDS) -> None:
        self.seconds = seconds
        self.clock = 0.0
        self._shown: dict[Hashable, _Shown] = {}

    def tick(self, dt: float) -> None:
        self.clock += dt

    def show(self, controls: Iterable[Control], pointer: tuple[int, int] | None,
             focus: Hashable | None) -> None:
        """The controls on screen now, each a (slot, meaning, rect): ``slot`` names where it
        stands (a button slot, a widget), ``meaning`` what using it would do (a label, a
        move).  ``pointer``: where the pointer is (None: not known); ``focus``: the slot the
        keyboard focus is on (None: the pointer is in use)."""
        shown: dict[Hashable, _Shown] = {}
        for slot, meaning, rect in controls:
            under = pointer is None or rect.collidepoint(pointer)
            old = self._shown.get(slot)
            if old is None or old.meaning != meaning:
                shown[slot] = _Shown(meaning, self.clock, under, focus == slot)
                continue
            old.under_pointer = old.under_pointer and under
            old.under_focus = old.under_focus and focus == slot
            shown[slot] = old
        self._shown = shown

    def armed(self, slot: Hashable, meaning: Hashable, by_pointer: bool) -> bool:
        """Whether an input may use the control ``slot`` meaning ``meaning``: a click
        (``by_pointer``) or a confirming key or button."""
        seen = self._shown.get(slot)
        if seen is None or seen.meaning != meaning:
            return False  # not shown yet as it is now
        if self.clock - seen.since >= self.seconds:
            return True
        return not (seen.under_pointer if by_pointer else seen.under_focus)
