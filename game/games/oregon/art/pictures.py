"""Oregon's runtime-drawn art: landscape and building cards, action and mine tokens,
building tiles.  Drawn with the shared primitives of ``game.ui.art``; every public function
caches its result per argument set: ask every frame, never modify what you get.

Sizes are in pixels of the 1920x1080 canvas: cards ``CARD_SIZE`` (150 x 210, any size with
the same 5:7 ratio looks right), tokens and building tiles 48-96 px squares.
"""

from __future__ import annotations

import math
import random
from functools import cache

import numpy as np
import pygame

from game import assets, i18n
from game.i18n import N_, _
from game.ui import theme
from game.ui.art import (
    GOLD,
    INK,
    PAPER,
    PAPER_SHADE,
    SHADOW,
    Canvas,
    Colour,
    blit_center,
    embossed_text,
    lit,
    mix,
    shade,
    shadow_of,
    wrap_label,
)
from game.ui.sdf import (
    bevel_light,
    coverage,
    fbm,
    grid,
    line_coverage,
    sd_circle,
    sd_polygon,
    sd_round_box,
    sd_segment,
    value_noise,
)

LANDSCAPE_SYMBOLS: tuple[str, ...] = ("settlers", "wagon", "campfire", "bison", "eagle")
BUILDINGS: tuple[str, ...] = (
    "post_office",
    "harbour",
    "church",
    "coal_mine",
    "gold_mine",
    "store",
    "station",
)
# The names printed on the cards (and heading their tips), translated where drawn.
# Translators: the names below are printed on Oregon's cards: sentence case, as short as the
# game's terms allow
DISPLAY_NAMES: dict[str, str] = {
    "settlers": N_("Settlers"),
    "wagon": N_("Wagon"),
    "campfire": N_("Campfire"),
    "bison": N_("Bison"),
    "eagle": N_("Eagle"),
    "post_office": N_("Post Office"),
    "harbour": N_("Harbour"),
    "church": N_("Church"),
    "coal_mine": N_("Coal Mine"),
    "gold_mine": N_("Gold Mine"),
    "store": N_("Store"),
    "station": N_("Station"),
}
#: Accent colour per landscape symbol (card medallion, board edge markers).
SYMBOL_COLOURS: dict[str, tuple[int, int, int]] = {
    "settlers": (214, 126, 92),
    "wagon": (196, 156, 92),
    "campfire": (232, 112, 52),
    "bison": (150, 100, 66),
    "eagle": (92, 148, 196),
}
#: Frame colour per building type (tiles and building cards).
BUILDING_COLOURS: dict[str, tuple[int, int, int]] = {
    "post_office": (212, 108, 56),
    "harbour": (48, 124, 160),
    "church": (136, 92, 156),
    "coal_mine": (84, 82, 90),
    "gold_mine": (206, 152, 36),
    "store": (110, 146, 58),
    "station": (172, 58, 48),
}
#: Card frame colour per deck.
DECK_COLOURS: dict[str, tuple[int, int, int]] = {
    "landscape": (76, 116, 66),
    "building": (146, 60, 46),
}
DECK_PICTOGRAMS: dict[str, str] = {"landscape": "landscape_deck", "building": "building_deck"}
START_RED = (190, 44, 36)

CARD_SIZE = (150, 210)


# --------------------------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------------------------


def _paper(canvas: Canvas, x, y, d, seed: int, base: Colour = PAPER, tint: Colour = PAPER_SHADE):
    """Cream paper with a soft vertical gradient and a faint fibre texture inside ``d``."""
    w, h = canvas.w, canvas.h
    rng = np.random.default_rng(seed)
    n = fbm(w, h, max(4.0, w / 10), max(4.0, h / 12), rng, octaves=3)
    g = (y / h)[..., None]
    col = np.asarray(base, np.float32) * (1 - 0.35 * g) + np.asarray(tint, np.float32) * (0.35 * g)
    col = col * (1 + 0.025 * n[..., None])
    canvas.paint(coverage(d), np.clip(col, 0, 255))


