"""Oregon rules, one at a time, on constructed positions (board: ``positions.TEST_BOARD``).

Seats: 0 yellow, 1 blue, 2 green, 3 red.  Cells are (x, y); see the board in positions.py.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from game.engine import save_files
from game.engine.core import IllegalAction
from game.games.oregon.engine import (
    ACTION_TYPES,
    DiscardDead,
    DiscardDrawn,
    DiscardNoPlacement,
    Draw,
    KeepCard,
    OregonState,
    PlaceBuilding,
    PlaceFarmer,
    PlaceStartTile,
    SkipExtraTurn,
    UseExtraTurn,
    action_for,
    new_game,
    preview,
)
from game.games.oregon.engine.cards import BUILDING_INDEX, COAL_VALUES, GOLD_VALUES
from game.games.oregon.engine.phases import Phase
from game.games.oregon.engine.positions import (
    TEST_BOARD,
    blank_position,
    card_of,
    give_hand,
    move_cards,
    put_building,
    put_farmer,
)

YELLOW, BLUE, GREEN, RED = range(4)


def cells(actions, cls=None, cards=None):
    return {a.cell for a in actions
            if (cls is None or isinstance(a, cls)) and (cards is None or a.cards == cards)}


def message(st, action):
    with pytest.raises(IllegalAction) as info:
        st.apply(action)
    return str(info.value)


def to_draw_phase(st, player, hand):
    """Put ``player`` at the start of their draw with ``hand``."""
    give_hand(st, player, hand)
    st.current = player
    st.phase = Phase.DRAW
    st.plays = 1
    st.drawn_any = False
    st.pending = -1


# --- setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_deals_cards_tokens_and_start_tiles(n):
    st = new_game(n, 11, **TEST_BOARD)
    assert st.phase == Phase.START_TILE and st.current == st.start_player
    for q in range(n):
        hand = st.hands[q]
        assert sum(c < 50 for c in hand) == 3 and sum(c >= 50 for c in hand) == 1
        assert st.farmers_left[q] == 14 and st.joker[q] and st.extra[q]
    assert len(st.deck[0]) == 50 - 3 * n and len(st.deck[1]) == 21 - n
    assert sorted(st.coal_supply) == sorted(COAL_VALUES)
    assert sorted(st.gold_supply) == sorted(GOLD_VALUES)
    assert len(set(st.start_tiles)) == n and len(st.unused_start) == 7 - n
    assert sorted(st.start_tiles + st.unused_start) == list(range(7))
    assert st.stacks == [4] * 7


def test_start_player_is_random_and_start_tiles_go_round_in_seat_order():
    starts = {new_game(4, seed, **TEST_BOARD).start_player for seed in range(30)}
    assert starts == {0, 1, 2, 3}
    st = new_game(3, 5, **TEST_BOARD)
    first = st.start_player
    order = []
    while st.phase == Phase.START_TILE:
        p = st.current
        order.append(p)
        t = st.start_tiles[p]
        legal = cells(st.legal_actions())
        assert legal == set(st.board.cells_of(st.board.allowed[t] & ~st.occupied))
        events = st.apply(st.legal_actions()[0])
        assert events[0].kind == "start_tile_placed"
        assert not any(e.kind == "scored" for e in events)
    assert order == [first, (first + 1) % 3, (first + 2) % 3]
    assert st.phase == Phase.PLAY and st.current == first and st.turn == 1
    assert st.score == [0, 0, 0] and st.stacks == [4] * 7
    assert bin(st.start_mask).count("1") == 3


def test_start_tile_must_suit_its_terrain():
    st = new_game(2, 3, **TEST_BOARD)
    p = st.current
    st.start_tiles[p] = BUILDING_INDEX["harbour"]
    assert message(st, PlaceStartTile((6, 0))) == "A harbour must stand on plains next to water"
    assert message(st, PlaceStartTile((1, 1))) == "Nothing can be built on water"
    st.apply(PlaceStartTile((0, 1)))  # plains beside the lake at B2
    assert st.tile[st.board.index((0, 1))] == BUILDING_INDEX["harbour"]


# --- farmers -------------------------------------------------------------------------------
def test_two_landscape_cards_name_two_areas_and_the_cell_picks_one():
    st = blank_position(2)
    bison, eagle = card_of("bison"), card_of("eagle")
    give_hand(st, 0, [bison, eagle, card_of("wagon"), card_of("church")])
    got = cells(st.legal_actions(), PlaceFarmer, (bison, eagle))
    b = st.board
    # (row bison, column eagle) and (row eagle, column bison), minus water
    expected = {(x, y) for y in (2, 3) for x in (12, 13, 14)} | \
               {(x, y) for y in (0, 1) for x in (9, 10, 11)}
    expected = {c for c in expected if b.terrain_at(c) != "water"}
    assert got == expected and len(got) == 10
    # same symbol twice: one area
    give_hand(st, 0, [bison, card_of("bison", 1), card_of("wagon"), card_of("church")])
    got = cells(st.legal_actions(), PlaceFarmer, (bison, card_of("bison", 1)))
    assert got == {c for c in ((9, 2), (10, 2), (11, 2), (9, 3), (10, 3), (11, 3))
                   if b.terrain_at(c) != "water"}


def test_farmer_may_stand_on_rail_and_mountain_but_not_water_or_taken_cells():
    st = blank_position(2)
    give_hand(st, 0, [card_of("eagle"), card_of("campfire"), card_of("bison"),
                      card_of("church")])
    pair = (card_of("campfire"), card_of("eagle"))
    legal = cells(st.legal_actions(), PlaceFarmer, pair)
    assert (7, 0) in legal and (7, 1) in legal  # rail
    assert (11, 5) not in legal  # not in these areas
    st2 = blank_position(2)
    give_hand(st2, 0, [card_of("bison"), card_of("eagle"), card_of("wagon"),
                       card_of("church")])
    assert message(st2, PlaceFarmer((card_of("bison"), card_of("eagle")), (13, 2))) == \
        "Farmers cannot stand on water"
    put_farmer(st2, 1, (12, 2))
    assert message(st2, PlaceFarmer((card_of("bison"), card_of("eagle")), (12, 2))) == \
        "M3 is already taken"
    assert message(st2, PlaceFarmer((card_of("bison"), card_of("eagle")), (0, 0))) == \
        "A1 is not in the bison \u00d7 eagle areas"


def test_cards_must_be_in_hand_and_of_the_right_kind():
    st = blank_position(2)
    give_hand(st, 0, [card_of("bison"), card_of("eagle"), card_of("wagon"),
                      card_of("church")])
    assert message(st, PlaceFarmer((card_of("settlers"), card_of("eagle")), (0, 0))) == \
        "Your hand holds no settlers card"
    assert message(st, PlaceFarmer((card_of("bison", 5), card_of("eagle")), (9, 0))) == \
        "That bison card is not in your hand"
    assert "landscape cards only" in message(
        st, PlaceFarmer((card_of("bison"), card_of("church")), (9, 0)))
    assert message(st, PlaceBuilding((card_of("bison"), card_of("harbour")), (9, 0))) == \
        "Your hand holds no harbour card"
    assert message(st, PlaceBuilding((card_of("bison"), card_of("eagle")), (9, 0))) == \
        "A building is placed with 1 landscape card and 1 building card"


# --- buildings -----------------------------------------------------------------------------
@pytest.mark.parametrize("building, good, bad, rule", [
    ("post_office", (0, 8), (1, 9), "A post office must stand on plains"),
    ("church", (0, 8), (0, 7), "A church must stand on plains"),
    ("store", (0, 8), (4, 8), "A store must stand on plains"),
    ("harbour", (0, 0), (0, 8), "A harbour must stand on plains next to water"),
    ("station", (0, 7), (0, 8), "A station must stand on rail"),
    ("coal_mine", (1, 9), (0, 8), "A coal mine must stand on a mountain"),
    ("gold_mine", (1, 9), (0, 9), "A gold mine must stand on a mountain"),
])
def test_building_terrain(building, good, bad, rule):
    st = blank_position(2)
    land = card_of("settlers")  # settlers bands: rows 9-10 and columns A-C
    if building == "harbour":
        land = card_of("eagle")  # eagle rows 1-2: A1 is plains beside the B2 lake
    bcard = card_of(building)
    give_hand(st, 0, [land, bcard, card_of("bison"), card_of("wagon")])
    assert message(st, PlaceBuilding((land, bcard), bad)) == rule
    legal = cells(st.legal_actions(), PlaceBuilding, (land, bcard))
    assert good in legal
    mask = st.board.allowed[BUILDING_INDEX[building]] & st.board.band[land // 10]
    assert legal == set(st.board.cells_of(mask))
    st.apply(PlaceBuilding((land, bcard), good))
    assert st.tile[st.board.index(good)] == BUILDING_INDEX[building]
    assert st.stacks[BUILDING_INDEX[building]] == 3


def test_building_goes_in_the_row_band_or_the_column_band():
    st = blank_position(2)
    land, bcard = card_of("bison"), card_of("post_office")
    give_hand(st, 0, [land, bcard, card_of("eagle"), card_of("wagon")])
    legal = cells(st.legal_actions(), PlaceBuilding, (land, bcard))
    assert (0, 2) in legal  # bison row band (rows 3-4), column A
    assert (9, 9) in legal  # bison column band (columns J-L), row 10
    assert (0, 0) not in legal
    assert message(st, PlaceBuilding((land, bcard), (0, 0))) == \
        "A1 is not in the bison row or column band"
    assert message(st, PlaceBuilding((land, bcard), (10, 3))) == "Nothing can be built on water"
    put_farmer(st, 1, (0, 2))
    assert message(st, PlaceBuilding((land, bcard), (0, 2))) == "A3 is already taken"


def test_empty_stack_building_cards_cannot_be_played():
    st = blank_position(2)
    land, bcard = card_of("bison"), card_of("harbour")
    give_hand(st, 0, [land, bcard, card_of("eagle"), card_of("wagon")])
    st.stacks[BUILDING_INDEX["harbour"]] = 0
    assert not [a for a in st.legal_actions() if isinstance(a, PlaceBuilding)]
    assert message(st, PlaceBuilding((land, bcard), (12, 1))) == "The harbour stack is empty"


# --- joker ---------------------------------------------------------------------------------
def test_joker_stands_in_for_a_landscape_card_for_a_farmer():
    st = blank_position(2)
    bison = card_of("bison")
    give_hand(st, 0, [bison, card_of("church"), card_of("harbour"), card_of("station")])
    legal = cells(st.legal_actions(), PlaceFarmer, (bison,))
    assert legal == set(st.board.cells_of(st.board.band[3] & st.board.land))
    events = st.apply(PlaceFarmer((bison,), (0, 3)))
    assert st.joker[0] is False
    assert [e.data for e in events if e.kind == "token_flipped"] == \
        [{"token": "joker", "active": False}]
    assert st.hands[0] == [card_of("church"), card_of("harbour"), card_of("station")]
    assert bison in st.discard[0]


def test_joker_with_a_building_card_allows_any_suitable_cell_but_never_replaces_one():
    st = blank_position(2)
    station = card_of("station")
    give_hand(st, 0, [card_of("bison"), station, card_of("church"), card_of("eagle")])
    legal = cells(st.legal_actions(), PlaceBuilding, (station,))
    assert legal == set(st.board.cells_of(st.board.rail))
    # the joker never stands in for a building card
    assert "landscape card only" in message(st, PlaceBuilding((card_of("bison"),), (0, 0)))
    assert not [a for a in st.legal_actions()
                if isinstance(a, PlaceBuilding) and a.cards == (card_of("bison"),)]
    st.joker[0] = False
    assert not [a for a in st.legal_actions() if len(getattr(a, "cards", ())) == 1]
    assert message(st, PlaceBuilding((station,), (0, 7))) == "Your joker is spent"
    assert message(st, PlaceFarmer((card_of("bison"),), (0, 3))) == "Your joker is spent"


def test_store_reactivates_the_joker_spent_on_the_same_play():
    st = blank_position(2)
    put_building(st, "store", (1, 3))
    bison = card_of("bison")
    give_hand(st, 0, [bison, card_of("church"), card_of("eagle"), card_of("wagon")])
    action = PlaceFarmer((bison,), (0, 3))
    assert preview(st, action)["players"][0]["joker"] is True
    st.apply(action)
    assert st.joker[0] is True and st.score[0] == 1


def test_ui_helpers_cells_for_a_selection_and_action_for_a_click():
    st = blank_position(2)
    bison, eagle, station = card_of("bison"), card_of("eagle"), card_of("station")
    give_hand(st, 0, [bison, eagle, station, card_of("wagon")])
    for selection, joker in (((bison, eagle), False), ((eagle, bison), False), ((bison,), True),
                             ((bison, station), False), ((station,), True)):
        expected = {a.cell for a in st.legal_actions()
                    if isinstance(a, (PlaceFarmer, PlaceBuilding))
                    and a.cards == tuple(sorted(selection))}
        assert set(st.legal_cells_for(0, selection, joker)) == expected
        for cell in expected:
            assert st.why_illegal(action_for(selection, cell), st.current) is None
    assert st.legal_cells_for(0, (bison,), False) == []
    assert st.legal_cells_for(1, (bison, eagle), False) == []
    assert st.why_illegal(action_for((bison, eagle), (0, 0)), st.current) is not None


# --- discarding without a placement --------------------------------------------------------
def test_two_landscape_cards_with_full_areas_may_be_discarded():
    st = blank_position(2)
    bison = card_of("bison")
    bison2 = card_of("bison", 1)
    for c in st.board.cells_of(st.board.area[3][3] & st.board.land):
        put_farmer(st, 1, c)
    give_hand(st, 0, [bison, bison2, card_of("eagle"), card_of("church")])
    legal = st.legal_actions()
    assert DiscardNoPlacement((bison, bison2)) in legal
    assert any(isinstance(a, PlaceFarmer) for a in legal)  # other plays remain possible
    assert DiscardNoPlacement((bison, card_of("eagle"))) not in legal
    assert "leave room for a farmer" in message(st, DiscardNoPlacement((bison, card_of("eagle"))))
    assert "still allows a placement" in message(
        st, DiscardNoPlacement((bison, card_of("church"))))
    events = st.apply(DiscardNoPlacement((bison2, bison)))
    assert events[0].kind == "cards_played" and events[0].data["kind"] == "discard"
    assert st.discard[0][-2:] == [bison, bison2] and st.farmers_left[0] == 14
    assert st.occupied == st.all_farmers  # nothing placed


def test_a_hand_that_allows_nothing_discards_any_two_cards():
    st = blank_position(2)
    st.joker[0] = False
    hand = [card_of("harbour"), card_of("church"), card_of("station"), card_of("bison")]
    give_hand(st, 0, hand)
    for t in ("harbour", "church", "station"):
        st.stacks[BUILDING_INDEX[t]] = 0
    legal = st.legal_actions()
    assert all(isinstance(a, DiscardNoPlacement) for a in legal) and len(legal) == 6
    st.apply(DiscardNoPlacement((card_of("bison"), card_of("church"))))
    assert st.discard[0] == [card_of("bison")] and st.discard[1] == [card_of("church")]


# --- extra turn ----------------------------------------------------------------------------
def test_extra_turn_is_offered_when_active_and_plays_the_remaining_cards():
    st = blank_position(2)
    a, b = card_of("bison"), card_of("eagle")
    c, d = card_of("wagon"), card_of("settlers")
    give_hand(st, 0, [a, b, c, d])
    st.apply(PlaceFarmer((a, b), (9, 0)))
    assert st.phase == Phase.EXTRA_TURN
    assert st.legal_actions() == [UseExtraTurn(), SkipExtraTurn()]
    events = st.apply(UseExtraTurn())
    assert events[0].kind == "extra_turn_used" and st.extra[0] is False and st.phase == Phase.PLAY
    plays = st.legal_actions()
    assert {tuple(x.cards) for x in plays if isinstance(x, PlaceFarmer)} >= {(d, c)}
    st.apply(next(x for x in plays if isinstance(x, PlaceFarmer) and x.cards == (d, c)))
    assert st.phase == Phase.DRAW and st.hands[0] == []


def test_no_offer_when_the_token_is_spent_and_skip_keeps_it():
    st = blank_position(2)
    st.extra[0] = False
    a, b = card_of("bison"), card_of("eagle")
    give_hand(st, 0, [a, b, card_of("wagon"), card_of("church")])
    st.apply(PlaceFarmer((a, b), (9, 0)))
    assert st.phase == Phase.DRAW
    st2 = blank_position(2)
    give_hand(st2, 0, [a, b, card_of("wagon"), card_of("church")])
    st2.apply(PlaceFarmer((a, b), (9, 0)))
    st2.apply(SkipExtraTurn())
    assert st2.phase == Phase.DRAW and st2.extra[0] is True
    assert message(st2, UseExtraTurn()).startswith("There is no extra turn")


def test_station_reactivation_in_the_same_turn_counts_but_only_once_per_turn():
    st = blank_position(2)
    st.extra[0] = False
    put_building(st, "station", (7, 1))
    put_building(st, "station", (6, 2))
    land = card_of("eagle")
    give_hand(st, 0, [land, card_of("eagle", 1), card_of("campfire"), card_of("campfire", 1)])
    # first play: a farmer beside the station at H2 turns the token active -> offer
    st.apply(PlaceFarmer((land, card_of("campfire")), (8, 1)))
    assert st.extra[0] is True and st.phase == Phase.EXTRA_TURN
    st.apply(UseExtraTurn())
    # second play: beside the other station -> active again, but no second extra turn
    st.apply(PlaceFarmer((card_of("eagle", 1), card_of("campfire", 1)), (6, 1)))
    assert st.extra[0] is True
    assert st.phase == Phase.DRAW


# --- draw phase ----------------------------------------------------------------------------
def test_forced_deck_choice_guarantees_a_landscape_and_a_building_card():
    st = blank_position(2)
    hand = [card_of("bison"), card_of("eagle"), card_of("wagon")]
    to_draw_phase(st, 0, hand)
    assert st.legal_actions() == [Draw("building")]
    assert message(st, Draw("landscape")) == \
        "Your hand needs a building card: draw from the building deck"
    to_draw_phase(st, 0, [card_of("church"), card_of("harbour")])
    assert st.legal_actions() == [Draw("landscape"), Draw("building")]
    move_cards(st, [card_of("station")], st.deck[1])  # the top building card: a station
    st.apply(Draw("building"))
    assert st.legal_actions() == [Draw("landscape")]


def test_drawn_duplicate_may_be_discarded_and_replaced():
    st = blank_position(2)
    to_draw_phase(st, 0, [card_of("bison"), card_of("church")])
    move_cards(st, [card_of("church", 1)], st.deck[1])
    events = st.apply(Draw("building"))
    drew = [e for e in events if e.kind == "drew_card"][0]
    assert drew.private_to == 0 and drew.data["card"] == card_of("church", 1)
    assert drew.seen_by(1).text == "Yellow draws a building card"
    assert "card" not in drew.seen_by(1).data
    assert st.pending == card_of("church", 1)
    assert st.legal_actions() == [KeepCard(), DiscardDrawn()]
    assert "keep or discard" in message(st, Draw("landscape"))
    st.apply(DiscardDrawn())
    assert st.discard[1][-1] == card_of("church", 1) and st.pending == -1
    assert len(st.hands[0]) == 2 and st.phase == Phase.DRAW
    # keeping a duplicate is fine too
    move_cards(st, [card_of("church", 2)], st.deck[1])
    st.apply(Draw("building"))
    st.apply(KeepCard())
    assert st.hands[0].count(card_of("church", 2)) == 1 and len(st.hands[0]) == 3


def test_drawn_dead_card_leaves_the_game_when_discarded():
    st = blank_position(2)
    st.stacks[BUILDING_INDEX["harbour"]] = 0
    to_draw_phase(st, 0, [card_of("bison"), card_of("church")])
    move_cards(st, [card_of("harbour")], st.deck[1])
    st.apply(Draw("building"))
    assert st.pending == card_of("harbour")
    events = st.apply(DiscardDrawn())
    assert st.removed == [card_of("harbour")] and card_of("harbour") not in st.discard[1]
    assert [e.data["removed"] for e in events if e.kind == "discarded"] == [True]


def test_duplicate_as_the_last_card_may_be_redrawn_from_the_shuffled_discards():
    st = blank_position(2)
    to_draw_phase(st, 0, [card_of("bison"), card_of("church")])
    move_cards(st, list(st.deck[1]), st.discard[1])
    move_cards(st, [card_of("church", 1)], st.deck[1])  # the only card left in the deck
    st.apply(Draw("building"))
    assert st.deck[1] == [] and st.pending == card_of("church", 1)
    assert st.legal_actions() == [KeepCard(), DiscardDrawn()]
    st.apply(DiscardDrawn())
    assert st.discard[1][-1] == card_of("church", 1)
    events = st.apply(Draw("building"))
    assert [e.kind for e in events][:2] == ["reshuffled", "drew_card"]
    assert st.discard[1] == [] and len(st.hands[0]) == 3


@pytest.mark.parametrize("discards", [
    [],                                                    # nothing to shuffle
    ["church:2"],                                          # only more duplicates
    ["church:2", "harbour:1", "harbour:2", "station:0"],   # duplicates and a dead stack
])
def test_duplicate_as_the_last_card_is_kept_when_no_other_card_could_come(discards):
    st = blank_position(2)
    st.stacks[BUILDING_INDEX["station"]] = 0
    to_draw_phase(st, 0, [card_of("bison"), card_of("church"), card_of("harbour")])
    move_cards(st, [c for c in st.deck[1]], st.removed)  # (test only) out of the way
    move_cards(st, [c for c in st.hands[1] if c >= 50], st.removed)
    move_cards(st, [card_of(k, int(n)) for k, n in (d.split(":") for d in discards)],
               st.discard[1])
    move_cards(st, [card_of("church", 1)], st.deck[1])
    st.apply(Draw("building"))
    assert st.pending == -1 and card_of("church", 1) in st.hands[0]
    assert not any(isinstance(a, (KeepCard, DiscardDrawn)) for a in st.legal_actions())


def test_always_redrawing_duplicates_ends():
    """A player who discards every duplicate they may discard still ends the draw."""
    for seed in range(30):
        st = blank_position(2, seed=seed)
        to_draw_phase(st, 0, [card_of("bison"), card_of("church"), card_of("harbour")])
        move_cards(st, [c for c in st.hands[1] if c >= 50], st.removed)
        for _ in range(200):
            if st.current != 0 or st.phase != Phase.DRAW:
                break
            legal = st.legal_actions()
            st.apply(DiscardDrawn() if DiscardDrawn() in legal else Draw("building")
                     if Draw("building") in legal else legal[0])
        assert st.current != 0 or st.phase != Phase.DRAW, seed


def test_dead_cards_in_hand_are_discarded_only_at_the_start_of_the_draw():
    st = blank_position(2)
    st.stacks[BUILDING_INDEX["harbour"]] = 0
    to_draw_phase(st, 0, [card_of("bison"), card_of("harbour")])
    legal = st.legal_actions()
    assert DiscardDead(card_of("harbour")) in legal
    st.apply(DiscardDead(card_of("harbour")))
    assert st.removed == [card_of("harbour")] and st.hands[0] == [card_of("bison")]
    st.apply(Draw("landscape"))
    st.stacks[BUILDING_INDEX["church"]] = 0
    st.hands[0].append(card_of("church"))  # (test only) a dead card appears after a draw
    st.deck[1].remove(card_of("church"))
    assert not any(isinstance(a, DiscardDead) for a in st.legal_actions())
    assert "only before the first draw" in message(st, DiscardDead(card_of("church")))


def test_live_building_card_is_not_dead():
    st = blank_position(2)
    to_draw_phase(st, 0, [card_of("bison"), card_of("church")])
    assert message(st, DiscardDead(card_of("church"))) == \
        "The church stack is not empty; that card can still be played"
    assert message(st, DiscardDead(card_of("bison"))) == \
        "Only building cards whose stack is empty may be discarded"


def test_empty_deck_is_refilled_from_its_discard_pile():
    st = blank_position(2)
    to_draw_phase(st, 0, [card_of("bison"), card_of("church")])
    move_cards(st, list(st.deck[0]), st.discard[0])
    size = len(st.discard[0])
    events = st.apply(Draw("landscape"))
    assert [e.kind for e in events][:2] == ["reshuffled", "drew_card"]
    assert events[0].data == {"deck": "landscape", "size": size}
    assert st.discard[0] == [] and len(st.deck[0]) == size - 1
    assert not st.is_undoable(len(st.history) - 1)


def test_both_building_deck_and_discard_empty_fall_back_to_landscape():
    st = blank_position(2)
    to_draw_phase(st, 0, [card_of("bison"), card_of("eagle"), card_of("wagon")])
    move_cards(st, list(st.deck[1]) + list(st.discard[1]), st.removed)
    assert st.legal_actions() == [Draw("landscape")]
    assert message(st, Draw("building")) == "The building deck and its discard pile are empty"
    st.apply(Draw("landscape"))
    assert st.phase == Phase.PLAY and st.current == 1  # hand full, turn over


def test_hand_stays_short_when_both_decks_are_empty():
    # (played cards refill the discard piles, so only a constructed position gets here)
    st = blank_position(2)
    st.stacks[BUILDING_INDEX["harbour"]] = 0
    to_draw_phase(st, 0, [card_of("bison"), card_of("harbour")])
    everything = [c for c in range(71) if c not in st.hands[0] and c not in st.hands[1]]
    move_cards(st, everything, st.removed)
    assert st.legal_actions() == [DiscardDead(card_of("harbour"))]
    events = st.apply(DiscardDead(card_of("harbour")))
    assert [e.kind for e in events] == ["discarded", "hand_short", "turn_start"]
    assert st.current == 1 and st.phase == Phase.PLAY and st.hands[0] == [card_of("bison")]


def test_draw_continues_to_four_cards_then_the_next_turn_begins():
    st = blank_position(3, current=2)
    a, b = card_of("bison"), card_of("eagle")
    give_hand(st, 2, [a, b, card_of("wagon"), card_of("church")])
    st.extra[2] = False
    st.apply(PlaceFarmer((a, b), (9, 0)))
    assert st.phase == Phase.DRAW
    st.apply(Draw("landscape"))
    assert st.phase == Phase.DRAW
    events = st.apply(Draw("landscape"))
    assert st.phase == Phase.PLAY and st.current == 0 and st.turn == 2
    assert events[-1].kind == "turn_start" and events[-1].player == 0


# --- end of the game -----------------------------------------------------------------------
def _finish_round(st):
    """Play the remaining turns with the first legal action each time."""
    while not st.is_over():
        st.apply(st.legal_actions()[0])


def test_last_farmer_triggers_the_end_and_the_round_is_completed():
    st = blank_position(4, current=1)
    st.start_player = 0  # blue plays second in the round; red (3) takes the last turn
    free = st.board.cells_of(st.board.land & ~st.board.band[3] & ~st.board.band[4])
    for cell in free[:13]:
        put_farmer(st, 1, cell)
    a, b = card_of("bison"), card_of("eagle")
    give_hand(st, 1, [a, b, card_of("wagon"), card_of("church")])
    st.extra[1] = False
    events = st.apply(PlaceFarmer((a, b), (9, 0)))
    kinds = [e.kind for e in events]
    assert "end_triggered" in kinds and "last_round" in kinds
    last = next(e for e in events if e.kind == "last_round")
    assert last.data == {"players": [2, 3]}
    assert st.end_reason == "last_farmer" and st.farmers_left[1] == 0
    # no draw once the end is triggered: green is next
    assert st.phase == Phase.PLAY and st.current == 2 and len(st.hands[1]) == 2
    players = []
    while not st.is_over():
        players.append(st.current)
        st.apply(st.legal_actions()[0])
    assert sorted(set(players)) == [2, 3]
    assert st.phase == Phase.OVER and st.to_act() == [] and st.legal_actions() == []


def test_empty_stacks_trigger_the_end_and_the_last_player_ends_at_once():
    st = blank_position(2, current=1)
    st.start_player = 0
    st.stacks[BUILDING_INDEX["harbour"]] = 0
    st.stacks[BUILDING_INDEX["church"]] = 1
    land = card_of("settlers")
    give_hand(st, 1, [land, card_of("church"), card_of("eagle"), card_of("wagon")])
    st.extra[1] = False
    events = st.apply(PlaceBuilding((land, card_of("church")), (0, 8)))
    kinds = [e.kind for e in events]
    assert kinds.index("stack_emptied") < kinds.index("end_triggered") < kinds.index("game_over")
    assert st.end_reason == "stacks" and st.is_over()


def test_extra_turn_still_offered_after_the_trigger():
    st = blank_position(2, current=0)
    st.stacks[BUILDING_INDEX["harbour"]] = 0
    st.stacks[BUILDING_INDEX["church"]] = 1
    land = card_of("settlers")
    give_hand(st, 0, [land, card_of("church"), card_of("eagle"), card_of("wagon")])
    st.apply(PlaceBuilding((land, card_of("church")), (0, 8)))
    assert st.end_triggered and st.phase == Phase.EXTRA_TURN
    st.apply(UseExtraTurn())
    st.apply(st.legal_actions()[0])
    assert st.current == 1 and st.phase == Phase.PLAY


def test_ranking_adds_tokens_breaks_ties_by_farmers_and_shares_wins():
    st = blank_position(3, current=2)
    st.start_player = 0  # green (2) takes the last turn
    st.end_triggered = True
    st.score = [10, 7, 7]
    st.coal[1] = [3]
    st.coal_supply.remove(3)
    for cell in ((0, 0), (2, 0)):
        put_farmer(st, 0, cell)
    for cell in ((5, 5), (7, 7), (9, 9)):
        put_farmer(st, 1, cell)
    for cell in ((14, 0), (12, 0), (14, 2)):
        put_farmer(st, 2, cell)
    a, b = card_of("bison"), card_of("eagle")
    give_hand(st, 2, [a, b, card_of("wagon"), card_of("church")])
    st.extra[2] = False
    events = st.apply(PlaceFarmer((a, b), (9, 0)))  # scores nothing; the game ends
    assert st.is_over() and st.score == [10, 7, 7]
    # yellow 10 (2 farmers), blue 7 + 3 = 10 (3 farmers), green 7 (4 farmers)
    assert st.scores() == [10, 10, 7]
    assert st.winners() == [1] and st.outcome().ranking == [1, 0, 2]
    over = events[-1]
    assert over.kind == "game_over" and over.data["winners"] == [1]
    assert over.data["farmers_on_board"] == [2, 3, 4]
    # equal points and equal farmers: a shared win
    st2 = blank_position(2, current=1)
    st2.start_player = 0
    st2.end_triggered = True
    st2.score = [5, 5]
    put_farmer(st2, 0, (0, 0))
    give_hand(st2, 1, [a, b, card_of("wagon"), card_of("church")])
    st2.extra[1] = False
    events = st2.apply(PlaceFarmer((a, b), (9, 0)))
    assert st2.is_over() and st2.scores() == [5, 5] and st2.winners() == [0, 1]
    assert events[-1].text.startswith("Shared win")


def test_final_reveal_adds_token_values_and_makes_them_public():
    st = blank_position(2, current=1)
    st.start_player = 0
    st.end_triggered = True
    st.coal[0] = [st.coal_supply.pop()]
    st.gold[1] = [st.gold_supply.pop(), st.gold_supply.pop()]
    base = list(st.score)
    a, b = card_of("bison"), card_of("eagle")
    give_hand(st, 1, [a, b, card_of("wagon"), card_of("church")])
    st.extra[1] = False
    events = st.apply(PlaceFarmer((a, b), (9, 0)))
    assert st.scores() == [base[0] + sum(st.coal[0]), base[1] + sum(st.gold[1])]
    reveal = [e for e in events if e.kind == "tokens_revealed"]
    assert [e.data["bonus"] for e in reveal] == [sum(st.coal[0]), sum(st.gold[1])]
    assert st.view(None)["final"]["gold"][1] == st.gold[1]
    assert not st.is_undoable(len(st.history) - 1)


# --- coal and gold supplies ----------------------------------------------------------------
def test_empty_supply_gives_no_token():
    st = blank_position(2)
    put_building(st, "coal_mine", (4, 1))
    st.coal_supply.clear()
    st.coal[1] = list(COAL_VALUES)
    cards = (card_of("bison"), card_of("wagon"))
    give_hand(st, 0, [*cards, card_of("eagle"), card_of("church")])
    action = PlaceFarmer(cards, (4, 2))
    assert preview(st, action)["players"][0]["coal"] == 0
    events = st.apply(action)
    assert st.coal[0] == [] and [e.kind for e in events].count("no_token") == 1
    assert st.is_undoable(len(st.history) - 1)  # nothing was revealed


def test_tokens_are_taken_in_turn_order_from_the_active_player_while_they_last():
    st = blank_position(3, current=1)
    for p, cell in ((0, (3, 0)), (1, (5, 0)), (2, (3, 2)), (2, (5, 2))):
        put_farmer(st, p, cell)
    keep = st.gold_supply[-2:]
    st.gold[0] = st.gold_supply[:-2]
    st.gold_supply = keep
    land = card_of("eagle")
    give_hand(st, 1, [land, card_of("gold_mine"), card_of("bison"), card_of("wagon")])
    action = PlaceBuilding((land, card_of("gold_mine")), (4, 1))
    shown = preview(st, action)["players"]
    assert [p["gold"] for p in shown] == [0, 1, 1]
    st.apply(action)
    assert len(st.gold[1]) == 1 and len(st.gold[2]) == 1  # green owed 2, got the last one
    assert st.gold_supply == []


# --- undo, views, actions ------------------------------------------------------------------
def test_undoable_until_hidden_information_is_revealed():
    st = new_game(2, 4, **TEST_BOARD)
    st.apply(st.legal_actions()[0])
    assert st.is_undoable(0)
    st.apply(st.legal_actions()[0])
    assert st.is_undoable(0) and st.is_undoable(1)
    while st.phase != Phase.DRAW:
        st.apply(next(a for a in st.legal_actions() if not isinstance(a, UseExtraTurn)))
    n = len(st.history)
    assert all(st.is_undoable(i) for i in range(n))
    st.apply(st.legal_actions()[-1])  # a draw
    assert not any(st.is_undoable(i) for i in range(n + 1))
    assert not st.is_undoable(99)


def test_farmer_next_to_a_mine_is_not_undoable():
    st = blank_position(2)
    put_building(st, "gold_mine", (4, 1))
    cards = (card_of("bison"), card_of("wagon"))
    give_hand(st, 0, [*cards, card_of("eagle"), card_of("church")])
    st.apply(PlaceFarmer(cards, (4, 2)))
    assert not st.is_undoable(0)


def test_views_show_own_hand_and_tokens_only():
    st = blank_position(3)
    st.coal[0] = [st.coal_supply.pop()]
    st.gold[1] = [st.gold_supply.pop()]
    v0, v1, vn = st.view(0), st.view(1), st.view(None)
    assert v0["hand"] == st.hands[0] and v1["hand"] == st.hands[1] and vn["hand"] is None
    assert v0["coal"] == st.coal[0] and v0["gold"] == []
    assert v1["coal"] == [] and v1["gold"] == st.gold[1]
    assert vn["coal"] is None
    for v in (v0, v1, vn):
        assert json.loads(json.dumps(v)) == v
        assert [p["coal_count"] for p in v["players"]] == [1, 0, 0]
        assert [p["hand_size"] for p in v["players"]] == [4, 4, 4]
        assert "deck" not in v and v["decks"] == {"landscape": len(st.deck[0]),
                                                  "building": len(st.deck[1])}
        assert v["final"] is None
    text = json.dumps(vn)
    for key in ("coal_supply", "gold_supply", "hands"):
        assert key not in text


def test_actions_read_well_and_survive_json():
    acts = [PlaceStartTile((1, 2)), PlaceFarmer((31, 2), (3, 4)), PlaceFarmer((5,), (0, 0)),
            PlaceBuilding((52, 7), (9, 9)), PlaceBuilding((62,), [1, 1]),
            DiscardNoPlacement((40, 3)), UseExtraTurn(), SkipExtraTurn(), Draw("building"),
            KeepCard(), DiscardDrawn(), DiscardDead(55)]
    for a in acts:
        back = save_files.action_from_json(json.loads(json.dumps(a.to_json())), ACTION_TYPES)
        assert back == a and hash(back) == hash(a)
        assert str(a) and "object at" not in str(a)
    assert PlaceFarmer((31, 2), (3, 4)).cards == (2, 31)
    assert PlaceBuilding((52, 7), (9, 9)).cards == (7, 52)
    assert str(PlaceFarmer((31, 2), (3, 4))) == "farmer on D5 with settlers card + bison card"
    assert str(PlaceBuilding((62,), (1, 1))) == "building on B2 with gold mine card + joker"


def test_wrong_phase_messages_name_the_rule():
    st = new_game(2, 1, **TEST_BOARD)
    assert message(st, Draw("landscape")) == \
        "You cannot draw now: first every player places their start tile"
    assert message(st, PlaceFarmer((1, 2), (0, 0))).startswith("You cannot play cards now")
    assert message(st, UseExtraTurn()).startswith("There is no extra turn")
    assert message(st, KeepCard()) == "There is no drawn building card to keep or discard"
    with pytest.raises(IllegalAction, match="not player"):
        st.apply(st.legal_actions()[0], player=(st.current + 1) % 2)


def test_card_conservation_in_a_constructed_position():
    st = blank_position(4)
    everything = [*st.deck[0], *st.deck[1], *st.discard[0], *st.discard[1], *st.removed]
    for h in st.hands:
        everything += h
    assert sorted(everything) == list(range(71))
    assert Counter(len(h) for h in st.hands) == Counter({4: 4})


def test_preview_works_from_a_view_and_refuses_illegal_plays():
    st = blank_position(2)
    put_building(st, "post_office", (5, 1))
    cards = (card_of("bison"), card_of("wagon"))
    give_hand(st, 0, [*cards, card_of("eagle"), card_of("church")])
    action = PlaceFarmer(cards, (4, 2))
    from_state = preview(st, action)
    assert preview(st.view(0), action) == from_state
    assert from_state["players"][0]["points"] == 3 and from_state["kind"] == "farmer"
    assert from_state["gains"][0]["cell"] == [5, 1]
    with pytest.raises(IllegalAction, match="Farmers cannot stand on water"):
        preview(st, PlaceFarmer(cards, (1, 2)))
    with pytest.raises(IllegalAction):
        preview(st.view(1), action)


def test_determinised_states_agree_with_the_view_and_differ_in_secrets():
    st = new_game(3, 8, **TEST_BOARD)
    while st.phase != Phase.PLAY:
        st.apply(st.legal_actions()[0])
    view = st.view(st.current)
    guesses = [OregonState.state_from_view(view, random.Random(s)) for s in range(5)]
    for g in guesses:
        assert g.view(st.current) == view
        assert g.hands[st.current] == st.hands[st.current]
    others = {tuple(tuple(h) for h in g.hands) for g in guesses}
    assert len(others) > 1  # the hidden hands are guesses, not the truth
    assert OregonState.state_from_view(view, random.Random(0)).legal_actions() == \
        st.legal_actions()


def test_private_events_hide_their_secret_from_others():
    st = blank_position(2)
    put_building(st, "coal_mine", (4, 1))
    cards = (card_of("bison"), card_of("wagon"))
    give_hand(st, 0, [*cards, card_of("eagle"), card_of("church")])
    events = st.apply(PlaceFarmer(cards, (4, 2)))
    token = next(e for e in events if e.kind == "drew_token")
    value = st.coal[0][0]
    assert token.data["value"] == value and token.text.endswith(f"worth {value}")
    for other in (1, None):
        seen = token.seen_by(other)
        assert "value" not in seen.data and seen.text == "Yellow draws a coal token"
    assert token.seen_by(0) is token


def test_joining_a_scored_group_marks_the_whole_merged_group():
    st = blank_position(2)
    for cell in ((0, 6), (1, 6), (2, 6)):  # a scored group of 3
        put_farmer(st, 0, cell)
    st.marked[0] = st.board.mask_of([(0, 6), (1, 6), (2, 6)])
    for cell in ((4, 6), (4, 7)):  # an unscored pair
        put_farmer(st, 0, cell)
    row, col = st.board.symbols_at((3, 6))
    cards = (card_of(row), card_of(col, 1))
    give_hand(st, 0, [*cards, card_of("eagle"), card_of("church")])
    assert preview(st, PlaceFarmer(cards, (3, 6)))["players"][0]["group_bonus"] == 0
    events = st.apply(PlaceFarmer(cards, (3, 6)))
    assert not [e for e in events if e.kind == "scored"]
    marked = {tuple(c) for c in st.view(None)["players"][0]["scored_group_cells"]}
    assert marked == {(0, 6), (1, 6), (2, 6), (3, 6), (4, 6), (4, 7)}


def test_no_farmer_without_farmers_left():
    st = blank_position(2)
    for cell in st.board.cells_of(st.board.land)[:14]:
        put_farmer(st, 1, cell)
    st.farmers_left[0] = 0  # (test only) yellow's farmers are all placed
    a, b = card_of("bison"), card_of("eagle")
    give_hand(st, 0, [a, b, card_of("wagon"), card_of("church")])
    legal = st.legal_actions()
    assert not any(isinstance(x, PlaceFarmer) for x in legal)
    assert any(isinstance(x, PlaceBuilding) for x in legal)
    assert message(st, PlaceFarmer((a, b), (9, 0))) == "You have no farmers left"


def test_store_built_with_the_joker_reactivates_it():
    st = blank_position(2)
    put_farmer(st, 0, (0, 9))
    store = card_of("store")
    give_hand(st, 0, [store, card_of("bison"), card_of("eagle"), card_of("wagon")])
    action = PlaceBuilding((store,), (0, 8))
    assert preview(st, action)["players"][0]["joker"] is True
    st.apply(action)
    assert st.joker[0] is True and st.score[0] == 1


@pytest.mark.parametrize("placed, new", [
    (((6, 6), (7, 7)), (5, 5)),  # corners do not connect a group
    (((6, 4), (7, 3)), (5, 5)),
    (((13, 3), (14, 3)), (0, 4)),  # nor does the board edge wrap around
])
def test_groups_connect_by_sides_only(placed, new):
    st = blank_position(2)
    for cell in placed:
        put_farmer(st, 0, cell)
    row, col = st.board.symbols_at(new)
    cards = (card_of(row), card_of(col, 1))
    give_hand(st, 0, [*cards, card_of("eagle", 5), card_of("church")])
    st.apply(PlaceFarmer(cards, new))
    assert st.score[0] == 0 and st.marked[0] == 0
