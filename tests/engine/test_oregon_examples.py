"""The five worked scoring examples of the Oregon rules, each on a constructed position.

Board: ``positions.TEST_BOARD`` (columns settlers A-C, wagon D-F, campfire G-I, bison J-L,
eagle M-O; rows eagle 1-2, bison 3-4, campfire 5-6, wagon 7-8, settlers 9-10).
Seats: 0 yellow, 1 blue, 2 green, 3 red.
"""

from __future__ import annotations

from game.games.oregon.engine import PlaceBuilding, PlaceFarmer, preview
from game.games.oregon.engine.phases import Phase
from game.games.oregon.engine.positions import (
    blank_position,
    card_of,
    give_hand,
    put_building,
    put_farmer,
)

YELLOW, BLUE, GREEN, RED = range(4)


def farmer_cards(st, cell, nth=(0, 1)):
    """Two landscape cards whose areas contain ``cell``."""
    row, col = st.board.symbols_at(cell)
    return (card_of(row, nth[0]), card_of(col, nth[1]))


def scored(events, player):
    return [(e.data["reason"], e.data["amount"]) for e in events
            if e.kind == "scored" and e.player == player]


def test_example_1_gold_mine_post_office_and_church():
    st = blank_position(4, current=RED)
    put_building(st, "gold_mine", (4, 1))
    put_building(st, "post_office", (5, 1))
    put_building(st, "church", (3, 3))
    put_farmer(st, BLUE, (2, 3))  # beside the church
    put_farmer(st, GREEN, (3, 4))  # beside the church
    cards = farmer_cards(st, (4, 2))
    give_hand(st, RED, [*cards, card_of("eagle"), card_of("harbour")])
    action = PlaceFarmer(cards, (4, 2))
    assert action in st.legal_actions()
    shown = preview(st, action)
    events = st.apply(action)
    assert st.score[RED] == 6
    assert len(st.gold[RED]) == 1 and st.gold[RED][0] in (3, 4, 5)
    assert sorted(scored(events, RED)) == [("church", 3), ("post_office", 3)]
    assert shown["players"][RED] == {"points": 6, "coal": 0, "gold": 1, "joker": False,
                                     "extra": False, "group_bonus": 0}
    token = [e for e in events if e.kind == "drew_token"]
    assert len(token) == 1 and token[0].private_to == RED
    assert token[0].data["cell"] == [4, 1] and token[0].data["token"] == "gold"
    assert st.score[BLUE] == st.score[GREEN] == 0


def test_example_2_harbour_station_store_with_extra_turn_active_and_joker_spent():
    st = blank_position(4, current=RED)
    put_building(st, "harbour", (8, 3))
    put_building(st, "station", (7, 2))
    put_building(st, "store", (9, 2))
    st.joker[RED] = False
    st.extra[RED] = True
    cards = farmer_cards(st, (8, 2))
    give_hand(st, RED, [*cards, card_of("eagle"), card_of("church")])
    events = st.apply(PlaceFarmer(cards, (8, 2)))
    assert st.score[RED] == 6
    assert sorted(scored(events, RED)) == [("harbour", 4), ("station", 1), ("store", 1)]
    assert st.joker[RED] is True and st.extra[RED] is True
    flips = [e.data for e in events if e.kind == "token_flipped"]
    assert flips == [{"token": "joker", "active": True, "cell": [9, 2]}]
    assert st.phase == Phase.EXTRA_TURN  # the still active token may now be used


def test_example_3_group_bonus_new_group_joined_groups_and_extended_group():
    # a new group of 3 -> +5
    st = blank_position(4, current=YELLOW)
    put_farmer(st, YELLOW, (0, 6))
    put_farmer(st, YELLOW, (1, 6))
    cards = farmer_cards(st, (2, 6))
    give_hand(st, YELLOW, [*cards, card_of("eagle"), card_of("church")])
    events = st.apply(PlaceFarmer(cards, (2, 6)))
    assert st.score[YELLOW] == 5
    group = [e for e in events if e.kind == "scored"]
    assert len(group) == 1 and group[0].data["reason"] == "group"
    assert sorted(map(tuple, group[0].data["cells"])) == [(0, 6), (1, 6), (2, 6)]

    # ... extending that scored group -> 0
    st.phase, st.plays, st.extra_used = "play", 0, False
    cards = farmer_cards(st, (3, 6), nth=(2, 3))
    give_hand(st, YELLOW, [*cards, card_of("eagle"), card_of("church")])
    events = st.apply(PlaceFarmer(cards, (3, 6)))
    assert st.score[YELLOW] == 5
    assert not [e for e in events if e.kind == "scored"]

    # two unscored groups of 2 joined into a group of 5 -> +5
    st = blank_position(4, current=YELLOW)
    for cell in ((5, 8), (6, 8), (8, 8), (9, 8)):
        put_farmer(st, YELLOW, cell)
    cards = farmer_cards(st, (7, 8))
    give_hand(st, YELLOW, [*cards, card_of("eagle"), card_of("church")])
    assert preview(st, PlaceFarmer(cards, (7, 8)))["players"][YELLOW]["group_bonus"] == 5
    events = st.apply(PlaceFarmer(cards, (7, 8)))
    assert st.score[YELLOW] == 5
    assert len([e for e in events if e.kind == "scored"]) == 1


def test_example_4_church_scores_every_adjacent_farmer():
    st = blank_position(4, current=BLUE)
    put_farmer(st, RED, (0, 7))
    put_farmer(st, GREEN, (2, 7))
    put_farmer(st, BLUE, (0, 8))
    put_farmer(st, BLUE, (2, 9))
    land = card_of("settlers")  # (1, 8) lies in the settlers row and column bands
    give_hand(st, BLUE, [land, card_of("church"), card_of("eagle"), card_of("bison")])
    action = PlaceBuilding((land, card_of("church")), (1, 8))
    shown = preview(st, action)
    events = st.apply(action)
    assert (st.score[RED], st.score[GREEN], st.score[BLUE], st.score[YELLOW]) == (4, 4, 8, 0)
    assert [p["points"] for p in shown["players"]] == [0, 8, 4, 4]
    # scored in turn order from the active player: blue, green, red
    assert [e.player for e in events if e.kind == "scored"] == [BLUE, GREEN, RED]


def test_example_5_station_reactivates_extra_turn_tokens_per_player():
    st = blank_position(4, current=BLUE)
    put_farmer(st, BLUE, (6, 0))
    put_farmer(st, GREEN, (8, 0))
    put_farmer(st, GREEN, (8, 2))
    st.extra[BLUE] = False
    st.extra[GREEN] = False
    land = card_of("eagle")  # (7, 1): eagle row band
    give_hand(st, BLUE, [land, card_of("station"), card_of("bison"), card_of("wagon")])
    events = st.apply(PlaceBuilding((land, card_of("station")), (7, 1)))
    assert st.score[BLUE] == 1 and st.score[GREEN] == 2
    assert st.extra[BLUE] is True and st.extra[GREEN] is True
    flips = sorted((e.player, e.data["token"]) for e in events if e.kind == "token_flipped")
    assert flips == [(BLUE, "extra"), (GREEN, "extra")]
    # reactivated during this very turn: blue may use it now
    assert st.phase == Phase.EXTRA_TURN
