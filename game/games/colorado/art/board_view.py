"""The board layer of the Colorado County table: a cached picture of the table, score track,
meadow, lakes (with their values) and border marks, then the pieces, glows, ghost and
cursor drawn on top each frame."""

from __future__ import annotations

import math
from functools import cache

import pygame

from game import assets
from game.engine.tiled_map import map_path
from game.games.colorado.art import pieces
from game.games.colorado.art.layout import CELL, COLS, ROWS, TableLayout
from game.games.colorado.engine.lakes import first_game_layout
from game.games.colorado.engine.view import LakeView
from game.map_render import ensure_display, render_map_scaled
from game.ui import stillness, theme
from game.ui.table_common import TrackStyle, draw_score_track, draw_track_markers

# the score track in Colorado County's warmer browns
TRACK_STYLE = TrackStyle(frame=(112, 80, 50), frame_edge=(80, 54, 32), face=(240, 230, 204),
                         face_ten=(250, 206, 120), face_five=(232, 212, 172),
                         mat=(226, 210, 170))

CUBE = 48
FLAG = 58
SIDES = "NESW"
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
CORNERS = ("NE", "SE", "SW", "NW")


def _text(msg: str, size: int, colour=theme.INK, bold: bool = False) -> pygame.Surface:
    return theme.text(msg, size, colour, bold, fixed=True)  # board art: no UI scale


@cache
def _tiles() -> tuple[dict, dict]:
    """The Colorado tileset: meadow tiles by (border, variant), water tiles by (links, notches)."""
    from pytmx.util_pygame import load_pygame


    ensure_display()
    tmx = load_pygame(str(map_path("colorado")))
    meadow, water = {}, {}
    for gid in range(1, 200):
        try:
            props = tmx.get_tile_properties_by_gid(gid)
            image = tmx.get_tile_image_by_gid(gid)
        except (KeyError, ValueError, IndexError):
            continue
        if not props or image is None:
            continue
        if props.get("terrain") == "meadow":
            meadow[(bool(props.get("border")), int(props.get("variant", 0)))] = image
        elif props.get("terrain") == "lake":
            water[(str(props.get("links")), str(props.get("notches")))] = image
    return meadow, water


def _is_first_layout(lakes: list[LakeView]) -> bool:

    mine = sorted((lk["value"], tuple(sorted(tuple(c) for c in lk["cells"]))) for lk in lakes)
    first = sorted((v, tuple(sorted(cells))) for v, cells in first_game_layout())
    return mine == first


def board_picture(lakes: list[LakeView], size: tuple[int, int]) -> pygame.Surface:
    """The board with these lakes: the Tiled map for the first-game layout, else built from
    the tileset's meadow and water-edge tiles."""
    if _is_first_layout(lakes):
        return render_map_scaled("colorado", size)
    meadow, water = _tiles()
    some = next(iter(meadow.values()))
    tw, th = some.get_size()
    surf = pygame.Surface((COLS * tw, ROWS * th))
    lake_of = {}
    for lk in lakes:
        for c in lk["cells"]:
            lake_of[tuple(c)] = lk["index"]
    for y in range(ROWS):
        for x in range(COLS):
            li = lake_of.get((x, y))
            if li is None:
                border = x in (0, COLS - 1) or y in (0, ROWS - 1)
                variant = (x * 7 + y * 13) % 4
                img = meadow.get((border, variant)) or meadow.get((border, 0)) or some
            else:
                def same(dx, dy, li=li, x=x, y=y):
                    return lake_of.get((x + dx, y + dy)) == li

                links = "".join(s for s in SIDES if same(*STEP[s]))
                notches = [k for k in CORNERS if k[0] in links and k[1] in links
                           and not same(STEP[k[0]][0] + STEP[k[1]][0],
                                        STEP[k[0]][1] + STEP[k[1]][1])]
                img = water.get((links or "none", ",".join(notches) or "none")) \
                    or water.get((links, ",".join(notches) or "none")) or some
            surf.blit(img, (x * tw, y * th))
    return pygame.transform.smoothscale(surf, size)


