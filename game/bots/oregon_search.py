"""How the hard Oregon bot searches (see ``game.bots.search``): which actions it searches,
how far it looks and how it values the position where it stops.

- **Candidates**: in a "play" decision, the normal bot's own best plays by its valuation
  (``NormalBot.ranked_plays``), at most ``width`` and none worth ``window`` points less than
  its first choice, which comes first (the search prefers another only by ``anchor`` points
  or more).  The extra-turn question is searched (use it now or keep the token); draws and
  the start tile are left to the normal bot, whose judgement of them is cheap and sound.
- **Rollouts**: the normal bot plays every seat's decisions outside the tree, each on its own
  view of the determinization, judging draws on fewer samples than at the table (faster,
  a little rougher); a rollout stops between two turns once ``horizon`` decisions are
  played, so every seat is valued at the same point of its turn.
- **Evaluation**: each seat's expected final points = points on the track, its coal and gold
  (the determinization's values), active joker and extra-turn tokens at the normal bot's
  worth (fading as the game nears its end), and a share of the best play its hand allows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from game.bots.oregon import NormalBot
from game.bots.oregon_eval import DEFAULT_WEIGHTS, Position
from game.bots.search import GuidedRules
from game.engine.core import Action
from game.engine.oregon.phases import EXTRA_TURN, PLAY
from game.engine.oregon.state import OregonState
from game.engine.oregon.view import OregonView

ROLLOUT_DRAW_SAMPLES = 2


class OregonSearch(GuidedRules):
    state_class = OregonState
    horizon = 4
    tree_depth = 1
    scale = 12.0
    width = 5
    window = 8.0
    anchor = 1.0
    paired = True
    hand_share = 0.5

    def rollout_bot(self, seed: int) -> NormalBot:
        return NormalBot(seed, draw_samples=ROLLOUT_DRAW_SAMPLES)

    def candidates(self, view: Mapping[str, Any], legal: list[Action]) -> list[Action]:
        phase = view["phase"]
        if phase == PLAY:
            ranked = NormalBot(0).ranked_plays(view, legal)
            top = ranked[0][0]
            out: list[Action] = []
            seen = set()
            for v, a in ranked:
                if len(out) == self.width or v < top - self.window:
                    break
                key = _effect(a)
                if key not in seen:  # cards of the same kind make the same play
                    seen.add(key)
                    out.append(a)
            return out
        if phase == EXTRA_TURN:
            first = NormalBot(0).choose(view, legal)
            return [first, *(a for a in legal if a != first)]
        return [NormalBot(0).choose(view, legal)]

    def settled(self, state: OregonState) -> bool:
        """Between two turns (or over): nobody holds a half-played hand."""
        return state.is_over() or (state.phase == PLAY and state.plays == 0)

    def evaluate(self, state: OregonState) -> Sequence[float]:
        if state.is_over():
            return state.scores()
        wt = DEFAULT_WEIGHTS
        out = []
        for q in range(state.num_players):
            pos = Position(cast(OregonView, state.view(q)))
            v = float(state.score[q] + sum(state.coal[q]) + sum(state.gold[q]))
            if state.joker[q]:
                v += wt.joker * pos.tf
            if state.extra[q]:
                v += wt.extra * pos.tf
            v += self.hand_share * pos.hand_value(pos.hand, state.joker[q])
            out.append(v)
        return out


def _effect(a: Action) -> tuple:
    """What a play does: its kind, cell and the kinds of the cards it spends."""
    cards = getattr(a, "cards", ())
    kinds = tuple(c // 10 if c < 50 else 10 + (c - 50) // 3 for c in cards)
    return type(a).__name__, getattr(a, "cell", None), kinds


def search_rules() -> OregonSearch:
    return OregonSearch()
