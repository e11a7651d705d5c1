"""Oasis computer players: legal, deterministic, view-only, sensible, and normal beats easy.

Hand-made positions start from a seeded game on the standard map and are set up with
``game.games.oasis.engine.scenario``.  Seats: 0 red (the bot), 1 blue, 2 green, 3 yellow.
"""

from __future__ import annotations

import copy
import random

import pytest

from game.bots import make_bot
from game.games.oasis.bots.normal import NormalBot, bench_normal_decisions, make, sample_positions
from game.games.oasis.engine import (
    BonusTile,
    MoveCamel,
    PlaceCamel,
    PlaceTile,
    StopOffer,
    TakeOffer,
    TurnCard,
    new_game,
)
from game.games.oasis.engine.scenario import (
    _take_card,
    give_score_tiles,
    put_area,
    put_camels,
    start_bonus,
    start_carrying,
)
from game.games.oasis.engine.state import OasisState
from game.registry import GAMES

GAME = "oasis"
ME, BLUE, GREEN, YELLOW = range(4)


def decide(st: OasisState, seat: int = ME, seed: int = 1):
    return NormalBot(seed).choose(st.view(seat), st.legal_actions(seat))


# --- legal and complete games ---------------------------------------------------------------
SMALL_BOARD = [
    "....=....",
    ".o..=..t.",
    "....=....",
    "..#.=..s.",
    "....=....",
    ".s..=.t..",
    "....=....",
]


@pytest.mark.parametrize("rows", [SMALL_BOARD, ["=...=", "=.#.=", "=...="]])
def test_complete_games_on_small_boards(rows):
    for seed in (1, 2):
        st = GAMES["oasis"].new(3, seed, board_rows=rows)
        bots = [make_bot("oasis", lvl, seed + i) for i, lvl in enumerate(["normal", "easy", "normal"])]
        steps = 0
        while not st.is_over():
            p = st.to_act()[0]
            legal = st.legal_actions(p)
            action = bots[p].choose(st.view(p), legal)
            assert action in legal
            st.apply(action, p)
            steps += 1
            assert steps < 5000


def test_both_levels_pick_from_legal_in_every_step():
    steps = set()
    for view, legal in sample_positions(200, seed=5):
        steps.add(view["step"])
        for level in ("easy", "normal"):
            assert make(level, 9).choose(view, legal) in legal
    assert steps >= {"offer", "choose", "pick_card", "place_tiles", "place_camels", "bonus"}


# --- views only -----------------------------------------------------------------------------
def scrambled_view(view: dict, seed: int) -> dict:
    """The view with made-up secrets of the others: their score tile kinds (same counts)."""
    rng = random.Random(seed)
    other = copy.deepcopy(view)
    for q, entry in enumerate(other["players"]):
        if q == view["me"]:
            continue
        kinds = rng.choices(["goods", "springs", "horses", "ovoo"], k=entry["score_tile_count"])
        entry["score_tiles"] = {k: kinds.count(k) for k in ("goods", "springs", "horses", "ovoo")}
    return other


def test_decisions_ignore_other_players_secrets(play_game):
    seen = 0

    def check(state, p, view, legal, action):
        nonlocal seen
        if len(legal) < 2 or state.round % 2:
            return
        seen += 1
        other = scrambled_view(view, seed=seen)
        for level in ("easy", "normal"):
            assert make(level, 5).choose(other, legal) == make(level, 5).choose(view, legal)

    play_game(["normal", "easy", "normal"], 21, check)
    assert seen >= 20


def test_hidden_decks_do_not_change_the_view():
    """Offer decks and the draw deck reshuffled: the same view, so the same decisions."""
    state = GAMES["oasis"].new(4, 6)
    bots = [make_bot("oasis", "easy", i) for i in range(4)]
    for _ in range(60):
        p = state.to_act()[0]
        state.apply(bots[p].choose(state.view(p), state.legal_actions(p)), p)
    other = state.clone()
    pool = [c for d in other.offer_decks for c in d] + other.draw
    random.Random(3).shuffle(pool)
    for d in other.offer_decks:
        for k in range(len(d)):
            d[k] = pool.pop()
    other.draw = pool
    p = state.to_act()[0]
    assert other.view(p) == state.view(p)


# --- normal plays sensibly ------------------------------------------------------------------
def offers_on_table(seed: int, offers: dict[int, list[str]], chooser: int = ME) -> OasisState:
    """A 4-player game in the choosing phase with the given offers; ``chooser`` holds disc #1."""
    st = new_game(4, seed)
    st.disc = [2, 3, 4, 1]
    st.disc[st.disc.index(1)], st.disc[chooser] = st.disc[chooser], 1
    st.order = sorted(range(4), key=lambda q: st.disc[q])
    for q, cards in offers.items():
        for card in cards:
            _take_card(st, card)
        st.offers[q] = list(cards)
    st.phase = "choose"
    st.pos = 0
    return st


def test_normal_takes_the_offer_that_fits_its_areas():
    st = offers_on_table(1, {ME: ["draw3"], BLUE: ["oasis2", "spring1"], GREEN: ["horse1"],
                             YELLOW: ["camels2"]})
    put_area(st, "oasis", [(0, 5), (0, 6), (1, 6)], owner=ME)
    give_score_tiles(st, ME, springs=3)
    assert decide(st) == TakeOffer(BLUE)


def test_normal_takes_score_tiles_for_its_big_area():
    st = offers_on_table(2, {ME: ["draw3"], BLUE: ["goods1"], GREEN: ["ovoo2"],
                             YELLOW: ["horse1"]})
    put_area(st, "stone", [(5, 11), (6, 11), (6, 12), (5, 12), (4, 12)], owner=ME)
    assert decide(st) == TakeOffer(GREEN)


