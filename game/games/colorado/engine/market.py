"""The market: land offered for sale, interest declared openly, a sale for one cowboy or a
secret land auction among the interested players."""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING, Any

from game.engine.events import Event
from game.engine.messages import N_, NN_, Sentence, say
from game.games.colorado.engine.actions import (
    DeclareInterest,
    GiveCowboy,
    OfferForSale,
    PassSale,
    SaleBid,
)
from game.games.colorado.engine.bidding import bid_problem, rank_bids, start_bid
from game.games.colorado.engine.cowboys import FOR_SALE, draw_cowboys
from game.games.colorado.engine.cubes import set_cube
from game.games.colorado.engine.events import NOT_A_CELL, Emit, cell_arg, seat_bid, who
from game.games.colorado.engine.grid import as_cell, index, xy
from game.games.colorado.engine.model import CUBES_PER_PLAYER, MAX_SALES_PER_ROUND, Sale
from game.games.colorado.engine.phases import Phase

if TYPE_CHECKING:
    from game.games.colorado.engine.state import ColoradoState

SALE_OFFERED = N_("{player} puts {cell} up for sale.")
SALE_PASSED = N_("{player} sells nothing.")
WANTS = N_("{player} wants {cell}.")
DOES_NOT_WANT = N_("{player} does not want {cell}.")
CANNOT_BUY = {"no cowboy": N_("{player} has no cowboy and cannot buy {cell}."),
              "no cube left": N_("{player} has no cube left and cannot buy {cell}.")}
NOBODY_WANTS = N_("Nobody wants {cell}: the land becomes free.")
BOUGHT_FOR_ONE = N_("{buyer} buys {cell} from {seller} for one cowboy.")
BOUGHT_AT_AUCTION = N_("{buyer} buys {cell} from {seller} at auction.")
COWBOY_GIVEN = N_("{player} gives {seller} cowboy {cowboy}.")
COWBOY_GIVEN_PUBLIC = N_("{player} gives {seller} one cowboy.")
SALE_BID_IN = N_("{player} has bid for the land.")
AUCTION_REVEALED = NN_(
    "Land auction bids: {bids}. {winner} buys {cell} and gives {seller} cowboy {cowboys}.",
    "Land auction bids: {bids}. {winner} buys {cell} and gives {seller} cowboys {cowboys}.")


def can_offer(state: ColoradoState, p: int) -> bool:
    return (state.tokens[p] > 0 and state.sales_this_round[p] < MAX_SALES_PER_ROUND
            and state.cubes_left[p] < CUBES_PER_PLAYER)


def can_buy(state: ColoradoState, p: int) -> bool:
    """A player needs a cowboy to declare interest and a cube to put on the land."""
    return bool(state.hands[p]) and state.cubes_left[p] > 0


# --- offering ------------------------------------------------------------------------------
def check_offer(state: ColoradoState, a: OfferForSale, p: int) -> Sentence | None:
    if state.phase != Phase.OFFER:
        return say(N_("You cannot offer land for sale now"))
    if state.tokens[p] <= 0:
        return say(N_("You have no For Sale token left"))
    if state.sales_this_round[p] >= MAX_SALES_PER_ROUND:
        return say(N_("You may put land up for sale only twice per round"))
    cell = as_cell(a.cell)
    if cell is None:
        return say(NOT_A_CELL, cell=repr(a.cell))
    i = index(*cell)
    if state.owner[i] != p:
        return say(N_("You can sell only your own land; {cell} is not yours"), cell=cell_arg(i))
    return None


def do_offer(state: ColoradoState, a: OfferForSale, p: int) -> list[Event]:
    i = index(*a.cell)
    state.market_queue.pop(0)
    state.tokens[p] -= 1
    state.sales_this_round[p] += 1
    state.sale = Sale(p, i, [q for q in state.order if q != p])
    state.phase = Phase.INTEREST
    return [Emit.sale_offered(SALE_OFFERED, p,
                              {"cell": list(a.cell), "tokens_left": state.tokens[p]},
                              args={"player": who(p), "cell": cell_arg(i)})]


def check_pass(state: ColoradoState, a: PassSale, p: int) -> Sentence | None:
    return None if state.phase == Phase.OFFER else say(N_("You cannot pass the market now"))


def do_pass(state: ColoradoState, a: PassSale, p: int) -> list[Event]:
    state.market_queue.pop(0)
    return [Emit.sale_passed(SALE_PASSED, p, args={"player": who(p)})]


def advance_offer(state: ColoradoState, events: list[Event]) -> bool:
    """Skip who cannot sell; when nobody is left to offer, the bid for the cards begins."""
    queue = state.market_queue
    while queue and not can_offer(state, queue[0]):
        queue.pop(0)
    if queue:
        return False
    start_bid(state)
    return True


# --- interest ------------------------------------------------------------------------------
def check_interest(state: ColoradoState, a: DeclareInterest, p: int) -> Sentence | None:
    if state.phase != Phase.INTEREST:
        return say(N_("You cannot declare interest now"))
    if a.interested and not state.hands[p]:
        return say(N_("You need at least one cowboy to declare interest"))
    if a.interested and not state.cubes_left[p]:
        return say(N_("You have no cube left to put on the land"))
    return None


def do_interest(state: ColoradoState, a: DeclareInterest, p: int) -> list[Event]:
    sale = state.sale
    assert sale is not None
    sale.queue.pop(0)
    (sale.interested if a.interested else sale.declined).append(p)
    return [Emit.interest(WANTS if a.interested else DOES_NOT_WANT, p,
                          {"interested": a.interested, "cell": list(xy(sale.cell))},
                          args={"player": who(p), "cell": cell_arg(sale.cell)})]


