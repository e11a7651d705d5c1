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

from typing import TYPE_CHECKING

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
from game.scenes.table import screen as table_screen
from game.scenes.table.parts import GameParts

if TYPE_CHECKING:
    from game.scenes.table.table import Table

BOT_PACE = 0.7  # seconds (animation time) between a bot's actions
GAME_NAME = "Oasis"


if TYPE_CHECKING:
    class OasisTable(Table):
        """For the type checker only: the shared table playing Oasis (its parts, its
        state); at run time it is a ``Table``."""

        game: OasisParts
        state: OasisState
        shown: OasisState


class OasisParts(GameParts):
    table: OasisTable

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
    engine = "oasis"

    @staticmethod
    def new_state(players: int, seed: int, **options: str) -> OasisState:
        return new_game(players, seed)

    @staticmethod
    def make_layout(players: int) -> TableLayout:
        return TableLayout(players)

    @staticmethod
    def default_name(seat: int) -> str:
        return COLOURS[seat].capitalize()

    def start_scores(self, state: OasisState) -> list[int]:
        return [0] * len(state.scores())  # the scores count up during the final scoring

    def __init__(self, table) -> None:
        super().__init__(table)
        self.presenter = presenter.OasisPresenter(table)
        self.layout_key = LayoutKey(self.table.layout)
        self.board_view = BoardView(self.table.layout, self.table.state.view(None)["board"])
        self.landed = Landed()
        self.highlight: list[tuple[int, int]] = []  # cells scoring in the final count
        self.scored: list[dict] = [dict() for _ in range(self.table.n)]
        self.choice = Choice(self.table.rename, self.table.names)
        self.peek = False
        oart.warm(self.table.colour)
        if self.table.state.history:
            self.table.resumed_at = len(self.table.state.history)
            self.table.rebuild_log()
        else:
            self.log_opening()

    def log_opening(self) -> None:
        for e in self.table.state.setup_events():
            self.table.log_event(e)

    @property
    def actor(self) -> int:
        """The seat acting now (asked only while someone acts)."""
        p = self.table.acting
        assert p is not None, "the game is over: nobody acts"
        return p

    def why(self, action) -> str | None:
        """Why ``action`` is illegal for the actor now (None when it is legal)."""
        return self.choice.why(self.table.state, action, self.actor)

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
        return models.panel_model(self.table, q)

    def score_counts(self) -> list:
        return models.score_counts(self.table)

    def shown_actor(self) -> int | None:
        a = self.table.shown.actor()
        return a if a >= 0 else None

    def carry_cards(self) -> list[tuple[str, str]]:
        """The cards of the offer being carried out, as shown: (card, "pending" | "current" |
        "done"), in the offer's order."""
        return models.shown_carry_cards(self.table)

    def zoom_target(self) -> tuple[str, int, int | None] | None:
        return models.zoom_target(self.table)

    def zoom_model(self) -> ZoomModel | None:
        return models.zoom_model(self.table)

    def peek_lines(self) -> list[tuple[str, int]] | None:
        return models.peek_lines(self.table)

    def round_words(self, round_: int, rounds: int | None) -> str:
        return pgettext("Oasis", "Round {round}").format(round=round_)  # Italian: turno

    def result_rows(self) -> list:
        return models.result_rows(self.table)

    def panel_point(self, q: int) -> tuple[int, int]:
        """Where pieces leave from and points fly to on ``q``'s panel."""
        r = self.table.layout.panels[q]
        return (r.x + 200, r.centery)

    # --- hover tips ----------------------------------------------------------------------
    def tips(self) -> list:
        return tips.table_tips(self.table)

    def tips_key(self):
        return (self.table.human_can_act, tuple(self.landed.hidden_offers), len(self.landed.camels),
                len(self.landed.new_markers), bool(self.scored[0]))

    def cell_tip(self, cell):
        return tips.cell_text(self.table, cell), None, False

    # --- applying actions ---------------------------------------------------------------
    def reset_choice(self) -> None:
        self.choice.reset()
        self.table.turns.last_turn_key = None

    def applied(self, action, p: int, before) -> None:
        self.choice.cancel()
        self.table.message, self.table.message_error = "", False

    def on_hand_off(self, p: int) -> None:
        self.peek = False

    def show_results(self) -> None:
        rows = [ResultRow(*r) for r in self.result_rows()]
        self.table.services.stack.push(ResultsScene(
            self.table.services, GAME_NAME, rows, self.table.play_again, self.table.services.to_title,
            models.RESULT_COLUMNS, tie_breaks=[models.TIE_BREAK], categories=models.POINT_COLUMNS))

    # --- what the acting human may do -----------------------------------------------------
    @property
    def step_name(self) -> str:
        return self.table.state.step()

    def tile_kind(self) -> str | None:
        """The land kind being placed now (a tile card, or the bonus mode)."""
        return self.choice.tile_kind(self.table.state)

    def cell_targets(self) -> dict[tuple[int, int], str]:
        """Cells the acting human may click now, with their glow: "start", "extend",
        "camel", "marker" (own marker to move / own camel to move)."""
        if not self.table.human_can_act:
            return {}
        step = self.table.coach.guide.index if self.table.coach is not None else -1
        key = ("cells", self.table.version, step, *self.choice.key())
        if key not in self.table._cache:
            cells = self.choice.cell_targets(self.table.state, self.actor)
            lit = set(self.table.coaching.lit(list(cells)))  # a lesson's step lights its own cells
            self.table._cache[key] = {c: glow for c, glow in cells.items() if c in lit}
        return self.table._cache[key]

    def buttons(self) -> list[tuple[str, object, bool, bool]]:
        """(label, action or callable, enabled, primary) for the button slots."""
        if not self.table.human_can_act:
            return []
        out = [(_(b.label), self._command(b.action) if isinstance(b.action, Command)
                else b.action, b.enabled, b.primary)
               for b in self.choice.buttons(self.table.state, self.actor, self.table.legal())]
        self.table.layout.size_buttons([label for label, *_rest in out])
        return out

    def _command(self, command: Command):
        if command.name == "cancel":
            return self._cancel
        if command.name == "leave_uncontrolled":
            return self._leave_uncontrolled
        return lambda: self.set_bonus_mode(command.mode)

    def disabled_reason(self, label: str) -> str:
        """Why the button shown as ``label`` (in the player's language) cannot be used."""
        english = next((b.label for b in self.choice.buttons(self.table.state, self.actor,
                                                              self.table.legal())
                        if _(b.label) == label), label) if self.table.human_can_act else label
        return button_refusal(english)

    def prompt(self) -> str:
        waiting = table_screen.waiting_prompt(self.table)
        if waiting is not None:
            return waiting
        return self.choice.prompt(self.table.state, self.actor)

    def set_bonus_mode(self, mode: str) -> None:
        self.choice.choose_bonus(mode)
        self.table.services.audio.play("tick")
        if self.table.keyboard:
            self.focus_board()

    def _cancel(self) -> None:
        self.choice.cancel()

    def _leave_uncontrolled(self) -> None:
        action = self.choice.leave_uncontrolled(self.table.state)
        if action is not None:
            self.try_action(action)

    def try_action(self, action) -> bool:
        why = self.why(action)
        if why:
            self.table.error(why)
            return False
        if self.table.coaching.gate(action):
            return False
        self.table.play(action, self.actor)
        return True

    def _follow(self, reply: Reply) -> None:
        """Carry out what the choice model made of a click."""
        if reply.error is not None:
            self.table.error(reply.error)
        elif reply.picked:
            self.table.services.audio.play("tick")
            if self.table.keyboard:
                self.focus_board()
        elif reply.action is not None:
            self.try_action(reply.action)

    def click_cell(self, cell: tuple[int, int]) -> None:
        if self.table.human_can_act:
            self._follow(self.choice.click_cell(self.table.state, self.actor, cell,
                                                self.cell_targets()))

    # --- focus targets --------------------------------------------------------------------
    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """Focusable things, in Tab order."""
        out: list[tuple[str, pygame.Rect]] = []
        if not self.table.human_can_act:
            return out
        lay = self.table.layout
        step = self.table.state.step()
        p = self.table.acting
        if step == Phase.OFFER:
            out.append(("deck", lay.decks[p]))
        elif step == Phase.CHOOSE:
            out += [(f"offer{q}", lay.offer_areas[q]) for q in range(self.table.n)
                    if TakeOffer(q) in self.table.legal()]
        elif step == CarryStep.PICK_CARD:
            out += [(f"card{i}", lay.carry_cards[i])
                    for i, (_card, st) in enumerate(self.carry_cards()[:3]) if st == "pending"]
        if self.cell_targets():
            out.append(("board", lay.board_rect))
        out += [(f"btn{i}", lay.button_rect(i)) for i, _b in enumerate(self.buttons())]
        out.append(("pile", lay.piles[p]))
        return out + table_screen.undo_target(self.table)

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
            self.try_action(TurnCard())
        elif key.startswith("offer"):
            self.try_action(TakeOffer(int(key[5:])))
        elif key.startswith("card"):
            self._follow(card_reply(self.carry_cards(), int(key[4:])))
        elif key == "pile":
            self.peek = not self.peek
            self.table.services.audio.play("flip")
        elif key.startswith("btn"):
            self.table.input.press_button(int(key[3:]))
        elif key == "board":
            self.click_cell(self.table.cursor)
        elif key == "undo":
            self.table.undo()

    def focus_default(self) -> None:
        keys = [k for k, _ in self.targets()]
        for want in ("deck", "card0", "card1", "card2", "board", "btn0"):
            if want in keys:
                self.table.focus = want
                break
        else:
            offers = [k for k in keys if k.startswith("offer")]
            if offers:
                self.table.focus = offers[0]
        if self.table.focus == "board":
            self.focus_board()

    def focus_board(self) -> None:
        self.table.focus = "board"
        self.table.cursor_near(list(self.cell_targets()))

    # --- input --------------------------------------------------------------------------------
    def right_click(self) -> None:
        self._cancel()

    def on_back(self) -> bool:
        if self.choice.pending_tile is not None or self.choice.move_src is not None:
            self._cancel()
            return True
        return False

    def click_elsewhere(self, pos) -> None:
        """A click on something that cannot be used now says why."""
        lay = self.table.layout
        for q in range(self.table.n):
            if lay.offer_areas[q].collidepoint(pos):
                self.table.error(self.choice.offer_refusal(self.table.state, self.actor, q))
                return
            if lay.decks[q].collidepoint(pos):
                self.table.error(deck_refusal(q, self.table.acting))
                return
        for i, r in enumerate(lay.carry_cards):
            if r.collidepoint(pos) and i < len(self.carry_cards()):
                if self.table.state.step() == CarryStep.PICK_CARD:
                    self.activate(f"card{i}")
                else:
                    self.table.error(_("Finish the card being carried out first."))
                return

    # --- drawing ------------------------------------------------------------------------------
    def on_ui_scale(self) -> None:
        """The text size or the language changed: panels, supply, zoom and tips are drawn
        again with their new words."""
        for cached in (render_panel, render_supply, render_zoom):
            cached.cache_clear()
        self.table._cache.clear()

    def draw(self, surface: pygame.Surface) -> None:
        renderer.draw(self.table, surface)


__all__ = ["OasisParts"]
