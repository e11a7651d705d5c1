"""``ReplayScene``: watch a game again, from the end screen or from a save.

    services.stack.push(ReplayScene(services, state, seats, on_close=None))
    open_replay(services, saved)          # a ``game.saves.SavedGame``; returns an error or None

The scene owns a *passive* table of the game (nobody acts, no bots, public view only: no hand
or hidden value is ever shown) built at move 0 from the recorded seed, and draws a control bar
(``game.scenes.replay_bar.ReplayBar``: its layout and pictures) over the strip below the
board, where the table's prompt and the acting player's hand would be (in Oasis the cards
being carried out stay visible to its left).  The scene holds where the replay is and what
each control does; the bar draws it.

* Playing applies the recorded actions one by one with the table's own animations
  (``table.play``), waiting until the table has caught up, then a short pause.
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
from typing import Any, cast

import pygame

from game.engine.core import GameState
from game.engine.events import Event
from game.engine.messages import N_, say
from game.engine.save_files import replay, replay_events
from game.i18n import _
from game.scenes.base import Scene
from game.scenes.replay_bar import BUTTONS, SEPARATOR, ReplayBar, phase_words
from game.scenes.review import ReviewPanel, mark_at
from game.scenes.table import TableUnavailable, open_table
from game.seats import Seat, as_played
from game.ui import intents as I
from game.ui import players

log = logging.getLogger(__name__)

PAUSE = 0.45  # seconds of animation time between two moves while playing
DRAG_REBUILD = 0.1  # at most one rebuild per this many seconds while the scrubber is dragged
SPEEDS = (0.5, 1.0, 2.0, 4.0)
BIG_STEP = 10
LOG_MOVES = 12  # after a jump the log shows the events of this many moves before it ...
LOG_LINES = 30  # ... at most this many lines
REPLAY_START = say(N_("Replay from the start."))
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
        self.seats = [as_played(s) for s in seats]  # an online game's as if played here
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
        self.chapters = self._chapters()
        self.panel = ReviewPanel(state, self.seats, self.names,
                                 getattr(services, "search", None), start)
        self.bar = ReplayBar(self)
        if self.review_on_open:
            self.panel.start()

    # --- facts about the recording -------------------------------------------------------------
    @property
    def move(self) -> int:
        """How many recorded actions the table's game has had (the scrubber's position)."""
        return self.table.session.moves

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
            return (v.get("round"), v.get("rounds"), None if s.is_over() else v.get("phase"))

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
        self.table.play(action, p)
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
        self.panel.clear()
        self.bar.on_ui_scale()
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
                self.drag_target = self.bar.move_at(pos[0])
                if not intent.held:
                    self._end_drag()
            elif k == I.RELEASE:
                self.drag_target = self.bar.move_at(pos[0])
                self._end_drag()
            return True
        if k == I.CLICK and intent.button == 1:
            rank = mark_at(self.bar.track_rect, self.bar.mark_xs(), pos)
            if rank is not None:
                self.jump_to_mark(self.panel.marks()[rank])
                return True
            if self.bar.scrub_rect.inflate(0, 16).collidepoint(pos) and self.total:
                self.was_playing = self.playing
                self.playing = False
                self.dragging = True
                self.drag_target = self.bar.move_at(pos[0])
                self.jump(self.drag_target)
                return True
            for key, rect in self.bar.buttons.items():
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
        return self.bar.rect.collidepoint(pos)

    def _end_drag(self) -> None:
        self.dragging = False
        if self.drag_target != self.move:
            self.jump(self.drag_target)
        if self.was_playing and not self.at_end:
            self.playing = True

    # --- frame -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        if self.panel.complete and not self.bar.review_laid_out:
            self.bar.lay_out()  # room for the longest of the review's words
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
    def info_parts(self, k: int | None = None, fact=None) -> list[str]:
        """The info row's words after ``k`` moves (default: where the bar is now): the move,
        the round, what the players are doing."""
        if k is None:
            k = self.drag_target if self.dragging else self.move
        round_, rounds, phase = fact or self.chapters[min(k, len(self.chapters) - 1)]
        parts = [_("Move {n} / {total}").format(n=k, total=self.total)]
        if round_:
            parts.append(self.table.round_words(round_, rounds))
        words = phase_words(self.table.game_id, phase)
        if words:
            parts.append(words)
        return parts

    def info_line(self) -> str:
        return SEPARATOR.join(self.info_parts())

    def who(self) -> tuple[int | None, str]:
        """(seat or None, words): who makes the next recorded move, or how the game ended."""
        st = self.table.session.state  # a replay is played here, and all public
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
        self.bar.draw(surface)

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
