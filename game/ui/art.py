"""Runtime-drawn art shared by every screen: the palette, the ``Canvas`` painted with
coverage masks, shadows, text helpers, player badges, panels and buttons.  Each game's own
pictures are drawn in ``game.games.<game>.art`` with these.

Shapes are drawn with numpy signed-distance fields (``game.ui.sdf``), so edges are smooth at
any size without supersampling, and bevels and soft shadows come from the same distances.
Every public function caches its result per argument set: ask every frame, never modify what
you get.
The same primitives draw the player pieces that ``tools/make_sprites.py`` writes to sprites/.

Sizes are in pixels of the 1920x1080 logical canvas.  Typical sizes:

- tokens and tiles: 48-96 px squares;
- panels and buttons: any size (panels are 9-sliced from a small cached source).

Drop shadows are separate surfaces so a lifted card or piece can move away from its shadow:
``shadow(...)`` returns ``(surface, (dx, dy))``; blit the shadow at ``(x + dx, y + dy)`` for a
sprite drawn at ``(x, y)``.
"""

from __future__ import annotations

import math
from functools import cache

import numpy as np
import pygame

from game import assets
from game.palette import GAME_SEAT_COLOURS as GAME_SEAT_COLOURS
from game.palette import PLAYER_COLOURS as PLAYER_COLOURS
from game.palette import PLAYER_NAMES as PLAYER_NAMES
from game.palette import PLAYER_RIMS as PLAYER_RIMS
from game.palette import PLAYER_SHAPES as PLAYER_SHAPES
from game.palette import seat_colours as seat_colours
from game.ui import theme
from game.ui.sdf import (
    bevel_light,
    blur,
    coverage,
    grid,
    line_coverage,
    sd_circle,
    sd_round_box,
    sd_shape,
)
from game.ui.surface_cache import surface_cache

# --------------------------------------------------------------------------------------------
# Palette
# --------------------------------------------------------------------------------------------

# Seat colours, names, shapes and outlines by palette index come from game.palette
# (PLAYER_NAMES, PLAYER_COLOURS, PLAYER_SHAPES, PLAYER_RIMS, and each game's seat colours in
# GAME_SEAT_COLOURS); they are re-exported here.

INK = (58, 40, 28)  # dark brown for text on paper
PAPER = (250, 243, 226)  # card and panel cream
PAPER_SHADE = (236, 222, 194)
GOLD = (246, 196, 70)  # selection and highlight
SHADOW = (24, 14, 6)

Colour = tuple[int, int, int]


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Blend colour ``a`` towards ``b`` by ``t`` (0..1)."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def shade(c: Colour, f: float) -> Colour:
    """Darken (f < 1) or lighten towards white (f > 1) a colour."""
    if f <= 1:
        return tuple(round(x * f) for x in c)  # type: ignore[return-value]
    return mix(c, (255, 255, 255), min(1.0, f - 1))


def player_rim(player_index: int, dark: float = 0.36) -> Colour:
    """Outline colour of a seat's piece or badge: a dark shade of the colour (``dark``), or the
    palette's light rim for colours too dark to outline in black."""
    return PLAYER_RIMS[player_index] or shade(PLAYER_COLOURS[player_index], dark)



# --------------------------------------------------------------------------------------------
# Canvas: premultiplied float RGBA painted with coverage masks
# --------------------------------------------------------------------------------------------


class Canvas:
    """A float RGBA image painted with coverage masks, turned into a pygame Surface at the end."""

    def __init__(self, w: int, h: int):
        self.w, self.h = w, h
        self.rgb = np.zeros((h, w, 3), np.float32)  # premultiplied
        self.a = np.zeros((h, w), np.float32)

    def paint(self, alpha, colour) -> None:
        """Paint ``colour`` (RGB tuple or (h, w, 3) array) over the canvas with coverage ``alpha``."""
        alpha = np.clip(alpha, 0, 1).astype(np.float32)
        c = np.asarray(colour, np.float32)
        a3 = alpha[..., None]
        self.rgb = self.rgb * (1 - a3) + c * a3
        self.a = self.a * (1 - alpha) + alpha

    def pixels(self) -> np.ndarray:
        """Straight-alpha RGBA bytes as an (h, w, 4) uint8 array."""
        a = self.a[..., None]
        rgb = np.where(a > 1e-6, self.rgb / np.maximum(a, 1e-6), 0)
        out = np.concatenate([rgb, a * 255], axis=-1)
        return np.clip(out + 0.5, 0, 255).astype(np.uint8)

    def surface(self) -> pygame.Surface:
        return surface_from_rgba(self.pixels())


