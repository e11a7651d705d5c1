"""Write Colorado County's board: ``maps/colorado.tmx`` and its tileset
``maps/tilesets/colorado.tsx`` + ``colorado.png``.

    python tools/make_map_colorado.py [--out DIR]     # default DIR: the project's maps/

The board is 15 x 10 cells of 64 px.  Layers:

- ``land`` (tiles): meadow everywhere, golden prairie grass on the border cells (they score
  in every round), lake water on the lake cells.  Tile properties: ``terrain`` (``meadow``
  or ``lake``), ``border`` (bool, meadow tiles), ``variant`` (meadow look), and for water
  ``links`` (sides of ``NESW`` where the lake goes on into the next cell, or ``none``) and
  ``notches`` (corners between two linked sides whose diagonal cell is land, or ``none``).
  The tileset holds every water tile a lake of any shape needs, so the client can draw the
  random layouts too.
- ``lakes`` (objects): one object of class ``lake`` per lake, its rectangle the lake's
  bounding box, with the int property ``value`` (3-8) and the string property ``cells``
  (``"x,y;x,y;..."``), which gives the exact shape.

Map property ``game`` = ``colorado``.  The first-game layout below spreads the six lakes
over the board, none touching another by side or corner, none on the outer edge.

Deterministic: noise from fixed numpy seeds, drawing at 4x size reduced by averaging in
numpy, PNG and XML written by ``tools/tmx.py``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import numpy as np  # noqa: E402
import pygame  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tmx import MapObject, TiledMap, Tileset  # noqa: E402

from game.games.colorado.engine.lakes import check_layout  # noqa: E402

MAPS_DIR = Path(__file__).resolve().parent.parent / "maps"
WIDTH, HEIGHT = 15, 10
TILE = 64
SS = 4
W = TILE * SS
SIDES = "NESW"
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
CORNERS = ("NE", "SE", "SW", "NW")
MEADOW_VARIANTS = 4

# The first-game layout: value -> cells (x, y).
FIRST_GAME_LAKES: dict[int, tuple[tuple[int, int], ...]] = {
    3: ((11, 1), (12, 1)),                                  # 2 in a line, north-east
    4: ((2, 7), (2, 8), (3, 8)),                            # L, south-west
    5: ((12, 5), (12, 6), (12, 7)),                         # 3 in a line, east
    6: ((2, 2), (3, 2), (2, 3), (3, 3)),                    # square, north-west
    7: ((6, 1), (7, 1), (8, 1), (7, 2)),                    # T, north
    8: ((6, 5), (7, 5), (8, 5), (6, 6), (7, 6), (8, 6)),    # 2 x 3, centre
}

# Palette: high-plains meadow, golden prairie on the border, mountain-lake blues.
MEADOW = (118, 168, 82)
MEADOW_DARK = (86, 136, 60)
MEADOW_LIGHT = (156, 196, 106)
PRAIRIE = (184, 178, 98)
PRAIRIE_DARK = (150, 142, 72)
PRAIRIE_LIGHT = (214, 204, 128)
FLOWERS = ((246, 242, 226), (250, 214, 92), (170, 150, 226))  # white, yellow, columbine
SHORE = (222, 206, 150)
SHALLOW = (108, 176, 212)
DEEP = (46, 104, 170)
RIPPLE = (176, 216, 240)

MARGIN = 0.20 * W   # land between a lake's edge and the cell side
ROUND = 0.16 * W    # rounding of the lake's outer corners (and its shallow rim)
SHORE_W = 0.06 * W  # the sandy strip
NOTCH_ROUND = 0.11 * W


# --- helpers -----------------------------------------------------------------------------

def periodic_noise(rng: np.random.Generator, cells: int) -> np.ndarray:
    """Smooth tileable value noise in [0, 1], shape (W, W) indexed [x, y]."""
    lattice = rng.random((cells, cells))
    t = np.arange(W) * cells / W
    i0 = t.astype(int)
    f = t - i0
    f = f * f * (3 - 2 * f)
    i1 = (i0 + 1) % cells
    a = lattice[np.ix_(i0, i0)] * (1 - f)[None, :] + lattice[np.ix_(i0, i1)] * f[None, :]
    b = lattice[np.ix_(i1, i0)] * (1 - f)[None, :] + lattice[np.ix_(i1, i1)] * f[None, :]
    return a * (1 - f)[:, None] + b * f[:, None]


def ground(seed: int, colour: tuple[int, int, int], amount: float = 0.07) -> np.ndarray:
    rng = np.random.default_rng(seed)
    n = 0.6 * periodic_noise(rng, 4) + 0.4 * periodic_noise(rng, 8) - 0.5
    return np.clip(np.array(colour, float)[None, None, :] * (1 + 2 * amount * n[..., None]),
                   0, 255)


def grass(seed: int, border: bool) -> pygame.Surface:
    """A meadow (or prairie) cell at working size: mottled ground, tufts, a few flowers."""
    base, dark, light = ((PRAIRIE, PRAIRIE_DARK, PRAIRIE_LIGHT) if border
                         else (MEADOW, MEADOW_DARK, MEADOW_LIGHT))
    surf = pygame.surfarray.make_surface(ground(seed, base).astype(np.uint8))
    rng = np.random.default_rng(seed + 50)
    for _ in range(7):
        x, y = rng.uniform(24, W - 24), rng.uniform(30, W - 18)
        colour = dark if rng.random() < 0.6 else light
        for lean in (-9, 0, 9):
            h = rng.uniform(16, 26)
            pygame.draw.line(surf, colour, (x, y), (x + lean, y - h), 4)
    for _ in range(int(rng.integers(1, 4))):
        x, y = rng.uniform(30, W - 30), rng.uniform(30, W - 30)
        colour = FLOWERS[int(rng.integers(len(FLOWERS)))]
        for dx, dy in ((0, -6), (6, 0), (0, 6), (-6, 0)):
            pygame.draw.circle(surf, colour, (x + dx, y + dy), 5)
        pygame.draw.circle(surf, (236, 186, 60), (x, y), 4)
    return surf


def reduce(arr: np.ndarray) -> np.ndarray:
    return arr.reshape(TILE, SS, TILE, SS, 3).mean(axis=(1, 3))


def cell_edge(small: np.ndarray, land: np.ndarray) -> np.ndarray:
    """Darken the outer ring of land pixels a little, so cells are easy to count."""
    shade = np.ones((TILE, TILE))
    for ring, factor in ((0, 0.86), (1, 0.95)):
        last = TILE - 1 - ring
        shade[ring, ring:last + 1] = shade[last, ring:last + 1] = factor
        shade[ring:last + 1, ring] = shade[ring:last + 1, last] = factor
    shade = np.where(land > 0.5, shade, 1.0)
    return small * shade[..., None]


def to_surface(small: np.ndarray) -> pygame.Surface:
    return pygame.surfarray.make_surface(np.clip(np.rint(small), 0, 255).astype(np.uint8))


# --- tiles -------------------------------------------------------------------------------

def draw_meadow(variant: int, border: bool) -> pygame.Surface:
    seed = 100 + variant + (50 if border else 0)
    arr = pygame.surfarray.array3d(grass(seed, border)).astype(float)
    return to_surface(cell_edge(reduce(arr), np.ones((TILE, TILE))))


def rect_distance(px: np.ndarray, py: np.ndarray, x0: float, y0: float, x1: float,
                  y1: float) -> np.ndarray:
    dx = np.maximum(np.maximum(x0 - px, px - x1), 0)
    dy = np.maximum(np.maximum(y0 - py, py - y1), 0)
    return np.hypot(dx, dy)


def lake_distance(links: str, notches: str) -> np.ndarray:
    """Signed distance to the lake's edge in this cell (negative in the water), [x, y]."""
    c = np.arange(W) + 0.5
    px, py = np.meshgrid(c, c, indexing="ij")
    lo, hi, big = MARGIN + ROUND, W - MARGIN - ROUND, 4 * W
    rects = [(lo, lo, hi, hi)]
    arm = {"N": (lo, -big, hi, W / 2), "S": (lo, W / 2, hi, big),
           "W": (-big, lo, W / 2, hi), "E": (W / 2, lo, big, hi)}
    quad = {"NE": (W / 2, -big, big, W / 2), "SE": (W / 2, W / 2, big, big),
            "SW": (-big, W / 2, W / 2, big), "NW": (-big, -big, W / 2, W / 2)}
    rects += [arm[s] for s in links]
    notched = [n for n in notches.split(",") if n in CORNERS]
    rects += [quad[k] for k in CORNERS if k[0] in links and k[1] in links and k not in notched]
    d = np.min([rect_distance(px, py, *r) for r in rects], axis=0) - ROUND
    for k in notched:
        # Land reaches into the corner: a square of MARGIN with its inner corner rounded.
        r = NOTCH_ROUND
        x0, x1 = (W - MARGIN + r, big) if "E" in k else (-big, MARGIN - r)
        y0, y1 = (-big, MARGIN - r) if "N" in k else (W - MARGIN + r, big)
        land = rect_distance(px, py, x0, y0, x1, y1) - r
        d = np.maximum(d, -land)
    return d


