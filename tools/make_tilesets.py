"""Draw the board tilesets (``maps/tilesets/*.tsx`` + ``.png``).

    python tools/make_tilesets.py [--out DIR]     # default DIR: the project's maps/

Deterministic: every random choice comes from a numpy generator with a fixed seed, shapes
are drawn with pygame at 4x size and reduced by averaging in numpy (no platform-dependent
smoothscale), and ``tools/tmx.py`` encodes the PNG itself.

The ``terrain`` tileset (64x64 tiles, 8 columns, 72 tiles) holds, with tile property ``terrain``:

- ``plains``   5 variants (``variant`` 0-4): warm green, soft grass tufts, a few flowers
- ``mountain`` 4 variants (``variant`` 0-3): grey rocky peaks with light and shaded faces
- ``water``    47 tiles, one per (``links``, ``notches``): ``links`` are the sides
               (letters of ``NESW``, or ``none``) where the water continues into the next
               cell, other sides get a sandy shore with rounded corners; ``notches`` are
               the corners (``NE``, ``SE``, ``SW``, ``NW``, comma-separated, or ``none``)
               between two linked sides where the diagonal cell is land
- ``rail``     16 tiles, one per ``links`` value: sides where the track leaves the cell;
               straight runs, curves, switches, crossings and buffer stops

Another game adds its own tileset by writing another ``draw_*`` function and a
``Tileset`` with its own tile properties, and listing it in ``TILESETS`` below; the helpers
here (``ground``, ``finish``, ``stroke``) keep the same soft look.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import numpy as np  # noqa: E402
import pygame  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tmx import Tileset  # noqa: E402

MAPS_DIR = Path(__file__).resolve().parent.parent / "maps"
TILE = 64
SS = 4  # supersampling factor
W = TILE * SS  # working size of one tile
SIDES = "NESW"
SIDE_POINT = {"N": (W / 2, 0.0), "E": (float(W), W / 2), "S": (W / 2, float(W)),
              "W": (0.0, W / 2)}
CORNERS = ("NE", "SE", "SW", "NW")
CORNER_POINT = {"NE": (W, 0), "SE": (W, W), "SW": (0, W), "NW": (0, 0)}

# A warm tabletop palette.
PLAINS = (146, 182, 94)
GRASS_DARK = (112, 152, 70)
GRASS_LIGHT = (178, 208, 122)
FLOWERS = [(250, 244, 214), (246, 214, 96), (236, 170, 150)]
SAND = (232, 214, 164)
SHALLOW = (118, 178, 214)
WATER = (82, 146, 198)
RIPPLE = (178, 214, 238)
RAIL_GROUND = (226, 206, 160)
BALLAST = (204, 184, 146)
SLEEPER = (132, 94, 62)
SLEEPER_DARK = (104, 72, 46)
STEEL = (92, 94, 102)
STEEL_LIGHT = (186, 188, 196)
BUFFER = (176, 76, 56)
ROCK_GROUND = (160, 155, 147)
ROCK_LIGHT = (214, 209, 200)
ROCK_MID = (180, 174, 166)
ROCK_SHADE = (120, 114, 110)
SNOW = (248, 246, 240)


# --- helpers -----------------------------------------------------------------------------

def periodic_noise(rng: np.random.Generator, cells: int) -> np.ndarray:
    """Smooth value noise in [0, 1], shape (W, W), tileable (wraps at the edges)."""
    lattice = rng.random((cells, cells))
    t = np.arange(W) * cells / W
    i0 = t.astype(int)
    f = t - i0
    f = f * f * (3 - 2 * f)  # smoothstep
    i1 = (i0 + 1) % cells
    a = lattice[np.ix_(i0, i0)] * (1 - f)[None, :] + lattice[np.ix_(i0, i1)] * f[None, :]
    b = lattice[np.ix_(i1, i0)] * (1 - f)[None, :] + lattice[np.ix_(i1, i1)] * f[None, :]
    return a * (1 - f)[:, None] + b * f[:, None]


def ground(rng: np.random.Generator, color: tuple[int, int, int],
           amount: float = 0.05) -> pygame.Surface:
    """A W x W surface of one colour, gently mottled by two octaves of noise."""
    n = 0.65 * periodic_noise(rng, 4) + 0.35 * periodic_noise(rng, 8) - 0.5
    rgb = np.clip(np.array(color, float)[None, None, :] * (1 + 2 * amount * n[..., None]),
                  0, 255)
    return pygame.surfarray.make_surface(rgb.astype(np.uint8))


def finish(surface: pygame.Surface) -> pygame.Surface:
    """Reduce a working tile to TILE x TILE by averaging, and add a faint cell border."""
    arr = pygame.surfarray.array3d(surface).astype(float)
    small = arr.reshape(TILE, SS, TILE, SS, 3).mean(axis=(1, 3))
    shade = np.ones((TILE, TILE))
    for ring, factor in ((0, 0.84), (1, 0.94)):
        last = TILE - 1 - ring
        shade[ring, ring:last + 1] = shade[last, ring:last + 1] = factor
        shade[ring:last + 1, ring] = shade[ring:last + 1, last] = factor
    out = np.clip(np.rint(small * shade[..., None]), 0, 255).astype(np.uint8)
    return pygame.surfarray.make_surface(out)


def normals(points: np.ndarray) -> np.ndarray:
    d = np.gradient(points, axis=0)
    d /= np.maximum(np.linalg.norm(d, axis=1, keepdims=True), 1e-9)
    return np.stack([-d[:, 1], d[:, 0]], axis=1)


def stroke(surface: pygame.Surface, color, points: np.ndarray, width: float,
           offset: float = 0.0) -> None:
    """Draw a thick polyline as one polygon (clean joins), optionally offset sideways."""
    nrm = normals(points)
    mid = points + nrm * offset
    left, right = mid + nrm * width / 2, mid - nrm * width / 2
    poly = [tuple(p) for p in left] + [tuple(p) for p in right[::-1]]
    pygame.draw.polygon(surface, color, poly)


def blend(c1, c2, t: float) -> tuple[int, int, int]:
    return tuple(round(a + (b - a) * t) for a, b in zip(c1, c2, strict=True))


# --- plains ------------------------------------------------------------------------------

def draw_plains(variant: int) -> pygame.Surface:
    rng = np.random.default_rng(1000 + variant)
    surf = ground(rng, PLAINS, 0.06)
    margin = 26
    for _ in range(7 + variant % 4):  # grass tufts: three short blades
        x, y = rng.uniform(margin, W - margin, 2)
        color = GRASS_DARK if rng.random() < 0.65 else GRASS_LIGHT
        for dx, lean in ((-7, -5), (0, 0), (7, 5)):
            h = rng.uniform(14, 22)
            blade = np.array([[x + dx, y], [x + dx + lean * 0.5, y - h / 2],
                              [x + dx + lean, y - h]])
            stroke(surf, color, blade, 4.0)
    for _ in range((0, 2, 4, 1, 3)[variant]):  # a few small flowers
        x, y = rng.uniform(margin, W - margin, 2)
        petal = FLOWERS[int(rng.integers(len(FLOWERS)))]
        for a in range(5):
            ang = a * 2 * math.pi / 5
            pygame.draw.circle(surf, petal, (x + 6 * math.cos(ang), y + 6 * math.sin(ang)), 5)
        pygame.draw.circle(surf, (240, 190, 70), (x, y), 4)
    return surf


# --- mountains ---------------------------------------------------------------------------

PEAKS = [  # (centre x, base y, half width, height) per variant, back to front
    [(128, 214, 104, 170)],
    [(98, 190, 82, 140), (172, 222, 66, 104)],
    [(160, 196, 86, 150), (78, 224, 60, 96)],
    [(70, 160, 54, 86), (178, 172, 58, 96), (122, 226, 66, 104)],
]


def draw_peak(surf: pygame.Surface, rng: np.random.Generator, cx: float, base: float,
              half: float, height: float) -> None:
    apex = np.array([cx + rng.uniform(-8, 8), base - height])
    left, right = np.array([cx - half, base]), np.array([cx + half, base])

    def on(a: np.ndarray, b: np.ndarray, t: float, bump: float = 0.0) -> np.ndarray:
        return a + (b - a) * t + np.array([0.0, bump])

    def pts(seq) -> list[tuple[float, float]]:
        return [tuple(p) for p in seq]

    # Rugged silhouette: a few shoulders and notches on both slopes.
    left_side = [left] + [on(apex, left, t, rng.uniform(-7, 7)) for t in (0.8, 0.56, 0.3)]
    right_side = [on(apex, right, t, rng.uniform(-7, 7)) for t in (0.26, 0.5, 0.76)] + [right]
    valley = np.array([cx + half * rng.uniform(0.1, 0.3), base])
    ridge = [apex, on(apex, valley, 0.3) + (rng.uniform(-9, -3), 0),
             on(apex, valley, 0.62) + (rng.uniform(3, 9), 0), valley]
    shadow = pygame.Surface((W, W), pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (60, 54, 50, 70), (cx - half * 1.02, base - 12, half * 2.2, 24))
    surf.blit(shadow, (0, 0))
    pygame.draw.polygon(surf, ROCK_LIGHT, pts(left_side + ridge))
    pygame.draw.polygon(surf, ROCK_SHADE, pts(ridge + right_side[::-1]))
    # Gullies: short lines parallel to the slopes, starting at the ridge.
    down_left = (left - apex) / np.linalg.norm(left - apex)
    down_right = (right - apex) / np.linalg.norm(right - apex)
    for t in (0.5, 0.78):
        start = on(apex, valley, t)
        stroke(surf, ROCK_MID, np.array([start - (6, 0), start + down_left * height * 0.3]), 4)
    start = on(apex, valley, 0.55)
    stroke(surf, blend(ROCK_SHADE, (78, 74, 72), 0.55),
           np.array([start + (8, 0), start + down_right * height * 0.3]), 4)
    if height >= 100:  # snow cap with a ragged lower edge
        pl, pr = on(apex, left, 0.3), on(apex, right, 0.3)
        bottom = [pr, on(pr, pl, 0.25, 10), on(pr, pl, 0.5, -2), on(pr, pl, 0.75, 9), pl]
        pygame.draw.polygon(surf, SNOW, pts([apex] + bottom))
        pygame.draw.polygon(surf, blend(SNOW, ROCK_SHADE, 0.3),
                            pts([apex, pr, bottom[1], on(apex, ridge[1], 0.8)]))
    outline = blend(ROCK_SHADE, (60, 56, 54), 0.5)
    pygame.draw.aalines(surf, outline, False, pts(left_side + [apex] + right_side))


def draw_mountain(variant: int) -> pygame.Surface:
    rng = np.random.default_rng(2000 + variant)
    surf = ground(rng, ROCK_GROUND, 0.07)
    for peak in PEAKS[variant]:
        draw_peak(surf, rng, *peak)
    for _ in range(4):  # pebbles at the foot of the peaks
        x, y = rng.uniform(28, W - 28), rng.uniform(200, W - 24)
        r = rng.uniform(5, 9)
        pygame.draw.ellipse(surf, ROCK_SHADE, (x - r, y - r * 0.6, 2 * r, 1.2 * r))
        pygame.draw.ellipse(surf, ROCK_LIGHT, (x - r * 0.8, y - r * 0.7, 1.4 * r, 0.8 * r))
    return surf


# --- water -------------------------------------------------------------------------------

def links_name(links: str) -> str:
    return links or "none"


def all_links() -> list[str]:
    """The 16 subsets of NESW in a fixed order (by bit mask N=1, E=2, S=4, W=8)."""
    return ["".join(s for b, s in enumerate(SIDES) if mask >> b & 1) for mask in range(16)]


def shore_rect(links: str, inset: float, radius: float) -> tuple[pygame.Rect, dict]:
    """The part of the cell that is (inset) water: edges on linked sides reach the cell's
    border; corners between two shore sides are rounded."""
    left = 0 if "W" in links else inset
    top = 0 if "N" in links else inset
    right = W if "E" in links else W - inset
    bottom = W if "S" in links else W - inset
    rect = pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))

    def corner(a: str, b: str) -> int:
        return round(radius) if a not in links and b not in links else 0

    radii = {"border_top_left_radius": corner("N", "W"),
             "border_top_right_radius": corner("N", "E"),
             "border_bottom_left_radius": corner("S", "W"),
             "border_bottom_right_radius": corner("S", "E")}
    return rect, radii


def water_corners(links: str) -> list[str]:
    """Corners (``NE SE SW NW``) between two linked sides: where land may touch the cell
    diagonally while the water flows on along both sides."""
    return [c for c in CORNERS if c[0] in links and c[1] in links]


def all_water_tiles() -> list[tuple[str, str]]:
    """(links, notches) for every water tile: 16 side sets, and for each, every subset of
    its corners that has land diagonally (47 tiles in all)."""
    out = []
    for links in all_links():
        corners = water_corners(links)
        for mask in range(1 << len(corners)):
            out.append((links, ",".join(c for b, c in enumerate(corners) if mask >> b & 1)))
    return out


def draw_water(links: str, notches: str) -> pygame.Surface:
    rng = np.random.default_rng(3000 + all_water_tiles().index((links, notches)))
    land = ground(rng, PLAINS, 0.06)
    surf = land.copy()
    for color, inset, radius in ((SAND, 20, 70), (SHALLOW, 34, 58), (WATER, 52, 44)):
        rect, radii = shore_rect(links, inset, radius)
        pygame.draw.rect(surf, color, rect, **radii)
    # Deep water darkens gently away from the shore.
    deep, radii = shore_rect(links, 72, 30)
    layer = pygame.Surface((W, W), pygame.SRCALPHA)
    pygame.draw.rect(layer, (*blend(WATER, (60, 118, 178), 1.0), 90), deep, **radii)
    surf.blit(layer, (0, 0))
    # Inner corners: the diagonal cell is land, so the shore bands of the two neighbours
    # meet here in quarter circles around the cell corner.
    for corner in filter(None, notches.split(",")):
        centre = CORNER_POINT[corner]
        for color, radius in ((WATER, 72), (SHALLOW, 52), (SAND, 34)):
            pygame.draw.circle(surf, color, centre, radius)
        grass = pygame.Surface((W, W), pygame.SRCALPHA)
        pygame.draw.circle(grass, (255, 255, 255, 255), centre, 20)
        grass.blit(land, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(grass, (0, 0))
    inner, _ = shore_rect(links, 70, 0)
    inner = inner.inflate(-40, -40) if inner.width > 80 and inner.height > 80 else inner
    for _ in range(3):  # ripples: short, light, curved strokes
        x = rng.uniform(inner.left + 18, max(inner.left + 19, inner.right - 18))
        y = rng.uniform(inner.top + 8, max(inner.top + 9, inner.bottom - 8))
        if any(math.dist((x, y), CORNER_POINT[c]) < 100 for c in filter(None, notches.split(","))):
            continue
        t = np.linspace(-1, 1, 12)
        pts = np.stack([x + 18 * t, y - 5 * (1 - t * t)], axis=1)
        stroke(surf, RIPPLE, pts, 4)
    return surf


# --- rail --------------------------------------------------------------------------------

def segment(a, b, n: int = 48) -> np.ndarray:
    return np.linspace(np.array(a, float), np.array(b, float), n)


def arc(a: str, b: str, n: int = 64) -> np.ndarray:
    """Quarter circle from the middle of side a to the middle of side b, around the
    cell corner they share."""
    key = next(k for k in CORNERS if set(k) == {a, b})
    cx, cy = CORNER_POINT[key]
    ax, ay = SIDE_POINT[a]
    bx, by = SIDE_POINT[b]
    t0, t1 = math.atan2(ay - cy, ax - cx), math.atan2(by - cy, bx - cx)
    if t1 - t0 > math.pi:
        t1 -= 2 * math.pi
    elif t0 - t1 > math.pi:
        t1 += 2 * math.pi
    t = np.linspace(t0, t1, n)
    return np.stack([cx + W / 2 * np.cos(t), cy + W / 2 * np.sin(t)], axis=1)


OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def rail_paths(links: str) -> tuple[list[np.ndarray], list[tuple[float, float, float]]]:
    """Track centre lines (each starting at a cell edge), and buffer stops (x, y, angle)."""
    centre = (W / 2, W / 2)
    if not links:
        return [segment((W * 0.2, W / 2), (W * 0.8, W / 2))], [
            (W * 0.2, W / 2, 0.0), (W * 0.8, W / 2, 0.0)]
    if len(links) == 1:
        side = links
        end = tuple(c + (c - s) * 0.35 for c, s in zip(centre, SIDE_POINT[side], strict=True))
        angle = 0.0 if side in "EW" else math.pi / 2
        return [segment(SIDE_POINT[side], end)], [(*end, angle)]
    if len(links) == 2:
        a, b = links
        if OPPOSITE[a] == b:
            return [segment(SIDE_POINT[a], SIDE_POINT[b], 96)], []
        return [arc(a, b)], []
    paths = []
    straights = [s for s in "NE" if s in links and OPPOSITE[s] in links]
    for s in straights:
        paths.append(segment(SIDE_POINT[s], SIDE_POINT[OPPOSITE[s]], 96))
    if len(links) == 3:  # a switch: the branch curves into the through line
        branch = next(s for s in links if OPPOSITE[s] not in links)
        through = straights[0]
        paths.append(arc(branch, through))
    return paths, []


def along(points: np.ndarray, spacing: float) -> list[tuple[np.ndarray, np.ndarray]]:
    """Positions and unit tangents every ``spacing`` along a path, half a step in from its
    start, so sleepers line up across cell borders."""
    seg = np.linalg.norm(np.diff(points, axis=0), axis=1)
    dist = np.concatenate([[0], np.cumsum(seg)])
    count = max(1, round(dist[-1] / spacing))
    step = dist[-1] / count
    out = []
    for k in range(count):
        s = step * (k + 0.5)
        i = min(int(np.searchsorted(dist, s)), len(points) - 1)
        i = max(i, 1)
        tangent = points[i] - points[i - 1]
        tangent /= np.linalg.norm(tangent)
        f = (s - dist[i - 1]) / max(seg[i - 1], 1e-9)
        out.append((points[i - 1] + (points[i] - points[i - 1]) * f, tangent))
    return out


def draw_rail(links: str) -> pygame.Surface:
    rng = np.random.default_rng(4000 + all_links().index(links))
    surf = ground(rng, RAIL_GROUND, 0.05)
    paths, buffers = rail_paths(links)
    gauge, sleeper_len, sleeper_w = 52, 96, 18
    for p in paths:
        stroke(surf, BALLAST, p, 112)
    for p in paths:
        for pos, tan in along(p, 32):
            nrm = np.array([-tan[1], tan[0]])
            corners = [pos + tan * sx * sleeper_w / 2 + nrm * sy * sleeper_len / 2
                       for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
            pygame.draw.polygon(surf, SLEEPER_DARK, [tuple(c + (2, 3)) for c in corners])
            pygame.draw.polygon(surf, SLEEPER, [tuple(c) for c in corners])
    for p in paths:
        for side in (-1, 1):
            stroke(surf, STEEL, p, 12, side * gauge / 2)
            stroke(surf, STEEL_LIGHT, p, 4, side * gauge / 2 - 2)
    for x, y, angle in buffers:
        dx, dy = math.cos(angle), math.sin(angle)
        bar = np.array([[x - dy * 40, y + dx * 40], [x + dy * 40, y - dx * 40]])
        stroke(surf, (90, 44, 34), bar + 2, 18)
        stroke(surf, BUFFER, bar, 16)
    return surf


# --- tilesets ----------------------------------------------------------------------------

def terrain_tileset() -> tuple[Tileset, list[pygame.Surface]]:
    ts = Tileset("terrain", TILE, TILE, columns=8, image="terrain.png")
    images = []
    for v in range(5):
        ts.add(terrain="plains", variant=v)
        images.append(draw_plains(v))
    for v in range(4):
        ts.add(terrain="mountain", variant=v)
        images.append(draw_mountain(v))
    for links, notches in all_water_tiles():
        ts.add(terrain="water", links=links_name(links), notches=links_name(notches))
        images.append(draw_water(links, notches))
    for links in all_links():
        ts.add(terrain="rail", links=links_name(links))
        images.append(draw_rail(links))
    return ts, images


TILESETS = {"terrain": terrain_tileset}


def sheet(ts: Tileset, images: list[pygame.Surface]) -> pygame.Surface:
    out = pygame.Surface(ts.image_size)
    out.fill((0, 0, 0))
    for tile, image in zip(ts.tiles, images, strict=True):
        out.blit(finish(image), ts.cell_rect(tile.id)[:2])
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=MAPS_DIR, help="maps folder to write into")
    args = parser.parse_args(argv)
    for name, build in TILESETS.items():
        ts, images = build()
        path = args.out / "tilesets" / f"{name}.tsx"
        ts.write(path, sheet(ts, images))
        print(f"wrote {path} ({len(ts.tiles)} tiles)")


if __name__ == "__main__":
    main()