def surface_from_rgba(arr: np.ndarray) -> pygame.Surface:
    """A per-pixel-alpha Surface from an (h, w, 4) uint8 array."""
    h, w = arr.shape[:2]
    surf = pygame.image.frombytes(np.ascontiguousarray(arr).tobytes(), (w, h), "RGBA")
    return surf.convert_alpha() if pygame.display.get_surface() else surf


def lit(base: Colour, light, spec: float = 0.25):
    """An (h, w, 3) colour array: ``base`` modulated by a ``bevel_light`` field."""
    c = np.asarray(base, np.float32)[None, None, :]
    lum = light[..., None]
    out = c * np.clip(lum, 0, 2)
    # highlights move towards white rather than saturating
    hi = np.clip(lum - 1.0, 0, 1) * spec * 2
    out = out + (255 - out) * hi
    return np.clip(out, 0, 255)


def _alpha_of(surf: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array_alpha(surf).T.astype(np.float32) / 255.0


def shadow_pixels(alpha: np.ndarray, sigma: float, opacity: float, pad: int) -> np.ndarray:
    """RGBA array of a soft shadow for a coverage mask, grown by ``pad`` on every side."""
    a = np.pad(alpha, pad)
    a = blur(a, sigma) * opacity
    h, w = a.shape
    out = np.zeros((h, w, 4), np.uint8)
    out[..., :3] = SHADOW
    out[..., 3] = np.clip(a * 255 + 0.5, 0, 255).astype(np.uint8)
    return out


def shadow_of(surf: pygame.Surface, lift: float = 1.0) -> tuple[pygame.Surface, tuple[int, int]]:
    """A soft drop shadow for any sprite, and where to blit it relative to the sprite.

    ``lift`` scales blur and offset: 1.0 for things lying on the table, 2-3 for things held up.
    Not cached: cache the result if you call it every frame.
    """
    w, h = surf.get_size()
    s = max(w, h)
    sigma = max(1.0, s * 0.035 * lift)
    pad = int(sigma * 3) + 2
    pix = shadow_pixels(_alpha_of(surf), sigma, min(0.6, 0.42 + 0.04 * lift), pad)
    off = (round(s * 0.02 * lift) - pad, round(s * 0.04 * lift) - pad)
    return surface_from_rgba(pix), off


# --------------------------------------------------------------------------------------------
# Text helpers
# --------------------------------------------------------------------------------------------


def fit_text(
    text: str, max_width: int, size: int, colour: Colour, *, display=True, bold=False
) -> pygame.Surface:
    """Render ``text``, shrinking the font until it fits ``max_width``."""
    while True:
        surf = assets.font(size, bold=bold, display=display).render(text, True, colour)
        if surf.get_width() <= max_width or size <= 8:
            return surf
        size -= 1


def fitting_px(lines: list[str], width: int, px: int, *, display=True) -> int:
    """The largest text size up to ``px`` at which every line fits ``width`` (8 at least)."""
    while px > 8 and any(assets.font(px, display=display).size(t)[0] > width for t in lines):
        px -= 1
    return px


def wrap_label(text: str, px: int, least: float, one_width: int, two_width: int, two_px: int
               ) -> tuple[list[str], int]:
    """A label's lines and text size: one line, shrunk to ``one_width`` as needed; or, where
    that would fall below ``least``, two lines split at a space (each within ``two_width``, at
    most ``two_px``) if they read larger - a long word in a longer language stays legible."""
    words = text.split(" ")
    one = fitting_px([text], one_width, px)
    if one >= least or len(words) < 2:
        return [text], one
    two, lines = max((fitting_px(split, two_width, min(px, two_px)), split) for split in (
        [" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))))
    return (lines, two) if two > one else ([text], one)


def blit_center(dest: pygame.Surface, src: pygame.Surface, cx: float, cy: float) -> None:
    dest.blit(src, src.get_rect(center=(round(cx), round(cy))))


def embossed_text(text, max_width, size, colour, under, *, display=True) -> pygame.Surface:
    top = fit_text(text, max_width, size, colour, display=display)
    low = fit_text(text, max_width, size, under, display=display)
    out = pygame.Surface((top.get_width(), top.get_height() + 1), pygame.SRCALPHA)
    out.blit(low, (0, 1))
    out.blit(top, (0, 0))
    return out


@cache
def tile_shadow(size: int = 64, lift: float = 1.0):
    """Shadow for a tile or token of ``size`` (square, rounded): ``(surface, (dx, dy))``."""
    cv = Canvas(size, size)
    x, y = grid(size, size)
    c = size / 2
    cv.paint(coverage(sd_round_box(x, y, c, c, c - 0.5, c - 0.5, size * 0.12)), SHADOW)
    return shadow_of(cv.surface(), lift)


@cache
def token_shadow(size: int = 64, lift: float = 1.0):
    """Shadow for a round token of ``size``: ``(surface, (dx, dy))``."""
    cv = Canvas(size, size)
    x, y = grid(size, size)
    cv.paint(coverage(sd_circle(x, y, size / 2, size / 2, size / 2 - 1)), SHADOW)
    return shadow_of(cv.surface(), lift)


@cache
def player_badge(player_index: int, size: int) -> pygame.Surface:
    """A small flat emblem (the player's shape in their colour, with a dark outline)."""
    colour = PLAYER_COLOURS[player_index]
    cv = Canvas(size, size)
    x, y = grid(size, size)
    c = size / 2
    d = sd_shape(x, y, PLAYER_SHAPES[player_index], c, c, size * 0.36)
    cv.paint(coverage(d), lit(colour, bevel_light(d, size * 0.08), spec=0.3))
    cv.paint(line_coverage(d, max(1.0, size * 0.05)), player_rim(player_index, 0.4))
    return cv.surface()


# --------------------------------------------------------------------------------------------
# Panels and buttons
# --------------------------------------------------------------------------------------------

PANEL_STYLES: dict[str, tuple[Colour, Colour, Colour]] = {
    # style: (face, border, line)
    "paper": (PAPER, (150, 104, 64), (206, 170, 118)),
    "dark": ((58, 42, 32), (34, 24, 18), (128, 96, 62)),
}
PANEL_BORDER = 24  # the fixed corner size of the 9-slice source


@cache
def _panel_source(style: str) -> pygame.Surface:
    face, border, line = PANEL_STYLES[style]
    s = PANEL_BORDER * 3
    cv = Canvas(s, s)
    x, y = grid(s, s)
    c = s / 2
    outer = sd_round_box(x, y, c, c, c - 0.5, c - 0.5, 14)
    cv.paint(coverage(outer), lit(border, bevel_light(outer, 4), spec=0.3))
    inner = sd_round_box(x, y, c, c, c - 5, c - 5, 10)
    cv.paint(coverage(inner), face)
    cv.paint(np.clip(1 + inner / 8, 0, 1) * (inner < 0) * 0.22, SHADOW)
    cv.paint(line_coverage(inner + 6, 1.2), line)
    cv.paint(line_coverage(outer, 1.2), shade(border, 0.5))
    return cv.surface()


def nine_slice(src: pygame.Surface, size: tuple[int, int], border: int) -> pygame.Surface:
    """Stretch ``src`` to ``size`` keeping its ``border``-pixel corners unscaled."""
    w, h = size
    sw, sh = src.get_size()
    b = border
    w, h = max(w, 2 * b), max(h, 2 * b)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    xs = [(0, b, 0, b), (b, sw - b, b, w - b), (sw - b, sw, w - b, w)]
    ys = [(0, b, 0, b), (b, sh - b, b, h - b), (sh - b, sh, h - b, h)]
    for sx0, sx1, dx0, dx1 in xs:
        for sy0, sy1, dy0, dy1 in ys:
            if dx1 <= dx0 or dy1 <= dy0:
                continue
            part = src.subsurface((sx0, sy0, sx1 - sx0, sy1 - sy0))
            if (dx1 - dx0, dy1 - dy0) != part.get_size():
                part = pygame.transform.smoothscale(part, (dx1 - dx0, dy1 - dy0))
            out.blit(part, (dx0, dy0))
    return out.convert_alpha() if pygame.display.get_surface() else out


@surface_cache(mib=6)  # sizes come and go with what screens show
def panel_surface(size: tuple[int, int], style: str = "paper") -> pygame.Surface:
    """A framed panel of any size: ``"paper"`` (cream, brown frame) or ``"dark"`` (HUD wood)."""
    if style not in PANEL_STYLES:
        raise ValueError(f"unknown panel style {style!r}")
    return nine_slice(_panel_source(style), size, PANEL_BORDER)


def panel_source(style: str = "paper") -> tuple[pygame.Surface, int]:
    """The 9-slice source image of a panel style and its corner size, for custom slicing."""
    return _panel_source(style), PANEL_BORDER


BUTTON_STYLES: dict[str, tuple[Colour, Colour]] = {
    # style: (face, text)
    "primary": ((222, 132, 48), (255, 250, 238)),
    "secondary": ((236, 220, 188), INK),
    "danger": ((186, 62, 48), (255, 250, 238)),
}
BUTTON_STATES = ("normal", "hover", "pressed", "disabled", "focus")


def button_surface(
    size: tuple[int, int], label: str = "", state: str = "normal", style: str = "primary"
) -> pygame.Surface:
    """A rounded wooden-edged button with an optional centred label.

    ``state``: normal, hover (lighter), pressed (darker, label nudged down), focus (golden
    ring, for keyboard and controller focus) or disabled (greyed).  The surface includes a small
    shadow under the button, so blit it at the button's rect.  The label follows the UI scale
    up to what the button's height holds, and shrinks to its width.
    """
    h = size[1]
    return _button_surface(size, label, state, style, min(theme.scaled(round(h * 0.46)),
                                                          round(h * 0.6)))


def button_label_need(label: str, h: int) -> int:
    """How wide a button ``h`` tall must be for ``label`` to keep its full size on one line
    (``button_surface`` gives a label 86 % of the button's width)."""
    px = min(theme.scaled(round(h * 0.46)), round(h * 0.6))
    return math.ceil(assets.font(px, display=True).size(label)[0] / 0.86) + 2


@cache
def _button_surface(size, label, state, style, label_px) -> pygame.Surface:
    if state not in BUTTON_STATES:
        raise ValueError(f"unknown button state {state!r}")
    if style not in BUTTON_STYLES:
        raise ValueError(f"unknown button style {style!r}")
    face, ink = BUTTON_STYLES[style]
    if state == "hover" or state == "focus":
        face = shade(face, 1.12)
    elif state == "pressed":
        face = shade(face, 0.88)
    elif state == "disabled":
        face, ink = (176, 168, 156), (120, 112, 104)
    w, h = size
    cv = Canvas(w, h)
    x, y = grid(w, h)
    r = min(h * 0.32, 18)
    depth = max(2.0, h * 0.07)
    press = depth * 0.7 if state == "pressed" else 0.0
    base = sd_round_box(x, y, w / 2, h / 2 + depth / 2, w / 2 - 1, h / 2 - depth / 2 - 1, r)
    cv.paint(coverage(base), shade(face, 0.6))
    top = sd_round_box(x, y, w / 2, h / 2 - depth / 2 + press, w / 2 - 1, h / 2 - depth / 2 - 1, r)
    light = bevel_light(top, max(2.0, h * 0.1))
    grad = (1.08 - 0.16 * ((y - press) / h))[..., None]
    cv.paint(coverage(top), np.clip(lit(face, light, spec=0.35) * grad, 0, 255))
    cv.paint(line_coverage(top, 1.2), shade(face, 0.45))
    cv.paint(line_coverage(base, 1.2) * (y > h / 2), shade(face, 0.4))
    if state == "focus":
        ring = sd_round_box(x, y, w / 2, h / 2, w / 2 - 1, h / 2 - 1, r + 1)
        cv.paint(line_coverage(ring + 1.5, 3.0), GOLD)
    surf = cv.surface()
    if label:
        under = shade(face, 0.55) if ink[0] > 128 else shade(face, 1.3)
        width = round(w * 0.86)
        # one line shrunk below half its size at 100 % goes on two lines, if they read larger
        lines, px = wrap_label(label, max(10, label_px), round(h * 0.23), width, width,
                               round((h - depth - 10) / 2.4))
        step = round(px * 0.95)  # between the centres of two lines
        top = h / 2 - depth / 2 + press - step * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            blit_center(surf, embossed_text(line, width, px, ink, under), w / 2, top + i * step)
    return surf
