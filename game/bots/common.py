"""What the three games' bots share: choosing a bot by level, picking an action of a kind,
playing a game with bots of given levels, sampling positions from seeded games, timing
decisions on them, and the easy level's slips (``SlippingBot``).

Each game's module keeps its own heuristics and its own sampling mix (player counts and
how often a position is kept); the plumbing around them lives here.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.bots import Bot, make_bot
from game.engine.actions import Action
from game.engine.core import GameState
from game.registry import GAMES

if TYPE_CHECKING:
    from game.bots.search import Budget

Decision = tuple[Mapping[str, Any], list[Action]]


def make_level(game_name: str, levels: dict[str, Callable[[int], Bot]], level: str,
               seed: int) -> Bot:
    """The bot of ``level`` (a key of ``levels``) with ``seed``; ``game_name`` names the game
    in the error for an unknown level."""
    factory = levels.get(level)
    if factory is None:
        raise ValueError(f"unknown {game_name} bot level {level!r}")
    return factory(seed)


def first_of(legal: Sequence[Action], cls: type) -> Action | None:
    """The first legal action of class ``cls``, else None."""
    for a in legal:
        if isinstance(a, cls):
            return a
    return None


def sample_positions(game_id: str, bot: Callable[[int], Bot], players: Callable[[int], int],
                     keep: float, n: int, seed: int) -> list[Decision]:
    """``n`` (view, legal) pairs from seeded games of ``bot(seed)`` players, spread over the
    game, only where there is something to decide.  Game ``g`` seats ``players(g)``; a
    position with a choice is kept with probability ``keep``."""
    out: list[Decision] = []
    g = 0
    rng = random.Random(seed)
    while len(out) < n:
        count = players(g)
        state = GAMES[game_id].new(count, seed * 1000 + g)
        bots = [bot(seed * 1000 + g * 7 + q) for q in range(count)]
        while not state.is_over() and len(out) < n:
            p = state.to_act()[0]
            view = state.view(p)
            legal = state.legal_actions(p)
            if len(legal) > 1 and rng.random() < keep:
                out.append((view, legal))
            state.apply(bots[p].choose(view, legal), p)
        g += 1
    return out


def play_levels(game_id: str, levels: Sequence[str], seed: int,
                check: Callable[..., None] | None = None, max_steps: int = 20000,
                budget: Budget | None = None) -> GameState:
    """Play a new game ``seed`` to the end with a bot of ``levels[seat]`` in each seat (bot
    seeds ``seed * 31 + seat``; ``budget`` bounds the hard bots' searches) and return its
    final state.  ``check(state, seat, view, legal, action)`` sees each decision before it
    is applied; a game longer than ``max_steps`` actions is an error."""
    state = GAMES[game_id].new(len(levels), seed)
    bots = [make_bot(game_id, lvl, seed * 31 + i, budget) for i, lvl in enumerate(levels)]
    steps = 0
    while not state.is_over():
        p = state.to_act()[0]
        view = state.view(p)
        legal = state.legal_actions(p)
        action = bots[p].choose(view, legal)
        if check is not None:
            check(state, p, view, legal, action)
        state.apply(action, p)
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"game {seed} does not end")
    return state


def time_decisions(bot: Bot, positions: list[Decision], cpu: bool = False) -> list[float]:
    """Seconds per decision of ``bot`` on each position (``cpu``: this thread's CPU time
    instead of wall time, which a busy machine inflates)."""
    clock = time.thread_time if cpu else time.perf_counter
    times = []
    for view, legal in positions:
        t0 = clock()
        bot.choose(view, legal)
        times.append(clock() - t0)
    return times


class SeededBot:
    """Base of a game's bots: a seeded random source, and ``choose`` that refuses an empty
    legal list, takes the only choice when there is one (unless ``takes_only_choice`` is
    off) and hands the rest to ``decide``."""

    level = ""
    takes_only_choice = True

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if self.takes_only_choice and len(legal) == 1:
            return legal[0]
        return self.decide(view, legal)

    def decide(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        raise NotImplementedError


# A slipping level errs among the one-ply bot's next few options only, so that a slip is a move
# a beginner might make (the second to fourth best), never an absurd one.
SLIP_CHOICES = 3


class SlippingBot(SeededBot):
    """A slipping level (every game's easy, Oregon's and Oasis' normal): the one-ply bot's
    choice (``normal_class``), except that at each decision it slips with probability
    ``slip`` (the level's one knob): it plays one of the ``SLIP_CHOICES`` options that
    follow that choice in the one-ply bot's own ranking (``alternatives``), at random; where
    that bot ranks nothing else, it plays its choice.  Slips draw from a random source of
    their own, seeded from ``seed`` as the one-ply bot is, so a seed replays the same game."""

    level = "easy"
    slip = 0.0
    normal_class: type[SeededBot]  # the game's one-ply bot, seeded as this bot is

    def __init__(self, seed: int):
        super().__init__(seed)
        self.rng = random.Random(f"slip {seed}")  # not the one-ply bot's stream
        self.normal = self.normal_class(seed)

    def decide(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        choice = self.normal.choose(view, legal)
        if self.rng.random() >= self.slip:
            return choice
        others = [a for a in self.alternatives(view, legal) if a != choice][:SLIP_CHOICES]
        return self.rng.choice(others) if others else choice

    def alternatives(self, view: Mapping[str, Any], legal: list[Action]) -> list[Action]:
        """The options the normal bot weighs at this decision, best first (its choice may
        be among them); empty where it ranks none."""
        raise NotImplementedError


def slipping_level(bot: type[SlippingBot], level: str, slip: float) -> type[SlippingBot]:
    """A game's slipping bot ``bot`` as another ``level``, slipping at ``slip`` instead."""
    return type(f"{level.title()}Level", (bot,), {"level": level, "slip": slip,
                                                   "__doc__": f"{bot.__doc__} As {level}: "
                                                              f"slipping at {slip:g}."})
