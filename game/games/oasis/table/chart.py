"""Oasis' results chart: one point per round, the board as it stood at the end of that round
scored with the score tiles each player holds at the end.  Their types stay face down until
the final scoring, so the chart never tells which tiles anyone held earlier; the last point
is the final scoring itself."""

from __future__ import annotations

from game.games.oasis.engine import OasisState
from game.games.oasis.engine.scoring import player_total
from game.ui.chart_data import ROUNDS, ScoreSeries, fresh_game


def score_series(state: OasisState, start: OasisState | None = None) -> ScoreSeries:
    """Scores after each round: that round's board with the score tiles held at the end."""
    game = fresh_game(state, start)
    n = game.num_players
    held = [dict(t) for t in state.score_tiles]

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
