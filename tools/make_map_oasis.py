"""Write the Oasis board: ``maps/oasis.tmx`` and its tileset ``maps/tilesets/oasis.tsx`` +
``oasis.png``.

    python tools/make_map_oasis.py [--out DIR]     # default DIR: the project's maps/

The board is 17 x 13 cells of 64 px (``LAYOUT`` below).  A Y-shaped camel track of 40
cells, its junction north of the centre and its three ends on the outer edge, splits the
desert into three regions of 63, 59 and 59 placement cells; each region holds one oasis,
one steppe and one stone bonus square.

Layer ``ground`` (tiles) with tile properties:

- ``kind``: ``place`` (desert sand, and the bonus squares), ``path`` (the camel track) or
  ``blocked`` (rocks outside the play area; this layout needs none, the tile is there for
  other layouts);
- ``bonus``: ``oasis``, ``steppe`` or ``stone`` on bonus squares (absent elsewhere: the
  engine reads a missing bonus as "");
- ``variant`` (sand look) and ``links`` (track tiles: the sides ``NESW`` where the track goes
  on into the next cell) for the picture only.

The tileset also carries one tile per land kind with the property ``piece`` (``oasis``,
``steppe``, ``stone``): the look of the land tiles players put on the board, matching the
bonus squares, for the client to draw.  The map does not use them.

Map property ``game`` = ``oasis``.  Deterministic: noise from fixed numpy seeds, drawing at
4x size reduced by averaging in numpy, PNG and XML written by ``tools/tmx.py``.
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
from tmx import Tile, TiledMap, Tileset  # noqa: E402

MAPS_DIR = Path(__file__).resolve().parent.parent / "maps"
TILE = 64
SS = 4
W = TILE * SS
SIDES = "NESW"
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
SAND_VARIANTS = 4
COLUMNS = 9  # 27 tiles: a full 9 x 3 sheet

# ``.`` sand, ``=`` camel track, ``#`` blocked, ``o`` / ``s`` / ``t`` oasis / steppe / stone
# bonus squares (on sand).  The same characters as ``OasisBoard.from_rows``.
LAYOUT = (
    "...=.........=...",
    ".===.........===.",
    ".=..s.......t..=.",
    ".==...........==.",
    "..===...o...===..",
    "....=.......=....",
    "..o.===...===.o..",
    "......=====......",
    "........=........",
    "........==.......",
    "..t..s...=.s..t..",
    "........==.......",
    "........=........",
)
BONUS = {"o": "oasis", "s": "steppe", "t": "stone"}

# Palette: Gobi sand, a dusty caravan track, a spring-fed pool, steppe grass, grey ovoo stones.
SAND = (229, 196, 138)
SAND_DARK = (205, 166, 106)
SAND_LIGHT = (244, 219, 168)
TRACK = (184, 140, 92)
TRACK_DARK = (150, 108, 68)
TRACK_LIGHT = (204, 166, 116)
PEBBLE = (128, 104, 80)
HOOF = (136, 96, 60)
WATER_DEEP = (34, 110, 168)
WATER = (70, 160, 206)
WATER_LIGHT = (168, 222, 240)
OASIS_GRASS = (96, 160, 72)
PALM = (46, 122, 58)
PALM_LIGHT = (94, 170, 84)
TRUNK = (128, 88, 52)
STEPPE = (156, 176, 86)
STEPPE_DARK = (112, 140, 58)
STEPPE_LIGHT = (196, 208, 120)
STONE = (150, 146, 140)
STONE_DARK = (104, 100, 98)
STONE_LIGHT = (196, 192, 184)
SCARF = (62, 132, 214)
GOLD = (226, 170, 44)
GOLD_DARK = (156, 106, 24)
GOLD_LIGHT = (252, 222, 120)
ROCK = (118, 86, 70)
ROCK_LIGHT = (160, 122, 96)


# --- drawing helpers -------------------------------------------------------------------

def coords() -> tuple[np.ndarray, np.ndarray]:
    c = np.arange(W) + 0.5
    return np.meshgrid(c, c, indexing="ij")  # [x, y]


PX, PY = coords()


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


def mottled(seed: int, colour: tuple[int, int, int], amount: float = 0.07) -> np.ndarray:
    rng = np.random.default_rng(seed)
    n = 0.6 * periodic_noise(rng, 4) + 0.4 * periodic_noise(rng, 8) - 0.5
    return np.array(colour, float)[None, None, :] * (1 + 2 * amount * n[..., None])


def paint(img: np.ndarray, alpha: np.ndarray, colour) -> None:
    """Blend ``colour`` (RGB tuple or an (W, W, 3) array) onto ``img`` with ``alpha``."""
    a = np.clip(alpha, 0, 1)[..., None]
    img *= 1 - a
    img += a * np.asarray(colour, float)


def cover(d: np.ndarray, soft: float = 1.5) -> np.ndarray:
    """Coverage of a signed distance field (negative inside), anti-aliased."""
    return np.clip(0.5 - d / (2 * soft), 0, 1)


def sd_circle(cx: float, cy: float, r: float) -> np.ndarray:
    return np.hypot(PX - cx, PY - cy) - r


def sd_ellipse(cx: float, cy: float, rx: float, ry: float) -> np.ndarray:
    return (np.hypot((PX - cx) / rx, (PY - cy) / ry) - 1) * min(rx, ry)


def sd_box(x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    """Distance to an axis-aligned box (negative inside)."""
    dx = np.maximum(x0 - PX, PX - x1)
    dy = np.maximum(y0 - PY, PY - y1)
    outside = np.hypot(np.maximum(dx, 0), np.maximum(dy, 0))
    return outside + np.minimum(np.maximum(dx, dy), 0)


def sd_round_box(x0: float, y0: float, x1: float, y1: float, r: float) -> np.ndarray:
    return sd_box(x0 + r, y0 + r, x1 - r, y1 - r) - r


def sd_segment(ax: float, ay: float, bx: float, by: float, r: float) -> np.ndarray:
    vx, vy = bx - ax, by - ay
    t = np.clip(((PX - ax) * vx + (PY - ay) * vy) / max(vx * vx + vy * vy, 1e-9), 0, 1)
    return np.hypot(PX - ax - t * vx, PY - ay - t * vy) - r


def reduce(img: np.ndarray) -> np.ndarray:
    return img.reshape(TILE, SS, TILE, SS, 3).mean(axis=(1, 3))


def cell_rim(small: np.ndarray, strength: float = 1.0) -> np.ndarray:
    """Darken the outer ring of the cell a little, so cells are easy to count."""
    shade = np.ones((TILE, TILE))
    for ring, factor in ((0, 0.84), (1, 0.94)):
        f = 1 - (1 - factor) * strength
        last = TILE - 1 - ring
        shade[ring, ring:last + 1] = shade[last, ring:last + 1] = f
        shade[ring:last + 1, ring] = shade[ring:last + 1, last] = f
    return small * shade[..., None]


def to_surface(small: np.ndarray) -> pygame.Surface:
    return pygame.surfarray.make_surface(np.clip(np.rint(small), 0, 255).astype(np.uint8))


# --- the tiles -----------------------------------------------------------------------------

def sand(seed: int) -> np.ndarray:
    """Desert sand at working size: mottled, with soft wind ripples and a few grains."""
    img = mottled(seed, SAND, 0.06)
    rng = np.random.default_rng(seed + 7)
    angle = rng.uniform(-0.35, 0.35)
    phase = rng.uniform(0, 2 * np.pi)
    wobble = periodic_noise(rng, 3) * 2 * np.pi
    u = PX * np.sin(angle) + PY * np.cos(angle)
    ripple = np.sin(u * 2 * np.pi / 42 + phase + wobble)
    paint(img, np.clip(ripple - 0.55, 0, 1) * 0.9, SAND_DARK)
    paint(img, np.clip(-ripple - 0.75, 0, 1) * 1.2, SAND_LIGHT)
    for _ in range(14):
        x, y = rng.uniform(8, W - 8, 2)
        colour = SAND_DARK if rng.random() < 0.6 else SAND_LIGHT
        paint(img, cover(sd_circle(x, y, rng.uniform(2.5, 4.5))) * 0.8, colour)
    return img


def draw_sand(variant: int) -> pygame.Surface:
    return to_surface(cell_rim(reduce(sand(300 + variant))))


def track_distance(links: str) -> np.ndarray:
    """Signed distance to the track's edge in this cell (negative on the track)."""
    margin, r = 0.15 * W, 0.16 * W
    lo, hi, big = margin, W - margin, 4 * W
    d = sd_round_box(lo, lo, hi, hi, r)
    arm = {"N": (lo, -big, hi, W / 2), "S": (lo, W / 2, hi, big),
           "W": (-big, lo, W / 2, hi), "E": (W / 2, lo, big, hi)}
    for side in links:
        d = np.minimum(d, sd_box(*arm[side]))
    return d


