"""Oasis actions: small frozen dataclasses with JSON-friendly fields and readable ``str()``.

Cells are ``(x, y)`` tuples.  One decision is one action:

- offers:    ``TurnCard()`` turns the top card of your offer deck up; ``StopOffer()`` ends
             the offer (and draws 2/1/0 cards to the bottom of your offer deck).
- choosing:  ``TakeOffer(owner)`` takes the offer of player ``owner``.
- carrying:  ``CarryOut(card)`` starts one of the taken cards (any order); camel and tile
             cards then take one ``PlaceCamel`` / ``MoveCamel`` / ``PlaceTile`` per camel or
             tile; ``IgnoreCard()`` drops the rest of a camel card once all 20 camels are out.
- bonus:     ``BonusTile``, ``BonusCamel`` or ``SkipBonus`` for the holder of disc #1.

``marker_from`` on a tile that starts a new area while all 4 markers are in use: the cell of
the marker to move onto the new area (its old area becomes uncontrolled), or ``"none"`` to
leave the new area uncontrolled.  In every other case it is ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import Action
from game.engine.words import a_or_an
from game.games.oasis.engine.cards import CARDS, colour
from game.games.oasis.engine.geometry import cell_name

Cell = tuple[int, int]
MarkerChoice = Cell | str | None


def _marker_text(marker_from: MarkerChoice) -> str:
    if marker_from is None:
        return ""
    if marker_from == "none":
        return ", leaving the new area uncontrolled"
    return f", moving the marker from {cell_name(marker_from)}"


@dataclass(frozen=True)
class TurnCard(Action):
    def __str__(self) -> str:
        return "turn up the next card of your offer"


@dataclass(frozen=True)
class StopOffer(Action):
    def __str__(self) -> str:
        return "stop the offer here"


@dataclass(frozen=True)
class TakeOffer(Action):
    owner: int

    def __str__(self) -> str:
        try:
            return f"take {colour(self.owner)}'s offer"
        except (IndexError, TypeError):
            return f"take the offer of player {self.owner!r}"


@dataclass(frozen=True)
class CarryOut(Action):
    card: str

    def __str__(self) -> str:
        info = CARDS.get(self.card) if isinstance(self.card, str) else None
        return f"carry out {info.title if info else repr(self.card)}"


@dataclass(frozen=True)
class PlaceTile(Action):
    kind: str
    cell: Cell
    marker_from: MarkerChoice = None

    def __str__(self) -> str:
        return f"place {a_or_an(self.kind)} tile at {cell_name(self.cell)}{_marker_text(self.marker_from)}"


@dataclass(frozen=True)
class PlaceCamel(Action):
    cell: Cell

    def __str__(self) -> str:
        return f"place a camel at {cell_name(self.cell)}"


@dataclass(frozen=True)
class MoveCamel(Action):
    src: Cell
    dst: Cell

    def __str__(self) -> str:
        return f"move a camel from {cell_name(self.src)} to {cell_name(self.dst)}"


@dataclass(frozen=True)
class IgnoreCard(Action):
    def __str__(self) -> str:
        return "ignore the rest of this card"


@dataclass(frozen=True)
class BonusTile(Action):
    kind: str
    cell: Cell
    marker_from: MarkerChoice = None

    def __str__(self) -> str:
        return (f"bonus: place {a_or_an(self.kind)} tile at {cell_name(self.cell)}"
                f"{_marker_text(self.marker_from)}")


@dataclass(frozen=True)
class BonusCamel(Action):
    cell: Cell

    def __str__(self) -> str:
        return f"bonus: place a camel at {cell_name(self.cell)}"


@dataclass(frozen=True)
class SkipBonus(Action):
    def __str__(self) -> str:
        return "skip the bonus action"


ALL_ACTIONS: tuple[type[Action], ...] = (
    TurnCard, StopOffer, TakeOffer, CarryOut, PlaceTile, PlaceCamel, MoveCamel, IgnoreCard,
    BonusTile, BonusCamel, SkipBonus,
)
ACTION_TYPES: dict[str, type] = {cls.__name__: cls for cls in ALL_ACTIONS}
TURN_CARD = TurnCard()
STOP_OFFER = StopOffer()
IGNORE_CARD = IgnoreCard()
SKIP_BONUS = SkipBonus()
