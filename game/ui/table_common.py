"""Pieces shared by the Oregon, Colorado County and Oasis tables.

- score track geometry (``square_track_spaces``, ``TableGeometry``) and drawing
  (``TrackStyle``, ``draw_score_track``);
- player panel frame (``draw_panel_frame``);
- the focus ring, message panel and banner band of the table scenes;
- the fields, frame clock, prompt, buttons and banner every table shares (``TableScreen``),
  the one-player-at-a-time turn loop (``TableTurns``) and pointer and focus navigation
  (``TableInput``), mixed into each table scene.

Where the tables differ (colours, sizes, how focus moves in the bottom strip) the difference
is a parameter, so each table keeps its own look and feel.
"""

from __future__ import annotations

import logging
import math
import random
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.bots import make_bot
from game.bots.runner import BotRunner
from game.ui import art, theme
from game.ui import intents as I
from game.ui.players import renamer
from game.ui.table_anim import Sprites, Timeline, make_floaters, make_log

TRACK_SPACES = 100
NAV_KINDS = (I.NEXT, I.PREV, I.MOVE, I.CONFIRM)


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
    _spaces: list[pygame.Rect]

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


@lru_cache(maxsize=256)
def prompt_fit(text: str, width: int, height: int, bold: bool, scale: float
               ) -> tuple[int, list[str], int, int]:
    """The prompt wrapped into a panel ``width`` wide: ``(px, lines, step, panel height)``.

    The panel is ``height`` tall at 100 % and may grow with the text size (to ``height`` times
    the scale) before the text steps down towards 100 %; a prompt that needs more room even
    at 100 % makes the panel taller still.  Every word is shown: nothing is cut.  ``scale``
    is the cache key for the UI scale."""
    room = max(height, theme.scaled(height)) - 2 * PROMPT_PAD
    px, lines, step = theme.fit_wrap(text, PROMPT_SIZE, width, room, bold, scale=scale)
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


_log = logging.getLogger(__name__)


