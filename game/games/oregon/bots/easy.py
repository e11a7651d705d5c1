"""Oregon's easy level: the normal bot with slips (``game.bots.common.SlippingBot``).

At a slip it plays one of the next-best plays of the normal bot's ranking of plays, or the
other option of a two-way choice (taking or keeping the extra turn, the deck it draws from,
keeping or throwing away a drawn card, throwing away dead cards); its start tile is the
normal bot's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.bots.common import SlippingBot
from game.engine.actions import Action
from game.games.oregon.bots.normal import NormalBot
from game.games.oregon.engine.phases import Phase

# The chance of a slip at each decision, tuned on three-seat tournaments easy, normal, hard
# (hard at 40 iterations, Elo with normal at 1500): on games 5,001-5,060 easy never won at
# 0.5 (821) and rated 1331 at 0.15 (hard 1554); at 0.15 it rated 1425 on 5,061-5,120 (hard
# 1563), at 0.2 1154 on 5,121-5,180 (hard 1491).  0.15 puts easy about as far below normal
# as the hard bot is meant to be above it (150 or more).
SLIP = 0.15


class EasyBot(SlippingBot):
    """The normal bot, slipping at a ``SLIP`` share of its decisions (see the module)."""

    slip = SLIP
    normal_class = NormalBot
    normal: NormalBot

    def alternatives(self, view: Mapping[str, Any], legal: list[Action]) -> list[Action]:
        phase = view["phase"]
        if phase == Phase.PLAY:
            return [a for _, a in self.normal.ranked_plays(view, legal)]
        if phase in (Phase.EXTRA_TURN, Phase.DRAW):
            return list(legal)
        return []
