"""Mosaic's events: their kinds and the data each kind carries (see the contract test).

A drawn tile's kind is in the message's arguments only, never in ``data``: whoever may not
see it reads the public message (``Event.message_for``), and ``data`` is public."""

# (no ``from __future__ import annotations``: TypedDict reads its keys at run time)
from typing import Any, Literal, TypedDict, get_args

from game.engine.messages import P

PLAYER_NAMES = ("Purple", "Orange", "Brown")

EventKind = Literal["dealt", "placed", "scored", "drew", "game_over"]
EVENT_KINDS: frozenset[str] = frozenset(get_args(EventKind))


class Dealt(TypedDict):
    count: int


class Placed(TypedDict):
    cell: list[int]
    tile: str


class Scored(TypedDict):
    amount: int
    cells: list[list[int]]  # the matching neighbours


class GameOver(TypedDict):
    scores: list[int]
    winners: list[int]


PAYLOADS: dict[str, Any] = {"dealt": Dealt, "placed": Placed, "scored": Scored,
                            "game_over": GameOver}


def seat(p: int) -> dict[str, Any]:
    """Seat ``p`` as a message argument."""
    return P(p, PLAYER_NAMES[p])
