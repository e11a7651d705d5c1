"""Particles: sparks, bursts and confetti, cheap enough to run on any table.

    fx = Particles()
    fx.burst((960, 540), [(240, 188, 36)], count=30, speed=480)    # a puff of sparks
    fx.confetti(pygame.Rect(0, 0, 1920, 1080), colours)            # a shower from the top
    fx.update(dt); fx.draw(surface)

Every particle is a small pre-rendered sprite: one per (kind, colour, size, spin frame, fade
level), cached for the life of the program, so a frame costs one blit per live particle and no
drawing.  The number of live particles is capped (``max_particles``); a burst past the cap
quietly drops its oldest particles.  Positions are on the 1920x1080 canvas, speeds in px/s.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache

import pygame

Colour = tuple[int, int, int]

SPIN_FRAMES = 12  # confetti pieces flip through this many pre-rendered poses
FADE_LEVELS = 5  # and fade through this many alpha steps
SIZE_STEPS = (0.75, 1.0, 1.25)  # sizes vary in a few steps, so few sprites are made
KINDS = ("spark", "dot", "confetti", "star")


@cache
def _sprite(kind: str, colour: Colour, size: int, frame: int, fade: int) -> pygame.Surface:
    """One pre-rendered particle pose; ``fade`` 0 is opaque, FADE_LEVELS - 1 nearly clear."""
    alpha = round(255 * (1 - fade / FADE_LEVELS))
    if kind == "confetti":
        # A paper strip turning in the air: its height follows |cos| of the spin, and its
        # back side (second half of the turn) is a little darker.
        w, h = size, max(2, round(size * 0.55))
        turn = frame / SPIN_FRAMES * math.tau
        seen_h = max(1, round(h * abs(math.cos(turn))))
        face = colour if math.cos(turn) >= 0 else tuple(round(c * 0.72) for c in colour)
        strip = pygame.Surface((w, h), pygame.SRCALPHA)
        strip.fill((*face, 255), pygame.Rect(0, (h - seen_h) // 2, w, seen_h))
        surf = pygame.transform.rotate(strip, frame * (360 / SPIN_FRAMES) * 0.5)
    elif kind == "star":
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size / 2
        pts = []
        for i in range(8):
            r = c if i % 2 == 0 else c * 0.38
            a = -math.pi / 2 + i * math.pi / 4 + frame / SPIN_FRAMES * math.pi / 2
            pts.append((c + r * math.cos(a), c + r * math.sin(a)))
        pygame.draw.polygon(surf, (*colour, 255), pts)
    elif kind == "spark":
        # A bright core with a soft halo in the colour.
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size / 2
        for r, a in ((c, 70), (c * 0.7, 140), (c * 0.42, 255)):
            pygame.draw.circle(surf, (*colour, a), (c, c), r)
        pygame.draw.circle(surf, (255, 255, 240, 255), (c, c), max(1, c * 0.22))
    else:  # dot
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(surf, (*colour, 255), (size / 2, size / 2), size / 2)
    if alpha < 255:
        surf.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return surf.convert_alpha() if pygame.display.get_surface() else surf


class _Particle:
    __slots__ = (
        "x",
        "y",
        "vx",
        "vy",
        "age",
        "life",
        "kind",
        "colour",
        "size",
        "spin",
        "phase",
        "drag",
        "gravity",
        "sway",
        "delay",
    )

    def __init__(self, x, y, vx, vy, life, kind, colour, size, spin, drag, gravity, sway, delay):
        self.x, self.y, self.vx, self.vy = x, y, vx, vy
        self.age, self.life = 0.0, life
        self.kind, self.colour, self.size = kind, colour, size
        self.spin, self.phase = spin, random.random() * SPIN_FRAMES
        self.drag, self.gravity, self.sway, self.delay = drag, gravity, sway, delay


class Particles:
    """A pool of short-lived sprites with velocity, gravity, drag and a fade at the end."""

    def __init__(self, max_particles: int = 600, seed: int | None = None):
        self.max_particles = max_particles
        self.rng = random.Random(seed)
        self._items: list[_Particle] = []

    # --- emitters ------------------------------------------------------------------------
    def burst(
        self,
        pos: tuple[float, float],
        colours: Sequence[Colour],
        count: int = 24,
        speed: float = 420.0,
        *,
        kind: str = "spark",
        size: int = 14,
        life: float = 0.8,
        gravity: float = 600.0,
        drag: float = 2.2,
        angle: float = -90.0,
        spread: float = 360.0,
    ) -> int:
        """``count`` particles flying out of ``pos``; ``angle``/``spread`` in degrees (-90 =
        straight up, spread 360 = every way).  Returns how many were made."""
        if kind not in KINDS:
            raise ValueError(f"unknown particle kind {kind!r}; expected one of {KINDS}")
        colours = _colours(colours)
        rng = self.rng
        x, y = pos
        for _ in range(count):
            a = math.radians(angle + rng.uniform(-spread / 2, spread / 2))
            v = speed * rng.uniform(0.35, 1.0)
            self._add(
                _Particle(
                    x, y, v * math.cos(a), v * math.sin(a),
                    life * rng.uniform(0.7, 1.15), kind, rng.choice(colours),
                    max(2, round(size * rng.choice(SIZE_STEPS))),
                    rng.uniform(8, 20) * rng.choice((-1, 1)), drag, gravity, 0.0, 0.0,
                )
            )  # fmt: skip
        return count

    def confetti(
        self,
        rect: pygame.Rect | Sequence[int],
        colours: Sequence[Colour],
        count: int = 160,
        *,
        size: int = 22,
        duration: float = 1.2,
        life: float = 4.5,
        fall: float = 150.0,
    ) -> int:
        """Paper strips raining down over ``rect``: launched from just above its top edge over
        ``duration`` seconds, fluttering side to side as they fall.  Returns how many."""
        rect = pygame.Rect(rect)
        colours = _colours(colours)
        rng = self.rng
        for _ in range(count):
            self._add(
                _Particle(
                    rng.uniform(rect.left, rect.right), rect.top - rng.uniform(10, 120),
                    rng.uniform(-60, 60), fall * rng.uniform(0.6, 1.3),
                    life * rng.uniform(0.75, 1.1), "confetti", rng.choice(colours),
                    max(6, round(size * rng.choice(SIZE_STEPS))),
                    rng.uniform(10, 22) * rng.choice((-1, 1)), 0.6, 60.0,
                    rng.uniform(40, 110), rng.uniform(0, duration),
                )
            )  # fmt: skip
        return count

    def fountain(
        self,
        pos: tuple[float, float],
        colours: Sequence[Colour],
        count: int = 60,
        speed: float = 900.0,
        *,
        size: int = 20,
        life: float = 3.0,
    ) -> int:
        """Confetti shot upwards from ``pos`` (a cannon at the bottom of the screen)."""
        colours = _colours(colours)
        rng = self.rng
        x, y = pos
        for _ in range(count):
            a = math.radians(-90 + rng.uniform(-22, 22))
            v = speed * rng.uniform(0.6, 1.0)
            self._add(
                _Particle(
                    x, y, v * math.cos(a), v * math.sin(a), life * rng.uniform(0.8, 1.1),
                    "confetti", rng.choice(colours), max(6, round(size * rng.choice(SIZE_STEPS))),
                    rng.uniform(10, 22) * rng.choice((-1, 1)), 1.6, 520.0, rng.uniform(20, 70),
                    rng.uniform(0, 0.25),
                )
            )  # fmt: skip
        return count

    def _add(self, p: _Particle) -> None:
        if len(self._items) >= self.max_particles:
            del self._items[0]
        self._items.append(p)

    # --- frame ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if not self._items:
            return
        alive = []
        for p in self._items:
            if p.delay > 0:
                p.delay -= dt
                if p.delay > 0:
                    alive.append(p)
                    continue
                dt_p = -p.delay
                p.delay = 0.0
            else:
                dt_p = dt
            p.age += dt_p
            if p.age >= p.life:
                continue
            k = max(0.0, 1.0 - p.drag * dt_p)
            p.vx *= k
            p.vy = p.vy * k + p.gravity * dt_p
            sway = p.sway * math.sin(p.age * 3.1 + p.phase) if p.sway else 0.0
            p.x += (p.vx + sway) * dt_p
            p.y += p.vy * dt_p
            p.phase += p.spin * dt_p
            alive.append(p)
        self._items = alive

    def draw(self, surface: pygame.Surface) -> None:
        blit = surface.blit
        for p in self._items:
            if p.delay > 0:
                continue
            t = p.age / p.life
            fade = 0 if t < 0.7 else min(FADE_LEVELS - 1, int((t - 0.7) / 0.3 * FADE_LEVELS))
            frame = int(p.phase) % SPIN_FRAMES if p.kind in ("confetti", "star") else 0
            img = _sprite(p.kind, p.colour, p.size, frame, fade)
            w, h = img.get_size()
            blit(img, (round(p.x - w / 2), round(p.y - h / 2)))

    def clear(self) -> None:
        self._items.clear()

    @property
    def busy(self) -> bool:
        return bool(self._items)

    def __len__(self) -> int:
        return len(self._items)


def _colours(colours: Sequence[Colour]) -> list[Colour]:
    out: list[Colour] = []
    for c in colours:
        col = pygame.Color(c)
        out.append((col.r, col.g, col.b))
    return out or [(255, 255, 255)]
