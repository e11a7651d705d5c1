"""``ReplayScene``: watch a game again, from the end screen or from a save.

    services.stack.push(ReplayScene(services, state, seats, on_close=None))
    open_replay(services, saved)          # a ``game.saves.SavedGame``; returns an error or None

The scene owns a *passive* table of the game (nobody acts, no bots, public view only: no hand
or hidden value is ever shown) built at move 0 from the recorded seed, and draws a control bar
over the strip below the board, where the table's prompt and the acting player's hand would
be (in Oasis the cards being carried out stay visible to its left).

* Playing applies the recorded actions one by one with the table's own animations
  (``table._apply``), waiting until the table has caught up, then a short pause.
* Step forward applies the next action (animated); step back, Start/End, ±10 and the timeline
  scrubber jump at once: ``table.restore(replay(state, upto=k))`` rebuilds from the seed
  (``rebuild`` does just that and keeps the public log lines of the moves before ``k``).
  While the scrubber is dragged the table is rebuilt at most every ``DRAG_REBUILD`` seconds,
  and exactly where it is let go.
* At the end the replay stops (no results screen): the bar reads "Game over".
* The post-game review (``game.scenes.review``): while the replay is open the hard bot
  searches every choice the human seats made again, in the search process (the app's, or one
  of the replay's own), with a progress bar; then the bar says what it thinks of the move
  about to be played, and the timeline marks the three costliest moves.

Controls (everything also by mouse):

    keyboard   Space / Enter: the focused button (Play unless Tab moved the focus; clicks
               do not move it), P or K: play / pause,
               Left / Right: step, Page Up / Down, Q / E: 10 moves, Home / End,
               Tab, Up / Down: move the focus, S: speed, M: the next costly move
               (1 / 2 / 3: that one), Esc: close
    pad        A: the focused button (Play at first), Start: play / pause,
               d-pad left / right: step, shoulders: 10 moves, d-pad up / down: focus,
               X: speed, Y: the next costly move, B: close

Closing calls ``on_close`` or else takes the replay off the stack (back to the results or
the title); with nothing below it, it goes to the title.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any, cast

import pygame

from game.engine.core import Event, GameState, replay, replay_events
from game.engine.messages import N_, say
from game.i18n import _
from game.registry import GAMES
from game.scenes.base import Scene
from game.scenes.review import ReviewPanel, draw_marks, mark_at
from game.scenes.table import TableUnavailable, open_table
from game.seats import Seat
from game.ui import art, players, theme
from game.ui import intents as I
from game.ui.table_common import focus_ring

log = logging.getLogger(__name__)

PAUSE = 0.45  # seconds of animation time between two moves while playing
DRAG_REBUILD = 0.1  # at most one rebuild per this many seconds while the scrubber is dragged
SPEEDS = (0.5, 1.0, 2.0, 4.0)
BIG_STEP = 10
BAR_BOTTOM = 1068  # the bar's bottom edge
BAR_PAD = 20  # inside the bar's rim
BAR_GAP = 8  # between the board (and its letters and numbers) and the top of the bar
# (padding above and below, between rows, the timeline's height, below it): the usual
# spacing, and the closer one of a bar that would otherwise rise over the board
SPACINGS = ((16, 8, 40, 10), (8, 4, 32, 6))
WIDE_BAR = 1200  # a bar this wide says who moves next on its buttons' row
LOG_MOVES = 12  # after a jump the log shows the events of this many moves before it ...
LOG_LINES = 30  # ... at most this many lines
REPLAY_START = say(N_("Replay from the start."))
BUTTONS = ("start", "back", "play", "forward", "end", "speed", "close")
TRANSPORT = BUTTONS[:5]

# What the players are doing in each phase, as the bar names it (translated when shown).
PHASE_WORDS = {
    # Oregon
    "start_tile": N_("Start tiles"), "play": N_("Playing cards"), "extra_turn": N_("Extra turn"),
    "draw": N_("Drawing cards"),
    # Colorado County
    "flags": N_("Placing flags"), "offer": N_("Offers"), "interest": N_("Interest"),
    "give": N_("Giving a cowboy"), "auction": N_("Auction"), "bid": N_("Bidding"),
    "take": N_("Taking cards"),
    # Oasis
    "choose": N_("Choosing offers"), "carry": N_("Carrying out"), "bonus": N_("Bonus"),
}

GROOVE = (92, 64, 42)
GROOVE_EDGE = (64, 42, 26)
TICK = (206, 186, 150)


def phase_words(phase: str | None) -> str:
    if not phase or phase == "over":
        return ""
    words = PHASE_WORDS.get(phase)
    # a phase a game added later reads as its id until it is given words
    return _(words) if words else phase.replace("_", " ").capitalize()


SEPARATOR = "  ·  "


@lru_cache(maxsize=512)
def pack_parts(parts: tuple[str, ...], width: int, scale: float) -> list[str]:
    """The info row's parts on as few lines ``width`` wide as they go, whole parts joined by
    the separator; a part wider than a line is wrapped by words.  ``scale``: the cache key of
    the text size (the language is in the words)."""
    font = theme.font(theme.SMALL_SIZE, bold=True)
    lines: list[str] = []
    for part in parts:
        trial = SEPARATOR.join([lines[-1], part]) if lines else part
        if lines and font.size(trial)[0] <= width:
            lines[-1] = trial
        elif font.size(part)[0] <= width:
            lines.append(part)
        else:
            lines += theme.wrap(part, theme.SMALL_SIZE, width, bold=True)
    return lines


# --- pictures --------------------------------------------------------------------------------
@cache
def icon(kind: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A transport icon (start, back, play, pause, forward, end), drawn 4x and smoothed."""
    k = 4
    s = size * k
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    c = s / 2
    h = s * 0.62  # triangle height
    w = s * 0.5  # triangle width
    bar = max(k * 3, round(s * 0.13))

    def tri(x_tip: float, pointing: int) -> None:
        base = x_tip - pointing * w
        pygame.draw.polygon(big, colour, [(x_tip, c), (base, c - h / 2), (base, c + h / 2)])

    if kind == "play":
        tri(c + w * 0.58, 1)
    elif kind == "pause":
        gap = s * 0.12
        for x in (c - gap - bar * 1.1, c + gap):
            pygame.draw.rect(big, colour, (x, c - h / 2, bar * 1.1, h), border_radius=k * 2)
    elif kind in ("back", "forward"):
        d = -1 if kind == "back" else 1
        total = w + bar + s * 0.06
        x0 = c - d * total / 2  # the triangle's base side
        tri(x0 + d * w, d)
        bx = x0 + d * (w + s * 0.06)
        pygame.draw.rect(big, colour, (bx if d > 0 else bx - bar, c - h / 2, bar, h),
                         border_radius=k)
    elif kind in ("start", "end"):
        d = -1 if kind == "start" else 1
        w2 = w * 0.72
        total = 2 * w2 + bar + s * 0.04
        x0 = c - d * total / 2
        for i in range(2):
            base = x0 + d * i * w2
            pygame.draw.polygon(big, colour, [(base + d * w2, c), (base, c - h / 2),
                                              (base, c + h / 2)])
        bx = x0 + d * (2 * w2 + s * 0.04)
        pygame.draw.rect(big, colour, (bx if d > 0 else bx - bar, c - h / 2, bar, h),
                         border_radius=k)
    return pygame.transform.smoothscale(big, (size, size))


