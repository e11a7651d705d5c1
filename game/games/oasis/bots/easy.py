"""Oasis' easy level: the normal bot with slips (``game.bots.common.SlippingBot``).

At a slip it plays one of the next-best options of the normal bot's ranking: another
offer to take, another cell for a tile or a camel, another card to carry out first, or the
other answer to turning one more card of its offer or using the bonus action.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from game.bots.common import SlippingBot
from game.engine.actions import Action
from game.games.oasis.bots.normal import NormalBot
from game.games.oasis.engine.view import OasisView

# The chance of a slip at each decision, tuned on three-seat tournaments easy, normal, hard
# (hard at 12 iterations, Elo with normal at 1500): at 0.3 easy rated 1330 on games
# 5,001-5,060 (hard 1521) and 1398 on 5,061-5,120 (hard 1590), about as far below normal as
# the hard bot is meant to be above it (150 or more).
SLIP = 0.3


class EasyBot(SlippingBot):
    """The normal bot, slipping at a ``SLIP`` share of its decisions (see the module)."""

    slip = SLIP
    normal_class = NormalBot
    normal: NormalBot

    def alternatives(self, view: Mapping[str, Any], legal: list[Action]) -> list[Action]:
        return self.normal.ranking(cast(OasisView, view), legal)
