"""Oregon's fast paths answer exactly what the plain rules answer.

The legal plays come from cached action objects filtered by free-cell flags, the draw phase
from a streamlined deck choice, and an action taken from the list a state just gave is
applied without being checked again.  Each is compared here with a plain implementation of
the same rule (the engine's own before it was made fast) on many positions of random games,
and the unchecked path is shown to vouch for nothing but the list of this very state.
"""

from __future__ import annotations

import random

import pytest

from game.engine.core import IllegalAction
from game.games.oregon.engine import (
    DiscardDead,
    DiscardNoPlacement,
    Draw,
    PlaceBuilding,
    PlaceFarmer,
    PlaceStartTile,
    new_game,
    placement,
    rules,
)
from game.games.oregon.engine.cards import DECKS, HAND_SIZE
from game.games.oregon.engine.flow import draw_decks
from game.games.oregon.engine.geometry import bits
from game.games.oregon.engine.phases import Phase
from game.games.oregon.engine.positions import (
    TEST_BOARD,
    blank_position,
    card_of,
    give_hand,
    put_farmer,
)


# --- the plain rules ------------------------------------------------------------------------
def plain_play_actions(st, p):
    """Every legal play, built one by one: farmers with 2 cards, farmers with the joker,
    buildings with 2 cards, buildings with the joker, then the discards."""
    b = st.board
    hand = st.hands[p]
    lands = sorted(c for c in hand if c < 50)
    free = b.land & ~st.occupied
    out = []
    if st.farmers_left[p] > 0:
        for k, a in enumerate(lands):
            for c in lands[k + 1:]:
                out += [PlaceFarmer((a, c), b.xy[i]) for i in bits(b.farm[a // 10][c // 10] & free)]
        if st.joker[p]:
            for a in lands:
                out += [PlaceFarmer((a,), b.xy[i]) for i in bits(b.band[a // 10] & free)]
    for c in sorted(c for c in hand if c >= 50):
        t = (c - 50) // 3
        if st.stacks[t] == 0:
            continue
        allowed = b.allowed[t] & ~st.occupied
        for a in lands:
            out += [PlaceBuilding((a, c), b.xy[i]) for i in bits(b.band[a // 10] & allowed)]
        if st.joker[p]:
            out += [PlaceBuilding((c,), b.xy[i]) for i in bits(allowed)]
    if not out:
        cards = sorted(hand)
        out = [DiscardNoPlacement((a, c)) for k, a in enumerate(cards) for c in cards[k + 1:]]
    else:
        out += [DiscardNoPlacement((a, c)) for k, a in enumerate(lands) for c in lands[k + 1:]
                if not b.farm[a // 10][c // 10] & free]
    return out


def plain_draw_decks(st, p):
    available = [d for d in (0, 1) if st.deck[d] or st.discard[d]]
    hand = st.hands[p]
    slots = HAND_SIZE - len(hand)
    if slots <= 0:
        return []
    has_land = any(c < 50 for c in hand)
    has_build = len(hand) > 0 and any(c >= 50 for c in hand)
    needed = [d for d, has in ((0, has_land), (1, has_build)) if not has]
    if needed and slots <= len(needed):
        forced = [d for d in needed if d in available]
        if forced:
            return forced
    return available


def plain_legal_actions(st, p):
    if st.phase == Phase.PLAY:
        return plain_play_actions(st, p)
    if st.phase == Phase.DRAW and st.pending < 0:
        dead = [DiscardDead(c) for c in sorted(st.hands[p]) if not st.drawn_any
                and c >= 50 and st.stacks[(c - 50) // 3] == 0]
        return dead + [Draw(DECKS[d]) for d in plain_draw_decks(st, p)]
    if st.phase == Phase.START_TILE:
        region = st.board.allowed[st.start_tiles[p]] & ~st.occupied
        return [PlaceStartTile(st.board.xy[i]) for i in bits(region)]
    return rules.legal_actions(st, p)  # extra turn, drawn card: two fixed actions


def positions(games, every=1, options=TEST_BOARD):
    """States along seeded random games of 2, 3 and 4 players (every ``every``-th step);
    half the games prefer farmers, so boards fill up and the end comes by either rule."""
    for g in range(games):
        st = new_game(2 + g % 3, 100 + g, **options)
        rng = random.Random(g)
        step = 0
        while not st.is_over():
            p = st.to_act()[0]
            if step % every == 0:
                yield st, p
            legal = st.legal_actions(p)
            farmers = [a for a in legal if isinstance(a, PlaceFarmer)]
            pick = farmers if farmers and g % 2 and rng.random() < 0.8 else legal
            st.apply(rng.choice(pick), p)
            step += 1


def same_list(fast, plain):
    assert [(type(a), a) for a in fast] == [(type(a), a) for a in plain]
    assert [repr(a) for a in fast] == [repr(a) for a in plain]


# --- the listings ---------------------------------------------------------------------------
@pytest.mark.parametrize("options", [TEST_BOARD, {}], ids=["test board", "map"])
def test_every_listing_equals_the_plain_rules_along_random_games(options):
    seen = set()
    for st, p in positions(24, options=options):
        same_list(st.legal_actions(p), plain_legal_actions(st, p))
        seen.add(st.phase)
        if st.phase == Phase.PLAY:  # seats not on turn are listed too when a search asks
            same_list(placement.play_actions(st, (p + 1) % st.num_players),
                      plain_play_actions(st, (p + 1) % st.num_players))
        if st.phase == Phase.DRAW:
            for q in range(st.num_players):
                assert draw_decks(st, q) == plain_draw_decks(st, q)
    assert {Phase.START_TILE, Phase.PLAY, Phase.DRAW} <= seen


def test_listings_of_crowded_boards_and_spent_jokers():
    """Late positions: regions partly taken, jokers spent, stacks empty, hands of every mix."""
    rng = random.Random(5)
    for st, _ in positions(12, every=3):
        if st.phase != Phase.PLAY:
            continue
        for _ in range(3):
            q = rng.randrange(st.num_players)
            c = st.clone()
            c.joker[q] = rng.random() < 0.5
            c.stacks[rng.randrange(7)] = 0
            c.hands[q] = rng.sample(range(71), rng.randint(0, 4))
            same_list(placement.play_actions(c, q), plain_play_actions(c, q))


def test_a_full_cache_starts_again_and_lists_the_same(monkeypatch):
    monkeypatch.setattr(placement, "_PLAYS", {})
    monkeypatch.setattr(placement, "PLAYS_LIMIT", 7)
    for st, p in positions(3, every=2):
        if st.phase == Phase.PLAY:
            same_list(st.legal_actions(p), plain_play_actions(st, p))
            assert len(placement._PLAYS) <= 7


def test_free_flags_mark_exactly_the_cells_outside_a_mask():
    rng = random.Random(1)
    for _ in range(50):
        mask = rng.getrandbits(150)
        flags = placement.free_flags(mask)
        assert list(flags) == [0 if mask >> i & 1 else 1 for i in range(150)]


def test_bits_lists_the_cells_of_sparse_and_dense_masks_in_order():
    rng = random.Random(2)
    for size in (0, 1, 3, 6, 7, 14, 40, 90, 150):
        for _ in range(20):
            mask = sum(1 << i for i in rng.sample(range(150), size))
            assert bits(mask) == [i for i in range(150) if mask >> i & 1]


def test_cell_indices_as_before_for_every_kind_of_number():
    board = new_game(2, 1, **TEST_BOARD).board
    assert [board.index(c) for c in ((3, 2), [3, 2], (3.0, 2), (True, False))] == [33, 33, 33, 1]
    for bad in ((15, 0), (0, -1), (1,), "ab", None, (1, "x")):
        with pytest.raises(ValueError):
            board.index(bad)


# --- actions applied without a second check --------------------------------------------------
def test_a_listed_action_is_applied_as_a_checked_one_would_be():
    for original, p in positions(6, every=5):
        st, twin = original.clone(), original.clone()
        legal = st.legal_actions(p)
        action = legal[len(legal) // 2]
        copied = type(action)(**{k: getattr(action, k) for k in action.__dataclass_fields__})
        assert copied is not action
        assert repr(st.apply(action, p)) == repr(twin.apply(copied, p))
        assert st.snapshot() == twin.snapshot()


def test_only_the_list_of_this_very_state_vouches_for_an_action():
    st = blank_position(2, current=0)
    land = [card_of("settlers"), card_of("settlers", 1)]
    give_hand(st, 0, land + [card_of("wagon"), card_of("church")])
    legal = st.legal_actions(0)
    farmer = next(a for a in legal if isinstance(a, PlaceFarmer) and a.cards == tuple(land))
    put_farmer(st, 1, farmer.cell)  # a position changed by hand: the list is stale
    with pytest.raises(IllegalAction, match="already taken"):
        st.apply(farmer, 0)

    st = blank_position(2, current=0)
    legal = st.legal_actions(0)
    first = legal[0]
    st.apply(first, 0)
    assert st.to_act() == [0]  # still on turn, but that cell is taken now
    with pytest.raises(IllegalAction):
        st.apply(first, 0)

    st = blank_position(2, current=0)
    legal = st.legal_actions(0)
    legal.append(Draw("landscape"))  # the caller's list is the caller's
    with pytest.raises(IllegalAction, match="cannot draw now"):
        st.apply(legal[-1], 0)
    assert st.refusal(legal[0], 1) is not None  # listed for another seat
