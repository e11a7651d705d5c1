"""What a click or a key means at the Mosaic table now.  Focus keys: ``tile0``/``tile1``
(the hand), ``board`` (a cell cursor moved with the arrows) and ``undo``."""

from __future__ import annotations

import pygame

from game.scenes.table import screen
from game.scenes.table.controls import Controls

from ..engine import Place
from .choices import MosaicChoices


class MosaicControls(Controls):
    def __init__(self, table) -> None:
        super().__init__(table)
        self.choice = MosaicChoices()

    def hand(self) -> list[str]:
        """The viewer's tiles, as shown."""
        t = self.table
        return [] if t.viewer is None else list(t.dview()["hand"])

    def parts_cells(self) -> list[tuple[int, int]]:
        """The cells the picked tile may go to (lit on the board)."""
        t = self.table
        return t.coaching.lit(self.choice.cells(t.legal())) if t.human_can_act else []

    def prompt(self) -> str:
        waiting = screen.waiting_prompt(self.table)
        return waiting if waiting is not None else self.choice.prompt()

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        t = self.table
        if not t.human_can_act:
            return []
        out = [(f"tile{i}", t.layout.hand[i]) for i in range(len(self.hand()))]
        return out + [("board", t.layout.board_rect)] + screen.undo_target(t)

    def activate(self, key: str) -> None:
        t = self.table
        if key.startswith("tile"):
            hand = self.hand()
            i = int(key[4:])
            if i < len(hand):
                self.choice.pick(hand[i])
                t.services.audio.play("tick")
                if t.keyboard and self.choice.tile is not None:
                    self.focus_board()
        elif key == "board":
            self.click_cell(t.cursor)
        elif key == "undo":
            t.undo()

    def click_cell(self, cell: tuple[int, int]) -> None:
        if not self.table.human_can_act:
            return
        action, why = self.choice.cell_action(cell)
        if why:
            self.table.error(why)
        elif action is not None:
            self.try_action(action)

    def try_action(self, action: Place) -> bool:
        t = self.table
        p = t.acting
        assert p is not None  # only the acting human's choices reach here
        why = t.session.refusal(action, p)
        if why:
            t.error(why)
            return False
        if t.coaching.gate(action):
            return False
        t.play(action, p)
        return True

    def hint_keys(self, action) -> list[str]:
        hand = self.hand()
        return [f"tile{hand.index(action.kind)}"] if getattr(action, "kind", None) in hand else []

    def focus_default(self) -> None:
        self.table.focus = "tile0" if self.hand() else "board"

    def focus_board(self) -> None:
        self.table.focus = "board"
        self.table.cursor_near(self.parts_cells())