# --- what every table sets up, advances and draws alike --------------------------------------
class TableScreen:
    """The fields, frame clock, prompt panel, button slots, banner and Play again of every
    table scene.

    The scene calls ``_init_table`` first thing in its ``__init__`` and ``advance`` first thing
    in its ``update``; it provides ``prompt()``, ``buttons()`` ((label, action or callable,
    enabled, primary) per slot), ``_try(action)``, ``board_size`` and a layout with
    ``message_rect``, ``button_rect(i)``, ``board_rect`` and ``log_rect``.
    """

    bot_pace: float = 0.75  # seconds of animation time before a bot's move shows
    track_speed_min: float = 6.0  # spaces per second a score marker slides at least
    banner_in_anim_time: bool = False  # whether the banner's timer follows the animation speed
    banner_y: int = 60  # the banner's centre, below the board's top edge
    # Oregon: the prompt stays bold after an error's time ran out, until a choice clears it
    prompt_bold_after_error: bool = False

    def _init_table(self, game_id: str, seats, seed: int, state, game: str, layout,
                    default_name, scores=None) -> None:
        """The fields every table starts with.  ``game``: the engine's id (picks the bots);
        ``default_name(i)``: seat ``i``'s name when it has none; ``scores``: where the track
        markers start (default: the state's scores)."""
        self.game_id = game_id
        self.music = game_id  # each game has its own theme (game.ui.music)
        self.seats = list(seats)
        self.seed = seed
        self.n = len(seats)
        self.state = state
        self.colour = [s.colour for s in seats]
        self.names = [s.name or default_name(i) for i, s in enumerate(seats)]
        self.rename = renamer([default_name(i) for i in range(len(seats))], self.names)
        self.humans = [i for i, s in enumerate(seats) if not s.is_bot]
        self.bots = {i: make_bot(game, s.level or "normal", seed * 31 + i)
                     for i, s in enumerate(seats) if s.is_bot}
        self.runner = BotRunner()
        self.bot_result = None
        self.bot_timer = self.bot_pace
        self.layout = layout
        self.timeline = Timeline()
        self.sprites = Sprites()
        self.floaters = make_floaters()
        self.log = make_log(layout.log_rect)
        self.log.names = self.names
        self.log.namer = self.rename
        # what the screen shows (lags behind the state while steps run)
        self.shown = state.clone()
        self.version = 0  # bumps whenever the state changes
        self.shown_version = 0
        self.disp_score = list(state.scores() if scores is None else scores)
        self.track = [float(x) for x in self.disp_score]
        self.hover: tuple[int, int] | None = None
        self.hover_cell: tuple[int, int] | None = None
        cols, rows = self.board_size
        self.cursor = (cols // 2, rows // 2)
        self.focus = "board"
        self.keyboard = True  # show the focus until the mouse is used
        self.message = ""
        self.message_error = False
        self.message_time = 0.0
        self._looking: object = "nobody yet"  # the viewer the screen was last rendered for
        self.revealed: int | None = None
        self.look_for: int | None = None  # the hot-seat human looking at what they just got
        self.look_left = 0.0
        self.resumed_at: int | None = None  # the move a resumed game went on from
        self.last_human: int | None = None
        self.handoff_open = False
        self.human_actions = 0
        self.results_shown = False
        self.banner = ""
        self.banner_time = 0.0
        self.t = 0.0
        self._cache: dict = {}

    # --- who looks: everything on screen is rendered for them --------------------------------
    @property
    def revealed(self) -> int | None:
        """The human past the hand-off screen (hot-seat play), whose private things show."""
        return self._revealed

    @revealed.setter
    def revealed(self, p: int | None) -> None:
        self._revealed = p
        self.sync_viewer()

    def sync_viewer(self) -> None:
        """When the seat looking at the screen changes, the log is rendered again for the new
        viewer, and things still in flight (a drawn card, bid tokens, a floating text) land at
        once: nothing of the previous viewer's stays on screen."""
        viewer = self.viewer
        if viewer == self._looking:
            return
        self._looking = viewer
        self.log.set_viewer(viewer)
        self.floaters.finish()
        for sprite in self.sprites.items:
            if not sprite.done and sprite.on_done is not None:
                sprite.done = True
                sprite.on_done()
        self.sprites.items.clear()

    def log_event(self, e) -> str:
        """Log the event ``e`` for whoever looks now; returns its line as they read it."""
        self.sync_viewer()
        self.log.add_event(e, self.colour[e.player] if e.player is not None else None)
        return self.log.entries[-1].text if self.log.entries else ""

    def log_opening(self) -> None:
        """The log's first lines, before any move (each table says what)."""

    def rebuild_log(self, moves=None) -> None:
        """The log of the game so far, rebuilt from a replay of its moves (``moves``: the
        events of each action, from ``replay_events``; replayed here when not given): the
        opening lines, every event as the viewer may read it, where the game was resumed."""
        if moves is None:
            from game.engine.core import replay_events

            moves = replay_events(self.state)[1]
        self.sync_viewer()
        self.log.clear()
        self.log_opening()
        lines: list = []
        for k, events in enumerate(moves):
            if k == self.resumed_at:
                lines.append(f"Game resumed at move {k}.")
            lines += events
        if self.resumed_at is not None and self.resumed_at >= len(moves):
            lines.append(f"Game resumed at move {len(moves)}.")
        for line in lines[-self.log.max_lines:]:  # older lines would drop out anyway
            if isinstance(line, str):
                self.log.add(line)
            else:
                self.log.add_event(line, self.colour[line.player]
                                   if line.player is not None else None)
        for entry in self.log.entries:
            entry.born = -1.0  # shown at once: no fading in of the whole log
        self.log.scroll_to_end()
        self.log.scroll_by(0, smooth=False)

    # kinds of private events that show a player something new (drawn at random)
    look_kinds: frozenset[str] = frozenset()

    def note_revealed(self, events, p: int) -> None:
        """After ``p``'s action: when it showed ``p`` something new and private (cards
        drawn), a hot-seat table lets them look at it before the hand-off hides it."""
        if len(self.humans) > 1 and not self.seats[p].is_bot and any(
                e.private_to == p and e.kind in self.look_kinds for e in events):
            self.look_for, self.look_left = p, LOOK_TIME

    def looking(self) -> bool:
        """Whether the hand-off waits: the viewer is still looking at what they just got
        (``LOOK_TIME`` seconds of animation time once the table has caught up, or until
        they click or press a key)."""
        if self.look_for is not None and self.look_for == self.viewer and self.look_left > 0:
            return True
        self.look_for = None
        return False

    look_prompt = ("Have a look at what you just got: the table passes on in a moment "
                   "(click or press a key to pass it now).")

    def dview(self) -> dict:
        """The shown state as the viewer may see it (cached per shown version and viewer)."""
        key = ("dview", self.shown_version, self.viewer)
        v = self._cache.get(key)
        if v is None:
            self._cache = {k: x for k, x in self._cache.items() if k[0] != "dview"}
            v = self._cache[key] = self.shown.view(self.viewer)
        return v

    def advance(self, dt: float) -> float:
        """One frame of the table's clocks: animations, the log, the message and banner
        timers, score markers sliding towards the shown scores.  Returns the frame's
        animation time (``dt`` at the player's animation speed)."""
        adt = self.anim_dt(dt)
        self.t += dt
        self.timeline.update(adt)
        self.sprites.update(adt)
        self.floaters.update(adt)
        self.sync_viewer()
        self.log.update(dt)
        if self.look_for is not None and not (self.timeline.busy or self.sprites.busy):
            self.look_left -= adt
        if self.message_time > 0:
            self.message_time -= dt
        if self.taken_back_time > 0:
            self.taken_back_time -= dt
        if self.banner_time > 0:
            self.banner_time -= adt if self.banner_in_anim_time else dt
        for q in range(self.n):
            target = float(self.disp_score[q])
            gap = target - self.track[q]
            if gap:
                step = max(self.track_speed_min, abs(gap) * 4) * adt
                self.track[q] = target if abs(gap) <= step else self.track[q] + step * (
                    1 if gap > 0 else -1)
        return adt

    def error(self, text: str) -> None:
        self.message, self.message_error, self.message_time = text, True, 5.0
        self.services.audio.play("error")

    def button_rects(self) -> dict[str, pygame.Rect]:
        return {b[0]: self.layout.button_rect(i) for i, b in enumerate(self.buttons())}

    def press_button(self, i: int) -> None:
        """Button slot ``i``: its move is tried, its callable called; a disabled one says why."""
        b = self.buttons()
        if i >= len(b):
            return
        label, action, enabled, _ = b[i]
        if not enabled or action is None:
            self.error(self.disabled_reason(label))
        elif callable(action):
            self.services.audio.play("click")
            action()
        else:
            self._try_button(action)

    def _try_button(self, action) -> None:
        self.services.audio.play("click")
        self._try(action)

    def disabled_reason(self, label: str) -> str:
        """Why the button ``label`` cannot be used now."""
        return "Not possible now."

    def table_options(self) -> dict[str, str] | None:
        """The game options a new game at this table keeps (Play again)."""
        return None

    def play_again(self) -> None:
        from game.scenes.table import start_game  # the tables import this module: import late

        start_game(self.services, self.game_id, self.seats, random.randrange(1, 10**6),
                   self.table_options())

    def _message_icon(self) -> pygame.Surface | None:
        """A picture at the prompt panel's right end (None: the text takes the width)."""
        return None

    def _prompt_style(self) -> tuple[str, bool, bool, pygame.Surface | None]:
        """What the prompt panel shows now: (text, error?, bold?, icon or None)."""
        text = self.prompt_line()
        err = self.message_error and self.message_time > 0
        bold = bool(self.message_error if self.prompt_bold_after_error else err)
        icon = None if err or not text else self._message_icon()
        return text, err, bold, icon

    def prompt_box(self) -> tuple[pygame.Rect, int, list[str], int]:
        """The prompt panel as drawn now and its text: (rect, px, lines, step).  The panel
        keeps its bottom edge and grows upwards for a long prompt or a large text size."""
        text, _err, bold, icon = self._prompt_style()
        r = self.layout.message_rect
        width = r.w - 32 - (90 if icon is not None else 0)
        px, lines, step, height = prompt_fit(text, width, r.h, bold, theme.ui_scale())
        box = pygame.Rect(r.x, r.bottom - height, r.w, height)
        return box, px, lines, step

    def _draw_message(self, surface: pygame.Surface) -> None:
        """The prompt, or the latest message, in its panel; red while an error shows."""
        text, err, bold, icon = self._prompt_style()
        if not text:
            return
        r, px, lines, step = self.prompt_box()
        surface.blit(message_panel(r.size, err), r)
        if icon is not None:
            surface.blit(icon, icon.get_rect(midright=(r.right - 14, r.centery)))
        colour = theme.ERROR if err else theme.INK
        y = r.y + (r.h - step * len(lines)) // 2
        for line in lines:
            surface.blit(theme.text(line, px, colour, bold, fixed=True), (r.x + 16, y))
            y += step

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        """The button slots (the focus ring is drawn last, over everything, by ``draw``)."""
        for i, (label, _a, enabled, primary) in enumerate(self.buttons()):
            r = self.layout.button_rect(i)
            hot = self.hover is not None and r.collidepoint(self.hover) and not self.keyboard
            state = "disabled" if not enabled else ("hover" if hot else "normal")
            if self.keyboard and self.focus == f"btn{i}" and enabled:
                state = "focus"
            surface.blit(art.button_surface(r.size, label, state,
                                            "primary" if primary else "secondary"), r)

    def _draw_focus(self, surface: pygame.Surface) -> None:
        """The focus ring on the focused thing outside the board (the board has its cursor),
        over everything else."""
        if self.keyboard and self.focus != "board":
            rect = dict(self.targets()).get(self.focus)
            if rect is not None:
                focus_ring(surface, rect)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        """The banner line over the board's top, while its time runs."""
        if self.banner_time <= 0 or not self.banner:
            return
        s = theme.shadowed_text(self.banner, 44, (255, 236, 170), display=True)
        board = self.layout.board_rect
        r = s.get_rect(center=(board.centerx, board.y + self.banner_y))
        surface.blit(banner_back((r.w + 40, r.h + 4)), r.inflate(40, 4))
        surface.blit(s, r)



# --- the turn loop -----------------------------------------------------------------------------
class TableTurns:
    """The per-frame loop of a table where one player acts at a time (Oregon, Oasis).

    The table's clocks advance (``TableScreen.advance``); then the acting seat is driven: a bot
    thinks in the ``BotRunner`` and its move is applied ``bot_pace`` seconds of animation time
    after the table has caught up; a human gets the hand-off screen (2+ humans) or the focus.
    The scene is a ``TableScreen`` too and provides ``acting``, ``legal()``,
    ``_apply(action, p)``, ``_show_results()``, ``_focus_default()``, ``viewer`` and
    ``handoff_message``.
    """

    def bot_action_legal(self, action, p: int) -> bool:
        return action in self.legal()

    # --- input (a scene adds ``activate``, ``click_cell``, ``targets``...) -----------------
    def click(self, pos) -> None:
        if not self.human_can_act:
            p = self.acting
            if p is not None and not self.timeline.busy and self.seats[p].is_bot:
                self.message, self.message_error = f"{self.names[p]} is playing...", False
            return
        if not self.click_target(pos):
            self.click_elsewhere(pos)

    def click_elsewhere(self, pos) -> None:
        """A click on nothing usable: a scene may explain why."""

    # --- who sees what -------------------------------------------------------------------
    @property
    def acting(self) -> int | None:
        ta = self.state.to_act()
        return ta[0] if ta else None

    @property
    def human_can_act(self) -> bool:
        p = self.acting
        return (p is not None and not self.seats[p].is_bot and p == self.viewer
                and not self.timeline.busy)

    def legal(self) -> list:
        """The acting seat's legal actions (cached per state version)."""
        key = ("legal", self.version)
        if key not in self._cache:
            p = self.acting
            self._cache = {k: x for k, x in self._cache.items() if k[0] != "legal"}
            self._cache[key] = self.state.legal_actions(p) if p is not None else []
        return self._cache[key]

    def waiting_prompt(self) -> str | None:
        """The prompt while the viewer does not choose: the latest message, the game's end,
        who acts now.  None when the viewer acts (the scene then says what to do)."""
        if self.looking() and not self.human_can_act:
            return self.look_prompt
        if self.message and (self.message_time > 0 or not self.message_error):
            return self.message
        p = self.acting
        if p is None:
            return "The game is over."
        if not self.human_can_act:
            if self.timeline.busy:
                return ""
            if self.seats[p].is_bot:
                return f"{self.names[p]} is thinking..."
            return f"Waiting for {self.names[p]}."
        return None

    handoff_message: str  # what the hand-off screen says stays hidden

    def _hand_off(self, p: int) -> None:
        """Cover the table until ``p`` takes it (hot-seat play)."""
        from game.scenes.handoff import Handoff  # scenes import this module: import late

        self.revealed = None
        self.handoff_open = True

        def shown() -> None:
            self.handoff_open = False
            self.revealed = p
            self.last_human = p
            self.services.audio.play("bell")
            self._focus_default()

        self.services.stack.push(Handoff(self.services, self.names[p], self.colour[p],
                                         self.handoff_message, on_continue=shown))

    def update(self, dt: float) -> None:
        adt = self.advance(dt)
        self._drive(adt)

    def _drive(self, adt: float) -> None:
        state = self.state
        if state.is_over():
            if not self.timeline.busy and not self.results_shown:
                self.results_shown = True
                self.game_over()
            return
        if self.passive:
            return
        self.check_privacy()
        p = self.acting
        if self.seats[p].is_bot:
            if self.looking():
                return
            if len(self.humans) > 1 and not self.timeline.busy:
                self.revealed = None
            if not self.runner.busy and self.bot_result is None:
                self.runner.start(p, self.bots[p], state.view(p), self.legal())
                self.bot_timer = self.bot_pace
            if self.bot_result is None and self.runner.busy:
                try:
                    self.bot_result = self.runner.result()
                except Exception:  # noqa: BLE001 - a failing bot plays its first legal move
                    _log.exception("Bot failed; playing its first legal move")
                    self.bot_result = self.legal()[0]
            if self.timeline.busy:
                return
            self.bot_timer -= adt
            if self.bot_result is not None and self.bot_timer <= 0:
                action, self.bot_result = self.bot_result, None
                if not self.bot_action_legal(action, p):
                    _log.warning("Bot chose an illegal move %s; playing a legal one", action)
                    action = self.legal()[0]
                self._apply(action, p)
            return
        # a human acts
        if self.timeline.busy:
            return
        if len(self.humans) > 1 and self.revealed != p and not self.handoff_open:
            if not self.looking():
                self._hand_off(p)
        elif p == self.viewer and self.last_human != p:
            self.last_human = p
            self._focus_default()


# --- input ------------------------------------------------------------------------------------
PRIVACY_IDLE = 60.0  # seconds without input before a hot-seat table hides private things
LOOK_TIME = 3.0  # seconds (animation time) a hot-seat human sees what they just got
TAKEN_BACK_TIME = 4.0  # seconds the prompt starts with "Taken back." after an undo


class TableInput:
    """What every table scene shares: pointer and keyboard/pad focus handling, who sees
    private things, the pause and rules overlays, and stopping the bot thread on exit.

    The scene provides ``targets()`` (focus key, rect pairs; ``"board"`` is the board),
    ``activate(key)``, ``click_cell(cell)``, ``_focus_board()``, ``click(pos)``,
    ``human_can_act``, ``layout``, ``log``, ``services``, ``focus``, ``cursor``, ``humans``,
    ``revealed``, ``runner``, ``game_id``, may take its own keys in ``table_intent``, and sets:

    - ``board_size``: (columns, rows) the cursor moves in;
    - ``strip_keeps``: a focus-key prefix from which Up stays in the strip (None: Up from
      anywhere in the strip goes to the board);
    - ``strip_vertical``: whether Up/Down also step along the strip.
    """

    board_size: tuple[int, int]
    strip_keeps: str | None = None
    strip_vertical: bool = True
    # How the table is used; whoever opens it may change these (demo, replay).
    passive: bool = False  # nobody acts: the owner applies recorded actions (replay)
    autosave: bool = True  # write the autosave after every action
    on_game_over = None  # called with the table instead of showing the results

    def on_exit(self) -> None:
        self.runner.close()

    @property
    def viewer(self) -> int | None:
        """Whose private things are shown: the one human, or the human past the hand-off."""
        if self.passive:
            return None
        if len(self.humans) == 1:
            return self.humans[0]
        if not self.humans:
            return None
        return self.revealed

    # --- the game's life: saving, game over, jumps, undo, privacy ----------------------------
    @property
    def writes_autosave(self) -> bool:
        """Whether this table keeps the autosave (not a demo, a replay or a kiosk game)."""
        return self.autosave and not self.passive and not self.services.config.kiosk

    def after_action(self) -> None:
        """Each table calls this once an action is applied: keep the autosave current."""
        self.taken_back_time = 0.0
        if self.writes_autosave:
            from game import saves

            saves.autosave(self.services.config, self.state, self.seats)

    def game_over(self) -> None:
        if self.on_game_over is not None:
            self.on_game_over(self)
        elif not self.passive:
            self._show_results()

    def restore(self, state) -> None:
        """Show ``state`` at once, without animation (undo, a replay's step back)."""
        self.runner.cancel()
        self.bot_result = None
        self.timeline = type(self.timeline)()
        self.sprites.items.clear()
        self.state = state
        self.version += 1
        self._cache = {}
        self.results_shown = False
        self._reset_choice()
        self._catch_up(state.clone())
        self.disp_score = list(state.scores())
        self.track = [float(x) for x in self.disp_score]

    def _reset_choice(self) -> None:
        """Forget the acting human's half-made move (each table knows what that is)."""

    def undo_reason(self) -> str | None:
        """Why the viewer cannot take back their last action now (None: they can)."""
        p = self.viewer
        history = self.state.history
        if self.passive or p is None or self.seats[p].is_bot:
            return "Nothing to take back."
        if self.timeline.busy:
            return "Wait for the table to catch up."
        if not history or history[-1][0] != p or p not in self.state.to_act():
            return "Nothing of yours to take back this turn."
        if not self.state.is_undoable(len(history) - 1):
            return "That can no longer be taken back: something was revealed or drawn since."
        return None

    @property
    def can_undo(self) -> bool:
        return self.undo_reason() is None

    def undo(self) -> bool:
        """Take back the viewer's last action of this turn; explain when that is not possible."""
        why = self.undo_reason()
        if why is not None:
            self.message, self.message_error, self.message_time = why, True, 4.0
            self.services.audio.play("error")
            return False
        from game.engine.core import replay_events

        state, moves = replay_events(self.state, upto=len(self.state.history) - 1)
        self.restore(state)
        self.after_action()
        self.rebuild_log(moves)  # the undone move's lines leave the log
        self.message, self.message_error, self.message_time = "", False, 0.0
        self.taken_back_time = TAKEN_BACK_TIME
        self.services.audio.play("swish")
        return True

    taken_back_time = 0.0  # seconds left of "Taken back." before the prompt

    def prompt_line(self) -> str:
        """The prompt as the panel shows it: just after an undo, "Taken back." and then what
        to do again."""
        text = self.prompt()
        if self.taken_back_time > 0 and text:
            return f"Taken back. {text}"
        return text

    def undo_rect(self) -> pygame.Rect:
        """The Undo button: the top right corner of the log, which fills from the bottom."""
        log_rect = self.layout.log_rect
        return pygame.Rect(log_rect.right - 196, log_rect.y + 12, 180, 56)

    def undo_target(self) -> list[tuple[str, pygame.Rect]]:
        """``[("undo", rect)]`` while the viewer can take something back (for ``targets``)."""
        return [("undo", self.undo_rect())] if self.can_undo else []

    def draw_log(self, surface: pygame.Surface) -> None:
        """The game log, and over its top the Undo button when something can be taken back
        (the log then keeps that strip free)."""
        can_undo = self.can_undo
        self.log.set_top_inset(self.undo_rect().bottom - self.log.rect.y if can_undo else 0)
        self.log.draw(surface)
        if can_undo:
            self._draw_undo(surface)
        cells = self.log_cells
        if cells:
            self._draw_log_cells(surface, cells)

    @property
    def log_cells(self) -> tuple[tuple[int, int], ...]:
        """The board cells named by the log line under the pointer (from the event's data)."""
        if self.keyboard or self.hover is None:
            return ()
        return self.log.cells_at(self.hover)

    def _draw_log_cells(self, surface: pygame.Surface, cells) -> None:
        """The board cells named by the log line under the pointer, lit up."""
        cols, rows = self.board_size
        for x, y in cells:
            if 0 <= x < cols and 0 <= y < rows:
                r = self.layout.cell_rect(x, y)
                surface.blit(log_cell_light(r.size), r)

    def _draw_undo(self, surface: pygame.Surface) -> None:
        r = self.undo_rect()
        focused = self.keyboard and self.focus == "undo"
        hot = (not self.keyboard and self.hover is not None and r.collidepoint(self.hover))
        state = "focus" if focused else ("hover" if hot else "normal")
        surface.blit(art.button_surface(r.size, "Undo (U)", state, "secondary"), r)
        if focused:
            focus_ring(surface, r)

    def on_ui_scale(self) -> None:
        """The text size changed: the log wraps again; cached text-bearing surfaces are
        dropped (the board's are not: it does not scale)."""
        rescale = getattr(self.log, "rescale", None)
        if rescale is not None:
            rescale()

    def is_undo_key(self, intent: I.Intent) -> bool:
        """U, Ctrl+Z, Backspace or pad Y."""
        if intent.kind != I.KEY:
            return False
        key = intent.key
        return key in (pygame.K_u, pygame.K_BACKSPACE, "pad_y") or (
            key == pygame.K_z and intent.mod & pygame.KMOD_CTRL)

    def check_privacy(self) -> None:
        """In hot-seat play, hide private things again after a minute without input."""
        if len(self.humans) < 2 or self.revealed is None or self.handoff_open or \
                self.state.is_over():
            return
        idle = self.services.idle_seconds
        if idle >= PRIVACY_IDLE:
            p = self.revealed
            self.hide_private(p)

    def update_covered(self, dt: float) -> None:
        """Under the pause menu or the rules the hand still shows, dimmed: the privacy screen
        comes back there too."""
        self.check_privacy()

    def hide_private(self, p: int) -> None:
        """Cover the table with the hand-off screen for ``p`` (who comes back to it)."""
        self._hand_off(p)

    def open_pause(self) -> None:
        from game.scenes.pause import PauseMenu  # scenes import this module: import late

        # The autosave holds this game once a move was made in it (before that, it still
        # holds whatever was saved earlier).
        saved = self.writes_autosave and bool(self.state.history)
        self.services.stack.push(PauseMenu(self.services, self.game_id, self.services.to_title,
                                           saved=saved))

    def open_rules(self) -> None:
        from game.scenes.rules_overlay import RulesOverlay

        self.services.stack.push(RulesOverlay(self.services, self.game_id))

    def right_click(self) -> None:
        """What a right click does on this table."""

    def click_target(self, pos) -> bool:
        """Use the focus target, or else the board cell, under ``pos``; False if none is."""
        for key, rect in reversed(self.targets()):
            if key != "board" and rect.collidepoint(pos):
                self.focus = key
                self.activate(key)
                return True
        cell = self.layout.cell_at(pos)
        if cell is None:
            return False
        self.cursor = cell
        self.click_cell(cell)
        return True

    def on_back(self) -> bool:
        """Esc / pad B / Start.  A scene may first cancel a half-made move."""
        self.open_pause()
        return True

    def table_intent(self, intent: I.Intent) -> bool:
        """A scene's own keys and gestures, before the pointer and focus ones; True if taken."""
        return False

    def handle(self, intent: I.Intent) -> bool:
        k = intent.kind
        if k in (I.BACK, I.MENU):
            return self.on_back()
        if k == I.KEY and intent.key in (pygame.K_F1, "pad_back"):
            self.open_rules()
            return True
        if self.is_undo_key(intent):
            self.undo()
            return True
        if k in (I.CLICK, I.CONFIRM, I.KEY) and self.looking() and not self.human_can_act:
            self.look_for = None  # done looking: the table passes on
            return True
        if self.table_intent(intent) or self.pointer_input(intent):
            return True
        if k in NAV_KINDS:
            self.keyboard = True
            if not self.human_can_act:
                return True
            return self.navigate(intent)
        return False

    def pointer_input(self, intent: I.Intent) -> bool:
        """The game log, pointer moves and clicks; True if ``intent`` was taken."""
        k = intent.kind
        if k == I.CLICK and intent.button == 1 and self.can_undo and \
                self.undo_rect().collidepoint(intent.pos):
            # the button sits over the log, which would take the click for scrolling
            self.keyboard = False
            self.hover = intent.pos
            self.focus = "undo"
            self.services.audio.play("click")
            self.undo()
            return True
        if self.log.handle(intent):
            return True
        if k == I.POINT:
            self.keyboard = False
            self.hover = intent.pos
            self.hover_cell = self.layout.cell_at(intent.pos)
            return True
        if k == I.CLICK:
            self.keyboard = False
            self.hover = intent.pos
            if intent.button == 3:
                self.right_click()
                return True
            if intent.button == 1:
                self.click(intent.pos)
            return True
        return False

    def navigate(self, intent: I.Intent) -> bool:
        """Next/previous, arrows and confirm over the scene's focus targets."""
        k = intent.kind
        keys = [key for key, _ in self.targets()]
        if not keys:
            return True
        if self.focus not in keys:
            self.focus = keys[0]
        if k in (I.NEXT, I.PREV):
            i = keys.index(self.focus)
            self.focus = keys[(i + (1 if k == I.NEXT else -1)) % len(keys)]
            if self.focus == "board":
                self._focus_board()
            self.services.audio.play("tick")
        elif k == I.CONFIRM:
            self.activate(self.focus)
        else:
            self._move(intent.dx, intent.dy, keys)
        return True

    def _move(self, dx: int, dy: int, keys: list[str]) -> None:
        cols, rows = self.board_size
        if self.focus == "board":
            x, y = self.cursor
            if dy > 0 and y == rows - 1:
                others = [key for key in keys if key != "board"]
                if others:
                    self.focus = others[0]
                return
            self.cursor = (min(cols - 1, max(0, x + dx)), min(rows - 1, max(0, y + dy)))
            self.services.audio.play("tick")
            return
        keeps = self.strip_keeps is not None and self.focus.startswith(self.strip_keeps)
        if dy < 0 and "board" in keys and not keeps:
            self._focus_board()
            return
        strip = [key for key in keys if key != "board"]
        step = (dx or dy) if self.strip_vertical else dx
        if self.focus in strip and step:
            i = strip.index(self.focus)
            self.focus = strip[max(0, min(len(strip) - 1, i + step))]
            self.services.audio.play("tick")

    def cursor_near(self, cells) -> None:
        """Move the board cursor to the nearest of ``cells`` unless it is on one already."""
        if cells and self.cursor not in cells:
            cx, cy = self.cursor
            self.cursor = min(cells, key=lambda c: abs(c[0] - cx) + abs(c[1] - cy))
