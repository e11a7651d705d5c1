"""The board layer of the Oregon table: cached terrain, symbols and score track, then the
pieces, glows and cursor drawn on top each frame."""

from __future__ import annotations

from functools import cache

import pygame

from game import assets
from game.games.oregon.art import pictures as oregon_art
from game.games.oregon.art.layout import CELL, COLS, ROWS, TableLayout
from game.map_render import render_map_scaled
from game.ui import art, stillness, theme
from game.ui.table_common import draw_score_track, draw_track_markers

SYMBOL_IDS = oregon_art.LANDSCAPE_SYMBOLS
FARMER_SIZE = 62
TILE_SIZE = 60
MARKER_SIZE = 36


def _text(msg: str, size: int, colour=theme.INK, bold: bool = False) -> pygame.Surface:
    return theme.text(msg, size, colour, bold, fixed=True)  # board art: no UI scale


@cache
def glow_surface(kind: str) -> pygame.Surface:
    """The highlight over a legal cell: warm gold for farmers, bright cyan for buildings."""
    colour = (255, 214, 90) if kind == "farmer" else (120, 230, 255)
    s = pygame.Surface((CELL, CELL), pygame.SRCALPHA)
    pygame.draw.rect(s, (*colour, 70), s.get_rect().inflate(-6, -6), border_radius=10)
    pygame.draw.rect(s, (*colour, 235), s.get_rect().inflate(-6, -6), 4, border_radius=10)
    return s


@cache
def cursor_surface() -> pygame.Surface:
    s = pygame.Surface((CELL + 8, CELL + 8), pygame.SRCALPHA)
    r = s.get_rect()
    pygame.draw.rect(s, (*theme.FOCUS_EDGE, 255), r, 7, border_radius=12)
    pygame.draw.rect(s, (*theme.FOCUS, 255), r.inflate(-4, -4), 4, border_radius=10)
    return s


@cache
def hover_surface() -> pygame.Surface:
    s = pygame.Surface((CELL, CELL), pygame.SRCALPHA)
    pygame.draw.rect(s, (255, 255, 255, 60), s.get_rect().inflate(-4, -4), border_radius=10)
    pygame.draw.rect(s, (255, 255, 255, 200), s.get_rect().inflate(-4, -4), 3, border_radius=10)
    return s


def piece_surface(colour: int, size: int = FARMER_SIZE) -> pygame.Surface:
    return assets.piece(colour, size, "farmer", shadow=True)


def tile_surface(kind: str, start: bool, size: int = TILE_SIZE) -> pygame.Surface:
    return _tile_with_shadow(kind, start, size)


@cache
def _tile_with_shadow(kind: str, start: bool, size: int) -> pygame.Surface:
    shadow, (dx, dy) = art.tile_shadow(size)
    pad = max(abs(dx), abs(dy)) + (shadow.get_width() - size) // 2 + 2
    out = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
    out.blit(shadow, (pad + dx, pad + dy))
    out.blit(oregon_art.building_tile(kind, size, start), (pad, pad))
    return out


class BoardView:
    """Draws the board area.  ``base`` (table, track, board, symbols) is built once."""

    def __init__(self, layout: TableLayout, board_json: dict):
        self.layout = layout
        self.column_symbols = list(board_json["column_symbols"])
        self.row_symbols = list(board_json["row_symbols"])
        self.base = self._build_base()

    def _symbol_name(self, s) -> str:
        return SYMBOL_IDS[s] if isinstance(s, int) else str(s)

    def _build_base(self) -> pygame.Surface:
        lay = self.layout
        surf = theme.table_background().copy()
        # score track frame, and a paper mat inside it
        draw_score_track(surf, lay)
        # board
        b = lay.board_rect
        theme.draw_shadow(surf, b, radius=6, spread=14, lift=6, alpha=120)
        surf.blit(render_map_scaled("oregon", b.size), b.topleft)
        for x in range(1, COLS):
            c = (60, 44, 30) if x % 3 == 0 else (0, 0, 0)
            if x % 3 == 0:
                pygame.draw.line(surf, c, (b.x + x * CELL, b.y - 4), (b.x + x * CELL, b.bottom), 3)
        for y in range(1, ROWS):
            if y % 2 == 0:
                pygame.draw.line(surf, (60, 44, 30), (b.x - 4, b.y + y * CELL),
                                 (b.right, b.y + y * CELL), 3)
        pygame.draw.rect(surf, (60, 44, 30), b.inflate(4, 4), 3, border_radius=4)
        # symbols
        for i, s in enumerate(self.column_symbols):
            self._symbol(surf, lay.column_symbol_rect(i), self._symbol_name(s), horizontal=True)
        for i, s in enumerate(self.row_symbols):
            self._symbol(surf, lay.row_symbol_rect(i), self._symbol_name(s), horizontal=False)
        return surf.convert() if pygame.display.get_surface() else surf

    def _symbol(self, surf, rect: pygame.Rect, name: str, horizontal: bool) -> None:
        band = rect.inflate(-6, -6) if horizontal else rect.inflate(-6, -6)
        col = oregon_art.SYMBOL_COLOURS.get(name, (180, 150, 110))
        pygame.draw.rect(surf, art.mix(col, art.PAPER, 0.55), band, border_radius=10)
        pygame.draw.rect(surf, art.shade(col, 0.6), band, 2, border_radius=10)
        pic = assets.pictogram(name, 40)
        surf.blit(pic, pic.get_rect(center=band.center))

    # --- per frame --------------------------------------------------------------------------
    def draw_base(self, surface: pygame.Surface) -> None:
        surface.blit(self.base, (0, 0))

    def draw_buildings(self, surface, buildings) -> None:
        for b in buildings:
            r = self.layout.cell_rect(*b["cell"])
            s = tile_surface(b["building"], b.get("start", False))
            surface.blit(s, s.get_rect(center=r.center))

    def draw_farmers(self, surface, farmers: list[tuple[int, tuple[int, int]]]) -> None:
        """``farmers``: (colour index, cell) pairs."""
        for colour, cell in farmers:
            r = self.layout.cell_rect(*cell)
            s = piece_surface(colour)
            surface.blit(s, s.get_rect(midbottom=(r.centerx, r.bottom + 2)))

    def draw_glows(self, surface, cells, kind: str, t: float) -> None:
        g = glow_surface(kind)
        g.set_alpha(round(170 + 85 * (0.5 + 0.5 * stillness.wave(t, 4))))
        for cell in cells:
            surface.blit(g, self.layout.cell_rect(*cell))
        g.set_alpha(255)

    def draw_hover(self, surface, cell) -> None:
        surface.blit(hover_surface(), self.layout.cell_rect(*cell))

    def draw_cursor(self, surface, cell, t: float) -> None:
        r = self.layout.cell_rect(*cell).inflate(8, 8)
        surface.blit(cursor_surface(), r.move(0, round(-2 * abs(stillness.wave(t, 3)))))

    def draw_markers(self, surface, positions: list[tuple[int, float]]) -> None:
        """``positions``: (colour index, score as float).  Equal spaces fan out."""
        draw_track_markers(surface, self.layout, positions,
                           lambda c: assets.piece(c, MARKER_SIZE, "marker", shadow=True))
