"""Colorado County computer players: legal, deterministic, view-only, sensible, and normal
beats easy.

Hand-made positions use the first-game lakes (value 8 on G6-I7, value 4 on C8-D9, ...).
Seats: 0 orange (the bot), 1 brown, 2 red, 3 black.  Card ids: red 0-11, green 12-23,
orange 24-35, blue 36-47; in each colour the first two have one star, the next two have
their stars side by side.
"""

from __future__ import annotations

import random

from game.games.colorado.bots.evaluation import Position
from game.games.colorado.bots.normal import (
    NormalBot,
    bench_normal_decisions,
    make,
    sample_positions,
)
from game.games.colorado.engine import (
    Bid,
    ColoradoState,
    GiveCowboy,
    PlaceFlag,
    SaleBid,
    new_game,
)

GAME = "colorado"
ME, BROWN, RED, BLACK = range(4)
RED_ONE, RED_PAIR = 0, 2
GREEN_ONE, BLUE_ONE = 12, 36


# --- legal and complete games ---------------------------------------------------------------
def test_both_levels_choose_legally_in_every_phase():
    phases = set()
    for view, legal in sample_positions(250, seed=5):
        phases.add(view["phase"])
        for level in ("easy", "normal"):
            action = make(level, 9).choose(view, legal)
            if isinstance(action, (Bid, SaleBid)):
                assert set(action.cowboys) <= set(view["my_cowboys"])
            else:
                assert action in legal
    assert phases >= {"flags", "offer", "interest", "bid", "take"}


# --- views only -----------------------------------------------------------------------------
def scrambled(st: ColoradoState, viewer: int, seed: int) -> ColoradoState:
    """A copy whose secrets hidden from ``viewer`` differ: the others' cowboy numbers (same
    counts) and the bag, the deck orders, the others' face-down flag colours."""
    rng = random.Random(seed)
    c = st.clone()
    others = [q for q in range(st.num_players) if q != viewer]
    pool = list(c.bag)
    for q in others:
        pool += c.hands[q]
    rng.shuffle(pool)
    for q in others:
        c.hands[q] = sorted(pool.pop() for _ in range(len(c.hands[q])))
    c.bag = pool
    for d in c.decks:
        rng.shuffle(d)
    rng.shuffle(c.round_deck)
    if not c.flags_up:
        hidden = [i for i, (_, p) in c.flags.items() if p != viewer]
        colours = [c.flags[i][0] for i in hidden]
        for q in others:
            colours += c.flag_hands[q]
        rng.shuffle(colours)
        for i in hidden:
            c.flags[i] = (colours.pop(), c.flags[i][1])
        for q in others:
            c.flag_hands[q] = sorted((colours.pop() for _ in c.flag_hands[q]),
                                     key=("red", "green", "orange", "blue").index)
    return c


def test_decisions_ignore_other_players_secrets(play_game):
    seen = 0
    step = 0

    def check(state, p, view, legal, action):
        nonlocal seen, step
        step += 1
        if step % 4:
            return
        other = scrambled(state, p, seed=step)
        if other.hands == state.hands:
            return
        seen += 1
        other_view = other.view(p)
        assert other_view == view
        assert other.legal_actions(p) == legal
        for level in ("easy", "normal"):
            assert make(level, 5).choose(other_view, legal) == make(level, 5).choose(view, legal)

    play_game(["normal", "easy", "normal", "easy"], 21, check)
    assert seen >= 30


# --- hand-made positions --------------------------------------------------------------------
def take_position(cubes: dict[int, list[tuple[int, int]]], flags: dict[tuple[int, int], str],
                  cards: list[int], queue=(ME, BROWN, RED)) -> ColoradoState:
    """Four players, round 1, ``ME`` to take one of ``cards``."""
    st = new_game(4, 1)
    for p, cells in cubes.items():
        for x, y in cells:
            st._set_cube(y * 15 + x, p, [])
    st.flags = {y * 15 + x: (colour, BROWN) for (x, y), colour in flags.items()}
    st.flags_up = True
    st.flag_hands = [[] for _ in range(4)]
    st.flag_queue = []
    st.revealed = list(cards)
    st.round_deck = st.round_deck[:6]
    st.take_queue = list(queue)
    st.phase = "take"
    return st


def decide(st: ColoradoState, seat: int = ME):
    return NormalBot(1).choose(st.view(seat), st.legal_actions(seat))


