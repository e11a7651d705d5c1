"""Player colours, names and shapes for the UI, from the shared palette in ``game.ui.art``.

Until that module is there, a built-in palette stands in.  Colours differ in shape too
(circle, square, triangle, diamond, hexagon) so colour-blind players can tell seats apart.
"""

from __future__ import annotations

import math

import pygame

_FALLBACK_COLOURS = ((200, 52, 44), (42, 104, 196), (236, 186, 36), (58, 150, 72), (132, 72, 168))
SHAPES = ("circle", "square", "triangle", "diamond", "hexagon")


def _art(name: str, fallback):
    try:
        from game.ui import art
    except ImportError:
        return fallback
    return getattr(art, name, fallback) or fallback


def colour(index: int) -> tuple[int, int, int]:
    colours = _art("PLAYER_COLOURS", _FALLBACK_COLOURS)
    return tuple(pygame.Color(colours[index % len(colours)]))[:3]


def shape(index: int) -> str:
    shapes = _art("PLAYER_SHAPES", SHAPES)
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
    return []  # circle


def badge(index: int, r: int) -> pygame.Surface | None:
    """The shared art's bevelled emblem for the seat (shape about ``r`` in radius), if any."""
    maker = _art("player_badge", None)
    if maker is None:
        return None
    try:
        return maker(index, round(r / 0.36))
    except Exception:  # noqa: BLE001 - fall back to the flat swatch
        return None


def draw_swatch(surface: pygame.Surface, index: int, center: tuple[int, int], r: int) -> None:
    """The seat's token: its colour in its shape, with a dark rim."""
    art_badge = badge(index, r)
    if art_badge is not None:
        surface.blit(art_badge, art_badge.get_rect(center=center))
        return
    kind = shape(index)
    fill = colour(index)
    rim = (40, 26, 18)
    pts = shape_points(kind, center, r)
    if pts:
        pygame.draw.polygon(surface, fill, pts)
        pygame.draw.polygon(surface, rim, pts, 3)
    else:
        pygame.draw.circle(surface, fill, center, r)
        pygame.draw.circle(surface, rim, center, r, 3)
