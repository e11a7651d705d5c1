"""What the acting human's clicks mean (no pygame): pick a tile of the hand, then a cell."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.messages import N_, T, say

from ..engine import Place


@dataclass
class MosaicChoices:
    tile: str | None = None  # the kind picked from the hand

    def clear(self) -> None:
        self.tile = None

    def pick(self, kind: str) -> None:
        self.tile = None if self.tile == kind else kind

    def prompt(self) -> str:
        if self.tile is None:
            return say(N_("Pick a tile of your hand, then an empty cell."))
        return say(N_("Lay your {tile} tile on an empty cell."), tile=T(self.tile))

    def cell_action(self, cell: tuple[int, int]) -> tuple[Place | None, str | None]:
        """The action a click on ``cell`` makes, or why there is none yet."""
        if self.tile is None:
            return None, say(N_("Pick a tile of your hand first."))
        return Place(self.tile, cell), None

    def cells(self, legal: list) -> list[tuple[int, int]]:
        """The cells the picked tile may go to."""
        return [a.cell for a in legal if isinstance(a, Place) and a.kind == self.tile]
