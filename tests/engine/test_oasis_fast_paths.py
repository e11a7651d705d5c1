"""The fast paths of the Oasis engine against plain reference versions kept here: the legal
placement scan (bit masks) and the legal action lists built from shared action tables must
give exactly what a straightforward scan of the board gives, in the same order, on many
positions of random games; the bit masks the state keeps must always match its cells."""

from __future__ import annotations

import random

import pytest

from game.games.oasis.engine import (
    BonusTile,
    PlaceTile,
    StopOffer,
    TurnCard,
    new_game,
    placement,
    scenario,
    scoring,
)
from game.games.oasis.engine import legal as legal_module
from game.games.oasis.engine.cards import CARDS, KIND_CODE, KIND_NAME, LAND_KINDS, MARKERS_EACH
from game.games.oasis.engine.state import OasisState

SMALL_BOARD = [
    ".........",
    ".s..=....",
    "....=..o.",
    "....=....",
    "..#.=..t.",
    "....=....",
    ".........",
]


# --- reference versions: a cell-by-cell scan and actions made afresh ------------------------
def reference_options(st, k, p):
    """``placement.tile_options`` as a scan of every empty cell's neighbours."""
    if st.supply[k] <= 0:
        return []
    out = []
    for c in st.empty:
        own, free, ok = -1, False, True
        for nb in st.board.nbrs[c]:
            if st.tiles[nb] != k:
                continue
            a = st.area[nb]
            o = st.a_owner[a]
            if o == -1:
                free = True
            elif o != p or own not in (-1, a):
                ok = False
                break
            else:
                own = a
        if not ok:
            continue
        if own != -1:
            out.append((c, False))
        elif free or st.board.start_ok[k][c]:
            out.append((c, True))
    return out


def reference_tile_actions(st, cls, k, p):
    kind, xy = KIND_NAME[k], st.board.xy
    out = []
    for c, start in reference_options(st, k, p):
        if not start or len(st.markers[p]) < MARKERS_EACH:
            out.append(cls(kind, xy[c]))
        else:
            out.append(cls(kind, xy[c], "none"))
            out += [cls(kind, xy[c], xy[m]) for m in st.markers[p]]
    return out


def reference_placements(st, p):
    """The tile actions of the player acting now (None when they place no tile now)."""
    if st.phase == "bonus":
        return [a for kind in LAND_KINDS
                for a in reference_tile_actions(st, BonusTile, KIND_CODE[kind], p)]
    if st.phase == "carry" and st.current and CARDS[st.current].effect == "tiles":
        return reference_tile_actions(st, PlaceTile, KIND_CODE[CARDS[st.current].what], p)
    return None


def reference_masks(st):
    empty = sum(1 << c for c in st.empty)
    reach = [0] * len(st.a_kind)
    for c in st.board.place_cells:
        a = st.area[c]
        if a != -1:
            for n in (c, *st.board.nbrs[c]):
                reach[a] |= 1 << n
    return empty, reach


def assert_masks_match(st):
    assert (st.empty_bits, st.a_reach) == reference_masks(st)
    live = {st.area[c] for c in st.board.place_cells if st.tiles[c]}
    for k in (1, 2, 3):
        assert sorted(st.kind_areas[k]) == sorted(a for a in live if st.a_kind[a] == k)


def assert_placements_match(st):
    for k in (1, 2, 3):
        for who in range(st.num_players):
            assert placement.tile_options(st, k, who) == reference_options(st, k, who)
            assert placement.has_tile_option(st, k, who) == bool(reference_options(st, k, who))
    if st.is_over():
        return
    p = st.to_act()[0]
    want = reference_placements(st, p)
    if want is not None:
        got = [a for a in st.legal_actions(p) if isinstance(a, (PlaceTile, BonusTile))]
        assert got == want  # same actions (field by field) in the same order


# --- tests ----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_placements_and_masks_match_the_reference_along_random_games(seed):
    rng = random.Random(seed)
    st = new_game(3 + seed % 3, seed)
    checked = 0
    while not st.is_over():
        p = st.to_act()[0]
        legal = st.legal_actions(p)
        if st.step() in ("place_tiles", "bonus") or rng.random() < 0.1:
            assert_placements_match(st)
            assert_masks_match(st)
            checked += 1
        # favour tiles and marker moves: the hard cases come late, with all markers out
        st.apply(rng.choice(legal), p)
    assert_masks_match(st)
    assert checked > 40


