"""Colorado County rules, position by position: cards, lakes, flags, bids, sales, scoring."""

from __future__ import annotations

import json

import pytest

from game.engine.core import IllegalAction
from game.engine.save_files import dumps, loads
from game.games.colorado.engine import (
    Bid,
    DeclareInterest,
    GiveCowboy,
    OfferForSale,
    PassSale,
    PlaceFlag,
    SaleBid,
    TakeCard,
    new_game,
    preview_card_use,
)
from game.games.colorado.engine.cards import CARD_PATTERNS, CARDS, FLAG_COLOURS, rotate
from game.games.colorado.engine.grid import NUM_CELLS, WIDTH, index
from game.games.colorado.engine.lakes import LakeMap, recheck_owner
from game.games.colorado.engine.scoring import rank_prizes, score_round
from game.games.colorado.engine.state import ColoradoState
from game.registry import GAMES

LAYOUT = [
    (3, [(11, 1), (12, 1)]),
    (4, [(2, 7), (2, 8), (3, 8)]),
    (5, [(12, 5), (12, 6), (12, 7)]),
    (6, [(2, 2), (3, 2), (2, 3), (3, 3)]),
    (7, [(6, 1), (7, 1), (8, 1), (7, 2)]),
    (8, [(6, 5), (7, 5), (8, 5), (6, 6), (7, 6), (8, 6)]),
]
LAKE3 = 0  # lake indices follow the values 3..8


def fresh(n: int = 3, seed: int = 1, cubes: dict | None = None) -> ColoradoState:
    s = new_game(n, seed, lakes=LAYOUT)
    for (x, y), p in (cubes or {}).items():
        s._set_cube(index(x, y), p, [])
    return s


def finish_flags(s: ColoradoState) -> None:
    while s.phase == "flags":
        s.apply(s.legal_actions()[0])


def set_hands(s: ColoradoState, hands: dict[int, list[int]], bag: list[int] | None = None):
    """Give every player exactly these cowboys; the rest (or ``bag``) go to the bag."""
    assert set(hands) == set(range(s.num_players))
    used = [c for h in hands.values() for c in h]
    s.hands = [sorted(hands[p]) for p in range(s.num_players)]
    rest = [c for c in range(1, 67) if c not in used]
    s.bag = list(bag) if bag is not None else rest
    return rest


def to_bid_phase(s: ColoradoState) -> None:
    finish_flags(s)
    while s.phase == "offer":
        s.apply(PassSale())
    assert s.phase == "bid"


def bid_all(s: ColoradoState, bids: dict[int, tuple]) -> list:
    events = []
    for p, b in bids.items():
        events += s.apply(Bid(b), p)
    return events


def cells_of(events, kind):
    return [tuple(e.data["cell"]) for e in events if e.kind == kind]


# --- cards ---------------------------------------------------------------------------------

def test_48_cards_with_the_star_patterns_of_the_rules():
    assert len(CARDS) == 48
    for colour in FLAG_COLOURS:
        mine = [c.offset for c in CARDS if c.colour == colour]
        assert len(mine) == 12
        assert sorted(mine, key=str) == sorted(
            [None, None, (1, 0), (1, 0), (1, 1), (1, 1), (2, 0), (2, 0), (2, 1), (1, 2),
             (2, 2), (3, 0)], key=str)


EXPECTED_SECOND_STARS = {
    (1, 0): {(1, 0), (0, 1), (-1, 0), (0, -1)},
    (1, 1): {(1, 1), (-1, 1), (-1, -1), (1, -1)},
    (2, 0): {(2, 0), (0, 2), (-2, 0), (0, -2)},
    (2, 1): {(2, 1), (-1, 2), (-2, -1), (1, -2)},
    (1, 2): {(1, 2), (-2, 1), (-1, -2), (2, -1)},
    (2, 2): {(2, 2), (-2, 2), (-2, -2), (2, -2)},
    (3, 0): {(3, 0), (0, 3), (-3, 0), (0, -3)},
}


@pytest.mark.parametrize("k", range(12))
def test_every_card_cell_set_in_its_four_rotations(k):
    card = CARDS[k]
    flag = (7, 4)
    cells = {card.star_cells(flag, r, a) for r in range(4) for a in card.anchors}
    if card.offset is None:
        assert cells == {((7, 4),)}
        return
    seconds = {(c[1][0] - 7, c[1][1] - 4) for c in cells}
    assert seconds == EXPECTED_SECOND_STARS[card.offset]
    assert all(c[0] == flag for c in cells)


