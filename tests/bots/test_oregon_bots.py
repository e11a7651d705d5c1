"""Oregon computer players: legal, deterministic, view-only, sensible, and normal beats easy.

Hand-made positions use ``positions.TEST_BOARD`` (columns settlers A-C, wagon D-F,
campfire G-I, bison J-L, eagle M-O; rows eagle 1-2, bison 3-4, campfire 5-6, wagon 7-8,
settlers 9-10).  Seats: 0 yellow (the bot), 1 blue, 2 green, 3 red.
"""

from __future__ import annotations

import random

import pytest

from game.games.oregon.bots.normal import NormalBot, bench_normal_decisions, make, sample_positions
from game.games.oregon.engine import (
    DiscardDead,
    PlaceBuilding,
    PlaceFarmer,
    UseExtraTurn,
    preview,
)
from game.games.oregon.engine.positions import (
    blank_position,
    card_of,
    give_hand,
    put_building,
    put_farmer,
    scrambled,
)
from game.games.oregon.engine.state import OregonState

GAME = "oregon"
ME, BLUE, GREEN, RED = range(4)


def decide(st: OregonState, seed: int = 1, seat: int = ME):
    return NormalBot(seed).choose(st.view(seat), st.legal_actions(seat))


# --- legal and complete games ---------------------------------------------------------------
def test_both_levels_pick_from_legal_in_every_phase():
    phases = set()
    for view, legal in sample_positions(150, seed=5):
        phases.add(view["phase"])
        for level in ("easy", "normal"):
            assert make(level, 9).choose(view, legal) in legal
    assert phases >= {"start_tile", "play", "extra_turn", "draw"}


# --- views only -----------------------------------------------------------------------------
def test_decisions_ignore_other_players_secrets(play_game):
    seen = 0

    def check(state, p, view, legal, action):
        nonlocal seen
        if state.turn % 3 or state.phase not in ("play", "draw"):
            return
        other = scrambled(state, p, random.Random(state.turn))
        if other.hands == state.hands and other.deck == state.deck:
            return
        seen += 1
        other_view = other.view(p)
        assert other_view == view
        assert other.legal_actions(p) == legal
        for level in ("easy", "normal"):
            assert make(level, 5).choose(other_view, legal) == make(level, 5).choose(view, legal)

    play_game(["normal", "easy", "normal"], 21, check)
    assert seen >= 10


# --- normal plays sensibly ------------------------------------------------------------------
def spent_joker(st: OregonState, seat: int = ME) -> OregonState:
    st.joker[seat] = False
    return st


def test_normal_takes_a_church_worth_9_over_nothing():
    st = spent_joker(blank_position(4, current=ME))
    for cell in ((0, 8), (2, 8), (0, 9)):
        put_farmer(st, ME, cell)
    church = card_of("church")
    give_hand(st, ME, [card_of("settlers"), card_of("eagle"), card_of("eagle", 1), church])
    action = decide(st)
    assert action == PlaceBuilding((card_of("settlers"), church), (1, 8))
    assert preview(st, action)["players"][ME]["points"] == 9


def test_normal_avoids_a_building_that_pays_an_opponent_more():
    st = spent_joker(blank_position(4, current=ME))
    put_farmer(st, ME, (0, 8))
    for cell in ((0, 7), (1, 7), (2, 7)):
        put_farmer(st, BLUE, cell)
    post = card_of("post_office")
    give_hand(st, ME, [card_of("settlers"), card_of("eagle"), card_of("eagle", 1), post])
    feeding = PlaceBuilding((card_of("settlers"), post), (1, 8))
    assert feeding in st.legal_actions()
    shown = preview(st, feeding)["players"]
    assert shown[BLUE]["points"] > shown[ME]["points"] > 0
    action = decide(st)
    assert action != feeding
    got = preview(st, action)["players"]
    assert all(got[q]["points"] <= got[ME]["points"] for q in range(4))


def test_normal_takes_the_group_bonus():
    st = spent_joker(blank_position(4, current=ME))
    put_farmer(st, ME, (8, 0))
    put_farmer(st, ME, (9, 0))
    give_hand(st, ME, [card_of("eagle"), card_of("bison"), card_of("settlers"),
                       card_of("station")])
    action = decide(st)
    assert isinstance(action, PlaceFarmer)
    assert preview(st, action)["players"][ME]["group_bonus"] == 5


def test_normal_does_not_chase_a_group_already_scored():
    st = spent_joker(blank_position(4, current=ME))
    for cell in ((8, 0), (9, 0), (8, 1)):
        put_farmer(st, ME, cell)
    st.marked[ME] = st.farmers[ME]
    put_building(st, "post_office", (11, 3))
    give_hand(st, ME, [card_of("eagle"), card_of("bison"), card_of("bison", 1),
                       card_of("station")])
    action = decide(st)
    # the post office pays 3 next to it; extending the scored group pays nothing
    assert preview(st, action)["players"][ME]["points"] >= 3


def test_normal_discards_dead_building_cards():
    positions = [(v, legal) for v, legal in sample_positions(400, seed=17)
                 if any(isinstance(a, DiscardDead) for a in legal)]
    assert positions
    for view, legal in positions:
        assert isinstance(make("normal", 1).choose(view, legal), DiscardDead)


def test_normal_uses_the_extra_turn_for_a_good_play():
    st = spent_joker(blank_position(4, current=ME))
    put_building(st, "harbour", (3, 1))
    put_building(st, "post_office", (3, 3))
    give_hand(st, ME, [card_of("bison"), card_of("wagon"), card_of("settlers"),
                        card_of("station")])
    st.apply(PlaceBuilding((card_of("settlers"), card_of("station")), (0, 7)))
    assert st.phase == "extra_turn"
    # bison x wagon reaches D3, beside the harbour and the post office: +7
    assert decide(st) == UseExtraTurn()


def test_normal_does_not_end_the_game_when_behind():
    st = spent_joker(blank_position(2, current=ME))
    st.farmers_left[ME] = 1
    st.score[BLUE] = 40
    put_building(st, "post_office", (9, 6))
    give_hand(st, ME, [card_of("wagon"), card_of("campfire"), card_of("settlers"),
                       card_of("station")])
    legal = st.legal_actions()
    assert any(isinstance(a, PlaceFarmer) for a in legal)
    assert any(isinstance(a, PlaceBuilding) for a in legal)
    assert not isinstance(decide(st), PlaceFarmer)
    st.score[BLUE] = 0
    st.score[ME] = 40
    assert isinstance(decide(st), PlaceFarmer)


# --- strength and speed ---------------------------------------------------------------------
@pytest.mark.parametrize(("players", "games"), [(4, 40), (3, 30), (2, 40)])
def test_normal_beats_easy(players, games, normal_win_share):
    levels = ["normal"] + ["easy"] * (players - 1)
    # an even share would be 1 / players; the easy bot's slips leave normal well above it
    assert normal_win_share(levels, range(1, games + 1)) >= 1 / players + 0.15


def test_the_decision_bench_times_every_position():
    # How fast is measured by tools/bench.py (oregon.bot_normal), not by a timed test
    times = bench_normal_decisions(20)
    assert len(times) == 20 and all(t >= 0 for t in times)
