"""Pictures of a game's board for menus: from its Tiled map through ``game.map_render``.

When the map (or the renderer) is not there yet, a drawn stand-in with the game's initial
takes its place, so menus never fail over missing art.

``board_picture`` paints a new surface each time, for pictures painted once into something
bigger (the title's backdrop, the how-to cards); ``map_preview`` keeps its recent results for
menus that ask again.
"""

from __future__ import annotations

import logging
import math

import pygame

from game import map_render
from game.registry import GameInfo
from game.ui import theme
from game.ui.surface_cache import surface_cache

log = logging.getLogger(__name__)

# Stand-in landscape colours per game (by registry order).
_TINTS = ((92, 140, 70), (176, 124, 66), (214, 178, 96), (90, 120, 160), (150, 90, 120))


def render_map(game: GameInfo) -> pygame.Surface | None:
    """The full rendered board, or None when it cannot be drawn (yet)."""
    try:

        return map_render.render_map(game.map_name)
    except Exception as exc:  # noqa: BLE001 - missing maps must not break menus
        log.debug("No map picture for %s: %s", game.id, exc)
        return None


@surface_cache(mib=8)
def map_preview(game: GameInfo, size: tuple[int, int], tint_index: int = 0) -> pygame.Surface:
    """``board_picture``, kept for the next time it is asked (do not draw onto it)."""
    return board_picture(game, size, tint_index)


def board_picture(game: GameInfo, size: tuple[int, int], tint_index: int = 0) -> pygame.Surface:
    """The board scaled to fill ``size`` (cropped to keep its proportions), or a stand-in."""
    try:

        surf = _cover(map_render.render_map(game.map_name), size)
        return surf
    except Exception as exc:  # noqa: BLE001
        log.debug("No map preview for %s: %s", game.id, exc)
    return _stand_in(game, size, _TINTS[tint_index % len(_TINTS)])


def _cover(src: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Scale ``src`` to cover ``size`` and crop the middle."""
    w, h = size
    sw, sh = src.get_size()
    k = max(w / sw, h / sh)
    scaled = pygame.transform.smoothscale(
        src, (max(w, math.ceil(sw * k)), max(h, math.ceil(sh * k)))
    )
    r = pygame.Rect(0, 0, w, h)
    r.center = scaled.get_rect().center
    return scaled.subsurface(r).copy()


def _stand_in(game: GameInfo, size: tuple[int, int], tint: tuple[int, int, int]) -> pygame.Surface:
    """A hex field in the game's tint with its initial, for when the map is not there."""
    w, h = size
    surf = pygame.Surface(size)
    dark = tuple(c * 2 // 3 for c in tint)
    surf.fill(dark)
    r = max(18, w // 16)
    dx, dy = r * math.sqrt(3), r * 1.5
    row = 0
    y = 0.0
    while y < h + r:
        x = (dx / 2) * (row % 2)
        while x < w + r:
            shade = (row * 7 + int(x / dx) * 13) % 3
            fill = tuple(min(255, c + shade * 10) for c in tint)
            pts = [
                (x + r * math.cos(a), y + r * math.sin(a))
                for a in (math.pi / 6 + i * math.pi / 3 for i in range(6))
            ]
            pygame.draw.polygon(surf, fill, pts)
            pygame.draw.polygon(surf, dark, pts, 2)
            x += dx
        y += dy
        row += 1
    letter = theme.shadowed_text(game.name[0], int(h * 0.55), theme.ON_TABLE, offset=5,
                                 fixed=True)
    surf.blit(letter, letter.get_rect(center=(w // 2, h // 2)))
    return surf