def lake_centre(layout: TableLayout, cells) -> tuple[int, int]:
    """Where a lake's value badge goes: the centre of the lake cell nearest its middle."""
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    rect = layout.cell_rect(0, 0)
    px = layout.board_rect.x + (mx + 0.5) * rect.w
    py = layout.board_rect.y + (my + 0.5) * rect.h
    if (round(mx), round(my)) not in [tuple(c) for c in cells] and (
            int(mx), int(my)) not in [tuple(c) for c in cells]:
        c = min(cells, key=lambda c: (c[0] - mx) ** 2 + (c[1] - my) ** 2)
        return layout.cell_rect(*c).center
    return (round(px), round(py))


class BoardView:
    """Draws the board area.  ``base`` (table, track, board, lake values) is built once."""

    def __init__(self, layout: TableLayout, lakes: list[LakeView]):
        self.layout = layout
        self.lakes = lakes
        self.lake_points = {lk["index"]: lake_centre(layout, lk["cells"]) for lk in lakes}
        self.base = self._build_base()

    def _build_base(self) -> pygame.Surface:
        lay = self.layout
        surf = theme.table_background().copy()
        draw_score_track(surf, lay, TRACK_STYLE)
        b = lay.board_rect
        theme.draw_shadow(surf, b, radius=6, spread=14, lift=6, alpha=120)
        surf.blit(board_picture(self.lakes, b.size), b.topleft)
        grid = pygame.Surface(b.size, pygame.SRCALPHA)
        for x in range(1, COLS):
            pygame.draw.line(grid, (40, 60, 20, 50), (x * CELL, 0), (x * CELL, b.h), 1)
        for y in range(1, ROWS):
            pygame.draw.line(grid, (40, 60, 20, 50), (0, y * CELL), (b.w, y * CELL), 1)
        # the border ring: a dashed golden edge inside the board's rim
        ring = pygame.Rect(CELL, CELL, b.w - 2 * CELL, b.h - 2 * CELL)
        pygame.draw.rect(grid, (255, 226, 120, 150), ring, 3)
        surf.blit(grid, b.topleft)
        pygame.draw.rect(surf, (60, 44, 30), b.inflate(4, 4), 3, border_radius=4)
        for lk in self.lakes:
            badge = pieces.lake_badge(lk["value"])
            surf.blit(badge, badge.get_rect(center=self.lake_points[lk["index"]]))
        return surf.convert() if pygame.display.get_surface() else surf

    # --- per frame --------------------------------------------------------------------------
    def draw_base(self, surface: pygame.Surface) -> None:
        surface.blit(self.base, (0, 0))

    def draw_cubes(self, surface, cubes) -> None:
        """``cubes``: (colour index, cell) pairs."""
        for colour, cell in cubes:
            r = self.layout.cell_rect(*cell)
            s = pieces.cube(colour, CUBE)
            surface.blit(s, s.get_rect(center=(r.centerx + 1, r.centery + 2)))

    def draw_lake_owners(self, surface, lakes, colours) -> None:
        for lk in lakes:
            if lk["owner"] is None or lk["owner"] < 0:
                continue
            x, y = self.lake_points[lk["index"]]
            s = pieces.cube(colours[lk["owner"]], 30)
            surface.blit(s, s.get_rect(center=(x + 24, y + 20)))

    def draw_flags(self, surface, flags, flip: float | None = None) -> None:
        """``flags``: (cell, colour or None); ``flip`` in 0..1 turns them over (x scale)."""
        for cell, colour in flags:
            r = self.layout.cell_rect(*cell)
            s = pieces.flag(colour, FLAG)
            if flip is not None:
                scale = abs(math.cos(flip * math.pi))
                s = pieces.flag(None if flip < 0.5 else colour, FLAG)
                w = max(2, round(s.get_width() * scale))
                s = pygame.transform.scale(s, (w, s.get_height()))
            surface.blit(s, s.get_rect(center=(r.centerx + 6, r.centery - 4)))

    def draw_cells(self, surface, cells, kind: str, t: float | None = None) -> None:
        g = pieces.glow(kind, CELL)
        if t is not None:
            g.set_alpha(round(170 + 85 * (0.5 + 0.5 * stillness.wave(t, 4))))
        for cell in cells:
            surface.blit(g, self.layout.cell_rect(*cell))
        g.set_alpha(255)

    def draw_tint(self, surface, cells, colour: int, alpha: int = 120) -> None:
        s = pieces.tint(colour, CELL, alpha)
        for cell in cells:
            surface.blit(s, self.layout.cell_rect(*cell))

    def draw_ghost(self, surface, colour: int, stars, cubes, bad, t: float,
                   blocked=frozenset()) -> None:
        """The card laid on the board: each starred cell outlined, a faint cube where one
        would go, red where nothing can go; a ``blocked`` star (a lake or taken land, where
        no cube may ever stand) is a faint crossed-out star."""
        lay = self.layout
        ghost = _ghost_cube(colour)
        star = _ghost_star()
        a = round(150 + 70 * stillness.wave(t, 5))
        for cell in stars:
            x, y = cell
            if not (0 <= x < COLS and 0 <= y < ROWS):
                continue
            r = lay.cell_rect(x, y)
            if tuple(cell) in blocked:
                surface.blit(_crossed_star(), r)
                continue
            kind = "bad" if tuple(cell) in bad else "ghost"
            surface.blit(pieces.glow(kind, CELL), r)
            if tuple(cell) in cubes:
                ghost.set_alpha(a)
                surface.blit(ghost, ghost.get_rect(center=r.center))
                ghost.set_alpha(255)
            surface.blit(star, star.get_rect(topright=(r.right - 2, r.y + 2)))

    def draw_cursor(self, surface, cell, t: float) -> None:
        r = self.layout.cell_rect(*cell).inflate(8, 8)
        surface.blit(_cursor(), r.move(0, round(-2 * abs(stillness.wave(t, 3)))))

    def draw_hover(self, surface, cell) -> None:
        surface.blit(_hover(), self.layout.cell_rect(*cell))

    def draw_markers(self, surface, positions: list[tuple[int, float]]) -> None:
        """Score markers: (colour index, score as float); laps past 100 show as a small +100."""
        draw_track_markers(surface, self.layout, positions, pieces.marker)


