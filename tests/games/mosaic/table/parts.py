"""The Mosaic table's parts, handed to the shared table (``game.scenes.table.table.Table``):
the game's set-up, its ``presenter``, its ``controls`` (``controls.MosaicControls``), the
drawing (``renderer``), the tips (``tips``) and the results."""

from __future__ import annotations

import pygame

from game.i18n import N_
from game.scenes.results import ResultRow, ResultsScene
from game.scenes.table.parts import GameParts

from ..engine import SIZE
from . import renderer, tips
from .controls import MosaicControls
from .layout import TableLayout
from .presenter import MosaicPresenter

GAME_NAME = "Mosaic"
COLUMNS = [N_("Matches")]


class MosaicParts(GameParts):
    layout_type = TableLayout
    board_size = (SIZE, SIZE)
    look_kinds = frozenset({"drew"})
    move_kinds = frozenset({"placed"})
    recap_kinds = move_kinds

    def __init__(self, table) -> None:
        super().__init__(table)
        self.controls = MosaicControls(table)
        self.presenter = MosaicPresenter(table)

    @property
    def handoff_message(self) -> str:
        return N_("Hand the screen over; the tiles in hand stay hidden until then.")

    def log_opening(self) -> None:
        for e in self.table.session.setup_events():
            self.table.log_event(e)

    def applied(self, action, p: int, before) -> None:
        self.controls.choice.clear()
        self.table.message, self.table.message_error = "", False

    def reset_choice(self) -> None:
        self.controls.choice.clear()
        self.table.turns.last_turn_key = None

    # --- results -----------------------------------------------------------------------
    def result_rows(self) -> list:
        t = self.table
        o = t.known.outcome()
        return [(t.names[q], t.colour[q], 1 + sum(s > o.scores[q] for s in o.scores),
                 o.scores[q], {"Matches": o.scores[q]}, q in o.winners) for q in o.ranking]

    def show_results(self) -> None:
        t = self.table
        rows = [ResultRow(*r) for r in self.result_rows()]
        t.services.stack.push(ResultsScene(t.services, GAME_NAME, rows, t.play_again,
                                           t.services.to_title, COLUMNS, categories=COLUMNS))

    # --- drawing and tips --------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        renderer.draw(self.table, surface)

    def tips(self) -> list:
        return tips.table_tips(self.table)

    def tips_key(self):
        return (self.controls.choice.tile, self.table.human_can_act)

    def cell_tip(self, cell):
        return tips.cell_text(self.table, cell), None, False


__all__ = ["MosaicParts"]
