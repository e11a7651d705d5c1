"""Random Colorado County games played to the end, checking invariants at every step.

Checked after every action: conservation of cubes, cowboys, cards and flags; lake field
counts; scores never fall; every player in ``to_act`` has a legal action until the end;
views hold nobody else's cowboys, bids or face-down flag colours; previews agree with
``apply``.  Every few steps: clones are equal and independent, an illegal action changes
nothing, and save/load and replay rebuild the same state.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from game.engine.colorado import Bid, PlaceFlag, SaleBid, TakeCard, new_game, preview_card_use
from game.engine.colorado.cards import CARDS, FLAG_COLOURS
from game.engine.colorado.grid import NUM_CELLS, xy
from game.engine.colorado.state import ColoradoState
from game.engine.core import IllegalAction, dumps, loads, replay

GAMES_3P = 150
GAMES_4P = 150
CHECK_EVERY = 17  # clone / illegal-action checks
ALL_COWBOYS = list(range(1, 67))


def random_subset(rng: random.Random, hand: list[int], at_least_one: bool) -> tuple:
    k = rng.randint(1 if at_least_one else 0, min(len(hand), 6))
    return tuple(rng.sample(hand, k))


def choose(rng: random.Random, s: ColoradoState, p: int, acts: list):
    a = rng.choice(acts)
    if isinstance(a, Bid) and rng.random() < 0.5:
        return Bid(random_subset(rng, s.hands[p], False))
    if isinstance(a, SaleBid) and rng.random() < 0.5:
        return SaleBid(random_subset(rng, s.hands[p], True))
    if isinstance(a, TakeCard) and a.flag_cell is not None and rng.random() < 0.3 \
            and CARDS[a.card_id].offset is not None:
        # The same use with the other star on the flag: turned half round.
        return TakeCard(a.card_id, a.flag_cell, (a.rotation + 2) % 4, 1, a.cubes[::-1])
    return a


def check_invariants(s: ColoradoState, last_scores: list[int]) -> None:
    n = s.num_players
    # Cubes.
    on_board = Counter(p for p in s.owner if p >= 0)
    for p in range(n):
        assert s.cubes_left[p] + on_board[p] == 40 and s.cubes_left[p] >= 0
    assert s.cube_mask == sum(1 << i for i in range(NUM_CELLS) if s.owner[i] >= 0)
    assert all(s.lakemap.lake_at[i] < 0 for i in range(NUM_CELLS) if s.owner[i] >= 0)
    # Cowboys: hands + bag = 66 (pending bids are held in the hand until revealed).
    assert sorted([c for h in s.hands for c in h] + s.bag) == ALL_COWBOYS
    for p in range(n):
        if s.bids[p]:
            assert set(s.bids[p]) <= set(s.hands[p])
    if s.sale is not None:
        for p, b in s.sale.bids.items():
            assert b is None or set(b) <= set(s.hands[p])
    # Cards.
    cards = [c for d in s.decks for c in d] + s.round_deck + s.revealed + s.used_cards \
        + s.discarded
    assert sorted(cards) == list(range(48))
    # Flags.
    if not s.is_over():
        flags = [c for h in s.flag_hands for c in h] + [c for c, _ in s.flags.values()] \
            + s.flags_unplaced
        assert Counter(flags) == Counter({c: 3 for c in FLAG_COLOURS})
        assert all(s.owner[i] >= 0 or s.lakemap.lake_at[i] < 0 for i in s.flags)
    # Lakes.
    for lake in s.lakes:
        counts = [sum(1 for f in lake.fields if s.owner[f] == p) for p in range(n)]
        assert s.lake_counts[lake.index] == counts
        if s.lake_owner[lake.index] < 0:
            assert max(counts) == 0
    # Scores never fall.
    assert all(a >= b for a, b in zip(s.score, last_scores, strict=True))
    # Someone can act until the end, and everyone who must act can.
    acting = s.to_act()
    assert bool(acting) != s.is_over()
    for p in acting:
        assert s.legal_actions(p), (s.phase, p)


def check_views(s: ColoradoState) -> None:
    n = s.num_players
    for viewer in [*range(n), None]:
        v = s.view(viewer)
        if viewer is not None:
            assert v["my_cowboys"] == s.hands[viewer]
            own = s.bids[viewer] if s.phase == "bid" else None
            assert v["my_bid"] == (list(own) if own is not None else None)
        else:
            assert v["my_cowboys"] is None and v["my_bid"] is None and v["my_flags"] is None
        assert v["cowboy_counts"] == [len(h) for h in s.hands]
        # Nobody else's pending bid shows, in the card bid or a land auction.
        if s.sale is not None and v["my_sale_bid"] is not None:
            assert v["my_sale_bid"] == list(s.sale.bids[viewer])
        if v["sale"] is not None:
            assert set(v["sale"]) == {"seller", "cell", "queue", "interested", "declined",
                                      "buyer", "auction_bidders", "auction_bids_in"}
            assert all(isinstance(p, int) for p in v["sale"]["auction_bids_in"])
        # Face-down flags: only their placer sees the colour.
        for f in v["flags"]:
            placer = f["placed_by"]
            if not s.flags_up and placer != viewer:
                assert f["colour"] is None
        # Hidden from all: deck and bag order.
        assert not {"bag", "decks", "round_deck", "hands", "bids"} & set(v)
    # A view is JSON and only what the game may show: two onlookers agree.
    assert json.dumps(s.view(None)) == json.dumps(s.view(None))


def scrambled(s: ColoradoState, viewer: int | None, rng: random.Random) -> ColoradoState:
    """A copy of ``s`` whose information hidden from ``viewer`` is drawn anew: the other
    players' cowboys and pending bids, their face-down flag colours, the deck and bag
    order.  Whatever ``viewer`` may see is kept."""
    c = s.clone()
    others = [p for p in range(c.num_players) if p != viewer]
    pool = c.bag + [x for p in others for x in c.hands[p]]
    rng.shuffle(pool)
    k = 0
    for p in others:
        m = len(c.hands[p])
        c.hands[p] = sorted(pool[k:k + m])
        k += m
        if c.bids[p] is not None:
            c.bids[p] = tuple(sorted(rng.sample(c.hands[p], rng.randint(0, m))))
        if c.sale is not None and c.sale.bids.get(p) is not None:
            c.sale.bids[p] = tuple(sorted(rng.sample(c.hands[p], rng.randint(1, m))))
    c.bag = pool[k:]
    if not c.flags_up:
        slots = [("board", i) for i, (_, q) in sorted(c.flags.items()) if q != viewer]
        slots += [("hand", p, j) for p in others for j in range(len(c.flag_hands[p]))]
        colours = [c.flags[sl[1]][0] if sl[0] == "board" else c.flag_hands[sl[1]][sl[2]]
                   for sl in slots]
        rng.shuffle(colours)
        for sl, colour in zip(slots, colours, strict=True):
            if sl[0] == "board":
                c.flags[sl[1]] = (colour, c.flags[sl[1]][1])
            else:
                c.flag_hands[sl[1]][sl[2]] = colour
    for d in c.decks:
        rng.shuffle(d)
    rng.shuffle(c.round_deck)
    return c


def check_view_hides_what_it_must(s: ColoradoState, rng: random.Random) -> None:
    """A view never changes when only what its viewer may not know changes."""
    for viewer in [*range(s.num_players), None]:
        assert s.view(viewer) == scrambled(s, viewer, rng).view(viewer), viewer


def check_take_preview(s: ColoradoState, action: TakeCard, p: int, events) -> None:
    pv = preview_card_use(s, action)
    pv_view = preview_card_use(s.view(p), action)
    assert pv == pv_view
    placed = [e.data["cell"] for e in events if e.kind == "cube_placed"]
    lake_events = [e for e in events if e.kind == "lake_changed"]
    changes = [{"lake": e.data["lake"], "value": e.data["value"], "from": e.data["from"],
                "to": e.data["to"]} for e in lake_events]
    # Placements of this card come first among the events.
    assert pv["cells"] == placed[:len(pv["cells"])]
    assert pv["lake_changes"] == changes[:len(pv["lake_changes"])]


def check_clone_and_illegal(s: ColoradoState, rng: random.Random) -> None:
    snap = s.snapshot()
    c = s.clone()
    assert c.snapshot() == snap
    p = c.to_act()[0]
    c.apply(choose(rng, c, p, c.legal_actions(p)), p)
    assert s.snapshot() == snap  # independent
    p = s.to_act()[0]
    others = [q for q in range(s.num_players) if q not in s.to_act()]
    bad = [PlaceFlag("red", (2, 99)), Bid((999,)), TakeCard(99), SaleBid(()),
           Bid(tuple(s.hands[(p + 1) % s.num_players][:1]) or (0,))]
    for action in bad:
        with pytest.raises(IllegalAction):
            s.apply(action, p)
    if others:
        acts = s.legal_actions(p)
        with pytest.raises(IllegalAction):
            s.apply(acts[0], others[0])
    assert s.snapshot() == snap


def play_checked(n: int, seed: int) -> ColoradoState:
    rng = random.Random(seed * 7919 + n)
    s = new_game(n, seed, lakes="random" if seed % 2 else "first")
    last = list(s.score)
    save_at = rng.randrange(40, 200)
    step = 0
    while not s.is_over():
        acting = s.to_act()
        p = rng.choice(acting)
        action = choose(rng, s, p, s.legal_actions(p))
        before = s.clone() if isinstance(action, TakeCard) else None
        events = s.apply(action, p)
        if before is not None:
            check_take_preview(before, action, p, events)
        check_invariants(s, last)
        last = list(s.score)
        step += 1
        if step % 3 == 0:
            check_views(s)
        if step % 5 == 0:
            check_view_hides_what_it_must(s, rng)
        if step % CHECK_EVERY == 0 and not s.is_over():
            check_clone_and_illegal(s, rng)
        if step == save_at:
            assert loads(dumps(s)).snapshot() == s.snapshot()
        assert step < 2000
    assert s.round == 4 and len(s.round_results) == 4 and s.winners()
    best = max(s.score)
    tops = [p for p in range(n) if s.score[p] == best]
    most = max(s.cubes_on_board(p) for p in tops)
    assert s.winners() == [p for p in tops if s.cubes_on_board(p) == most]
    return s


@pytest.mark.parametrize("n,games", [(3, GAMES_3P), (4, GAMES_4P)])
def test_random_games_keep_every_invariant(n, games):
    finals = []
    for seed in range(games):
        s = play_checked(n, seed)
        if seed % 25 == 0:
            assert replay(s).snapshot() == s.snapshot()
            assert loads(dumps(s)).snapshot() == s.snapshot()
        finals.append(s.score)
    # The games are real games: points are scored, and not all alike.
    assert len({tuple(f) for f in finals}) > games // 2
    assert all(max(f) > 0 for f in finals)


def test_same_seed_same_game():
    a = new_game(4, 123, lakes="random")
    b = new_game(4, 123, lakes="random")
    assert a.snapshot() == b.snapshot()
    rng = random.Random(5)
    while not a.is_over():
        p = a.to_act()[0]
        act = choose(rng, a, p, a.legal_actions(p))
        a.apply(act, p)
        b.apply(act, p)
    assert a.snapshot() == b.snapshot()
    assert new_game(4, 124, lakes="random").snapshot()["lakes"] != a.snapshot()["lakes"]


def test_random_lakes_have_their_shapes_and_never_touch():
    shapes = {
        3: [{(0, 0), (1, 0)}, {(0, 0), (0, 1)}],
        5: [{(0, 0), (1, 0), (2, 0)}, {(0, 0), (0, 1), (0, 2)}],
        6: [{(0, 0), (1, 0), (0, 1), (1, 1)}],
        8: [{(x, y) for x in range(3) for y in range(2)},
            {(x, y) for x in range(2) for y in range(3)}],
        4: [{(0, 0), (0, 1), (1, 1)}, {(0, 0), (1, 0), (0, 1)}, {(0, 0), (1, 0), (1, 1)},
            {(1, 0), (0, 1), (1, 1)}],
        7: [{(0, 0), (1, 0), (2, 0), (1, 1)}, {(1, 0), (0, 1), (1, 1), (2, 1)},
            {(0, 0), (0, 1), (0, 2), (1, 1)}, {(1, 0), (1, 1), (1, 2), (0, 1)}],
    }
    seen_orientations: dict[int, set] = {v: set() for v in shapes}
    for seed in range(300):
        s = new_game(3, seed, lakes="random")
        cells_of = {}
        for lake in s.lakes:
            cells = [xy(i) for i in lake.cells]
            mx, my = min(x for x, _ in cells), min(y for _, y in cells)
            shape = {(x - mx, y - my) for x, y in cells}
            assert shape in shapes[lake.value], (lake.value, shape)
            seen_orientations[lake.value].add(frozenset(shape))
            cells_of[lake.value] = cells
        assert sum(len(c) for c in cells_of.values()) == 22
        values = sorted(cells_of)
        for i, a in enumerate(values):
            for b in values[i + 1:]:
                for ax, ay in cells_of[a]:
                    for bx, by in cells_of[b]:
                        assert max(abs(ax - bx), abs(ay - by)) >= 2, (seed, a, b)
    # Rotated freely: every orientation turns up.
    assert all(len(seen_orientations[v]) == len(shapes[v]) for v in shapes)
