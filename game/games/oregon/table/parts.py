"""The Oregon table: board, score track, player panels, the acting human's hand, bots.

The scene wires Oregon's parts (``game.games.oregon.table``) to the shared table:

* ``choice`` (``OregonChoices``, no pygame): the acting human's half-made move, the prompt,
  the buttons, what a click on a cell or a deck means, previews, the rules' reasons;
* ``presenter`` (``OregonPresenter``): each event's time, sound and pictures, and what
  running steps have put down over the shown state;
* ``renderer`` (``OregonRenderer``): the drawing.

Structure
---------
* The table's session plays each action at once; the parts ask their rules about
  ``table.known`` (the game as the viewer may know it, rebuilt from their view).
* Its events are queued on ``table.timeline`` (one step per event).  The screen draws
  ``table.shown`` (the game after the previous action, as the viewer may know it), plus what
  the running steps have already put down; when the last step of an action ends, ``shown``
  catches up with the game.  So the engine never waits and the picture never jumps.
* Humans act only while the timeline is idle; bots think in a ``BotRunner`` worker thread.
* Who may see private things (the hand, token values) is ``self.viewer``.
* Input: mouse, keyboard and pads through intents.  Focus keys: ``card0..``, ``joker``,
  ``btn0/btn1``, ``deck_landscape/deck_building`` and ``board`` (a cell cursor moved with
  the arrows).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.engine.messages import N_, P, say
from game.games.oregon.art.board_view import BoardView
from game.games.oregon.art.layout import COLS, ROWS, TableLayout
from game.games.oregon.engine import OregonState
from game.games.oregon.table import tips
from game.games.oregon.table.choices import gains_text
from game.games.oregon.table.controls import OregonControls
from game.games.oregon.table.panels import PanelModel
from game.games.oregon.table.presenter import OregonPresenter
from game.games.oregon.table.renderer import OregonRenderer, warm_art
from game.games.oregon.table.results import COLUMNS, POINT_COLUMNS, TIE_BREAK, result_rows
from game.scenes.results import ResultRow, ResultsScene
from game.scenes.table.parts import GameParts

if TYPE_CHECKING:
    from game.scenes.table.table import Table

BOT_PACE = 0.75  # seconds (animation time) between a bot's actions
GAME_NAME = "Oregon"


if TYPE_CHECKING:
    class OregonTable(Table):
        """For the type checker only: the shared table playing Oregon (its parts, its
        state); at run time it is a ``Table``."""

        game: OregonParts
        controls: OregonControls
        known: OregonState
        shown: OregonState


class OregonParts(GameParts):
    table: OregonTable

    layout_type = TableLayout
    bot_pace = BOT_PACE
    board_size = (COLS, ROWS)
    prompt_bold_after_error = True
    # Marked here, translated where the shared table shows them.
    handoff_message = N_("Hand the screen over; the cards in hand stay hidden until then.")
    look_kinds = frozenset({"drew_card", "drew_token"})
    move_kinds = frozenset({"farmer_placed", "building_placed", "start_tile_placed"})
    recap_kinds = move_kinds | {"cannot_play"}
    look_prompt = N_("Your new cards are in your hand. The table passes on in a moment "
                     "(click or press a key to pass it now).")
    strip_vertical = False  # Up/Down leave the hand for the board; Left/Right walk it

    def __init__(self, table) -> None:
        super().__init__(table)
        self.board_view = BoardView(self.table.layout, self.table.known.board.to_json())
        self.controls = OregonControls(table)
        self.presenter: OregonPresenter = OregonPresenter(table)
        self.renderer = OregonRenderer(table, self.board_view)
        warm_art(table.colour)

    def start_scores(self, state) -> list[int]:
        return list(state.score)  # the tokens come at the end

    def log_opening(self) -> None:
        first = self.table.known.start_player
        self.table.log.add(say(N_("{player} starts. Everyone places a start tile."),
                         player=P(first, self.table.names[first])), self.table.colour[first])

    def panel_model(self, q: int) -> PanelModel:
        """Seat ``q``'s panel as data (for drawing, tips and tests)."""
        return self.renderer.panel_model(q)

    # --- applying actions and showing their events ---------------------------------------
    def reset_choice(self) -> None:
        self.table.controls.clear_selection()
        self.table.turns.last_turn_key = None

    def applied(self, action, p: int, before) -> None:
        self.table.controls.choice.clear()
        self.table.message, self.table.message_error = "", False

    def bot_action_legal(self, action, p: int) -> bool:
        return self.table.session.refusal(action, p) is None

    # --- results ---------------------------------------------------------------------------
    def round_words(self, round_: int, rounds: int | None) -> str:
        return i18n.pgettext("Oregon", "Round {round}").format(round=round_)  # Italian: giro

    def result_rows(self) -> list:
        return result_rows(self.table.known, self.table.names, self.table.colour)

    def show_results(self) -> None:
        rows = [ResultRow(*r) for r in self.result_rows()]
        self.table.services.stack.push(ResultsScene(
            self.table.services, GAME_NAME, rows, self.table.play_again, self.table.services.to_title, COLUMNS,
            tie_breaks=[TIE_BREAK], categories=POINT_COLUMNS))

    # --- the half-made move -------------------------------------------------------------------

    # --- hover tips -----------------------------------------------------------------------
    def tips(self) -> list:
        return tips.table_tips(self.table)

    def tips_key(self):
        return (*self.table.controls.choice.key(), self.table.human_can_act, i18n.generation())

    def cell_tip(self, cell):
        """A legal cell previews its gains, keeping the 8 cells around (the buildings and
        farmers that explain them) in view; other cells say what stands on them."""
        preview = self.table.controls.preview_text(cell)
        if preview:
            c = self.table.layout.cell
            return preview, self.table.layout.cell_rect(*cell).inflate(2 * c, 2 * c), True
        return tips.piece_text(self.table, cell), None, False

    # --- buttons, decks and focus targets -------------------------------------------------

    # --- prompt and drawing ---------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface)

    def message_icon(self) -> pygame.Surface | None:
        return self.renderer.message_icon()


__all__ = ["OregonParts", "gains_text"]
