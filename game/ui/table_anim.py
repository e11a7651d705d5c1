"""Motion on the game tables (Oregon, Colorado County, Oasis): sprites flying and dropping,
a timeline of event steps, and the tables' floaters and game log.

The engine never waits: actions are applied at once, their events are queued here as
``Step`` objects, each with a duration; the table shows a lagging "display state" that
catches up as the steps run.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.ui.floaters import Floaters
from game.ui.log_view import LogView
from game.ui.tween import ease_in_out_cubic, ease_out_back


def ease_out_bounce(t: float) -> float:
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


class Sprite:
    """A surface moving from ``start`` to ``end`` (centres) in ``duration`` seconds."""

    def __init__(self, surf: pygame.Surface, start, end, duration: float, *, delay: float = 0.0,
                 easing=ease_in_out_cubic, fade_out: bool = False, arc: float = 0.0,
                 on_done: Callable[[], None] | None = None, layer: int = 1):
        self.surf, self.start, self.end = surf, start, end
        self.duration, self.delay = max(0.01, duration), delay
        self.easing, self.fade_out, self.arc = easing, fade_out, arc
        self.on_done, self.layer = on_done, layer
        self.t = 0.0
        self.done = False

    def update(self, dt: float) -> None:
        if self.delay > 0:
            self.delay -= dt
            return
        self.t += dt
        if self.t >= self.duration and not self.done:
            self.done = True
            if self.on_done:
                self.on_done()

    def draw(self, surface: pygame.Surface) -> None:
        if self.delay > 0 or self.done:
            return
        p = min(1.0, self.t / self.duration)
        e = self.easing(p)
        x = self.start[0] + (self.end[0] - self.start[0]) * e
        y = self.start[1] + (self.end[1] - self.start[1]) * e - self.arc * 4 * p * (1 - p)
        s = self.surf
        if self.fade_out and p > 0.6:
            s.set_alpha(round(255 * (1 - (p - 0.6) / 0.4)))
            surface.blit(s, s.get_rect(center=(round(x), round(y))))
            s.set_alpha(255)
        else:
            surface.blit(s, s.get_rect(center=(round(x), round(y))))


def drop(surf, center, duration=0.45, height=70, on_done=None) -> Sprite:
    """A piece falling onto ``center`` with a small bounce."""
    return Sprite(surf, (center[0], center[1] - height), center, duration,
                  easing=ease_out_bounce, on_done=on_done)


def fly(surf, start, end, duration=0.45, delay=0.0, arc=60.0, on_done=None) -> Sprite:
    return Sprite(surf, start, end, duration, delay=delay, arc=arc, on_done=on_done)


class Sprites:
    def __init__(self) -> None:
        self.items: list[Sprite] = []

    def add(self, s: Sprite) -> Sprite:
        self.items.append(s)
        return s

    def update(self, dt: float) -> None:
        for s in list(self.items):
            s.update(dt)
        self.items = [s for s in self.items if not s.done]

    def draw(self, surface, layer: int | None = None) -> None:
        for s in self.items:
            if layer is None or s.layer == layer:
                s.draw(surface)

    @property
    def busy(self) -> bool:
        return bool(self.items)


# --- the timeline -------------------------------------------------------------------------
@dataclass
class Step:
    """One queued thing to show: ``start()`` runs when it begins, then it lasts ``duration``
    seconds of animation time."""

    start: Callable[[], None]
    duration: float
    label: str = ""


@dataclass
class Timeline:
    steps: deque = field(default_factory=deque)
    current: Step | None = None
    left: float = 0.0
    held: bool = False  # stopped on the current step until ``release`` (the table waits)

    def add(self, start: Callable[[], None], duration: float, label: str = "") -> None:
        self.steps.append(Step(start, duration, label))

    def update(self, dt: float) -> None:
        """Advance; several short steps may start within one frame."""
        if self.held:
            return
        budget = dt
        while True:
            if self.current is None:
                if not self.steps:
                    return
                self.current = self.steps.popleft()
                self.left = self.current.duration
                self.current.start()
            take = min(budget, self.left)
            self.left -= take
            budget -= take
            if self.left > 1e-9:
                return
            self.current = None
            if budget <= 0 and self.steps and self.steps[0].duration > 0:
                return

    def hold(self) -> None:
        """Stop on the current step until ``release`` (e.g. until a player has read it)."""
        self.held = True

    def release(self) -> None:
        """Go on after ``hold``, with the held step ended."""
        if self.held:
            self.held = False
            self.left = 0.0

    def flush(self) -> None:
        """Run every remaining step at once."""
        self.held = False
        while self.current is not None or self.steps:
            self.update(1e9)

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.steps)


def make_floaters():

    return Floaters()


def make_log(rect, cell_fields=()):
    """The table's log (``cell_fields``: the game's keys of event data naming cells)."""
    return LogView(rect, max_lines=500, cell_fields=cell_fields)


__all__ = ["Sprite", "Sprites", "Step", "Timeline", "drop", "ease_out_back", "fly",
           "make_floaters", "make_log"]