@cache
def bar_panel(size: tuple[int, int]) -> pygame.Surface:
    """The bar's face: a cream panel with a wooden rim, like the table's prompt panels."""
    w, h = size
    out = pygame.Surface((w + 40, h + 40), pygame.SRCALPHA)
    out.blit(theme.shadow(size, 20, 18, 120), (20 - 18, 20 - 18 + 6))
    face = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(face, art.shade(theme.CREAM_LINE, 0.55), face.get_rect(), border_radius=20)
    inner = face.get_rect().inflate(-8, -8)
    pygame.draw.rect(face, theme.CREAM, inner, border_radius=16)
    hi = tuple(min(255, v + 10) for v in theme.CREAM)
    pygame.draw.line(face, hi, (inner.x + 16, inner.y + 3), (inner.right - 16, inner.y + 3), 2)
    out.blit(face, (20, 20))
    return out


@theme.rescaled
@cache
def tag(label: str, height: int) -> pygame.Surface:
    """A small terracotta pill ("REPLAY")."""
    t = theme.text(label, theme.SMALL_SIZE - 6, theme.ACCENT_INK, bold=True)
    w = t.get_width() + 26
    out = pygame.Surface((w, height), pygame.SRCALPHA)
    pygame.draw.rect(out, theme.ACCENT, out.get_rect(), border_radius=height // 2)
    out.blit(t, t.get_rect(center=(w // 2, height // 2 + 1)))
    return out


# --- the scene -------------------------------------------------------------------------------
class ReplayScene(Scene):
    opaque = True
    review_on_open = True  # the review starts with the replay (tests start it themselves)

    def __init__(self, services, state: GameState, seats: list[Seat],
                 on_close: Callable[[], None] | None = None, start: GameState | None = None):
        super().__init__(services)
        self.deal = start  # the deal before the first move when not the seed's (a lesson)

        self.music = state.GAME_ID
        self.record = state
        self.history = list(state.history)
        self.total = len(self.history)
        self.seats = list(seats)
        self.on_close = on_close
        # A game's table scene: its hooks are the table's, not Scene's.
        self.table: Any = cast(Any, open_table(services, state.GAME_ID, self.seats, state.seed,
                                                state=replay(state, 0, start)))
        t = self.table
        t.passive = True
        t.autosave = False
        t.on_game_over = self._reached_end
        self.names = list(t.names)
        self.colours = list(t.colour)
        self.playing = False
        self.wait = 0.0
        self.speed_index = SPEEDS.index(1.0)
        self.focus = "play"
        self.keyboard = True  # show the focus until the mouse is used
        self.pad = False  # the last key came from a controller (for the hints)
        self.hover: tuple[int, int] | None = None
        self.pressed: str | None = None
        self.dragging = False
        self.was_playing = False
        self.drag_target = 0
        self.last_rebuild = -1.0
        self.t = 0.0
        self.closed = False
        self._texts: dict = {}
        self.chapters = self._chapters()
        self.panel = ReviewPanel(state, self.seats, self.names,
                                 getattr(services, "search", None), start)
        self.review_laid_out = False  # the bar was laid out for the finished review's words
        self._layout()
        self._warm()
        if self.review_on_open:
            self.panel.start()

    # --- facts about the recording -------------------------------------------------------------
    @property
    def move(self) -> int:
        """How many recorded actions the table's game has had (the scrubber's position)."""
        return len(self.table.state.history)

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    @property
    def at_end(self) -> bool:
        return self.move >= self.total

    def _chapters(self) -> list[tuple[Any, Any, Any]]:
        """(round, rounds, phase) after each number of moves 0..total: one pass from the seed."""
        st = replay(self.record, 0, self.deal)

        def fact(s: GameState) -> tuple[Any, Any, Any]:
            v = s.view(None)
            return (v.get("round"), v.get("rounds"), "over" if s.is_over() else v.get("phase"))

        out = [fact(st)]
        for p, a in self.history:
            st.apply(a, p)
            out.append(fact(st))
        return out

    def round_starts(self) -> list[int]:
        """Moves at which a new round begins (ticks on the scrubber)."""
        out = []
        for k in range(1, len(self.chapters)):
            r, prev = self.chapters[k][0], self.chapters[k - 1][0]
            if r is not None and prev is not None and r != prev:
                out.append(k)
        return out

    # --- layout ----------------------------------------------------------------------------------
    def _layout(self) -> None:
        lay = self.table.layout
        msg = lay.message_rect
        # The bar grows upwards for its words, but never over the board: first its rows draw
        # closer, then a table that keeps what is being carried out (left of its prompt) in
        # view gives that up for a bar under the whole board, then the bar reaches over the
        # log's lower part, then the review's words are made a little smaller; only words
        # that still do not fit make it taller.
        room = BAR_BOTTOM - (lay.board_rect.bottom + BAR_GAP)
        lefts = [msg.x] if GAMES[self.record.GAME_ID].replay_from_prompt else []
        spans = [(left, msg.right) for left in [*lefts, 16]] + [(16, 1904)]
        tries = [(span, space, most) for most in (None, room) for span in spans
                 for space in SPACINGS]
        for (left, right), space, most in tries:  # the last: over the log's lower part too
            self.rect = pygame.Rect(left, msg.y, right - left, BAR_BOTTOM - msg.y)
            self.spacing = space
            rows = self._rows(room - 2 * space[0] if most else None)
            if rows + 2 * space[0] <= room:
                break
        r = self.rect
        vpad, row_gap, scrub_h, scrub_gap = self.spacing
        pad = BAR_PAD
        bh = 68 if self.wide else 64
        bw = 84 if self.wide else 72
        gap = 10 if self.wide else 8
        inner = r.inflate(-2 * pad, 0)
        info_h, review_h, who_h = self._row_heights
        if rows + 2 * vpad > r.h:
            r.h = rows + 2 * vpad
            r.bottom = BAR_BOTTOM
        y = r.y + max(vpad, (r.h - rows) // 2)
        self.info_rect = pygame.Rect(inner.x, y, inner.w, info_h)
        y += info_h + row_gap
        self.review_rect = pygame.Rect(inner.x, y, inner.w, review_h)
        y += review_h + row_gap
        self.who_rect = None
        if not self.wide:
            self.who_rect = pygame.Rect(inner.x, y, inner.w, who_h)
            y += who_h + 4
        self.scrub_rect = pygame.Rect(inner.x, y, inner.w, scrub_h)
        self.track_rect = pygame.Rect(inner.x + 16, y + (scrub_h - 14) // 2, inner.w - 32, 14)
        y += scrub_h + scrub_gap
        self.buttons: dict[str, pygame.Rect] = {}
        x = inner.x
        for key in TRANSPORT:
            self.buttons[key] = pygame.Rect(x, y, bw, bh)
            x += bw + gap
        x += 6
        self.buttons["speed"] = pygame.Rect(x, y, 96 if self.wide else 84, bh)
        close_w = 150 if self.wide else 128
        self.buttons["close"] = pygame.Rect(inner.right - close_w, y, close_w, bh)
        if self.wide:
            a = self.buttons["speed"].right + 24
            self.who_rect = pygame.Rect(a, y, self.buttons["close"].x - 16 - a, bh)
        self.ticks = [self.track_x(k) for k in self.round_starts()]

    def _rows(self, most: int | None = None) -> int:
        """The height the bar's rows take at ``self.rect``'s width and ``self.spacing`` (their
        heights are kept in ``_row_heights``): the words take the lines their longest moment
        needs in the player's language and text size (most often one each); with ``most``
        (the room the whole bar has), the review's words are made smaller to fit it."""
        _vpad, row_gap, scrub_h, scrub_gap = self.spacing
        self.wide = self.rect.w >= WIDE_BAR  # room for who moves next beside the buttons
        inner = self.rect.inflate(-2 * BAR_PAD, 0)
        self.info_x = inner.x + self._tag().get_width() + 14
        info_h = max(36, theme.line_height(theme.SMALL_SIZE, bold=True) * max(
            len(pack_parts(parts, inner.right - self.info_x, theme.ui_scale()))
            for parts in self._widest_infos()))
        who_h = 0 if self.wide else max(34, theme.line_height(theme.SMALL_SIZE) * max(
            len(theme.wrap(words, theme.SMALL_SIZE, inner.w - 40)[:2])
            for words in self._widest_whos()))
        bh = 68 if self.wide else 64
        others = info_h + 2 * row_gap + (0 if self.wide else who_h + 4) + scrub_h + scrub_gap + bh
        self.review_laid_out = self.panel.complete
        review_h = self.panel.height(inner.w, None if most is None else most - others)
        self._row_heights = (info_h, review_h, who_h)
        return others + review_h

    def _widest_infos(self) -> list[tuple[str, ...]]:
        """The info row's words at each kind of moment of this game (with the most digits)."""
        return [tuple(self.info_parts(self.total, fact)) for fact in set(self.chapters)]

    def _widest_whos(self) -> list[str]:
        """What the bar may say of who moves next or who won, for each seat."""
        names = players.listed(self.names)
        return [_("End of the recording (the game was not finished)"),
                _("Game over: shared win, {players}").format(players=names),
                *(_("{player} moves next").format(player=n) for n in self.names),
                *(_("Game over: {player} wins").format(player=n) for n in self.names)]

    def track_x(self, k: float) -> int:
        t = self.track_rect
        return round(t.x + t.w * (k / self.total if self.total else 0.0))

    def move_at(self, x: float) -> int:
        t = self.track_rect
        if not self.total:
            return 0
        return max(0, min(self.total, round((x - t.x) / max(1, t.w) * self.total)))

    def _warm(self) -> None:
        """Render every button face once now, so no frame pays for it later."""
        for key in BUTTONS:
            for state in ("normal", "hover", "focus", "pressed", "disabled"):
                self._face(key, state)
        size = self.buttons["play"].h - 26
        for kind in ("start", "back", "play", "pause", "forward", "end"):
            for colour in self._icon_colours():
                icon(kind, size, colour)
        bar_panel(self.rect.size)

    @staticmethod
    def _icon_colours():
        return (art.BUTTON_STYLES["primary"][1], art.BUTTON_STYLES["secondary"][1], (120, 112, 104))

    # --- actions ---------------------------------------------------------------------------------
    def toggle_play(self) -> None:
        if self.playing:
            self.playing = False
            return
        if self.at_end:
            self.jump(0)  # play again from the start
        self.playing = True
        self.wait = 0.0 if not self.table.timeline.busy else PAUSE

    def step_forward(self) -> None:
        self.playing = False
        if self.at_end:
            self.services.audio.play("error")
            return
        self.table.timeline.flush()
        self._advance()

    def step_back(self) -> None:
        self.playing = False
        if self.move <= 0:
            self.services.audio.play("error")
            return
        self.jump(self.move - 1)

    def rebuild(self, k: int) -> tuple[GameState, list[tuple[Event, int | None]]]:
        """The game after its first ``k`` recorded actions, rebuilt from the seed exactly as
        ``replay(state, upto=k)`` does, and the events of its last few actions for the log
        (each with its seat's colour); the table's log shows them as an onlooker reads them."""
        st, moves = replay_events(self.record, k, self.deal)
        lines: deque[tuple[Event, int | None]] = deque(maxlen=LOG_LINES)
        for events in moves[-LOG_MOVES:]:
            for e in events:
                q = e.player
                lines.append((e, self.colours[q] if q is not None else None))
        return st, list(lines)

    def jump(self, k: int) -> None:
        """Show the game after its first ``k`` recorded actions, at once."""
        k = max(0, min(self.total, k))
        t = self.table
        state, lines = self.rebuild(k)
        t.restore(state)
        t.log.clear()
        if not k:
            t.log.add(REPLAY_START, None)
        for event, colour in lines:
            t.log.add_event(event, colour)
        for entry in getattr(t.log, "entries", ()):
            entry.born = -1.0  # shown at once: no fading in of the whole log after a jump
        if hasattr(t.log, "scroll_by"):
            t.log.scroll_by(0, smooth=False)  # and no sliding up: the newest line at once
        clear = getattr(t.floaters, "clear", None)
        if clear is not None:
            clear()
        t.banner_time = 0.0
        self.wait = PAUSE
        self.last_rebuild = self.t

    def _advance(self) -> None:
        p, action = self.history[self.move]
        self.table._apply(action, p)
        self.wait = PAUSE

    def cycle_speed(self) -> None:
        self.speed_index = (self.speed_index + 1) % len(SPEEDS)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.playing = False
        self.panel.stop()
        self.services.audio.play("back")
        if self.on_close is not None:
            self.on_close()
        elif len(self.services.stack) > 1:
            self.services.stack.remove(self)
        else:
            self.services.to_title()

    def _reached_end(self, _table) -> None:
        self.playing = False

    def activate(self, key: str) -> None:
        self.services.audio.play("click")
        if key == "play":
            self.toggle_play()
        elif key == "start":
            self.playing = False
            self.jump(0)
        elif key == "end":
            self.playing = False
            self.jump(self.total)
        elif key == "back":
            self.step_back()
        elif key == "forward":
            self.step_forward()
        elif key == "speed":
            self.cycle_speed()
        elif key == "close":
            self.close()

    def enabled(self, key: str) -> bool:
        if key in ("start", "back"):
            return self.move > 0
        if key in ("forward", "end"):
            return not self.at_end
        if key == "play":
            return self.total > 0
        return True

    # --- life cycle ------------------------------------------------------------------------------
    def on_exit(self) -> None:
        self.panel.stop()
        self.table.on_exit()

    def on_ui_scale(self) -> None:
        """A new text size or language: the bar is laid out for its words again, and they and
        the table under it (its log, its panels) are rendered again."""
        self._texts.clear()
        self.panel.clear()
        self._layout()
        self.table.on_ui_scale()

    # --- input -----------------------------------------------------------------------------------
    def handle(self, intent: I.Intent) -> bool:
        if self.closed:
            return True
        k = intent.kind
        if intent.is_pointer:
            return self._pointer(intent)
        if k == I.WHEEL:
            return self.table.log.handle(intent)
        self.keyboard = True
        self.pad = intent.source == I.PAD
        if k == I.BACK:
            self.close()
        elif k == I.MENU:
            self.toggle_play()
        elif k == I.CONFIRM:
            if self.enabled(self.focus):
                self.activate(self.focus)
            else:
                self.services.audio.play("error")
        elif k == I.MOVE:
            if intent.dx:
                (self.step_forward if intent.dx > 0 else self.step_back)()
            elif intent.dy:
                self._cycle_focus(intent.dy)
        elif k in (I.NEXT, I.PREV):
            self._cycle_focus(1 if k == I.NEXT else -1)
        elif k == I.ROTATE:
            self.playing = False
            self.jump(self.move + BIG_STEP * intent.amount)
        elif k == I.KEY:
            return self._key(intent.key)
        else:
            return False
        return True

    def _key(self, key) -> bool:
        if key in (pygame.K_p, pygame.K_k):
            self.toggle_play()
        elif key == pygame.K_HOME:
            self.playing = False
            self.jump(0)
        elif key == pygame.K_END:
            self.playing = False
            self.jump(self.total)
        elif key in (pygame.K_s, "pad_x"):
            self.cycle_speed()
            self.services.audio.play("tick")
        elif key in (pygame.K_m, "pad_y"):
            self.jump_to_mark(self.panel.mark_after(self.move))
        elif key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_KP1, pygame.K_KP2,
                     pygame.K_KP3):
            rank = (pygame.K_1, pygame.K_2, pygame.K_3).index(key) \
                if key in (pygame.K_1, pygame.K_2, pygame.K_3) else \
                (pygame.K_KP1, pygame.K_KP2, pygame.K_KP3).index(key)
            marks = self.panel.marks()
            self.jump_to_mark(marks[rank] if rank < len(marks) else None)
        else:
            return False
        return True

    def jump_to_mark(self, verdict) -> None:
        """Show the position before a marked move (its review on the bar); an error sound
        when there is no such mark (yet)."""
        if verdict is None:
            self.services.audio.play("error")
            return
        self.playing = False
        self.services.audio.play("click")
        self.jump(verdict.move)

    def mark_xs(self) -> list[int]:
        """Where the costliest moves' marks stand on the timeline, costliest first."""
        return [self.track_x(v.move) for v in self.panel.marks()]

    def _cycle_focus(self, d: int) -> None:
        i = BUTTONS.index(self.focus) if self.focus in BUTTONS else 0
        self.focus = BUTTONS[(i + d) % len(BUTTONS)]
        self.services.audio.play("tick")

    def _pointer(self, intent: I.Intent) -> bool:
        k = intent.kind
        if intent.pos is None:
            return False
        pos = intent.pos
        if k in (I.POINT, I.CLICK):
            self.keyboard = False
        self.hover = pos
        if self.dragging:
            if k == I.POINT:
                self.drag_target = self.move_at(pos[0])
                if not intent.held:
                    self._end_drag()
            elif k == I.RELEASE:
                self.drag_target = self.move_at(pos[0])
                self._end_drag()
            return True
        if k == I.CLICK and intent.button == 1:
            rank = mark_at(self.track_rect, self.mark_xs(), pos)
            if rank is not None:
                self.jump_to_mark(self.panel.marks()[rank])
                return True
            if self.scrub_rect.inflate(0, 16).collidepoint(pos) and self.total:
                self.was_playing = self.playing
                self.playing = False
                self.dragging = True
                self.drag_target = self.move_at(pos[0])
                self.jump(self.drag_target)
                return True
            for key, rect in self.buttons.items():
                if rect.collidepoint(pos):
                    # The keyboard / pad focus stays where it was (on Play unless moved), so
                    # Space and A keep meaning play / pause after a click.
                    if self.enabled(key):
                        self.pressed = key
                        self.activate(key)
                    return True
        if k == I.RELEASE:
            self.pressed = None
        if self.table.log.handle(intent):
            return True
        return self.rect.collidepoint(pos)

    def _end_drag(self) -> None:
        self.dragging = False
        if self.drag_target != self.move:
            self.jump(self.drag_target)
        if self.was_playing and not self.at_end:
            self.playing = True

    # --- frame -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        if self.panel.complete and not self.review_laid_out:
            self._layout()  # room for the longest of the review's words
        if self.dragging and self.drag_target != self.move and \
                self.t - self.last_rebuild >= DRAG_REBUILD:
            self.jump(self.drag_target)
        self.table.update(dt * self.speed)
        if self.playing:
            if self.at_end:
                self.playing = False
            elif not self.table.timeline.busy:
                self.wait -= self.anim_dt(dt) * self.speed
                if self.wait <= 0:
                    self._advance()

    # --- drawing ---------------------------------------------------------------------------------
    def _text(self, message: str, size: int, colour=theme.INK, bold: bool = False):
        key = (message, size, colour, bold)
        img = self._texts.get(key)
        if img is None:
            if len(self._texts) > 300:
                self._texts.clear()
            img = self._texts[key] = theme.text(message, size, colour, bold)
        return img

    @staticmethod
    def _tag() -> pygame.Surface:
        # Translators: the tag on the replay bar, in capitals
        return tag(_("REPLAY"), 30)

    def _face(self, key: str, state: str) -> pygame.Surface:
        rect = self.buttons[key]
        label = ""
        if key == "speed":
            label = f"{self.speed:g}×"
        elif key == "close":
            # Translators: the replay bar's button that leaves the replay
            label = _("Close")
        style = "primary" if key == "play" else "secondary"
        return art.button_surface(rect.size, label, state, style)

    def _state(self, key: str) -> str:
        if not self.enabled(key):
            return "disabled"
        if self.keyboard and self.focus == key:
            return "focus"
        rect = self.buttons[key]
        if not self.keyboard and self.hover is not None and rect.collidepoint(self.hover):
            return "pressed" if self.pressed == key else "hover"
        return "normal"

    def info_parts(self, k: int | None = None, fact=None) -> list[str]:
        """The info row's words after ``k`` moves (default: where the bar is now): the move,
        the round, what the players are doing."""
        if k is None:
            k = self.drag_target if self.dragging else self.move
        round_, rounds, phase = fact or self.chapters[min(k, len(self.chapters) - 1)]
        parts = [_("Move {n} / {total}").format(n=k, total=self.total)]
        if round_:
            parts.append(self.table.round_words(round_, rounds))
        words = phase_words(phase)
        if words:
            parts.append(words)
        return parts

    def info_line(self) -> str:
        return SEPARATOR.join(self.info_parts())

    def who(self) -> tuple[int | None, str]:
        """(seat or None, words): who makes the next recorded move, or how the game ended."""
        st = self.table.state
        if st.is_over():
            winners = st.winners()
            if len(winners) == 1:
                return winners[0], _("Game over: {player} wins").format(
                    player=self.names[winners[0]])
            if not winners:
                return None, _("Game over")
            return None, _("Game over: shared win, {players}").format(
                players=players.listed([self.names[q] for q in winners]))
        if self.at_end:
            return None, _("End of the recording (the game was not finished)")
        p = self.history[self.move][0]
        return p, _("{player} moves next").format(player=self.names[p])

    def hints(self) -> str:
        if self.pad:
            # Translators: controller buttons keep their printed names (A, B, LB, RB, D-pad)
            return _("A play  ·  D-pad step  ·  LB / RB 10 moves  ·  B close")
        # Translators: keys as printed on keyboards (Space, Home, End, Esc)
        return _("Space play  ·  Left / Right step  ·  Home / End  ·  Esc close")

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        self.draw_bar(surface)

    def draw_bar(self, surface: pygame.Surface) -> None:
        r = self.rect
        surface.blit(bar_panel(r.size), (r.x - 20, r.y - 20))
        # info row: REPLAY tag, move / round / phase, hints
        ir = self.info_rect
        lines = pack_parts(tuple(self.info_parts()), ir.right - self.info_x, theme.ui_scale())
        lh = theme.line_height(theme.SMALL_SIZE, bold=True)
        top = ir.y + (ir.h - lh * len(lines)) // 2
        pill = self._tag()
        surface.blit(pill, pill.get_rect(midleft=(ir.x, top + lh // 2)))
        for i, line in enumerate(lines):
            img = self._text(line, theme.SMALL_SIZE, theme.INK, True)
            surface.blit(img, img.get_rect(midleft=(self.info_x, top + i * lh + lh // 2)))
        if self.wide and len(lines) == 1:
            hint = self._text(self.hints(), theme.SMALL_SIZE - 4, theme.INK_SOFT)
            end = self.info_x + self._text(lines[0], theme.SMALL_SIZE, theme.INK, True).get_width()
            if end + 30 + hint.get_width() <= ir.right:
                surface.blit(hint, hint.get_rect(midright=(ir.right, ir.centery)))
        self._draw_who(surface)
        self.panel.draw(surface, self.review_rect, self.drag_target if self.dragging
                        else self.move, self.pad, (GROOVE, GROOVE_EDGE))
        self._draw_scrubber(surface)
        for key, rect in self.buttons.items():
            state = self._state(key)
            surface.blit(self._face(key, state), rect)
            if key in TRANSPORT:
                kind = ("pause" if self.playing else "play") if key == "play" else key
                colours = self._icon_colours()
                colour = colours[2] if state == "disabled" else (
                    colours[0] if key == "play" else colours[1])
                depth = max(2.0, rect.h * 0.07)
                img = icon(kind, rect.h - 26, colour)
                press = round(depth * 0.7) if state == "pressed" else 0
                surface.blit(img, img.get_rect(center=(rect.centerx,
                                                       rect.centery - depth / 2 + press)))
            if state == "focus":
                focus_ring(surface, rect)

    def _draw_who(self, surface: pygame.Surface) -> None:
        wr = self.who_rect
        if wr is None:
            return
        q, words = self.who()
        x = wr.x
        if q is not None:
            players.draw_swatch(surface, self.colours[q], (x + 16, wr.centery), 14)
            x += 40
        px, lines, step = theme.fit_wrap(words, theme.SMALL_SIZE, wr.right - x, wr.h,
                                         scale=theme.ui_scale())
        y = wr.centery - step * len(lines) // 2
        for line in lines:
            img = theme.text(line, px, theme.INK, fixed=True)
            surface.blit(img, img.get_rect(midleft=(x, y + step // 2)))
            y += step

    def _draw_scrubber(self, surface: pygame.Surface) -> None:
        t = self.track_rect
        pygame.draw.rect(surface, GROOVE, t, border_radius=t.h // 2)
        k = self.drag_target if self.dragging else self.move
        x = self.track_x(k)
        if x > t.x:
            done = pygame.Rect(t.x, t.y, x - t.x, t.h)
            pygame.draw.rect(surface, theme.ACCENT, done, border_radius=t.h // 2)
        pygame.draw.rect(surface, GROOVE_EDGE, t, 2, border_radius=t.h // 2)
        for tx in self.ticks:
            pygame.draw.line(surface, TICK if tx > x else theme.CREAM, (tx, t.y - 5),
                             (tx, t.bottom + 4), 2)
        draw_marks(surface, t, self.mark_xs())
        hot = self.dragging or (not self.keyboard and self.hover is not None
                                and self.scrub_rect.inflate(0, 16).collidepoint(self.hover))
        radius = 17 if hot else 14
        pygame.draw.circle(surface, theme.SHADOW, (x + 1, t.centery + 3), radius)
        pygame.draw.circle(surface, theme.CREAM, (x, t.centery), radius)
        pygame.draw.circle(surface, theme.ACCENT if hot else art.shade(theme.ACCENT, 0.8),
                           (x, t.centery), radius, 4)


def open_replay(services, saved, on_close: Callable[[], None] | None = None) -> str | None:
    """Watch a ``game.saves.SavedGame`` (finished or not) on top of the current scene.

    Returns a message for the player (a ``Sentence``) when the game's table cannot be opened,
    else None.
    Closing the replay goes back to the scene below (the title), or calls ``on_close``.
    """

    try:
        scene = ReplayScene(services, saved.state, saved.seats, on_close)
    except TableUnavailable as exc:
        log.warning("%s", exc)
        return exc.reason
    log.info("Replaying %s (%d moves)", saved.state.GAME_ID, len(saved.state.history))
    services.stack.push(scene)
    return None


def watch_replay(services, state: GameState, seats: list[Seat],
                 start: GameState | None = None) -> None:
    """The results screen's Watch replay: the game just finished, on top of the results (which
    come back when the replay is closed); ``start``: its deal when not the seed's."""
    try:
        services.stack.push(ReplayScene(services, state, seats, start=start))
    except Exception:  # noqa: BLE001 - a replay that cannot open must not end the game
        log.exception("The replay could not be opened")
        services.audio.play("error")