def test_every_marker_move_is_listed_in_marker_order_with_all_markers_out():
    st = new_game(3, 11, board_rows=SMALL_BOARD)
    p = st.order[0]
    scenario.start_carrying(st, p, ["oasis2"])
    for cells in ([(8, 6)], [(0, 6)], [(2, 6)]):
        scenario.put_area(st, "stone", cells, p)
    scenario.put_area(st, "oasis", [(0, 0)], p)  # extending it is possible too
    scenario.put_area(st, "oasis", [(8, 0)])      # uncontrolled: starts next to it
    assert len(st.markers[p]) == MARKERS_EACH
    legal = st.legal_actions(p)
    assert legal == reference_tile_actions(st, PlaceTile, KIND_CODE["oasis"], p)
    marker_cells = [st.board.xy[m] for m in st.markers[p]]
    at_7_0 = [a.marker_from for a in legal if a.cell == (7, 0)]
    assert at_7_0 == ["none", *marker_cells]
    assert [a.marker_from for a in legal if a.cell == (1, 0)] == [None]  # an extension
    assert_masks_match(st)


def test_masks_follow_merges_of_uncontrolled_land():
    st = new_game(3, 5, board_rows=SMALL_BOARD)
    p = st.order[0]
    scenario.start_carrying(st, p, ["oasis2"])
    scenario.put_area(st, "oasis", [(5, 2)])
    scenario.put_area(st, "oasis", [(6, 0)])
    assert_masks_match(st)
    st.apply(PlaceTile("oasis", (6, 2)), p)  # joins (5, 2) and the bonus square (7, 2)
    st.apply(PlaceTile("oasis", (6, 1)), p)  # and (6, 0) through (6, 1)
    a = st.area[st.board.index((6, 1))]
    assert st.a_size[a] == 5
    assert placement.area_cells(st, a) == [c for c in st.board.place_cells if st.area[c] == a]
    assert_masks_match(st)
    assert_placements_match(st)


def test_a_state_rebuilt_from_a_view_and_a_clone_have_matching_masks():
    rng = random.Random(4)
    st = new_game(4, 4)
    while not st.is_over() and len(st.history) < 200:
        p = st.to_act()[0]
        st.apply(rng.choice(st.legal_actions(p)), p)
        if len(st.history) % 25 == 0:
            for seat in (None, *range(st.num_players)):
                rebuilt = OasisState.state_from_view(st.view(seat), random.Random(1))
                assert_masks_match(rebuilt)
                assert_placements_match(rebuilt)
                assert vars(rebuilt).keys() == vars(st).keys()  # every field set
            copy = st.clone()
            assert_masks_match(copy)
            copy.apply(rng.choice(copy.legal_actions()), copy.to_act()[0])
            assert_masks_match(st)


def test_the_kept_legal_list_answers_only_for_the_state_that_made_it():
    st = new_game(3, 8)
    p = st.to_act()[0]
    listed = st.legal_actions(p)
    assert listed == [TurnCard()] and st.why_illegal(listed[0], p) is None
    listed.append(StopOffer())  # the caller's list is the caller's: no offer card yet
    assert st.why_illegal(StopOffer(), p) is not None
    st.apply(listed[0], p)
    listed = st.legal_actions(p)
    assert StopOffer() in listed and st.why_illegal(StopOffer(), p) is None
    scenario.start_carrying(st, p, ["camels2"])  # a new position: the kept list is gone
    assert st.why_illegal(listed[0], p) is not None
    legal = st.legal_actions(p)
    copy = st.clone()
    copy.apply(legal[0], p)
    assert copy.why_illegal(legal[0], p) is not None  # that cell now holds a camel
    assert st.why_illegal(legal[0], p) is None


def _table_tile_actions(st):
    """Every tile action the board's shared tables hold now (listed or not)."""
    out = []
    for key, table in st.board.action_cache.items():
        if type(key) is not tuple:
            continue
        if key[0] == "moves":  # the rows moving a marker, by its cell
            out += [a for row in table.values() for a in row if a is not None]
        elif key[0] in (PlaceTile, BonusTile):
            out += table
    return out


