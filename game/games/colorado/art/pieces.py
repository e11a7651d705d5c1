"""Colorado County's pieces, drawn once and cached: land cubes, flags (face up and face
down), cowboy tokens, land cards with their star grid, lake badges."""

from __future__ import annotations

from functools import cache

import pygame

from game import assets, i18n
from game.i18n import pgettext
from game.ui import art, players, theme

FLAG_RGB: dict[str, tuple[int, int, int]] = {
    "red": (206, 52, 40),
    "green": (56, 150, 70),
    "orange": (242, 146, 28),
    "blue": (48, 102, 204),
}
FLAG_BACK = (236, 226, 200)


def _text(msg: str, size: int, colour=theme.INK, bold: bool = False) -> pygame.Surface:
    return theme.text(msg, size, colour, bold, fixed=True)  # board art: no UI scale


def card_colour_name(colour: str) -> str:
    """The colour printed on a land card, in the player's language (an adjective of "card":
    it may differ from a flag's or a player's colour of the same English name)."""
    # Translators: the colour printed on a land card (feminine where "card" is)
    names = {"red": pgettext("card", "Red"), "green": pgettext("card", "Green"),
             "orange": pgettext("card", "Orange"), "blue": pgettext("card", "Blue")}
    return names[colour]


def player_rgb(colour_index: int) -> tuple[int, int, int]:
    return players.colour(colour_index)