def test_rotation_turns_clockwise_and_never_mirrors():
    assert rotate((1, 0), 1) == (0, 1)  # right -> down on screen
    assert rotate((2, 1), 1) == (-1, 2)
    # (2,1) and (1,2) are mirror images: no rotation of one gives the other.
    assert not EXPECTED_SECOND_STARS[(2, 1)] & EXPECTED_SECOND_STARS[(1, 2)]
    assert CARD_PATTERNS.count((2, 1)) == CARD_PATTERNS.count((1, 2)) == 1


# --- a take-card position --------------------------------------------------------------------

def take_position(flags: dict, revealed: list[int], cubes: dict | None = None,
                  n: int = 3) -> ColoradoState:
    """Player 0 (alone bidding) is about to take one of ``revealed``."""
    s = fresh(n, cubes=cubes)
    to_bid_phase(s)
    s.flags = {index(*c): (colour, 1) for c, colour in flags.items()}
    s.revealed = list(revealed)
    hands = {p: list(s.hands[p]) for p in range(n)}
    bid_all(s, {p: ((hands[p][-1],) if p == 0 else ()) for p in s.order})
    assert s.phase == "take" and s.to_act() == [0]
    return s


RED_21 = 8     # red card, second star at (2, 1)
RED_ONE = 0    # red card, one star
BLUE_10 = 38   # blue card, second star at (1, 0)


def test_card_ids_used_in_these_tests():
    assert CARDS[RED_21].colour == "red" and CARDS[RED_21].offset == (2, 1)
    assert CARDS[RED_ONE].offset is None
    assert CARDS[BLUE_10].colour == "blue" and CARDS[BLUE_10].offset == (1, 0)


def test_either_star_may_lie_on_the_flag():
    s = take_position({(5, 8): "red"}, [RED_21, BLUE_10])
    events = s.clone().apply(TakeCard(RED_21, (5, 8), 0, 0, ((5, 8), (7, 9))))
    assert cells_of(events, "cube_placed") == [(5, 8), (7, 9)]
    events = s.apply(TakeCard(RED_21, (5, 8), 0, 1, ((3, 7), (5, 8))))
    assert cells_of(events, "cube_placed") == [(3, 7), (5, 8)]
    assert s.owner[index(3, 7)] == 0 and s.owner[index(5, 8)] == 0


def test_cubes_are_optional_and_only_on_starred_empty_land():
    s = take_position({(5, 8): "red"}, [RED_21, BLUE_10], cubes={(7, 9): 2})
    c = s.clone()
    assert cells_of(c.apply(TakeCard(RED_21, (5, 8), 0, 0, ((5, 8),))), "cube_placed") == [(5, 8)]
    c = s.clone()
    assert cells_of(c.apply(TakeCard(RED_21)), "cube_placed") == []
    assert RED_21 in c.used_cards and c.cubes_left[0] == 40
    with pytest.raises(IllegalAction, match="already has a cube"):
        s.apply(TakeCard(RED_21, (5, 8), 0, 0, ((7, 9),)))
    with pytest.raises(IllegalAction, match="not one of the card's starred cells"):
        s.apply(TakeCard(RED_21, (5, 8), 0, 0, ((6, 8),)))
    with pytest.raises(IllegalAction, match="no blue flag"):
        s.apply(TakeCard(BLUE_10, (5, 8), 0, 0, ((5, 8),)))
    with pytest.raises(IllegalAction, match="Choose a flag"):
        s.apply(TakeCard(RED_21, None, 0, 0, ((5, 8),)))
    # A star off the board simply gets no cube.
    with pytest.raises(IllegalAction, match="off the board"):
        s.apply(TakeCard(RED_21, (5, 8), 1, 0, ((4, 10),)))
    assert s.phase == "take" and s.owner[index(5, 8)] == -1


def test_no_cube_on_a_lake_and_one_star_cards():
    s = take_position({(9, 2): "red"}, [RED_21, RED_ONE])
    with pytest.raises(IllegalAction, match="only star on the flag"):
        s.apply(TakeCard(RED_ONE, (9, 2), 0, 1, ((9, 2),)))
    # (9,2) + (2,1) turned twice = (7,1): a lake cell
    with pytest.raises(IllegalAction, match="is a lake"):
        s.apply(TakeCard(RED_21, (9, 2), 2, 0, ((7, 1),)))
    ev = s.apply(TakeCard(RED_ONE, (9, 2), 0, 0, ((9, 2),)))
    assert cells_of(ev, "cube_placed") == [(9, 2)]


