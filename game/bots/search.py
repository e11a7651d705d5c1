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
from game.engine.actions import Action
from game.engine.core import GameState

EXPLORATION = 0.7  # UCB1's constant, for rewards in [0, 1]
# paired rounds: rounds before a move may leave the race, how many standard errors behind
# the leader it must be, and how many above the first move's result to replace it (the
# default of the rules' ``paired_z``)
PAIRED_WARMUP = 3
PRUNE_Z = 2.0
PAIRED_Z = 1.5


@dataclass(frozen=True)
class Budget:
    """When a search stops: after ``iterations``, after ``seconds`` of wall time, whichever
    comes first (None: no bound of that kind; at least one must be given)."""

    seconds: float | None = 1.0
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            raise ValueError("a search budget needs seconds or iterations")
        if self.seconds is not None and not self.seconds > 0:  # NaN fails too
            raise ValueError(f"a search budget's seconds must be positive, not {self.seconds}")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("a search budget needs at least one iteration, not "
                             f"{self.iterations}")


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

    paired: bool
    """Search the root by paired rounds (``Search._run_paired``) instead of the tree
    (``tree_depth`` is then 1)."""
    anchor: float | None
    """Points a choice must beat the first candidate by (the game's own first choice) to be
    preferred to it; None: the most visited choice."""
    paired_z: float
    """With ``paired``: standard errors of the paired difference a choice must also beat
    the first candidate by, beyond ``anchor``."""

    def settled(self, state: GameState) -> bool:
        """Whether the rollout may stop here once ``horizon`` decisions are played (e.g. only
        between turns, where every seat's evaluation is alike)."""

    def margin(self, state: GameState, seat: int) -> float | None:
        """``seat``'s expected final lead over the best other seat from ``state`` where a
        rollout stops before the end (a learned value of its view); None: the lead of
        ``evaluate``'s points."""


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
    legal: int = 0
    """How many legal moves the position offered (0: not told)."""
    ranked: tuple[int, float] | None = None
    """With one choice searched, when the game's ranking chose it: how many plays it
    ranked, and how many of its points the choice stands above the next (else None)."""

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


def _mean_se(values: list[float]) -> tuple[float, float]:
    """Mean and standard error (infinite below two values)."""
    n = len(values)
    if n < 2:
        return (values[0] if values else 0.0), math.inf
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def reward_of(margin: float, scale: float) -> float:
    return 0.5 + 0.5 * math.tanh(margin / scale)


