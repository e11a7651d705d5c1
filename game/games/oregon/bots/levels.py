"""Oregon's easy and normal levels: the one-ply bot (``normal.NormalBot``) with slips
(``game.bots.common.SlippingBot``), often at easy and less often at normal.

At a slip it plays one of the next-best plays of the normal bot's ranking of plays, or the
other option of a two-way choice (taking or keeping the extra turn, the deck it draws from,
keeping or throwing away a drawn card, throwing away dead cards); its start tile is the
normal bot's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.bots.common import SlippingBot, slipping_level
from game.engine.actions import Action
from game.games.oregon.bots.normal import NormalBot
from game.games.oregon.engine.phases import Phase

# The chances of a slip at each decision, easy's and normal's.  The one-ply bot plays almost
# as well as the hard bot's search (+77 Elo over it on held-out games), so normal slips too,
# and easy more often, for levels about evenly spaced.  Tuned on tournaments (hard at 40
# iterations): with the one-ply bot as normal, easy rated 1331 at 0.15 on three-seat games
# 5,001-5,060 and 1425 on 5,061-5,120; at 0.25 and 0.1, games 5,401-5,520 rated easy / normal
# / hard 1324 / 1500 / 1654, but held out hard stood closer to normal than easy did and won
# under 75 % of two-seat games.  Normal slipping at 0.15, hard won 82.0 % of two-seat games
# 6,601-6,750, and easy / normal / hard rated 1284 / 1500 / 1770 with easy at 0.3 (6,601-6,720),
# 1112 / 1500 / 1795 and 1155 / 1500 / 1832 at 0.4 (6,601-6,720, 6,721-6,840), and 1232 / 1500
# / 1789 at 0.35 (6,841-6,960).
SLIP = 0.35
NORMAL_SLIP = 0.15


class EasyBot(SlippingBot):
    """The one-ply bot, slipping at a ``SLIP`` share of its decisions (see the module)."""

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


# the normal level: the one-ply bot, slipping at a ``NORMAL_SLIP`` share of its decisions
NormalLevel = slipping_level(EasyBot, "normal", NORMAL_SLIP)
