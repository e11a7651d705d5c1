"""The Oregon results: the farmers placed, which settle a tie on points and are not part of
the total, stand after the Total, named as the tie-break."""

from finished_games import results_of

from game.scenes.oregon.results import TIE_BREAK


def test_oregon_farmers_stand_after_the_total_as_the_tie_break(services):
    scene = results_of(services, "oregon", 3)
    assert scene.tie_breaks == [TIE_BREAK]
    farmers = scene.columns.index(TIE_BREAK)
    assert scene.columns[farmers:] == [TIE_BREAK]
    # every column of points before the total, the tie-break after it
    assert all(cx < scene.total_cx for cx in scene.col_cx[:farmers])
    assert scene.col_cx[farmers] > scene.total_cx
    for row in scene.rows:
        points = sum(v for c, v in row.breakdown.items() if c not in (TIE_BREAK, "Total"))
        assert points == row.total  # the total is the points, without the farmers
    assert TIE_BREAK.startswith("Tie-break")  # its heading says what it is for
