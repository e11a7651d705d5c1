"""Oasis pictures: land tiles (from the map's tileset), cards, camels, discs, score tiles and
the highlights over cells.  Everything is cached: a frame only blits."""

from __future__ import annotations

from functools import cache

import pygame

from game import assets
from game.engine.tiled_map import map_path
from game.games.oasis.art.layout import CARRY_CARD, CELL, OFFER_CARD
from game.games.oasis.engine.cards import CARDS
from game.ui import art, theme

#: OpenMoji stems (see CREDITS.md) for what the pictures show.
PICTOGRAMS = {
    "camels": "1F42A",   # camel
    "oasis": "1F334",    # palm tree
    "steppe": "1F33F",   # herb
    "stone": "1FAA8",    # rock
    "goods": "1F4E6",    # package
    "springs": "1F4A7",  # droplet
    "horses": "1F40E",   # horse
    "ovoo": "26F0",      # mountain: the sacred cairn on a height
    "draw": "1F3B4",     # playing cards
}
SCORE_KINDS = ("goods", "springs", "horses", "ovoo")
SCORE_WORDS = {"goods": "goods", "springs": "springs", "horses": "horses", "ovoo": "ovoo"}
SCORE_FOR_LAND = {"oasis": "springs", "steppe": "horses", "stone": "ovoo"}
LAND_COLOURS = {"oasis": (52, 150, 190), "steppe": (120, 160, 60), "stone": (128, 120, 112)}
EFFECT_COLOURS = {
    "camels": (178, 112, 52), "oasis": (52, 140, 186), "steppe": (110, 150, 52),
    "stone": (118, 110, 104), "goods": (150, 92, 150), "springs": (60, 120, 200),
    "horses": (160, 96, 60), "ovoo": (96, 104, 140), "draw": (70, 70, 80),
}
TILESET_PIECES = {"oasis": 24, "steppe": 25, "stone": 26}  # tile ids with property "piece"


def card_key(card: str) -> str:
    """What a card's picture shows: "camels", a land kind, a score kind or "draw"."""
    info = CARDS[card]
    if info.effect in ("tiles", "score"):
        return info.what
    return "draw" if info.effect == "draw" else "camels"


@cache
def _tileset() -> pygame.Surface:
    return pygame.image.load(str(map_path("oasis").parent / "tilesets" / "oasis.png"))


