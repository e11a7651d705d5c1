"""The Colorado County results: the scoring categories' labels and each player's row on the
results screen (place, points, points per round and per category, cubes on the board)."""

from __future__ import annotations

from typing import Any

CATEGORIES = (("borders", "Borders"), ("lakes", "Lakes"), ("doubles", "Doubles"),
              ("domain", "Big domain"))


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
            breakdown[f"R{i + 1}"] = sum(x["points"] for x in table if x["player"] == q)
        for cat, label in CATEGORIES:
            breakdown[label] = sum(x["points"] for table in state.round_results
                                   for x in table if x["player"] == q and
                                   x["category"] == cat)
        breakdown["Cubes"] = cubes[q]
        rows.append((names[q], colours[q], better + 1, state.score[q], breakdown, q in winners))
    rows.sort(key=lambda r: r[2])
    return rows


def result_columns(state: Any) -> list[str]:
    """The results screen's columns: one per round played, the categories, the cubes."""
    return [f"R{i + 1}" for i in range(len(state.round_results))] + \
        [label for _, label in CATEGORIES] + ["Cubes"]


__all__ = ["CATEGORIES", "result_columns", "result_rows"]