def draw_water(links: str, notches: str, seed: int) -> pygame.Surface:
    meadow = pygame.surfarray.array3d(grass(100, False)).astype(float)
    d = lake_distance(links, notches)
    depth = np.clip(-d / ROUND, 0, 1)[..., None]
    water = np.array(SHALLOW, float) * (1 - depth) + np.array(DEEP, float) * depth
    shore = np.clip(1 - np.abs(d - SHORE_W / 2) / (SHORE_W / 2), 0, 1)[..., None]
    land = np.where(d[..., None] >= 0, meadow * (1 - shore) + np.array(SHORE, float) * shore,
                    water)
    surf = pygame.surfarray.make_surface(np.clip(land, 0, 255).astype(np.uint8))
    rng = np.random.default_rng(seed)
    for _ in range(3):  # ripples on deep water only
        for _try in range(20):
            x, y = rng.uniform(30, W - 30), rng.uniform(30, W - 30)
            if d[int(x) - 24:int(x) + 24, int(y) - 10:int(y) + 10].max() < -0.5 * ROUND:
                pygame.draw.arc(surf, RIPPLE, (x - 22, y - 6, 44, 20), 0.4, 2.7, 4)
                break
    small = reduce(pygame.surfarray.array3d(surf).astype(float))
    land_small = (d.reshape(TILE, SS, TILE, SS).mean(axis=(1, 3)) >= 0).astype(float)
    return to_surface(cell_edge(small, land_small))


