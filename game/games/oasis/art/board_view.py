"""The board layer of the Oasis table: a cached base (table, score track, the Tiled map with
the start zones marked), a pieces layer rebuilt only when the board changes (tiles with
area borders, control markers, camels), and per-frame glows, highlights and cursor."""

from __future__ import annotations

import pygame

from game import assets
from game.games.oasis.art import pictures as oart
from game.games.oasis.art.layout import CELL, TableLayout
from game.games.oasis.engine.view import BoardInfo
from game.map_render import render_map_scaled
from game.ui import art, stillness, theme
from game.ui.table_common import TrackStyle, draw_score_track, draw_track_markers

# Oasis' track is thinner: smaller spaces and numbers, a sand mat without an edge
TRACK_STYLE = TrackStyle(inset=3, radius=5, number_size=18, ten_size=20, mat=(222, 196, 150),
                         mat_inset=4, mat_radius=10, mat_edge=None)

MARKER_SIZE = 30
CONTROL_SIZE = 40
CAMEL_SIZE = CELL - 12


class BoardView:
    def __init__(self, layout: TableLayout, board_json: BoardInfo):
        self.layout = layout
        self.width = board_json["width"]
        self.height = board_json["height"]
        self.path = set(map(tuple, board_json["path"]))
        self.edge = set(map(tuple, board_json["edge"]))
        self.bonus = {(x, y): k for x, y, k in board_json["bonus"]}
        self.path_side = {c for c in self._cells() if c not in self.path and any(
            n in self.path for n in self._nbrs(c))}
        self.base = self._build_base()
        self._pieces_key = None
        self._pieces: pygame.Surface | None = None

    def _cells(self):
        return [(x, y) for y in range(self.height) for x in range(self.width)]

    def _nbrs(self, c):
        x, y = c
        return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]

    # --- the cached base ---------------------------------------------------------------
    def _build_base(self) -> pygame.Surface:
        lay = self.layout
        surf = theme.table_background().copy()
        draw_score_track(surf, lay, TRACK_STYLE)
        b = lay.board_rect
        theme.draw_shadow(surf, b, radius=6, spread=12, lift=5, alpha=120)
        surf.blit(render_map_scaled("oasis", b.size), b.topleft)
        self._start_zones(surf)
        pygame.draw.rect(surf, (110, 80, 50), b.inflate(4, 4), 3, border_radius=4)
        return surf.convert() if pygame.display.get_surface() else surf

    def _start_zones(self, surf) -> None:
        """Edge cells (where an oasis may start) get a blue inner rim on their outer sides;
        cells beside the path (where a steppe may start) a row of green dots along it."""
        blue, green = (40, 140, 200), (86, 140, 40)
        for (x, y) in self.edge:
            r = self.layout.cell_rect(x, y)
            if x == 0:
                pygame.draw.line(surf, blue, (r.x + 3, r.y + 2), (r.x + 3, r.bottom - 3), 5)
            if x == self.width - 1:
                pygame.draw.line(surf, blue, (r.right - 4, r.y + 2), (r.right - 4, r.bottom - 3), 5)
            if y == 0:
                pygame.draw.line(surf, blue, (r.x + 2, r.y + 3), (r.right - 3, r.y + 3), 5)
            if y == self.height - 1:
                pygame.draw.line(surf, blue, (r.x + 2, r.bottom - 4), (r.right - 3, r.bottom - 4), 5)
        for c in self.path_side:
            r = self.layout.cell_rect(*c)
            for n in self._nbrs(c):
                if n not in self.path:
                    continue
                dx, dy = n[0] - c[0], n[1] - c[1]
                for k in (-1, 0, 1):
                    px = r.centerx + dx * (CELL // 2 - 7) + (k * 12 if dy else 0)
                    py = r.centery + dy * (CELL // 2 - 7) + (k * 12 if dx else 0)
                    pygame.draw.circle(surf, green, (px, py), 3)

    # --- the pieces layer (rebuilt when the board changes) ------------------------------
    def pieces(self, key, tiles: dict, areas: list[dict], markers: list[tuple[int, tuple]],
               camels: list[tuple[int, tuple]], colour_of) -> pygame.Surface:
        """``tiles``: {cell: kind} (bonus squares not included); ``areas``: view areas;
        ``markers``/``camels``: (colour index, cell); ``colour_of(owner)`` a palette index."""
        if key == self._pieces_key and self._pieces is not None:
            return self._pieces
        b = self.layout.board_rect
        surf = pygame.Surface(b.size, pygame.SRCALPHA)
        for (x, y), kind in tiles.items():
            surf.blit(oart.land_tile(kind, CELL), (x * CELL, y * CELL))
        for a in areas:
            if a["owner"] < 0:
                continue
            col = art.PLAYER_COLOURS[colour_of(a["owner"])]
            cells = set(map(tuple, a["cells"]))
            for (x, y) in cells:
                r = pygame.Rect(x * CELL, y * CELL, CELL, CELL)
                if (x, y - 1) not in cells:
                    pygame.draw.line(surf, col, (r.x, r.y + 2), (r.right - 1, r.y + 2), 5)
                if (x, y + 1) not in cells:
                    pygame.draw.line(surf, col, (r.x, r.bottom - 3), (r.right - 1, r.bottom - 3), 5)
                if (x - 1, y) not in cells:
                    pygame.draw.line(surf, col, (r.x + 2, r.y), (r.x + 2, r.bottom - 1), 5)
                if (x + 1, y) not in cells:
                    pygame.draw.line(surf, col, (r.right - 3, r.y), (r.right - 3, r.bottom - 1), 5)
        for colour, (x, y) in camels:
            s = oart.camel(colour, CAMEL_SIZE)
            surf.blit(s, s.get_rect(center=(x * CELL + CELL // 2, y * CELL + CELL // 2)))
        for colour, (x, y) in markers:
            s = assets.piece(colour, CONTROL_SIZE, "farmer", shadow=True)
            surf.blit(s, s.get_rect(bottomright=(x * CELL + CELL + 4, y * CELL + CELL + 2)))
        self._pieces_key, self._pieces = key, surf
        return surf

    # --- per frame ------------------------------------------------------------------------
    def draw_base(self, surface) -> None:
        surface.blit(self.base, (0, 0))

    def draw_pieces(self, surface, layer) -> None:
        surface.blit(layer, self.layout.board_rect)

    def draw_cells(self, surface, cells, kind: str, t: float | None = None) -> None:
        g = oart.glow(kind, CELL)
        if t is not None:
            g.set_alpha(round(180 + 75 * (0.5 + 0.5 * stillness.wave(t, 4))))
        for cell in cells:
            surface.blit(g, self.layout.cell_rect(*cell))
        g.set_alpha(255)

    def draw_markers(self, surface, positions: list[tuple[int, float]]) -> None:
        """Score markers: (colour index, score as float); laps past 100 show as a small +100."""
        draw_track_markers(surface, self.layout, positions,
                           lambda c: assets.piece(c, MARKER_SIZE, "marker", shadow=True))
