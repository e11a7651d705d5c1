"""Colorado County's actions: small frozen dataclasses with JSON-friendly fields.

Cells are ``(x, y)`` tuples; cowboy bids are tuples of cowboy numbers (any order; a bid is a
set).  ``str()`` reads as a log line in the acting player's words.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import Action
from game.games.colorado.engine.cards import CARDS
from game.games.colorado.engine.grid import cell_name


def _cowboys(cowboys: tuple[int, ...]) -> str:
    if not cowboys:
        return "no cowboys"
    nums = ", ".join(str(c) for c in sorted(cowboys))
    return f"{len(cowboys)} cowboy{'s' if len(cowboys) != 1 else ''} ({nums})"


@dataclass(frozen=True)
class PlaceFlag(Action):
    """Put one of one's face-down flags (of this colour) on a free cell."""

    colour: str
    cell: tuple[int, int]

    def __str__(self) -> str:
        return f"place the {self.colour} flag face down on {cell_name(self.cell)}"


@dataclass(frozen=True)
class OfferForSale(Action):
    """Spend a For Sale token to put one's cube on ``cell`` up for sale."""

    cell: tuple[int, int]

    def __str__(self) -> str:
        return f"offer the land on {cell_name(self.cell)} for sale"


@dataclass(frozen=True)
class PassSale(Action):
    """Offer nothing for sale in this market."""

    def __str__(self) -> str:
        return "offer nothing for sale"


@dataclass(frozen=True)
class DeclareInterest(Action):
    """Say openly whether one wants the land on sale."""

    interested: bool

    def __str__(self) -> str:
        return "declare interest in the land" if self.interested else "pass on the land"


@dataclass(frozen=True)
class GiveCowboy(Action):
    """The only interested player takes the land and gives the seller this cowboy."""

    cowboy: int

    def __str__(self) -> str:
        return f"give cowboy {self.cowboy} to the seller"


@dataclass(frozen=True)
class SaleBid(Action):
    """A secret bid (at least one cowboy) in a land auction."""

    cowboys: tuple[int, ...]

    def __str__(self) -> str:
        return f"bid {_cowboys(self.cowboys)} for the land"


@dataclass(frozen=True)
class Bid(Action):
    """A secret bid for the revealed cards: any set of one's cowboys, possibly none."""

    cowboys: tuple[int, ...] = ()

    def __str__(self) -> str:
        return f"bid {_cowboys(self.cowboys)} for the cards"


@dataclass(frozen=True)
class TakeCard(Action):
    """Take a revealed card and use it at once.

    ``flag_cell``: a flag of the card's colour (None: take the card without placing).
    ``rotation``: quarter turns clockwise (0-3).  ``anchor_star``: which star lies on the
    flag (0 or 1; always 0 for a one-star card).  ``cubes``: the starred cells that get a
    cube (each optional, only empty land on the board).
    """

    card_id: int
    flag_cell: tuple[int, int] | None = None
    rotation: int = 0
    anchor_star: int = 0
    cubes: tuple[tuple[int, int], ...] = ()

    def __str__(self) -> str:
        card = CARDS[self.card_id].describe() if 0 <= self.card_id < len(CARDS) else "?"
        if self.flag_cell is None or not self.cubes:
            return f"take the {card} and place no cube"
        cells = " and ".join(cell_name(c) for c in self.cubes)
        return f"take the {card} at the flag on {cell_name(self.flag_cell)}, cubes on {cells}"


def new_bids(cls: type[Bid] | type[SaleBid], bids: list[tuple[int, ...]]) -> list[Action]:
    """``[cls(cowboys) for cowboys in bids]`` made without the frozen dataclass's checked
    set-up, nor a call per bid: the legal-move generator makes bids by the dozen, always
    from valid values."""
    new = object.__new__
    out: list[Action] = []
    for cowboys in bids:
        a = new(cls)
        a.__dict__["cowboys"] = cowboys
        out.append(a)
    return out


ACTION_TYPES: dict[str, type] = {cls.__name__: cls for cls in (
    PlaceFlag, OfferForSale, PassSale, DeclareInterest, GiveCowboy, SaleBid, Bid, TakeCard)}