def test_take_card_legal_actions_are_exact_outcomes():
    s = take_position({(5, 8): "red", (9, 8): "red"}, [RED_21, BLUE_10])
    acts = s.legal_actions()
    outcomes = {(a.card_id, frozenset(a.cubes)) for a in acts}
    assert len(outcomes) == len(acts)
    # Brute force over every encoding: the same set of outcomes.
    brute = set()
    for card in (RED_21, BLUE_10):
        brute.add((card, frozenset()))
        for flag in ((5, 8), (9, 8)):
            for rot in range(4):
                for anchor in (0, 1):
                    for stars in CARDS[card].star_cells(flag, rot, anchor), :
                        for sub in ((), stars[:1], stars[1:], stars):
                            try:
                                s.clone().apply(TakeCard(card, flag, rot, anchor, sub))
                            except IllegalAction:
                                continue
                            brute.add((card, frozenset(sub)))
    assert brute == outcomes
    # Every listed action applies; each outcome's cubes match a preview.
    for a in acts:
        c = s.clone()
        pv = preview_card_use(c, a)
        ev = c.apply(a)
        assert pv["legal"] and [tuple(x) for x in pv["cells"]] == cells_of(ev, "cube_placed")
    # Blue has no flag: the blue card can only be taken to deny it.
    assert [a for a in acts if a.card_id == BLUE_10] == [TakeCard(BLUE_10)]
    # RED_21 at (5,8): second stars (7,9), (3,7) usable, (4,10) off, (6,6) lake;
    # at (9,8): (11,9), (7,7), (10,6) usable.  Nothing, each flag, 5 seconds, 5 pairs.
    assert len([a for a in acts if a.card_id == RED_21]) == 1 + 2 + 5 + 5


def test_cube_supply_limits_a_card():
    s = take_position({(5, 8): "red"}, [RED_21, BLUE_10])
    s.cubes_left[0] = 1
    with pytest.raises(IllegalAction, match="only 1 cube left"):
        s.apply(TakeCard(RED_21, (5, 8), 0, 0, ((5, 8), (7, 9))))
    assert all(len(a.cubes) <= 1 for a in s.legal_actions())


# --- lakes -------------------------------------------------------------------------------------

def test_recheck_owner_rule():
    assert recheck_owner(-1, [0, 1, 0]) == 1          # first field owns it
    assert recheck_owner(1, [1, 1, 0]) == 1           # equal is not more
    assert recheck_owner(1, [2, 1, 0]) == 0           # more than the owner
    assert recheck_owner(1, [2, 1, 2]) == 1           # nobody alone has the most
    assert recheck_owner(1, [0, 0, 0]) == -1          # no field left anywhere
    assert recheck_owner(1, [1, 0, 1]) == 1           # owner at 0, but a tie: it stays
    assert recheck_owner(1, [1, 0, 0]) == 0


def test_lake_changes_hands_on_placement():
    # Lake 3 at (11,1),(12,1); fields (11,0),(12,0),(10,1),(13,1),(11,2),(12,2).
    s = take_position({(12, 2): "red"}, [RED_21, BLUE_10], cubes={(11, 0): 1})
    assert s.lake_owner[LAKE3] == 1
    # The second star on the flag: the first lies at (12,2) - (2,1) = (10,1), both fields.
    action = TakeCard(RED_21, (12, 2), 0, 1, ((10, 1), (12, 2)))
    pv = preview_card_use(s, action)
    assert pv["legal"] and pv["lake_changes"] == [{"lake": 0, "value": 3, "from": 1, "to": 0}]
    ev = s.apply(action)
    changed = [e for e in ev if e.kind == "lake_changed"]
    assert [(e.data["from"], e.data["to"]) for e in changed] == [(1, 0)]
    assert s.lake_owner[LAKE3] == 0 and s.lake_counts[LAKE3] == [2, 1, 0]


def test_lake_becomes_unowned_when_its_only_field_is_sold():
    s = fresh(cubes={(13, 1): 0, (5, 5): 1, (9, 9): 2})
    assert s.lake_owner[LAKE3] == 0
    finish_flags(s)
    while s.to_act() != [0]:
        s.apply(PassSale())
    s.apply(OfferForSale((13, 1)), 0)
    ev = []
    while s.phase == "interest":
        ev += s.apply(DeclareInterest(False))
    assert s.owner[index(13, 1)] == -1
    assert s.lake_owner[LAKE3] == -1
    assert any(e.kind == "lake_changed" and e.data["to"] == -1 for e in ev)


