"""Each seat's score over a finished game, for the results screen's chart (no pygame).

    series = score_series(state)       # a finished (or unfinished) game with its history
    series.points[q][x]                # seat q's score after turn (or round) x; x = 0: start

The scores come from replaying the recorded actions from the game's seed (engine only), so
they are what the rules counted at each moment, for every seat alike:

* Oregon: one point per player turn (the start tile, or a play with its extra turn and its
  draw); the coal and gold tokens count only at the end, when the rules turn them up.
* Colorado County: one point per turn (a player's move, or one step of secret bids made
  together); the points come at each round's scoring, so ``rounds`` marks where each round
  starts.
* Oasis: one point per round: the board as it stood at the end of that round, scored with
  the score tiles each player holds at the end.  Their types stay face down until the final
  scoring, so the chart never tells which tiles anyone held earlier; the last point is the
  final scoring itself.

The last point of each series is the final score the results table shows.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, cast

from game.engine.core import GameState
from game.registry import GAMES

TURNS = "turn"
ROUNDS = "round"


@dataclass(frozen=True)
class ScoreSeries:
    axis: str  # TURNS or ROUNDS: what one step of the x axis is
    points: tuple[tuple[int, ...], ...]  # per seat, score at x = 0 (the start) .. the end
    rounds: tuple[tuple[int, int], ...] = ()  # (x, round): round ``round`` starts after x

    @property
    def steps(self) -> int:
        """The number of turns (or rounds) the x axis spans."""
        return len(self.points[0]) - 1 if self.points else 0

    @property
    def top(self) -> int:
        """The highest score any seat reached."""
        return max((max(p) for p in self.points), default=0)


def _fresh(state: GameState, start: GameState | None) -> GameState:
    """The game's opening: ``start`` (a copy) when it is not the seed's own (a lesson's
    arranged deal), else a new game from the seed."""
    if start is not None:
        return start.clone()
    return GAMES[state.GAME_ID].new(state.num_players, state.seed, **state.options)


def _simultaneous(state: GameState) -> bool:
    check = getattr(state, "is_simultaneous", None)
    return bool(check()) if check is not None else False


def turn_series(state: GameState, round_of: Any = None,
                start: GameState | None = None) -> ScoreSeries:
    """Scores after each turn: a run of one player's actions, or one step of secret bids
    (each seat bids once in it).  ``round_of(state)``: the round number, to mark rounds."""
    game = _fresh(state, start)
    points: list[list[int]] = [[s] for s in game.scores()]
    rounds: list[tuple[int, int]] = []
    last_round = round_of(game) if round_of else None
    player: int | None = None
    together = False  # the turn being made is a step of secret bids
    acted: set[int] = set()

    def close_turn() -> None:
        nonlocal last_round
        for q, s in enumerate(game.scores()):
            points[q].append(s)
        if round_of is not None:
            now = round_of(game)
            if now != last_round and not game.is_over():
                rounds.append((len(points[0]) - 1, now))
            last_round = now

    pending = False
    for p, action in state.history:
        simultaneous = _simultaneous(game)
        if pending:
            new_turn = (p in acted) if (simultaneous and together) else \
                (p != player or simultaneous != together)
            if new_turn:
                close_turn()
                acted = set()
        player, together = p, simultaneous
        acted.add(p)
        game.apply(action, p)
        pending = True
    if pending:
        close_turn()
    return ScoreSeries(TURNS, tuple(tuple(p) for p in points), tuple(rounds))


def oasis_series(state: GameState, start: GameState | None = None) -> ScoreSeries:
    """Scores after each round: that round's board with the score tiles held at the end."""
    # the game's own scoring (Oasis'), found from its state's package
    player_total = importlib.import_module(
        type(state).__module__.rsplit(".", 1)[0] + ".scoring").player_total
    end = state if state.is_over() else None
    game: Any = _fresh(state, start)
    n = game.num_players
    held = [dict(t) for t in cast(Any, end or state).score_tiles]

    def board_points() -> list[int]:
        g = game
        return [player_total(g.board, g.camel_at, g.a_kind, g.a_owner, g.a_size, q, held[q])
                for q in range(n)]

    points: list[list[int]] = [[0] for _ in range(n)]
    current = game.round
    for p, action in state.history:
        game.apply(action, p)
        if game.is_over():
            break
        if game.round != current:
            current = game.round
            for q, s in enumerate(board_points()):
                points[q].append(s)
    final = game.scores() if game.is_over() else board_points()
    for q, s in enumerate(final):
        points[q].append(s)
    return ScoreSeries(ROUNDS, tuple(tuple(p) for p in points))


def score_series(state: GameState, start: GameState | None = None) -> ScoreSeries:
    """Each seat's score over the game of ``state`` (see the module's docstring), played
    from ``start`` when its opening is not the seed's own (a lesson's deal)."""
    if hasattr(state, "score_tiles"):  # scored only at the end, by face-down tiles (Oasis)
        return oasis_series(state, start)
    if hasattr(state, "round_results"):  # scored at each round's end (Colorado County)
        return turn_series(state, round_of=lambda g: g.round, start=start)
    return turn_series(state, start=start)


__all__ = ["ROUNDS", "TURNS", "ScoreSeries", "oasis_series", "score_series", "turn_series"]
