"""``SharedTable``: the scene base every game's table scene extends.

It composes the table's parts, each with one job: ``Seating`` (seats, names, bots),
``BotDriver`` (bots thinking off the frame loop), ``Privacy`` (hand-off, who looks),
``undo``, ``Autosaver``, ``TurnLoop`` (whoever acts, several seats at once included),
``screen`` (prompt, buttons, banner) and ``InputRouter`` (pointer and focus).  It keeps on
the scene the names a game's table uses (``state``, ``shown``, ``dview()``, ``viewer``,
``acting``, ``human_can_act``, ``legal()``, ``error()``, ``log_event()``...).  What each game
provides is ``hooks.GameTable``; the defaults of the optional hooks are below.

A game's scene calls ``_init_table`` first thing in its ``__init__``; the shared ``update``
advances the clocks (``advance``), the game's own (``animate``), then the turn loop.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.engine.core import GameState
from game.engine.events import Event
from game.engine.messages import N_, P, Sentence, localized, say
from game.engine.save_files import replay_events
from game.registry import GAMES
from game.scenes.base import Scene
from game.scenes.handoff import Handoff
from game.scenes.pause import PauseMenu
from game.scenes.rules_overlay import RulesOverlay
from game.scenes.table import screen, start_game
from game.scenes.table.autosave import SAVE_FAILED, Autosaver
from game.scenes.table.bots import BotDriver
from game.scenes.table.glance import FinalHold, Glance
from game.scenes.table.hints import Hints, action_cells
from game.scenes.table.input import InputRouter, is_undo_key
from game.scenes.table.privacy import Privacy
from game.scenes.table.seating import Seating
from game.scenes.table.turns import TurnLoop
from game.scenes.table.undo import TAKEN_BACK_TIME, take_back, undo_reason
from game.seats import Seat
from game.ui import glance as glance_view
from game.ui import intents as I
from game.ui.arming import Arming
from game.ui.table_anim import Sprites, Timeline, make_floaters, make_log
from game.ui.table_common import focus_ring

if TYPE_CHECKING:
    from game.scenes.tutorial.coach import Coach

NOT_NOW = say(N_("Not possible now."))
SAVE_NOTICE_SECONDS = 12.0  # how long the table says that the autosave failed (or works again)


def is_button(key: str) -> bool:
    """Whether the target ``key`` is a button (a slot, Undo, Suggest a move)."""
    return key.startswith("btn") or key in ("undo", "hint")


def _delegate(part: str, name: str, doc: str) -> property:
    """A scene attribute kept by one of its parts (read and written through the scene)."""
    def get(self: SharedTable) -> Any:
        return getattr(getattr(self, part), name)

    def put(self: SharedTable, value: Any) -> None:
        setattr(getattr(self, part), name, value)

    return property(get, put, doc=doc)


class SharedTable(Scene):
    bot_pace: float = 0.75  # seconds of animation time before a bot's move shows
    bid_pace: float | None = None  # the same during a simultaneous step (None: bot_pace)
    track_speed_min: float = 6.0  # spaces per second a score marker slides at least
    banner_in_anim_time: bool = False  # whether the banner's timer follows the animation speed
    banner_y: int = 60  # the banner's centre, below the board's top edge
    # Oregon: the prompt stays bold after an error's time ran out, until a choice clears it
    prompt_bold_after_error: bool = False
    board_size: tuple[int, int]
    strip_keeps: str | None = None  # focus-key prefix from which Up stays in the strip
    strip_vertical: bool = True  # whether Up/Down also step along the strip
    look_kinds: frozenset[str] = frozenset()
    simultaneous_phases: tuple[str, ...] = ()
    look_prompt = N_("Have a look at what you just got: the table passes on in a moment "
                     "(click or press a key to pass it now).")  # a table may give its own
    # How the table is used; whoever opens it may change these (demo, replay).
    passive: bool = False  # nobody acts: the owner applies recorded actions (replay)
    autosave: bool = True  # write the autosave after every action
    on_game_over: Callable[[SharedTable], None] | None = None  # instead of the results
    taken_back_time = 0.0  # seconds left of "Taken back." before the prompt
    # A lesson's table has a coach (``game.scenes.tutorial.coach``): it gates the moves,
    # holds the bots on reading steps and keeps the lesson's progress.
    coach: Coach | None = None
    # Event kinds that change the board (marked as their seat's last move) and that a recap
    # tells the next human about: each game names its own.
    move_kinds: frozenset[str] = frozenset()
    recap_kinds: frozenset[str] = frozenset()

    if TYPE_CHECKING:
        # What each game's table defines (``hooks.GameTable``), declared for the type checker
        # only: at run time a table lacking one is still found by ``hooks.missing_hooks``.
        def _apply(self, action: Any, p: int) -> None: ...
        def _start_event(self, e: Event) -> None: ...
        def _catch_up(self, after: GameState) -> None: ...
        def prompt(self) -> str: ...
        def buttons(self) -> list[tuple[str, Any, bool, bool]]: ...
        def targets(self) -> list[tuple[str, pygame.Rect]]: ...
        def activate(self, key: str) -> None: ...
        def click_cell(self, cell: tuple[int, int]) -> None: ...
        def _try(self, action: Any) -> Any: ...
        def _focus_default(self) -> None: ...
        def _focus_board(self) -> None: ...
        def _show_results(self) -> None: ...

    # --- set up ------------------------------------------------------------------------------
    def _init_table(self, game_id: str, seats: Sequence[Seat], seed: int, state: GameState,
                    game: str, layout, default_name: Callable[[int], str],
                    scores: Sequence[int] | None = None) -> None:
        """The fields every table starts with.  ``game``: the engine's id (picks the bots);
        ``default_name(i)``: seat ``i``'s name when it has none; ``scores``: where the track
        markers start (default: the state's scores)."""
        self.game_id = game_id
        self.music = game_id  # each game has its own theme (game.ui.music)
        self.seed = seed
        self.seating = Seating.build(seats, game, seed, default_name, self.services.search,
                                     self.services.settings.bot_seconds)
        self.seats, self.names, self.colour = (self.seating.seats, self.seating.names,
                                               self.seating.colour)
        self.humans, self.bots, self.rename = (self.seating.humans, self.seating.bots,
                                               self.seating.rename)
        self.n = len(self.seats)
        self.state = state
        self.bot_driver = BotDriver(self.bots)
        self.hints = Hints()
        self.privacy = Privacy(self.humans)
        self.autosaver = Autosaver(self.services.config)
        self.turns = TurnLoop(self, self.bot_driver)
        self.input = InputRouter(self)
        self.layout = layout
        self.timeline = Timeline()
        self.sprites = Sprites()
        self.floaters = make_floaters()
        self.log = make_log(layout.log_rect, GAMES[game_id].cell_fields)
        self.log.names = self.names
        self._init_glance()
        self._init_screen(state, scores)
        if self.seating.has_hard_bot or (self.humans and not self.services.config.kiosk):
            self.services.start_search()  # hard bots and hints search there

    def _init_screen(self, state: GameState, scores: Sequence[int] | None) -> None:
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
        self.arming = Arming()  # a control that appears under the pointer or focus waits
        self.message = ""
        self.message_error = False
        self.message_time = 0.0
        self._looking: object = "nobody yet"  # the viewer the screen was last rendered for
        self.sync_viewer()
        self.resumed_at: int | None = None  # the move a resumed game went on from
        self.human_actions = 0
        self.results_shown = False
        self.banner = ""
        self.banner_time = 0.0
        # what the table says about the autosave (it failed, or works again), and how long
        self.save_notice: Sentence | None = None
        self.save_notice_time = 0.0
        self.t = 0.0
        self._cache: dict = {}
        # (version seen, chooser, its legal actions, the version its position began at)
        self._hint_position: tuple[int, int | None, tuple, int] = (-1, None, (), -1)

    runner = property(lambda self: self.bot_driver.runner, doc="Where bots think.")
    bot_result = _delegate("bot_driver", "result", "The thinking bot's choice, once made.")
    bot_timer = _delegate("bot_driver", "timer", "Seconds before the bot's choice may show.")
    bot_seat = _delegate("bot_driver", "seat", "The bot thinking or about to play.")
    look_for = _delegate("privacy", "look_for", "The hot-seat human looking at what they got.")
    look_left = _delegate("privacy", "look_left", "Seconds left of that look.")
    handoff_open = _delegate("privacy", "handoff_open", "The hand-off screen is up.")
    handoffs = _delegate("privacy", "handoffs", "Hand-off screens shown so far.")
    last_turn_key = _delegate("turns", "last_turn_key", "The viewer's turn the focus was set for.")
    last_human = _delegate("turns", "last_turn_key", "The turn the focus was last set for.")

    def _init_glance(self) -> None:
        self.glance = Glance(self.move_kinds, self.recap_kinds, self.humans)
        self.final_hold = FinalHold()
        self.turn_banner = glance_view.TurnBanner()
        self.recap_card: glance_view.RecapCard | None = None

    def on_exit(self) -> None:
        self.bot_driver.close()
        self.hints.close()

    @property
    def keeps_awake(self) -> bool:  # type: ignore[override]
        """A bot or a suggestion is thinking: its answer must show at once."""
        return self.bot_driver.seat is not None or self.hints.thinking

    # --- who looks: everything on screen is rendered for them --------------------------------
    @property
    def handoff_message(self) -> str:
        """What the hand-off screen says stays hidden until the next player takes the table
        (a table may set a class attribute instead): an English sentence marked ``N_`` (or
        a ``Sentence``), shown in the player's language by the hand-off screen."""
        return N_("Hand the screen over; your things stay hidden until then.")

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

    def dview(self) -> dict[str, Any]:
        """The shown state as the viewer may see it (cached per shown version and viewer)."""
        key = ("dview", self.shown_version, self.viewer)
        v = self._cache.get(key)
        if v is None:
            self._cache = {k: x for k, x in self._cache.items() if k[0] != "dview"}
            view = self.shown.view(self.viewer)
            assert isinstance(view, dict)  # every game's view is a JSON-able dict
            v = self._cache[key] = view
        return v

    def note_revealed(self, events: Sequence[Event], p: int) -> None:
        """After ``p``'s action: when it showed ``p`` something new and private (cards
        drawn), a hot-seat table lets them look at it before the hand-off hides it."""
        self.privacy.note_revealed(events, p, self.look_kinds)

    def looking(self) -> bool:
        """Whether the hand-off waits: the viewer is still looking at what they just got."""
        return self.privacy.looking(self.viewer)

    def check_privacy(self) -> None:
        """In hot-seat play, hide private things again after a minute without input."""
        p = self.privacy.to_cover(self.services.idle_seconds, self.state.is_over())
        if p is not None:
            self.hide_private(p)

    def update_covered(self, dt: float) -> None:
        """Under the pause menu or the rules the hand still shows, dimmed: the privacy screen
        comes back there too."""
        self.check_privacy()

    def hide_private(self, p: int) -> None:
        """Cover the table with the hand-off screen for ``p`` (who comes back to it)."""
        self._hand_off(p)

    def _hand_off(self, p: int) -> None:
        """Cover the table until ``p`` takes it (hot-seat play)."""
        self.revealed = None
        self.privacy.begin_hand_off()
        self.services.stack.push(Handoff(self.services, self.names[p], self.colour[p],
                                         self.handoff_message, names=self.names,
                                         on_continue=lambda: self._handed_over(p),
                                         recap=lambda: self.handoff_recap(p)))

    def _handed_over(self, p: int) -> None:
        self.privacy.handed_over(p)
        self.sync_viewer()
        self.last_turn_key = self.turn_key(p)
        if not self.glance.due(p):  # else the turn's chime comes at once
            self.services.audio.play("bell")
        self._focus_default()

    # --- whose turn --------------------------------------------------------------------------
    def simultaneous(self) -> bool:
        """Whether the players act at once now (secret bids)."""
        st = self.state
        return st.is_simultaneous() or bool(
            self.simultaneous_phases and st.phase in self.simultaneous_phases)

    @property
    def acting(self) -> int | None:
        """The seat the table waits for (the first, when several act at once)."""
        ta = self.state.to_act()
        return ta[0] if ta else None

    @property
    def chooser(self) -> int | None:
        """The human whose choice the screen takes now: the viewer, when they act and the
        table has caught up (during a simultaneous step, with the step on screen)."""
        st = self.state
        p = self.viewer
        if p is None or p not in st.to_act() or self.seats[p].is_bot:
            return None
        if self.timeline.busy and not (self.simultaneous()
                                       and self.shown.phase == st.phase):
            return None
        return p

    @property
    def human_can_act(self) -> bool:
        return self.chooser is not None

    def legal(self) -> list:
        """The acting seat's legal actions (cached per state version, seat and lesson step:
        a table may say nobody acts while its timeline runs, in the same state)."""
        p = self.acting
        key = ("legal", self.version, self.gate_key(), p)
        if key not in self._cache:
            self._cache = {k: x for k, x in self._cache.items() if k[0] != "legal"}
            legal = self.state.legal_actions(p) if p is not None else []
            if self.coach is not None:
                legal = self.coach.offered(legal, p)  # a lesson's step lets through its own
            self._cache[key] = legal
        return self._cache[key]

    def lesson_lit(self, cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Of the board ``cells`` a table lights for the acting human, those a move the
        lesson's step lets through names (all of them outside a lesson's steps): for a table
        that lights cells from the rules' previews rather than from ``legal()``."""
        if self.coach is None or not self.coach.guided:
            return cells
        key = ("lit", self.version, self.gate_key())
        named = self._cache.get(key)
        if named is None:
            named = {c for a in self.legal() for c in action_cells(a)}
            self._cache = {k: x for k, x in self._cache.items() if k[0] != "lit"}
            self._cache[key] = named
        return [c for c in cells if c in named]

    def gate_key(self) -> int | None:
        """Changes when a lesson's gate lets other moves through in the same state (the
        lesson's step): part of the key of what is worked out from the moves offered."""
        return self.coach.guide.index if self.coach is not None else None

    def gate(self, action: Any) -> bool:
        """Whether a lesson's step refuses the acting human's legal ``action`` (it then says
        why, as the rules' refusals are said).  Each table asks after the rules' check."""
        why = self.coach.refusal(action) if self.coach is not None else None
        if why is not None:
            self.error(why)
        return why is not None

    def bots_wait(self) -> bool:
        """Whether the bots hold their moves (a lesson's reading step is up)."""
        return self.coach is not None and self.coach.reading

    def turn_key(self, p: int) -> Hashable:
        """Changes when a new turn of the viewer ``p`` begins: here, when the acting human
        changes (a game may count each action, or each step, as a new turn)."""
        return p

    def handoff_waits(self) -> bool:
        return False

    def end_waits(self) -> bool:
        return False

    def final_board_waits(self) -> bool:
        """Whether the final board is still held before the results (not in a replay)."""
        return not self.passive and self.final_hold.waits

    def bot_action_legal(self, action: Any, p: int) -> bool:
        """Whether a bot's choice may be played (if not, its first legal move is)."""
        st = self.state
        return action in self.bot_driver.offered or (
            st.action_problem(action) is None and st.why_illegal(action, p) is None)

    def waiting_prompt(self) -> str | None:
        """The prompt while the viewer does not choose: the latest message, the game's end,
        who acts now.  None when the viewer acts (the scene then says what to do)."""
        if self.looking() and not self.human_can_act:
            return i18n._(self.look_prompt)
        if self.message and (self.message_time > 0 or not self.message_error):
            return self.shown_message()
        p = self.acting
        if p is None:
            return i18n._("The game is over.")
        if not self.human_can_act:
            if self.timeline.busy:
                return ""
            if self.seats[p].is_bot:
                return i18n._("{player} is thinking...").format(player=self.names[p])
            return i18n._("Waiting for {player}.").format(player=self.names[p])
        return None

    def shown_message(self) -> str:
        """The latest message (a refusal, what just happened) in the player's language: a
        ``Sentence`` is rendered again after a change of language."""
        return localized(self.message, self.names, i18n.language())

    # --- the frame -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        adt = self.advance(dt)
        self.animate(adt)
        self._drive(adt)
        self.check_autosave(dt)
        self._follow_glance(dt)
        if self.coach is not None:
            self.coach.update()
        before = self.hints.shown
        self.hints.poll(self.hint_key())
        if self.hints.shown is not before and self.hint is not None:
            self._focus_hint(self.hint.action)
        self.arming.tick(dt)
        self.arming.show(self.controls(), self.hover, self.focus if self.keyboard else None)

    def controls(self) -> list[tuple[str, Hashable, pygame.Rect]]:
        """The buttons on screen (the slots, Undo, Suggest a move), each with what using
        it means now, for ``arming``.  Cards, tokens and cells are what the player points
        at to choose: they are not held."""
        buttons = self.buttons()
        return [(key, self.control_meaning(key, buttons), rect)
                for key, rect in self.targets() if is_button(key)]

    def control_meaning(self, key: str, buttons: list | None = None) -> Hashable:
        """What using the target ``key`` would do now: a button slot's label and move (a
        new label or move in the slot is a new control); any other target, its key."""
        if key.startswith("btn"):
            buttons = self.buttons() if buttons is None else buttons
            i = int(key[3:])
            if i < len(buttons):
                label, action, _enabled, primary = buttons[i]
                return (label, primary, None if callable(action) else action)
        return key

    def control_armed(self, key: str, by_pointer: bool) -> bool:
        """Whether a click (``by_pointer``) or a confirming key may use the target ``key``:
        not one that just appeared, or changed meaning, under the pointer or the focus
        (``game.ui.arming``).  The board's cells are not held."""
        return not is_button(key) or self.arming.armed(key, self.control_meaning(key),
                                                       by_pointer)

    def check_autosave(self, dt: float) -> None:
        """Say on the table when the autosave starts failing (and again, see ``Autosaver``),
        and when it works again: a player must not quit believing a game is kept."""
        said = self.autosaver.poll(dt)
        if said is None:
            return
        self.save_notice, self.save_notice_time = said, SAVE_NOTICE_SECONDS
        if said is SAVE_FAILED:
            self.services.audio.play("error")

    def animate(self, adt: float) -> None:
        """The game's own clocks, each frame before the turn loop."""

    def _drive(self, adt: float) -> None:
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
            self.banner_time -= adt if self.banner_in_anim_time else dt
        if self.save_notice_time > 0:
            self.save_notice_time -= dt
        for q in range(self.n):
            target = float(self.disp_score[q])
            gap = target - self.track[q]
            if gap:
                step = max(self.track_speed_min, abs(gap) * 4) * adt
                self.track[q] = target if abs(gap) <= step else self.track[q] + step * (
                    1 if gap > 0 else -1)
        return adt

    # --- hints ("Suggest a move") --------------------------------------------------------------
    @property
    def hints_offered(self) -> bool:
        """Whether "Suggest a move" is offered now: a human chooses at this table (not a
        kiosk's, a demo's or a replay's)."""
        config = self.services.config
        return (self.chooser is not None and not self.passive and not config.kiosk
                and not config.demo and not (self.coach is not None and self.coach.guided))

    def hint_key(self) -> tuple[int, int | None]:
        """The position a hint belongs to: the seat choosing now and the state it chooses in.
        In a simultaneous step another seat's secret bid changes neither what the chooser may
        know nor its choices, so the position (and a hint worked out for it) stays."""
        p = self.chooser
        v = self._hint_position
        if v[0] != self.version:
            legal = tuple(self.state.legal_actions(p)) if p is not None else ()
            kept = (v[1] == p and p is not None and legal == v[2] and self.simultaneous())
            v = self._hint_position = (self.version, p, legal, v[3] if kept else self.version)
        return (v[3], p)

    def ask_hint(self) -> None:
        """Work out a suggestion for the human choosing now, from their own view and legal
        actions, in the app's search process (a second press while it thinks does nothing)."""
        p = self.chooser
        if p is None or not self.hints_offered:
            return
        st = self.state
        if self.hints.ask(self.services.search, self.game_id, self.seed * 7919 + self.version,
                          self.services.settings.bot_seconds, p, self.hint_key(), st.view(p),
                          st.legal_actions(p)):
            self.services.audio.play("click")

    @property
    def hint(self):
        """The suggestion shown now (a ``hints.Hint``), only to the seat it was made for."""
        h = self.hints.shown
        if h is None or h.key != self.hint_key() or h.seat != self.viewer:
            return None
        return h

    def hint_keys(self, action: Any) -> list[str]:
        """The focus targets (``targets`` keys) a suggested ``action`` would use: its cards,
        decks, tokens...  Each table says; buttons playing it and its cells are found alike."""
        return []

    def _focus_hint(self, action: Any) -> None:
        """A suggestion came: the keyboard and pad focus moves to where it starts (its first
        card, deck or token, else its cell), so Enter or A takes its first step."""
        keys = [k for k in self.hint_keys(action) if k in dict(self.targets())]
        cells = action_cells(action)
        if keys:
            self.focus = keys[0]
        elif cells:
            self.focus = "board"
            self.cursor = cells[0]

    def _draw_hint(self, surface: pygame.Surface) -> None:
        """The suggested action on the table: its cells lit as a log line's are, the targets
        and buttons it would use ringed as the focus is."""
        h = self.hint
        if h is None:
            return
        cells = action_cells(h.action)
        if cells:
            self._draw_log_cells(surface, cells)
        for rect in self.action_rects(h.action):
            focus_ring(surface, rect)

    def action_rects(self, action: Any) -> list[pygame.Rect]:
        """Where ``action`` is made on the table now: the targets it uses (its cards, decks,
        tokens...), its board cells and the buttons that play it.  A hint rings them; a
        lesson's step points at them."""
        targets = dict(self.targets())
        rects = [targets[k] for k in self.hint_keys(action) if k in targets]
        rects += [self.layout.cell_rect(*cell) for cell in action_cells(action)]
        rects += [self.layout.button_rect(i) for i, b in enumerate(self.buttons())
                  if b[1] == action]
        return rects

    # --- a lesson's pointers -------------------------------------------------------------------
    def lesson_rect(self, name: str) -> pygame.Rect | None:
        """The place a lesson's step points at by ``name``, where it is drawn now (so it
        follows the Text size and the layout); None when this table cannot resolve it.
        Names: any ``targets()`` key (cards, decks, buttons, tokens... as each table names
        them); ``"cell:x,y"`` a board cell; ``"action"`` what the step's expected move uses
        (its cells, cards, decks, buttons, as a hint lights them); ``"panel:N"`` seat N's
        panel; ``"log"``; ``"prompt"`` the prompt line; ``"scores"`` the viewer's space on the
        score track; and a
        table's own names (``lesson_places``)."""
        rects = self.lesson_rects(name)
        return rects[0].unionall(rects[1:]) if rects else None

    def lesson_rects(self, name: str) -> list[pygame.Rect] | None:
        """``lesson_rect``'s parts (an ``"action"`` may use a card and a cell)."""
        kind, _sep, arg = name.partition(":")
        try:
            if kind == "cell":
                x, y = (int(v) for v in arg.split(","))
                cols, rows = self.board_size
                return [self.layout.cell_rect(x, y)] if 0 <= x < cols and 0 <= y < rows else None
            if kind == "panel":
                return [self.layout.panels[int(arg)]] if 0 <= int(arg) < self.n else None
        except ValueError:
            return None
        fixed = {"log": lambda: self.layout.log_rect, "prompt": lambda: self.prompt_box()[0],
                 "scores": lambda: self.layout.track_space(self.disp_score[self.viewer or 0])}
        if name in fixed:
            return [fixed[name]()]
        if name == "action":  # where the step's expected move is made (None: it has none)
            action = self.coach.demo() if self.coach is not None else None
            return (self.action_rects(action) or None) if action is not None else None
        rect = dict(self.targets()).get(name) or self.lesson_places().get(name)
        return [rect] if rect is not None else None

    def lesson_places(self) -> dict[str, pygame.Rect]:
        """A table's own names for ``lesson_rect``, besides its targets (none here)."""
        return {}

    # --- the game's life: the log, saving, game over, undo -----------------------------------
    def log_event(self, e: Event) -> str:
        """Log the event ``e`` for whoever looks now; returns its line as they read it."""
        self.sync_viewer()
        self.log.add_event(e, self.colour[e.player] if e.player is not None else None)
        return self.log.entries[-1].text if self.log.entries else ""

    def log_opening(self) -> None:
        """The log's first lines, before any move (each table says what)."""

    def rebuild_log(self, moves: list[list[Event]] | None = None) -> None:
        """The log of the game so far, rebuilt from a replay of its moves (``moves``: the
        events of each action, from ``replay_events``; replayed here when not given): the
        opening lines, every event as the viewer may read it, where the game was resumed."""
        if moves is None:
            moves = replay_events(self.state)[1]
        self.sync_viewer()
        self.log.clear()
        self.log_opening()
        lines: list[str | Event] = []
        for k, events in enumerate(moves):
            if k == self.resumed_at:
                lines.append(say(N_("Game resumed at move {n}."), n=k))
            lines += events
        if self.resumed_at is not None and self.resumed_at >= len(moves):
            lines.append(say(N_("Game resumed at move {n}."), n=len(moves)))
        self.glance.rebuild(zip((p for p, _a in self.state.history), moves, strict=False))
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

    @property
    def writes_autosave(self) -> bool:
        """Whether this table keeps the autosave (not a demo, a replay or a kiosk game)."""
        return self.autosaver.wanted(self.autosave, self.passive)

    def after_action(self) -> None:
        """Each table calls this once an action is applied: keep the autosave current, and
        the history once the game is over (at once, not after the last animation: a player
        who leaves during it still finds the game there)."""
        self.taken_back_time = 0.0
        if self.writes_autosave:
            self.autosaver.save(self.state, self.seats)
            if self.state.is_over():
                self.services.history.add(self.state, self.seats)
        if self.coach is not None:
            self.coach.after_action()

    def game_over(self) -> None:
        if self.coach is not None:
            self.coach.game_over()
        if self.on_game_over is not None:
            self.on_game_over(self)
        elif not self.passive:
            self._show_results()

    def restore(self, state: GameState) -> None:
        """Show ``state`` at once, without animation (undo, a replay's step back)."""
        self.bot_driver.reset()
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
        if self.coach is not None and self.coach.guided:
            return self.coach.no_undo
        return undo_reason(self.state, self.viewer, self.seats, self.passive,
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
        state, moves = (self.coach.take_back() if self.coach is not None
                        else take_back(self.state))
        self.restore(state)
        self.after_action()
        self.rebuild_log(moves)  # the undone move's lines leave the log
        self.message, self.message_error, self.message_time = "", False, 0.0
        self.taken_back_time = TAKEN_BACK_TIME
        self.services.audio.play("swish")
        return True

    def round_words(self, round_: int, rounds: int | None) -> str:
        """"Round 2 of 4" (``rounds``: how many the game has, when it says): the replay bar's
        words for a round.  A game whose rulebook has its own word for a round says it."""
        if rounds:
            # Translators: a round of a game, on the replay bar ("Round 2 of 4")
            return i18n._("Round {round} of {rounds}").format(round=round_, rounds=rounds)
        # Translators: a round of a game, on the replay bar ("Round 2")
        return i18n._("Round {round}").format(round=round_)

    def table_options(self) -> dict[str, str] | None:
        """The game options a new game at this table keeps (Play again)."""
        return None

    def play_again(self) -> None:
        """A rematch: the same seats (names, humans and bots, levels) at a new deal."""
        start_game(self.services, self.game_id, self.seats, self.new_seed(),
                   self.table_options())

    def new_seed(self) -> int:
        """A seed for the next game, never this game's (a rematch is another deal)."""
        while True:
            seed = random.randrange(1, 10**6)
            if seed != self.seed:
                return seed

    # --- following the game at a glance (game.scenes.table.glance) ----------------------------
    def note_moved(self, events: Sequence[Event], p: int) -> None:
        """After ``p``'s action (each table's ``_apply`` calls this once its steps are
        queued): once they have shown, its cells are ``p``'s last move and the journal of
        the recaps has it; ``p``'s own recap card goes."""
        if self.recap_card is not None and self.recap_card.seat == p:
            self.recap_card = None
        if p in self.humans:
            self.turn_banner.leave()
        events = list(events)
        self.timeline.add(lambda: self.glance.note(p, events), 0.0, "glance")

    def _follow_glance(self, dt: float) -> None:
        """Each frame: the turn banner's clock, the cue when the turn comes to a human, and
        the final board's hold once the last step has shown."""
        self.turn_banner.update(dt)
        if self.state.is_over():
            if not (self.timeline.busy or self.results_shown or self.end_waits()):
                self.final_hold.tick(dt)
            return
        h = self.chooser
        if h is not None and not self.passive and self.glance.due(h) and not self.cue_waits():
            self._cue_turn(h)

    def cue_waits(self) -> bool:
        """Whether the turn's cue waits, its banner hidden: a table's overlay is up (the
        cue comes after it)."""
        return False

    def _cue_turn(self, h: int) -> None:
        """The turn came to human ``h``: a banner, a chime (once per turn, not per action)
        and, outside a lesson (the coach speaks there), what the others did since."""
        self.glance.cued(h)
        self.turn_banner.show(lambda: glance_view.turn_text(self.names[h], len(self.humans) > 1))
        self.services.audio.play("chime")
        if self.coach is None:
            self.recap_card = self.make_recap(h, h)

    def make_recap(self, h: int, viewer: int | None) -> glance_view.RecapCard | None:
        """The recap card for human ``h`` as ``viewer`` may read it (None: nothing to tell)."""
        lines, left_out = self.glance.recap(h, viewer, self.names, i18n.language())
        if not lines:
            return None
        return glance_view.RecapCard(h, [(self.colour[q], text) for q, text in lines],
                                     left_out)

    def handoff_recap(self, p: int) -> list[tuple[int, str]]:
        """What the others did since ``p``'s last turn, for the hand-off screen everyone
        sees: the lines an onlooker reads (nothing private, not even ``p``'s)."""
        if self.coach is not None:
            return []
        lines, _left_out = self.glance.recap(p, None, self.names, i18n.language())
        return [(self.colour[q], text) for q, text in lines]

    def draw_last_moves(self, surface: pygame.Surface) -> None:
        """Each seat's last move on the board, as the viewer may know it (each table's
        renderer calls this over its pieces)."""
        glance_view.draw_marks(surface, self.glance.marks(self.viewer), self.layout.cell_rect,
                               self.colour)

    def close_recap(self) -> bool:
        """Close the recap card; True when one was up."""
        was = self.recap_card is not None
        self.recap_card = None
        return was

    def glance_intent(self, intent: I.Intent) -> bool:
        """A click or key skips the final board's hold; a click on the recap closes it."""
        if (intent.kind in (I.CLICK, I.CONFIRM, I.KEY, I.BACK) and self.state.is_over()
                and not self.results_shown and self.final_board_waits()):
            self.final_hold.skip()
            return True
        card = self.recap_card
        if (card is not None and intent.kind == I.CLICK and intent.pos is not None
                and card.rect.collidepoint(intent.pos)):
            self.recap_card = None
            return True
        return False

    # --- the screen parts ----------------------------------------------------------------------
    def error(self, text: str) -> None:
        """Show ``text`` (a refusal: a ``Sentence`` from the rules, or words already in the
        player's language) in red in the prompt panel for a while."""
        self.message, self.message_error, self.message_time = text, True, 5.0
        self.services.audio.play("error")

    def prompt_line(self) -> str:
        """The prompt as the panel shows it: just after an undo, "Taken back." and then what
        to do again; while a suggestion is worked out or shown, what it says."""
        if self.coach is not None and self.coach.reading:
            return i18n._("Read what the coach says, then press Continue.")
        if self.hints.thinking and self.hints_offered:
            return i18n._("Looking for a good move...")
        hint = self.hint
        if hint is not None:
            return hint.line()
        text = localized(self.prompt(), self.names, i18n.language())
        if self.taken_back_time > 0 and text:
            return i18n._("Taken back. {prompt}").format(prompt=text)
        return text

    def _message_icon(self) -> pygame.Surface | None:
        """A picture at the prompt panel's right end (None: the text takes the width)."""
        return None

    def _prompt_style(self) -> tuple[str, bool, bool, pygame.Surface | None]:
        return screen.prompt_style(self)

    def prompt_box(self) -> tuple[pygame.Rect, int, list[str], int]:
        return screen.prompt_box(self)

    def _draw_message(self, surface: pygame.Surface) -> None:
        screen.draw_message(self, surface)

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        screen.draw_buttons(self, surface)

    def _draw_focus(self, surface: pygame.Surface) -> None:
        self._draw_hint(surface)
        screen.draw_focus(self, surface)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        """The banner, and over it a lesson's coach: every table draws this last."""
        screen.draw_banner(self, surface)
        screen.draw_save_notice(self, surface)
        if not self.cue_waits():  # an overlay of the table's is up: the banner gives way
            self.turn_banner.draw(surface, self.layout.board_rect)
        if self.coach is not None:
            self.coach.draw(surface)

    def draw_log(self, surface: pygame.Surface) -> None:
        screen.draw_log(self, surface)
        if self.recap_card is not None:
            self.recap_card.draw(surface, self.recap_area())

    def recap_area(self) -> pygame.Rect:
        """Where the recap card may go: over the log, under its buttons (left usable), and
        above the table's button slots that reach into it (Oasis' row may, at a large text
        size)."""
        log_rect = self.layout.log_rect
        top = self.undo_rect().bottom + 6
        area = pygame.Rect(log_rect.x, top, log_rect.w, log_rect.bottom - top)
        for slot in getattr(self.layout, "buttons", ()):
            if slot.colliderect(area):
                area.height = max(0, slot.top - 6 - area.top)
        return area

    def _draw_log_cells(self, surface: pygame.Surface, cells) -> None:
        screen.draw_log_cells(self, surface, cells)

    def _draw_undo(self, surface: pygame.Surface) -> None:
        screen.draw_undo(self, surface)

    def undo_rect(self) -> pygame.Rect:
        return screen.undo_rect(self)

    def hint_rect(self) -> pygame.Rect:
        return screen.hint_rect(self)

    def undo_target(self) -> list[tuple[str, pygame.Rect]]:
        """The buttons over the log (for ``targets``): ``("hint", rect)`` while "Suggest a
        move" is offered, ``("undo", rect)`` while the viewer can take something back."""
        out = [("hint", self.hint_rect())] if self.hints_offered else []
        return out + ([("undo", self.undo_rect())] if self.can_undo else [])

    @property
    def log_cells(self) -> tuple[tuple[int, int], ...]:
        """The board cells named by the log line under the pointer (from the event's data)."""
        if self.keyboard or self.hover is None:
            return ()
        return self.log.cells_at(self.hover)

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

    def _try_button(self, action: Any) -> None:
        self.services.audio.play("click")
        self._try(action)

    def disabled_reason(self, label: str) -> str:
        """Why the button ``label`` cannot be used now."""
        return NOT_NOW

    def on_ui_scale(self) -> None:
        """The text size or the language changed: the log is written and wrapped again;
        cached text-bearing surfaces are dropped (the board's are not: it does not scale)."""
        self.seating.follow_language()
        if self.recap_card is not None:  # its lines, in the new language and text size
            self.recap_card = self.make_recap(self.recap_card.seat, self.recap_card.seat)
        rescale = getattr(self.log, "rescale", None)
        if rescale is not None:
            rescale()

    # --- input ---------------------------------------------------------------------------------
    def handle(self, intent: I.Intent) -> bool:
        if self.coach is not None and self.coach.handle(intent):
            return True
        if self.glance_intent(intent):
            return True
        return self.input.handle(intent)

    def pointer_input(self, intent: I.Intent) -> bool:
        return self.input.pointer(intent)

    def navigate(self, intent: I.Intent) -> bool:
        return self.input.navigate(intent)

    def _move(self, dx: int, dy: int, keys: list[str]) -> None:
        self.input.move(dx, dy, keys)

    def click_target(self, pos) -> bool:
        return self.input.click_target(pos)

    def is_undo_key(self, intent: I.Intent) -> bool:
        return is_undo_key(intent)

    def table_intent(self, intent: I.Intent) -> bool:
        """A scene's own keys and gestures, before the pointer and focus ones; True if taken."""
        return False

    def click(self, pos) -> None:
        if not self.human_can_act:
            p = self.acting
            if p is not None and not self.timeline.busy and self.seats[p].is_bot:
                self.message = say(N_("{player} is playing..."), player=P(p, self.names[p]))
                self.message_error = False
            return
        if not self.click_target(pos):
            self.click_elsewhere(pos)

    def click_elsewhere(self, pos) -> None:
        """A click on nothing usable: a scene may explain why."""

    def right_click(self) -> None:
        """What a right click does on this table."""

    def on_back(self) -> bool:
        """Esc / pad B.  A scene may first cancel a half-made move."""
        if self.close_recap():
            return True
        self.open_pause()
        return True

    def open_pause(self) -> None:
        # The autosave holds this game once a move was made in it (before that, it still
        # holds whatever was saved earlier).
        saved = self.writes_autosave and bool(self.state.history)
        self.services.stack.push(PauseMenu(self.services, self.game_id, self.services.to_title,
                                           saved=saved, lesson=self.coach is not None))

    def open_rules(self) -> None:
        self.services.stack.push(RulesOverlay(self.services, self.game_id))

    def cursor_near(self, cells) -> None:
        """Move the board cursor to the nearest of ``cells`` unless it is on one already."""
        if cells and self.cursor not in cells:
            cx, cy = self.cursor
            self.cursor = min(cells, key=lambda c: abs(c[0] - cx) + abs(c[1] - cy))
