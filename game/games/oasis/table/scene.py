"""The Oasis table: board with camel path and score track, player panels with their offers,
the cards being carried out, prompt and buttons, bots at a watchable pace.

The scene wires the parts under ``game.games.oasis.table`` to the shared table:

* ``self.state`` is the real game; actions are applied to it at once (``_apply``).  Their
  events become animation steps on ``self.timeline`` (``presenter``).  The screen draws
  ``self.shown``, a copy of the state taken after the previous action, plus what running
  steps have already put down (``self.landed``); when the last step of an action ends,
  ``shown`` catches up.
* What the acting human may do, their half-made move, the prompt and the buttons are
  ``self.choice`` (``choices``); panels, zoom and peek are data (``models``) drawn by
  ``renderer``.
* Humans act only while the timeline is idle; bots think in a ``BotRunner`` worker thread and
  their choice is applied after ``BOT_PACE`` seconds of animation time.
* Who may see private things (the kinds of one's own score tiles) is ``self.viewer``: the
  only human, or with several humans the one whose turn it is once they have taken the
  table from the hand-off screen.  Offer decks are never shown face up, to anyone.
* Input: mouse, keyboard and pads through intents.  Focus keys: ``deck`` (own offer deck),
  ``offer<q>``, ``card<i>`` (cards being carried out), ``pile`` (own score tiles),
  ``btn<i>`` and ``board`` (a cell cursor moved with the arrows).
"""

from __future__ import annotations

import pygame

from game.games.oasis.art import pictures as oart
from game.games.oasis.art.board_view import BoardView
from game.games.oasis.art.layout import COLS, ROWS, TableLayout
from game.games.oasis.art.zoom import ZoomModel, render_zoom
from game.games.oasis.engine import OasisState, TakeOffer, TurnCard, new_game
from game.games.oasis.engine.cards import COLOURS
from game.games.oasis.engine.phases import CarryStep, Phase
from game.games.oasis.table import models, presenter, renderer, tips
from game.games.oasis.table.choices import Choice, Command, Reply, card_reply, deck_refusal
from game.games.oasis.table.choices import disabled_reason as button_refusal
from game.games.oasis.table.panels import LayoutKey, PanelModel, render_panel, render_supply
from game.games.oasis.table.presenter import Landed
from game.i18n import N_, _, pgettext
from game.scenes.results import ResultRow, ResultsScene
from game.scenes.table.scene import SharedTable
from game.seats import Seat
from game.ui.tooltip import TableTips

BOT_PACE = 0.7  # seconds (animation time) between a bot's actions
GAME_NAME = "Oasis"