class Search:
    """One seat's search from one view (see the module text)."""

    def __init__(self, rules: SearchRules, view: Mapping[str, Any], legal: list[Action],
                 rng: random.Random, include: Iterable[Action] = (),
                 clock: Callable[[], float] = time.perf_counter):
        self.rules = rules
        self.clock = clock  # what a time budget is measured on (tests pass their own)
        self.view = view
        self.seat: int = view["viewer"]
        self.legal = legal
        self.rng = rng
        # the time budget counts from here: choosing the candidates is part of a decision
        self.start = clock()
        root_moves = list(rules.candidates(view, legal)) or list(legal[:1])
        for a in include:
            if a not in root_moves:
                root_moves.append(a)
        self.root = _Node()
        self.root_moves = root_moves
        self.bots: dict[int, Bot] = {}
        self.iterations = 0
        # paired rounds: per root move, its leads minus the first move's on the same rounds
        self.diffs: list[list[float]] = [[] for _ in root_moves]

    def bot(self, seat: int) -> Bot:
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = self.rules.rollout_bot(self.rng.randrange(1 << 30))
        return bot

    def run(self, budget: Budget, stop: Callable[[], bool] | None = None) -> Analysis:
        """Iterate until the budget is spent (or ``stop()`` says so) and report."""
        start = self.start
        deadline = start + budget.seconds if budget.seconds is not None else math.inf
        limit = budget.iterations if budget.iterations is not None else math.inf
        if len(self.root_moves) > 1:
            if self.rules.paired:
                self._run_paired(start, limit, deadline, stop)
            else:
                while self.iterations < limit:
                    self.iterate()
                    if self._out_of_time(start, deadline) or (stop is not None and stop()):
                        break
        return self.analysis(self.clock() - start)

    def _out_of_time(self, start: float, deadline: float) -> bool:
        """Whether another iteration, as long as the mean one so far, would end past the
        deadline (so a search overruns its time budget by little)."""
        now = self.clock()
        return now + (now - start) / max(1, self.iterations) >= deadline

    # --- paired rounds ----------------------------------------------------------------------
    def _run_paired(self, start: float, limit: float, deadline: float,
                    stop: Callable[[], bool] | None) -> None:
        """Flat Monte Carlo with common random numbers (the rules' ``paired``): each round
        draws one determinization and one set of rollout seeds and plays every root move still
        in the race from it (one iteration each), so two moves are compared on the same
        hidden cards, draws and replies.  A move whose paired mean falls clearly behind the
        leader's leaves the race; the first move (the rollout bot's own choice) never does."""
        rules = self.rules
        moves = self.root_moves
        alive = list(range(len(moves)))
        rounds = 0
        while self.iterations < limit:
            base = rules.state_class.state_from_view(self.view, self.rng)
            seed = self.rng.randrange(1 << 30)
            margins: dict[int, float] = {}
            for i in alive:
                if self.iterations >= limit:
                    break
                margins[i] = self._playout(base.clone(), moves[i], seed)
                if self._out_of_time(start, deadline) or (stop is not None and stop()):
                    limit = 0
            if 0 in margins:
                for i, m in margins.items():
                    self.diffs[i].append(m - margins[0])
            rounds += 1
            if rounds >= PAIRED_WARMUP and len(alive) > 2:
                alive = self._prune(alive)

    def _prune(self, alive: list[int]) -> list[int]:
        stats = {i: _mean_se(self.diffs[i]) for i in alive}
        lead_i = max(alive, key=lambda i: stats[i][0])
        top = stats[lead_i][0]
        return [i for i in alive
                if i == 0 or i == lead_i or stats[i][0] + PRUNE_Z * stats[i][1] >= top]

    def _playout(self, state: GameState, action: Action, seed: int) -> float:
        """Play ``action``, then the rollout bot (seeded by ``seed``) up to the cut-off;
        records the lead as one visit of the root move and returns it."""
        rules, seat = self.rules, self.seat
        state.apply(action, seat)
        bots: dict[int, Bot] = {}
        steps = 0
        while not state.is_over():
            if steps >= rules.horizon and rules.settled(state):
                break
            steps += 1
            p = state.to_act()[0]
            bot = bots.get(p)
            if bot is None:
                bot = bots[p] = rules.rollout_bot(seed + p)
            state.apply(bot.choose(state.view(p), state.legal_actions(p)), p)
        margin = self._margin(state)
        child = self.root.children.get(action)
        if child is None:
            child = self.root.children[action] = _Node()
        child.visits += 1
        child.avail += 1
        child.reward += reward_of(margin, rules.scale)
        child.points += margin
        self.root.visits += 1
        self.iterations += 1
        return margin

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
                if steps >= rules.horizon and rules.settled(state):
                    break
                steps += 1
            p = seat if seat in acting else acting[0]
            state.apply(self.bot(p).choose(state.view(p), state.legal_actions(p)), p)
        margin = self._margin(state)
        r = reward_of(margin, rules.scale)
        for n in path:
            n.visits += 1
            n.reward += r
            n.points += margin
        self.iterations += 1

    def _margin(self, state: GameState) -> float:
        """The searching seat's lead where a rollout stopped: its final lead once the game is
        over (a tie on points settled by the game's tie-breaks), else the rules' margin or
        the lead of their evaluation."""
        seat = self.seat
        if state.is_over():
            margin = lead(state.scores(), seat)
            return margin + (0.5 if seat in state.winners() else -0.5 if margin == 0 else 0.0)
        learned = self.rules.margin(state, seat)
        return learned if learned is not None else lead(self.rules.evaluate(state), seat)

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
            if child is None or not child.visits:
                choices.append(Choice(a, 0, 0.0, 0.0))
                continue
            n = child.visits
            choices.append(Choice(a, n, child.points / n, child.reward / n))
        # most visited first (the robust choice); the candidates' order breaks ties
        order = sorted(range(len(choices)), key=lambda i: (-choices[i].visits,
                                                           -choices[i].reward, i))
        anchor = self.rules.anchor
        if anchor is not None and self.rules.paired:
            # the first move stays the choice unless another beat it on the same rounds by
            # ``anchor`` points plus ``paired_z`` standard errors of the paired difference
            z = self.rules.paired_z

            def paired_edge(i: int) -> float:
                mean, se = _mean_se(self.diffs[i])
                return mean - anchor - z * se

            top = max(range(1, len(choices)), key=paired_edge, default=0)
            if top and len(self.diffs[top]) >= PAIRED_WARMUP and paired_edge(top) > 0:
                order.remove(top)
                order.insert(0, top)
            elif 0 in order:
                order.remove(0)
                order.insert(0, 0)
        elif anchor is not None and choices[0].visits:
            # the first candidate stays the choice unless another is clearly better
            def edge(i: int) -> float:
                return choices[i].points - (0.0 if i == 0 else anchor)

            tried = [i for i in range(len(choices))
                     if choices[i].visits * 2 >= choices[order[0]].visits]
            top = max(tried + [0], key=lambda i: (edge(i), -i))
            order.remove(top)
            order.insert(0, top)
        ranked = None
        if len(self.root_moves) == 1:
            ranking_gap = getattr(self.rules, "ranking_gap", None)
            ranked = ranking_gap(self.view, self.legal) if ranking_gap is not None else None
        return Analysis(self.seat, [choices[i] for i in order], self.iterations, seconds,
                        len(self.legal), ranked)


def analyse(rules: SearchRules, view: Mapping[str, Any], legal: list[Action], budget: Budget,
            seed: int, include: Iterable[Action] = (),
            clock: Callable[[], float] = time.perf_counter) -> Analysis:
    """Search ``view`` (the seat's) and report every searched action's estimated lead;
    ``include`` adds actions to the root even when the game would not search them (the move
    a player made, for the post-game review).  ``clock`` measures a time budget."""
    return Search(rules, view, legal, random.Random(seed), include, clock).run(budget)


class HardBot:
    """The hard level: the most visited action of a search on each decision."""

    level = "hard"

    def __init__(self, rules: SearchRules, seed: int, budget: Budget | None = None,
                 clock: Callable[[], float] = time.perf_counter):
        self.rules = rules
        self.rng = random.Random(seed)
        self.budget = budget if budget is not None else Budget()
        self.clock = clock  # what a time budget is measured on
        self.last: Analysis | None = None

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        self.last = Search(self.rules, view, legal, self.rng, (), self.clock).run(self.budget)
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
    anchor: float | None = None
    paired = False
    paired_z = PAIRED_Z

    def settled(self, state: GameState) -> bool:
        return True  # the rollout stops at ``horizon`` wherever it is

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

    def margin(self, state: GameState, seat: int) -> float | None:
        return None  # the lead of ``evaluate``