def draw_track(links: str) -> pygame.Surface:
    img = sand(300)
    d = track_distance(links)
    ground = mottled(900 + len(links), TRACK, 0.08)
    paint(img, cover(d + 0.02 * W, 2.0), TRACK_DARK)  # a packed, darker verge
    paint(img, cover(d + 0.07 * W, 3.0), ground)
    rng = np.random.default_rng(1000 + sum(1 << SIDES.index(s) for s in links))
    # Pebbles along the verge.
    for _ in range(26):
        x, y = rng.uniform(6, W - 6, 2)
        dd = d[int(x), int(y)]
        if -0.05 * W < dd < 0.03 * W:
            paint(img, cover(sd_circle(x, y, rng.uniform(3, 6))), PEBBLE)
            paint(img, cover(sd_circle(x - 1.5, y - 1.5, 2.0)) * 0.6, STONE_LIGHT)
    # Camel hoof prints along the way: pairs of ovals from the centre towards each link.
    heads = [STEP[s] for s in links] or [(0, -1), (0, 1)]
    for hx, hy in heads:
        for step in (0.18, 0.40):
            cx, cy = W / 2 + hx * step * W, W / 2 + hy * step * W
            ox, oy = -hy * 0.07 * W, hx * 0.07 * W
            for sign in (-1, 1):
                px, py = cx + sign * ox, cy + sign * oy
                rx, ry = (0.045 * W, 0.03 * W) if hx else (0.03 * W, 0.045 * W)
                paint(img, cover(sd_ellipse(px, py, rx, ry)) * 0.55, HOOF)
    # A faint line across the track at each cell side, so camel cells can be counted.
    small = reduce(img)
    return to_surface(cell_rim(small, 0.8))


