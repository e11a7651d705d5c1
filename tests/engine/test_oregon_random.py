"""Random Oregon games to the end, checking invariants at every step.

300 games (2, 3 and 4 players, fixed seeds) on the hand-made test board, half of them with
a policy that prefers farmers so both end triggers occur.  At every step: component
conservation, scores never fall, exact legal actions (a random candidate is legal exactly
when ``why_illegal`` says so; an illegal one leaves the state unchanged), independent
clones, preview agrees with apply, undo flags.  Every few steps: views are JSON-able, hide
what they must (scrambling another player's secrets leaves the view unchanged) and give
the same legal actions; saves and replays rebuild equal snapshots.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from game.engine import core
from game.engine.core import IllegalAction
from game.engine.oregon import (
    DiscardDead,
    DiscardDrawn,
    DiscardNoPlacement,
    Draw,
    KeepCard,
    PlaceBuilding,
    PlaceFarmer,
    PlaceStartTile,
    SkipExtraTurn,
    UseExtraTurn,
    event_for,
    legal_actions_from_view,
    new_game,
    preview,
)
from game.engine.oregon.cards import COAL_VALUES, GOLD_VALUES
from game.engine.oregon.geometry import bits
from game.engine.oregon.positions import TEST_BOARD, scrambled
from game.engine.oregon.state import OregonState
from game.engine.oregon.view import PRIVATE_EVENT_KEYS

GAMES = 300
SEEDS = list(range(1000, 1000 + GAMES))
VIEW_EVERY = 9
SAVE_EVERY = 40
REVEALING = {"drew_token", "drew_card", "reshuffled", "game_over"}


def check_invariants(st) -> None:
    b = st.board
    n = st.num_players
    allf = 0
    for q in range(n):
        assert st.farmers[q].bit_count() + st.farmers_left[q] == 14
        assert not st.farmers[q] & allf
        allf |= st.farmers[q]
        assert st.marked[q] & ~st.farmers[q] == 0
        assert len(st.hands[q]) <= 4
    assert allf == st.all_farmers and not allf & b.water
    bm = 0
    for t in range(7):
        assert not st.bmask[t] & bm
        bm |= st.bmask[t]
        assert st.bmask[t] & ~b.allowed[t] == 0, "a tile on the wrong terrain"
        assert (st.bmask[t] & ~st.start_mask).bit_count() + st.stacks[t] == 4
    assert bm == st.buildings and not bm & allf and st.occupied == bm | allf
    assert [i for i in range(150) if st.tile[i] >= 0] == list(bits(bm))
    placed_starts = [c for c in st.start_cells if c >= 0]
    assert sorted(placed_starts) == list(bits(st.start_mask))
    assert sorted([t for t in st.start_tiles if t >= 0] + st.unused_start) == list(range(7))
    cards = [*st.deck[0], *st.deck[1], *st.discard[0], *st.discard[1], *st.removed]
    for h in st.hands:
        cards += h
    assert sorted(cards) == list(range(71)), "cards lost or doubled"
    assert all(c >= 50 and st.stacks[(c - 50) // 3] == 0 for c in st.removed)
    assert all(c < 50 for c in st.deck[0] + st.discard[0])
    assert all(c >= 50 for c in st.deck[1] + st.discard[1])
    coal = st.coal_supply + [v for h in st.coal for v in h]
    gold = st.gold_supply + [v for h in st.gold for v in h]
    assert sorted(coal) == sorted(COAL_VALUES) and sorted(gold) == sorted(GOLD_VALUES)
    if st.phase == "play" and st.plays == 0:
        assert len(st.hands[st.current]) == 4
    assert (st.to_act() == []) == st.is_over()


def random_candidate(st, rng):
    """A random action, legal or not."""
    hand = st.hands[st.current]
    pool = hand + [rng.randrange(71)]

    def some_cards(k):
        return tuple(rng.choice(pool) for _ in range(k))

    cell = (rng.randrange(15), rng.randrange(10))
    kind = rng.randrange(10)
    if kind == 0:
        return PlaceFarmer(some_cards(rng.choice((1, 2, 2))), cell)
    if kind == 1:
        return PlaceBuilding(some_cards(rng.choice((1, 2, 2))), cell)
    if kind == 2:
        return DiscardNoPlacement(some_cards(2))
    if kind == 3:
        return Draw(rng.choice(("landscape", "building")))
    if kind == 4:
        return rng.choice((KeepCard(), DiscardDrawn()))
    if kind == 5:
        return rng.choice((UseExtraTurn(), SkipExtraTurn()))
    if kind == 6:
        return DiscardDead(rng.choice(pool))
    if kind == 7:
        return PlaceStartTile(cell)
    if kind == 8 and st.phase == "play":  # a legal-looking placement with the real cards
        lands = [c for c in hand if c < 50]
        if len(lands) >= 2:
            return PlaceFarmer(tuple(rng.sample(lands, 2)), cell)
    return PlaceBuilding(some_cards(2), cell)


def choose(st, legal, rng, farmer_first):
    if farmer_first:
        farmers = [a for a in legal if isinstance(a, PlaceFarmer)]
        if farmers and rng.random() < 0.9:
            return rng.choice(farmers)
    return rng.choice(legal)


def check_preview(before, shown, st, events, p):
    n = st.num_players
    for q in range(n):
        d = shown["players"][q]
        assert st.score[q] - before.score[q] == d["points"]
        assert len(st.coal[q]) - len(before.coal[q]) == d["coal"]
        assert len(st.gold[q]) - len(before.gold[q]) == d["gold"]
        flips = {e.data["token"] for e in events
                 if e.kind == "token_flipped" and e.player == q and e.data["active"]}
        assert ("joker" in flips) == d["joker"]
        assert ("extra" in flips) == d["extra"]
        group = sum(e.data["amount"] for e in events
                    if e.kind == "scored" and e.player == q and e.data["reason"] == "group")
        assert group == d["group_bonus"]
    ends = [e.data["reason"] for e in events if e.kind == "end_triggered"]
    assert (ends[0] if ends else None) == shown["ends_game"]


def play_and_check(seed: int, stats: Counter) -> None:
    n = 2 + seed % 3
    rng = random.Random(seed)
    farmer_first = seed % 2 == 1
    deep = seed % 10 == 0  # saves and replays along the way in every 10th game
    st = new_game(n, seed, **TEST_BOARD)
    check_invariants(st)
    prev_scores = st.scores()
    turns = Counter()
    step = 0
    while not st.is_over():
        step += 1
        assert step < 3000, "the game does not end"
        p = st.current
        snap = st.snapshot()
        legal = st.legal_actions()
        assert legal, f"no legal action in phase {st.phase}"
        legal_set = set(legal)
        assert len(legal_set) == len(legal)
        # exactness: a random candidate is legal exactly when the checks say so
        cand = random_candidate(st, rng)
        why = st.why_illegal(cand, p)
        assert (why is None) == (cand in legal_set), (cand, why, st.phase)
        if why is not None:
            with pytest.raises(IllegalAction):
                st.apply(cand)
            assert st.snapshot() == snap
        for a in rng.sample(legal, min(3, len(legal))):
            assert st.why_illegal(a, p) is None
        # clones are equal and independent
        clone = st.clone()
        assert clone.snapshot() == snap
        clone.apply(rng.choice(legal))
        assert st.snapshot() == snap
        action = choose(st, legal, rng, farmer_first)
        shown = preview(st, action) if isinstance(action, (PlaceFarmer, PlaceBuilding)) \
            else None
        before = st.clone() if shown else None
        events = st.apply(action)
        for e in events:
            stats[e.kind] += 1
            if e.kind == "turn_start":
                turns[e.player] += 1
            if e.private_to is not None:
                for other in range(n):
                    if other != e.private_to:
                        seen = event_for(e, other)
                        assert not PRIVATE_EVENT_KEYS & set(seen.data)
                        assert seen.private_to is None
        stats[type(action).__name__] += 1
        if shown is not None:
            check_preview(before, shown, st, events, p)
        revealed = any(e.kind in REVEALING for e in events)
        assert st.is_undoable(len(st.history) - 1) == (not revealed)
        scores = st.scores()
        assert all(a >= b for a, b in zip(scores, prev_scores, strict=True)), "a score fell"
        prev_scores = scores
        check_invariants(st)
        if step % VIEW_EVERY == 0 or st.is_over():
            check_views(st, rng)
        if deep and step % SAVE_EVERY == 0:
            check_saves(st)
    check_saves(st)
    stats[f"end_{st.end_reason}"] += 1
    assert st.winners() and set(st.winners()) <= set(range(n))
    assert len(set(turns.values())) == 1 and set(turns) == set(range(n)), turns


def check_views(st, rng) -> None:
    for viewer in [None, *range(st.num_players)]:
        view = st.view(viewer)
        assert json.loads(json.dumps(view)) == view
        assert scrambled(st, viewer, rng).view(viewer) == view, "a view shows a secret"
    if not st.is_over():
        p = st.current
        view = st.view(p)
        assert legal_actions_from_view(view) == st.legal_actions(p)
        # a determinisation for search bots agrees with everything the view shows
        guess = OregonState.state_from_view(view, random.Random(rng.randrange(1 << 30)))
        assert guess.view(p) == view
        check_invariants(guess)


def check_saves(st) -> None:
    snap = st.snapshot()
    assert core.loads(core.dumps(st)).snapshot() == snap
    assert core.replay(st).snapshot() == snap


def test_random_games_keep_every_invariant():
    stats: Counter = Counter()
    for seed in SEEDS:
        play_and_check(seed, stats)
    # the games went through every part of the rules
    for kind in ("end_last_farmer", "end_stacks", "reshuffled", "drew_token",
                 "extra_turn_used", "extra_turn_skipped", "last_round", "DiscardDead",
                 "DiscardDrawn", "KeepCard", "DiscardNoPlacement", "stack_emptied"):
        assert stats[kind] > 0, f"random games never reached {kind}"