def test_sale_of_a_field_moves_the_lake_on_each_cube_change():
    s = fresh(cubes={(13, 1): 0, (12, 0): 1, (5, 5): 2})
    assert s.lake_owner[LAKE3] == 0  # first there; 1 has as many, not more
    finish_flags(s)
    offer_by(s, 0, (13, 1))
    while s.phase == "interest":
        s.apply(DeclareInterest(s.to_act()[0] == 2))
    assert s.phase == "give"
    ev = s.apply(GiveCowboy(s.hands[2][0]), 2)
    # The seller's cube leaves: 1 alone has the most and takes the lake; then 2's cube
    # comes: 2 has as many as 1, not more, so 1 keeps it.
    assert [(e.data["from"], e.data["to"]) for e in ev if e.kind == "lake_changed"] == [(0, 1)]
    assert s.owner[index(13, 1)] == 2 and s.lake_owner[LAKE3] == 1


# --- flags ---------------------------------------------------------------------------------------

def test_flag_may_not_stand_next_to_another_flag():
    s = fresh()
    p = s.to_act()[0]
    colour = s.flag_hands[p][0]
    s.apply(PlaceFlag(colour, (5, 5)), p)
    q = s.to_act()[0]
    with pytest.raises(IllegalAction, match="A flag may not stand next to another flag"):
        s.apply(PlaceFlag(s.flag_hands[q][0], (5, 4)), q)
    with pytest.raises(IllegalAction, match="already has a flag"):
        s.apply(PlaceFlag(s.flag_hands[q][0], (5, 5)), q)
    with pytest.raises(IllegalAction, match="is a lake"):
        s.apply(PlaceFlag(s.flag_hands[q][0], (2, 2)), q)
    s.flag_hands[q] = ["red", "red", "green", "orange"]
    with pytest.raises(IllegalAction, match="no blue flag"):
        s.apply(PlaceFlag("blue", (9, 9)), q)
    s.apply(PlaceFlag(s.flag_hands[q][0], (6, 6 - 2)), q)  # diagonal is fine


def test_flag_adjacency_dropped_when_no_cell_is_apart():
    s = fresh(4)
    p = s.to_act()[0]
    s.apply(PlaceFlag(s.flag_hands[p][0], (0, 0)), p)
    # Fill every free cell with cubes except two next to the flag.
    for i in range(NUM_CELLS):
        if s.is_free(i) and i not in (index(1, 0), index(0, 1)):
            s._set_cube(i, next(q for q in range(4) if s.cubes_left[q]), [])
    q = s.to_act()[0]
    assert sorted(s.flag_cells()) == [index(1, 0), index(0, 1)]
    s.apply(PlaceFlag(s.flag_hands[q][0], (1, 0)), q)
    r = s.to_act()[0]
    s.apply(PlaceFlag(s.flag_hands[r][0], (0, 1)), r)
    # No free cell at all: the remaining flags are not placed and the round goes on.
    assert s.phase != "flags"
    assert len(s.flags) == 3 and len(s.flags_unplaced) == 9
    assert s.flags_up


def test_face_down_colour_is_private_until_all_flags_stand():
    s = fresh()
    p = s.to_act()[0]
    colour = s.flag_hands[p][0]
    ev = s.apply(PlaceFlag(colour, (5, 5)), p)
    other = (p + 1) % 3
    assert ev[0].text_for(other).find(colour) == -1 and colour in ev[0].text_for(p)
    assert s.view(p)["flags"][0]["colour"] == colour
    assert s.view(other)["flags"][0]["colour"] is None
    assert s.view(None)["flags"][0]["colour"] is None
    assert colour not in json.dumps(s.view(other)["flags"])
    finish_flags(s)
    assert all(f["colour"] for f in s.view(None)["flags"])


# --- bids ----------------------------------------------------------------------------------------

def test_bid_ranking_by_count_then_highest_cowboy():
    s = fresh()
    to_bid_phase(s)
    set_hands(s, {0: [1, 2, 3], 1: [10, 20], 2: [30, 31]})
    ev = bid_all(s, {0: (1, 2), 1: (10, 20), 2: (30,)})
    assert s.last_bids["ranking"] == [1, 0, 2]
    assert s.take_queue == [1, 0]  # 2 cards for 3 players: the third gets nothing
    assert s.last_bids["refill"] == [2]
    assert any(e.kind == "bids_revealed" for e in ev)
    # Every bid cowboy went back to the bag, winners' and losers'.
    assert s.hands[0] == [3] and s.hands[1] == [] and s.hands[2] == [31]
    assert {1, 2, 10, 20, 30} <= set(s.bag)


