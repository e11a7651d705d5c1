"""Oasis' easy and normal levels: the one-ply bot (``normal.NormalBot``) with slips
(``game.bots.common.SlippingBot``), often at easy and seldom at normal.

At a slip it plays one of the next-best options of the normal bot's ranking: another
offer to take, another cell for a tile or a camel, another card to carry out first, or the
other answer to turning one more card of its offer or using the bonus action.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from game.bots.common import SlippingBot, slipping_level
from game.engine.actions import Action
from game.games.oasis.bots.normal import NormalBot
from game.games.oasis.engine.view import OasisView

# The chances of a slip at each decision, easy's and normal's.  The one-ply bot plays close to
# the hard bot's search, so normal slips too, seldom, and easy more often, for levels about
# evenly spaced.  Tuned on three-seat tournaments (hard at 12 iterations): with the one-ply bot
# as normal, easy rated 1330 at 0.3 on games 5,001-5,060 and 1398 on 5,061-5,120; hard won
# 58.7 % of games 6,001-6,150 against two normal bots slipping at 0.05; games 6,301-6,420
# rated easy / normal / hard 1353 / 1500 / 1627 at 0.4 and 0.1 (hard under 150 above normal),
# games 6,421-6,540 1386 / 1500 / 1661 at 0.5 and 0.15, and hard won 64.0 % of games
# 6,151-6,300 against two normal bots slipping at 0.15.
SLIP = 0.5
NORMAL_SLIP = 0.15


class EasyBot(SlippingBot):
    """The one-ply bot, slipping at a ``SLIP`` share of its decisions (see the module)."""

    slip = SLIP
    normal_class = NormalBot
    normal: NormalBot

    def alternatives(self, view: Mapping[str, Any], legal: list[Action]) -> list[Action]:
        return self.normal.ranking(cast(OasisView, view), legal)


# the normal level: the one-ply bot, slipping at a ``NORMAL_SLIP`` share of its decisions
NormalLevel = slipping_level(EasyBot, "normal", NORMAL_SLIP)