def test_normal_makes_a_double_rather_than_a_lone_cube():
    st = take_position({ME: [], BROWN: [(0, 9)]}, {(10, 3): "red", (4, 1): "green"},
                       [RED_PAIR, GREEN_ONE, BLUE_ONE])
    action = decide(st)
    assert action.card_id == RED_PAIR and len(action.cubes) == 2
    (ax, ay), (bx, by) = action.cubes
    assert abs(ax - bx) + abs(ay - by) == 1


def test_normal_takes_the_card_that_wins_a_lake():
    # green flag on a field of the value-8 lake, blue flag in the open
    st = take_position({ME: [(13, 8)], BROWN: [(0, 0)]}, {(5, 5): "green", (11, 9 - 6): "blue"},
                       [GREEN_ONE, BLUE_ONE])
    action = decide(st)
    assert action.card_id == GREEN_ONE and action.cubes == ((5, 5),)


def test_normal_joins_its_domain_and_borders():
    mine = [(0, 4), (0, 5), (0, 6)]
    st = take_position({ME: mine, BROWN: [(14, 0)]}, {(1, 5): "red", (10, 4): "blue"},
                       [RED_ONE, BLUE_ONE])
    action = decide(st)
    assert action.card_id == RED_ONE and action.cubes == ((1, 5),)


def test_normal_gives_its_lowest_cowboy():
    for view, legal in sample_positions(600, seed=23):
        if view["phase"] == "give":
            assert NormalBot(1).choose(view, legal) == GiveCowboy(min(view["my_cowboys"]))


def test_normal_bids_nothing_for_cards_it_cannot_use():
    st = take_position({ME: [(3, 4)], BROWN: [(9, 9)]}, {(10, 3): "red"},
                       [GREEN_ONE, BLUE_ONE, GREEN_ONE + 1])
    st.take_queue = []
    st.phase = "bid"
    st.bids = [None] * 4
    assert decide(st) == Bid(())


def bid_position(rival_cowboys: int) -> ColoradoState:
    """Round 1, everyone to bid for a red card that makes ``ME`` a double beside its cube;
    ``ME`` holds six cowboys, each rival ``rival_cowboys``."""
    st = take_position({ME: [(9, 3)], BROWN: [(0, 9)]}, {(10, 3): "red"},
                       [RED_PAIR, GREEN_ONE, BLUE_ONE])
    st.take_queue = []
    st.phase = "bid"
    st.bids = [None] * 4
    mine = [5, 20, 30, 40, 50, 60]
    rest = [c for c in [*(c for h in st.hands for c in h), *st.bag] if c not in mine]
    st.hands = [mine] + [rest[k * rival_cowboys:(k + 1) * rival_cowboys] for k in range(3)]
    st.bag = rest[3 * rival_cowboys:]
    return st


def test_normal_expects_rivals_with_more_cowboys_to_bid_more():
    """Rivals with two cowboys bid at most two: three take the first pick.  Rivals with
    twelve mostly bid three or more, so three cowboys would buy little there: worth less
    than bidding nothing, and it bids its whole hand for the card."""
    small, large = bid_position(2), bid_position(12)
    assert decide(small) == Bid((5, 20, 30))
    assert decide(large) == Bid((5, 20, 30, 40, 50, 60))
    view = large.view(ME)
    values = dict((b, v) for v, b in NormalBot(1).rank_bids(Position(view), view["my_cowboys"]))
    assert values[(5, 20, 30)] < values[()]


def test_normal_flags_near_its_own_land():
    st = new_game(4, 1)
    for lake in st.lakes:  # black holds every lake safely
        for i in lake.fields[:2]:
            st._set_cube(i, BLACK, [])
    mine = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1)]
    theirs = [(14, 9), (13, 9), (12, 9), (14, 8)]
    for p, cells in ((ME, mine), (BROWN, theirs)):
        for x, y in cells:
            st._set_cube(y * 15 + x, p, [])
    st.flag_queue = [ME] + st.flag_queue[1:]
    action = decide(st)
    assert isinstance(action, PlaceFlag)
    fx, fy = action.cell
    near_me = min(abs(fx - x) + abs(fy - y) for x, y in mine)
    near_them = min(abs(fx - x) + abs(fy - y) for x, y in theirs)
    assert near_me <= 2 < near_them


# --- strength and speed ---------------------------------------------------------------------
def test_normal_beats_easy(normal_win_share):
    levels = ["normal", "easy", "easy", "easy"]
    assert normal_win_share(levels, range(1, 25)) >= 0.45


def test_the_decision_bench_times_every_position():
    # How fast is measured by tools/bench.py (colorado.bot_normal), not by a timed test
    times = bench_normal_decisions(20)
    assert len(times) == 20 and all(t >= 0 for t in times)
