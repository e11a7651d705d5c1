"""Oregon's events: their kinds, the data each kind carries, and the seat as an argument.

Every event the rules emit has a kind listed in ``EventKind``; a kind that carries data has
a payload ``TypedDict`` in ``PAYLOADS`` naming exactly its keys (keys only some events of
the kind have are ``NotRequired``).  The log line is a message with arguments (see
``game.engine.messages``), written where the rule that emits it lives.
"""

# (no ``from __future__ import annotations``: TypedDict reads NotRequired at run time)
from typing import Any, Literal, NotRequired, TypedDict, get_args

from game.engine.messages import P
from game.games.oregon.engine.cards import player_name

EventKind = Literal[
    "start_tile_placed", "start_tile_unplaceable", "turn_start", "cannot_play",
    "cards_played", "token_flipped", "farmer_placed", "building_placed", "stack_emptied",
    "scored", "drew_token", "no_token", "end_triggered", "last_round", "extra_turn_used",
    "extra_turn_skipped", "reshuffled", "drew_card", "discarded", "hand_short",
    "tokens_revealed", "game_over",
]
EVENT_KINDS: frozenset[str] = frozenset(get_args(EventKind))


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


class DrewToken(TypedDict):
    token: str  # "coal" or "gold"
    value: int  # private to the drawer
    cell: list[int]
    count: int


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


class DrewCard(TypedDict):
    deck: str
    kind: str
    card: int  # private to the drawer
    hand_size: int
    deck_size: int


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


PAYLOADS: dict[str, type] = {
    "start_tile_placed": StartTilePlaced, "turn_start": TurnStart,
    "cards_played": CardsPlayed, "token_flipped": TokenFlipped,
    "farmer_placed": FarmerPlaced, "building_placed": BuildingPlaced,
    "stack_emptied": StackEmptied, "scored": Scored, "drew_token": DrewToken,
    "no_token": NoToken, "end_triggered": EndTriggered, "last_round": LastRound,
    "reshuffled": Reshuffled, "drew_card": DrewCard, "discarded": Discarded,
    "tokens_revealed": TokensRevealed, "game_over": GameOver,
}
"""Payload type of each kind with data; the other kinds carry none."""
