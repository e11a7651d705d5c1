"""Animation as data: easing functions and tweens advanced by ``update(dt)`` in seconds.

    t = Tween(0, 100, 0.3, ease_out_back)       # numbers or tuples (positions, colours)
    tweens.add(t); tweens.update(dt); t.value

``Smoothed`` is a value that glides to whatever target it is given (hover glows, sliders).
Scale ``dt`` by ``settings.animation_speed`` for game animations (``Scene.anim_dt``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_in_quad(t: float) -> float:
    return t * t


def ease_out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def ease_in_out_quad(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_elastic(t: float) -> float:
    if t in (0.0, 1.0):
        return t
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi) / 3) + 1


EASINGS: dict[str, Easing] = {
    f.__name__: f
    for f in (
        linear,
        ease_in_quad,
        ease_out_quad,
        ease_in_out_quad,
        ease_out_cubic,
        ease_in_out_cubic,
        ease_in_out_sine,
        ease_out_back,
        ease_out_elastic,
    )
}


def lerp(a: Any, b: Any, t: float) -> Any:
    """Interpolate numbers, or tuples of numbers element by element."""
    if isinstance(a, Sequence):
        return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))
    return a + (b - a) * t


def lerp_colour(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, ...]:
    t = min(1.0, max(0.0, t))
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))


class Tween:
    """From ``start`` to ``end`` in ``duration`` seconds after ``delay``, shaped by ``ease``."""

    def __init__(
        self,
        start: Any,
        end: Any,
        duration: float,
        ease: Easing = ease_out_cubic,
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ):
        self.start = start
        self.end = end
        self.duration = max(0.0, duration)
        self.ease = ease
        self.delay = delay
        self.on_done = on_done
        self.elapsed = 0.0
        self.done = False
        if self.duration == 0 and delay <= 0:
            self._finish()

    @property
    def progress(self) -> float:
        if self.duration == 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> Any:
        return lerp(self.start, self.end, self.ease(self.progress))

    def update(self, dt: float) -> bool:
        """Advance; returns True once finished."""
        if self.done:
            return True
        self.elapsed += dt
        if self.elapsed >= self.delay + self.duration:
            self._finish()
        return self.done

    def _finish(self) -> None:
        self.elapsed = self.delay + self.duration
        self.done = True
        if self.on_done is not None:
            callback, self.on_done = self.on_done, None
            callback()


class Tweens:
    """A bag of running tweens; finished ones drop out on ``update``."""

    def __init__(self) -> None:
        self._items: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        self._items.append(tween)
        return tween

    def update(self, dt: float) -> None:
        items = self._items
        self._items = []
        alive = [t for t in items if not t.update(dt)]
        self._items = alive + self._items  # tweens added by on_done callbacks are kept

    def cancel(self, tween: Tween) -> None:
        if tween in self._items:
            self._items.remove(tween)

    def clear(self) -> None:
        self._items.clear()

    @property
    def busy(self) -> bool:
        return bool(self._items)

    def __len__(self) -> int:
        return len(self._items)


class Smoothed:
    """A number that eases towards its target; set ``target`` any time, read ``value``."""

    def __init__(self, value: float = 0.0, duration: float = 0.15, ease: Easing = ease_out_cubic):
        self.value = value
        self._target = value
        self.duration = duration
        self.ease = ease
        self._tween: Tween | None = None

    @property
    def target(self) -> float:
        return self._target

    @target.setter
    def target(self, target: float) -> None:
        if target == self._target:
            return
        self._target = target
        self._tween = Tween(self.value, target, self.duration, self.ease)

    def snap(self, value: float) -> None:
        self.value = self._target = value
        self._tween = None

    def update(self, dt: float) -> None:
        if self._tween is not None:
            self._tween.update(dt)
            self.value = self._tween.value
            if self._tween.done:
                self._tween = None