def test_zero_bidders_draw_and_take_nothing():
    s = fresh()
    to_bid_phase(s)
    set_hands(s, {0: [1, 2, 3], 1: [10, 20], 2: [30, 31]})
    bid_all(s, {0: (), 1: (10,), 2: ()})
    assert s.take_queue == [1] and s.last_bids["refill"] == [p for p in s.order if p != 1]
    s.apply(TakeCard(s.revealed[0]), 1)
    # Refill: the players who bid nothing draw 2 each; the only bidder does not.
    assert len(s.hands[0]) == 5 and len(s.hands[2]) == 4 and s.hands[1] == [20]


def test_lowest_ranked_bidder_draws_when_everybody_bid():
    s = fresh()
    to_bid_phase(s)
    set_hands(s, {0: [1, 2, 3], 1: [10, 20], 2: [30, 31]})
    bid_all(s, {0: (3,), 1: (10,), 2: (30, 31)})
    assert s.last_bids["ranking"] == [2, 1, 0] and s.take_queue == [2, 1]
    s.apply(TakeCard(s.revealed[0]), 2)
    s.apply(TakeCard(s.revealed[0]), 1)
    assert len(s.hands[0]) == 4 and s.hands[1] == [20] and s.hands[2] == []


def test_refill_from_a_short_bag_in_turn_order():
    s = fresh()
    to_bid_phase(s)
    bag = [64, 65]
    others = [c for c in range(1, 67) if c not in (10, 64, 65)]
    set_hands(s, {0: others[:20], 1: [10] + others[20:40], 2: others[40:]}, bag=bag)
    assert sum(map(len, s.hands)) + len(s.bag) == 66
    bid_all(s, {0: (), 1: (10,), 2: ()})
    assert sorted(s.bag) == [10, 64, 65]
    s.apply(TakeCard(s.revealed[0]), 1)
    first, second = [p for p in s.order if p in (0, 2)]
    before = {0: 20, 2: len(others[40:])}
    assert len(s.hands[first]) == before[first] + 2
    assert len(s.hands[second]) == before[second] + 1
    assert s.bag == []


def test_bids_are_secret_until_all_are_in():
    s = fresh()
    to_bid_phase(s)
    set_hands(s, {0: [1, 2, 3], 1: [10, 20], 2: [30, 31]})
    s.apply(Bid((2, 3)), 0)
    assert s.to_act() == [p for p in s.order if p != 0]
    for viewer in (1, 2, None):
        v = s.view(viewer)
        assert v["bids_in"][0] is True and v["my_bid"] is None
        assert v["cowboy_counts"][0] == 3  # nothing of the bid shows, not even its size
        assert v["last_bids"] is None and v["my_cowboys"] != [1, 2, 3]
    assert s.view(0)["my_bid"] == [2, 3]
    with pytest.raises(IllegalAction, match="not player 1's turn"):
        s.apply(Bid(()), 0)
    with pytest.raises(IllegalAction, match="only your own cowboys"):
        s.apply(Bid((1,)), 1)
    with pytest.raises(IllegalAction, match="only once"):
        s.apply(Bid((10, 10)), 1)


def test_players_without_cowboys_bid_nothing_automatically():
    s = fresh()
    s.hands[0], s.bag = [], s.bag + s.hands[0]
    to_bid_phase(s)
    assert 0 not in s.to_act() and s.bids[0] == ()


# --- sales ---------------------------------------------------------------------------------------

def market(cubes=None, n=3) -> ColoradoState:
    s = fresh(n, cubes=cubes or {(5, 5): 0, (9, 9): 1, (1, 8): 2})
    finish_flags(s)
    assert s.phase == "offer"
    return s


def offer_by(s: ColoradoState, seller: int, cell) -> None:
    while s.to_act() != [seller]:
        s.apply(PassSale())
    s.apply(OfferForSale(cell), seller)


def test_sale_nobody_interested_frees_the_land():
    s = market()
    seller = s.order[1]
    cell = {0: (5, 5), 1: (9, 9), 2: (1, 8)}[seller]
    hand, bag = len(s.hands[seller]), len(s.bag)
    offer_by(s, seller, cell)
    assert s.tokens[seller] == 4 and s.sales_this_round[seller] == 1
    assert s.to_act() == [p for p in s.order if p != seller][:1]
    while s.phase == "interest":
        s.apply(DeclareInterest(False))
    assert s.owner[index(*cell)] == -1
    assert len(s.hands[seller]) == hand + 2 and len(s.bag) == bag - 2
    assert s.last_sale["buyer"] is None and s.phase == "offer"
    assert s.to_act() == [s.order[2]]  # the market goes on in turn order


