"""Oasis final scoring: the worked example of the rules, camel groups, controlled areas only,
bonus squares counting, the tie-break by priority disc."""

from __future__ import annotations

from game.games.oasis.engine import flow, new_game, scenario
from game.games.oasis.engine.scoring import camel_groups, score_breakdown

RED, BLUE, GREEN = 0, 1, 2


def test_worked_example_numbers():
    # Blue: camel groups of 6 and 2, 3 goods -> 18.
    assert score_breakdown(6, 3, {}, {})["camels"] == 18
    # 9 oasis, 8 stone, 7 steppe with 5 springs, 4 ovoo, 7 horses -> 45 + 32 + 49 = 126.
    points = score_breakdown(0, 0, {"oasis": 9, "stone": 8, "steppe": 7},
                             {"springs": 5, "ovoo": 4, "horses": 7})
    assert (points["oasis"], points["stone"], points["steppe"]) == (45, 32, 49)
    assert points["total"] == 126


def worked_example_position():
    """Blue holds the worked example on the real board: camel groups of 6 and 2 (and red
    camels next to them), 9 oasis tiles (the top oasis bonus square among them), 8 stone
    and 7 steppe tiles under blue markers."""
    st = new_game(3, 1)
    left_arm = [(7, 7), (6, 7), (6, 6), (5, 6), (4, 6), (4, 5)]
    scenario.put_camels(st, BLUE, left_arm)
    scenario.put_camels(st, BLUE, [(2, 1), (3, 1)])
    scenario.put_camels(st, RED, [(4, 4), (8, 7), (1, 1)])
    oasis = [(8, 3), (5, 4), (6, 4), (7, 4), (9, 4), (10, 4), (11, 4), (8, 5)]
    scenario.put_area(st, "oasis", oasis, BLUE)
    scenario.put_area(st, "stone", [(x, 12) for x in range(8)], BLUE)
    scenario.put_area(st, "steppe", [(x, 12) for x in range(9, 16)], BLUE)
    scenario.give_score_tiles(st, BLUE, goods=3, springs=5, ovoo=4, horses=7)
    return st


def test_worked_example_on_the_board():
    st = worked_example_position()
    groups = camel_groups(st.board, st.camel_at, BLUE)
    assert [len(g) for g in groups] == [6, 2]
    assert [len(g) for g in camel_groups(st.board, st.camel_at, RED)] == [1, 1, 1]
    events = flow.finish_game(st)
    blue = st.final[BLUE]
    scored = [e for e in events if e.kind == "final_score" and e.player == BLUE][0]
    assert len(scored.data["cells"]["oasis"]) == 9 and [8, 4] in scored.data["cells"]["oasis"]
    assert scored.data["total"] == 144 and scored.data["score_tiles"]["goods"] == 3
    assert blue["camels"] == {"group": [list(st.board.xy[c]) for c in groups[0]], "size": 6,
                              "goods": 3, "points": 18}
    assert (blue["oasis"]["tiles"], blue["stone"]["tiles"], blue["steppe"]["tiles"]) == (9, 8, 7)
    assert (blue["oasis"]["points"], blue["stone"]["points"], blue["steppe"]["points"]) == (
        45, 32, 49)
    assert blue["total"] == 18 + 126
    assert st.scores() == [0, 144, 0]
    assert st.winners() == [BLUE]


def test_no_score_tiles_score_nothing_and_uncontrolled_land_scores_for_nobody():
    st = worked_example_position()
    st.score_tiles[BLUE] = dict.fromkeys(st.score_tiles[BLUE], 0)
    scenario.put_area(st, "oasis", [(0, 8), (0, 9)])  # nobody's
    scenario.give_score_tiles(st, RED, springs=2, goods=2)
    flow.finish_game(st)
    assert st.final[BLUE]["total"] == 0
    # Red: three single camels x 2 goods; no controlled oasis tiles, springs score nothing.
    assert st.final[RED]["camels"]["points"] == 2
    assert st.final[RED]["oasis"]["points"] == 0


def test_an_abandoned_area_no_longer_scores():
    st = worked_example_position()
    oasis_area = st.area[st.board.index((8, 4))]
    st.a_owner[oasis_area] = -1  # as if blue had moved the marker away
    flow.finish_game(st)
    assert st.final[BLUE]["oasis"]["points"] == 0
    assert st.final[BLUE]["total"] == 18 + 32 + 49


def test_diagonal_camels_are_separate_groups():
    st = new_game(3, 2, board_rows=["=.=", "===", "..="])
    scenario.put_camels(st, GREEN, [(0, 0), (1, 1), (2, 2)])  # (0,0)-(1,1) only diagonal
    groups = camel_groups(st.board, st.camel_at, GREEN)
    assert sorted(len(g) for g in groups) == [1, 1, 1]
    scenario.put_camels(st, GREEN, [(0, 1)])
    assert [len(g) for g in camel_groups(st.board, st.camel_at, GREEN)] == [3, 1]


def test_tie_goes_to_the_lowest_disc():
    st = new_game(4, 5)
    scenario.give_score_tiles(st, 2, goods=1)
    scenario.give_score_tiles(st, 3, goods=1)
    scenario.put_camels(st, 2, [(8, 12)])
    scenario.put_camels(st, 3, [(3, 0)])
    st.disc = [1, 2, 4, 3]
    flow.finish_game(st)
    assert st.scores() == [0, 0, 1, 1]
    assert st.winners() == [3]  # tied with player 2 but holds disc #3 against #4
    assert st.ranking == [3, 2, 0, 1]
