"""Mosaic's bots, reading the view only.

- easy: the normal bot, slipping at half its decisions to one of its next-best tiles;
- normal: the tile worth most now, less what it leaves a next player (an empty neighbour
  beside a kind others may hold), ties broken at random;
- hard: the shared search (``search_rules``) over the normal bot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.bots import common
from game.bots.common import Decision, SeededBot, SlippingBot, make_level
from game.bots.search import GuidedRules
from game.engine.actions import Action
from game.engine.core import GameState

from ..engine import SIZE, MosaicState, Place

LEVELS = ("easy", "normal")


def _gain(view: Mapping[str, Any], action: Place) -> int:
    """Points the placement scores now."""
    x, y = action.cell
    board = view["board"]
    near = ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1))
    return sum(1 for cx, cy in near if 0 <= cx < SIZE and 0 <= cy < SIZE
               and board[cy * SIZE + cx] == action.kind)


def _opening(view: Mapping[str, Any], action: Place) -> int:
    """Empty cells the placement leaves beside a tile of its kind (chances for others)."""
    x, y = action.cell
    board = view["board"]
    near = ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1))
    return sum(1 for cx, cy in near if 0 <= cx < SIZE and 0 <= cy < SIZE
               and board[cy * SIZE + cx] is None)


class RandomBot(SeededBot):
    """A random legal tile, but a scoring one when there is one (it spreads the sampled
    positions)."""

    def decide(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        scoring = [a for a in legal if isinstance(a, Place) and _gain(view, a)]
        return self.rng.choice(scoring or legal)


class NormalBot(SeededBot):
    level = "normal"

    def value(self, view: Mapping[str, Any], action: Place) -> float:
        return _gain(view, action) - 0.3 * _opening(view, action)

    def decide(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        values = [self.value(view, a) for a in legal if isinstance(a, Place)]
        best = max(values)
        return self.rng.choice([a for a, v in zip(legal, values, strict=True) if v == best])


class EasyBot(SlippingBot):
    slip = 0.5
    normal_class = NormalBot
    normal: NormalBot

    def alternatives(self, view: Mapping[str, Any], legal: list[Action]) -> list[Action]:
        places = [a for a in legal if isinstance(a, Place)]
        return sorted(places, key=lambda a: -self.normal.value(view, a))


def make(level: str, seed: int) -> SeededBot:
    return make_level("Mosaic", {"easy": EasyBot, "normal": NormalBot}, level, seed)


def sample_positions(n: int = 200, seed: int = 0) -> list[Decision]:
    """``n`` (view, legal) pairs from seeded games of random players, spread over the game."""
    return common.sample_positions("mosaic", RandomBot, lambda g: 2 + g % 2, 0.3, n, seed)


def bench_normal_decisions(n: int = 200, cpu: bool = False) -> list[float]:
    """Seconds per decision of the normal bot on ``n`` positions of seeded games."""
    return common.time_decisions(NormalBot(1), sample_positions(n), cpu)


class MosaicSearch(GuidedRules):
    state_class = MosaicState
    horizon = 6
    tree_depth = 1
    scale = 4.0

    def rollout_bot(self, seed: int) -> NormalBot:
        return NormalBot(seed)

    def evaluate(self, state: GameState) -> Sequence[float]:
        return state.scores()


def search_rules() -> MosaicSearch:
    return MosaicSearch()