class TableScene(TableTips, SharedTable):
    bot_pace = BOT_PACE
    track_speed_min = 8.0
    banner_in_anim_time = True
    banner_y = 50
    handoff_message = N_("Hand the screen over: your score tiles stay hidden until then.")
    board_size = (COLS, ROWS)
    move_kinds = frozenset({"tile_placed", "camel_placed", "camel_moved", "marker_placed",
                            "marker_moved"})
    recap_kinds = frozenset({"offer_stopped", "offer_taken", "tile_placed", "camel_placed",
                             "camel_moved", "marker_moved", "card_ignored"})
    strip_keeps = "offer"  # Up from an offer card stays among the cards
    state: OasisState
    shown: OasisState

    def __init__(self, services, game_id: str, seats: list[Seat], seed: int, state=None):
        super().__init__(services)
        state = state if state is not None else new_game(len(seats), seed)
        # the scores count up during the final scoring, from nothing
        self._init_table(game_id, seats, seed, state, "oasis", TableLayout(len(seats)),
                         lambda i: COLOURS[i].capitalize(), scores=[0] * len(seats))
        self.layout_key = LayoutKey(self.layout)
        self.board_view = BoardView(self.layout, self.state.view(None)["board"])
        self.landed = Landed()
        self.highlight: list[tuple[int, int]] = []  # cells scoring in the final count
        self.scored: list[dict] = [dict() for _ in range(self.n)]
        self.choice = Choice(self.rename, self.names)
        self.peek = False
        oart.warm(self.colour)
        if self.state.history:
            self.resumed_at = len(self.state.history)
            self.rebuild_log()
        else:
            self.log_opening()

    def log_opening(self) -> None:
        for e in self.state.setup_events():
            self.log_event(e)

    @property
    def actor(self) -> int:
        """The seat acting now (asked only while someone acts)."""
        p = self.acting
        assert p is not None, "the game is over: nobody acts"
        return p

    def why(self, action) -> str | None:
        """Why ``action`` is illegal for the actor now (None when it is legal)."""
        return self.choice.why(self.state, action, self.actor)

    # the half-made move, by its old names
    @property
    def pending_tile(self) -> tuple[str, tuple[int, int]] | None:
        return self.choice.pending_tile

    @property
    def bonus_mode(self) -> str | None:
        return self.choice.bonus_mode

    @property
    def move_src(self) -> tuple[int, int] | None:
        return self.choice.move_src

    # --- what is shown (data, for drawing and tests) -----------------------------------------
    def panel_model(self, q: int) -> PanelModel:
        return models.panel_model(self, q)

    def score_counts(self) -> list:
        return models.score_counts(self)

    def shown_actor(self) -> int | None:
        a = self.shown.actor()
        return a if a >= 0 else None

    def carry_cards(self) -> list[tuple[str, str]]:
        """The cards of the offer being carried out, as shown: (card, "pending" | "current" |
        "done"), in the offer's order."""
        return models.shown_carry_cards(self)

    def zoom_target(self) -> tuple[str, int, int | None] | None:
        return models.zoom_target(self)

    def zoom_model(self) -> ZoomModel | None:
        return models.zoom_model(self)

    def peek_lines(self) -> list[tuple[str, int]] | None:
        return models.peek_lines(self)

    def round_words(self, round_: int, rounds: int | None) -> str:
        return pgettext("Oasis", "Round {round}").format(round=round_)  # Italian: turno

    def result_rows(self) -> list:
        return models.result_rows(self)

    def panel_point(self, q: int) -> tuple[int, int]:
        """Where pieces leave from and points fly to on ``q``'s panel."""
        r = self.layout.panels[q]
        return (r.x + 200, r.centery)

    # --- hover tips ----------------------------------------------------------------------
    def tips(self) -> list:
        return tips.table_tips(self)

    def tips_key(self):
        return (self.human_can_act, tuple(self.landed.hidden_offers), len(self.landed.camels),
                len(self.landed.new_markers), bool(self.scored[0]))

    def cell_tip(self, cell):
        return tips.cell_text(self, cell), None, False

    # --- applying actions ---------------------------------------------------------------
    def _apply(self, action, p: int) -> None:
        events = self.state.apply(action, p)
        self.version += 1
        if not self.seats[p].is_bot:
            self.human_actions += 1
        self.choice.cancel()
        self.message, self.message_error = "", False
        presenter.queue(self, events, self.state.clone())
        self.note_moved(events, p)
        self.note_revealed(events, p)
        self.after_action()

    def _start_event(self, e) -> None:
        presenter.start(self, e)

    def _reset_choice(self) -> None:
        self.choice.reset()
        self.last_human = None

    def _catch_up(self, after) -> None:
        for sprite in self.sprites.items:
            sprite.on_done = None
        self.shown = after
        self.shown_version += 1
        self.landed.clear()
        if not after.is_over():
            self.highlight = []
        if self.choice.bonus_mode and self.acting is not None and self.state.phase != Phase.BONUS:
            self.choice.bonus_mode = None

    def _hand_off(self, p: int) -> None:
        self.peek = False
        super()._hand_off(p)

    def _show_results(self) -> None:
        rows = [ResultRow(*r) for r in self.result_rows()]
        self.services.stack.push(ResultsScene(
            self.services, GAME_NAME, rows, self.play_again, self.services.to_title,
            models.RESULT_COLUMNS, tie_breaks=[models.TIE_BREAK], categories=models.POINT_COLUMNS))

    # --- what the acting human may do -----------------------------------------------------
    @property
    def step_name(self) -> str:
        return self.state.step()

    def tile_kind(self) -> str | None:
        """The land kind being placed now (a tile card, or the bonus mode)."""
        return self.choice.tile_kind(self.state)

    def cell_targets(self) -> dict[tuple[int, int], str]:
        """Cells the acting human may click now, with their glow: "start", "extend",
        "camel", "marker" (own marker to move / own camel to move)."""
        if not self.human_can_act:
            return {}
        step = self.coach.guide.index if self.coach is not None else -1
        key = ("cells", self.version, step, *self.choice.key())
        if key not in self._cache:
            cells = self.choice.cell_targets(self.state, self.actor)
            lit = set(self.lesson_lit(list(cells)))  # a lesson's step lights its own cells
            self._cache[key] = {c: glow for c, glow in cells.items() if c in lit}
        return self._cache[key]

    def buttons(self) -> list[tuple[str, object, bool, bool]]:
        """(label, action or callable, enabled, primary) for the button slots."""
        if not self.human_can_act:
            return []
        out = [(_(b.label), self._command(b.action) if isinstance(b.action, Command)
                else b.action, b.enabled, b.primary)
               for b in self.choice.buttons(self.state, self.actor, self.legal())]
        self.layout.size_buttons([label for label, *_rest in out])
        return out

    def _command(self, command: Command):
        if command.name == "cancel":
            return self._cancel
        if command.name == "leave_uncontrolled":
            return self._leave_uncontrolled
        return lambda: self.set_bonus_mode(command.mode)

    def disabled_reason(self, label: str) -> str:
        """Why the button shown as ``label`` (in the player's language) cannot be used."""
        english = next((b.label for b in self.choice.buttons(self.state, self.actor,
                                                              self.legal())
                        if _(b.label) == label), label) if self.human_can_act else label
        return button_refusal(english)

    def prompt(self) -> str:
        waiting = self.waiting_prompt()
        if waiting is not None:
            return waiting
        return self.choice.prompt(self.state, self.actor)

    def set_bonus_mode(self, mode: str) -> None:
        self.choice.choose_bonus(mode)
        self.services.audio.play("tick")
        if self.keyboard:
            self._focus_board()

    def _cancel(self) -> None:
        self.choice.cancel()

    def _leave_uncontrolled(self) -> None:
        action = self.choice.leave_uncontrolled(self.state)
        if action is not None:
            self._try(action)

    def _try(self, action) -> bool:
        why = self.why(action)
        if why:
            self.error(why)
            return False
        if self.gate(action):
            return False
        self._apply(action, self.actor)
        return True

    def _follow(self, reply: Reply) -> None:
        """Carry out what the choice model made of a click."""
        if reply.error is not None:
            self.error(reply.error)
        elif reply.picked:
            self.services.audio.play("tick")
            if self.keyboard:
                self._focus_board()
        elif reply.action is not None:
            self._try(reply.action)

    def click_cell(self, cell: tuple[int, int]) -> None:
        if self.human_can_act:
            self._follow(self.choice.click_cell(self.state, self.actor, cell,
                                                self.cell_targets()))

    # --- focus targets --------------------------------------------------------------------
    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """Focusable things, in Tab order."""
        out: list[tuple[str, pygame.Rect]] = []
        if not self.human_can_act:
            return out
        lay = self.layout
        step = self.state.step()
        p = self.acting
        if step == Phase.OFFER:
            out.append(("deck", lay.decks[p]))
        elif step == Phase.CHOOSE:
            out += [(f"offer{q}", lay.offer_areas[q]) for q in range(self.n)
                    if TakeOffer(q) in self.legal()]
        elif step == CarryStep.PICK_CARD:
            out += [(f"card{i}", lay.carry_cards[i])
                    for i, (_card, st) in enumerate(self.carry_cards()[:3]) if st == "pending"]
        if self.cell_targets():
            out.append(("board", lay.board_rect))
        out += [(f"btn{i}", lay.button_rect(i)) for i, _b in enumerate(self.buttons())]
        out.append(("pile", lay.piles[p]))
        return out + self.undo_target()

    def hint_keys(self, action) -> list[str]:
        """A suggested move's deck, offer or card of the offer being carried out."""
        if isinstance(action, TurnCard):
            return ["deck"]
        if isinstance(action, TakeOffer):
            return [f"offer{action.owner}"]
        card = getattr(action, "card", None)
        if card is not None:
            return [f"card{i}" for i, (c, st) in enumerate(self.carry_cards()[:3])
                    if c == card and st == "pending"][:1]
        return []

    def activate(self, key: str) -> None:
        if key == "deck":
            self._try(TurnCard())
        elif key.startswith("offer"):
            self._try(TakeOffer(int(key[5:])))
        elif key.startswith("card"):
            self._follow(card_reply(self.carry_cards(), int(key[4:])))
        elif key == "pile":
            self.peek = not self.peek
            self.services.audio.play("flip")
        elif key.startswith("btn"):
            self.press_button(int(key[3:]))
        elif key == "board":
            self.click_cell(self.cursor)
        elif key == "undo":
            self.undo()

    def _focus_default(self) -> None:
        keys = [k for k, _ in self.targets()]
        for want in ("deck", "card0", "card1", "card2", "board", "btn0"):
            if want in keys:
                self.focus = want
                break
        else:
            offers = [k for k in keys if k.startswith("offer")]
            if offers:
                self.focus = offers[0]
        if self.focus == "board":
            self._focus_board()

    def _focus_board(self) -> None:
        self.focus = "board"
        self.cursor_near(list(self.cell_targets()))

    # --- input --------------------------------------------------------------------------------
    def right_click(self) -> None:
        self._cancel()

    def on_back(self) -> bool:
        if self.choice.pending_tile is not None or self.choice.move_src is not None:
            self._cancel()
            return True
        return super().on_back()

    def click_elsewhere(self, pos) -> None:
        """A click on something that cannot be used now says why."""
        lay = self.layout
        for q in range(self.n):
            if lay.offer_areas[q].collidepoint(pos):
                self.error(self.choice.offer_refusal(self.state, self.actor, q))
                return
            if lay.decks[q].collidepoint(pos):
                self.error(deck_refusal(q, self.acting))
                return
        for i, r in enumerate(lay.carry_cards):
            if r.collidepoint(pos) and i < len(self.carry_cards()):
                if self.state.step() == CarryStep.PICK_CARD:
                    self.activate(f"card{i}")
                else:
                    self.error(_("Finish the card being carried out first."))
                return

    # --- drawing ------------------------------------------------------------------------------
    def on_ui_scale(self) -> None:
        """The text size or the language changed: panels, supply, zoom and tips are drawn
        again with their new words."""
        super().on_ui_scale()
        for cached in (render_panel, render_supply, render_zoom):
            cached.cache_clear()
        self._cache.clear()

    def draw(self, surface: pygame.Surface) -> None:
        renderer.draw(self, surface)


__all__ = ["TableScene"]
