"""Oregon's actions: small frozen dataclasses with JSON-friendly fields.

Cells are ``(x, y)`` tuples.  Cards are card ids (see ``cards.py``); card tuples are kept
sorted, so ``PlaceFarmer((12, 3), c) == PlaceFarmer((3, 12), c)`` and a building play is
always ``(landscape, building)``.  A card tuple with a single card means the joker stands
in for the missing landscape card.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import Action
from game.games.oregon.engine.cards import DECKS, card_name
from game.games.oregon.engine.geometry import cell_name


def _sorted_cards(action: Action) -> None:
    # Lists (from JSON or the table) become tuples and card ids are put in order; anything
    # else is kept as given, so that ``apply`` rejects it instead of guessing what was meant.
    cards = action.cards  # type: ignore[attr-defined]
    try:
        if type(cards) is tuple and (len(cards) != 2 or not cards[0] > cards[1]):
            return  # already in order: the common case, kept cheap (legal_actions builds many)
    except Exception:  # cards that cannot be compared stay as given
        return
    if type(cards) is list:
        cards = tuple(cards)
    if type(cards) is tuple and all(type(c) is int for c in cards):
        cards = tuple(sorted(cards))
    object.__setattr__(action, "cards", cards)


def _tuple_cell(action: Action) -> None:
    cell = action.cell  # type: ignore[attr-defined]
    if type(cell) is list:
        object.__setattr__(action, "cell", tuple(cell))


def _cards_text(cards: tuple[int, ...]) -> str:
    names = [card_name(c) for c in cards]
    if len(cards) == 1:
        names.append("joker")
    return " + ".join(names)


@dataclass(frozen=True)
class PlaceStartTile(Action):
    """Put one's start tile on ``cell`` (setup)."""

    cell: tuple[int, int]

    def __post_init__(self) -> None:
        _tuple_cell(self)

    def __str__(self) -> str:
        return f"place start tile on {cell_name(self.cell)}"


@dataclass(frozen=True)
class PlaceFarmer(Action):
    """Play 2 landscape cards (or 1 + joker) and put a farmer on ``cell``."""

    cards: tuple[int, ...]
    cell: tuple[int, int]

    def __post_init__(self) -> None:
        _sorted_cards(self)
        _tuple_cell(self)

    @property
    def uses_joker(self) -> bool:
        return len(self.cards) == 1

    def __str__(self) -> str:
        return f"farmer on {cell_name(self.cell)} with {_cards_text(self.cards)}"


@dataclass(frozen=True)
class PlaceBuilding(Action):
    """Play a landscape card and a building card (or the building card + joker) and put a
    tile of that building on ``cell``."""

    cards: tuple[int, ...]
    cell: tuple[int, int]

    def __post_init__(self) -> None:
        _sorted_cards(self)
        _tuple_cell(self)

    @property
    def uses_joker(self) -> bool:
        return len(self.cards) == 1

    @property
    def building_card(self) -> int:
        return self.cards[-1]

    def __str__(self) -> str:
        return f"building on {cell_name(self.cell)} with {_cards_text(self.cards)}"


@dataclass(frozen=True)
class DiscardNoPlacement(Action):
    """Play 2 cards that allow no placement: they are discarded and nothing is placed."""

    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        _sorted_cards(self)

    def __str__(self) -> str:
        return "discard " + " + ".join(card_name(c) for c in self.cards) + " without placing"


@dataclass(frozen=True)
class UseExtraTurn(Action):
    def __str__(self) -> str:
        return "use the extra turn"


@dataclass(frozen=True)
class SkipExtraTurn(Action):
    def __str__(self) -> str:
        return "skip the extra turn"


@dataclass(frozen=True)
class Draw(Action):
    """Draw one card from ``deck`` ("landscape" or "building")."""

    deck: str

    def __str__(self) -> str:
        return f"draw a {self.deck} card" if self.deck in DECKS else f"draw from {self.deck!r}"


@dataclass(frozen=True)
class KeepCard(Action):
    """Keep the building card just drawn (it is dead or a duplicate)."""

    def __str__(self) -> str:
        return "keep the drawn card"


@dataclass(frozen=True)
class DiscardDrawn(Action):
    """Discard the building card just drawn (dead or duplicate) and draw again."""

    def __str__(self) -> str:
        return "discard the drawn card and draw again"


@dataclass(frozen=True)
class DiscardDead(Action):
    """At the start of the draw, discard a building card whose stack is empty."""

    card: int

    def __str__(self) -> str:
        return f"discard the dead {card_name(self.card)}"


ACTION_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (PlaceStartTile, PlaceFarmer, PlaceBuilding, DiscardNoPlacement,
                UseExtraTurn, SkipExtraTurn, Draw, KeepCard, DiscardDrawn, DiscardDead)
}