def test_normal_extends_its_scoring_area():
    st = new_game(4, 3)
    put_area(st, "oasis", [(0, 5), (0, 6), (1, 6)], owner=ME)
    give_score_tiles(st, ME, springs=4)
    put_area(st, "stone", [(5, 11), (6, 11), (6, 12)], owner=ME)
    put_area(st, "stone", [(11, 12), (12, 12), (12, 11)], owner=ME)
    put_area(st, "steppe", [(0, 2), (0, 3), (0, 4)], owner=ME)
    give_score_tiles(st, ME, horses=3, ovoo=3)
    start_carrying(st, ME, ["oasis2"])
    action = decide(st)
    assert isinstance(action, PlaceTile)
    assert st.tile_targets("oasis", ME)[action.cell] == "extend"


def test_normal_claims_a_bonus_square_with_a_spare_marker():
    st = new_game(4, 3)
    put_area(st, "oasis", [(0, 5), (0, 6), (1, 6)], owner=ME)
    give_score_tiles(st, ME, springs=4)
    start_carrying(st, ME, ["oasis2"])
    action = decide(st)
    assert isinstance(action, PlaceTile) and action.marker_from is None
    x, y = action.cell
    bonus = {(bx, by) for bx, by, kind in st.view(ME)["board"]["bonus"] if kind == "oasis"}
    assert {(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)} & bonus


def test_normal_moves_a_marker_from_its_weakest_area():
    st = new_game(4, 4)
    put_area(st, "stone", [(5, 11), (6, 11), (6, 12), (5, 12), (4, 12)], owner=ME)
    put_area(st, "oasis", [(0, 8)], owner=ME)
    put_area(st, "oasis", [(16, 8), (16, 9)], owner=ME)
    put_area(st, "steppe", [(0, 2), (0, 3)], owner=ME)
    give_score_tiles(st, ME, ovoo=4, springs=1, horses=1)
    start_carrying(st, ME, ["stone1"])
    action = decide(st)
    assert isinstance(action, PlaceTile)
    assert action.marker_from in (None, (0, 8))
    if action.marker_from is None:
        assert st.tile_targets("stone", ME)[action.cell] == "extend"


def test_normal_blocks_an_opponents_cramped_area():
    st = new_game(4, 5)
    put_area(st, "stone", [(0, 0), (1, 0), (0, 1)], owner=BLUE)  # can grow to (2, 0), (0, 2)
    give_score_tiles(st, BLUE, ovoo=6)
    for cells in ([(5, 11), (6, 11), (6, 12)], [(11, 12), (12, 12), (12, 11)],
                  [(0, 8), (1, 8), (0, 9)], [(16, 8), (16, 9), (15, 9)]):
        put_area(st, "steppe", cells, owner=ME)
    give_score_tiles(st, ME, horses=2)
    start_carrying(st, ME, ["oasis2"])
    action = decide(st)
    assert isinstance(action, PlaceTile)
    assert action.cell in {(2, 0), (0, 2)}


def test_normal_camels_extend_its_largest_group():
    st = new_game(4, 6)
    path = st.view(ME)["board"]["path"]
    group = [c for c in path if c[0] == 8 and c[1] >= 8]  # the stem of the Y
    put_camels(st, ME, [(8, 12), (8, 11)])
    give_score_tiles(st, ME, goods=3)
    start_carrying(st, ME, ["camels2"])
    action = decide(st)
    assert isinstance(action, PlaceCamel)
    assert action.cell in {(8, 10), (9, 11), (9, 10), (9, 9)} or action.cell in group


def test_normal_bonus_is_worth_something():
    st = new_game(4, 7)
    put_area(st, "oasis", [(0, 5), (0, 6), (1, 6)], owner=ME)
    for cells in ([(5, 11), (6, 11), (6, 12)], [(11, 12), (12, 12), (12, 11)],
                  [(0, 2), (0, 3), (0, 4)]):
        put_area(st, "stone", cells, owner=ME)
    give_score_tiles(st, ME, springs=5, ovoo=3)
    start_bonus(st, ME)
    action = decide(st)
    assert isinstance(action, BonusTile) and action.kind == "oasis"
    assert st.tile_targets("oasis", ME)[action.cell] == "extend"


def test_normal_moves_camels_to_join_its_groups():
    st = new_game(3, 8)
    path = [tuple(c) for c in st.view(ME)["board"]["path"]]
    stem = sorted((c for c in path if c[0] in (8, 9) and c[1] >= 7), key=lambda c: -c[1])
    put_camels(st, ME, stem[:2])
    spread = [c for c in path if c not in stem][:18]
    put_camels(st, ME, spread[::1][:18])
    give_score_tiles(st, ME, goods=4)
    start_carrying(st, ME, ["camels2"])
    action = decide(st)
    assert isinstance(action, MoveCamel)


def test_normal_offer_stops_or_turns_legally():
    for view, legal in sample_positions(120, seed=17):
        if view["phase"] == "offer":
            assert NormalBot(2).choose(view, legal) in (TurnCard(), StopOffer())


# --- strength and speed ---------------------------------------------------------------------
def test_normal_beats_easy(play_game):
    wins = 0
    games = 12
    for seed in range(games):
        levels = ["easy"] * 4
        seat = seed % 4
        levels[seat] = "normal"
        st = play_game(levels, 100 + seed)
        wins += st.winners() == [seat]
    assert wins >= games // 2  # an even field would give 3


def test_bench_normal_decisions_is_quick():
    times = bench_normal_decisions(60)
    assert len(times) == 60
    assert max(times) < 0.5
