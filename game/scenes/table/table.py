"""``Table``: the table of every game, one class the games hand their parts to.

It plays a game through a session (``game.session``: a ``LocalSession`` here) and never
reads the game itself: what it shows comes from the session's views (``seen``: the game as
the viewer may know it, rebuilt from their view).  It owns the turn loop (a move handed to
the session → the moves it plays (``take_moves``) → the timeline of steps → catch-up,
hand-off, undo, resume, bots, hints) and composes its parts, each with one job: ``Seating`` (seats,
names, bots), ``BotDriver`` (bots thinking off the frame loop), ``Privacy`` (hand-off, who
looks), ``undo``, ``Autosaver``, ``TurnLoop`` (whoever acts, several seats at once
included), ``screen`` (prompt, buttons, banner), ``InputRouter`` (pointer and focus) and
``TableTips`` (hover tips).  The game's parts (``self.game``, a ``parts.GameParts`` built
from the class its descriptor names) say what its events look like (``presenter``), what a
click or a key means now, how the table is drawn and what its tips say; they read the table
(``known``, ``shown``, ``dview()``, ``session``, ``viewer``, ``acting``, ``human_can_act``, ``legal()``,
``error()``, ``log_event()``...).

The ``update`` advances the clocks (``advance``), the game's own (``game.animate``), then the
turn loop.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.engine.core import GameState
from game.engine.events import Event
from game.engine.messages import N_, Sentence, say
from game.registry import GAMES
from game.scenes.base import Scene
from game.scenes.table import load_parts, log_replay, new_seed, start_game
from game.scenes.table.autosave import SAVE_FAILED, Autosaver
from game.scenes.table.bots import BotDriver
from game.scenes.table.coaching import Coaching
from game.scenes.table.follow import Follow
from game.scenes.table.glance import FinalHold, Glance
from game.scenes.table.hints import Hints
from game.scenes.table.input import InputRouter
from game.scenes.table.parts import GameParts
from game.scenes.table.privacy import Privacy
from game.scenes.table.seat_change import SeatChange
from game.scenes.table.seating import Seating
from game.scenes.table.seen import SeenByViewer, Views
from game.scenes.table.suggest import Suggestions
from game.scenes.table.turns import TurnLoop
from game.scenes.table.undo import TAKEN_BACK_TIME, undo_reason
from game.seats import Seat
from game.session import LocalSession, Move, Session
from game.ui import glance as glance_view
from game.ui import intents as I
from game.ui.arming import Arming
from game.ui.table_anim import Sprites, Timeline, make_floaters, make_log
from game.ui.tooltip import TableTips

if TYPE_CHECKING:
    from game.scenes.tutorial.coach import Coach

NOT_NOW = say(N_("Not possible now."))
SAVE_NOTICE_SECONDS = 12.0  # how long the table says that the autosave failed (or works again)


class Table(Scene, SeenByViewer):
    """The table of any game: built as ``Table(services, game_id, seats, seed, state=None,
    session=None, **options)`` (``session``: a game played elsewhere, ``state`` then only
    its rules' class); the game's parts (``self.game``, a ``parts.GameParts``) come from the class
    the descriptor names (``GameInfo.table``)."""

    # How the table is used; whoever opens it may change these (demo, replay).
    passive: bool = False  # nobody acts: the owner applies recorded actions (replay)
    autosave: bool = True  # write the autosave after every action
    on_game_over: Callable[[Table], None] | None = None  # instead of the results
    taken_back_time = 0.0  # seconds left of "Taken back." before the prompt
    # A lesson's table has a coach (``game.scenes.tutorial.coach``): it gates the moves,
    # holds the bots on reading steps and keeps the lesson's progress.
    coach: Coach | None = None
    pause_items: dict[str, Any] = {}  # more for the pause menu (``PauseMenu``'s keywords)

    def __init__(self, services, game_id: str, seats: Sequence[Seat], seed: int,
                 state: GameState | None = None, session: Session | None = None,
                 **options: str) -> None:
        super().__init__(services)
        parts_class = load_parts(game_id)
        if state is None:
            state = GAMES[game_id].new(len(seats), seed, **options)
        self._init_table(game_id, seats, seed, state, parts_class, session)
        self.game: GameParts = parts_class(self)
        self.controls = self.game.controls
        self.hover_tips = TableTips(self, self.game)
        self.disp_score = self.game.start_scores(self.known)
        self.track = [float(x) for x in self.disp_score]
        self.resumed_at: int | None = None  # the move a resumed game went on from
        if self.session.moves:  # a game resumed: its log so far
            self.resumed_at = self.session.moves
            self.rebuild_log()
        else:
            self.game.log_opening()

    # --- set up ------------------------------------------------------------------------------
    def _init_table(self, game_id: str, seats: Sequence[Seat], seed: int, state: GameState,
                    parts: type[GameParts], session: Session | None = None) -> None:
        """The fields every table starts with: the game's id picks the bots and the seats'
        default names, its parts' class gives the layout."""
        self.game_id = game_id
        self.music = game_id  # each game has its own theme (game.ui.music)
        self.seed = seed
        self.seating = Seating.build(seats, game_id, seed, GAMES[game_id].default_name,
                                     self.services.search,
                                     self.services.settings.bot_seconds)
        self.seats, self.names, self.colour = (self.seating.seats, self.seating.names,
                                               self.seating.colour)
        self.humans, self.bots, self.rename = (self.seating.humans, self.seating.bots,
                                               self.seating.rename)
        self.n = len(self.seats)
        self.autosaver = Autosaver(self.services.config)
        self.session: Session = session or LocalSession(state, self.autosaver.keeper(
            self.seats, lambda: self.services.history, lambda: self.writes_autosave))
        self._init_seen(type(state))
        self.bot_driver = BotDriver(self.bots)
        self.hints = Hints()
        self.suggest = Suggestions(self)
        self.follow = Follow(self)
        self.coaching = Coaching(self)
        self.seat_change = SeatChange(self)
        self.privacy = Privacy(self.humans)
        self.turns = TurnLoop(self, self.bot_driver)
        self.input = InputRouter(self)
        self.layout = layout = parts.layout_type(len(seats))
        self.timeline = Timeline()
        self.sprites = Sprites()
        self.floaters = make_floaters()
        self.log = make_log(layout.log_rect, GAMES[game_id].cell_fields)
        self.log.names = self.names
        self.glance = Glance(parts.move_kinds, parts.recap_kinds, self.humans)
        self.final_hold = FinalHold()
        self.turn_banner = glance_view.TurnBanner()
        self.recap_card: glance_view.RecapCard | None = None
        self._init_screen(state, parts.board_size)
        if self.seating.has_hard_bot or (self.humans and not self.services.config.kiosk):
            self.services.start_search()  # hard bots and hints search there

    def _init_screen(self, state: GameState, board_size: tuple[int, int]) -> None:
        # what the screen shows (lags behind the game while steps run): the views of every
        # viewer this table can show, taken after the last action that has caught up
        self.shown_views = self.views_now()
        self.version = 0  # bumps whenever the state changes
        self.shown_version = 0
        self.hover: tuple[int, int] | None = None
        self.hover_cell: tuple[int, int] | None = None
        cols, rows = board_size
        self.cursor = (cols // 2, rows // 2)
        self.focus = "board"
        self.keyboard = True  # show the focus until the mouse is used
        self.arming = Arming()  # a control that appears under the pointer or focus waits
        self.message = ""
        self.message_error = False
        self.message_time = 0.0
        self._looking: object = "nobody yet"  # the viewer the screen was last rendered for
        self.sync_viewer()
        self.human_actions = 0
        self.results_shown = False
        self.banner = ""
        self.banner_time = 0.0
        # what the table says about the autosave (it failed, or works again), and how long
        self.save_notice: Sentence | None = None
        self.save_notice_time = 0.0
        self.t = 0.0
        self._cache: dict = {}
        self._before: dict[int, Any] = {}  # what ``before_apply`` said of a move handed in

    runner = property(lambda self: self.bot_driver.runner, doc="Where bots think.")
    log_head = 0  # the top of the log's panel held by another part (an online table's strip)

    def draw(self, surface: pygame.Surface) -> None:
        self.game.draw(surface)

    def on_exit(self) -> None:
        self.bot_driver.close()
        self.hints.close()

    @property
    def keeps_awake(self) -> bool:  # type: ignore[override]
        """A bot or a suggestion is thinking: its answer must show at once."""
        return self.bot_driver.seat is not None or self.hints.thinking

    # --- who looks: everything on screen is rendered for them --------------------------------
    @property
    def revealed(self) -> int | None:
        """The human past the hand-off screen (hot-seat play), whose private things show."""
        return self.privacy.revealed

    @revealed.setter
    def revealed(self, p: int | None) -> None:
        self.privacy.revealed = p
        self.sync_viewer()

    @property
    def viewer(self) -> int | None:
        """Whose private things are shown: the one human, or the human past the hand-off."""
        return self.privacy.viewer(self.passive)

    def sync_viewer(self) -> None:
        """When the seat looking at the screen changes, the log is rendered again for the new
        viewer, and things still in flight (a drawn card, bid tokens, a floating text) land at
        once: nothing of the previous viewer's stays on screen."""
        viewer = self.viewer
        if viewer == self._looking:
            return
        self._looking = viewer
        self.recap_card = None  # written for the one who looked before
        self.log.set_viewer(viewer)
        self.floaters.finish()
        for sprite in self.sprites.items:
            if not sprite.done and sprite.on_done is not None:
                sprite.done = True
                sprite.on_done()
        self.sprites.items.clear()

    def update_covered(self, dt: float) -> None:
        """Under the pause menu or the rules the hand still shows, dimmed: the privacy screen
        comes back there too."""
        self.seat_change.check()

    # --- whose turn --------------------------------------------------------------------------
    def simultaneous(self) -> bool:
        """Whether the players act at once now (secret bids)."""
        session, phases = self.session, self.game.simultaneous_phases
        return session.is_simultaneous() or bool(phases and session.phase in phases)

    @property
    def acting(self) -> int | None:
        """The seat the table waits for (the first, when several act at once)."""
        ta = self.session.to_act()
        return ta[0] if ta else None

    @property
    def chooser(self) -> int | None:
        """The human whose choice the screen takes now: the viewer, when they act and the
        table has caught up (during a simultaneous step, with the step on screen)."""
        p = self.viewer
        if p is None or p not in self.session.to_act() or self.seats[p].is_bot:
            return None
        if self.timeline.busy and not (self.simultaneous()
                                       and self.shown.phase == self.session.phase):
            return None
        return p

    @property
    def human_can_act(self) -> bool:
        return self.chooser is not None

    def legal(self) -> list:
        """The acting seat's legal actions (cached per state version, seat and lesson step:
        a table may say nobody acts while its timeline runs, in the same state)."""
        p = self.acting
        key = ("legal", self.version, self.coaching.gate_key(), p)
        if key not in self._cache:
            self._cache = {k: x for k, x in self._cache.items() if k[0] != "legal"}
            legal = self.session.legal_actions(p) if p is not None else []
            if self.coach is not None:
                legal = self.coach.offered(legal, p)  # a lesson's step lets through its own
            self._cache[key] = legal
        return self._cache[key]

    # --- the frame -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        adt = self.advance(dt)
        self.game.animate(adt)
        self._drive(adt)
        self.check_autosave(dt)
        self.follow.update(dt)
        if self.coach is not None:
            self.coach.update()
        self.suggest.poll()
        self.arming.tick(dt)
        self.arming.show(self.input.controls(), self.hover, self.focus if self.keyboard else None)

    def check_autosave(self, dt: float) -> None:
        """Say on the table when the autosave starts failing (and again, see ``Autosaver``),
        and when it works again: a player must not quit believing a game is kept."""
        said = self.autosaver.poll(dt)
        if said is None:
            return
        self.save_notice, self.save_notice_time = said, SAVE_NOTICE_SECONDS
        if said is SAVE_FAILED:
            self.services.audio.play("error")

    def _drive(self, adt: float) -> None:
        self.take_moves()
        self.turns.drive(adt)

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
        self.privacy.tick(adt, not (self.timeline.busy or self.sprites.busy))
        if self.message_time > 0:
            self.message_time -= dt
        if self.taken_back_time > 0:
            self.taken_back_time -= dt
        if self.banner_time > 0:
            self.banner_time -= adt if self.game.banner_in_anim_time else dt
        if self.save_notice_time > 0:
            self.save_notice_time -= dt
        for q in range(self.n):
            target = float(self.disp_score[q])
            gap = target - self.track[q]
            if gap:
                step = max(self.game.track_speed_min, abs(gap) * 4) * adt
                self.track[q] = target if abs(gap) <= step else self.track[q] + step * (
                    1 if gap > 0 else -1)
        return adt

    # --- the game's life: the log, saving, game over, undo -----------------------------------
    def seen(self, e: Event) -> Event:
        """``e`` as the viewer may see it (the session renders it: ``Event.is_hidden_from``
        decides): what a presenter shows of an event."""
        return self.session.events_for([e], self.viewer)[0]

    def log_event(self, e: Event) -> str:
        """Log the event ``e`` for whoever looks now; returns its line as they read it."""
        self.sync_viewer()
        self.log.add_event(e, self.colour[e.player] if e.player is not None else None)
        return self.log.entries[-1].text if self.log.entries else ""

    def rebuild_log(self, moves: list[Move] | None = None) -> None:
        """The log of the game so far, rebuilt for the viewer (``log_replay.rebuild``)."""
        log_replay.rebuild(self, moves)

    @property
    def writes_autosave(self) -> bool:
        """Whether this table keeps the autosave (not a demo, a replay or a kiosk game)."""
        return self.autosaver.wanted(self.autosave, self.passive)

    def after_action(self) -> None:
        """Each table calls this once an action is applied or taken back (the session keeps
        the autosave and the history itself: ``Autosaver.keeper``)."""
        self.taken_back_time = 0.0
        if self.coach is not None:
            self.coach.after_action()

    def game_over(self) -> None:
        if self.coach is not None:
            self.coach.game_over()
        if self.on_game_over is not None:
            self.on_game_over(self)
        elif not self.passive:
            self.game.show_results()

    def play(self, action: Any, p: int) -> None:
        """Hand ``p``'s ``action`` to the session; the moves that arrive show
        (``take_moves``: a local session plays it at once)."""
        self._before[p] = self.game.before_apply(action, p)
        self.session.submit(action, p)
        self.take_moves()

    def take_moves(self) -> None:
        """Show the moves the session played since it was last asked (this table's, and
        the other seats' in a game played elsewhere): each frame, and after ``play``.  Each
        move's events become steps on the timeline (the game's presenter says how each
        shows), then the shown game catches up; the glance and the hot-seat look follow."""
        game = self.game
        for p, action, events in self.session.poll():
            before = self._before.pop(p, None)
            self.version += 1
            if not self.seats[p].is_bot:
                self.human_actions += 1
            game.applied(action, p, before)
            after, version = self.views_now(), self.version
            for e in events:
                self.timeline.steps.extend(game.presenter.steps(e))
            self.timeline.add(partial(self.catch_up, after, version), 0.0, "catch_up")
            self.follow.moved(events, p)
            self.privacy.note_revealed(events, p, game.look_kinds)
            self.after_action()

    def catch_up(self, after: Views, version: int | None) -> None:
        """Every step has run (``version``: the table's version the action made; None: the
        table was restored at once): ``after`` (the views then) is shown; pieces still
        landing are in it."""
        for sprite in self.sprites.items:
            sprite.on_done = None
        self.shown_views = after
        self.shown_version += 1
        self.game.presenter.catch_up(self.shown, version)

    def restore(self, state: GameState) -> None:
        """Go on from ``state`` at once, without animation (a replay's step back, a lesson's
        undo or progress: tables on this machine only, over a ``LocalSession``)."""
        assert isinstance(self.session, LocalSession)
        self.session.restore(state)
        self.resync()

    def resync(self) -> None:
        """Show the session's game at once, without animation (an undo, a restore)."""
        self.bot_driver.reset()
        self.timeline = type(self.timeline)()
        self.sprites.items.clear()
        self._before.clear()
        self.version += 1
        self._cache = {}
        self.results_shown = False
        self.game.reset_choice()
        self.catch_up(self.views_now(), None)
        self.disp_score = list(self.shown_views[None]["scores"])
        self.track = [float(x) for x in self.disp_score]

    def undo_reason(self) -> str | None:
        """Why the viewer cannot take back their last action now (None: they can)."""
        if self.coach is not None and self.coach.guided:
            return self.coach.no_undo
        return undo_reason(self.session, self.viewer, self.seats, self.passive,
                           self.timeline.busy)

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
        # a lesson's undo replays the lesson's arranged deal
        moves = self.coach.take_back() if self.coach is not None else self.session.take_back()
        self.resync()
        self.after_action()
        self.rebuild_log(moves)  # the undone move's lines leave the log
        self.message, self.message_error, self.message_time = "", False, 0.0
        self.taken_back_time = TAKEN_BACK_TIME
        self.services.audio.play("swish")
        return True

    def round_words(self, round_: int, rounds: int | None) -> str:
        """"Round 2 of 4" (``rounds``: how many the game has, when it says): the replay bar's
        words for a round.  A game whose rulebook has its own word for a round says it."""
        own = self.game.round_words(round_, rounds)
        if own is not None:
            return own
        if rounds:
            # Translators: a round of a game, on the replay bar ("Round 2 of 4")
            return i18n._("Round {round} of {rounds}").format(round=round_, rounds=rounds)
        # Translators: a round of a game, on the replay bar ("Round 2")
        return i18n._("Round {round}").format(round=round_)

    def play_again(self) -> None:
        """A rematch: the same seats (names, humans and bots, levels) at a new deal."""
        start_game(self.services, self.game_id, self.seats, new_seed(self.seed),
                   self.game.table_options())

    # --- the screen parts ----------------------------------------------------------------------
    def error(self, text: str) -> None:
        """Show ``text`` (a refusal: a ``Sentence`` from the rules, or words already in the
        player's language) in red in the prompt panel for a while."""
        self.message, self.message_error, self.message_time = text, True, 5.0
        self.services.audio.play("error")

    def on_ui_scale(self) -> None:
        """The text size or the language changed: the log is written and wrapped again;
        cached text-bearing surfaces are dropped (the board's are not: it does not scale)."""
        self.seating.follow_language()
        if self.recap_card is not None:  # its lines, in the new language and text size
            self.recap_card = self.follow.make_recap(self.recap_card.seat, self.recap_card.seat)
        rescale = getattr(self.log, "rescale", None)
        if rescale is not None:
            rescale()
        self.game.on_ui_scale()

    # --- input ---------------------------------------------------------------------------------
    def handle(self, intent: I.Intent) -> bool:
        if self.coach is not None and self.coach.handle(intent):
            return True
        if self.follow.glance_intent(intent):
            return True
        return self.input.handle(intent)

    def cursor_near(self, cells) -> None:
        """Move the board cursor to the nearest of ``cells`` unless it is on one already."""
        if cells and self.cursor not in cells:
            cx, cy = self.cursor
            self.cursor = min(cells, key=lambda c: abs(c[0] - cx) + abs(c[1] - cy))