def test_sale_one_interested_gives_a_cowboy_of_their_choice():
    s = market()
    seller, buyer = s.order[0], s.order[2]
    cell = {0: (5, 5), 1: (9, 9), 2: (1, 8)}[seller]
    offer_by(s, seller, cell)
    s.apply(DeclareInterest(False), s.order[1])
    s.apply(DeclareInterest(True), buyer)
    assert s.phase == "give" and s.to_act() == [buyer]
    gift = s.hands[buyer][3]
    seller_hand = list(s.hands[seller])
    ev = s.apply(GiveCowboy(gift), buyer)
    assert s.owner[index(*cell)] == buyer
    assert gift in s.hands[seller] and gift not in s.hands[buyer]
    assert len(s.hands[seller]) == len(seller_hand) + 3  # the gift and 2 drawn
    given = next(e for e in ev if e.kind == "cowboy_given")
    assert str(gift) in given.text_for(seller)
    assert str(gift) not in given.text_for(s.order[1]) and given.private_to == seller


def test_sale_auction_winner_pays_whole_bid_others_take_back():
    s = market()
    seller = s.order[0]
    a, b = s.order[1], s.order[2]
    cell = {0: (5, 5), 1: (9, 9), 2: (1, 8)}[seller]
    hands = {seller: [1, 2], a: [40, 50, 3], b: [60, 4]}
    set_hands(s, hands)
    offer_by(s, seller, cell)
    s.apply(DeclareInterest(True), a)
    s.apply(DeclareInterest(True), b)
    assert s.phase == "auction" and sorted(s.to_act()) == sorted([a, b])
    with pytest.raises(IllegalAction, match="at least one cowboy"):
        s.apply(SaleBid(()), a)
    s.apply(SaleBid((3, 40)), a)
    assert "40" not in json.dumps(s.view(b)["sale"]) and s.view(a)["my_sale_bid"] == [3, 40]
    s.apply(SaleBid((4, 60)), b)  # two each: the highest cowboy (60) wins
    assert s.owner[index(*cell)] == b
    assert s.hands[a] == [3, 40, 50]       # the loser takes the bid back
    assert s.hands[b] == []                # the winner gave the whole bid
    assert {1, 2, 4, 60} <= set(s.hands[seller]) and len(s.hands[seller]) == 6


def test_auction_paid_with_one_cowboy_reads_singular():
    s = market()
    seller, a, b = s.order[0], s.order[1], s.order[2]
    set_hands(s, {seller: [1, 2], a: [40, 3], b: [60, 4]})
    offer_by(s, seller, {0: (5, 5), 1: (9, 9), 2: (1, 8)}[seller])
    s.apply(DeclareInterest(True), a)
    s.apply(DeclareInterest(True), b)
    s.apply(SaleBid((40,)), a)
    events = s.apply(SaleBid((60,)), b)
    text = next(e.text for e in events if e.kind == "sale_bids_revealed")
    assert text.endswith(" cowboy 60.")


def test_sale_needs_a_cowboy_to_declare_interest():
    s = market()
    seller = s.order[0]
    poor = s.order[1]
    s.bag += s.hands[poor]
    s.hands[poor] = []
    offer_by(s, seller, {0: (5, 5), 1: (9, 9), 2: (1, 8)}[seller])
    assert s.to_act() == [s.order[2]]  # the player without cowboys is skipped
    assert poor in s.sale.declined


def test_sale_token_limits():
    s = fresh(cubes={(5, 5): 0, (6, 8): 0, (4, 4): 0, (9, 9): 1, (1, 8): 2})
    assert s.tokens == [5, 5, 5]
    assert fresh(4).tokens == [4, 4, 4, 4]
    s.sales_this_round[0] = 2
    s.tokens[1] = 0
    finish_flags(s)
    # Players 0 (twice this round) and 1 (no token) are skipped in the market.
    assert s.to_act() == [2]
    with pytest.raises(IllegalAction):
        s.apply(OfferForSale((5, 5)), 0)
    with pytest.raises(IllegalAction, match="only your own land"):
        s.apply(OfferForSale((5, 5)), 2)


def test_twice_per_round_then_no_more():
    s = fresh(cubes={(5, 5): 0, (6, 8): 0, (4, 4): 0, (9, 9): 1, (1, 8): 2})
    finish_flags(s)
    sold = 0
    while s.round == 1:
        p = s.to_act()[0]
        if s.phase == "offer" and p == 0:
            s.apply(OfferForSale(next(a.cell for a in s.legal_actions() if a != PassSale())))
            sold += 1
        elif s.phase == "interest":
            s.apply(DeclareInterest(False))
        else:
            s.apply(s.legal_actions(p)[0], p)
    assert sold == 2 and s.tokens[0] == 3