def draw_blocked() -> pygame.Surface:
    img = mottled(700, ROCK, 0.12)
    rng = np.random.default_rng(701)
    for _ in range(9):
        x, y = rng.uniform(20, W - 20, 2)
        r = rng.uniform(18, 34)
        paint(img, cover(sd_circle(x + 5, y + 6, r)) * 0.5, (70, 48, 40))
        paint(img, cover(sd_circle(x, y, r)), ROCK_LIGHT)
        paint(img, cover(sd_circle(x - r * 0.3, y - r * 0.3, r * 0.4)) * 0.5, SAND_LIGHT)
    return to_surface(cell_rim(reduce(img), 1.2))


def oasis_art(img: np.ndarray) -> None:
    """A spring-fed pool ringed with grass, a date palm leaning over it."""
    paint(img, cover(sd_ellipse(W * 0.5, W * 0.56, W * 0.40, W * 0.33), 3), OASIS_GRASS)
    pool = sd_ellipse(W * 0.52, W * 0.60, W * 0.30, W * 0.22)
    paint(img, cover(pool, 2), WATER)
    paint(img, cover(pool + 0.07 * W, 6) * 0.9, WATER_DEEP)
    for i, (x, y) in enumerate(((0.42, 0.55), (0.58, 0.66), (0.50, 0.72))):
        arc = np.abs(sd_ellipse(W * x, W * y, W * 0.07, W * 0.025)) - 2.2
        paint(img, cover(arc) * (0.9 - 0.2 * i) * (W * y > PY), WATER_LIGHT)
    # Palm: trunk from the bank, fronds as tapered strokes.
    tx, ty = W * 0.24, W * 0.78
    top = (W * 0.32, W * 0.28)
    paint(img, cover(sd_segment(tx, ty, *top, 0.035 * W)), TRUNK)
    for k in range(4):
        y = ty + (top[1] - ty) * (k + 0.5) / 4
        x = tx + (top[0] - tx) * (k + 0.5) / 4
        paint(img, cover(sd_segment(x - 7, y, x + 7, y - 2, 1.8)) * 0.6, (92, 60, 34))
    for ang in (-2.7, -2.1, -1.5, -0.9, -0.3, 0.35):
        ex = top[0] + np.cos(ang) * 0.24 * W
        ey = top[1] + np.sin(ang) * 0.20 * W + 0.10 * W * max(0.0, np.cos(ang)) ** 2
        mx, my = (top[0] + ex) / 2, (top[1] + ey) / 2 - 0.04 * W
        paint(img, cover(sd_segment(*top, mx, my, 0.05 * W)), PALM)
        paint(img, cover(sd_segment(mx, my, ex, ey, 0.03 * W)), PALM)
        paint(img, cover(sd_segment(*top, mx, my, 0.018 * W)) * 0.8, PALM_LIGHT)
    paint(img, cover(sd_circle(top[0] + 4, top[1] + 8, 0.03 * W)), (150, 84, 40))  # dates


