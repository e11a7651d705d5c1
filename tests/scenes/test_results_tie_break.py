"""The results of each game: what settles a tie on points (Oregon's farmers placed, Colorado
County's cubes on the board, Oasis' priority disc: each game's hooks name it) is not part of
the total, so it stands after the Total, named as the tie-break."""

import pytest
from finished_games import results_of
from game_hooks import games_with, hooks

from game.games.oregon.table.results import TIE_BREAK as OREGON


@pytest.mark.parametrize("game_id", sorted(games_with("tie_break")))
def test_the_tie_break_stands_after_the_total_and_says_what_it_is(services, game_id):
    tie_break = hooks(game_id).tie_break  # the column the game's hooks expect
    scene = results_of(services, game_id, 3)
    assert scene.tie_breaks == [tie_break]
    first = scene.columns.index(tie_break)
    assert scene.columns[first:] == [tie_break]
    # every column of points before the total, the tie-break after it
    assert all(cx < scene.scores.total_cx for cx in scene.scores.col_cx[:first])
    assert scene.scores.col_cx[first] > scene.scores.total_cx
    assert tie_break.startswith("Tie-break: ")  # its heading says what it is for
    assert all(tie_break in row.breakdown for row in scene.rows)


def test_oregons_total_is_its_points_without_the_farmers(services):
    scene = results_of(services, "oregon", 3)
    for row in scene.rows:
        points = sum(v for c, v in row.breakdown.items() if c not in (OREGON, "Total"))
        assert points == row.total
