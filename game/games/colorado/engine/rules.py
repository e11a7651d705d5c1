"""Every action's rule, in one table, and the legal actions of each phase."""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.messages import Sentence
from game.games.colorado.engine.actions import (
    Bid,
    DeclareInterest,
    GiveCowboy,
    OfferForSale,
    PassSale,
    PlaceFlag,
    SaleBid,
    TakeCard,
    new_bids,
)
from game.games.colorado.engine.bidding import bid_options, check_bid, do_bid
from game.games.colorado.engine.cards import FLAG_COLOURS
from game.games.colorado.engine.flags import check_place_flag, do_place_flag, flag_mask
from game.games.colorado.engine.grid import NUM_CELLS, mask_cells, xy
from game.games.colorado.engine.market import (
    check_give,
    check_interest,
    check_offer,
    check_pass,
    check_sale_bid,
    do_give,
    do_interest,
    do_offer,
    do_pass,
    do_sale_bid,
)
from game.games.colorado.engine.phases import Phase
from game.games.colorado.engine.taking import check_take, do_take, take_actions

if TYPE_CHECKING:
    from game.games.colorado.engine.state import ColoradoState

Checker = Callable[[Any, Any, int], "Sentence | None"]
Doer = Callable[[Any, Any, int], "list[Event]"]

RULES: dict[type[Action], tuple[Checker, Doer]] = {
    PlaceFlag: (check_place_flag, do_place_flag),
    OfferForSale: (check_offer, do_offer),
    PassSale: (check_pass, do_pass),
    DeclareInterest: (check_interest, do_interest),
    GiveCowboy: (check_give, do_give),
    SaleBid: (check_sale_bid, do_sale_bid),
    Bid: (check_bid, do_bid),
    TakeCard: (check_take, do_take),
}
"""Action class -> (why the rules refuse it or None, carry it out)."""

# Actions that never change are made once and shared (legal_actions builds many of them).
_PLACE_FLAG = {c: [PlaceFlag(c, xy(i)) for i in range(NUM_CELLS)] for c in FLAG_COLOURS}
LISTED_FLAG_AT = {id(a): (c, i) for c, actions in _PLACE_FLAG.items()
                  for i, a in enumerate(actions)}
"""id of a shared flag action -> its colour and cell index: ``apply`` takes one just listed
without checking it again (see ``ColoradoState.refusal``)."""
_OFFER = {i: OfferForSale(xy(i)) for i in range(NUM_CELLS)}
_PASS = PassSale()
_INTEREST = [DeclareInterest(False), DeclareInterest(True)]


def _flags(state: ColoradoState, player: int) -> list[Action]:
    hand = state.flag_hands[player]
    mask = state.listed_flag_mask = flag_mask(state)
    cells = mask_cells(mask)
    out: list[Action] = []
    # a hundred cells and more per colour: one ``itemgetter`` call picks them all
    pick = itemgetter(*cells) if len(cells) > 1 else lambda place: tuple(place[i] for i in cells)
    for c in FLAG_COLOURS:  # the colours in hand, in this order
        if c in hand:
            out += pick(_PLACE_FLAG[c])
    return out


def _offers(state: ColoradoState, player: int) -> list[Action]:
    owner = state.owner  # only the cells with a cube are looked at: most cells have none
    return [_PASS] + [_OFFER[i] for i in mask_cells(state.cube_mask) if owner[i] == player]


def _interest(state: ColoradoState, player: int) -> list[Action]:
    return list(_INTEREST)


def _give(state: ColoradoState, player: int) -> list[Action]:
    return [GiveCowboy(c) for c in state.hands[player]]


def _sale_bids(state: ColoradoState, player: int) -> list[Action]:
    return new_bids(SaleBid, bid_options(state.hands[player], True))


def _bids(state: ColoradoState, player: int) -> list[Action]:
    return new_bids(Bid, bid_options(state.hands[player], False))


def _takes(state: ColoradoState, player: int) -> list[Action]:
    return take_actions(state, player)


LEGAL: dict[str, Callable[[ColoradoState, int], list[Action]]] = {
    Phase.FLAGS: _flags, Phase.OFFER: _offers, Phase.INTEREST: _interest, Phase.GIVE: _give,
    Phase.AUCTION: _sale_bids, Phase.BID: _bids, Phase.TAKE: _takes,
}
"""Phase -> the legal actions of a player who acts in it (exact, or representatives for
bids and one per outcome for cards: see ``state``)."""
