"""Random Oasis games to the end (3, 4 and 5 players), checking at every step: every card,
land tile, camel, marker and score tile accounted for; areas equal to the connected groups of
tiles; legal actions non-empty until the end and exactly what ``apply`` accepts; an illegal
action leaves the state untouched; a clone is equal and independent; views hide the offer
decks (even from their owners) and other players' score tiles; undo only when nothing was
revealed.  Save/load and replay are compared every few steps and at the end."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from game.engine import core
from game.engine.core import IllegalAction
from game.engine.oasis import (
    BonusCamel,
    BonusTile,
    CarryOut,
    IgnoreCard,
    MoveCamel,
    PlaceCamel,
    PlaceTile,
    SkipBonus,
    StopOffer,
    TakeOffer,
    TurnCard,
    new_game,
    scenario,
)
from game.engine.oasis.cards import (
    CAMELS_EACH,
    CARDS,
    LAND_KINDS,
    LAND_SUPPLY,
    SCORE_SUPPLY,
    full_deck,
)
from game.engine.oasis.scoring import score_breakdown

GAMES_PER_COUNT = 100
SAVE_EVERY = 120
REVEALING = {"card_turned", "cards_drawn", "deck_refilled", "final_score"}
BOARD_EVENTS = {"tile_placed", "camel_placed", "camel_moved", "final_score"}
FULL_DECK = Counter(full_deck())


def check_invariants(st, board=True):
    n = st.num_players
    # Cards: 54, the deck's exact make-up.
    cards = sum(st.offer_decks, []) + st.draw + st.discards + st.pending + st.done
    cards += [c for q in range(n) if st.taken_by[q] == -1 for c in st.offers[q]]
    if st.current is not None:
        cards.append(st.current)
    assert Counter(cards) == FULL_DECK
    assert sum(st.card_locations().values()) == 54
    # Camels.
    for p in range(n):
        assert st.camels_left[p] + st.camel_at.count(p) == CAMELS_EACH
    assert st.path_free == st.camel_at.count(-1) - st.board.size + len(st.board.path_cells)
    # Score tiles.
    for kind, total in SCORE_SUPPLY.items():
        assert st.score_supply[kind] + sum(s[kind] for s in st.score_tiles) == total
        assert st.score_supply[kind] >= 0
    if board:
        check_board(st)
    # Who acts, and scores.
    over = st.is_over()
    assert (st.to_act() == []) == over == (st.legal_actions() == [])
    if not over:
        assert st.scores() == [0] * n and st.winners() == []
    else:
        for p, f in enumerate(st.final):
            points = score_breakdown(f["camels"]["size"], st.score_tiles[p]["goods"],
                                     {k: f[k]["tiles"] for k in LAND_KINDS}, st.score_tiles[p])
            assert f["total"] == points["total"] == st.scores()[p]
        assert st.ranking == sorted(range(n), key=lambda q: (-st.scores()[q], st.disc[q]))
        assert st.winners() == st.ranking[:1]


def check_board(st):
    """Tiles and camels where they may be, tiles all accounted for; areas = connected
    groups of one kind; markers sit on their own areas."""
    b = st.board
    n = st.num_players
    # Land tiles: supply + placed = 34/34/20; bonus squares stay.
    for k, kind in enumerate(LAND_KINDS, 1):
        placed = sum(1 for c in b.place_cells if st.tiles[c] == k and not b.bonus[c])
        assert st.supply[k] + placed == LAND_SUPPLY[kind]
        assert st.supply[k] >= 0
    assert all(st.tiles[c] == b.bonus[c] for c in b.bonus_cells)
    assert all(st.tiles[c] == 0 for c in range(b.size) if not b.is_place[c])
    assert st.empty == [c for c in b.place_cells if st.tiles[c] == 0]
    assert all(st.camel_at[c] == -1 for c in range(b.size) if not b.is_path[c])
    seen = {}
    for c in b.place_cells:
        if not st.tiles[c] or c in seen:
            continue
        group, todo = [c], [c]
        seen[c] = True
        while todo:
            x = todo.pop()
            for nb in b.nbrs[x]:
                if st.tiles[nb] == st.tiles[c] and nb not in seen:
                    seen[nb] = True
                    group.append(nb)
                    todo.append(nb)
        ids = {st.area[x] for x in group}
        assert len(ids) == 1, "one area per connected group"
        a = ids.pop()
        assert st.a_size[a] == len(group) and st.a_kind[a] == st.tiles[c]
    live = {st.area[c] for c in b.place_cells if st.tiles[c]}
    assert all((st.a_size[a] > 0) == (a in live) for a in range(len(st.a_size)))
    for p in range(n):
        assert len(st.markers[p]) <= 4 and len(set(st.markers[p])) == len(st.markers[p])
        for m in st.markers[p]:
            a = st.area[m]
            assert st.a_owner[a] == p and st.a_marker[a] == m
        assert sum(1 for a in live if st.a_owner[a] == p) == len(st.markers[p])
    for a in live:
        assert (st.a_owner[a] == -1) == (st.a_marker[a] == -1)


def random_candidate(st, rng):
    """Any action at all, mostly illegal ones."""
    b = st.board
    n = st.num_players

    def cell():
        return (rng.randrange(-1, b.width + 1), rng.randrange(-1, b.height + 1))

    kind = rng.choice(["oasis", "steppe", "stone", "sand"])
    marker = rng.choice([None, "none", cell(), *[b.xy[m] for p in range(n) for m in st.markers[p]]])
    return rng.choice([
        TurnCard(), StopOffer(), TakeOffer(rng.randrange(-1, n + 1)),
        CarryOut(rng.choice([*CARDS, "joker"])), PlaceTile(kind, cell(), marker),
        PlaceCamel(cell()), MoveCamel(cell(), cell()), IgnoreCard(),
        BonusTile(kind, cell(), marker), BonusCamel(cell()), SkipBonus(),
    ])


def hidden_variant(st, viewer, rng):
    """The same game as ``viewer`` knows it, different in what ``viewer`` may not know:
    the unseen cards dealt anew over the offer decks and draw deck; score tile kinds swapped
    between two other players."""
    c = st.clone()
    unseen = sum(c.offer_decks, []) + c.draw
    rng.shuffle(unseen)
    for d in c.offer_decks + [c.draw]:
        size = len(d)
        d[:] = unseen[:size]
        del unseen[:size]
    others = [q for q in range(st.num_players) if q != viewer]
    rng.shuffle(others)
    for q1 in others:
        for q2 in others:
            ka = [k for k, v in c.score_tiles[q1].items() if v]
            kb = [k for k, v in c.score_tiles[q2].items() if v]
            pairs = [(x, y) for x in ka for y in kb if x != y]
            if q1 != q2 and pairs:
                x, y = rng.choice(pairs)
                c.score_tiles[q1][x] -= 1
                c.score_tiles[q1][y] += 1
                c.score_tiles[q2][y] -= 1
                c.score_tiles[q2][x] += 1
                return c
    return c


def check_view(st, viewer, rng, dump=False):
    view = st.view(viewer)
    if dump:
        json.dumps(view)
    for q, entry in enumerate(view["players"]):
        assert ("score_tiles" in entry) == (q == viewer)
        assert isinstance(entry["offer_deck"], int)
    if not st.is_over():
        assert hidden_variant(st, viewer, rng).view(viewer) == view


def play(n, seed, rows=None, setup=None):
    st = new_game(n, seed, board_rows=rows) if rows else new_game(n, seed)
    if setup:
        setup(st)  # a constructed start: not replayable, so no save checks
    rng = random.Random(seed * 7919 + n)
    viewers = [None, *range(n)]
    step = 0
    while not st.is_over():
        legal = st.legal_actions()
        assert legal, f"no legal action in phase {st.phase}"
        p = st.to_act()[0]
        before = st.snapshot()
        # A random action: apply accepts it only if it is listed as legal.
        candidate = random_candidate(st, rng)
        try:
            events = st.apply(candidate, p)
        except IllegalAction:
            pass
        else:
            assert candidate in legal, candidate
            check_step(st, events, step)
            step += 1
            continue
        with pytest.raises(IllegalAction):
            st.apply(legal[0], (p + 1) % n)
        check_view(st, viewers[step % len(viewers)], rng, dump=step % 50 == 0)
        action = rng.choice(legal)
        twin = st.clone()
        twin_events = twin.apply(action, p)
        # Refused actions changed nothing, and the clone's move left the state alone.
        assert st.snapshot() == before
        events = st.apply(action, p)
        assert twin.snapshot() == st.snapshot() and twin_events == events
        check_step(st, events, step)
        step += 1
        if step % SAVE_EVERY == 0 and not setup:
            check_save(st, step // SAVE_EVERY % 2)
        assert step < 3000
    if not setup:
        check_save(st, True)
    for viewer in viewers:
        check_view(st, viewer, rng, dump=True)
    return st


def check_step(st, events, step):
    revealed = any(e.kind in REVEALING for e in events)
    assert st.is_undoable(len(st.history) - 1) == (not revealed), events
    for e in events:
        assert e.text
        if e.private_to is not None:
            assert e.data["kind"] not in e.text_for(None)
    check_invariants(st, board=any(e.kind in BOARD_EVENTS for e in events) or step % 25 == 0)


def check_save(st, by_file):
    again = core.loads(core.dumps(st)) if by_file else core.replay(st)
    assert again.snapshot() == st.snapshot()


@pytest.mark.parametrize("n", [3, 4, 5])
def test_random_games_keep_every_rule(n):
    ends = Counter()
    rounds = []
    for i in range(GAMES_PER_COUNT):
        st = play(n, 1000 * n + i)
        ends["last tile" if "last" in st.end_reason else "unplaceable"] += 1
        rounds.append(st.round)
    assert sum(ends.values()) == GAMES_PER_COUNT
    assert 5 < sum(rounds) / len(rounds) < 40


CROWDED = [          # 37 free cells for 88 tiles, a 10-cell path: tiles and path run out
    "..o.......",
    "....s.....",
    "==========",
    ".....t....",
    "..........",
]
TWO_TRACKS = [       # 24 path cells; red and blue start with 18 camels out
    "============",
    "............",
    "..o..s..t...",
    "............",
    "============",
]


def early_caravans(st):
    cells = [st.board.xy[c] for c in st.board.path_cells]
    scenario.put_camels(st, 0, cells[:18])
    scenario.put_camels(st, 1, cells[-3:])


def test_random_games_in_tight_corners(monkeypatch):
    """Small boards reach the rare branches: tiles that cannot be placed, full paths,
    camels moved once all 20 are out, refilled draw decks."""
    seen = Counter()
    for i in range(12):
        n = 3 + i % 3
        st = play(n, 500 + i, rows=CROWDED)
        seen["unplaceable" if "cannot be placed" in st.end_reason else "last"] += 1
        seen.update(e.kind for e in replay_events(st))
    for i in range(6):
        st = play(3, 600 + i, rows=TWO_TRACKS, setup=early_caravans)
        seen["moves"] += sum(isinstance(a, MoveCamel) for _, a in st.history)
    assert seen["unplaceable"] > 0, "a tile that cannot be placed ended some game"
    assert seen["card_ignored"] > 0 and seen["deck_refilled"] > 0
    assert seen["moves"] > 0


def replay_events(st):
    fresh = new_game(st.num_players, st.seed, **st.options)
    for player, action in st.history:
        yield from fresh.apply(action, player)


def test_undo_is_allowed_only_while_nothing_was_revealed():
    st = new_game(3, 42)
    while st.phase == "offer":
        st.apply(StopOffer() if st.offers[st.actor()] else TurnCard())
    assert not any(st.is_undoable(i) for i in range(len(st.history)))
    chooser = st.actor()
    owner = next(q for q in range(3) if q != chooser and "draw3" not in st.offers[q])
    st.apply(TakeOffer(owner))
    first = len(st.history) - 1
    while st.actor() == chooser and st.phase == "carry":
        st.apply(st.legal_actions()[0])
    assert st.is_undoable(first) and st.is_undoable(len(st.history) - 1)
    assert not st.is_undoable(first - 1) and not st.is_undoable(len(st.history))