def _card_base(w: int, h: int, frame: Colour, seed: int) -> tuple[Canvas, tuple]:
    """Card outline, frame colour and cream inner panel; returns the canvas and inner box."""
    cv = Canvas(w, h)
    x, y = grid(w, h)
    r = w * 0.075
    outer = sd_round_box(x, y, w / 2, h / 2, w / 2 - 0.5, h / 2 - 0.5, r)
    light = bevel_light(outer, max(2.0, w * 0.02), height=0.6)
    fr = lit(frame, light, spec=0.3)
    grad = (1.08 - 0.16 * (y / h))[..., None]
    cv.paint(coverage(outer), np.clip(fr * grad, 0, 255))
    cv.paint(line_coverage(outer + 0.6, 1.2), shade(frame, 0.5))
    m = w * 0.06
    ir = max(2.0, r - m * 0.5)
    inner_box = (w / 2, h / 2, w / 2 - m, h / 2 - m, ir)
    inner = sd_round_box(x, y, *inner_box)
    _paper(cv, x, y, inner, seed)
    # a thin inked line just inside the paper, like a printed border
    cv.paint(
        line_coverage(inner + max(2.5, w * 0.025), max(1.0, w * 0.008)), mix(frame, PAPER, 0.35)
    )
    # a soft inner shade where paper meets frame
    cv.paint(
        np.clip(1 - np.clip(-inner / max(2.0, w * 0.03), 0, 1), 0, 1) * 0.18 * (inner < 0), SHADOW
    )
    return cv, (x, y, inner_box)


def _selected_ring(cv: Canvas, x, y) -> None:
    w, h = cv.w, cv.h
    outer = sd_round_box(x, y, w / 2, h / 2, w / 2 - 0.5, h / 2 - 0.5, w * 0.075)
    t = max(3.0, w * 0.035)
    cv.paint(coverage(outer) * coverage(-(outer + t)), GOLD)
    cv.paint(line_coverage(outer + t, 1.0), shade(GOLD, 0.7))
    glow = np.clip(1 - (-(outer + t)) / (w * 0.08), 0, 1) ** 2 * 0.35 * (outer < -t)
    cv.paint(glow, (255, 236, 160))


def card_surface(
    kind: str, ident: str, size: tuple[int, int] = CARD_SIZE, selected: bool = False
) -> pygame.Surface:
    """A card face or back, exactly ``size`` pixels, rounded corners, no shadow.

    The name on a face is in the player's language and grows with the text size (its ribbon
    grows with it, up to about half as large again); at 100 % the card is as it always was.

    - ``kind="landscape"``, ``ident`` in ``LANDSCAPE_SYMBOLS``;
    - ``kind="building"``, ``ident`` in ``BUILDINGS``;
    - ``kind="back"``, ``ident`` a deck: ``"landscape"`` or ``"building"``.

    ``selected`` adds a golden ring.  Pair with ``card_shadow(size)``.
    """
    return _card_surface(kind, ident, size, selected, i18n.language())


@theme.rescaled
@cache
def _card_surface(kind: str, ident: str, size: tuple[int, int], selected: bool,
                  language: str) -> pygame.Surface:
    """``card_surface`` for the names in ``language`` (the current one: a key of the cache)."""
    w, h = size
    if kind == "back":
        return _card_back(ident, size, selected)
    if kind == "landscape":
        if ident not in LANDSCAPE_SYMBOLS:
            raise ValueError(f"unknown landscape symbol {ident!r}")
        frame, accent = DECK_COLOURS["landscape"], SYMBOL_COLOURS[ident]
    elif kind == "building":
        if ident not in BUILDINGS:
            raise ValueError(f"unknown building {ident!r}")
        frame, accent = DECK_COLOURS["building"], BUILDING_COLOURS[ident]
    else:
        raise ValueError(f"unknown card kind {kind!r}")
    seed = (LANDSCAPE_SYMBOLS + BUILDINGS).index(ident) + 11
    cv, (x, y, inner) = _card_base(w, h, frame, seed)
    # medallion behind the big pictogram
    mcx, mcy, mr = w / 2, h * 0.43, w * 0.34
    med = sd_circle(x, y, mcx, mcy, mr)
    halo = np.clip(1 - (med / (w * 0.08)), 0, 1) * (med > 0) * 0.25
    cv.paint(halo, mix(accent, PAPER, 0.55))
    cv.paint(coverage(med), mix(accent, PAPER, 0.72))
    cv.paint(coverage(med + mr * 0.18) * 0.35, mix(accent, PAPER, 0.5))
    cv.paint(line_coverage(med, max(1.0, w * 0.012)), mix(accent, INK, 0.25))
    # name ribbon: one line, or two where a long name would shrink too much on one
    label_px = max(8, round(h * 0.075))
    grown_px = min(theme.scaled(label_px), round(h * 0.11))
    grown = grown_px > label_px
    rcy, rhh = h * 0.835, max(h * 0.062, grown_px * 0.62)
    bottom = rcy + rhh
    # two lines keep clear of the pictogram: their ribbon grows upwards, at most to it
    two_px = int((bottom - (mcy + w * 0.29 + 2) - 2 * h * 0.025) / 2 / 1.05)
    lines, px = wrap_label(_(DISPLAY_NAMES[ident]), grown_px, grown_px * 0.8,
                           round(w * (0.84 if grown else 0.7)), round(w * 0.84), two_px)
    wide = grown or len(lines) > 1
    step = round(px * 1.05)  # between the two lines' centres
    if len(lines) > 1:
        rhh = step + h * 0.025
        rcy = bottom - rhh
    ribbon = sd_round_box(x, y, w / 2, rcy, w * (0.44 if wide else 0.38), rhh,
                          min(rhh, h * 0.062) * 0.55)
    rl = bevel_light(ribbon, max(1.5, w * 0.012), height=0.8)
    cv.paint(coverage(ribbon), lit(accent, rl, spec=0.2))
    cv.paint(line_coverage(ribbon, max(1.0, w * 0.01)), shade(accent, 0.55))
    if selected:
        _selected_ring(cv, x, y)
    surf = cv.surface()
    # pictograms and text
    big = assets.pictogram(ident, round(w * 0.58))
    blit_center(surf, big, mcx, mcy)
    small = assets.pictogram(ident, max(8, round(w * 0.2)))
    surf.blit(small, (round(w * 0.075), round(w * 0.07)))
    top = rcy - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        label = embossed_text(line, round(w * (0.84 if wide else 0.7)), px, (255, 250, 238),
                              shade(accent, 0.45))
        blit_center(surf, label, w / 2, top + i * step)
    return surf