@cache
def cube(colour_index: int, size: int = 46) -> pygame.Surface:
    """A wooden cube seen slightly from above, with the seat's shape on its top face."""
    base = player_rgb(colour_index)
    pad = 6
    s = pygame.Surface((size + pad * 2, size + pad * 2), pygame.SRCALPHA)
    depth = size // 5
    body = pygame.Rect(pad, pad, size, size)
    shadow = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (20, 10, 4, 90), body.move(4, 5), border_radius=8)
    s.blit(shadow, (0, 0))
    pygame.draw.rect(s, art.shade(base, 0.55), body, border_radius=8)
    top = pygame.Rect(pad, pad, size, size - depth)
    pygame.draw.rect(s, art.mix(base, (255, 255, 255), 0.12), top, border_radius=8)
    pygame.draw.rect(s, art.mix(base, (255, 255, 255), 0.35), top.inflate(-size // 3, -size // 3)
                     .move(-size // 10, -size // 12), border_radius=6)
    pygame.draw.rect(s, art.mix(base, (255, 255, 255), 0.12), top.inflate(-8, -8),
                     border_radius=6)
    pygame.draw.rect(s, art.shade(base, 0.45), body, 2, border_radius=8)
    mark = art.shade(base, 0.5) if sum(base) > 220 else art.mix(base, (255, 255, 255), 0.55)
    pts = players.shape_points(players.shape(colour_index), top.center, size * 0.2)
    if pts:
        pygame.draw.polygon(s, mark, pts)
    else:
        pygame.draw.circle(s, mark, top.center, round(size * 0.18))
    return s


@cache
def flag(colour: str | None, size: int = 56, glow: bool = False) -> pygame.Surface:
    """A flag marker: a pole and a cloth in the flag colour; ``None`` = face down (a cream
    back with a question mark)."""
    w, h = size, size
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    if glow:
        pygame.draw.circle(s, (255, 226, 120, 120), (w // 2, h // 2), w // 2)
    pole_x = w // 4
    pygame.draw.ellipse(s, (30, 18, 8, 110), (pole_x - 9, h - 11, 26, 9))
    pygame.draw.line(s, (70, 48, 30), (pole_x, 4), (pole_x, h - 6), 4)
    cloth = [(pole_x + 2, 6), (w - 4, 6 + h // 7), (w - 8, h // 2 - 2), (pole_x + 2, h // 2 + 2)]
    face = FLAG_RGB.get(colour, FLAG_BACK) if colour else FLAG_BACK
    pygame.draw.polygon(s, face, cloth)
    pygame.draw.polygon(s, art.shade(face, 0.55), cloth, 2)
    if colour is None:
        q = _text("?", max(16, size // 3), (110, 84, 60), True)
        cx = (pole_x + w - 6) // 2
        s.blit(q, q.get_rect(center=(cx + 2, h // 4 + 4)))
    pygame.draw.circle(s, (200, 170, 90), (pole_x, 5), 4)
    return s


@cache
def cowboy_token(number: int, size: int = 58, selected: bool = False,
                 dim: bool = False) -> pygame.Surface:
    """A round leather token with its number."""
    s = pygame.Surface((size + 8, size + 8), pygame.SRCALPHA)
    c = (size // 2 + 4, size // 2 + 4)
    r = size // 2
    pygame.draw.circle(s, (20, 10, 4, 90), (c[0] + 3, c[1] + 4), r)
    rim = (255, 206, 46) if selected else (92, 56, 30)
    face = (238, 196, 128) if selected else (214, 170, 112)
    if dim:
        face = (200, 186, 164)
    pygame.draw.circle(s, rim, c, r)
    pygame.draw.circle(s, face, c, r - (5 if selected else 4))
    pygame.draw.circle(s, art.shade(face, 0.8), c, r - 9, 2)
    t = _text(str(number), max(22, size // 2 - 2), (72, 38, 16), True)
    s.blit(t, t.get_rect(center=c))
    return s


def stars_grid(stars) -> tuple[int, int, list[tuple[int, int]]]:
    """The card's stars moved onto a small grid: (cols, rows, cells)."""
    xs = [x for x, _ in stars]
    ys = [y for _, y in stars]
    cells = [(x - min(xs), y - min(ys)) for x, y in stars]
    return max(xs) - min(xs) + 1, max(ys) - min(ys) + 1, cells


@cache
def card(colour: str, stars: tuple, size: tuple[int, int] = (150, 204),
         selected: bool = False, language: str = "en") -> pygame.Surface:
    """A land card: the flag colour as its frame and a flag in the corner with the colour's
    name in ``language``, the star pattern on a 4 x 3 grid (the first star ringed: it lies
    on the flag)."""
    w, h = size
    pad = 8
    s = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    r = pygame.Rect(pad, pad, w, h)
    shadow = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (20, 10, 4, 100), r.move(3, 5), border_radius=14)
    s.blit(shadow, (0, 0))
    frame = FLAG_RGB[colour]
    if selected:
        pygame.draw.rect(s, theme.FOCUS, r.inflate(12, 12), border_radius=18)
    pygame.draw.rect(s, frame, r, border_radius=14)
    inner = r.inflate(-16, -16)
    pygame.draw.rect(s, art.PAPER, inner, border_radius=9)
    pygame.draw.rect(s, art.shade(frame, 0.6), r, 2, border_radius=14)
    fl = flag(colour, 40)
    s.blit(fl, (inner.x + 2, inner.y + 2))
    name, room = card_colour_name(colour), inner.w - 10 - fl.get_width() - 4
    px = 22
    while px > 14 and assets.font(px, bold=True).size(name)[0] > room:
        px -= 1  # a longer name, a smaller size: it stays clear of the flag
    label = _text(name, px, art.shade(frame, 0.55), True)
    s.blit(label, label.get_rect(topright=(inner.right - 8, inner.y + 10 + (22 - px) // 2)))
    gcols, grows = 4, 3
    cell = min((inner.w - 16) // gcols, (inner.h - 70) // grows)
    gx = inner.centerx - cell * gcols // 2
    gy = inner.bottom - 12 - cell * grows
    cols, rows, cells = stars_grid(stars)
    ox, oy = (gcols - cols) // 2, (grows - rows) // 2
    for yy in range(grows):
        for xx in range(gcols):
            cr = pygame.Rect(gx + xx * cell, gy + yy * cell, cell, cell)
            pygame.draw.rect(s, (236, 224, 196), cr.inflate(-3, -3), border_radius=4)
    star = assets.pictogram("star", cell - 4)
    for k, (x, y) in enumerate(cells):
        cr = pygame.Rect(gx + (x + ox) * cell, gy + (y + oy) * cell, cell, cell)
        if k == 0 and len(cells) > 1:
            pygame.draw.rect(s, art.shade(frame, 0.8), cr.inflate(-1, -1), 3, border_radius=5)
        s.blit(star, star.get_rect(center=cr.center))
    return s


def card_for(card_json: dict, size=(150, 204), selected: bool = False) -> pygame.Surface:
    return card(card_json["colour"], tuple(tuple(p) for p in card_json["stars"]), tuple(size),
                selected, i18n.language())


@cache
def lake_badge(value: int, size: int = 44) -> pygame.Surface:
    s = pygame.Surface((size + 6, size + 6), pygame.SRCALPHA)
    c = (size // 2 + 3, size // 2 + 3)
    pygame.draw.circle(s, (20, 30, 50, 90), (c[0] + 2, c[1] + 3), size // 2)
    pygame.draw.circle(s, (240, 248, 255), c, size // 2)
    pygame.draw.circle(s, (40, 90, 140), c, size // 2, 3)
    t = _text(str(value), size // 2 + 6, (30, 70, 120), True)
    s.blit(t, t.get_rect(center=c))
    return s


@cache
def marker(colour_index: int, size: int = 34) -> pygame.Surface:
    """A score-track marker in the seat's colour and shape."""
    try:
        return assets.piece(colour_index, size, "marker", shadow=True)
    except (OSError, FileNotFoundError, KeyError, IndexError):
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        rgb = player_rgb(colour_index)
        pygame.draw.circle(s, (20, 10, 4, 100), (size // 2 + 2, size // 2 + 3), size // 2 - 3)
        pygame.draw.circle(s, rgb, (size // 2, size // 2), size // 2 - 3)
        pygame.draw.circle(s, art.shade(rgb, 0.5), (size // 2, size // 2), size // 2 - 3, 2)
        return s


@cache
def glow(kind: str, size: int) -> pygame.Surface:
    colours = {"flag": (255, 214, 90), "cube": (120, 230, 255), "sale": (255, 150, 90),
               "ghost": (255, 255, 255), "bad": (230, 60, 40)}
    colour = colours.get(kind, (255, 214, 90))
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    if kind == "soft":  # many legal cells at once (flag placement): a light touch
        pygame.draw.rect(s, (255, 236, 150, 34), s.get_rect().inflate(-8, -8), border_radius=10)
        pygame.draw.rect(s, (255, 236, 150, 150), s.get_rect().inflate(-8, -8), 2,
                         border_radius=10)
        return s
    pygame.draw.rect(s, (*colour, 70), s.get_rect().inflate(-6, -6), border_radius=10)
    pygame.draw.rect(s, (*colour, 235), s.get_rect().inflate(-6, -6), 4, border_radius=10)
    return s


@cache
def tint(colour_index: int, size: int, alpha: int = 120) -> pygame.Surface:
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(s, (*player_rgb(colour_index), alpha), s.get_rect().inflate(-4, -4),
                     border_radius=8)
    pygame.draw.rect(s, (255, 250, 220, 230), s.get_rect().inflate(-4, -4), 3, border_radius=8)
    return s
