"""Mosaic's events: their kinds (``Emit``, through which the rules emit them) and the data
each kind carries (see the contract test).

A drawn tile's kind is in the message's arguments only, never in ``data``: whoever may not
see it reads the public message (``Event.message_for``), and ``data`` is public."""

# (no ``from __future__ import annotations``: TypedDict reads its keys at run time)
from typing import Any, TypedDict

from game.engine.events import EventKinds, Kind, PlainKind
from game.engine.messages import P

PLAYER_NAMES = ("Purple", "Orange", "Brown")


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


class Emit(EventKinds):
    """Every kind of event the rules emit, each with the payload it carries (the
    kinds without one carry no data)."""

    dealt = Kind("dealt", Dealt)
    placed = Kind("placed", Placed)
    scored = Kind("scored", Scored)
    drew = PlainKind("drew")
    game_over = Kind("game_over", GameOver)


EVENT_KINDS, PAYLOADS = Emit.declared()
"""Every kind's name, and the payload of each kind that carries data."""


def seat(p: int) -> dict[str, Any]:
    """Seat ``p`` as a message argument."""
    return P(p, PLAYER_NAMES[p])