def _card_back(deck: str, size: tuple[int, int], selected: bool) -> pygame.Surface:
    if deck not in DECK_COLOURS:
        raise ValueError(f"unknown deck {deck!r}")
    w, h = size
    frame = DECK_COLOURS[deck]
    cv = Canvas(w, h)
    x, y = grid(w, h)
    r = w * 0.075
    outer = sd_round_box(x, y, w / 2, h / 2, w / 2 - 0.5, h / 2 - 0.5, r)
    light = bevel_light(outer, max(2.0, w * 0.02), height=0.6)
    grad = (1.08 - 0.16 * (y / h))[..., None]
    cv.paint(coverage(outer), np.clip(lit(frame, light) * grad, 0, 255))
    # diamond lattice
    period = w / 6
    u = (x - w / 2 + y - h / 2) / period
    v = (x - w / 2 - (y - h / 2)) / period
    lat = np.minimum(np.abs(u - np.round(u)), np.abs(v - np.round(v))) * period
    m = w * 0.08
    field = sd_round_box(x, y, w / 2, h / 2, w / 2 - m, h / 2 - m, max(2.0, r - m * 0.5))
    cv.paint(line_coverage(lat, max(1.0, w * 0.012)) * coverage(field) * 0.35, shade(frame, 1.35))
    cv.paint(line_coverage(field, max(1.2, w * 0.014)), mix(frame, GOLD, 0.7))
    cv.paint(line_coverage(field + w * 0.03, max(1.0, w * 0.008)), mix(frame, GOLD, 0.45))
    cv.paint(line_coverage(outer + 0.6, 1.2), shade(frame, 0.5))
    # central medallion
    mr = w * 0.3
    med = sd_circle(x, y, w / 2, h / 2, mr)
    cv.paint(coverage(med - w * 0.04) * 0.5, shade(frame, 0.6))
    ml = bevel_light(med, max(2.0, w * 0.03))
    cv.paint(coverage(med), lit(PAPER, ml, spec=0.1))
    cv.paint(line_coverage(med, max(1.2, w * 0.015)), mix(frame, GOLD, 0.6))
    cv.paint(line_coverage(med + w * 0.035, max(1.0, w * 0.008)), mix(frame, PAPER, 0.5))
    if selected:
        _selected_ring(cv, x, y)
    surf = cv.surface()
    blit_center(surf, assets.pictogram(DECK_PICTOGRAMS[deck], round(w * 0.42)), w / 2, h / 2)
    return surf


@cache
def card_shadow(size: tuple[int, int] = CARD_SIZE, lift: float = 1.0):
    """Soft shadow for a card of ``size``: ``(surface, (dx, dy))`` relative to the card."""
    w, h = size
    cv = Canvas(w, h)
    x, y = grid(w, h)
    cv.paint(
        coverage(sd_round_box(x, y, w / 2, h / 2, w / 2 - 0.5, h / 2 - 0.5, w * 0.075)), SHADOW
    )
    return shadow_of(cv.surface(), lift)


