"""Colorado County's results chart: one point per turn, marking where each round starts (the
points come at each round's scoring)."""

from __future__ import annotations

from game.games.colorado.engine import ColoradoState
from game.ui.chart_data import ScoreSeries, turn_series


def score_series(state: ColoradoState, start: ColoradoState | None = None) -> ScoreSeries:
    return turn_series(state, round_of=lambda g: g.round, start=start)
