"""Colorado County's events: their kinds (``Emit``, through which the rules emit them, so
mypy checks each emit's ``data`` against its kind's payload), what each carries in
``data``, and the message arguments the rule modules share (a seat, a card, a flag
colour)."""

from __future__ import annotations

from typing import Any, TypedDict

from game.engine.events import EventKinds, Kind, PlainKind
from game.engine.messages import N_, M, P, T
from game.games.colorado.engine.cards import CARDS, Card
from game.games.colorado.engine.grid import cell_name
from game.games.colorado.engine.model import PLAYER_NAMES

Cell = list[int]
CardJson = dict[str, Any]


class GameStarted(TypedDict):
    start_player: int
    lakes: list[dict[str, Any]]


class RoundStarted(TypedDict):
    round: int
    order: list[int]


class FlagsDealt(TypedDict):
    count: int
    colours: list[str]


class FlagPlaced(TypedDict):
    cell: Cell
    colour: str


class FlagsRevealed(TypedDict):
    flags: list[dict[str, Any]]  # {"cell", "colour", "player"}


class CardsRevealed(TypedDict):
    cards: list[CardJson]
    last: bool


class CardsDiscarded(TypedDict):
    cards: list[CardJson]


class SaleOffered(TypedDict):
    cell: Cell
    tokens_left: int


class _Interest(TypedDict):
    interested: bool
    cell: Cell


class Interest(_Interest, total=False):
    reason: str  # why a player was skipped: "no cowboy" / "no cube left"


class _SaleResult(TypedDict):
    cell: Cell
    outcome: str  # "nobody", "one" (for one cowboy) or "auction"


class SaleResult(_SaleResult, total=False):
    buyer: int  # not when nobody wanted the land
    seller: int


CowboyGiven = TypedDict("CowboyGiven", {"from": int, "to": int, "cowboy": int})


class SaleBidsRevealed(TypedDict):
    bids: dict[str, list[int]]
    ranking: list[int]
    winner: int
    seller: int
    cell: Cell


class BidsRevealed(TypedDict):
    bids: dict[str, list[int]]
    ranking: list[int]
    takers: list[int]


class CowboysDrawn(TypedDict):
    count: int
    numbers: list[int]  # private to the drawer
    bag: int


class CardTaken(TypedDict):
    card: CardJson
    flag: Cell | None
    rotation: int
    anchor_star: int
    stars: list[Cell]
    cubes: list[Cell]


class CubeMoved(TypedDict):
    cell: Cell


LakeChanged = TypedDict("LakeChanged", {"lake": int, "value": int, "from": int, "to": int,
                                        "cells": list[Cell]})


class Scored(TypedDict):
    round: int
    category: str
    points: int
    count: int
    cells: list[Cell]


class RoundScored(TypedDict):
    round: int
    scores: list[int]
    table: list[dict[str, Any]]


class GameOver(TypedDict):
    winners: list[int]
    ranking: list[int]
    scores: list[int]
    cubes_on_board: list[int]


class Emit(EventKinds):
    """Every kind of event the rules emit, each with the payload it carries (the
    kinds without one carry no data)."""

    game_started = Kind("game_started", GameStarted)
    round_started = Kind("round_started", RoundStarted)
    flags_dealt = Kind("flags_dealt", FlagsDealt)
    flag_placed = Kind("flag_placed", FlagPlaced)
    flag_not_placed = PlainKind("flag_not_placed")
    flags_revealed = Kind("flags_revealed", FlagsRevealed)
    cards_revealed = Kind("cards_revealed", CardsRevealed)
    cards_discarded = Kind("cards_discarded", CardsDiscarded)
    sale_offered = Kind("sale_offered", SaleOffered)
    sale_passed = PlainKind("sale_passed")
    interest = Kind("interest", Interest)
    sale_result = Kind("sale_result", SaleResult)
    cowboy_given = Kind("cowboy_given", CowboyGiven)
    sale_bid_submitted = PlainKind("sale_bid_submitted")
    sale_bids_revealed = Kind("sale_bids_revealed", SaleBidsRevealed)
    bid_submitted = PlainKind("bid_submitted")
    bids_revealed = Kind("bids_revealed", BidsRevealed)
    cowboys_drawn = Kind("cowboys_drawn", CowboysDrawn)
    card_taken = Kind("card_taken", CardTaken)
    cube_placed = Kind("cube_placed", CubeMoved)
    cube_removed = Kind("cube_removed", CubeMoved)
    lake_changed = Kind("lake_changed", LakeChanged)
    scored = Kind("scored", Scored)
    round_scored = Kind("round_scored", RoundScored)
    flags_removed = PlainKind("flags_removed")
    game_over = Kind("game_over", GameOver)


