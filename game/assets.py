"""Cached loading of fonts, sprites, sounds and rendered maps.

Paths come from the package (``game.PROJECT_ROOT``), never from the working directory.
Everything is loaded once and kept: callers may ask every frame.
"""

from __future__ import annotations

import logging
from functools import cache

import font_fredoka_one
import font_lato
import pygame

from game import PROJECT_ROOT

SPRITES_DIR = PROJECT_ROOT / "sprites"
SOUNDS_DIR = PROJECT_ROOT / "sounds"

log = logging.getLogger(__name__)


@cache
def font(size: int, bold: bool = False, display: bool = False) -> pygame.font.Font:
    """Body text in Lato (regular or bold); ``display=True`` gives the rounded title face."""
    if display:
        path = font_fredoka_one.font_files["FredokaOne"]
    else:
        path = font_lato.font_files["LatoBold" if bold else "Lato"]
    return pygame.font.Font(path, size)


@cache
def image(relpath: str) -> pygame.Surface:
    """A sprite from ``sprites/``, converted for fast blitting."""
    surf = pygame.image.load(str(SPRITES_DIR / relpath))
    return surf.convert_alpha() if pygame.display.get_surface() else surf
