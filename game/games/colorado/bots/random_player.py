"""Colorado County's sensible random player, ``RandomBot``: flags on random legal cells, small
random bids (sometimes none), a random card placed with as many cubes as it allows, rare
sales, random interest.  It spreads the positions ``normal.sample_positions`` takes over the
game, and the lesson's script was written around its answers.
"""

from __future__ import annotations

from game.bots.common import SeededBot
from game.engine.actions import Action
from game.games.colorado.engine.actions import (
    Bid,
    DeclareInterest,
    OfferForSale,
    PassSale,
    SaleBid,
    TakeCard,
)
from game.games.colorado.engine.phases import Phase
from game.games.colorado.engine.view import ColoradoView

RANDOM_SELL = 0.04
RANDOM_INTEREST = 0.3
RANDOM_NO_BID = 0.2
RANDOM_MAX_BID = 3


class RandomBot(SeededBot):
    """Random, but it places all the cubes it can and bids a little."""

    takes_only_choice = False  # a bid is built from the hand, not taken from legal

    def decide(self, view: ColoradoView, legal: list[Action]) -> Action:  # type: ignore[override]
        rng = self.rng
        phase = view["phase"]
        hand = sorted(view["my_cowboys"] or [])
        if phase == Phase.BID:
            if not hand or rng.random() < RANDOM_NO_BID:
                return Bid(())
            k = rng.randint(1, min(RANDOM_MAX_BID, len(hand)))
            return Bid(tuple(sorted(rng.sample(hand, k))))
        if phase == Phase.AUCTION:
            k = rng.randint(1, min(2, len(hand)))
            return SaleBid(tuple(sorted(rng.sample(hand, k))))
        if len(legal) == 1:
            return legal[0]
        if phase == Phase.OFFER:
            offers = [a for a in legal if isinstance(a, OfferForSale)]
            if offers and rng.random() < RANDOM_SELL:
                return rng.choice(offers)
            return PassSale()
        if phase == Phase.INTEREST:
            yes = DeclareInterest(True)
            if yes in legal and hand and rng.random() < RANDOM_INTEREST:
                return yes
            return DeclareInterest(False)
        if phase == Phase.TAKE:
            cards = sorted({a.card_id for a in legal if isinstance(a, TakeCard)})
            if not cards:
                return rng.choice(legal)
            card = rng.choice(cards)
            uses = [a for a in legal if isinstance(a, TakeCard) and a.card_id == card]
            most = max(len(a.cubes) for a in uses)
            return rng.choice([a for a in uses if len(a.cubes) == most])
        return rng.choice(legal)