def test_no_sales_once_the_last_cards_are_revealed():
    s = fresh(cubes={(5, 5): 0, (9, 9): 1, (1, 8): 2})
    finish_flags(s)
    markets = lasts = 0
    while s.round == 1:
        p = s.to_act()[0]
        acts = s.legal_actions(p)
        for e in s.apply(PassSale() if PassSale() in acts else acts[0], p):
            if e.kind == "cards_revealed" and s.round == 1:
                if e.data["last"]:
                    lasts += 1
                    assert s.phase == "bid" and not s.round_deck
                else:
                    markets += 1
                    assert s.phase == "offer" and s.round_deck
    assert (markets, lasts) == (4, 1)  # 5 more turns of 2 cards after the first


# --- scoring -------------------------------------------------------------------------------------

def board(cells: dict) -> list[int]:
    owner = [-1] * NUM_CELLS
    for (x, y), p in cells.items():
        owner[index(x, y)] = p
    return owner


def pts(results, category):
    return [r.points for r in results if r.category == category]


LAKES = LakeMap.build([(v, tuple(c)) for v, c in LAYOUT]).lakes


def test_rank_prizes_ties_share_and_skip_zero_never_scores():
    assert rank_prizes([5, 5, 3], (6, 2)) == [6, 6, 0]
    assert rank_prizes([5, 3, 3], (6, 2)) == [6, 2, 2]
    assert rank_prizes([4, 0, 0], (6, 2)) == [6, 0, 0]
    assert rank_prizes([0, 0, 0, 0], (6, 2)) == [0, 0, 0, 0]
    assert rank_prizes([1, 2, 3, 3], (9, 3)) == [0, 0, 9, 9]


def test_borders_per_round():
    owner = board({(0, 0): 0, (1, 0): 0, (14, 5): 1, (5, 9): 2, (6, 9): 2, (7, 9): 2,
                   (5, 5): 1})
    for rnd, (first, second) in {1: (6, 2), 2: (9, 3), 3: (4, 2), 4: (2, 1)}.items():
        res = score_round(rnd, owner, [-1] * 6, LAKES, 3)
        assert pts(res, "borders") == [second, 0, first]
    tied = board({(0, 0): 0, (14, 0): 1, (5, 5): 2})
    assert pts(score_round(2, tied, [-1] * 6, LAKES, 3), "borders") == [9, 9, 0]


def test_doubles_are_groups_of_exactly_two():
    owner = board({
        (5, 4): 0, (6, 4): 0,                 # a double
        (10, 7): 0, (10, 8): 0,               # another double
        (0, 5): 0, (0, 6): 0, (0, 7): 0,      # three in a row: a domain, not a double
        (9, 3): 1, (10, 4): 1,                # diagonal: not adjacent
        (4, 6): 2, (4, 7): 2,
    })
    for rnd, each in {1: 2, 2: 3, 3: 2, 4: 1}.items():
        assert pts(score_round(rnd, owner, [-1] * 6, LAKES, 3), "doubles") == [2 * each, 0,
                                                                               each]


def test_big_domain_largest_only_first_and_second():
    owner = board({
        (0, 4): 0, (0, 5): 0, (0, 6): 0, (1, 6): 0,  # 4
        (9, 9): 0, (10, 9): 0, (11, 9): 0,           # 3 (not counted: largest only)
        (5, 3): 1, (6, 3): 1, (7, 3): 1,             # 3
        (9, 7): 2, (10, 7): 2,                       # a double: no domain
    })
    assert pts(score_round(1, owner, [-1] * 6, LAKES, 3), "domain") == [0, 0, 0]
    assert pts(score_round(2, owner, [-1] * 6, LAKES, 3), "domain") == [4, 0, 0]
    assert pts(score_round(3, owner, [-1] * 6, LAKES, 3), "domain") == [7, 2, 0]
    assert pts(score_round(4, owner, [-1] * 6, LAKES, 3), "domain") == [11, 5, 0]
    res = score_round(4, owner, [-1] * 6, LAKES, 3)
    dom = next(r for r in res if r.category == "domain" and r.player == 0)
    assert dom.count == 4 and len(dom.cells) == 4
    tie = board({(0, 4): 0, (0, 5): 0, (0, 6): 0, (5, 3): 1, (6, 3): 1, (7, 3): 1,
                 (9, 7): 2, (10, 7): 2, (11, 7): 2, (9, 8): 2})
    assert pts(score_round(4, tie, [-1] * 6, LAKES, 3), "domain") == [5, 5, 11]