def water_tiles() -> list[tuple[str, str]]:
    """(links, notches) for every water tile: 16 side sets, and for each, every subset of
    the corners between two linked sides (47 in all)."""
    out = []
    for mask in range(16):
        links = "".join(s for b, s in enumerate(SIDES) if mask >> b & 1)
        corners = [k for k in CORNERS if k[0] in links and k[1] in links]
        for sub in range(1 << len(corners)):
            out.append((links, ",".join(k for b, k in enumerate(corners) if sub >> b & 1)))
    return out


def build_tileset() -> tuple[Tileset, pygame.Surface]:
    ts = Tileset("colorado", TILE, TILE, columns=8, image="colorado.png")
    surfaces = []
    for border in (False, True):
        for v in range(MEADOW_VARIANTS):
            ts.add(terrain="meadow", border=border, variant=v)
            surfaces.append(draw_meadow(v, border))
    for k, (links, notches) in enumerate(water_tiles()):
        ts.add(terrain="lake", border=False, links=links or "none", notches=notches or "none")
        surfaces.append(draw_water(links, notches, 500 + k))
    sheet = pygame.Surface(ts.image_size)
    sheet.fill((0, 0, 0))
    for tid, surf in enumerate(surfaces):
        x, y, _, _ = ts.cell_rect(tid)
        sheet.blit(surf, (x, y))
    return ts, sheet


# --- map ---------------------------------------------------------------------------------

def land_rows(ts: Tileset, first: int) -> list[list[int]]:
    lake_cells = {c for cells in FIRST_GAME_LAKES.values() for c in cells}
    lake_of = {c: v for v, cells in FIRST_GAME_LAKES.items() for c in cells}
    rows = []
    for y in range(HEIGHT):
        row = []
        for x in range(WIDTH):
            if (x, y) in lake_cells:
                same = {(x + dx, y + dy) for dx, dy in STEP.values()
                        if lake_of.get((x + dx, y + dy)) == lake_of[(x, y)]}
                links = "".join(s for s in SIDES
                                if (x + STEP[s][0], y + STEP[s][1]) in same)
                notches = ",".join(
                    k for k in CORNERS if k[0] in links and k[1] in links
                    and (x + STEP[k[0]][0] + STEP[k[1]][0],
                         y + STEP[k[0]][1] + STEP[k[1]][1]) not in lake_cells)
                tid = ts.find(terrain="lake", links=links or "none", notches=notches or "none")
            else:
                border = x in (0, WIDTH - 1) or y in (0, HEIGHT - 1)
                variant = (x * 7 + y * 3 + (x * y) % 5) % MEADOW_VARIANTS
                tid = ts.find(terrain="meadow", border=border, variant=variant)
            row.append(first + tid)
        rows.append(row)
    return rows


def lake_objects() -> list[MapObject]:
    out = []
    for value, cells in sorted(FIRST_GAME_LAKES.items()):
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        out.append(MapObject(
            f"lake {value}", "lake", min(xs) * TILE, min(ys) * TILE,
            (max(xs) - min(xs) + 1) * TILE, (max(ys) - min(ys) + 1) * TILE,
            {"value": value, "cells": ";".join(f"{x},{y}" for x, y in cells)}))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=MAPS_DIR)
    args = parser.parse_args(argv)
    check_layout(list(FIRST_GAME_LAKES.items()))  # shapes, inside the board, never touching
    ts, sheet = build_tileset()
    ts.write(args.out / "tilesets" / "colorado.tsx", sheet)
    m = TiledMap(WIDTH, HEIGHT, TILE, TILE, properties={"game": "colorado"})
    first = m.use(ts, "tilesets/colorado.tsx")
    m.tile_layer("land", land_rows(ts, first))
    m.object_layer("lakes", lake_objects())
    m.write(args.out / "colorado.tmx")
    print(f"wrote {args.out / 'colorado.tmx'}: {len(ts.tiles)} tiles, "
          f"{len(FIRST_GAME_LAKES)} lakes")


if __name__ == "__main__":
    main()
