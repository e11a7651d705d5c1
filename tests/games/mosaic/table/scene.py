"""The Mosaic table: hands the game's parts (``layout``, ``choices``, ``presenter``,
``renderer``, ``tips``) to the shared table.  Focus keys: ``tile0``/``tile1`` (the hand),
``board`` (a cell cursor moved with the arrows) and ``undo``."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame
from game.scenes.table.scene import SharedTable

from game.i18n import N_
from game.scenes.results import ResultRow, ResultsScene
from game.seats import Seat
from game.ui.tooltip import TableTips

from ..engine import SIZE, MosaicState, Place, new_game
from ..engine.events import PLAYER_NAMES
from . import renderer, tips
from .choices import MosaicChoices
from .layout import TableLayout
from .presenter import MosaicPresenter

GAME_NAME = "Mosaic"
COLUMNS = [N_("Matches")]


class TableScene(TableTips, SharedTable):
    board_size = (SIZE, SIZE)
    handoff_message = N_("Hand the screen over; the tiles in hand stay hidden until then.")
    look_kinds = frozenset({"drew"})
    move_kinds = frozenset({"placed"})
    recap_kinds = move_kinds
    state: MosaicState
    shown: MosaicState

    def __init__(self, services, game_id: str, seats: list[Seat], seed: int, state=None):
        super().__init__(services)
        state = state if state is not None else new_game(len(seats), seed)
        self._init_table(game_id, seats, seed, state, game_id, TableLayout(len(seats)),
                         lambda i: PLAYER_NAMES[i])
        self.choice = MosaicChoices()
        self.presenter = MosaicPresenter(self)
        if self.state.history:
            self.resumed_at = len(self.state.history)
            self.rebuild_log()
        else:
            self.log_opening()

    def log_opening(self) -> None:
        for e in self.state.setup_events():
            self.log_event(e)

    def hand(self) -> list[str]:
        """The viewer's tiles, as shown."""
        return [] if self.viewer is None else list(self.dview()["hand"])

    def parts_cells(self) -> list[tuple[int, int]]:
        """The cells the picked tile may go to (lit on the board)."""
        return self.lesson_lit(self.choice.cells(self.legal())) if self.human_can_act else []

    # --- applying actions and showing their events -------------------------------------
    def _apply(self, action, p: int) -> None:
        events = self.state.apply(action, p)
        self.version += 1
        if not self.seats[p].is_bot:
            self.human_actions += 1
        self.choice.clear()
        self.message, self.message_error = "", False
        after = self.state.clone()
        for e in events:
            self.timeline.add(partial(self._start_event, e), self.presenter.seconds(e.kind),
                              e.kind)
        self.timeline.add(lambda: self._catch_up(after), 0.0, "catch_up")
        self.note_moved(events, p)
        self.note_revealed(events, p)
        self.after_action()

    def _start_event(self, e) -> None:
        self.presenter.start(e)

    def _catch_up(self, after) -> None:
        self.shown = after
        self.shown_version += 1
        self.presenter.clear()
        self.disp_score = list(after.scores())

    def _reset_choice(self) -> None:
        self.choice.clear()
        self.last_human = None

    # --- results -----------------------------------------------------------------------
    def result_rows(self) -> list:
        o = self.state.outcome()
        return [(self.names[q], self.colour[q], 1 + sum(s > o.scores[q] for s in o.scores),
                 o.scores[q], {"Matches": o.scores[q]}, q in o.winners) for q in o.ranking]

    def _show_results(self) -> None:
        rows = [ResultRow(*r) for r in self.result_rows()]
        self.services.stack.push(ResultsScene(self.services, GAME_NAME, rows, self.play_again,
                                              self.services.to_title, COLUMNS,
                                              categories=COLUMNS))

    # --- choices -------------------------------------------------------------------------
    def prompt(self) -> str:
        waiting = self.waiting_prompt()
        return waiting if waiting is not None else self.choice.prompt()

    def buttons(self) -> list[tuple[str, Any, bool, bool]]:
        return []

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        if not self.human_can_act:
            return []
        out = [(f"tile{i}", self.layout.hand[i]) for i in range(len(self.hand()))]
        return out + [("board", self.layout.board_rect)] + self.undo_target()

    def activate(self, key: str) -> None:
        if key.startswith("tile"):
            hand = self.hand()
            i = int(key[4:])
            if i < len(hand):
                self.choice.pick(hand[i])
                self.services.audio.play("tick")
                if self.keyboard and self.choice.tile is not None:
                    self._focus_board()
        elif key == "board":
            self.click_cell(self.cursor)
        elif key == "undo":
            self.undo()

    def click_cell(self, cell: tuple[int, int]) -> None:
        if not self.human_can_act:
            return
        action, why = self.choice.cell_action(cell)
        if why:
            self.error(why)
        elif action is not None:
            self._try(action)

    def _try(self, action: Place) -> bool:
        p = self.acting
        assert p is not None  # only the acting human's choices reach here
        why = self.state.refusal(action, p)
        if why:
            self.error(why)
            return False
        if self.gate(action):
            return False
        self._apply(action, p)
        return True

    def hint_keys(self, action) -> list[str]:
        hand = self.hand()
        return [f"tile{hand.index(action.kind)}"] if getattr(action, "kind", None) in hand else []

    def _focus_default(self) -> None:
        self.focus = "tile0" if self.hand() else "board"

    def _focus_board(self) -> None:
        self.focus = "board"
        self.cursor_near(self.parts_cells())

    # --- drawing and tips --------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        renderer.draw(self, surface)

    def tips(self) -> list:
        return tips.table_tips(self)

    def tips_key(self):
        return (self.choice.tile, self.human_can_act)

    def cell_tip(self, cell):
        return tips.cell_text(self, cell), None, False


__all__ = ["TableScene"]
