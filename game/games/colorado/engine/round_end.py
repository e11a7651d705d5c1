"""The end of a round (scoring borders, lakes, doubles and the big domain) and of the game
(most points wins, ties broken by the most cubes on the board)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.core import Outcome
from game.engine.events import Event
from game.engine.messages import N_, NN_
from game.games.colorado.engine.events import Emit, numbered, seat_amount, who
from game.games.colorado.engine.model import NUM_ROUNDS, cells_json
from game.games.colorado.engine.phases import Phase
from game.games.colorado.engine.scoring import CATEGORIES, score_round

if TYPE_CHECKING:
    from game.games.colorado.engine.state import ColoradoState

SCORED = {
    "borders": NN_("{player} scores {points} for borders ({n} border cell).",
                   "{player} scores {points} for borders ({n} border cells)."),
    "lakes": NN_("{player} scores {points} for lakes ({n} lake).",
                 "{player} scores {points} for lakes ({n} lakes)."),
    "doubles": NN_("{player} scores {points} for doubles ({n} double).",
                   "{player} scores {points} for doubles ({n} doubles)."),
    "domain": NN_("{player} scores {points} for the big domain ({n} cell).",
                  "{player} scores {points} for the big domain ({n} cells)."),
}
CATEGORY_TERMS = {"borders": N_("borders"), "lakes": N_("lakes"), "doubles": N_("doubles"),
                  "domain": N_("big domain")}
"""The scoring categories as terms: the keys of ``Outcome.breakdown``."""
ROUND_SCORED = N_("Round {round} scored. Scores: {scores}.")
FLAGS_REMOVED = N_("The flags leave the board.")
WINS = NN_("{player} wins with {n} point.", "{player} wins with {n} points.")
SHARED_VICTORY = {
    2: NN_("Shared victory: {first} and {second} with {n} point.",
           "Shared victory: {first} and {second} with {n} points."),
    3: NN_("Shared victory: {first} and {second} and {third} with {n} point.",
           "Shared victory: {first} and {second} and {third} with {n} points."),
    4: NN_("Shared victory: {first} and {second} and {third} and {fourth} with {n} point.",
           "Shared victory: {first} and {second} and {third} and {fourth} with {n} points."),
}


def end_round(state: ColoradoState, events: list[Event]) -> bool:
    """Score the round and take the flags away.  True when that was the last round."""
    results = score_round(state.round, state.owner, state.lake_owner, state.lakemap.lakes,
                          state.num_players)
    table = []
    for r in results:
        if r.points:
            state.score[r.player] += r.points
            events.append(Emit.scored(
                SCORED[r.category], r.player,
                {"round": state.round, "category": r.category, "points": r.points,
                 "count": r.count, "cells": cells_json(r.cells)},
                args={"player": who(r.player), "points": r.points, "n": r.count}))
        table.append({"player": r.player, "category": r.category, "points": r.points,
                      "count": r.count})
    state.round_results = state.round_results + [table]
    events.append(Emit.round_scored(
        ROUND_SCORED, None,
        {"round": state.round, "scores": list(state.score), "table": table},
        args={"round": state.round, "scores": [
            seat_amount(p, s) for p, s in enumerate(state.score)]}))
    state.flags = {}
    state.flags_up = False
    state.flag_hands = [[] for _ in range(state.num_players)]
    state.flags_unplaced = []
    events.append(Emit.flags_removed(FLAGS_REMOVED, None))
    return state.round >= NUM_ROUNDS


def ranking_key(state: ColoradoState, p: int) -> tuple[int, int]:
    """Points first, then cubes on the board."""
    return (state.score[p], state.cubes_on_board(p))


def ranking(state: ColoradoState) -> list[int]:
    return sorted(range(state.num_players), key=lambda p: ranking_key(state, p), reverse=True)


def winners(state: ColoradoState) -> list[int]:
    if not state.is_over():
        return []
    keys = [ranking_key(state, p) for p in range(state.num_players)]
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]


def outcome(state: ColoradoState) -> Outcome:
    """Points, places and, per player, the points of each scoring category over the rounds
    scored so far."""
    breakdown: list[dict[str, int]] = [{CATEGORY_TERMS[c]: 0 for c in CATEGORIES}
                                       for _ in range(state.num_players)]
    for table in state.round_results:
        for row in table:
            breakdown[row["player"]][CATEGORY_TERMS[row["category"]]] += row["points"]
    return Outcome(list(state.score), ranking(state), winners(state), breakdown)


def end_game(state: ColoradoState, events: list[Event]) -> None:
    state.phase = Phase.OVER
    best = winners(state)
    order = ranking(state)
    points = state.score[order[0]]
    if len(best) == 1:
        msg: Any = WINS
        args: dict[str, Any] = {"player": who(best[0])}
    else:
        msg, args = numbered(SHARED_VICTORY, [who(p) for p in best])
    events.append(Emit.game_over(msg, None, {
        "winners": best, "ranking": order, "scores": list(state.score),
        "cubes_on_board": [state.cubes_on_board(p) for p in range(state.num_players)]},
        args={**args, "n": points}))
