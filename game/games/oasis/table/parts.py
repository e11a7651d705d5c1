"""The Oasis table: board with camel path and score track, player panels with their offers,
the cards being carried out, prompt and buttons, bots at a watchable pace.

The scene wires the parts under ``game.games.oasis.table`` to the shared table:

* The table's session plays each action at once; the parts ask their rules about
  ``table.known`` (the game as the viewer may know it, rebuilt from their view).  The
  action's events become animation steps on ``table.timeline`` (``presenter``).  The screen
  draws ``table.shown`` (the game after the previous action, as the viewer may know it),
  plus what running steps have already put down (``self.landed``); when the last step of
  an action ends, ``shown`` catches up.
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
from game.games.oasis.engine import OasisState
from game.games.oasis.table import models, presenter, renderer, tips
from game.games.oasis.table.controls import OasisControls
from game.games.oasis.table.panels import LayoutKey, PanelModel, render_panel, render_supply
from game.games.oasis.table.presenter import Landed
from game.i18n import N_, pgettext
from game.scenes.results import ResultRow, ResultsScene
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
        controls: OasisControls
        known: OasisState
        shown: OasisState


class OasisParts(GameParts):
    table: OasisTable

    layout_type = TableLayout
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

    def start_scores(self, state: OasisState) -> list[int]:
        return [0] * len(state.scores())  # the scores count up during the final scoring

    def __init__(self, table) -> None:
        super().__init__(table)
        self.presenter = presenter.OasisPresenter(table)
        self.layout_key = LayoutKey(self.table.layout)
        self.board_view = BoardView(self.table.layout, self.table.known.view(None)["board"])
        self.landed = Landed()
        self.highlight: list[tuple[int, int]] = []  # cells scoring in the final count
        self.scored: list[dict] = [dict() for _ in range(self.table.n)]
        self.controls = OasisControls(table)
        self.peek = False
        oart.warm(self.table.colour)

    def log_opening(self) -> None:
        for e in self.table.session.setup_events():
            self.table.log_event(e)

    # the half-made move, by its old names

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
        self.table.controls.choice.reset()
        self.table.turns.last_turn_key = None

    def applied(self, action, p: int, before) -> None:
        self.table.controls.choice.cancel()
        self.table.message, self.table.message_error = "", False

    def on_hand_off(self, p: int) -> None:
        self.peek = False

    def show_results(self) -> None:
        rows = [ResultRow(*r) for r in self.result_rows()]
        self.table.services.stack.push(ResultsScene(
            self.table.services, GAME_NAME, rows, self.table.play_again, self.table.services.to_title,
            models.RESULT_COLUMNS, tie_breaks=[models.TIE_BREAK], categories=models.POINT_COLUMNS))

    # --- what the acting human may do -----------------------------------------------------

    # --- focus targets --------------------------------------------------------------------

    # --- input --------------------------------------------------------------------------------

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
