"""The warm tabletop look: colours, type sizes, the table background, panels with soft shadows.

Everything drawn here is cached by its arguments: asking every frame costs a dict look-up.
Sizes are for the logical 1920x1080 canvas, read from a sofa: body text is never under 28 px
and buttons never under 64 px tall.

The UI scale (the "Text size" setting, 100-150 %) multiplies every text size asked of
``text`` / ``font`` / ``wrap`` / ``shadowed_text`` / ``fit_text``; HUD code sizes its boxes with
``scaled(px)``.  Board art (cells, tiles, track numbers) passes ``fixed=True`` and stays put.
Caches are keyed on the real pixel size, so a scale change needs no clearing here; caches
elsewhere that hold scaled text register with ``rescaled`` and are emptied on a change.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable
from functools import cache, lru_cache

import pygame

from game import assets
from game.settings import UI_SCALE_RANGE
from game.ui.surface_cache import surface_cache

CANVAS_SIZE = (1920, 1080)

# Palette --------------------------------------------------------------------------------
INK = (48, 34, 24)  # text on cream
INK_SOFT = (104, 82, 62)
CREAM = (248, 239, 219)
CREAM_DEEP = (233, 219, 189)  # secondary buttons, wells
CREAM_LINE = (206, 186, 150)
ACCENT = (214, 96, 36)  # primary buttons, slider fill: a warm terracotta
ACCENT_HOT = (236, 122, 52)
ACCENT_INK = (255, 248, 236)  # text on accent
FOCUS = (255, 206, 46)  # the focus outline: bright gold ...
FOCUS_EDGE = (36, 22, 12)  # ... with a dark edge so it reads on cream and on wood alike
DISABLED = (196, 186, 170)
DISABLED_INK = (140, 128, 112)
ERROR = (178, 40, 30)
ON_TABLE = (252, 244, 226)  # text straight on the table
ON_TABLE_SOFT = (226, 210, 182)
SHADOW = (20, 10, 4)

# Type sizes -----------------------------------------------------------------------------
TITLE_SIZE = 150
H1_SIZE = 72
H2_SIZE = 48
BUTTON_SIZE = 36
BODY_SIZE = 32
SMALL_SIZE = 28  # the smallest text anywhere

BUTTON_HEIGHT = 80
RADIUS = 18


# UI scale -------------------------------------------------------------------------------
_ui_scale = 1.0
_on_scale_change: list[Callable[[], object]] = []


def ui_scale() -> float:
    return _ui_scale


def set_ui_scale(k: float) -> bool:
    """Set the UI scale (clamped to ``UI_SCALE_RANGE``); True when it changed."""
    global _ui_scale
    lo, hi = UI_SCALE_RANGE
    k = round(min(hi, max(lo, float(k))), 3)
    if k == _ui_scale:
        return False
    _ui_scale = k
    for clear in _on_scale_change:
        clear()
    return True


def scaled(px: int, cap: float | None = None) -> int:
    """``px`` canvas pixels times the UI scale (at most ``cap`` times); exact at 100 %."""
    k = _ui_scale if cap is None else min(cap, _ui_scale)
    return px if k == 1.0 else round(px * k)


def rescaled(cached):
    """Register a cached function (``cache_clear``) to be emptied when the UI scale changes."""
    _on_scale_change.append(cached.cache_clear)
    return cached


def font(size: int, bold: bool = False, display: bool = False, *, fixed: bool = False
         ) -> pygame.font.Font:
    return assets.font(size if fixed else scaled(size), bold=bold, display=display)


#: id() of every live surface ``text`` / ``fit_text`` made -> its message (an entry leaves
#: with its surface, so ids stay valid): lets tests tell text blits from other blits.
TEXT_SURFACES: dict[int, str] = {}

# Rendered text is kept for the most recent messages only: games say new things all day long
# (scores, counts, prompts), and a kiosk runs for days.  Screens ask for the same few hundred
# texts every frame; the budgets are what they take, with room to spare.
TEXT_CACHE_MIB = 8  # plain text
SHADOWED_TEXT_MIB = 4  # titles with a blurred drop shadow
TEXT_CACHE_SIZE = 3000  # entries, for caches of what text measures (no pixels)


def _remember_text(surf: pygame.Surface, message: str) -> None:
    TEXT_SURFACES[id(surf)] = message
    weakref.finalize(surf, TEXT_SURFACES.pop, id(surf), None)


def text(
    message: str,
    size: int = BODY_SIZE,
    colour: tuple[int, int, int] = INK,
    bold: bool = False,
    display: bool = False,
    *,
    fixed: bool = False,
) -> pygame.Surface:
    """Rendered text, cached: widgets may call this every frame."""
    return _text(message, size if fixed else scaled(size), colour, bold, display)


@surface_cache(mib=TEXT_CACHE_MIB)
def _text(message, px, colour, bold, display) -> pygame.Surface:
    surf = assets.font(px, bold=bold, display=display).render(message, True, colour)
    _remember_text(surf, message)
    return surf


def fit_text(
    message: str,
    size: int,
    max_width: int,
    colour: tuple[int, int, int] = INK,
    bold: bool = False,
    display: bool = False,
    *,
    max_height: int | None = None,
    cap: float | None = None,
) -> pygame.Surface:
    """``text`` at the scaled size (at most ``cap`` times ``size``), stepped down until it fits
    ``max_width`` x ``max_height``: down to ``size``, and below it (to ``FIT_LEAST`` of it) only
    when a language's words are too long for their frame even at ``size``."""
    px = _fitting_px(message, scaled(size, cap), size, max_width, max_height, bold, display)
    return _text(message, px, colour, bold, display)


