"""The hard level: Information Set Monte Carlo Tree Search over the seat's view.

Each iteration draws one determinization of what the seat cannot see
(``state_from_view``: hidden cards, tokens, bids and decks redrawn from what the seat cannot
rule out, never the true hidden values), walks a tree of the seat's *own* decisions in it,
lets the normal bot play every other decision (each other seat on its own view of the
determinization, so nobody sees anybody's secret bid), plays on with the normal bot for
``horizon`` more decisions and scores the position with the game's evaluation.  Only the
seat's own decisions are tree nodes: which of them are legal varies between
determinizations, so a child's exploration term counts the iterations in which it was
available (Cowling, Powley & Whitehouse 2012, "availability" in SO-ISMCTS).  Simultaneous
decisions (secret bids) are sound this way: the seat chooses in its node without knowing the
others' choices, and each other seat's policy reads only its own view.

A game plugs in through ``SearchRules`` (its bots module's ``search_rules()``): which of a
position's legal actions are worth searching, the rollout bot, and the evaluation at the
cut-off.  ``Budget`` bounds a search by iterations (reproducible from the seed: tests and
tournaments), by seconds (players), or both.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.bots import Bot
from game.engine.core import Action, GameState

EXPLORATION = 0.7  # UCB1's constant, for rewards in [0, 1]


@dataclass(frozen=True)
class Budget:
    """When a search stops: after ``iterations``, after ``seconds`` of wall time, whichever
    comes first (None: no bound of that kind; at least one must be given)."""

    seconds: float | None = 1.0
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            raise ValueError("a search budget needs seconds or iterations")


class SearchRules(Protocol):
    """What a game gives the search (its bots module's ``search_rules()``)."""

    state_class: type[GameState]
    horizon: int
    """Decisions (of every seat) played by the rollout bot after leaving the tree."""
    tree_depth: int
    """The seat's own decisions searched as a tree; later ones are the rollout bot's."""
    scale: float
    """A lead of this many points counts as a clear win (rewards are squashed by it)."""

    def candidates(self, view: Mapping[str, Any], legal: list[Action]) -> list[Action]:
        """The legal actions worth searching, most promising first (a non-empty sub-list of
        ``legal``; the search's width)."""

    def rollout_bot(self, seed: int) -> Bot:
        """The bot that plays every decision outside the tree (the normal bot)."""

    def evaluate(self, state: GameState) -> Sequence[float]:
        """Each seat's expected final points from ``state`` (its final points when over)."""


@dataclass
class Choice:
    """One searched action at the root."""

    action: Action
    visits: int
    points: float
    """Mean estimated final lead over the best other seat, in points."""
    reward: float
    """Mean reward in [0, 1] (the lead squashed by the game's scale)."""


@dataclass
class Analysis:
    """A finished search: the root's choices, most visited first."""

    seat: int
    choices: list[Choice]
    iterations: int
    seconds: float

    @property
    def best(self) -> Choice:
        return self.choices[0]

    def choice_for(self, action: Action) -> Choice | None:
        return next((c for c in self.choices if c.action == action), None)

    def gain(self) -> float:
        """How many points of lead the best choice is worth over the next best (0 when it
        was the only one searched)."""
        others = [c.points for c in self.choices[1:] if c.visits]
        return self.best.points - max(others) if others else 0.0


@dataclass(eq=False)
class _Node:
    children: dict[Action, _Node] = field(default_factory=dict)
    visits: int = 0
    avail: int = 0
    reward: float = 0.0
    points: float = 0.0
    candidates: dict[tuple[Action, ...], list[Action]] = field(default_factory=dict)


def lead(values: Sequence[float], seat: int) -> float:
    """``seat``'s points minus the best other seat's."""
    best_other = max(v for q, v in enumerate(values) if q != seat)
    return values[seat] - best_other


def reward_of(margin: float, scale: float) -> float:
    return 0.5 + 0.5 * math.tanh(margin / scale)


class Search:
    """One seat's search from one view (see the module text)."""

    def __init__(self, rules: SearchRules, view: Mapping[str, Any], legal: list[Action],
                 rng: random.Random, include: Iterable[Action] = ()):
        self.rules = rules
        self.view = view
        self.seat: int = view["viewer"]
        self.rng = rng
        root_moves = list(rules.candidates(view, legal)) or list(legal[:1])
        for a in include:
            if a not in root_moves:
                root_moves.append(a)
        self.root = _Node()
        self.root_moves = root_moves
        self.bots: dict[int, Bot] = {}
        self.iterations = 0

    def bot(self, seat: int) -> Bot:
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = self.rules.rollout_bot(self.rng.randrange(1 << 30))
        return bot

    def run(self, budget: Budget, stop: Callable[[], bool] | None = None) -> Analysis:
        """Iterate until the budget is spent (or ``stop()`` says so) and report."""
        start = time.perf_counter()
        deadline = start + budget.seconds if budget.seconds is not None else math.inf
        limit = budget.iterations if budget.iterations is not None else math.inf
        if len(self.root_moves) > 1:
            while self.iterations < limit:
                self.iterate()
                now = time.perf_counter()
                # stop when one more iteration of the mean length would overrun the budget
                if now + (now - start) / self.iterations >= deadline or (
                        stop is not None and stop()):
                    break
        return self.analysis(time.perf_counter() - start)

    def iterate(self) -> None:
        rules, seat = self.rules, self.seat
        state = rules.state_class.state_from_view(self.view, self.rng)
        path = [self.root]
        node: _Node | None = self.root
        depth = 0
        steps = 0
        while not state.is_over():
            acting = state.to_act()
            if seat in acting and node is not None:
                moves = self.root_moves if depth == 0 else self._moves(node, state)
                action, child = self._select(node, moves)
                state.apply(action, seat)
                path.append(child)
                depth += 1
                fresh = child.visits == 0
                node = child if depth < rules.tree_depth and not fresh else None
                continue
            if node is None:  # out of the tree: the rollout, then the cut-off
                if steps >= rules.horizon:
                    break
                steps += 1
            p = seat if seat in acting else acting[0]
            state.apply(self.bot(p).choose(state.view(p), state.legal_actions(p)), p)
        margin = lead(rules.evaluate(state), seat)
        if state.is_over():  # a tie on points is settled by the game's tie-breaks
            margin += 0.5 if seat in state.winners() else -0.5 if margin == 0 else 0.0
        r = reward_of(margin, rules.scale)
        for n in path:
            n.visits += 1
            n.reward += r
            n.points += margin
        self.iterations += 1

    def _moves(self, node: _Node, state: GameState) -> list[Action]:
        legal = state.legal_actions(self.seat)
        key = tuple(legal)
        moves = node.candidates.get(key)
        if moves is None:
            moves = self.rules.candidates(state.view(self.seat), legal) or legal[:1]
            node.candidates[key] = moves
        return moves

    def _select(self, node: _Node, moves: list[Action]) -> tuple[Action, _Node]:
        """The first untried move in order, else the UCB1 best of the moves available now."""
        children = node.children
        best: tuple[Action, _Node] | None = None
        best_score = -math.inf
        for a in moves:
            child = children.get(a)
            if child is None:
                child = children[a] = _Node()
            child.avail += 1
            if child.visits == 0:
                if best is None or best[1].visits > 0:
                    best, best_score = (a, child), math.inf
                continue
            if best_score == math.inf:
                continue
            score = (child.reward / child.visits
                     + EXPLORATION * math.sqrt(math.log(child.avail) / child.visits))
            if score > best_score:
                best, best_score = (a, child), score
        assert best is not None  # moves is never empty
        return best

    def analysis(self, seconds: float) -> Analysis:
        choices = []
        for a in self.root_moves:
            child = self.root.children.get(a)
            n = child.visits if child is not None else 0
            choices.append(Choice(a, n, child.points / n if n else 0.0,
                                  child.reward / n if n else 0.0))
        # most visited first (the robust choice); the candidates' order breaks ties
        order = sorted(range(len(choices)), key=lambda i: (-choices[i].visits,
                                                           -choices[i].reward, i))
        return Analysis(self.seat, [choices[i] for i in order], self.iterations, seconds)


def analyse(rules: SearchRules, view: Mapping[str, Any], legal: list[Action], budget: Budget,
            seed: int, include: Iterable[Action] = ()) -> Analysis:
    """Search ``view`` (the seat's) and report every searched action's estimated lead;
    ``include`` adds actions to the root even when the game would not search them (the move
    a player made, for the post-game review)."""
    return Search(rules, view, legal, random.Random(seed), include).run(budget)


class HardBot:
    """The hard level: the most visited action of a search on each decision."""

    level = "hard"

    def __init__(self, rules: SearchRules, seed: int, budget: Budget | None = None):
        self.rules = rules
        self.rng = random.Random(seed)
        self.budget = budget if budget is not None else Budget()
        self.last: Analysis | None = None

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        self.last = Search(self.rules, view, legal, self.rng).run(self.budget)
        return self.last.best.action


class GuidedRules:
    """A game's search rules built on its normal bot: the candidates are the normal bot's
    choice then an even spread of the other legal actions (``width`` in all), the rollout
    bot is the normal bot and the evaluation is the points on the board.  Each game
    subclasses it and sharpens the candidates and the evaluation."""

    state_class: type[GameState]
    horizon = 12
    tree_depth = 2
    scale = 10.0
    width = 8

    def rollout_bot(self, seed: int) -> Bot:
        raise NotImplementedError  # each game names its normal bot

    def candidates(self, view: Mapping[str, Any], legal: list[Action]) -> list[Action]:
        if len(legal) <= self.width:
            return list(legal)
        first = self.rollout_bot(0).choose(view, legal)
        rest = [a for a in legal if a != first]
        step = len(rest) / (self.width - 1)
        return [first, *(rest[int(i * step)] for i in range(self.width - 1))]

    def evaluate(self, state: GameState) -> Sequence[float]:
        return state.scores()
