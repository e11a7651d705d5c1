"""The Colorado County results: the scoring categories' labels and each player's row on the
results screen (place, points, points per round and per category, cubes on the board)."""

from __future__ import annotations

from typing import Any

from game.i18n import N_

# The scoring categories and their column labels (marked here, translated where shown)
CATEGORIES = (("borders", N_("Borders")), ("lakes", N_("Lakes")), ("doubles", N_("Doubles")),
              ("domain", N_("Big domain")))
# Translators: the results' columns of the points of rounds 1 to 4 (R = round)
ROUNDS = (N_("R1"), N_("R2"), N_("R3"), N_("R4"))
# Translators: a results column after the total: the cubes each player has on the board,
# which decide a tie on points (the rules' tie-break); at most two short lines
TIE_BREAK = N_("Tie-break: cubes")
POINT_COLUMNS = [label for _, label in CATEGORIES]  # the score chart's bars


def result_rows(state: Any, names: list[str], colours: list) -> list[tuple]:
    """(name, colour, place, points, breakdown, winner?) per player, best first; a tie on
    points goes to more cubes on the board."""
    n = state.num_players
    cubes = [state.cubes_on_board(q) for q in range(n)]
    winners = state.winners()
    rows = []
    for q in range(n):
        better = sum(1 for r in range(n) if (state.score[r], cubes[r]) > (state.score[q],
                                                                            cubes[q]))
        breakdown: dict[str, int] = {}
        for i, table in enumerate(state.round_results):
            breakdown[ROUNDS[i]] = sum(x["points"] for x in table if x["player"] == q)
        for cat, label in CATEGORIES:
            breakdown[label] = sum(x["points"] for table in state.round_results
                                   for x in table if x["player"] == q and
                                   x["category"] == cat)
        breakdown[TIE_BREAK] = cubes[q]
        rows.append((names[q], colours[q], better + 1, state.score[q], breakdown, q in winners))
    rows.sort(key=lambda r: r[2])
    return rows


def result_columns(state: Any) -> list[str]:
    """The results screen's columns of points: one per round played, the categories (their
    English labels: the results screen shows each in the player's language).  The cubes,
    the tie-break, come after the total (``TIE_BREAK``)."""
    return list(ROUNDS[:len(state.round_results)]) + [label for _, label in CATEGORIES]


__all__ = ["CATEGORIES", "POINT_COLUMNS", "TIE_BREAK", "result_columns", "result_rows"]
