"""The pieces of Colorado County every rule module shares: seats, amounts and the
record of a land sale in progress."""

from __future__ import annotations

from typing import Any

from game.games.colorado.engine.grid import CELLS, xy

PLAYER_COLOURS = ("orange", "brown", "red", "black")
PLAYER_NAMES = ("Orange", "Brown", "Red", "Black")
CUBES_PER_PLAYER = 40
NUM_COWBOYS = 66
START_COWBOYS = 15
NUM_ROUNDS = 4
FLAGS_PER_COLOUR = 3
CARDS_PER_COLOUR_PER_ROUND = 3
MAX_SALES_PER_ROUND = 2



def sale_tokens_for(num_players: int) -> int:
    return 5 if num_players == 3 else 4


def cards_per_turn(num_players: int) -> int:
    return 2 if num_players == 3 else 3


def cells_json(cells: Any) -> list[list[int]]:
    return [list(CELLS[i]) for i in cells]


class Sale:
    """The land sale being resolved in the market."""

    __slots__ = ("seller", "cell", "queue", "interested", "declined", "bids")

    def __init__(self, seller: int, cell: int, queue: list[int]):
        self.seller = seller
        self.cell = cell
        self.queue = queue                      # still to declare, in turn order
        self.interested: list[int] = []
        self.declined: list[int] = []
        self.bids: dict[int, tuple[int, ...] | None] = {}  # auction: secret until all are in

    def copy(self) -> Sale:
        s = Sale(self.seller, self.cell, list(self.queue))
        s.interested = list(self.interested)
        s.declined = list(self.declined)
        s.bids = dict(self.bids)
        return s

    def to_json(self) -> dict[str, Any]:
        return {"seller": self.seller, "cell": list(xy(self.cell)), "queue": list(self.queue),
                "interested": list(self.interested), "declined": list(self.declined),
                "bids": {str(p): (list(b) if b is not None else None)
                         for p, b in self.bids.items()}}
