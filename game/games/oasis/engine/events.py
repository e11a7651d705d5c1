"""The events an Oasis game emits: their kinds and what each carries in ``Event.data``.

Every event's line is a message with arguments (``game.engine.messages``); ``seat(p)`` is
the argument naming a seat.  The rules emit each event through its kind in ``Emit``, which
names the payload of the kinds that carry data, so mypy checks every emit's data; a test
checks every event of random games against ``PAYLOADS`` too.
"""

from __future__ import annotations

from typing import Any, TypedDict

from game.engine.events import EventKinds, Kind, PlainKind
from game.engine.messages import P
from game.games.oasis.engine.cards import PLAYER_NAMES

Cell = list[int]  # [x, y]


class DiscsDealt(TypedDict):
    discs: list[int]


class RoundStarted(TypedDict):
    round: int
    order: list[int]


class CardTurned(TypedDict):
    card: str
    position: int


class OfferStopped(TypedDict):
    cards: list[str]


class DeckRefilled(TypedDict):
    count: int


class CardsDrawn(TypedDict):
    count: int
    wanted: int


class Choosing(TypedDict):
    order: list[int]


class OfferTaken(TypedDict):
    owner: int
    cards: list[str]
    disc: int


DiscHanded = TypedDict("DiscHanded", {"disc": int, "from": int, "to": int})


class OneCard(TypedDict):
    card: str


class ScoreTilesTaken(TypedDict):
    kind: str
    """Private to the taker (the public line says only how many)."""
    count: int


class CamelPlaced(TypedDict):
    cell: Cell
    camels_left: int


class FromTo(TypedDict):
    src: Cell
    dst: Cell


class TilePlaced(TypedDict):
    kind: str
    cell: Cell
    mode: str
    area: int
    size: int
    absorbed: list[int]
    cells: list[Cell]


class MarkerMoved(TypedDict):
    src: Cell
    dst: Cell
    abandoned: int


class MarkerPlaced(TypedDict):
    cell: Cell
    markers_left: int


class AtCell(TypedDict):
    cell: Cell


class TileUnplaceable(TypedDict):
    kind: str
    count: int


class EndTriggered(TypedDict):
    reason: str
    """"last_tile" (the last tile of a kind was placed) or "unplaceable"."""
    kind: str
    round: int


class CardsDiscarded(TypedDict):
    cards: list[str]


class FinalScore(TypedDict):
    """One player's final scoring, as ``scoring.final_scores`` details it."""

    camels: dict[str, Any]
    oasis: dict[str, Any]
    steppe: dict[str, Any]
    stone: dict[str, Any]
    total: int
    score_tiles: dict[str, int]
    cells: dict[str, list[Cell]]


class Ranking(TypedDict):
    ranking: list[int]
    scores: list[int]
    discs: list[int]


class GameOver(TypedDict):
    winner: int


class Emit(EventKinds):
    """Every kind of event the rules emit, each with the payload it carries (the
    kinds without one carry no data)."""

    discs_dealt = Kind("discs_dealt", DiscsDealt)
    round_started = Kind("round_started", RoundStarted)
    card_turned = Kind("card_turned", CardTurned)
    no_offer = PlainKind("no_offer")
    offer_stopped = Kind("offer_stopped", OfferStopped)
    deck_refilled = Kind("deck_refilled", DeckRefilled)
    cards_drawn = Kind("cards_drawn", CardsDrawn)
    choosing = Kind("choosing", Choosing)
    offer_taken = Kind("offer_taken", OfferTaken)
    disc_handed = Kind("disc_handed", DiscHanded)
    card_carried_out = Kind("card_carried_out", OneCard)
    score_tiles_taken = Kind("score_tiles_taken", ScoreTilesTaken)
    camel_placed = Kind("camel_placed", CamelPlaced)
    camel_moved = Kind("camel_moved", FromTo)
    card_ignored = Kind("card_ignored", OneCard)
    tile_placed = Kind("tile_placed", TilePlaced)
    marker_moved = Kind("marker_moved", MarkerMoved)
    marker_placed = Kind("marker_placed", MarkerPlaced)
    area_uncontrolled = Kind("area_uncontrolled", AtCell)
    tile_unplaceable = Kind("tile_unplaceable", TileUnplaceable)
    end_triggered = Kind("end_triggered", EndTriggered)
    cards_discarded = Kind("cards_discarded", CardsDiscarded)
    discs_revealed = Kind("discs_revealed", DiscsDealt)
    bonus = PlainKind("bonus")
    bonus_skipped = PlainKind("bonus_skipped")
    final_score = Kind("final_score", FinalScore)
    ranking = Kind("ranking", Ranking)
    game_over = Kind("game_over", GameOver)


EVENT_KINDS, PAYLOADS = Emit.declared()
"""Every kind's name, and the payload of each kind that carries data."""


def seat(p: int) -> dict[str, Any]:
    """Seat ``p`` as a message argument."""
    return _SEATS[p] if 0 <= p < len(_SEATS) else P(p, PLAYER_NAMES[p])


# Each seat's argument is made once and shared by every event naming it (nothing changes
# an event's arguments): the rules name seats in almost every event they make.
_SEATS = tuple(P(p, name) for p, name in enumerate(PLAYER_NAMES))
