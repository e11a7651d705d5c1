"""How the hard Oregon bot searches (see ``game.bots.search``): which actions it searches,
how far it looks and how it values the position where it stops."""

from __future__ import annotations

from game.bots.oregon import NormalBot
from game.bots.search import GuidedRules
from game.engine.oregon.state import OregonState


class OregonSearch(GuidedRules):
    state_class = OregonState

    def rollout_bot(self, seed: int) -> NormalBot:
        return NormalBot(seed)


def search_rules() -> OregonSearch:
    return OregonSearch()
