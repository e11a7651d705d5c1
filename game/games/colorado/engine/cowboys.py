"""The bag of cowboys: drawing at random into a player's hand."""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING

from game.engine.events import Event
from game.engine.messages import N_, NN_
from game.games.colorado.engine.events import CowboysDrawn, Emit, who

if TYPE_CHECKING:
    from game.games.colorado.engine.state import ColoradoState

FOR_LOWEST_BID = "lowest bid"
FOR_SALE = "sale"

# why -> (what the drawer reads, what the others read, an empty bag)
_DRAWN = {
    FOR_LOWEST_BID: (
        NN_("{player} draws {n} cowboy ({cowboys}) for the lowest bid.",
            "{player} draws {n} cowboys ({cowboys}) for the lowest bid."),
        NN_("{player} draws {n} cowboy for the lowest bid.",
            "{player} draws {n} cowboys for the lowest bid."),
        N_("{player} draws no cowboy for the lowest bid: the bag is empty.")),
    FOR_SALE: (
        NN_("{player} draws {n} cowboy ({cowboys}) for the sale.",
            "{player} draws {n} cowboys ({cowboys}) for the sale."),
        NN_("{player} draws {n} cowboy for the sale.",
            "{player} draws {n} cowboys for the sale."),
        N_("{player} draws no cowboy for the sale: the bag is empty.")),
}


def draw_from_bag(state: ColoradoState, count: int) -> list[int]:
    """Up to ``count`` cowboys taken from the bag at random (what is drawn is hidden
    before: no undo past this)."""
    bag = state.bag
    rng = state.rng
    out = [bag.pop(rng.randrange(len(bag))) for _ in range(min(count, len(bag)))]
    state.reveal()
    return out


def draw_cowboys(state: ColoradoState, p: int, count: int, events: list[Event],
                 why: str) -> None:
    """``p`` draws ``count`` cowboys ``why`` (``FOR_LOWEST_BID`` or ``FOR_SALE``)."""
    drawn = sorted(draw_from_bag(state, count))
    hand = state.hands[p]
    for c in drawn:
        bisect.insort(hand, c)
    private, public, empty = _DRAWN[why]
    data: CowboysDrawn = {"count": len(drawn), "numbers": drawn, "bag": len(state.bag)}
    if not drawn:
        args = {"player": who(p)}
        events.append(Emit.cowboys_drawn(empty, p, data, private_to=p, public_msg=empty,
                                         args=args, public_args=args))
        return
    events.append(Emit.cowboys_drawn(
        private, p, data, private_to=p, public_msg=public,
        args={"player": who(p), "n": len(drawn), "cowboys": list(drawn)},
        public_args={"player": who(p), "n": len(drawn)}))
