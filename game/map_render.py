"""Draw a Tiled board (``maps/NAME.tmx``) once into a cached surface.

``render_map(name)`` blits every visible tile layer, bottom to top, into one surface at the
map's native size (cells x tile size: 960 x 640 for Oregon), cached per process: scenes may
call it every frame.  ``render_map_scaled(name, size)`` smooth-scales that to the size a
table scene lays the board out at, anew each time: a table paints it once into its own
board layer, and a copy kept here would only hold memory.

Images come from ``pytmx.util_pygame.load_pygame``, which converts them for the display and
so needs a display surface.  When none exists yet (tests, tools, headless runs) a hidden
1x1 one is created first; with ``SDL_VIDEODRIVER=dummy`` that is the dummy driver.  The
game calls this after ``pygame.display.set_mode`` and then nothing extra happens.
"""

from __future__ import annotations

from functools import cache

import pygame
import pytmx
from pytmx.util_pygame import load_pygame

from game.engine.tiled_map import map_path


def ensure_display() -> None:
    """Make sure a display surface exists, so images can be converted."""
    if pygame.display.get_surface() is not None:
        return
    if not pygame.display.get_init():
        pygame.display.init()
    pygame.display.set_mode((1, 1), pygame.HIDDEN)


@cache
def render_map(name: str) -> pygame.Surface:
    """The whole board of ``maps/<name>.tmx`` at native size (do not draw onto it)."""
    ensure_display()
    tmx = load_pygame(str(map_path(name)))
    tw, th = tmx.tilewidth, tmx.tileheight
    board = pygame.Surface((tmx.width * tw, tmx.height * th), pygame.SRCALPHA)
    for layer in tmx.visible_layers:
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue  # object layers carry data (areas, spots), not pictures
        target = board
        opacity = float(getattr(layer, "opacity", 1) or 1)
        if opacity < 1:
            target = pygame.Surface(board.get_size(), pygame.SRCALPHA)
        ox, oy = int(getattr(layer, "offsetx", 0) or 0), int(getattr(layer, "offsety", 0) or 0)
        for x, y, image in layer.tiles():
            # Tiles taller than the grid stand on their cell's bottom edge, as in Tiled.
            target.blit(image, (x * tw + ox, (y + 1) * th - image.get_height() + oy))
        if target is not board:
            target.set_alpha(round(255 * opacity))
            board.blit(target, (0, 0))
    if pygame.mask.from_surface(board, 254).count() == board.get_width() * board.get_height():
        return board.convert()  # fully opaque: blits faster without per-pixel alpha
    return board.convert_alpha()


def render_map_scaled(name: str, size: tuple[int, int]) -> pygame.Surface:
    """``render_map(name)`` smooth-scaled to ``size``, a (width, height) tuple in pixels (the
    cached native surface itself when the size is the native one: do not draw onto it)."""
    native = render_map(name)
    if native.get_size() == tuple(size):
        return native
    return pygame.transform.smoothscale(native, size)
