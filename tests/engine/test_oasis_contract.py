"""Oasis against the engine contract: ``why_illegal`` says exactly what ``apply`` refuses,
every event is a declared kind with its declared data, ``outcome`` adds up, the undo floor
follows what was revealed, and ``state_from_view`` rebuilds a state its seat cannot tell from
the real one."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from typing import get_type_hints

import pytest
from game_hooks.oasis import HOOKS

from game.engine import save_files
from game.engine.core import IllegalAction
from game.games.oasis.engine import (
    BonusCamel,
    BonusTile,
    CarryOut,
    IgnoreCard,
    MoveCamel,
    OasisState,
    PlaceCamel,
    PlaceTile,
    SkipBonus,
    StopOffer,
    TakeOffer,
    TurnCard,
    flow,
    new_game,
    scenario,
)
from game.games.oasis.engine.cards import CARDS, SCORE_SUPPLY, full_deck
from game.games.oasis.engine.events import EVENT_KINDS, PAYLOADS
from game.games.oasis.engine.state import CATEGORIES
from game.games.oasis.engine.view import OasisView

REVEALING = {"card_turned", "cards_drawn", "deck_refilled", "final_score"}
CROWDED = [          # tiles and the path run out: the rare branches
    "..o.......",
    "....s.....",
    "==========",
    ".....t....",
    "..........",
]


TWO_TRACKS = [       # 24 path cells: camels run out, and move
    "============",
    "............",
    "..o..s..t...",
    "............",
    "============",
]


def candidates(st: OasisState, rng: random.Random) -> list:
    """Actions of every type with fields of the right types, mostly illegal."""
    b = st.board

    def cell():
        return (rng.randrange(-1, b.width + 1), rng.randrange(-1, b.height + 1))

    kind = rng.choice(["oasis", "steppe", "stone", "sand"])
    markers = [b.xy[m] for q in range(st.num_players) for m in st.markers[q]]
    marker = rng.choice([None, "none", "here", cell(), *markers])
    return [TurnCard(), StopOffer(), TakeOffer(rng.randrange(-1, st.num_players + 1)),
            CarryOut(rng.choice([*CARDS, "joker"])), PlaceTile(kind, cell(), marker),
            PlaceCamel(cell()), MoveCamel(cell(), cell()), IgnoreCard(),
            BonusTile(kind, cell(), marker), BonusCamel(cell()), SkipBonus()]


def games(counts=(3, 4, 5), per_count=3, seed=0, crowded_every=3):
    """(state, events of the last action) after every action of random games to the end;
    the first item of each game has the setup events."""
    for n in counts:
        for g in range(per_count):
            k = seed + 100 * n + g
            st = new_game(n, k, board_rows=CROWDED) if g % crowded_every == 2 else new_game(n, k)
            rng = random.Random(k)
            yield st, st.setup_events()
            yield from play_out(st, rng)


def play_out(st: OasisState, rng: random.Random):
    while not st.is_over():
        events = st.apply(rng.choice(st.legal_actions()))
        yield st, events


def caravan_games(count: int):
    """Games on a short path where red and blue start with 18 and 3 camels out."""
    for g in range(count):
        st = new_game(3, 600 + g, board_rows=TWO_TRACKS)
        cells = [st.board.xy[c] for c in st.board.path_cells]
        scenario.put_camels(st, 0, cells[:18])
        scenario.put_camels(st, 1, cells[-3:])
        yield from play_out(st, random.Random(g))


# --- why_illegal ---------------------------------------------------------------------------
def test_why_illegal_says_none_for_legal_actions_and_what_apply_raises_otherwise():
    rng = random.Random(5)
    refused = Counter()
    for st, _ in games(per_count=2):
        if st.is_over():
            continue
        p = st.to_act()[0]
        legal = st.legal_actions()
        for action in rng.sample(legal, min(8, len(legal))):
            assert st.why_illegal(action, p) is None, action
        before = st.snapshot()
        for action in candidates(st, rng):
            reason = st.why_illegal(action, p)
            if reason is None:
                assert action in legal, action
                continue
            assert action not in legal, (action, reason)
            with pytest.raises(IllegalAction) as refusal:
                st.apply(action, p)
            assert str(refusal.value) == reason
            refused[type(action).__name__] += 1
        assert st.snapshot() == before
    assert len(refused) == 11, "every action type was refused somewhere"


def test_why_illegal_gives_the_rule_in_plain_words():
    st = new_game(3, 1)
    p = st.to_act()[0]
    assert st.why_illegal(StopOffer(), p) == \
        "An offer holds at least one card: turn one up first"
    assert st.why_illegal(TakeOffer(1), p) == \
        "Taking an offer is not possible now: players are making offers"
    assert st.why_illegal(PlaceTile("stone", (0, 0)), p) == \
        "Placing a tile is not possible now: players are making offers"
    assert st.why_illegal(TurnCard(), p) is None


# --- events --------------------------------------------------------------------------------
def test_every_event_has_a_declared_kind_and_exactly_its_data():
    assert set(PAYLOADS) <= EVENT_KINDS
    seen = Counter()
    for st, events in itertools.chain(games(), caravan_games(4)):
        for e in events:
            assert e.kind in EVENT_KINDS, e.kind
            keys = set(get_type_hints(PAYLOADS[e.kind])) if e.kind in PAYLOADS else set()
            assert set(e.data) == keys, (e.kind, sorted(e.data))
            for viewer in (None, *range(st.num_players)):
                assert "{" not in e.text_for(viewer), e.text_for(viewer)
            if e.private_to is not None:
                assert e.public_msg is not None and "kind" not in (e.public_args or {})
                assert e.data["kind"] not in e.text_for(None).lower()
            seen[e.kind] += 1
    rare = {"no_offer"}  # a player with an empty offer deck: constructed in the rules tests
    assert EVENT_KINDS - set(seen) <= rare, sorted(EVENT_KINDS - set(seen))


def test_setup_events_are_the_deal_and_the_first_round():
    st = new_game(4, 9)
    kinds = [e.kind for e in st.setup_events()]
    assert kinds == ["discs_dealt", "round_started"]
    assert st.setup_events()[0].data["discs"] == st.disc
    assert st.clone().setup_events() == st.setup_events()


# --- outcome and undo ----------------------------------------------------------------------
def test_outcome_breaks_the_final_scores_down_by_category():
    ended = 0
    for st, _ in games(per_count=2):
        out = st.outcome()
        if not st.is_over():
            if len(st.history) % 40 == 0:
                assert out.winners == [] and out.scores == [0] * st.num_players
                assert all(set(b) == set(CATEGORIES) and not any(b.values())
                           for b in out.breakdown)
            continue
        ended += 1
        assert [sum(b.values()) for b in out.breakdown] == out.scores == st.scores()
        assert [b[c] for b in out.breakdown for c in CATEGORIES] == \
            [st.final[q][c]["points"] for q in range(st.num_players) for c in CATEGORIES]
        assert out.ranking == sorted(range(st.num_players),
                                     key=lambda q: (-out.scores[q], st.disc[q]))
        assert out.winners == out.ranking[:1] == st.winners()
    assert ended == 6


def test_the_undo_floor_follows_what_was_revealed():
    for st, events in games(counts=(3, 5), per_count=1):
        if not st.history:
            continue
        last = len(st.history) - 1
        revealed = any(e.kind in REVEALING for e in events)
        assert st.is_undoable(last) == (not revealed)
        assert (st.undo_floor == len(st.history)) == revealed
        assert not st.is_undoable(len(st.history)) and not st.is_undoable(st.undo_floor - 1)
        assert st.clone().undo_floor == st.undo_floor
        if revealed and last % 10 == 0:  # a replay finds the same floor
            assert save_files.replay(st).undo_floor == st.undo_floor


# --- state_from_view -------------------------------------------------------------------------
def hidden_part(st: OasisState) -> tuple:
    return [list(d) for d in st.offer_decks], list(st.draw), [dict(s) for s in st.score_tiles]


def check_whole(st: OasisState) -> None:
    cards = sum(st.offer_decks, []) + st.draw + st.discards + st.pending + st.done
    cards += [c for q in range(st.num_players) if st.taken_by[q] == -1 for c in st.offers[q]]
    cards += [st.current] if st.current else []
    assert Counter(cards) == Counter(full_deck())
    for kind, total in SCORE_SUPPLY.items():
        assert st.score_supply[kind] + sum(s[kind] for s in st.score_tiles) == total


def test_a_state_rebuilt_from_a_view_shows_that_view_and_allows_the_same_actions():
    rng = random.Random(3)
    phases = Counter()
    for st, _ in games(per_count=2, seed=7):
        if len(st.history) % 7 and not st.is_over():
            continue
        viewer = rng.choice([None, *range(st.num_players)])
        view = st.view(viewer)
        rebuilt = OasisState.state_from_view(view, random.Random(len(st.history)))
        assert rebuilt.view(viewer) == view
        assert rebuilt.legal_actions() == st.legal_actions()
        assert rebuilt.to_act() == st.to_act() and rebuilt.step() == st.step()
        check_whole(rebuilt)
        # a view that went through JSON rebuilds the same state
        again = OasisState.state_from_view(json.loads(json.dumps(view)),
                                           random.Random(len(st.history)))
        assert again.snapshot() == rebuilt.snapshot()
        phases[st.phase] += 1
    assert set(phases) == {"offer", "choose", "carry", "bonus", "over"}


def test_rebuilt_states_play_on_to_the_end():
    rng = random.Random(4)
    for st, _ in games(counts=(4,), per_count=3, seed=11):
        if len(st.history) % 25 != 1 or st.is_over():
            continue
        rebuilt = OasisState.state_from_view(st.view(st.to_act()[0]), random.Random(1))
        while not rebuilt.is_over():
            rebuilt.apply(rng.choice(rebuilt.legal_actions()))
        check_whole(rebuilt)
        assert sum(sum(b.values()) for b in rebuilt.outcome().breakdown) == \
            sum(rebuilt.scores())


def test_what_the_seat_cannot_see_is_drawn_at_random_and_only_from_the_view():
    rng = random.Random(8)
    differed = 0
    for st, _ in games(counts=(3, 5), per_count=2, seed=3):
        if len(st.history) % 11 or st.is_over():
            continue
        viewer = rng.choice([None, *range(st.num_players)])
        view = st.view(viewer)
        twin = HOOKS.scrambled(st, viewer, rng)
        assert twin.view(viewer) == view
        one = OasisState.state_from_view(view, random.Random(42))
        other = OasisState.state_from_view(twin.view(viewer), random.Random(42))
        assert one.snapshot() == other.snapshot()
        if sum(1 for count in view["unseen"].values() if count) >= 2:
            third = OasisState.state_from_view(view, random.Random(43))
            assert hidden_part(third) != hidden_part(one)
            differed += 1
        if viewer is not None:  # the viewer's own score tiles are the true ones
            assert one.score_tiles[viewer] == st.score_tiles[viewer]
    assert differed > 10


def test_other_players_score_tiles_are_drawn_from_what_left_the_supply():
    st = new_game(3, 2)
    a, b, c = range(3)
    st.score_tiles[a].update(goods=2, springs=1)
    st.score_tiles[b].update(horses=3)
    st.score_tiles[c].update(ovoo=1)
    for kind, count in (("goods", 2), ("springs", 1), ("horses", 3), ("ovoo", 1)):
        st.score_supply[kind] -= count
    view = st.view(a)
    kinds_of_b = set()
    for seed in range(30):
        rebuilt = OasisState.state_from_view(view, random.Random(seed))
        assert rebuilt.score_tiles[a] == st.score_tiles[a]
        assert sum(rebuilt.score_tiles[b].values()) == 3
        assert sum(rebuilt.score_tiles[c].values()) == 1
        assert rebuilt.score_tiles[b]["goods"] == rebuilt.score_tiles[b]["springs"] == 0
        kinds_of_b.add(tuple(sorted(rebuilt.score_tiles[b].items())))
    assert len(kinds_of_b) == 2  # three horses, or two and the ovoo


# --- the view ------------------------------------------------------------------------------
def test_the_view_has_every_key_of_its_schema_and_the_scores_its_viewer_may_know():
    keys = set(get_type_hints(OasisView))
    for st, _ in games(counts=(4,), per_count=1, seed=5):
        if len(st.history) % 30 and not st.is_over():
            continue
        for viewer in (None, *range(st.num_players)):
            view = st.view(viewer)
            assert set(view) == keys
            assert view["viewer"] == view["me"] == viewer
            if st.is_over():
                assert view["scores"] == st.scores()
                continue
            if viewer is None:
                assert view["scores"] == [0] * st.num_players
                continue
            ended = st.clone()
            flow.finish_game(ended)  # the score were the game to end now
            want = [0] * st.num_players
            want[viewer] = ended.final[viewer]["total"]
            assert view["scores"] == want