def fitting_px(message: str, size: int, max_width: int, bold: bool = False,
               display: bool = False) -> int:
    """The pixel size ``fit_text`` would draw ``message`` at (for texts that share one
    size: the smallest of theirs)."""
    return _fitting_px(message, scaled(size), size, max_width, None, bold, display)


#: How far below its asked size ``fit_text`` may go for words that would otherwise run over
#: a frame that cannot grow (a card's place, a panel's header): a little smaller still reads.
FIT_LEAST = 0.8


# Only the size is kept here: the surface lives in (and leaves with) the ``_text`` cache.
@lru_cache(maxsize=TEXT_CACHE_SIZE // 2)
def _fitting_px(message, px, size, max_width, max_height, bold, display) -> int:
    least = min(size, round(size * FIT_LEAST))
    while px > least:
        w, h = assets.font(px, bold=bold, display=display).size(message)
        if w <= max_width and (max_height is None or h <= max_height):
            break
        step = round(px * 0.94) if px > 40 else px - 2
        px = max(size, step) if px > size else max(least, px - 1)
    return px


@lru_cache(maxsize=TEXT_CACHE_SIZE // 4)
def fit_wrap(
    message: str,
    size: int,
    width: int,
    height: int,
    bold: bool = False,
    *,
    leading: int = 0,
    max_lines: int | None = None,
    scale: float | None = None,
) -> tuple[int, list[str], int]:
    """Wrap ``message`` into a ``width`` x ``height`` box: ``(px, lines, step)``.

    The text size goes from the scaled ``size`` down (never below ``size``) until the lines fit;
    draw each line with ``text(line, px, fixed=True)``, one every ``step`` pixels (the font's
    line size plus ``leading``).  ``max_lines`` keeps at most that many lines.  ``scale`` is
    only a cache key (pass ``ui_scale()``); it is filled in when left out.
    """
    if scale is None:
        return fit_wrap(message, size, width, height, bold, leading=leading,
                        max_lines=max_lines, scale=_ui_scale)
    px = scaled(size)
    while True:
        lines = wrap(message, px, width, bold, fixed=True)
        if max_lines is not None:
            lines = lines[:max_lines]
        step = assets.font(px, bold=bold).get_linesize() + leading
        if px <= size or step * len(lines) - leading <= height:
            return px, lines, step
        px = max(size, round(px * 0.94) if px > 40 else px - 2)


def line_height(size: int, bold: bool = False, display: bool = False) -> int:
    """The height of one line of ``size`` text at the current scale."""
    return font(size, bold, display).get_linesize()


def grown(size: int, bold: bool = False, display: bool = False) -> int:
    """How many pixels taller one line of ``size`` text is now than at 100 % (0 at 100 %)."""
    base = assets.font(size, bold=bold, display=display).get_linesize()
    return line_height(size, bold, display) - base


def wrap(message: str, size: int, width: int, bold: bool = False, *, fixed: bool = False
         ) -> list[str]:
    """Split ``message`` into lines no wider than ``width`` pixels (at the scaled size), at
    spaces only: a no-break space (French, before ``:`` and inside « ») holds its words
    together."""
    f = font(size, bold, fixed=fixed)
    lines: list[str] = []
    for paragraph in message.split("\n"):
        line = ""
        for word in words_of(paragraph):
            trial = f"{line} {word}".strip()
            if line and f.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def words_of(text: str) -> list[str]:
    """``text``'s words, split at spaces (``str.split()`` would split at no-break spaces
    too)."""
    return [w for w in text.split(" ") if w]


def shadowed_text(
    message: str, size: int, colour=ON_TABLE, display: bool = True, offset: int = 4,
    *, fixed: bool = False,
) -> pygame.Surface:
    """Text with a soft dark drop shadow, for titles straight on the table."""
    px = size if fixed else scaled(size)
    return _shadowed_text(message, px, tuple(colour), display, offset)


@surface_cache(mib=SHADOWED_TEXT_MIB)
def _shadowed_text(message, px, colour, display, offset) -> pygame.Surface:
    face = _text(message, px, colour, False, display)
    pad = offset * 3
    out = pygame.Surface((face.get_width() + pad * 2, face.get_height() + pad * 2), pygame.SRCALPHA)
    shade = assets.font(px, display=display).render(message, True, SHADOW)
    out.blit(shade, (pad + offset, pad + offset))
    out = _blur(out, max(2, offset))
    out.blit(face, (pad, pad))
    _remember_text(out, message)
    return out


# Background -----------------------------------------------------------------------------
@cache
def table_background(size: tuple[int, int] = CANVAS_SIZE) -> pygame.Surface:
    """The shared table art when there is one, else a warm wood gradient drawn here."""
    maker = getattr(assets, "table_background", None)
    if maker is not None:
        try:
            surf = maker()
            if surf.get_size() != size:
                surf = pygame.transform.smoothscale(surf, size)
            return _converted(surf)
        except Exception:  # noqa: BLE001 - a missing picture must not stop the menus
            pass
    return _converted(_wood(size))


def _converted(surf: pygame.Surface) -> pygame.Surface:
    return surf.convert() if pygame.display.get_surface() else surf


def _wood(size: tuple[int, int]) -> pygame.Surface:
    """Walnut planks: a vertical gradient, faint grain lines, plank seams and a vignette."""
    w, h = size
    small = pygame.Surface((w // 4, h // 4))
    sw, sh = small.get_size()
    top, bottom = (112, 70, 42), (66, 38, 22)
    for y in range(sh):
        t = y / max(1, sh - 1)
        pygame.draw.line(
            small,
            tuple(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True)),
            (0, y),
            (sw, y),
        )
    rng = random.Random(7)
    plank = sh // 6
    for i in range(1, 6):
        pygame.draw.line(small, (48, 26, 14), (0, i * plank), (sw, i * plank), 1)
    grain = pygame.Surface((sw, sh), pygame.SRCALPHA)
    for _ in range(260):
        y = rng.randrange(sh)
        x = rng.randrange(-sw // 2, sw)
        length = rng.randrange(sw // 6, sw // 2)
        shade = rng.choice(((30, 16, 8, 40), (150, 100, 60, 26)))
        pygame.draw.line(grain, shade, (x, y), (x + length, y), 1)
    small.blit(grain, (0, 0))
    out = pygame.transform.smoothscale(small, size)
    out.blit(vignette(size), (0, 0))
    return out


@cache
def vignette(size: tuple[int, int] = CANVAS_SIZE, strength: int = 150) -> pygame.Surface:
    """Dark edges fading to clear in the middle (alpha surface)."""
    w, h = size
    small = pygame.Surface((64, 36), pygame.SRCALPHA)
    for y in range(36):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 17.5) / 18
            d = min(1.0, (dx * dx + dy * dy) ** 0.5)
            small.set_at((x, y), (0, 0, 0, int(strength * d**2.2)))
    return pygame.transform.smoothscale(small, (w, h))


# Panels and shadows ---------------------------------------------------------------------
def _blur(surf: pygame.Surface, radius: int) -> pygame.Surface:
    return pygame.transform.gaussian_blur(surf, radius)


@surface_cache(mib=6)  # sizes come and go with what screens show
def shadow(
    size: tuple[int, int], radius: int = RADIUS, spread: int = 18, alpha: int = 110
) -> pygame.Surface:
    """A soft shadow for a rounded rectangle of ``size``; blit it at ``rect.move(-spread, -spread + 6)``.

    Blurred at a quarter of the size and scaled up: cheap to make and as soft as a full blur.
    """
    w, h = size
    q = 4
    sw, sh = (w + spread * 2) // q + 2, (h + spread * 2) // q + 2
    small = pygame.Surface((sw, sh), pygame.SRCALPHA)
    pygame.draw.rect(
        small,
        (*SHADOW, alpha),
        (spread // q, spread // q, w // q, h // q),
        border_radius=max(1, radius // q),
    )
    small = _blur(small, max(1, spread // (q * 2)))
    return pygame.transform.smoothscale(small, (w + spread * 2, h + spread * 2))


def draw_shadow(
    surface: pygame.Surface,
    rect: pygame.Rect,
    radius: int = RADIUS,
    spread: int = 18,
    lift: int = 6,
    alpha: int = 110,
) -> None:
    surface.blit(
        shadow(rect.size, radius, spread, alpha), (rect.x - spread, rect.y - spread + lift)
    )


@surface_cache(mib=4)
def panel(
    size: tuple[int, int],
    colour: tuple[int, int, int] = CREAM,
    radius: int = RADIUS,
    border: tuple[int, int, int] | None = CREAM_LINE,
) -> pygame.Surface:
    """A rounded card face with a faint top highlight and a thin border (alpha surface)."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, colour, (0, 0, w, h), border_radius=radius)
    hi = tuple(min(255, c + 14) for c in colour)
    pygame.draw.line(surf, hi, (radius, 3), (w - radius, 3), 2)
    if border is not None:
        pygame.draw.rect(surf, border, (0, 0, w, h), 2, border_radius=radius)
    return surf


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour=CREAM,
    radius: int = RADIUS,
    shadowed: bool = True,
    border=CREAM_LINE,
) -> None:
    if shadowed:
        draw_shadow(surface, rect, radius)
    surface.blit(panel(rect.size, tuple(colour), radius, border), rect.topleft)