def advance_interest(state: ColoradoState, events: list[Event]) -> bool:
    """Skip who cannot buy; once everyone has declared, the sale goes on."""
    sale = state.sale
    assert sale is not None
    while sale.queue and not can_buy(state, sale.queue[0]):
        q = sale.queue.pop(0)
        sale.declined.append(q)
        why = "no cowboy" if not state.hands[q] else "no cube left"
        events.append(Emit.interest(
            CANNOT_BUY[why], q,
            {"interested": False, "cell": list(xy(sale.cell)), "reason": why},
            args={"player": who(q), "cell": cell_arg(sale.cell)}))
    if sale.queue:
        return False
    resolve_interest(state, events)
    return True


def resolve_interest(state: ColoradoState, events: list[Event]) -> None:
    sale = state.sale
    assert sale is not None
    if not sale.interested:
        events.append(Emit.sale_result(NOBODY_WANTS, sale.seller,
                                       {"cell": list(xy(sale.cell)), "outcome": "nobody"},
                                       args={"cell": cell_arg(sale.cell)}))
        set_cube(state, sale.cell, -1, events)
        finish_sale(state, events, None, ())
    elif len(sale.interested) == 1:
        state.phase = Phase.GIVE
    else:
        sale.bids = {p: None for p in sale.interested}
        state.phase = Phase.AUCTION


# --- one buyer -----------------------------------------------------------------------------
def check_give(state: ColoradoState, a: GiveCowboy, p: int) -> Sentence | None:
    if state.phase != Phase.GIVE:
        return say(N_("You cannot give a cowboy now"))
    if a.cowboy not in state.hands[p]:
        return say(N_("You can give only one of your own cowboys"))
    return None


def do_give(state: ColoradoState, a: GiveCowboy, p: int) -> list[Event]:
    sale = state.sale
    assert sale is not None
    s = sale.seller
    state.hands[p].remove(a.cowboy)
    bisect.insort(state.hands[s], a.cowboy)
    state.reveal()
    where = cell_arg(sale.cell)
    events = [
        Emit.sale_result(BOUGHT_FOR_ONE, p,
                         {"cell": list(xy(sale.cell)), "outcome": "one", "buyer": p, "seller": s},
                         args={"buyer": who(p), "cell": where, "seller": who(s)}),
        Emit.cowboy_given(COWBOY_GIVEN, p, {"from": p, "to": s, "cowboy": a.cowboy},
                          private_to=s, public_msg=COWBOY_GIVEN_PUBLIC,
                          args={"player": who(p), "seller": who(s), "cowboy": a.cowboy},
                          public_args={"player": who(p), "seller": who(s)},
                          public_data={"from": p, "to": s})]
    set_cube(state, sale.cell, -1, events)
    set_cube(state, sale.cell, p, events)
    finish_sale(state, events, p, (a.cowboy,))
    return events


# --- land auction --------------------------------------------------------------------------
def check_sale_bid(state: ColoradoState, a: SaleBid, p: int) -> Sentence | None:
    if state.phase != Phase.AUCTION:
        return say(N_("You cannot bid for land now"))
    return bid_problem(a.cowboys, state.hands[p], True)


def do_sale_bid(state: ColoradoState, a: SaleBid, p: int) -> list[Event]:
    assert state.sale is not None
    state.sale.bids[p] = tuple(sorted(a.cowboys))
    return [Emit.sale_bid_submitted(SALE_BID_IN, p, args={"player": who(p)})]


def advance_auction(state: ColoradoState, events: list[Event]) -> bool:
    assert state.sale is not None
    if any(b is None for b in state.sale.bids.values()):
        return False
    resolve_auction(state, events)
    return True


def resolve_auction(state: ColoradoState, events: list[Event]) -> None:
    """Every auction bid is in: the best buys the land and pays the seller its cowboys."""
    sale = state.sale
    assert sale is not None
    bids = {p: tuple(sorted(b or ())) for p, b in sale.bids.items()}
    ranking = rank_bids(bids)
    winner = ranking[0]
    paid = bids[winner]
    hand = state.hands[winner]
    for c in paid:
        hand.remove(c)
        bisect.insort(state.hands[sale.seller], c)
    state.reveal()
    where, seller = cell_arg(sale.cell), who(sale.seller)
    events.append(Emit.sale_bids_revealed(
        AUCTION_REVEALED, winner,
        {"bids": {str(p): list(b) for p, b in bids.items()}, "ranking": ranking,
         "winner": winner, "seller": sale.seller, "cell": list(xy(sale.cell))},
        args={"bids": [seat_bid(p, bids[p]) for p in ranking], "winner": who(winner),
              "cell": where, "seller": seller, "n": len(paid), "cowboys": list(paid)}))
    events.append(Emit.sale_result(BOUGHT_AT_AUCTION, winner,
                                   {"cell": list(xy(sale.cell)), "outcome": "auction",
                                    "buyer": winner, "seller": sale.seller},
                                   args={"buyer": who(winner), "cell": where, "seller": seller}))
    set_cube(state, sale.cell, -1, events)
    set_cube(state, sale.cell, winner, events)
    finish_sale(state, events, winner, paid, bids={p: list(b) for p, b in bids.items()})


def finish_sale(state: ColoradoState, events: list[Event], buyer: int | None,
                paid: tuple[int, ...], bids: dict[int, list[int]] | None = None) -> None:
    sale = state.sale
    assert sale is not None
    draw_cowboys(state, sale.seller, 2, events, FOR_SALE)
    last: dict[str, Any] = {
        "seller": sale.seller, "cell": list(xy(sale.cell)), "interested": list(sale.interested),
        "buyer": buyer, "paid": len(paid),
        "bids": ({str(p): b for p, b in bids.items()} if bids else None)}
    state.last_sale = last
    state.sale = None
    state.phase = Phase.OFFER
