"""Floating texts: "+3" that rises and fades, or flies from a piece to a score box.

    floaters = Floaters()
    floaters.add("+3", (640, 400))                                  # rise and fade in place
    floaters.add("+5", (640, 400), end=(1700, 120), on_arrive=bump) # fly there, then call bump
    floaters.update(dt); floaters.draw(surface)
    if not floaters.busy: ...                                       # all landed

Each floater renders its text once (bold, with a dark outline so it reads on any board), then
only moves and fades: a frame costs one or two blits per floater.  A short "pop" (a scale from
1.35 to 1) when it appears is done with a handful of pre-scaled copies, not per frame.
Times are in seconds; pass ``dt`` scaled by the animation-speed setting for game effects.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import theme
from game.ui.tween import Easing, ease_in_out_cubic, ease_out_cubic

Colour = tuple[int, int, int]

GAIN = (255, 226, 120)  # the default: warm gold
LOSS = (255, 140, 120)
OUTLINE = (40, 22, 10)
POP_TIME = 0.22  # seconds of the appear "pop"
POP_STEPS = (1.35, 1.22, 1.12, 1.05)


def outlined_text(
    text: str, size: int, colour: Colour = GAIN, outline: Colour = OUTLINE, width: int = 3
) -> pygame.Surface:
    """Bold text with a solid outline ``width`` px thick (for text over busy art)."""
    f = theme.font(size, bold=True)
    face = f.render(text, True, colour)
    edge = f.render(text, True, outline)
    w, h = face.get_size()
    out = pygame.Surface((w + 2 * width, h + 2 * width + 2), pygame.SRCALPHA)
    for dx in range(-width, width + 1):
        for dy in range(-width, width + 1):
            if dx * dx + dy * dy <= width * width + 1:
                out.blit(edge, (width + dx, width + dy + 2))
    out.blit(face, (width, width))
    return out


class Floater:
    text = ""  # the words shown (set by ``Floaters.add``)

    def __init__(
        self,
        image: pygame.Surface,
        start: tuple[float, float],
        end: tuple[float, float] | None,
        duration: float,
        delay: float,
        rise: float,
        arc: float,
        ease: Easing,
        on_arrive: Callable[[], None] | None,
    ):
        self.image = image
        self.start = (float(start[0]), float(start[1]))
        self.end = None if end is None else (float(end[0]), float(end[1]))
        self.duration = max(0.05, duration)
        self.delay = delay
        self.rise = rise
        self.arc = arc
        self.ease = ease
        self.on_arrive = on_arrive
        self.age = 0.0
        self.done = False
        self._pops = [
            pygame.transform.smoothscale_by(image, k) for k in POP_STEPS
        ]  # appear "pop" frames

    @property
    def progress(self) -> float:
        return min(1.0, max(0.0, (self.age - self.delay) / self.duration))

    @property
    def pos(self) -> tuple[float, float]:
        t = self.progress
        sx, sy = self.start
        if self.end is None:
            return sx, sy - self.rise * ease_out_cubic(t)
        ex, ey = self.end
        k = self.ease(t)
        lift = self.arc * 4 * k * (1 - k)  # a gentle arc above the straight line
        return sx + (ex - sx) * k, sy + (ey - sy) * k - lift

    @property
    def alpha(self) -> int:
        t = self.progress
        if self.end is None:  # rise: hold, then fade over the last 40 %
            return 255 if t < 0.6 else round(255 * (1 - (t - 0.6) / 0.4))
        return 255 if t < 0.85 else round(255 * (1 - (t - 0.85) / 0.15 * 0.7))

    def update(self, dt: float) -> bool:
        """Advance; returns True once finished (the arrival callback has run)."""
        if self.done:
            return True
        self.age += dt
        if self.age >= self.delay + self.duration:
            self.done = True
            if self.on_arrive is not None:
                callback, self.on_arrive = self.on_arrive, None
                callback()
        return self.done

    def draw(self, surface: pygame.Surface) -> None:
        if self.done or self.age < self.delay:
            return
        shown = self.age - self.delay
        if shown < POP_TIME:
            img = self._pops[min(len(self._pops) - 1, int(shown / POP_TIME * len(self._pops)))]
        else:
            img = self.image
        x, y = self.pos
        img.set_alpha(self.alpha)
        # kept whole on the canvas: a rise or an arc near an edge would cut the words
        at = img.get_rect(center=(round(x), round(y))).clamp(surface.get_rect())
        surface.blit(img, at)
        img.set_alpha(255)


class Floaters:
    """The floating texts of one scene."""

    def __init__(self) -> None:
        self._items: list[Floater] = []

    def add(
        self,
        text: str,
        start: tuple[float, float],
        end: tuple[float, float] | None = None,
        colour: Colour = GAIN,
        duration: float | None = None,
        *,
        size: int = 44,
        delay: float = 0.0,
        rise: float = 80.0,
        arc: float = 60.0,
        ease: Easing = ease_in_out_cubic,
        icon: pygame.Surface | None = None,
        on_arrive: Callable[[], None] | None = None,
    ) -> Floater:
        """A floating ``text`` from ``start``: it rises ``rise`` px and fades when ``end`` is
        None, else it flies to ``end`` along an arc and then calls ``on_arrive``.

        ``duration`` defaults to 1.1 s (rise) or 0.8 s (fly); ``delay`` staggers several;
        ``icon`` (e.g. a coal pictogram) is drawn left of the text.
        """
        if duration is None:
            duration = 1.1 if end is None else 0.8
        image = outlined_text(text, size, (colour[0], colour[1], colour[2])) if text else None
        if icon is not None:
            image = _with_icon(icon, image)
        if image is None:
            image = pygame.Surface((1, 1), pygame.SRCALPHA)
        floater = Floater(image, start, end, duration, delay, rise, arc, ease, on_arrive)
        floater.text = text
        self._items.append(floater)
        return floater

    def update(self, dt: float) -> None:
        if not self._items:
            return
        items, self._items = self._items, []
        alive = [f for f in items if not f.update(dt)]
        self._items = alive + self._items  # floaters added by arrival callbacks are kept

    def draw(self, surface: pygame.Surface) -> None:
        for f in self._items:
            f.draw(surface)

    def clear(self) -> None:
        """Drop every floater without calling their arrival callbacks."""
        self._items.clear()

    def finish(self) -> None:
        """Land every floater now (arrival callbacks run), e.g. when animations are skipped."""
        while self._items:
            items, self._items = self._items, []
            for f in items:
                f.age = f.delay + f.duration
                f.update(0.0)

    @property
    def busy(self) -> bool:
        return bool(self._items)

    @property
    def texts(self) -> list[str]:
        """The words of every floater on screen."""
        return [f.text for f in self._items]

    def __len__(self) -> int:
        return len(self._items)


def _with_icon(icon: pygame.Surface, text: pygame.Surface | None) -> pygame.Surface:
    if text is None:
        return icon
    gap = 6
    w = icon.get_width() + gap + text.get_width()
    h = max(icon.get_height(), text.get_height())
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(icon, icon.get_rect(midleft=(0, h // 2)))
    out.blit(text, text.get_rect(midleft=(icon.get_width() + gap, h // 2)))
    return out