def blit_card(
    dest: pygame.Surface,
    kind: str,
    ident: str,
    topleft: tuple[int, int],
    size: tuple[int, int] = CARD_SIZE,
    selected: bool = False,
    lift: float = 1.0,
) -> pygame.Rect:
    """Draw a card with its shadow; returns the card's rect."""
    shadow, (dx, dy) = card_shadow(size, lift)
    dest.blit(shadow, (topleft[0] + dx, topleft[1] + dy))
    return dest.blit(card_surface(kind, ident, size, selected), topleft)


# --------------------------------------------------------------------------------------------
# Tokens and tiles
# --------------------------------------------------------------------------------------------


def _disc(size: int, rim: Colour, face: Colour, seed: int, *, face_light: float = 1.0) -> Canvas:
    """A thick round token: bevelled rim, slightly domed face."""
    cv = Canvas(size, size)
    x, y = grid(size, size)
    c = size / 2
    outer = sd_circle(x, y, c, c, c - 1)
    cv.paint(coverage(outer), lit(rim, bevel_light(outer, size * 0.08), spec=0.35))
    inner = sd_circle(x, y, c, c, c * 0.78)
    # the face sits lower than the rim: lit from the opposite side at its edge
    fl = bevel_light(inner, size * 0.05, light=(0.55, 0.7, 0.75), height=0.5) * face_light
    rng = np.random.default_rng(seed)
    n = value_noise(size, size, max(2.0, size / 8), max(2.0, size / 8), rng)
    col = lit(face, fl, spec=0.1) * (1 + 0.03 * n[..., None])
    cv.paint(coverage(inner), np.clip(col, 0, 255))
    cv.paint(line_coverage(inner, max(1.0, size * 0.015)), shade(rim, 0.55))
    cv.paint(line_coverage(outer, max(1.0, size * 0.018)), shade(rim, 0.4))
    return cv


def _grey(surf: pygame.Surface, amount: float = 1.0, fade: float = 1.0) -> pygame.Surface:
    """A desaturated, optionally faded copy of ``surf``."""
    out = surf.copy()
    rgb = pygame.surfarray.pixels3d(out)
    lum = (rgb[..., 0] * 0.3 + rgb[..., 1] * 0.59 + rgb[..., 2] * 0.11)[..., None]
    rgb[...] = np.clip(rgb * (1 - amount) + lum * amount, 0, 255).astype(np.uint8)
    del rgb
    if fade < 1:
        a = pygame.surfarray.pixels_alpha(out)
        a[...] = (a * fade).astype(np.uint8)
        del a
    return out


_ACTION_TOKENS = {
    # kind: (rim colour, pictogram)
    "joker": ((196, 64, 52), "joker"),
    "extra_turn": ((38, 132, 136), "extra_turn"),
}


@cache
def action_token(kind: str, size: int, active: bool = True) -> pygame.Surface:
    """Joker (``"joker"``) or extra-turn (``"extra_turn"``) token, active or spent face."""
    if kind not in _ACTION_TOKENS:
        raise ValueError(f"unknown token {kind!r}; expected joker or extra_turn")
    rim, picto = _ACTION_TOKENS[kind]
    if active:
        surf = _disc(size, rim, PAPER, 3).surface()
        blit_center(surf, assets.pictogram(picto, round(size * 0.62)), size / 2, size / 2)
    else:
        surf = _disc(size, (120, 116, 110), (176, 170, 160), 3, face_light=0.95).surface()
        blit_center(
            surf, _grey(assets.pictogram(picto, round(size * 0.58)), 1.0, 0.45), size / 2, size / 2
        )
        # a diagonal stroke reads as "used" without colour
        cv = Canvas(size, size)
        x, y = grid(size, size)
        c = size / 2
        d = sd_segment(
            x, y, c - size * 0.24, c + size * 0.24, c + size * 0.24, c - size * 0.24, size * 0.035
        )
        cv.paint(coverage(d), (96, 90, 84))
        surf.blit(cv.surface(), (0, 0))
    return surf


def joker_token(size: int, active: bool = True) -> pygame.Surface:
    return action_token("joker", size, active)


def extra_turn_token(size: int, active: bool = True) -> pygame.Surface:
    return action_token("extra_turn", size, active)


_MINE_TOKENS = {
    # kind: (rim, face, number colour, pictogram)
    "coal": ((58, 56, 60), (168, 164, 164), (44, 42, 46), "coal"),
    "gold": ((190, 136, 30), (250, 226, 148), (104, 64, 18), "gold"),
}