@pytest.mark.parametrize("seed", range(4))
def test_a_tile_action_is_recognised_as_listed_exactly_when_the_list_holds_that_object(seed):
    rng = random.Random(seed)
    st = new_game(3 + seed % 3, 20 + seed)
    checked = marked = 0
    while not st.is_over():
        p = st.to_act()[0]
        legal = st.legal_actions(p)
        if st.step() in ("place_tiles", "bonus") and rng.random() < 0.5:
            fresh = st.clone()  # no kept list, no masks yet: the recognition stands alone
            fresh.legal_memo = None
            listed = {id(a) for a in legal}
            for a in _table_tile_actions(st):
                assert legal_module.is_listed_tile(fresh, a, p) == (id(a) in listed), a
            for a in legal:
                copy = type(a)(*vars(a).values())  # an equal object is checked as usual
                assert not legal_module.is_listed_tile(fresh, copy, p)
                assert not legal_module.is_listed_tile(fresh, a, (p + 1) % st.num_players)
            checked += 1
            marked += len(st.markers[p]) == MARKERS_EACH
        st.apply(rng.choice(legal), p)
    assert checked > 10 and marked > 5  # lists with every marker out were among them


def test_a_listed_tile_action_is_applied_as_its_checked_copy_would_be():
    rng = random.Random(9)
    st = new_game(4, 31)
    applied = 0
    while not st.is_over():
        p = st.to_act()[0]
        legal = st.legal_actions(p)
        a = rng.choice(legal)
        if isinstance(a, (PlaceTile, BonusTile)):
            copy = st.clone()
            copy.legal_memo = None
            plain = type(a)(*vars(a).values())
            assert copy.refusal(plain, p) is None and copy.why_illegal(plain, p) is None
            want = copy.apply(plain, p)
            got = st.apply(a, p)
            assert [(e.kind, e.data, e.args) for e in got] == [(e.kind, e.data, e.args)
                                                                for e in want]
            assert copy.snapshot() == st.snapshot()
            applied += 1
        else:
            st.apply(a, p)
    assert applied > 50


def reference_points(st, p):
    """``scoring.player_total`` counted kind by kind with ``land_count``: points by category."""
    groups = scoring.camel_groups(st.board, st.camel_at, p)
    lands = {kind: scoring.land_count(st.a_kind, st.a_owner, st.a_size, p, KIND_CODE[kind])[0]
             for kind in LAND_KINDS}
    held = st.score_tiles[p]
    return scoring.score_breakdown(len(groups[0]) if groups else 0, held.get("goods", 0),
                                   lands, held)


@pytest.mark.parametrize("seed", range(3))
def test_a_players_points_so_far_are_those_counted_kind_by_kind(seed):
    rng = random.Random(seed)
    st = new_game(3 + seed, 60 + seed)
    scoring_kinds = set()
    while not st.is_over():
        for q in range(st.num_players):
            want = reference_points(st, q)
            assert scoring.player_total(st.board, st.camel_at, st.a_kind, st.a_owner,
                                        st.a_size, q, st.score_tiles[q]) == want["total"]
            scoring_kinds |= {kind for kind in LAND_KINDS if want[kind]}
        p = st.to_act()[0]
        st.apply(rng.choice(st.legal_actions(p)), p)
    assert scoring_kinds == set(LAND_KINDS)  # land of every kind counted on the way


def test_a_clone_starts_with_the_placement_options_of_its_position_and_keeps_its_own():
    rng = random.Random(12)
    st = new_game(3, 12)
    clones = 0
    while not st.is_over():
        p = st.to_act()[0]
        legal = st.legal_actions(p)
        if st.step() == "place_tiles":
            copy = st.clone()
            assert copy.options_memo == st.options_memo and copy.options_memo  # kept...
            assert copy.options_memo is not st.options_memo  # ...as a copy of its own
            copy.apply(rng.choice(copy.legal_actions(p)), p)  # the copy's tile...
            if not copy.is_over():
                copy.legal_actions(copy.to_act()[0])  # ...and its new options
            assert_placements_match(st)  # the source's options are still its own
            assert_placements_match(copy)
            clones += 1
        st.apply(rng.choice(legal), p)
    assert clones > 20
