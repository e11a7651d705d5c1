"""Oregon's events: their kinds, the data each kind carries, and the seat as an argument.

The rules emit every event through its kind in ``Emit`` (``Emit.farmer_placed(msg, p,
{...})``); a kind that carries data has a payload ``TypedDict`` naming exactly its keys
(keys only some events of the kind have are ``NotRequired``), which mypy holds each emit
to.  ``EVENT_KINDS`` and ``PAYLOADS`` list them.  The log line is a message with arguments (see
``game.engine.messages``), written where the rule that emits it lives.
"""

# (no ``from __future__ import annotations``: TypedDict reads NotRequired at run time)
from typing import Any, NotRequired, TypedDict

from game.engine.events import EventKinds, Kind, PlainKind
from game.engine.messages import P
from game.games.oregon.engine.cards import player_name


def seat(p: int) -> dict[str, Any]:
    """Seat ``p`` as a message argument."""
    return P(p, player_name(p))


class StartTilePlaced(TypedDict):
    cell: list[int]
    building: str


class TurnStart(TypedDict):
    turn: int
    last: bool


class CardsPlayed(TypedDict):
    cards: list[int]
    joker: bool
    kind: str  # "farmer", "building" or "discard"
    extra_turn: bool  # the second play of the turn


class TokenFlipped(TypedDict):
    token: str  # "joker" or "extra"
    active: bool
    cell: NotRequired[list[int]]  # the building that turned it active again


class FarmerPlaced(TypedDict):
    cell: list[int]
    farmers_left: int


class BuildingPlaced(TypedDict):
    cell: list[int]
    building: str
    stack_left: int


class StackEmptied(TypedDict):
    building: str
    empty_stacks: int


class Scored(TypedDict):
    amount: int
    reason: str  # a building id or "group"
    cell: list[int]
    total: int
    farmers: int
    cells: list[list[int]]  # the group, for the group bonus


class DrewTokenPublic(TypedDict):
    """What every seat sees of a drawn token."""

    token: str  # "coal" or "gold"
    cell: list[int]
    count: int


class DrewToken(DrewTokenPublic):
    value: int  # private to the drawer


class NoToken(TypedDict):
    token: str
    missed: int
    cell: list[int]


class EndTriggered(TypedDict):
    reason: str  # "last_farmer" or "stacks"


class LastRound(TypedDict):
    players: list[int]


class Reshuffled(TypedDict):
    deck: str
    size: int


class DrewCardPublic(TypedDict):
    """What every seat sees of a drawn card."""

    deck: str
    kind: str
    hand_size: int
    deck_size: int


class DrewCard(DrewCardPublic):
    card: int  # private to the drawer


class Discarded(TypedDict):
    cards: list[int]
    reason: str  # "drawn" or "dead"
    removed: bool


class TokensRevealed(TypedDict):
    coal: list[int]
    gold: list[int]
    bonus: int
    final: int


class GameOver(TypedDict):
    final_scores: list[int]
    ranking: list[int]
    winners: list[int]
    farmers_on_board: list[int]


class Emit(EventKinds):
    """Every kind of event the rules emit, each with the payload it carries (the
    kinds without one carry no data)."""

    start_tile_placed = Kind("start_tile_placed", StartTilePlaced)
    start_tile_unplaceable = PlainKind("start_tile_unplaceable")
    turn_start = Kind("turn_start", TurnStart)
    cannot_play = PlainKind("cannot_play")
    cards_played = Kind("cards_played", CardsPlayed)
    token_flipped = Kind("token_flipped", TokenFlipped)
    farmer_placed = Kind("farmer_placed", FarmerPlaced)
    building_placed = Kind("building_placed", BuildingPlaced)
    stack_emptied = Kind("stack_emptied", StackEmptied)
    scored = Kind("scored", Scored)
    drew_token = Kind("drew_token", DrewToken)
    no_token = Kind("no_token", NoToken)
    end_triggered = Kind("end_triggered", EndTriggered)
    last_round = Kind("last_round", LastRound)
    extra_turn_used = PlainKind("extra_turn_used")
    extra_turn_skipped = PlainKind("extra_turn_skipped")
    reshuffled = Kind("reshuffled", Reshuffled)
    drew_card = Kind("drew_card", DrewCard)
    discarded = Kind("discarded", Discarded)
    hand_short = PlainKind("hand_short")
    tokens_revealed = Kind("tokens_revealed", TokensRevealed)
    game_over = Kind("game_over", GameOver)


EVENT_KINDS, PAYLOADS = Emit.declared()
"""Every kind's name, and the payload of each kind that carries data."""
