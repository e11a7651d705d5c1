"""The Oregon table's final results: one row per player, in ranking order."""

from __future__ import annotations

from collections.abc import Sequence

from game.games.oregon.engine import OregonState
from game.i18n import N_

FARMERS = 14  # each player's farmers at the start
# The breakdown's columns of points (the results screen adds the total), translated where
# shown.
COLUMNS = [
    # Translators: a results column: the points scored on the score track during the game
    N_("Track"),
    # Translators: a results column: the points of the coal tokens
    N_("Coal"),
    # Translators: a results column: the points of the gold tokens
    N_("Gold"),
]
POINT_COLUMNS = COLUMNS  # the columns of points: the score chart's bars
# Translators: a results column after the total: the farmers each player placed on the
# board, which decide a tie on points (the rules' tie-break); at most two short lines
TIE_BREAK = N_("Tie-break: farmers")


def result_rows(state: OregonState, names: Sequence[str], colours: Sequence[int]) -> list:
    """(name, colour, place, score, breakdown, winner?) per player, best first; a tie on
    points is broken by the farmers placed."""
    n = state.num_players
    final = state.view(None)["final"]
    assert final is not None, "the results come once the game is over"
    scores = final["scores"]
    farmers = [FARMERS - state.farmers_left[q] for q in range(n)]
    rows = []
    for q in final["ranking"]:
        better = sum(1 for r in range(n) if (scores[r], farmers[r]) > (scores[q], farmers[q]))
        coal, gold = sum(final["coal"][q]), sum(final["gold"][q])
        breakdown = {"Track": scores[q] - coal - gold, "Coal": coal, "Gold": gold,
                     "Total": scores[q], TIE_BREAK: farmers[q]}
        rows.append((names[q], colours[q], better + 1, scores[q], breakdown,
                     q in final["winners"]))
    return rows

