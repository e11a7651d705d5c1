"""Colorado County's and Oasis' listings made with fewer calls give exactly what the plain
ones give: flags, bids, the cells of an Oasis mask, and the seats named in events."""

from __future__ import annotations

import json
import random

import pytest

from game.engine.messages import P
from game.games.colorado.engine import Bid, PlaceFlag, SaleBid, new_game
from game.games.colorado.engine.actions import new_bids
from game.games.colorado.engine.bidding import bid_options
from game.games.colorado.engine.cards import FLAG_COLOURS
from game.games.colorado.engine.events import cell_arg, who
from game.games.colorado.engine.grid import NUM_CELLS, cell_name, xy
from game.games.oasis.engine import new_game as new_oasis
from game.games.oasis.engine.cards import PLAYER_NAMES as OASIS_NAMES
from game.games.oasis.engine.events import seat
from game.games.oasis.engine.geometry import OasisBoard


def plain_flags(state, player):
    cells = state.flag_cells()
    return [PlaceFlag(c, xy(i)) for c in FLAG_COLOURS if c in state.flag_hands[player]
            for i in cells]


def test_flags_listed_are_those_of_the_plain_listing_to_the_last_free_cell():
    rng = random.Random(2)
    checked, fewest = 0, NUM_CELLS
    for g in range(6):
        state = new_game(3 + g % 2, 40 + g)
        if g % 2:  # a crowded board: few free cells, down to one or none
            for i in rng.sample(range(NUM_CELLS), NUM_CELLS - 8):
                if state.lakemap.lake_at[i] < 0:
                    state._set_cube(i, rng.randrange(state.num_players), [])
        while not state.is_over():
            p = state.to_act()[0]
            legal = state.legal_actions(p)
            if state.phase == "flags":
                assert legal == plain_flags(state, p)
                checked += 1
                fewest = min(fewest, len(state.flag_cells()))
            state.apply(rng.choice(legal), p)
    assert checked > 100
    assert fewest == 1  # the listing of a single free cell was checked too


def test_bids_listed_are_the_plain_bids_each_its_own_object():
    rng = random.Random(6)
    for _ in range(300):
        hand = rng.sample(range(1, 67), rng.randrange(0, 20))
        for cls, at_least_one in ((Bid, False), (SaleBid, True)):
            options = bid_options(hand, at_least_one)
            made = new_bids(cls, options)
            assert made == [cls(b) for b in options]
            assert all(type(a) is cls for a in made)
            assert len({id(a) for a in made}) == len(made)
            assert [a.to_json() for a in made] == [cls(b).to_json() for b in options]


def test_seats_and_cells_in_messages_are_the_plain_arguments():
    for p in range(4):
        assert who(p) == P(p, ("Orange", "Brown", "Red", "Black")[p])
        assert who(p) is who(p)  # made once per seat
    for p in range(len(OASIS_NAMES)):
        assert seat(p) == P(p, OASIS_NAMES[p])
    assert who(-1) == P(-1, "Black") and seat(-1) == P(-1, OASIS_NAMES[-1])
    for i in (0, 17, NUM_CELLS - 1):
        assert cell_arg(i) == cell_name(i) == cell_name(xy(i))
    assert cell_arg((3, 4)) == "D5"


def test_shared_seat_arguments_read_the_same_in_every_event_after_json():
    state = new_game(4, 3)
    rng = random.Random(1)
    events = list(state.setup_events())
    for _ in range(120):
        p = state.to_act()[0]
        events += state.apply(rng.choice(state.legal_actions(p)), p)
    for e in events:
        back = json.loads(json.dumps(e.args))
        assert back == e.args
        if "player" in e.args:
            assert e.args["player"] == P(e.player if e.player is not None
                                         else e.args["player"]["p"], e.args["player"]["name"])


@pytest.mark.parametrize("bits", [0, 1, 2, 6, 7, 40, 221])
def test_the_cells_of_sparse_and_dense_oasis_masks_in_order(bits):
    board = OasisBoard.from_map("oasis")
    rng = random.Random(bits)
    for _ in range(200):
        cells = sorted(rng.sample(range(board.size), bits))
        mask = sum(1 << c for c in cells)
        assert board.cells_of(mask) == cells


def test_an_oasis_game_lists_the_same_cells_whatever_the_mask_reading():
    st = new_oasis(4, 8)
    rng = random.Random(8)
    while not st.is_over():
        p = st.to_act()[0]
        for a in range(len(st.a_reach)):
            mask = st.a_reach[a] & ~st.empty_bits
            assert st.board.cells_of(mask) == [c for c in range(st.board.size) if mask >> c & 1]
        st.apply(rng.choice(st.legal_actions(p)), p)