def steppe_art(img: np.ndarray) -> None:
    """Steppe grassland: a green-gold meadow with tufts, a few flowers."""
    grass = mottled(520, STEPPE, 0.10)
    paint(img, cover(sd_round_box(0.08 * W, 0.08 * W, 0.92 * W, 0.92 * W, 0.22 * W), 3),
          grass)
    rng = np.random.default_rng(521)
    for _ in range(13):
        x, y = rng.uniform(0.2 * W, 0.8 * W), rng.uniform(0.25 * W, 0.85 * W)
        colour = STEPPE_DARK if rng.random() < 0.65 else STEPPE_LIGHT
        for lean in (-0.045, 0.0, 0.045):
            h = rng.uniform(0.07, 0.11) * W
            paint(img, cover(sd_segment(x, y, x + lean * W, y - h, 0.012 * W)), colour)
    for _ in range(4):
        x, y = rng.uniform(0.22 * W, 0.78 * W, 2)
        for dx, dy in ((0, -5), (5, 0), (0, 5), (-5, 0)):
            paint(img, cover(sd_circle(x + dx, y + dy, 4.2)), (246, 236, 214))
        paint(img, cover(sd_circle(x, y, 3.5)), (236, 184, 60))


def stone_art(img: np.ndarray) -> None:
    """A stony field with an ovoo: a cairn of stacked stones tied with a blue scarf."""
    field = mottled(610, (196, 180, 150), 0.08)
    paint(img, cover(sd_round_box(0.08 * W, 0.08 * W, 0.92 * W, 0.92 * W, 0.22 * W), 3),
          field)
    rng = np.random.default_rng(611)
    for _ in range(10):
        x, y = rng.uniform(0.14 * W, 0.86 * W, 2)
        if abs(x - W / 2) < 0.28 * W and y < 0.8 * W:
            continue
        r = rng.uniform(0.03, 0.05) * W
        paint(img, cover(sd_ellipse(x, y, r * 1.3, r)), STONE_DARK)
        paint(img, cover(sd_ellipse(x - 1, y - 1.5, r * 1.1, r * 0.8)), STONE)
    paint(img, cover(sd_ellipse(W * 0.52, W * 0.80, W * 0.30, W * 0.07), 6) * 0.45,
          (110, 92, 72))  # shadow
    layers = ((0.80, 0.27, 0.09), (0.66, 0.22, 0.08), (0.53, 0.165, 0.07), (0.41, 0.11, 0.06),
              (0.31, 0.06, 0.05))
    for y, rx, ry in layers:
        for j, dx in enumerate(np.linspace(-rx + ry, rx - ry, max(1, int(rx / ry)))):
            cx, cy = W * (0.5 + dx), W * y
            tone = STONE if (j + int(y * 10)) % 2 else STONE_LIGHT
            paint(img, cover(sd_ellipse(cx, cy, W * ry * 1.25, W * ry)), STONE_DARK)
            paint(img, cover(sd_ellipse(cx - 1.5, cy - 2, W * ry * 1.05, W * ry * 0.8)), tone)
    # The scarf (khadag) and a pole.
    paint(img, cover(sd_segment(W * 0.5, W * 0.30, W * 0.5, W * 0.12, 0.014 * W)), TRUNK)
    band = sd_segment(W * 0.30, W * 0.60, W * 0.72, W * 0.56, 0.022 * W)
    paint(img, cover(band), SCARF)
    paint(img, cover(sd_segment(W * 0.72, W * 0.56, W * 0.80, W * 0.68, 0.018 * W)), SCARF)
    paint(img, cover(sd_segment(W * 0.5, W * 0.14, W * 0.64, W * 0.20, 0.02 * W)), SCARF)