@cache
def land_tile(kind: str, size: int) -> pygame.Surface:
    """A placed land tile, cut from the map's tileset."""
    tid = TILESET_PIECES[kind]
    sheet = _tileset()
    cols = sheet.get_width() // 64
    src = sheet.subsurface(pygame.Rect((tid % cols) * 64, (tid // cols) * 64, 64, 64)).copy()
    surf = pygame.transform.smoothscale(src, (size, size)) if size != 64 else src
    return surf.convert_alpha() if pygame.display.get_surface() else surf


@cache
def camel(colour: int, size: int) -> pygame.Surface:
    """A camel token: the player's colour as a thick ring round a camel, with their shape."""
    s = pygame.Surface((size + 6, size + 6), pygame.SRCALPHA)
    c = (size + 6) // 2
    pygame.draw.circle(s, (0, 0, 0, 90), (c + 2, c + 3), size // 2)
    col = art.PLAYER_COLOURS[colour]
    pygame.draw.circle(s, art.shade(col, 0.55), (c, c), size // 2)
    pygame.draw.circle(s, col, (c, c), size // 2 - 2)
    pygame.draw.circle(s, (250, 240, 214), (c, c), size // 2 - 7)
    pic = assets.pictogram(PICTOGRAMS["camels"], size - 16)
    s.blit(pic, pic.get_rect(center=(c, c)))
    # The seat's shape as well as its colour, so colour-blind players tell camels apart.
    badge = art.player_badge(colour, max(12, size * 2 // 5))
    s.blit(badge, badge.get_rect(bottomright=(size + 6, size + 6)))
    return s


@cache
def disc(number: int | None, size: int, face_down: bool = False) -> pygame.Surface:
    """A priority disc; face down it is dark wood with the number small (who was handed
    which disc is public)."""
    s = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
    c = (size + 4) // 2
    pygame.draw.circle(s, (0, 0, 0, 90), (c + 2, c + 2), size // 2)
    if face_down:
        pygame.draw.circle(s, (92, 60, 36), (c, c), size // 2)
        pygame.draw.circle(s, (60, 38, 22), (c, c), size // 2, 3)
        if number:
            t = theme.text(f"#{number}", size // 3 + 4, (226, 200, 160), bold=True, fixed=True)
            s.blit(t, t.get_rect(center=(c, c)))
        return s
    pygame.draw.circle(s, (250, 226, 150), (c, c), size // 2)
    pygame.draw.circle(s, (170, 120, 40), (c, c), size // 2, 3)
    if number:
        t = theme.text(f"#{number}", size // 2, (90, 50, 20), bold=True, display=True,
                       fixed=True)
        s.blit(t, t.get_rect(center=(c, c + 1)))
    return s


@cache
def score_tile(kind: str | None, size: int) -> pygame.Surface:
    """A score tile: face up with its picture, or (``kind=None``) its plain back."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    r = s.get_rect()
    if kind is None:
        pygame.draw.rect(s, (120, 84, 52), r, border_radius=8)
        pygame.draw.rect(s, (230, 196, 130), r.inflate(-8, -8), 2, border_radius=6)
        pygame.draw.rect(s, (70, 46, 26), r, 2, border_radius=8)
        return s
    col = EFFECT_COLOURS[kind]
    pygame.draw.rect(s, art.mix(col, art.PAPER, 0.7), r, border_radius=8)
    pygame.draw.rect(s, art.shade(col, 0.7), r, 3, border_radius=8)
    pic = assets.pictogram(PICTOGRAMS[kind], size - 10)
    s.blit(pic, pic.get_rect(center=r.center))
    return s


@cache
def card_face(card: str, size: tuple[int, int], selected: bool = False) -> pygame.Surface:
    """An Oasis card face up: coloured frame, picture, amount."""
    w, h = size
    info = CARDS[card]
    key = card_key(card)
    col = EFFECT_COLOURS[key]
    s = pygame.Surface((w + 8, h + 10), pygame.SRCALPHA)
    r = pygame.Rect(4, 2, w, h)
    pygame.draw.rect(s, (0, 0, 0, 80), r.move(2, 5), border_radius=10)
    pygame.draw.rect(s, art.shade(col, 0.75), r, border_radius=10)
    inner = r.inflate(-10, -10)
    pygame.draw.rect(s, art.PAPER, inner, border_radius=7)
    band = pygame.Rect(inner.x, inner.bottom - h // 4, inner.w, h // 4)
    pygame.draw.rect(s, art.mix(col, art.PAPER, 0.35), band, border_bottom_left_radius=7,
                     border_bottom_right_radius=7)
    pic_size = min(inner.w - 8, inner.h - band.h - 8)
    pic_box = pygame.Rect(inner.x, inner.y, inner.w, inner.h - band.h)
    if key in TILESET_PIECES:
        pic = land_tile(key, pic_size)
    elif key in SCORE_KINDS:
        pic = score_tile(key, pic_size)
    else:
        pic = assets.pictogram(PICTOGRAMS[key], pic_size)
    s.blit(pic, pic.get_rect(center=pic_box.center))
    label = f"+{info.amount}" if info.effect == "draw" else f"×{info.amount}"
    t = theme.text(label, max(20, h // 5), (255, 250, 240), bold=True, display=True,
                   fixed=True)
    s.blit(t, t.get_rect(center=band.center))
    if selected:
        pygame.draw.rect(s, theme.FOCUS, r.inflate(4, 4), 4, border_radius=12)
    return s


@cache
def card_back(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    s = pygame.Surface((w + 8, h + 10), pygame.SRCALPHA)
    r = pygame.Rect(4, 2, w, h)
    pygame.draw.rect(s, (0, 0, 0, 80), r.move(2, 5), border_radius=10)
    pygame.draw.rect(s, (140, 70, 40), r, border_radius=10)
    pygame.draw.rect(s, (226, 170, 90), r.inflate(-10, -10), 3, border_radius=7)
    pic = assets.pictogram(PICTOGRAMS["camels"], min(w, h) * 2 // 3)
    pic = pic.copy()
    pic.set_alpha(150)
    s.blit(pic, pic.get_rect(center=r.center))
    return s


@cache
def glow(kind: str, size: int) -> pygame.Surface:
    """Highlights over cells: ``extend`` (solid yellow wash), ``start`` (a white plus on a
    pale wash with cyan corners: a new area; the placing prompt names both as seen), ``camel`` (warm ring on the path), ``marker`` (a
    control marker that may move), ``pick`` (a selected camel), ``score`` (what scores)."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    r = s.get_rect()
    if kind == "extend":
        pygame.draw.rect(s, (255, 214, 80, 110), r.inflate(-4, -4), border_radius=6)
        pygame.draw.rect(s, (255, 226, 110), r.inflate(-4, -4), 4, border_radius=6)
    elif kind == "start":
        pygame.draw.rect(s, (110, 230, 255, 70), r.inflate(-6, -6), border_radius=6)
        k = size // 3
        col = (150, 240, 255)
        for (x, y, dx, dy) in ((3, 3, 1, 1), (size - 4, 3, -1, 1), (3, size - 4, 1, -1),
                               (size - 4, size - 4, -1, -1)):
            pygame.draw.line(s, col, (x, y), (x + dx * k, y), 4)
            pygame.draw.line(s, col, (x, y), (x, y + dy * k), 4)
        c = size // 2
        pygame.draw.line(s, (255, 255, 255), (c - 8, c), (c + 8, c), 4)
        pygame.draw.line(s, (255, 255, 255), (c, c - 8), (c, c + 8), 4)
    elif kind == "camel":
        pygame.draw.circle(s, (255, 200, 90, 90), r.center, size // 2 - 6)
        pygame.draw.circle(s, (255, 236, 150), r.center, size // 2 - 6, 4)
    elif kind == "marker":
        pygame.draw.circle(s, (255, 90, 200, 80), r.center, size // 2 - 2)
        pygame.draw.circle(s, (255, 140, 220), r.center, size // 2 - 2, 4)
    elif kind == "pick":
        pygame.draw.rect(s, theme.FOCUS, r.inflate(-2, -2), 5, border_radius=8)
    elif kind == "score":
        pygame.draw.rect(s, (255, 240, 150, 120), r, border_radius=4)
        pygame.draw.rect(s, (255, 250, 200), r, 3, border_radius=4)
    elif kind == "hover":
        pygame.draw.rect(s, (255, 255, 255, 60), r, border_radius=6)
        pygame.draw.rect(s, (255, 255, 255, 160), r, 2, border_radius=6)
    elif kind == "cursor":
        pygame.draw.rect(s, theme.FOCUS_EDGE, r, 3, border_radius=8)
        pygame.draw.rect(s, theme.FOCUS, r.inflate(-4, -4), 4, border_radius=7)
    return s


def warm(colours) -> None:
    """Render what the table needs once, up front, so no frame pays for it."""

    for card in CARDS:
        for size in (OFFER_CARD, CARRY_CARD, (68, 94)):
            card_face(card, size)
        card_face(card, CARRY_CARD, True)
    for size in (OFFER_CARD, (68, 94)):
        card_back(size)
    for kind in TILESET_PIECES:
        land_tile(kind, CELL)
        land_tile(kind, 52)
    for kind in SCORE_KINDS:
        score_tile(kind, 46)
        score_tile(kind, 40)
    score_tile(None, 46)
    score_tile(None, 40)
    for k in ("extend", "start", "camel", "marker", "pick", "score", "hover", "cursor"):
        glow(k, CELL)
    for c in colours:
        camel(c, CELL - 12)
        camel(c, 34)
        assets.piece(c, 40, "farmer", shadow=True)
        assets.piece(c, 30, "marker", shadow=True)
    for n in range(1, 6):
        disc(n, 44)
        disc(n, 44, True)
