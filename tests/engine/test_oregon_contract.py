"""Oregon follows the engine contract: ``why_illegal`` is what ``apply`` refuses with,
states rebuilt from a view agree with it and keep its secrets, the outcome's breakdown adds
up, draws set the undo floor, and every event has a declared kind, its payload's keys and a
message whose every seat is an argument."""

from __future__ import annotations

import random
import string
import typing

import pytest

from game.engine import save_files
from game.engine.core import IllegalAction
from game.engine.events import Event
from game.engine.messages import describe
from game.games.oregon.engine import (
    EVENT_KINDS,
    PAYLOADS,
    DiscardDead,
    DiscardDrawn,
    DiscardNoPlacement,
    Draw,
    KeepCard,
    OregonState,
    OregonView,
    PlaceBuilding,
    PlaceFarmer,
    PlaceStartTile,
    SkipExtraTurn,
    UseExtraTurn,
    new_game,
)
from game.games.oregon.engine.positions import TEST_BOARD, scrambled

GAMES = [(n, seed) for n in (2, 3, 4) for seed in (11, 12, 13)]
ENGINE_NAMES = ("Yellow", "Blue", "Green", "Red")
TABLE_NAMES = ["Ann", "Bob", "Cy", "Di"]


def random_game(n: int, seed: int):
    """Yield (state before, action, events) through a whole random game."""
    st = new_game(n, seed, **TEST_BOARD)
    rng = random.Random(seed)
    while not st.is_over():
        action = rng.choice(st.legal_actions())
        before = st.clone()
        yield before, action, st.apply(action)


def candidate(st: OregonState, rng: random.Random):
    """A random action of any type, legal or not, with fields of the right types."""
    pool = st.hands[st.current] + [rng.randrange(71)]
    cell = (rng.randrange(15), rng.randrange(10))
    cards = tuple(rng.choice(pool) for _ in range(rng.choice((1, 2, 2))))
    return rng.choice([
        PlaceStartTile(cell), PlaceFarmer(cards, cell), PlaceBuilding(cards, cell),
        DiscardNoPlacement((rng.choice(pool), rng.choice(pool))), UseExtraTurn(),
        SkipExtraTurn(), Draw(rng.choice(("landscape", "building", "river"))), KeepCard(),
        DiscardDrawn(), DiscardDead(rng.choice(pool))])


# --- events ---------------------------------------------------------------------------------
def check_event(event: Event) -> None:
    assert event.kind in EVENT_KINDS, event.kind
    payload = PAYLOADS.get(event.kind)
    keys = set(event.data)
    if payload is None:
        assert not keys, (event.kind, keys)
    else:
        assert payload.__required_keys__ <= keys <= payload.__required_keys__ \
            | payload.__optional_keys__, (event.kind, keys)
    for msg, args in (event.message_for(None), event.message_for(event.private_to)):
        texts = msg if isinstance(msg, tuple) else (msg,)
        for text in texts:
            wanted = {f for _, f, _, _ in string.Formatter().parse(text) if f}
            assert wanted <= set(args), (text, args)
    for viewer in (None, *range(4)):
        line = describe(event, TABLE_NAMES, viewer)
        assert not any(name in line for name in ENGINE_NAMES), line  # seats are arguments


def test_every_event_has_a_declared_kind_its_payload_and_its_arguments():
    seen = set()
    for n, seed in GAMES:
        for _, _, events in random_game(n, seed):
            for e in events:
                check_event(e)
                seen.add(e.kind)
    common = {"turn_start", "cards_played", "farmer_placed", "building_placed", "scored",
              "drew_card", "drew_token", "token_flipped", "end_triggered", "last_round",
              "tokens_revealed", "game_over", "extra_turn_used", "extra_turn_skipped"}
    assert common <= seen, common - seen


def test_private_events_keep_their_message_and_arguments_for_each_viewer():
    private = 0
    for _, _, events in random_game(3, 21):
        for e in events:
            for viewer in (None, 0, 1, 2):
                seen = e.seen_by(viewer)
                assert describe(seen, TABLE_NAMES, viewer) == describe(e, TABLE_NAMES, viewer)
                if e.is_hidden_from(viewer):
                    private += 1
                    assert not {"card", "value"} & set(seen.data)
                    assert describe(seen, TABLE_NAMES, viewer) != seen.text  # names follow
    assert private > 50


def test_a_payload_check_notices_an_undeclared_key():
    e = Event("farmer_placed", "{player} places a farmer on {cell}", 0,
                   {"cell": [1, 1], "farmers_left": 3, "secret": 1},
                   args={"player": {"p": 0, "name": "Yellow"}, "cell": "B2"})
    with pytest.raises(AssertionError):
        check_event(e)


# --- why_illegal ----------------------------------------------------------------------------
def test_why_illegal_is_what_apply_refuses_with():
    rng = random.Random(5)
    refused = 0
    for n, seed in GAMES:
        for before, action, _ in random_game(n, seed):
            p = before.current
            legal = before.legal_actions(p)
            for a in rng.sample(legal, min(4, len(legal))) + [action]:
                assert before.why_illegal(a, p) is None, a
            snap = before.snapshot()
            for _ in range(3):
                cand = candidate(before, rng)
                why = before.why_illegal(cand, p)
                assert (why is None) == (cand in legal), (cand, why)
                if why is None:
                    continue
                refused += 1
                with pytest.raises(IllegalAction) as err:
                    before.apply(cand, p)
                assert str(err.value) == why
                assert before.snapshot() == snap
    assert refused > 500