@cache
def mine_token(kind: str, size: int, value: int | None = None) -> pygame.Surface:
    """Coal or gold token: ``value=None`` is the hidden back, 1-5 the face with its points."""
    if kind not in _MINE_TOKENS:
        raise ValueError(f"unknown mine token {kind!r}; expected coal or gold")
    rim, face, ink, picto = _MINE_TOKENS[kind]
    surf = _disc(size, rim, face, 7 if kind == "coal" else 9).surface()
    if value is None:
        blit_center(surf, assets.pictogram(picto, round(size * 0.66)), size / 2, size / 2)
    else:
        if not 1 <= value <= 5:
            raise ValueError(f"token value must be 1-5, not {value}")
        blit_center(surf, assets.pictogram(picto, round(size * 0.34)), size / 2, size * 0.3)
        num = embossed_text(str(value), size, round(size * 0.5), ink, shade(face, 0.6))
        blit_center(surf, num, size / 2, size * 0.6)
    return surf


def _square_tile(size: int, frame: Colour, face: Colour, seed: int, edge: Colour | None = None):
    """A thick square tile: bevelled frame, recessed face; ``edge`` adds a coloured outer band."""
    cv = Canvas(size, size)
    x, y = grid(size, size)
    c = size / 2
    r = size * 0.12
    outer = sd_round_box(x, y, c, c, c - 0.5, c - 0.5, r)
    if edge is not None:
        cv.paint(coverage(outer), lit(edge, bevel_light(outer, size * 0.06), spec=0.3))
        outer = sd_round_box(x, y, c, c, c - size * 0.07, c - size * 0.07, r * 0.8)
    cv.paint(coverage(outer), lit(frame, bevel_light(outer, size * 0.07), spec=0.35))
    m = size * (0.18 if edge is not None else 0.13)
    inner = sd_round_box(x, y, c, c, c - m, c - m, r * 0.6)
    fl = bevel_light(inner, size * 0.04, light=(0.55, 0.7, 0.75), height=0.5)
    rng = np.random.default_rng(seed)
    n = value_noise(size, size, max(2.0, size / 7), max(2.0, size / 7), rng)
    cv.paint(coverage(inner), np.clip(lit(face, fl, spec=0.1) * (1 + 0.025 * n[..., None]), 0, 255))
    cv.paint(line_coverage(inner, max(1.0, size * 0.014)), shade(frame, 0.55))
    cv.paint(
        line_coverage(sd_round_box(x, y, c, c, c - 0.5, c - 0.5, r), max(1.0, size * 0.02)),
        shade(edge or frame, 0.4),
    )
    return cv


@cache
def building_tile(kind: str, size: int = 64, start: bool = False) -> pygame.Surface:
    """A building tile face for the board: frame in the building's colour, pictogram in the
    middle.  ``start=True`` is the start tile of that type, with a red edge."""
    if kind not in BUILDINGS:
        raise ValueError(f"unknown building {kind!r}")
    frame = BUILDING_COLOURS[kind]
    face = mix(frame, PAPER, 0.82)
    cv = _square_tile(size, frame, face, BUILDINGS.index(kind), START_RED if start else None)
    surf = cv.surface()
    p = 0.6 if start else 0.68
    blit_center(surf, assets.pictogram(kind, round(size * p)), size / 2, size / 2)
    return surf


@cache
def tile_back(size: int = 64, start: bool = False) -> pygame.Surface:
    """A face-down building tile (stack top); ``start=True`` gives the red start-tile back."""
    frame = START_RED if start else (150, 112, 72)
    face = shade(frame, 1.18)
    cv = _square_tile(size, frame, face, 5)
    x, y = grid(size, size)
    c = size / 2
    star = sd_polygon(x, y, _star_points(c, c, size * 0.24, size * 0.1, 5))
    cv.paint(coverage(star + 1.0) * 0.6, shade(frame, 0.6))
    cv.paint(coverage(star), lit(mix(face, PAPER, 0.6), bevel_light(star, size * 0.03), spec=0.2))
    return cv.surface()


def _star_points(cx, cy, r_out, r_in, n):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(-90 + 180 * i / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts




def title_cards(rng: random.Random, size: tuple[int, int]) -> list[pygame.Surface]:
    """Five cards drawn at random and a card back: they drift across the title screen."""
    idents = [("landscape", s) for s in LANDSCAPE_SYMBOLS] + [("building", b) for b in BUILDINGS]
    faces = [card_surface(kind, ident, size) for kind, ident in rng.sample(idents, 5)]
    return faces + [card_surface("back", "landscape", size)]
