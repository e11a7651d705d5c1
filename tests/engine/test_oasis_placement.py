"""Oasis land tile placement on a small constructed board: start rules per kind (and the
uncontrolled-area decision), extending, the two forbidden placements, absorbing uncontrolled
land and bonus squares, control markers (must place; move or leave uncontrolled at four)."""

from __future__ import annotations

import pytest

from game.engine.core import IllegalAction
from game.games.oasis.engine import IgnoreCard, PlaceTile, new_game, scenario

#  x: 012345678
BOARD = [
    ".........",  # y0
    ".s..=....",  # y1   steppe bonus (1,1), path x=4 for y=1..5
    "....=..o.",  # y2   oasis bonus (7,2)
    "....=....",  # y3
    "..#.=..t.",  # y4   a blocked cell (2,4), stone bonus (7,4)
    "....=....",  # y5
    ".........",  # y6
]
W, H = 9, 7
PATH = {(4, y) for y in range(1, 6)}
BONUS = {(1, 1), (7, 2), (7, 4)}
EMPTY = {(x, y) for x in range(W) for y in range(H)} - PATH - BONUS - {(2, 4)}


def nbrs(c):
    x, y = c
    return {(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= x + dx < W and 0 <= y + dy < H}


def edge(c):
    return len(nbrs(c)) < 4 or (2, 4) in nbrs(c)


def setup(card: str, seed: int = 3):
    """A 3-player game where the holder of disc #1 carries out ``card``."""
    st = new_game(3, seed, board_rows=BOARD)
    p = st.order[0]
    scenario.start_carrying(st, p, [card])
    assert st.current == card
    return st, p, st.order[1], st.order[2]


def cell_of(st, xy):
    return st.board.index(xy)


def area_at(st, xy):
    return st.area[cell_of(st, xy)]


# --- start rules ---------------------------------------------------------------------------

def test_oasis_starts_on_an_edge_cell_or_next_to_an_oasis_bonus_square():
    st, p, _, _ = setup("oasis2")
    expected = {c for c in EMPTY if edge(c) or (7, 2) in nbrs(c)}
    targets = st.tile_targets("oasis", p)
    assert set(targets) == expected
    assert set(targets.values()) == {"start"}
    assert (1, 4) in targets and (3, 5) not in targets  # beside the blocked cell: an edge
    with pytest.raises(IllegalAction, match="An oasis area must start on an edge cell or "
                                            "next to an oasis bonus square"):
        st.apply(PlaceTile("oasis", (6, 3)), p)
    st.apply(PlaceTile("oasis", (0, 3)), p)
    assert st.tiles[cell_of(st, (0, 3))] == 1


def test_steppe_starts_next_to_the_path_or_a_steppe_bonus_square():
    st, p, _, _ = setup("steppe2")
    expected = {c for c in EMPTY if nbrs(c) & PATH or (1, 1) in nbrs(c)}
    assert set(st.tile_targets("steppe", p)) == expected
    assert (0, 0) not in expected and (2, 1) in expected and (3, 3) in expected
    with pytest.raises(IllegalAction, match="A steppe area must start next to the camel path "
                                            "or next to a steppe bonus square"):
        st.apply(PlaceTile("steppe", (0, 6)), p)


def test_stone_starts_anywhere():
    st, p, _, _ = setup("stone1")
    assert set(st.tile_targets("stone", p)) == EMPTY


def test_any_kind_may_start_next_to_an_uncontrolled_area_of_its_kind():
    st, p, _, _ = setup("steppe2")
    scenario.put_area(st, "steppe", [(7, 6), (8, 6)])  # uncontrolled, away from path/bonus
    targets = st.tile_targets("steppe", p)
    assert targets[(6, 6)] == "start" and targets[(7, 5)] == "start"
    st.apply(PlaceTile("steppe", (6, 6)), p)
    a = area_at(st, (6, 6))
    assert st.a_owner[a] == p and st.a_size[a] == 3
    assert area_at(st, (8, 6)) == a

    st, p, _, _ = setup("oasis2")
    scenario.put_area(st, "oasis", [(5, 3)])  # interior, uncontrolled
    assert st.tile_targets("oasis", p)[(6, 3)] == "start"
    st.apply(PlaceTile("oasis", (6, 3)), p)
    assert st.a_size[area_at(st, (5, 3))] == 2


def test_tiles_go_only_on_empty_placement_cells():
    st, p, _, _ = setup("stone1")
    for cell, words in (((4, 2), "Only camels go on the camel path"),
                        ((2, 4), "outside the play area"),
                        ((7, 4), "already holds a bonus square"),
                        ((9, 0), "off the board"),
                        ("a1", "cell must be tuple")):
        with pytest.raises(IllegalAction, match=words):
            st.apply(PlaceTile("stone", cell), p)
    with pytest.raises(IllegalAction, match="Stone ×1 places stone tiles"):
        st.apply(PlaceTile("oasis", (0, 0)), p)
    st.apply(PlaceTile("stone", (0, 0)), p)
    assert st.current is None


# --- extending and the forbidden placements ------------------------------------------------

def test_extending_uses_no_marker():
    st, p, _, _ = setup("oasis2")
    st.apply(PlaceTile("oasis", (0, 3)), p)
    assert len(st.markers[p]) == 1
    assert st.tile_targets("oasis", p)[(1, 3)] == "extend"
    with pytest.raises(IllegalAction, match="extends your area: no marker moves"):
        st.apply(PlaceTile("oasis", (1, 3), "none"), p)
    events = st.apply(PlaceTile("oasis", (1, 3)), p)
    assert len(st.markers[p]) == 1
    placed = [e for e in events if e.kind == "tile_placed"][0]
    assert placed.data["mode"] == "extend" and placed.data["size"] == 2
    assert not [e for e in events if e.kind.startswith("marker")]


def test_no_tile_next_to_another_players_area_of_its_kind():
    st, p, q, _ = setup("oasis2")
    scenario.put_area(st, "oasis", [(0, 3)], q)
    targets = st.tile_targets("oasis", p)
    assert (0, 2) not in targets and (1, 3) not in targets and (0, 4) not in targets
    assert (1, 4) in targets  # diagonal to the other area: allowed
    with pytest.raises(IllegalAction, match="may not touch another player's oasis area"):
        st.apply(PlaceTile("oasis", (0, 4)), p)
    st.apply(PlaceTile("oasis", (1, 4)), p)
    assert st.a_owner[area_at(st, (1, 4))] == p


def test_other_kinds_may_touch_anyones_areas():
    st, p, q, _ = setup("stone1")
    scenario.put_area(st, "oasis", [(0, 3)], q)
    scenario.put_area(st, "steppe", [(1, 3)], p)
    st.apply(PlaceTile("stone", (0, 2)), p)
    assert st.a_owner[area_at(st, (0, 2))] == p


def test_no_tile_joins_two_own_areas():
    st, p, _, _ = setup("oasis2")
    scenario.put_area(st, "oasis", [(0, 2)], p)
    scenario.put_area(st, "oasis", [(0, 4)], p)
    assert (0, 3) not in st.tile_targets("oasis", p)
    with pytest.raises(IllegalAction, match="would join two of your oasis areas"):
        st.apply(PlaceTile("oasis", (0, 3)), p)


# --- absorbing -----------------------------------------------------------------------------

def test_uncontrolled_land_and_bonus_squares_join_the_new_tiles_area():
    st, p, _, _ = setup("oasis2")
    scenario.put_area(st, "oasis", [(8, 1)], p)
    bonus_area = area_at(st, (7, 2))
    assert st.a_owner[bonus_area] == -1
    scenario.put_area(st, "oasis", [(6, 1), (6, 0)])  # uncontrolled
    events = st.apply(PlaceTile("oasis", (7, 1)), p)
    a = area_at(st, (7, 1))
    assert area_at(st, (7, 2)) == a == area_at(st, (6, 0)) == area_at(st, (8, 1))
    assert st.a_size[a] == 5 and st.a_owner[a] == p
    assert st.a_size[bonus_area] == 0
    placed = [e for e in events if e.kind == "tile_placed"][0]
    assert len(placed.data["absorbed"]) == 2
    assert sorted(map(tuple, placed.data["cells"])) == [(6, 0), (6, 1), (7, 1), (7, 2), (8, 1)]


def test_a_marker_cannot_claim_uncontrolled_land_without_a_tile():
    st, p, _, _ = setup("oasis2")
    scenario.put_area(st, "oasis", [(0, 5), (0, 6)])
    # Starting elsewhere never touches the uncontrolled area: it stays nobody's.
    st.apply(PlaceTile("oasis", (8, 6)), p)
    assert st.a_owner[area_at(st, (0, 5))] == -1


# --- control markers -----------------------------------------------------------------------

def test_an_unused_marker_must_go_on_the_new_area():
    st, p, _, _ = setup("oasis2")
    scenario.put_area(st, "stone", [(8, 0)], p)
    with pytest.raises(IllegalAction, match="unused control marker"):
        st.apply(PlaceTile("oasis", (0, 0), "none"), p)
    with pytest.raises(IllegalAction, match="unused control marker"):
        st.apply(PlaceTile("oasis", (0, 0), (8, 0)), p)
    events = st.apply(PlaceTile("oasis", (0, 0)), p)
    assert st.markers[p] == [cell_of(st, (8, 0)), cell_of(st, (0, 0))]
    assert [e.kind for e in events if e.kind.startswith("marker")] == ["marker_placed"]
    assert st.view(p)["players"][p]["markers_left"] == 2


def four_markers(st, p):
    for cell in ((0, 0), (8, 0), (0, 6), (8, 6)):
        scenario.put_area(st, "stone", [cell], p)


def test_with_four_markers_in_use_move_one_or_leave_the_new_area_uncontrolled():
    st, p, q, _ = setup("oasis2")
    four_markers(st, p)
    starts = [a for a in st.legal_actions(p) if a.cell == (0, 3)]
    assert {a.marker_from for a in starts} == {"none", (0, 0), (8, 0), (0, 6), (8, 6)}
    with pytest.raises(IllegalAction, match="All your control markers are in use"):
        st.apply(PlaceTile("oasis", (0, 3)), p)
    with pytest.raises(IllegalAction, match="no control marker at that cell"):
        st.apply(PlaceTile("oasis", (0, 3), (1, 1)), p)
    st.apply(PlaceTile("oasis", (0, 3), "none"), p)
    assert st.a_owner[area_at(st, (0, 3))] == -1
    assert len(st.markers[p]) == 4
    # Move the marker from the stone at (8, 6): that area becomes uncontrolled.
    old = area_at(st, (8, 6))
    events = st.apply(PlaceTile("oasis", (8, 3), (8, 6)), p)
    assert st.a_owner[old] == -1 and st.a_marker[old] == -1
    assert st.a_owner[area_at(st, (8, 3))] == p
    assert cell_of(st, (8, 3)) in st.markers[p] and cell_of(st, (8, 6)) not in st.markers[p]
    moved = [e for e in events if e.kind == "marker_moved"][0]
    assert moved.data["src"] == [8, 6] and moved.data["dst"] == [8, 3]


def test_abandoned_land_goes_to_whoever_builds_next_to_it():
    st, p, q, _ = setup("oasis2")
    four_markers(st, p)
    st.apply(PlaceTile("oasis", (8, 3), (8, 6)), p)  # p abandons the stone at (8, 6)
    st.apply(PlaceTile("oasis", (8, 4)), p)
    scenario.start_carrying(st, q, ["stone1"])
    targets = st.tile_targets("stone", q)
    assert targets[(7, 6)] == "start"
    st.apply(PlaceTile("stone", (7, 6)), q)
    a = area_at(st, (8, 6))
    assert area_at(st, (7, 6)) == a and st.a_owner[a] == q and st.a_size[a] == 2


def test_tiles_of_a_taken_card_must_be_placed():
    st, p, _, _ = setup("steppe2")
    assert all(isinstance(a, PlaceTile) for a in st.legal_actions(p))
    with pytest.raises(IllegalAction, match="camel card"):
        st.apply(IgnoreCard(), p)
    st.apply(PlaceTile("steppe", (3, 3)), p)
    assert st.current == "steppe2" and st.left == 1
    st.apply(PlaceTile("steppe", (3, 4)), p)
    assert st.current is None and st.phase == "choose"


def test_single_cell_check_agrees_with_the_fast_scan():
    from game.games.oasis.engine import placement
    st, p, q, r = setup("oasis2")
    scenario.put_area(st, "oasis", [(0, 3), (1, 3)], q)
    scenario.put_area(st, "oasis", [(0, 5)], p)
    scenario.put_area(st, "oasis", [(0, 0)], p)
    scenario.put_area(st, "steppe", [(5, 2), (5, 3)], r)
    scenario.put_area(st, "oasis", [(5, 5)])
    for k in (1, 2, 3):
        for who in (p, q, r):
            fast = dict(placement.tile_options(st, k, who))
            for c in range(st.board.size):
                mode, reason = placement.tile_mode(st, k, c, who)
                assert (mode is not None) == (c in fast), (k, who, st.board.xy[c], reason)
                if mode is not None:
                    assert (mode == "start") == fast[c]
