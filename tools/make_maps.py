"""Write the game boards (``maps/*.tmx``) from layouts authored as text below.

    python tools/make_tilesets.py [--out DIR]   # first: the maps reference these tilesets
    python tools/make_maps.py [--out DIR]       # default DIR: the project's maps/

Each map is a ``MapSpec``: a grid of one character per cell, a legend from characters to
terrains, and map properties.  Tiles are picked from the tileset by their properties (see
``pick_tile``): plains and mountains vary by a fixed per-cell pattern, water and rail by
which of their four sides continue into a neighbour of the same terrain (the map edge
continues water, and continues a rail line that runs into it).  The script prints each board's statistics
and checks the rules' requirements for it before writing.

To add a board for another game: draw its tileset in ``make_tilesets.py``, then add a
``MapSpec`` (its layout, legend, properties and a ``check`` function) to ``MAPS``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tmx import MapObject, TiledMap, Tileset, read_tileset  # noqa: E402

MAPS_DIR = Path(__file__).resolve().parent.parent / "maps"
SIDES = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}

Grid = list[list[str]]  # grid[y][x] = terrain name

# --- Oregon ------------------------------------------------------------------------------
# 15 x 10 cells.  A frontier valley: a river runs down from the north into a lake, the
# Pacific coast lines the south-west, a second lake lies in the south-east; the Cascades
# fill the north-east, with smaller ranges in the north-west and the south.  The railway
# comes in from the west, gets a branch down to the coast, crosses the plains and leaves
# east, with a spur north to the mines.
OREGON_LAYOUT = """
^^....~.....^^.
.^^...~~..^^^^^
..^.^..~~~...^.
....^...~~..=^.
====........=.^
...========.=^.
~.^=......=====
~..=.^^........
~..=..^^^..~~..
~~.=....^^.~~^^
"""
OREGON_LEGEND = {".": "plains", "=": "rail", "^": "mountain", "~": "water"}
OREGON_COLUMNS = ("settlers", "wagon", "campfire", "bison", "eagle")
OREGON_ROWS = ("bison", "eagle", "settlers", "campfire", "wagon")


def parse_layout(text: str, legend: dict[str, str]) -> Grid:
    rows = [line.strip() for line in text.strip().splitlines()]
    if len({len(r) for r in rows}) != 1:
        raise ValueError("layout rows differ in length")
    return [[legend[ch] for ch in row] for row in rows]


def neighbours8(grid: Grid, x: int, y: int):
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if (dx or dy) and 0 <= y + dy < len(grid) and 0 <= x + dx < len(grid[0]):
                yield x + dx, y + dy


def bodies(grid: Grid, terrain: str) -> list[set[tuple[int, int]]]:
    """Side-connected groups of cells of one terrain."""
    seen: set[tuple[int, int]] = set()
    out = []
    for y, row in enumerate(grid):
        for x, t in enumerate(row):
            if t != terrain or (x, y) in seen:
                continue
            body, todo = set(), [(x, y)]
            seen.add((x, y))
            while todo:
                cx, cy = todo.pop()
                body.add((cx, cy))
                for dx, dy in SIDES.values():
                    nx, ny = cx + dx, cy + dy
                    if (0 <= ny < len(grid) and 0 <= nx < len(row)
                            and grid[ny][nx] == terrain and (nx, ny) not in seen):
                        seen.add((nx, ny))
                        todo.append((nx, ny))
            out.append(body)
    return out


def oregon_stats(grid: Grid) -> dict[str, Any]:
    cells = [t for row in grid for t in row]
    harbour = sum(1 for y, row in enumerate(grid) for x, t in enumerate(row)
                  if t == "plains" and any(grid[j][i] == "water"
                                           for i, j in neighbours8(grid, x, y)))
    areas = [[sum(grid[y][x] != "water" for y in range(2 * r, 2 * r + 2)
                  for x in range(3 * c, 3 * c + 3)) for c in range(5)] for r in range(5)]
    return {
        "size": (len(grid[0]), len(grid)),
        "counts": {t: cells.count(t) for t in ("plains", "rail", "mountain", "water")},
        "plains next to water": harbour,
        "water bodies": sorted((len(b) for b in bodies(grid, "water")), reverse=True),
        "fewest non-water cells in an area": min(min(r) for r in areas),
        "row bands (plains/rail/mountain)": [
            tuple(sum(t == k for t in grid[2 * r] + grid[2 * r + 1])
                  for k in ("plains", "rail", "mountain")) for r in range(5)],
        "column bands (plains/rail/mountain)": [
            tuple(sum(row[x] == k for row in grid for x in range(3 * c, 3 * c + 3))
                  for k in ("plains", "rail", "mountain")) for c in range(5)],
    }


def oregon_check(grid: Grid) -> list[str]:
    """The board requirements of rules/oregon.md; returns the broken ones."""
    s = oregon_stats(grid)
    n = s["counts"]
    water = s["water bodies"]
    problems = [
        (s["size"] == (15, 10), "the board is 15 x 10"),
        (n["rail"] >= 12, "at least 12 rail cells"),
        (n["mountain"] >= 20, "at least 20 mountain cells"),
        (n["plains"] >= 45, "at least 45 plains cells"),
        (s["plains next to water"] >= 12, "at least 12 plains cells next to water"),
        (10 <= n["water"] <= 18, "10-18 water cells"),
        (2 <= len(water) <= 3, "two or three bodies of water"),
        (s["fewest non-water cells in an area"] >= 3, "3+ non-water cells in every area"),
    ]
    return [text for ok, text in problems if not ok]


def oregon_areas(tile: int) -> list[MapObject]:
    """One rectangle per area (row symbol x column symbol), for reference in Tiled."""
    return [MapObject(f"{row}/{col}", "area", 3 * c * tile, 2 * r * tile, 3 * tile, 2 * tile,
                      {"row_symbol": row, "column_symbol": col})
            for r, row in enumerate(OREGON_ROWS) for c, col in enumerate(OREGON_COLUMNS)]


# --- building a map ----------------------------------------------------------------------

@dataclass
class MapSpec:
    layout: str
    legend: dict[str, str]
    properties: dict[str, Any]
    check: Callable[[Grid], list[str]]
    stats: Callable[[Grid], dict[str, Any]]
    objects: Callable[[int], dict[str, list[MapObject]]] = field(default=lambda tile: {})
    tileset: str = "terrain"


MAPS: dict[str, MapSpec] = {
    "oregon": MapSpec(
        OREGON_LAYOUT, OREGON_LEGEND,
        {"game": "oregon", "column_symbols": ",".join(OREGON_COLUMNS),
         "row_symbols": ",".join(OREGON_ROWS), "columns_per_symbol": 3, "rows_per_symbol": 2},
        oregon_check, oregon_stats, lambda tile: {"areas": oregon_areas(tile)}),
}


def links(grid: Grid, x: int, y: int, joins_edge: bool) -> str:
    """Sides (in NESW order) whose neighbour has the same terrain.  An edge of the map
    counts when ``joins_edge`` says the feature runs on beyond it."""
    h, w = len(grid), len(grid[0])
    out = ""
    for side, (dx, dy) in SIDES.items():
        nx, ny = x + dx, y + dy
        if 0 <= nx < w and 0 <= ny < h:
            out += side if grid[ny][nx] == grid[y][x] else ""
        elif joins_edge:
            out += side
    return out


def notches(grid: Grid, x: int, y: int, sides: str) -> list[str]:
    """Corners between two linked sides whose diagonal cell is on the map and different."""
    out = []
    for corner in ("NE", "SE", "SW", "NW"):
        if corner[0] in sides and corner[1] in sides:
            (ax, ay), (bx, by) = SIDES[corner[0]], SIDES[corner[1]]
            nx, ny = x + ax + bx, y + ay + by
            if 0 <= nx < len(grid[0]) and 0 <= ny < len(grid) and grid[ny][nx] != grid[y][x]:
                out.append(corner)
    return out


def pick_tile(ts: Tileset, grid: Grid, x: int, y: int) -> int:
    """The tile for cell (x, y), chosen by what the terrain's tiles offer: ``notches``
    (areas such as water, which run on past the map edge), ``links`` (lines such as rail,
    which run on past the edge they point at) or ``variant`` (a fixed per-cell pattern)."""
    terrain = grid[y][x]
    offer = next(t.properties for t in ts.tiles if t.properties.get("terrain") == terrain)
    if "notches" in offer:
        sides = links(grid, x, y, True)
        return ts.find(terrain=terrain, links=sides or "none",
                       notches=",".join(notches(grid, x, y, sides)) or "none")
    if "links" in offer:
        inner = links(grid, x, y, False)
        opposite = {"N": "S", "S": "N", "E": "W", "W": "E"}
        if len(inner) == 1 and opposite[inner] in links(grid, x, y, True):
            inner = "".join(s for s in SIDES if s in inner + opposite[inner])
        return ts.find(terrain=terrain, links=inner or "none")
    variants = sum(1 for t in ts.tiles if t.properties.get("terrain") == terrain)
    variant = ((x * 73856093) ^ (y * 19349663)) % variants  # a fixed spatial hash
    return ts.find(terrain=terrain, variant=variant)


def build(name: str, spec: MapSpec, out: Path) -> TiledMap:
    grid = parse_layout(spec.layout, spec.legend)
    problems = spec.check(grid)
    if problems:
        raise SystemExit(f"{name}: the layout breaks: {'; '.join(problems)}")
    source = f"tilesets/{spec.tileset}.tsx"
    ts = read_tileset(out / source)
    tmx = TiledMap(len(grid[0]), len(grid), ts.tile_width, ts.tile_height,
                   properties=dict(spec.properties))
    first = tmx.use(ts, source)
    tmx.tile_layer("terrain", [[first + pick_tile(ts, grid, x, y) for x in range(len(row))]
                               for y, row in enumerate(grid)])
    for layer, objects in spec.objects(ts.tile_width).items():
        tmx.object_layer(layer, objects)
    return tmx


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=MAPS_DIR, help="maps folder to write into")
    args = parser.parse_args(argv)
    for name, spec in MAPS.items():
        tmx = build(name, spec, args.out)
        tmx.write(args.out / f"{name}.tmx")
        print(f"wrote {args.out / f'{name}.tmx'}")
        for key, value in spec.stats(parse_layout(spec.layout, spec.legend)).items():
            print(f"  {key}: {value}")


if __name__ == "__main__":
    main()