EVENT_KINDS, PAYLOADS = Emit.declared()
"""Every kind's name, and the payload of each kind that carries data."""


# --- message arguments ---------------------------------------------------------------------
def who(p: int) -> dict[str, Any]:
    """Seat ``p`` as a message argument."""
    return _WHO[p] if p >= 0 else P(p, PLAYER_NAMES[p])  # _WHO holds every seat


# Each seat's argument is made once and shared by every event naming it (nothing changes
# an event's arguments): the rules name seats in almost every event they make.
_WHO = tuple(P(p, name) for p, name in enumerate(PLAYER_NAMES))


COLOUR_TERMS = {"red": N_("red"), "green": N_("green"), "orange": N_("orange"),
                "blue": N_("blue")}
FLAG_TERMS = {"red": N_("red flag"), "green": N_("green flag"),
              "orange": N_("orange flag"), "blue": N_("blue flag")}


# A card and a flag each have their own term: a colour agrees with its noun ("carte verte",
# "drapeau vert"), so no sentence puts a bare colour before "card" or "flag".
CARD_TERMS = {"red": N_("red card"), "green": N_("green card"), "orange": N_("orange card"),
              "blue": N_("blue card")}


def colour_arg(colour: str) -> dict[str, Any]:
    """A flag's colour alone (in a list of flags)."""
    return T(COLOUR_TERMS[colour])


def flag_arg(colour: str) -> dict[str, Any]:
    return T(FLAG_TERMS[colour])


ONE_STAR_CARD = N_("{card}, one star")
TWO_STAR_CARD = N_("{card}, two stars {across} across and {down} down")


def card_arg(card: Card) -> dict[str, Any]:
    """A card as a message argument: "red card, two stars 1 across and 0 down"."""
    cid = card.id
    if 0 <= cid < len(CARDS) and CARDS[cid] is card:
        return _CARD_ARGS[cid]
    return _card_arg(card)


def _card_arg(card: Card) -> dict[str, Any]:
    if card.offset is None:
        return M(ONE_STAR_CARD, card=T(CARD_TERMS[card.colour]))
    return M(TWO_STAR_CARD, card=T(CARD_TERMS[card.colour]), across=card.offset[0],
             down=card.offset[1])


# Each card's argument is made once and shared, as a seat's is (see ``who``): every card
# taken, revealed and discarded is named in an event.
_CARD_ARGS = tuple(_card_arg(card) for card in CARDS)


cell_arg = cell_name
"""A cell as a message argument: its name on the board ("B6")."""


NOT_A_CELL = N_("{cell} is not a cell of the board")
"""The refusal of a value that names no cell (shown as written: ``(20, 3)``)."""


SEAT_AMOUNT = N_("{player} {n}")
"""One seat and a number, as listed in bids and scores ("Orange 3")."""
SEAT_BID = N_("{player} {n} (best {best})")
"""One seat's revealed bid: how many cowboys and the highest."""


def seat_amount(p: int, n: int) -> dict[str, Any]:
    return M(SEAT_AMOUNT, player=who(p), n=n)


def seat_bid(p: int, cowboys: tuple[int, ...]) -> dict[str, Any]:
    """"Orange 2 (best 40)", or "Orange 0" for no cowboy."""
    if not cowboys:
        return seat_amount(p, 0)
    return M(SEAT_BID, player=who(p), n=len(cowboys), best=max(cowboys))


ITEM_KEYS = ("first", "second", "third", "fourth")


def numbered(messages: dict[int, Any], items: list[Any]) -> tuple[Any, dict[str, Any]]:
    """The message for ``len(items)`` items with the arguments ``first``, ``second``...:
    a list joined other than by commas needs one whole sentence per length."""
    return messages[len(items)], dict(zip(ITEM_KEYS, items, strict=False))