@cache
def _crossed_star() -> pygame.Surface:
    """A faint star with a cross over it, a cell big: this star takes no cube."""
    s = pygame.Surface((CELL, CELL), pygame.SRCALPHA)
    pygame.draw.rect(s, (255, 255, 255, 50), s.get_rect().inflate(-6, -6), 3,
                     border_radius=8)

    star = assets.pictogram("star", 40).copy()
    star.set_alpha(110)
    s.blit(star, star.get_rect(center=(CELL // 2, CELL // 2)))
    m = CELL // 4
    for a, b in (((m, m), (CELL - m, CELL - m)), ((CELL - m, m), (m, CELL - m))):
        pygame.draw.line(s, (40, 20, 20, 120), a, b, 9)
        pygame.draw.line(s, (230, 70, 60, 170), a, b, 5)
    return s


@cache
def _ghost_cube(colour: int) -> pygame.Surface:
    return pieces.cube(colour, CUBE).copy()


@cache
def _ghost_star() -> pygame.Surface:

    return assets.pictogram("star", 24)


@cache
def _cursor() -> pygame.Surface:
    s = pygame.Surface((CELL + 8, CELL + 8), pygame.SRCALPHA)
    r = s.get_rect()
    pygame.draw.rect(s, (*theme.FOCUS_EDGE, 255), r, 7, border_radius=12)
    pygame.draw.rect(s, (*theme.FOCUS, 255), r.inflate(-4, -4), 4, border_radius=10)
    return s


@cache
def _hover() -> pygame.Surface:
    s = pygame.Surface((CELL, CELL), pygame.SRCALPHA)
    pygame.draw.rect(s, (255, 255, 255, 50), s.get_rect().inflate(-4, -4), border_radius=10)
    pygame.draw.rect(s, (255, 255, 255, 190), s.get_rect().inflate(-4, -4), 3, border_radius=10)
    return s


__all__ = ["BoardView", "board_picture"]
