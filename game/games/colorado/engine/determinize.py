"""A determinization: a full ``ColoradoState`` consistent with what one seat may know.

Everything public is copied from the view.  What the seat cannot see is drawn at random from
what it cannot rule out: the other players' cowboys (and so the bag), the colours of the
others' face-down flags and flags in hand, the order of the card decks, and the secret bids
the others have already placed (each drawn from the bids their drawn hand allows).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, TypeVar

from game.engine.core import GameState
from game.games.colorado.engine.bidding import bid_options
from game.games.colorado.engine.cards import CARDS, FLAG_COLOURS
from game.games.colorado.engine.grid import index
from game.games.colorado.engine.lakes import lake_map
from game.games.colorado.engine.model import (
    CARDS_PER_COLOUR_PER_ROUND,
    FLAGS_PER_COLOUR,
    NUM_COWBOYS,
    Sale,
)
from game.games.colorado.engine.phases import Phase

if TYPE_CHECKING:
    from game.games.colorado.engine.state import ColoradoState

S = TypeVar("S", bound="ColoradoState")


def state_from_view(cls: type[S], view: dict[str, Any], rng: random.Random) -> S:
    layout = [(lake["value"], tuple((c[0], c[1]) for c in lake["cells"]))
              for lake in view["lakes"]]
    options = {"lakes": [[v, [list(c) for c in cells]] for v, cells in layout]}
    state = cls.__new__(cls)
    GameState.__init__(state, view["num_players"], rng.getrandbits(63), options)
    state.lakemap = lake_map(layout)
    _copy_public(state, view)
    _deal_cowboys(state, view, rng)
    _deal_flags(state, view, rng)
    _deal_cards(state, view, rng)
    _place_bids(state, view, rng)
    state._setup_events = []
    return state


def _copy_public(state: ColoradoState, view: dict[str, Any]) -> None:
    state.owner = [p for row in view["owners"] for p in row]
    state.cube_mask = sum(1 << i for i, p in enumerate(state.owner) if p >= 0)
    state.cubes_left = list(view["cubes_left"])
    state.score = list(view["scores"])
    state.lake_owner = [lake["owner"] for lake in view["lakes"]]
    state.lake_counts = [list(lake["field_counts"]) for lake in view["lakes"]]
    state.start_player = view["start_player"]
    state.order = list(view["turn_order"])
    state.tokens = list(view["sale_tokens"])
    state.sales_this_round = list(view["sales_this_round"])
    state.round = view["round"]
    state.phase = Phase(view["phase"])
    state.revealed = [c["id"] for c in view["revealed_cards"]]
    state.last_cards = view["last_cards"]
    state.used_cards = list(view["used_cards"])
    state.discarded = list(view["discarded_cards"])
    state.flags_up = view["flags_face_up"]
    state.flag_queue = list(view["flag_queue"])
    state.market_queue = list(view["market_queue"])
    state.take_queue = list(view["take_queue"])
    state.last_bids = view["last_bids"]
    state.last_sale = view["last_sale"]
    state.round_results = list(view["round_results"])
    bids = view["last_bids"]
    state.refill = list(bids["refill"]) if state.phase == Phase.TAKE and bids else []
    state.bids = [None] * state.num_players
    sale = view["sale"]
    state.sale = None
    if sale is not None:
        state.sale = Sale(sale["seller"], index(*sale["cell"]), list(sale["queue"]))
        state.sale.interested = list(sale["interested"])
        state.sale.declined = list(sale["declined"])


def _deal_cowboys(state: ColoradoState, view: dict[str, Any], rng: random.Random) -> None:
    """The seat's own cowboys as they are; the others' hands and the bag from the rest."""
    me = view["viewer"]
    mine = set(view["my_cowboys"] or ())
    pool = [c for c in range(1, NUM_COWBOYS + 1) if c not in mine]
    rng.shuffle(pool)
    state.hands = []
    for p, count in enumerate(view["cowboy_counts"]):
        if p == me:
            state.hands.append(list(view["my_cowboys"]))
        else:
            state.hands.append(sorted(pool[:count]))
            del pool[:count]
    state.bag = pool


def _deal_flags(state: ColoradoState, view: dict[str, Any], rng: random.Random) -> None:
    """The round's twelve flags: those the seat sees stay, the hidden ones are shuffled."""
    me = view["viewer"]
    pool = [c for c in FLAG_COLOURS for _ in range(FLAGS_PER_COLOUR)]
    for colour in [f["colour"] for f in view["flags"] if f["colour"] is not None] + list(
            view["my_flags"] or ()):
        if colour in pool:
            pool.remove(colour)
    rng.shuffle(pool)
    state.flags = {}
    for f in view["flags"]:
        colour = f["colour"] if f["colour"] is not None else pool.pop()
        state.flags[index(*f["cell"])] = (colour, f["placed_by"])
    state.flag_hands = []
    for p, count in enumerate(view["flags_in_hand"]):
        hand = list(view["my_flags"]) if p == me else [pool.pop() for _ in range(count)]
        state.flag_hands.append(sorted(hand, key=FLAG_COLOURS.index))
    state.flags_unplaced = [pool.pop() for _ in range(view["flags_unplaced"])]


_CARDS_OF_COLOUR = tuple([c.id for c in CARDS if c.colour == colour] for colour in FLAG_COLOURS)


def _deal_cards(state: ColoradoState, view: dict[str, Any], rng: random.Random) -> None:
    """Each colour deck gave three cards a round, and every card of past rounds was
    revealed: what is unseen of a colour is split between this round's deck and the colour
    deck, in a random order."""
    seen = set(state.revealed) | set(state.used_cards) | set(state.discarded)
    round_deck: list[int] = []
    state.decks = []
    for of_colour in _CARDS_OF_COLOUR:
        unseen = [c for c in of_colour if c not in seen]
        rng.shuffle(unseen)
        in_round = CARDS_PER_COLOUR_PER_ROUND * state.round - (len(of_colour) - len(unseen))
        round_deck += unseen[:in_round]
        state.decks.append(unseen[in_round:])
    rng.shuffle(round_deck)
    state.round_deck = round_deck


def _place_bids(state: ColoradoState, view: dict[str, Any], rng: random.Random) -> None:
    """Secret bids already placed: the seat's own as it is, the others' drawn from what
    their (drawn) cowboys allow."""
    me = view["viewer"]
    if state.phase == Phase.BID:
        for p, placed in enumerate(view["bids_in"]):
            if placed:
                state.bids[p] = (tuple(view["my_bid"]) if p == me
                                 else rng.choice(bid_options(state.hands[p], False)))
    if state.phase == Phase.AUCTION and state.sale is not None:
        sale = view["sale"]
        state.sale.bids = {p: None for p in sale["auction_bidders"]}
        for p in sale["auction_bids_in"]:
            state.sale.bids[p] = (tuple(view["my_sale_bid"]) if p == me
                                  else rng.choice(bid_options(state.hands[p], True)))
