"""Each seat's score over a finished game, for the results screen's chart (no pygame).

    series = score_series(state)       # a finished (or unfinished) game with its history
    series.points[q][x]                # seat q's score after turn (or round) x; x = 0: start

The scores come from replaying the recorded actions from the game's seed (engine only), so
they are what the rules counted at each moment, for every seat alike.  By default one point
per turn (a player's run of actions, or one step of secret bids made together:
``turn_series``); a game that charts its scores its own way names its function in its
descriptor (``GameInfo.score_series``): by turns marking where each round starts
(``turn_series(state, round_of=...)``), or by rounds (``axis = ROUNDS``).

The last point of each series is the final score the results table shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar, cast

from game.engine.core import GameState
from game.registry import GAMES

TURNS = "turn"
ROUNDS = "round"

State = TypeVar("State", bound=GameState)


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


def fresh_game(state: State, start: State | None) -> State:
    """The game's opening: ``start`` (a copy) when it is not the seed's own (a lesson's
    arranged deal), else a new game from the seed."""
    if start is not None:
        return cast(State, start.clone())
    return cast(State, GAMES[state.GAME_ID].new(state.num_players, state.seed, **state.options))


def turn_series(state: GameState, round_of: Any = None,
                start: GameState | None = None) -> ScoreSeries:
    """Scores after each turn: a run of one player's actions, or one step of secret bids
    (each seat bids once in it).  ``round_of(state)``: the round number, to mark rounds."""
    game = fresh_game(state, start)
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
        simultaneous = game.is_simultaneous()
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


def score_series(state: GameState, start: GameState | None = None) -> ScoreSeries:
    """Each seat's score over the game of ``state`` (see the module's docstring), played
    from ``start`` when its opening is not the seed's own (a lesson's deal): the game's own
    series when its descriptor names one (``GameInfo.score_series``), else one point per
    turn."""
    info = GAMES[state.GAME_ID]
    if info.score_series:
        series: ScoreSeries = info.part(info.score_series)(state, start)
        return series
    return turn_series(state, start=start)


__all__ = ["ROUNDS", "TURNS", "ScoreSeries", "fresh_game", "score_series", "turn_series"]
