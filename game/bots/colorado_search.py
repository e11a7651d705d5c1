"""How the hard Colorado bot searches (see ``game.bots.search``): which actions it searches,
how far it looks and how it values the position where it stops."""

from __future__ import annotations

from game.bots.colorado import NormalBot
from game.bots.search import GuidedRules
from game.engine.colorado.state import ColoradoState


class ColoradoSearch(GuidedRules):
    state_class = ColoradoState

    def rollout_bot(self, seed: int) -> NormalBot:
        return NormalBot(seed)


def search_rules() -> ColoradoSearch:
    return ColoradoSearch()
