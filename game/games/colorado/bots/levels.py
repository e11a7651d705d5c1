"""Colorado County's easy level: the normal bot with slips (``game.bots.common.SlippingBot``).

At a slip it plays one of the next-best options of the normal bot's rankings: of the card
uses, of the bid sizes for the cards and for a land, of passing and the offers of land for
sale, or the other answer to a land's sale; its flags and the cowboy it gives are the
normal bot's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.bots.common import SlippingBot
from game.engine.actions import Action
from game.games.colorado.bots.normal import NormalBot
from game.games.colorado.engine.actions import Bid, SaleBid
from game.games.colorado.engine.phases import Phase

# The chance of a slip at each decision, tuned on three-seat tournaments easy, normal, hard
# (hard at 20 iterations, games 5,001-5,060, Elo with normal at 1500): with the normal bot
# that models the others' bids by their cowboys, easy rated 1129 at 0.6 (hard 1942) and 1058
# at 0.7 (hard 1871); before it, 1359 at 0.5, 1175 at 0.7, 1023 at 0.85.  0.6 puts easy about
# as far below normal as the hard bot is above it (300-400).
SLIP = 0.6


class EasyBot(SlippingBot):
    """The normal bot, slipping at a ``SLIP`` share of its decisions (see the module)."""

    slip = SLIP
    normal_class = NormalBot
    normal: NormalBot
    takes_only_choice = False  # a bid is built from the hand, not taken from legal

    def alternatives(self, view: Mapping[str, Any], legal: list[Action]) -> list[Action]:
        phase = view["phase"]
        hand = sorted(view["my_cowboys"] or [])
        bot = self.normal
        if phase == Phase.INTEREST:
            return list(legal)
        if phase not in (Phase.BID, Phase.TAKE, Phase.OFFER, Phase.AUCTION):
            return []
        pos = bot.position(view)  # type: ignore[arg-type]
        if phase == Phase.BID:
            return [Bid(tuple(sorted(c))) for _, c in bot.rank_bids(pos, hand)]
        if phase == Phase.AUCTION:
            return [SaleBid(tuple(sorted(c))) for _, c in bot.rank_sale_bids(pos, hand)]
        if phase == Phase.TAKE:
            return [a for _, a in bot.rank_takes(pos, legal)]
        return [a for _, a in bot.rank_offers(pos, legal, hand)]