ART = {"oasis": oasis_art, "steppe": steppe_art, "stone": stone_art}


def gold_frame(img: np.ndarray) -> None:
    """The printed bonus badge: a gold double frame and a small star in the top corner."""
    outer = sd_round_box(0.035 * W, 0.035 * W, 0.965 * W, 0.965 * W, 0.12 * W)
    ring = np.maximum(outer, -(outer + 0.055 * W))
    paint(img, cover(ring, 2), GOLD)
    paint(img, cover(np.abs(outer + 0.028 * W) - 0.006 * W, 1.5) * 0.8, GOLD_LIGHT)
    paint(img, cover(np.abs(outer + 0.070 * W) - 0.006 * W, 1.5) * 0.9, GOLD_DARK)
    cx, cy, r_out, r_in = W * 0.84, W * 0.16, W * 0.095, W * 0.04
    pts = []
    for i in range(10):
        ang = -np.pi / 2 + i * np.pi / 5
        r = r_out if i % 2 == 0 else r_in
        pts.append((cx + r * np.cos(ang), cy + r * np.sin(ang)))
    star = pygame.Surface((W, W))
    star.fill((0, 0, 0))
    pygame.draw.polygon(star, (255, 255, 255), pts)
    mask = pygame.surfarray.array3d(star)[..., 0] / 255.0
    paint(img, np.clip(mask * 1.0, 0, 1), GOLD_DARK)
    shrink = [(cx + (x - cx) * 0.72, cy + (y - cy) * 0.72) for x, y in pts]
    star.fill((0, 0, 0))
    pygame.draw.polygon(star, (255, 255, 255), shrink)
    paint(img, pygame.surfarray.array3d(star)[..., 0] / 255.0, GOLD_LIGHT)


def draw_land(kind: str, bonus: bool) -> pygame.Surface:
    img = sand(300 + (7 if bonus else 3))
    ART[kind](img)
    if bonus:
        gold_frame(img)
    return to_surface(cell_rim(reduce(img)))


# --- tileset and map -------------------------------------------------------------------------

def add_tile(ts: Tileset, **properties: object) -> None:
    """Append a tile with these properties (``Tileset.add`` reserves ``kind`` for the Tiled
    class, and the engine reads a *property* named ``kind``)."""
    ts.tiles.append(Tile(len(ts.tiles), dict(properties)))


