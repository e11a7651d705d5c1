"""The numpy primitives runtime art is drawn with (``game.ui.art`` and each game's art):
signed distance fields of shapes (pixel units, negative inside; arrays are (height,
width)), coverage masks and bevel lighting from those distances, value noise and blur.

Edges drawn from distances are smooth at any size without supersampling, and bevels and soft
shadows come from the same distances.
"""

from __future__ import annotations

import math

import numpy as np

from game.palette import PLAYER_SHAPES

# --------------------------------------------------------------------------------------------
# Signed distance fields (pixel units, negative inside); arrays are (height, width)
# --------------------------------------------------------------------------------------------


def grid(w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    """Pixel-centre coordinates ``(x, y)`` of a ``w`` x ``h`` image."""
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    return x + 0.5, y + 0.5


def sd_circle(x, y, cx, cy, r):
    return np.hypot(x - cx, y - cy) - r


def sd_round_box(x, y, cx, cy, hw, hh, r):
    """Rectangle of half size ``hw`` x ``hh`` with corner radius ``r``."""
    qx = np.abs(x - cx) - hw + r
    qy = np.abs(y - cy) - hh + r
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    return outside + np.minimum(np.maximum(qx, qy), 0) - r


def sd_ellipse(x, y, cx, cy, rx, ry):
    """Approximate distance to an ellipse (exact enough for anti-aliased edges)."""
    k = np.hypot((x - cx) / rx, (y - cy) / ry)
    return (k - 1) * min(rx, ry)


def sd_segment(x, y, ax, ay, bx, by, r):
    """Capsule round the segment a-b with radius ``r``."""
    px, py = x - ax, y - ay
    ex, ey = bx - ax, by - ay
    t = np.clip((px * ex + py * ey) / (ex * ex + ey * ey), 0, 1)
    return np.hypot(px - ex * t, py - ey * t) - r


def sd_polygon(x, y, pts):
    """Exact distance to a simple polygon given as a list of (x, y) points."""
    pts = [(float(px), float(py)) for px, py in pts]
    d2 = np.full(x.shape, np.inf, np.float32)
    s = np.ones(x.shape, np.float32)
    for i in range(len(pts)):
        vi, vj = pts[i], pts[i - 1]
        ex, ey = vj[0] - vi[0], vj[1] - vi[1]
        wx, wy = x - vi[0], y - vi[1]
        t = np.clip((wx * ex + wy * ey) / (ex * ex + ey * ey), 0, 1)
        bx, by = wx - ex * t, wy - ey * t
        d2 = np.minimum(d2, bx * bx + by * by)
        c1 = y >= vi[1]
        c2 = y < vj[1]
        c3 = ex * wy > ey * wx
        flip = (c1 & c2 & c3) | (~c1 & ~c2 & ~c3)
        s = np.where(flip, -s, s)
    return s * np.sqrt(d2)


def regular_polygon(cx, cy, r, n, rotation=-90.0):
    """Corner points of a regular ``n``-gon of circumradius ``r`` (first corner up)."""
    return [
        (
            cx + r * math.cos(math.radians(rotation + 360 * i / n)),
            cy + r * math.sin(math.radians(rotation + 360 * i / n)),
        )
        for i in range(n)
    ]


def sd_rounded_polygon(x, y, cx, cy, r, n, rounding, rotation=-90.0):
    """Regular polygon with rounded corners; same inradius as the sharp one."""
    inner = r - rounding / math.cos(math.pi / n)
    return sd_polygon(x, y, regular_polygon(cx, cy, inner, n, rotation)) - rounding


def star_points(cx, cy, r, inner: float = 0.5, n: int = 5):
    """Corners of an ``n``-pointed star (first point up); ``inner`` is the notch radius / r."""
    return [
        (
            cx + r * (1 if i % 2 == 0 else inner) * math.cos(math.radians(-90 + 180 * i / n)),
            cy + r * (1 if i % 2 == 0 else inner) * math.sin(math.radians(-90 + 180 * i / n)),
        )
        for i in range(2 * n)
    ]


def sd_shape(x, y, shape: str, cx: float, cy: float, r: float):
    """A player shape centred at (cx, cy); ``r`` is a nominal radius, balanced for equal weight."""
    if shape == "circle":
        return sd_circle(x, y, cx, cy, r)
    if shape == "square":
        return sd_round_box(x, y, cx, cy, 0.88 * r, 0.88 * r, 0.18 * r)
    if shape == "triangle":
        return sd_rounded_polygon(x, y, cx, cy + 0.12 * r, 1.32 * r, 3, 0.2 * r)
    if shape == "diamond":
        return sd_rounded_polygon(x, y, cx, cy, 1.2 * r, 4, 0.14 * r)
    if shape == "hexagon":
        return sd_rounded_polygon(x, y, cx, cy, 1.06 * r, 6, 0.12 * r)
    if shape == "pentagon":
        return sd_rounded_polygon(x, y, cx, cy + 0.06 * r, 1.12 * r, 5, 0.14 * r)
    if shape == "star":
        return sd_polygon(x, y, star_points(cx, cy + 0.08 * r, 1.34 * r - 0.12 * r, 0.5)) - 0.12 * r
    if shape == "cross":
        arm, half = 1.02 * r, 0.36 * r
        return np.minimum(
            sd_round_box(x, y, cx, cy, arm, half, 0.16 * r),
            sd_round_box(x, y, cx, cy, half, arm, 0.16 * r),
        )
    raise ValueError(f"unknown shape {shape!r}; expected one of {PLAYER_SHAPES}")


def smooth_union(a, b, k):
    """Union of two distance fields with a blend radius ``k`` (pixels)."""
    h = np.clip(0.5 + 0.5 * (b - a) / k, 0, 1)
    return b * (1 - h) + a * h - k * h * (1 - h)


def coverage(d, soft: float = 1.0):
    """Anti-aliased coverage (0..1) of a distance field; ``soft`` widens the edge."""
    return np.clip(0.5 - d / soft, 0.0, 1.0).astype(np.float32)


def line_coverage(d, width: float):
    """Coverage of a line of ``width`` pixels running along the zero contour of ``d``."""
    return coverage(np.abs(d) - width / 2)


def bevel_light(d, bevel: float, light=(-0.55, -0.7, 0.75), height: float = 1.0):
    """Per-pixel brightness of a bevelled shape lit from the top left (1.0 on the flat top)."""
    t = np.clip(-d / bevel, 0, 1)
    hgt = (1 - (1 - t) ** 2) * bevel * height
    gy, gx = np.gradient(hgt)
    nz = np.ones_like(hgt)
    norm = np.sqrt(gx * gx + gy * gy + nz)
    lx, ly, lz = light
    ln = math.sqrt(lx * lx + ly * ly + lz * lz)
    diffuse = (-gx * lx - gy * ly + lz) / (norm * ln)
    return diffuse / (lz / ln)


# --------------------------------------------------------------------------------------------
# Noise and blur
# --------------------------------------------------------------------------------------------


def value_noise(w: int, h: int, cell_x: float, cell_y: float, rng: np.random.Generator):
    """Smooth value noise in -1..1 with feature size ``cell_x`` x ``cell_y`` pixels."""
    gw = int(math.ceil(w / cell_x)) + 2
    gh = int(math.ceil(h / cell_y)) + 2
    g = rng.uniform(-1, 1, (gh, gw)).astype(np.float32)
    fx = np.arange(w, dtype=np.float32) / cell_x
    fy = np.arange(h, dtype=np.float32) / cell_y
    ix, iy = fx.astype(np.int32), fy.astype(np.int32)
    tx, ty = fx - ix, fy - iy
    tx = tx * tx * (3 - 2 * tx)
    ty = ty * ty * (3 - 2 * ty)
    a = g[iy][:, ix]
    b = g[iy][:, ix + 1]
    c = g[iy + 1][:, ix]
    e = g[iy + 1][:, ix + 1]
    top = a + (b - a) * tx[None, :]
    bottom = c + (e - c) * tx[None, :]
    return top + (bottom - top) * ty[:, None]


def fbm(w, h, cell_x, cell_y, rng, octaves=4, gain=0.5):
    """Fractal sum of value noise octaves, roughly in -1..1."""
    total = np.zeros((h, w), np.float32)
    amp, norm = 1.0, 0.0
    for _ in range(octaves):
        total += amp * value_noise(w, h, cell_x, cell_y, rng)
        norm += amp
        amp *= gain
        cell_x, cell_y = max(cell_x / 2, 1.0), max(cell_y / 2, 1.0)
    return total / norm


def _box1d(a, r: int, axis: int):
    if r < 1:
        return a
    a = np.moveaxis(a, axis, -1)
    pad = [(0, 0)] * (a.ndim - 1) + [(r + 1, r)]
    c = np.cumsum(np.pad(a, pad), axis=-1, dtype=np.float64)
    out = (c[..., 2 * r + 1 :] - c[..., : -2 * r - 1]) / (2 * r + 1)
    return np.moveaxis(out.astype(np.float32), -1, axis)


def blur(a, sigma: float):
    """Gaussian-like blur (three box passes) of a 2-D array; edges fade to zero."""
    r = max(0, round(math.sqrt(sigma * sigma + 1) - 0.5))
    for _ in range(3):
        a = _box1d(_box1d(a, r, 0), r, 1)
    return a
