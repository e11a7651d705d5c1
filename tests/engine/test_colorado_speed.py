"""Colorado County's fast paths give exactly what the plain algorithms give: the legal card
uses, offers, flag cells, representative bids, groups of cells, lake maps, card arguments,
and the listed actions (flags included) ``apply`` carries out without checking them again
(only while nothing was played since)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.engine.core import IllegalAction
from game.games.colorado.engine import Bid, OfferForSale, PassSale, TakeCard, new_game
from game.games.colorado.engine.bidding import bid_options
from game.games.colorado.engine.cardplay import check_card_use
from game.games.colorado.engine.cards import CARDS, FLAG_COLOURS, Card
from game.games.colorado.engine.events import _card_arg, card_arg
from game.games.colorado.engine.flags import check_place_flag
from game.games.colorado.engine.grid import NEIGHBOURS, NUM_CELLS, index, mask_cells, on_board, xy
from game.games.colorado.engine.lakes import LakeMap, check_layout, first_game_layout, lake_map
from game.games.colorado.engine.rules import _PLACE_FLAG
from game.games.colorado.engine.scoring import CategoryScore, groups
from game.games.colorado.engine.state import ColoradoState
from game.games.colorado.engine.taking import listed_use, take_actions


# --- the plain algorithms, as they were written first -------------------------------------------
def plain_take_actions(state: ColoradoState, player: int) -> list[TakeCard]:
    out = []
    left = state.cubes_left[player]
    owner = state.owner
    lake_at = state.lakemap.lake_at
    by_colour: dict[str, list[tuple[int, int]]] = {c: [] for c in FLAG_COLOURS}
    for i in sorted(state.flags):
        by_colour[state.flags[i][0]].append(xy(i))
    for cid in state.revealed:
        card = CARDS[cid]
        out.append(TakeCard(cid))
        if not left:
            continue
        seen: set[frozenset[tuple[int, int]]] = set()
        for flag in by_colour[card.colour]:
            for rot in ((0,) if card.offset is None else (0, 1, 2, 3)):
                stars = card.star_cells(flag, rot, 0)
                ok = [c for c in stars if on_board(*c) and lake_at[index(*c)] < 0
                      and owner[index(*c)] < 0]
                subsets = [(c,) for c in ok]
                if len(ok) == 2 and left >= 2:
                    subsets.append(tuple(ok))
                for sub in subsets:
                    if frozenset(sub) not in seen:
                        seen.add(frozenset(sub))
                        out.append(TakeCard(cid, flag, rot, 0, sub))
    return out


def plain_mask_cells(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def plain_groups(owner: list[int], player: int) -> list[list[int]]:
    seen: set[int] = set()
    out = []
    for start in range(NUM_CELLS):
        if owner[start] != player or start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            i = todo.pop()
            group.append(i)
            for n in NEIGHBOURS[i]:
                if n not in seen and owner[n] == player:
                    seen.add(n)
                    todo.append(n)
        out.append(sorted(group))
    return out


def plain_bid_options(hand: list[int], at_least_one: bool) -> list[tuple[int, ...]]:
    hs = sorted(hand)
    out: list[tuple[int, ...]] = [] if at_least_one else [()]
    out += [(c,) for c in hs]
    out += [tuple(hs[-k:]) for k in range(2, len(hs) + 1)]
    out += [tuple(hs[:k]) for k in range(2, len(hs))]
    return out


def positions(games: int, seed: int, lakes: str = "first"):
    """``(state, player)`` all along seeded random games, with cubes running low for some."""
    rng = random.Random(seed)
    for g in range(games):
        s = new_game(3 + g % 2, seed * 100 + g, lakes=lakes)
        if g % 3 == 2:
            s.cubes_left = [rng.choice((1, 2, 3)) for _ in s.cubes_left]
        while not s.is_over():
            p = s.to_act()[0]
            yield s, p
            s.apply(rng.choice(s.legal_actions(p)), p)


@pytest.mark.parametrize("lakes", ["first", "random"])
def test_card_uses_are_those_of_the_plain_generator(lakes):
    takes = 0
    for s, p in positions(12, 5, lakes):
        if s.phase == "take":
            takes += 1
            fast = take_actions(s, p)
            assert fast == plain_take_actions(s, p)
            for a in fast:  # each described as the full check describes it
                use = check_card_use(a, s.revealed, s.flag_colours_at(), s.owner,
                                     s.lakemap.lake_at, s.cubes_left[p])
                assert listed_use(a) == use
    assert takes > 100


def test_flag_cells_and_groups_are_those_of_the_plain_algorithms():
    rng = random.Random(3)
    for _ in range(2000):
        mask = rng.getrandbits(NUM_CELLS) & rng.getrandbits(NUM_CELLS)
        mask |= rng.choice((0, 1, 1 << (NUM_CELLS - 1), rng.getrandbits(NUM_CELLS)))
        assert mask_cells(mask) == plain_mask_cells(mask)
        owner = [rng.choice((-1, -1, 0, 1, 2, 3)) for _ in range(NUM_CELLS)]
        assert groups(owner, 4) == [plain_groups(owner, p) for p in range(4)]
    assert mask_cells(0) == []
    for s, _ in positions(4, 9):
        if s.phase == "flags":
            assert s.flag_cells() == plain_mask_cells(s.flag_mask())


def test_representative_bids_are_those_of_the_plain_generator():
    rng = random.Random(4)
    for _ in range(500):
        hand = rng.sample(range(1, 67), rng.randrange(0, 25))
        for at_least_one in (False, True):
            options = bid_options(hand, at_least_one)
            assert options == plain_bid_options(hand, at_least_one)
            assert all(type(b) is tuple for b in options)


def test_a_lake_map_is_built_once_per_layout_and_bad_layouts_are_still_refused():
    layout = first_game_layout()
    assert lake_map(layout) == LakeMap.build(check_layout(layout))
    assert lake_map([(v, [list(c) for c in cells]) for v, cells in layout]) is lake_map(layout)
    assert new_game(3, 1).lakemap is new_game(4, 2).lakemap
    first = first_game_layout()
    first.pop()  # a caller's copy: the next game still has every lake
    assert len(new_game(3, 1).lakemap.lakes) == 6
    broken = [(v, cells) for v, cells in layout if v != 5]
    with pytest.raises(ValueError, match="exactly one lake of each value"):
        lake_map(broken)
    with pytest.raises(ValueError, match="exactly one lake of each value"):
        new_game(3, 1, lakes=broken)


def _take_position() -> tuple[ColoradoState, int]:
    rng = random.Random(8)
    s = new_game(3, 8)
    while not (s.phase == "take" and len(s.legal_actions(s.to_act()[0])) > 3):
        p = s.to_act()[0]
        s.apply(rng.choice(s.legal_actions(p)), p)
    return s, s.to_act()[0]


def test_a_listed_action_is_trusted_only_as_that_object_at_that_move():
    s, p = _take_position()
    listed = s.legal_actions(p)
    use = next(a for a in listed if a.cubes)
    twin = TakeCard(use.card_id, use.flag_cell, use.rotation, use.anchor_star, use.cubes)
    assert twin == use and twin is not use
    # a list changed by its caller trusts nothing new
    listed.append(TakeCard(next(c for c in range(len(CARDS)) if c not in s.revealed)))
    assert s.refusal(listed[-1], p) is not None
    # an equal action made elsewhere is checked in full; both are described alike
    assert s.refusal(twin, p) is None and s.checked_use[0] is twin
    full = s.checked_use[2]
    assert s.refusal(use, p) is None and s.checked_use[0] is use
    assert s.checked_use[2] == full
    # once a move was played, the old list is checked again: its card is gone
    s.apply(use, p)
    s.take_queue.insert(0, p)  # by hand: the same player to take again
    assert s.refusal(use, p) is not None


def test_a_position_set_up_by_hand_checks_actions_listed_before():
    s, p = _take_position()
    use = next(a for a in s.legal_actions(p) if a.cubes)
    s._set_cube(index(*use.cubes[0]), (p + 1) % s.num_players, [])
    with pytest.raises(IllegalAction, match="already has a cube"):
        s.apply(use, p)


def test_a_bid_listed_for_one_seat_is_checked_for_another():
    rng = random.Random(2)
    s = new_game(4, 2)
    while s.phase != "bid" or len(s.to_act()) < 2:
        p = s.to_act()[0]
        s.apply(rng.choice(s.legal_actions(p)), p)
    first, second = s.to_act()[:2]
    bid = next(b for b in s.legal_actions(first) if b.cowboys
               and not set(b.cowboys) <= set(s.hands[second]))
    assert isinstance(bid, Bid)
    with pytest.raises(IllegalAction, match="only your own cowboys"):
        s.apply(bid, second)
    s.apply(bid, first)
    assert s.bids[first] == tuple(sorted(bid.cowboys))


def test_clones_and_determinizations_list_their_own_actions():
    s, p = _take_position()
    listed = s.legal_actions(p)
    c = s.clone()
    assert c._listed is None
    c.apply(listed[-1], p)  # checked in full, carried out all the same
    d = ColoradoState.state_from_view(s.view(p), random.Random(1))
    assert d._listed is None and d.legal_actions(p) == listed


def test_only_the_very_object_listed_is_trusted_not_an_equal_one():
    s, p = _take_position()
    use = next(a for a in s.legal_actions(p) if a.cubes)
    twin = TakeCard(use.card_id, use.flag_cell, use.rotation, use.anchor_star, use.cubes)
    s.owner[index(*use.cubes[0])] = (p + 1) % s.num_players  # by hand, without listing again
    assert "already has a cube" in str(s.refusal(twin, p))  # equal, not listed: checked
    assert s.refusal(use, p) is None  # the listed object itself is trusted (see ``_listed``)


def plain_offers(state: ColoradoState, player: int) -> list:
    return [PassSale()] + [OfferForSale(xy(i)) for i in range(NUM_CELLS)
                           if state.owner[i] == player]


def test_offers_listed_are_those_of_the_plain_listing():
    rng = random.Random(12)
    checked = 0
    for s, p in positions(8, 12):
        if s.phase == "offer":
            assert s.legal_actions(p) == plain_offers(s, p)
            checked += 1
    assert checked > 50
    s = new_game(4, 3)  # a crowded board: every cell owned by someone, the corners too
    for i in range(NUM_CELLS):
        if s.lakemap.lake_at[i] < 0:
            s._set_cube(i, rng.randrange(4), [])
    s._set_cube(0, 2, [])
    s._set_cube(NUM_CELLS - 1, 2, [])
    s.phase, s.market_queue = "offer", [2]
    assert s.legal_actions(2) == plain_offers(s, 2)


def test_a_listed_flag_is_trusted_exactly_where_the_full_check_allows_it():
    """Every shared flag action (each colour on each cell) right after a listing: the
    fast path agrees with the full check, for the seat listed and for another seat."""
    rng = random.Random(6)
    checked = 0
    for g in range(3):
        s = new_game(3 + g % 2, 60 + g, lakes="random" if g else "first")
        if g == 2:  # a crowded board: flags end up side by side, or find no cell
            for i in rng.sample(range(NUM_CELLS), NUM_CELLS - 12):
                if s.lakemap.lake_at[i] < 0:
                    s._set_cube(i, rng.randrange(s.num_players), [])
        while s.round == 1 and not s.is_over():
            p = s.to_act()[0]
            legal = s.legal_actions(p)
            if s.phase == "flags":
                other = (p + 1) % s.num_players
                listed = {id(a) for a in legal}
                for a in (a for shared in _PLACE_FLAG.values() for a in shared):
                    plain = check_place_flag(s, a, p)
                    assert (id(a) in listed) == (plain is None)
                    assert s.refusal(a, p) == plain
                    assert s.refusal(a, other) == check_place_flag(s, a, other)
                checked += 1
            s.apply(rng.choice(legal), p)
    assert checked > 20


def test_card_arguments_made_once_are_those_made_afresh():
    for card in CARDS:
        assert card_arg(card) == _card_arg(card)
        assert card_arg(card) is card_arg(card)
    foreign = Card(3, "blue", (2, 1))  # not the game's card 3: its own argument
    assert card_arg(foreign) == _card_arg(foreign) != card_arg(CARDS[3])


def test_who_acts_is_known_from_a_listing_exactly_when_to_act_says_so():
    seen = 0
    for s, _ in positions(6, 4):
        seats = range(s.num_players)
        assert [s.acts_now(q) for q in seats] == [q in s.to_act() for q in seats]
        for q in s.to_act():  # each seat listed in turn, then every seat asked again
            s.legal_actions(q)
            assert [s.acts_now(r) for r in seats] == [r in s.to_act() for r in seats]
            seen += 1
    assert seen > 500
    s, p = _take_position()
    s.legal_actions(p)
    s.take_queue[0] = (p + 1) % s.num_players  # by hand, without listing again
    s._listed = None  # (as the set-ups by hand do)
    assert not s.acts_now(p)
    with pytest.raises(IllegalAction, match="not player"):
        s.apply(s.legal_actions(s.to_act()[0])[0], p)


def test_a_category_score_holds_what_a_plain_frozen_dataclass_would():
    @dataclasses.dataclass(frozen=True)
    class Plain:
        category: str
        player: int
        points: int
        count: int
        cells: tuple[int, ...]

    for args in [("borders", 1, 6, 3, (0, 1, 2)), ("lakes", 0, 0, 0, ())]:
        made, plain = CategoryScore(*args), Plain(*args)
        assert vars(made) == vars(plain) and made == CategoryScore(*args)
        assert repr(made).partition("(")[1:] == repr(plain).partition("(")[1:]
        assert hash(made) == hash(CategoryScore(*args)) and made != CategoryScore("x", *args[1:])
        assert CategoryScore(**vars(plain)) == made
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.points = 1  # type: ignore[misc]
