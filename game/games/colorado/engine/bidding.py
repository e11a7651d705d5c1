"""Bids of cowboys: the secret bid for the revealed cards, shared rules of every bid."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Event
from game.engine.messages import N_, Sentence, say
from game.games.colorado.engine.actions import Bid
from game.games.colorado.engine.events import Emit, seat_bid, who
from game.games.colorado.engine.phases import Phase

if TYPE_CHECKING:
    from game.games.colorado.engine.state import ColoradoState

BID_IN = N_("{player} has bid.")
NO_COWBOY_NO_BID = N_("{player} has no cowboy and bids nothing.")
BIDS_REVEALED = N_("Bids: {bids}. Card choice: {takers}.")
BIDS_REVEALED_NOBODY = N_("Bids: {bids}. Nobody bid: the cards are discarded.")


def bid_rank_key(cowboys: tuple[int, ...]) -> tuple[int, int]:
    """Bids rank by how many cowboys, a tie won by the highest-numbered cowboy."""
    return (len(cowboys), max(cowboys) if cowboys else 0)


def rank_bids(bids: dict[int, tuple[int, ...]]) -> list[int]:
    """Players who bid at least one cowboy, best bid first."""
    return sorted((p for p, b in bids.items() if b), key=lambda p: bid_rank_key(bids[p]),
                  reverse=True)


def refill_players(bids: list[tuple[int, ...]], ranking: list[int], order: list[int]) -> list[int]:
    """Who draws 2 cowboys after a bid, in turn order: the lowest bid draws.  Everyone who
    bid nothing is lowest (tied); when nobody bid nothing, the last-ranked bidder draws."""
    zero = [p for p in order if not bids[p]]
    if zero:
        return zero
    return [ranking[-1]] if ranking else []


def bid_options(hand: list[int], at_least_one: bool) -> list[tuple[int, ...]]:
    """Representative bids: none (if allowed), each single cowboy, the k highest, the k
    lowest.  Any other set of one's cowboys is just as legal."""
    hs = tuple(sorted(hand))
    out: list[tuple[int, ...]] = [] if at_least_one else [()]
    out += [(c,) for c in hs]
    out += [hs[-k:] for k in range(2, len(hs) + 1)]
    out += [hs[:k] for k in range(2, len(hs))]
    return out


def bid_problem(cowboys: tuple[int, ...], hand: list[int],
                at_least_one: bool) -> Sentence | None:
    """Why ``cowboys`` is no bid from ``hand``, or None."""
    if len(set(cowboys)) != len(cowboys):
        return say(N_("A cowboy can be bid only once"))
    if not set(cowboys) <= set(hand):
        return say(N_("You can bid only your own cowboys"))
    if at_least_one and not cowboys:
        return say(N_("A land auction bid needs at least one cowboy"))
    return None


def check_bid(state: ColoradoState, a: Bid, p: int) -> Sentence | None:
    if state.phase != Phase.BID:
        return say(N_("You cannot bid for cards now"))
    return bid_problem(a.cowboys, state.hands[p], False)


def do_bid(state: ColoradoState, a: Bid, p: int) -> list[Event]:
    state.bids[p] = tuple(sorted(a.cowboys))
    return [Emit.bid_submitted(BID_IN, p, args={"player": who(p)})]


def start_bid(state: ColoradoState) -> None:
    state.market_queue = []
    state.bids = [None] * state.num_players
    state.phase = Phase.BID


def advance_bid(state: ColoradoState, events: list[Event]) -> bool:
    """Players without a cowboy bid nothing; once every bid is in, they are revealed.
    True when the phase moved on."""
    for p in state.order:
        if state.bids[p] is None and not state.hands[p]:
            state.bids[p] = ()
            events.append(Emit.bid_submitted(NO_COWBOY_NO_BID, p, args={"player": who(p)}))
    if None not in state.bids:
        resolve_bids(state, events)
        return True
    return False


def resolve_bids(state: ColoradoState, events: list[Event]) -> None:
    """Reveal the bids: the cowboys bid go back to the bag, the best bids choose cards."""
    n = state.num_players
    bids = [tuple(sorted(b)) if b else () for b in state.bids]
    ranking = rank_bids(dict(enumerate(bids)))
    takers = ranking[:len(state.revealed)]
    refill = refill_players(bids, ranking, state.order)
    bag = state.bag
    for hand, b in zip(state.hands, bids, strict=True):
        for c in b:
            hand.remove(c)
        bag += b
    state.reveal()
    state.last_bids = {"bids": [list(b) for b in bids],
                       "ranking": ranking, "takers": takers, "refill": refill}
    shown = [seat_bid(p, bids[p]) for p in state.order]
    if takers:
        msg, args = BIDS_REVEALED, {"bids": shown, "takers": [who(p) for p in takers]}
    else:
        msg, args = BIDS_REVEALED_NOBODY, {"bids": shown}
    events.append(Emit.bids_revealed(msg, None,
                                     {"bids": {str(p): list(b) for p, b in enumerate(bids)},
                                      "ranking": ranking, "takers": takers}, args=args))
    state.bids = [None] * n
    state.take_queue = list(takers)
    state.refill = refill
    state.phase = Phase.TAKE
