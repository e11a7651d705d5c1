"""Player colours, names and shapes for the UI, from the shared palette (``game.palette``,
drawn by ``game.ui.art``).

Colours differ in shape too (circle, square, triangle, diamond, hexagon, star, pentagon,
cross) so colour-blind players can tell seats apart.  Indices are palette indices
(``Seat.colour``), not seat numbers.
"""

from __future__ import annotations

import math
import re

import pygame

from game import palette
from game.i18n import _
from game.ui import art

SHAPES = palette.PLAYER_SHAPES


def colour(index: int) -> tuple[int, int, int]:
    colours = palette.PLAYER_COLOURS
    r, g, b = colours[index % len(colours)]
    return r, g, b


def shape(index: int) -> str:
    shapes = SHAPES
    return str(shapes[index % len(shapes)])


def shape_points(kind: str, center: tuple[float, float], r: float) -> list[tuple[float, float]]:
    cx, cy = center
    if kind == "square":
        k = r * 0.86
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if kind == "triangle":
        return [
            (cx + r * math.cos(a), cy + r * 0.15 + r * math.sin(a))
            for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)
        ]
    if kind == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if kind == "hexagon":
        return [
            (cx + r * math.cos(a), cy + r * math.sin(a))
            for a in (i * math.pi / 3 for i in range(6))
        ]
    if kind == "pentagon":
        return [
            (cx + r * math.cos(a), cy + r * math.sin(a))
            for a in (-math.pi / 2 + i * 2 * math.pi / 5 for i in range(5))
        ]
    if kind == "star":
        return [
            (
                cx + r * (1 if i % 2 == 0 else 0.5) * math.cos(a),
                cy + r * (1 if i % 2 == 0 else 0.5) * math.sin(a),
            )
            for i, a in ((i, -math.pi / 2 + i * math.pi / 5) for i in range(10))
        ]
    if kind == "cross":
        a, b = r, r * 0.36
        return [
            (cx - b, cy - a),
            (cx + b, cy - a),
            (cx + b, cy - b),
            (cx + a, cy - b),
            (cx + a, cy + b),
            (cx + b, cy + b),
            (cx + b, cy + a),
            (cx - b, cy + a),
            (cx - b, cy + b),
            (cx - a, cy + b),
            (cx - a, cy - b),
            (cx - b, cy - b),
        ]
    return []  # circle


def badge(index: int, r: int) -> pygame.Surface | None:
    """The shared art's bevelled emblem for the seat (shape about ``r`` in radius), if any."""
    try:
        return art.player_badge(index, round(r / 0.36))
    except Exception:  # noqa: BLE001 - fall back to the flat swatch
        return None


def fitted_badge(index: int, r: int, room: int) -> pygame.Surface | None:
    """``badge`` at radius ``r``, or smaller for a shape whose points reach further (a star,
    a diamond), so that its ink is at most ``room`` px wide and tall: every seat's emblem
    keeps to the same slot."""
    while r > 8:
        b = badge(index, r)
        if b is None:
            return None
        ink = b.get_bounding_rect(BADGE_INK)
        if max(ink.w, ink.h) <= room:
            return b
        r -= 1
    return badge(index, r)


BADGE_INK = 100  # the alpha from which a badge's pixel counts as its ink (not its soft shadow)


def draw_swatch(surface: pygame.Surface, index: int, center: tuple[int, int], r: int) -> None:
    """The seat's token: its colour in its shape, with a dark rim."""
    art_badge = badge(index, r)
    if art_badge is not None:
        surface.blit(art_badge, art_badge.get_rect(center=center))
        return
    kind = shape(index)
    fill = colour(index)
    rim = palette.PLAYER_RIMS[index % len(palette.PLAYER_RIMS)] or (40, 26, 18)
    pts = shape_points(kind, center, r)
    if pts:
        pygame.draw.polygon(surface, fill, pts)
        pygame.draw.polygon(surface, rim, pts, 3)
    else:
        pygame.draw.circle(surface, fill, center, r)
        pygame.draw.circle(surface, rim, center, r, 3)


def listed(names: list[str]) -> str:
    """Players' names as one list: "Blue, Red & Green" (the last two joined as the player's
    language joins them)."""
    if len(names) < 2:
        return "".join(names)
    # Translators: the last two of a list of players' names ("Blue, Red & Green")
    return _("{names} & {last}").format(names=", ".join(names[:-1]), last=names[-1])


def renamer(engine_names, names):
    """A function that turns the engine's player names in a text into the seats' names, all
    in one pass: a seat named like another seat's colour ("Blue" sitting in the yellow seat)
    never has its name replaced again, so every line stays with the right player."""
    table = {e: n for e, n in zip(engine_names, names, strict=True) if e != n}
    if not table:
        return _unchanged
    pattern = re.compile(r"\b(" + "|".join(re.escape(e) for e in sorted(table, key=len,
                                                                         reverse=True))
                         + r")\b")
    return lambda text: pattern.sub(lambda m: table[m.group(1)], text)


def _unchanged(text: str) -> str:
    return text