def test_lakes_per_round_and_values_in_round_four():
    owner = [-1] * NUM_CELLS
    lake_owner = [0, 1, -1, 0, 2, 2]  # values 3,4,5,6,7,8
    assert pts(score_round(1, owner, lake_owner, LAKES, 3), "lakes") == [2, 1, 2]
    assert pts(score_round(2, owner, lake_owner, LAKES, 3), "lakes") == [4, 2, 4]
    assert pts(score_round(3, owner, lake_owner, LAKES, 3), "lakes") == [6, 3, 6]
    assert pts(score_round(4, owner, lake_owner, LAKES, 3), "lakes") == [9, 4, 15]


# --- rounds, end, tie-break, undo, saves ------------------------------------------------------

def play_until(s: ColoradoState, stop) -> None:
    while not stop(s):
        p = s.to_act()[0]
        acts = s.legal_actions(p)
        s.apply(PassSale() if PassSale() in acts else acts[len(acts) // 2], p)


def test_rounds_start_passes_left_and_game_ends_after_round_four():
    s = new_game(4, 7, lakes=LAYOUT)
    start = s.start_player
    seen = []
    while not s.is_over():
        if s.round not in [r for r, _ in seen]:
            seen.append((s.round, s.start_player))
        play_until(s, lambda st, r=s.round: st.round != r or st.is_over())
    assert seen == [(r, (start + r - 1) % 4) for r in (1, 2, 3, 4)]
    assert s.round == 4 and len(s.round_results) == 4 and s.to_act() == []
    assert len(s.used_cards) + len(s.discarded) == 48 and not any(s.decks)
    assert s.winners() and s.legal_actions(0) == []


def test_final_tie_break_by_cubes_then_shared():
    s = fresh()
    s.score = [30, 30, 12]
    s.cubes_left = [20, 25, 10]
    s._end_game([])
    assert s.winners() == [0] and s.is_over()
    s = fresh()
    s.score = [30, 30, 12]
    s.cubes_left = [20, 20, 10]
    ev = []
    s._end_game(ev)
    assert s.winners() == [0, 1] and "Shared" in ev[0].text


def test_undo_only_until_hidden_information_or_a_draw():
    s = fresh()
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert s.is_undoable(0) and s.is_undoable(1)
    finish_flags(s)  # the last flag turns all up and reveals cards
    last = len(s.history) - 1
    assert not s.is_undoable(last) and not s.is_undoable(0)
    while s.phase == "offer":
        s.apply(PassSale())
    p = s.to_act()[0]
    s.apply(Bid(()), p)
    assert s.is_undoable(len(s.history) - 1)
    for q in s.to_act():
        s.apply(Bid(()), q)
    assert not s.is_undoable(len(s.history) - 1)  # bids revealed, cowboys drawn


def test_illegal_action_leaves_state_unchanged():
    s = fresh()
    before = s.snapshot()
    for bad in (PlaceFlag("red", (2, 2)), Bid(()), TakeCard(0), PlaceFlag("red", (99, 0))):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.snapshot() == before


def test_registry_options_and_saves():
    s = GAMES["colorado"].new(3, 11, lakes="random")
    play_until(s, lambda st: len(st.history) >= 60)
    back = loads(dumps(s))
    assert back.snapshot() == s.snapshot()
    with pytest.raises(ValueError):
        new_game(2, 1)
    with pytest.raises(ValueError):
        new_game(3, 1, lakes=[(3, [(0, 0), (1, 0)])])


def test_preview_from_a_view_agrees_with_apply():
    s = take_position({(5, 8): "red", (12, 2): "red"}, [RED_21, BLUE_10],
                      cubes={(11, 0): 1})
    view = s.view(0)
    for a in s.legal_actions():
        pv_view = preview_card_use(view, a)
        pv_state = preview_card_use(s, a)
        assert pv_view == pv_state
    bad = preview_card_use(view, TakeCard(RED_21, (5, 8), 0, 0, ((6, 8),)))
    assert not bad["legal"] and "starred" in bad["reason"]


def test_view_keys_and_privacy():
    s = fresh()
    v = s.view(0)
    for key in ("phase", "round", "to_act", "owners", "lakes", "flags", "scores",
                "cubes_left", "sale_tokens", "sales_this_round", "cowboy_counts",
                "my_cowboys", "bag_count", "revealed_cards", "market_queue", "sale",
                "bids_in", "last_bids", "take_queue", "my_flags"):
        assert key in v
    assert v["my_cowboys"] == s.hands[0]
    assert s.view(None)["my_cowboys"] is None and s.view(None)["my_flags"] is None
    assert "bag" not in v and "decks" not in v
    json.dumps(v)
    assert len(v["owners"]) == 10 and len(v["owners"][0]) == WIDTH
