"""Small layout helpers on the 1920x1080 canvas: centring, rows, columns, grids."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import pygame

from game.ui.theme import CANVAS_SIZE

CANVAS = pygame.Rect(0, 0, *CANVAS_SIZE)


def centered(size: tuple[int, int], center: tuple[int, int] | None = None) -> pygame.Rect:
    rect = pygame.Rect((0, 0), size)
    rect.center = center or CANVAS.center
    return rect


def column(
    top_center: tuple[int, int], size: tuple[int, int], count: int, gap: int
) -> list[pygame.Rect]:
    """``count`` rects of ``size`` stacked downwards from ``top_center``."""
    x, y = top_center
    out = []
    for i in range(count):
        r = pygame.Rect((0, 0), size)
        r.midtop = (x, y + i * (size[1] + gap))
        out.append(r)
    return out


def row(center: tuple[int, int], size: tuple[int, int], count: int, gap: int) -> list[pygame.Rect]:
    """``count`` rects of ``size`` side by side, the whole row centred on ``center``."""
    w, h = size
    total = count * w + max(0, count - 1) * gap
    x0 = center[0] - total // 2
    out = []
    for i in range(count):
        r = pygame.Rect(x0 + i * (w + gap), 0, w, h)
        r.centery = center[1]
        out.append(r)
    return out


def split(rect: pygame.Rect, widths: list[int], gap: int) -> list[pygame.Rect]:
    """Cut ``rect`` left to right into pieces of the given widths (0 = share what is left)."""
    fixed = sum(w for w in widths if w) + gap * (len(widths) - 1)
    flex = max(0, rect.width - fixed) // max(1, sum(1 for w in widths if not w))
    out, x = [], rect.x
    for w in widths:
        w = w or flex
        out.append(pygame.Rect(x, rect.y, w, rect.height))
        x += w + gap
    return out


Item = TypeVar("Item")


def in_rows(items: Sequence[Item], room: int, need: Callable[[Item], int]) -> list[list[Item]]:
    """``items`` in order, in rows of at most ``room`` wide (``need``: an item's width with
    its gap); an item wider than the room has a row of its own."""
    rows: list[list[Item]] = [[]]
    used = 0
    for item in items:
        wide = need(item)
        if rows[-1] and used + wide > room:
            rows.append([])
            used = 0
        rows[-1].append(item)
        used += wide
    return rows