def build_tileset() -> tuple[Tileset, pygame.Surface]:
    ts = Tileset("oasis", TILE, TILE, columns=COLUMNS, image="oasis.png")
    pictures: list[pygame.Surface] = []
    for v in range(SAND_VARIANTS):
        add_tile(ts, kind="place", variant=v)
        pictures.append(draw_sand(v))
    for mask in range(16):
        links = "".join(s for i, s in enumerate(SIDES) if mask >> i & 1)
        add_tile(ts, kind="path", links=links or "none")
        pictures.append(draw_track(links))
    for name in ("oasis", "steppe", "stone"):
        add_tile(ts, kind="place", bonus=name)
        pictures.append(draw_land(name, bonus=True))
    add_tile(ts, kind="blocked")
    pictures.append(draw_blocked())
    for name in ("oasis", "steppe", "stone"):
        add_tile(ts, piece=name)
        pictures.append(draw_land(name, bonus=False))
    assert len(pictures) % COLUMNS == 0, "Tiled wants a full sheet"
    sheet = pygame.Surface(ts.image_size)
    sheet.fill(SAND)
    for tile_id, pic in enumerate(pictures):
        x, y, _, _ = ts.cell_rect(tile_id)
        sheet.blit(pic, (x, y))
    return ts, sheet


def sand_variant(x: int, y: int) -> int:
    return (x * 7 + y * 13 + (x * y) % 3) % SAND_VARIANTS


def ground_rows(ts: Tileset, first: int) -> list[list[int]]:
    height, width = len(LAYOUT), len(LAYOUT[0])
    rows = []
    for y in range(height):
        row = []
        for x in range(width):
            ch = LAYOUT[y][x]
            if ch == "=":
                links = ""
                for side in SIDES:
                    dx, dy = STEP[side]
                    nx, ny = x + dx, y + dy
                    inside = 0 <= nx < width and 0 <= ny < height
                    if inside and LAYOUT[ny][nx] == "=":
                        links += side
                    elif not inside and sum(
                            0 <= x + ex < width and 0 <= y + ey < height
                            and LAYOUT[y + ey][x + ex] == "=" for ex, ey in STEP.values()) == 1:
                        links += side  # a track end on the border runs off the board
                tile = ts.find(kind="path", links=links or "none")
            elif ch == "#":
                tile = ts.find(kind="blocked")
            elif ch in BONUS:
                tile = ts.find(kind="place", bonus=BONUS[ch])
            else:
                tile = ts.find(kind="place", variant=sand_variant(x, y))
            row.append(first + tile)
        rows.append(row)
    return rows


def regions() -> list[list[tuple[int, int]]]:
    """Placement cells split by the track into side-connected regions."""
    height, width = len(LAYOUT), len(LAYOUT[0])
    seen: set[tuple[int, int]] = set()
    out = []
    for y in range(height):
        for x in range(width):
            if LAYOUT[y][x] in "=#" or (x, y) in seen:
                continue
            group = [(x, y)]
            seen.add((x, y))
            for cx, cy in group:
                for dx, dy in STEP.values():
                    nx, ny = cx + dx, cy + dy
                    if (0 <= nx < width and 0 <= ny < height and (nx, ny) not in seen
                            and LAYOUT[ny][nx] not in "=#"):
                        seen.add((nx, ny))
                        group.append((nx, ny))
            out.append(group)
    return out


def report() -> str:
    path = sum(row.count("=") for row in LAYOUT)
    place = sum(len(row) - row.count("=") - row.count("#") for row in LAYOUT)
    lines = [f"board {len(LAYOUT[0])}x{len(LAYOUT)}: {path} track cells, {place} placement cells"]
    for i, group in enumerate(regions()):
        bonus = sorted(BONUS[LAYOUT[y][x]] for x, y in group if LAYOUT[y][x] in BONUS)
        lines.append(f"region {i}: {len(group)} cells, bonus squares {', '.join(bonus)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=MAPS_DIR, help="maps folder to write")
    args = parser.parse_args(argv)
    ts, sheet = build_tileset()
    ts.write(args.out / "tilesets" / "oasis.tsx", sheet)
    m = TiledMap(len(LAYOUT[0]), len(LAYOUT), TILE, TILE,
                 properties={"game": "oasis", "title": "The Gobi"})
    first = m.use(ts, "tilesets/oasis.tsx")
    m.tile_layer("ground", ground_rows(ts, first))
    m.write(args.out / "oasis.tmx")
    print(report())
    print(f"wrote {args.out / 'oasis.tmx'} and {args.out / 'tilesets' / 'oasis.tsx'}")


if __name__ == "__main__":
    main()
