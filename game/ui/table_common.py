"""Drawing shared by the Oregon, Colorado County and Oasis tables.

- score track geometry (``square_track_spaces``, ``TableGeometry``) and drawing
  (``TrackStyle``, ``draw_score_track``);
- player panel frame (``draw_panel_frame``);
- the focus ring, message panel and banner band of the table scenes, and the timings of a
  hot-seat table.  The table scenes' shared controller is ``game.scenes.table``.

Where the tables differ (colours, sizes, how focus moves in the bottom strip) the difference
is a parameter, so each table keeps its own look and feel.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game import assets
from game.ui import art, theme

TRACK_SPACES = 100


# --- score track ------------------------------------------------------------------------------
def square_track_spaces(track_rect: pygame.Rect, space: int, across: int,
                        down: int) -> list[pygame.Rect]:
    """The 100 square spaces around ``track_rect``: top left to right, down the right side,
    bottom right to left, up the left side."""
    x0, y0 = track_rect.topleft
    cells = [(c, 0) for c in range(across)]
    cells += [(across - 1, r) for r in range(1, down)]
    cells += [(c, down - 1) for c in range(across - 2, -1, -1)]
    cells += [(0, r) for r in range(down - 2, 0, -1)]
    assert len(cells) == TRACK_SPACES
    return [pygame.Rect(x0 + c * space, y0 + r * space, space, space) for c, r in cells]


class TableGeometry:
    """Board cells and score-track spaces of a table layout.

    The layout sets ``board_rect`` and ``_spaces`` (the 100 track spaces) and the class
    attribute ``cell`` (a board cell's side in pixels).
    """

    cell: int
    board_rect: pygame.Rect
    track_rect: pygame.Rect
    message_rect: pygame.Rect
    _spaces: list[pygame.Rect]

    @property
    def prompt_room(self) -> int:
        """The tallest the prompt's panel may grow (upwards from its bottom edge): up to the
        score track around the board, never over it."""
        return self.message_rect.bottom - (self.track_rect.bottom + PROMPT_GAP)

    def cell_rect(self, x: int, y: int) -> pygame.Rect:
        c = self.cell
        return pygame.Rect(self.board_rect.x + x * c, self.board_rect.y + y * c, c, c)

    def cell_at(self, pos) -> tuple[int, int] | None:
        if not self.board_rect.collidepoint(pos):
            return None
        c = self.cell
        return ((pos[0] - self.board_rect.x) // c, (pos[1] - self.board_rect.y) // c)

    def track_space(self, score: int) -> pygame.Rect:
        return self._spaces[int(score) % TRACK_SPACES]

    def track_point(self, score: float) -> tuple[float, float]:
        """Centre of the marker for a (possibly fractional, sliding) score."""
        lo = int(score // 1)
        f = score - lo
        a = self._spaces[lo % TRACK_SPACES].center
        b = self._spaces[(lo + 1) % TRACK_SPACES].center
        return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)


# Where the markers sharing one track space sit: round that space, each far enough from the
# next that every marker shows its middle and at least two fifths of itself.
_RING_START = {2: 180.0, 3: -90.0, 4: -135.0}  # degrees: side by side, a triangle, a square
_RING_GAP = 0.32  # times the marker's width: the radius is this over sin(pi / n)


def ring_offsets(n: int, size: int) -> list[tuple[float, float]]:
    """Offsets from a track space's centre of ``n`` markers ``size`` pixels wide."""
    if n <= 1:
        return [(0.0, 0.0)]
    radius = _RING_GAP * size / math.sin(math.pi / n)
    start = _RING_START.get(n, -90.0)
    return [(radius * math.cos(math.radians(start + 360 * k / n)),
             radius * math.sin(math.radians(start + 360 * k / n))) for k in range(n)]


def draw_track_markers(surface: pygame.Surface, layout, positions, marker,
                       lap_size: int = 18) -> None:
    """Score markers on the 100-space track.

    ``positions``: (colour index, score as float; sliding scores are fractional);
    ``marker(colour)`` gives the marker image.  Markers on one space stand round it, every one
    in sight (``ring_offsets``); a score past 100 shows its laps as a small "+100" under the
    marker (the panel shows the full score).
    """
    spaces: dict[int, list[tuple[int, float]]] = {}
    for colour, score in positions:
        spaces.setdefault(round(score) % TRACK_SPACES, []).append((colour, score))
    for group in spaces.values():
        images = [marker(colour) for colour, _score in group]
        offsets = ring_offsets(len(group), max(image.get_width() for image in images))
        for (_colour, score), image, (dx, dy) in zip(group, images, offsets, strict=True):
            x, y = layout.track_point(score % TRACK_SPACES)
            pos = (round(x + dx - 4), round(y + dy + 2))
            surface.blit(image, image.get_rect(center=pos))
            if score >= TRACK_SPACES:
                laps = int(score // TRACK_SPACES) * TRACK_SPACES
                label = theme.text(f"+{laps}", lap_size, (255, 250, 230), bold=True, fixed=True)
                surface.blit(label, label.get_rect(midtop=(pos[0], pos[1] + 10)))


@dataclass(frozen=True)
class TrackStyle:
    """How one table paints its score track and the mat inside it."""

    frame: tuple = (118, 82, 52)
    frame_edge: tuple = (84, 56, 34)
    face: tuple = (244, 232, 206)
    face_ten: tuple = (255, 214, 120)
    face_five: tuple = (236, 214, 172)
    inset: int = 4            # space drawn this much smaller than its rect
    radius: int = 6
    number_size: int = 20     # numbers on every fifth space, tens a bit larger
    ten_size: int = 22
    mat: tuple = (232, 216, 180)
    mat_inset: int = 6
    mat_radius: int = 12
    mat_edge: tuple | None = (170, 130, 84)


def draw_score_track(surf: pygame.Surface, layout, style: TrackStyle | None = None) -> None:
    """The framed 100-space track around the board and the mat inside it."""
    style = style or TrackStyle()
    tr = layout.track_rect
    theme.draw_shadow(surf, tr, radius=16, spread=20, lift=8, alpha=140)
    pygame.draw.rect(surf, style.frame, tr.inflate(12, 12), border_radius=16)
    pygame.draw.rect(surf, style.frame_edge, tr.inflate(12, 12), 3, border_radius=16)
    for i in range(TRACK_SPACES):
        r = layout.track_space(i).inflate(-style.inset, -style.inset)
        face = style.face if i % 10 else style.face_ten
        if i % 5 == 0 and i % 10:
            face = style.face_five
        pygame.draw.rect(surf, face, r, border_radius=style.radius)
        pygame.draw.rect(surf, (150, 110, 70), r, 1, border_radius=style.radius)
        if i % 5 == 0:
            t = theme.text(str(i), style.number_size if i % 10 else style.ten_size,
                           (96, 64, 40), i % 10 == 0, fixed=True)
            surf.blit(t, t.get_rect(center=r.center))
    mat = layout.track_inner.inflate(-style.mat_inset, -style.mat_inset)
    pygame.draw.rect(surf, style.mat, mat, border_radius=style.mat_radius)
    if style.mat_edge is not None:
        pygame.draw.rect(surf, style.mat_edge, mat, 2, border_radius=style.mat_radius)


# --- panels, rings, bands ---------------------------------------------------------------------
def draw_panel_frame(surf: pygame.Surface, size, colour, active: bool) -> pygame.Rect:
    """A player panel's card at (6, 6) of ``surf``: face, seat-colour stripe, outline (a gold
    ring when it is that player's turn).  Returns the card's rect."""
    w, h = size
    face = (255, 246, 222) if active else (240, 228, 202)
    r = pygame.Rect(6, 6, w, h)
    pygame.draw.rect(surf, face, r, border_radius=14)
    pygame.draw.rect(surf, colour, (6, 6, 14, h), border_top_left_radius=14,
                     border_bottom_left_radius=14)
    if active:
        pygame.draw.rect(surf, theme.FOCUS, r.inflate(8, 8), 5, border_radius=17)
        pygame.draw.rect(surf, art.shade(colour, 0.7), r, 3, border_radius=14)
    else:
        pygame.draw.rect(surf, (180, 150, 110), r, 2, border_radius=14)
    return r


def panel_head_spots(width: int) -> list[tuple[str, pygame.Rect]]:
    """Where a panel drawn on ``draw_panel_frame`` has its player badge and its score
    (surface coordinates; the panels' hover tips add the figures of their second line)."""
    return [("badge", pygame.Rect(28, 12, 52, 52)), ("score", pygame.Rect(width - 88, 4, 84, 88))]


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, soft: bool = False) -> None:
    """The table's focus outline; ``soft`` is a thin gold hint (e.g. a deck to draw from)."""
    r = rect.inflate(10, 10)
    if soft:
        pygame.draw.rect(surface, (255, 226, 120), r, 3, border_radius=12)
        return
    pygame.draw.rect(surface, theme.FOCUS_EDGE, r.inflate(4, 4), 3, border_radius=14)
    pygame.draw.rect(surface, theme.FOCUS, r, 4, border_radius=12)


@lru_cache(maxsize=8)
def banner_back(size) -> pygame.Surface:
    """The dark rounded band behind a banner line on the table."""
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (40, 24, 12, 170), s.get_rect(), border_radius=size[1] // 2)
    return s


@lru_cache(maxsize=4)
def log_cell_light(size) -> pygame.Surface:
    """The light on a board cell named by the log line under the pointer."""
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((255, 236, 150, 70))
    pygame.draw.rect(s, (255, 226, 120), s.get_rect(), 4, border_radius=6)
    return s


PROMPT_SIZE = 28  # the prompt's text size at 100 %
PROMPT_PAD = 4  # above the first line and below the last: three lines fit the 100 % panel
PROMPT_GAP = 6  # between the score track and the top of the tallest prompt panel


@lru_cache(maxsize=256)
def prompt_fit(text: str, width: int, height: int, bold: bool, scale: float,
               most: int | None = None) -> tuple[int, list[str], int, int]:
    """The prompt wrapped into a panel ``width`` wide: ``(px, lines, step, panel height)``.

    The panel is ``height`` tall at 100 % and may grow with the text size (to ``height`` times
    the scale, but never past ``most``: the board and its score track lie above) before the
    text steps down towards 100 %, and below it (to ``theme.FIT_LEAST``) for a prompt too long
    for that room even at 100 %.  Only a prompt that needs more room still makes the panel
    taller than ``most``: every word is shown, nothing is cut.  ``scale`` is the cache key for
    the UI scale."""
    most = max(height, most if most is not None else theme.scaled(height))
    room = min(most, max(height, theme.scaled(height))) - 2 * PROMPT_PAD
    px, lines, step = theme.fit_wrap(text, PROMPT_SIZE, width, room, bold, scale=scale)
    least = round(PROMPT_SIZE * theme.FIT_LEAST)
    while step * len(lines) > room and px > least:  # too long even at 100 %: a little smaller
        px -= 1
        lines = theme.wrap(text, px, width, bold, fixed=True)
        step = assets.font(px, bold=bold).get_linesize()
    need = step * len(lines) + 2 * PROMPT_PAD
    return px, lines, step, max(height, need)


@lru_cache(maxsize=8)
def message_panel(size, error: bool) -> pygame.Surface:
    """The prompt's cream panel, reddened for an error."""
    s = pygame.Surface(size, pygame.SRCALPHA)
    face = (255, 236, 226) if error else theme.CREAM
    pygame.draw.rect(s, face, s.get_rect(), border_radius=14)
    pygame.draw.rect(s, theme.ERROR if error else theme.CREAM_LINE, s.get_rect(), 3,
                     border_radius=14)
    return s


# --- timings of the hot-seat table (game.scenes.table.privacy) --------------------------------
PRIVACY_IDLE = 60.0  # seconds without input before a hot-seat table hides private things
LOOK_TIME = 3.0  # seconds (animation time) a hot-seat human sees what they just got
