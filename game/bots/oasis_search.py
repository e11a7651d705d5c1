"""How the hard Oasis bot searches (see ``game.bots.search``): which actions it searches,
how far it looks and how it values the position where it stops."""

from __future__ import annotations

from game.bots.oasis import NormalBot
from game.bots.search import GuidedRules
from game.engine.oasis.state import OasisState


class OasisSearch(GuidedRules):
    state_class = OasisState

    def rollout_bot(self, seed: int) -> NormalBot:
        return NormalBot(seed)


def search_rules() -> OasisSearch:
    return OasisSearch()