def test_why_illegal_names_the_turn_and_the_end():
    st = new_game(3, 2, **TEST_BOARD)
    other = (st.current + 1) % 3
    assert st.why_illegal(st.legal_actions()[0], other) == \
        f"It is not {ENGINE_NAMES[other]}'s turn"
    done = _finished(2, 4)
    assert done.why_illegal(Draw("landscape"), 0) == "The game is over"


def _finished(n: int, seed: int) -> OregonState:
    st = new_game(n, seed, **TEST_BOARD)
    rng = random.Random(seed)
    while not st.is_over():
        st.apply(rng.choice(st.legal_actions()))
    return st


# --- state_from_view ------------------------------------------------------------------------
def mid_game_positions():
    rng = random.Random(8)
    for n, seed in GAMES:
        for k, (before, _, _) in enumerate(random_game(n, seed)):
            if k % 23 == 5:
                yield before, rng


def test_state_from_view_agrees_with_the_view_and_its_legal_actions():
    count = 0
    for st, rng in mid_game_positions():
        for viewer in (None, *range(st.num_players)):
            view = st.view(viewer)
            rebuilt = OregonState.state_from_view(view, random.Random(rng.random()))
            assert rebuilt.view(viewer) == view
            if viewer is not None:
                assert rebuilt.legal_actions(viewer) == st.legal_actions(viewer)
            count += 1
    assert count > 100


def hidden_parts(st: OregonState, viewer: int | None) -> tuple:
    others = [q for q in range(st.num_players) if q != viewer]
    return (tuple(tuple(st.hands[q]) for q in others), tuple(map(tuple, st.deck)),
            tuple(tuple(st.coal[q] + st.gold[q]) for q in others),
            tuple(st.coal_supply), tuple(st.gold_supply))


def test_state_from_view_draws_the_hidden_parts_from_the_rng_only():
    for st, rng in mid_game_positions():
        for viewer in (None, *range(st.num_players)):
            view = st.view(viewer)
            one = OregonState.state_from_view(view, random.Random(1))
            two = OregonState.state_from_view(view, random.Random(2))
            assert hidden_parts(one, viewer) != hidden_parts(two, viewer)
            # a true state differing only in what the viewer cannot see: the same rebuild
            other = scrambled(st, viewer, rng)
            assert other.view(viewer) == view
            again = OregonState.state_from_view(other.view(viewer), random.Random(1))
            assert again.snapshot() == one.snapshot()


def test_state_from_view_of_a_finished_game_shows_every_token():
    st = _finished(3, 6)
    rebuilt = OregonState.state_from_view(st.view(None), random.Random(3))
    assert rebuilt.outcome() == st.outcome()
    assert rebuilt.coal == st.coal and rebuilt.gold == st.gold


# --- outcome --------------------------------------------------------------------------------
@pytest.mark.parametrize(("n", "seed"), GAMES)
def test_outcome_breakdown_adds_up_to_the_scores(n, seed):
    st = new_game(n, seed, **TEST_BOARD)
    rng = random.Random(seed)
    while not st.is_over():
        st.apply(rng.choice(st.legal_actions()))
        result = st.outcome()
        assert [sum(b.values()) for b in result.breakdown] == result.scores == st.scores()
        assert (result.winners == []) == (not st.is_over())
    result = st.outcome()
    assert [sum(b.values()) for b in result.breakdown] == result.scores == st.scores()
    assert result.winners == st.winners() and result.winners
    assert result.ranking[:len(result.winners)] == result.winners
    for q in range(n):
        tokens = result.breakdown[q]["coal tokens"] + result.breakdown[q]["gold tokens"]
        assert tokens == sum(st.coal[q]) + sum(st.gold[q])
        assert result.scores[q] - tokens == st.score[q]
    assert st.view(None)["scores"] == result.scores
    assert st.view(0)["final"]["winners"] == result.winners


# --- undo floor -----------------------------------------------------------------------------
def test_a_draw_sets_the_undo_floor_and_plays_after_it_can_be_taken_back():
    st = new_game(2, 4, **TEST_BOARD)
    while not isinstance(st.legal_actions()[-1], Draw) or st.phase != "draw":
        legal = st.legal_actions()
        st.apply(next((a for a in legal if not isinstance(a, UseExtraTurn)), legal[0]))
    floor = st.undo_floor
    moves = len(st.history)
    assert floor < moves and st.is_undoable(moves - 1)
    st.apply(st.legal_actions()[-1])  # a draw
    assert st.undo_floor == len(st.history) == moves + 1
    assert not any(st.is_undoable(i) for i in range(len(st.history)))
    assert st.clone().undo_floor == st.undo_floor
    assert save_files.replay(st).undo_floor == st.undo_floor
    while st.phase == "draw":
        st.apply(st.legal_actions()[-1])
    floor = st.undo_floor
    st.apply(st.legal_actions()[0])  # a play that draws no token
    if st.undo_floor == floor:
        assert st.is_undoable(len(st.history) - 1)


def test_setup_events_and_seat_names():
    st = new_game(4, 1, **TEST_BOARD)
    assert st.setup_events() == []
    assert st.player_names == list(ENGINE_NAMES)


def test_the_view_has_every_key_of_its_schema():
    st = new_game(3, 1, **TEST_BOARD)
    keys = set(typing.get_type_hints(OregonView))
    for viewer in (None, 0):
        assert set(st.view(viewer)) == keys
