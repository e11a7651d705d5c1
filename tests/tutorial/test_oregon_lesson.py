"""The Oregon lesson at engine level: its fixed deal, every step's move, the mechanic each step
teaches, and the free game after it."""

from __future__ import annotations

import ast
import inspect

import pytest
from lesson_walk import play_free, start, unresolved_pointers, walk

from game.bots import make_bot
from game.games.oregon.engine import new_game
from game.games.oregon.engine.actions import Draw, UseExtraTurn
from game.games.oregon.engine.cards import card_building, card_kind
from game.games.oregon.table import lesson as oregon_lesson
from game.games.oregon.table.lesson import LESSON
from game.registry import GAMES
from game.scenes.tutorial.guide import lesson_state
from game.scenes.tutorial.lesson import load_lesson

LEARNER = 0
BOT = 1


def fresh_state():
    return lesson_state(LESSON)


def walk_lesson():
    """The lesson walked as its table plays it, and for each step what its own moves did:
    ``{"index", "legal", "expected", "actions", "events", "after"}`` (``after``: the state
    after each of the step's moves)."""
    game = start(LESSON)
    record = []
    for visit in walk(LESSON, game):
        entry = {"index": visit.index, "legal": visit.legal, "expected": visit.expected,
                 "actions": visit.played, "events": [], "after": []}
        state = visit.state.clone()
        for action in visit.played:  # a step's moves are all the learner's, in one turn
            assert LEARNER in state.to_act()
            entry["events"] += state.apply(action, LEARNER)
            entry["after"].append(state.clone())
        record.append(entry)
    return game, record


@pytest.fixture(scope="module")
def walked():
    return walk_lesson()


def kinds(events, player=LEARNER):
    return [e.kind for e in events if e.player == player]


def step_of(record, text_start):
    for entry in record:
        if LESSON.steps[entry["index"]].say.startswith(text_start):
            return entry
    raise AssertionError(f"no step says {text_start!r}")


def test_the_registry_names_the_lesson():
    assert load_lesson(GAMES["oregon"].lesson) is LESSON
    assert LESSON.game_id == "oregon"
    assert LESSON.seats[0] == "human"
    assert all(s in ("bot:easy", "bot:normal") for s in LESSON.seats[1:])


def test_the_deal_is_the_same_cards_in_another_order():
    plain = new_game(len(LESSON.seats), LESSON.seed)
    state = fresh_state()
    rng = plain.rng.getstate()
    assert state.rng.getstate() == rng  # arranging draws nothing from the game's generator
    for d in (0, 1):
        before = sorted(plain.deck[d] + [c for h in plain.hands for c in h
                                         if (c >= 50) == (d == 1)])
        after = sorted(state.deck[d] + [c for h in state.hands for c in h
                                        if (c >= 50) == (d == 1)])
        assert before == after
    assert state.hands[BOT] == plain.hands[BOT]  # the bot keeps the cards it was dealt
    assert state.hand_split(LEARNER) == plain.hand_split(LEARNER) == (3, 1)
    assert state.start_player == LEARNER
    assert state.legal_actions(LEARNER)


def test_the_learner_reaches_the_last_step_and_the_game_then_plays_to_its_end():
    game, record = walk_lesson()
    assert [entry["index"] for entry in record] == list(range(len(LESSON.steps)))
    assert not game.state.is_over() and game.guide.step is None
    learner = make_bot("oregon", "normal", 7)
    play_free(game, lambda state, legal: learner.choose(state.view(LEARNER), legal))
    assert game.state.is_over() and game.state.winners()


def test_every_acting_step_lets_its_move_through_and_refuses_another(walked):
    _game, record = walked
    for entry in record:
        step = LESSON.steps[entry["index"]]
        if step.reading:
            continue
        assert entry["expected"], f"step {entry['index'] + 1} has no legal expected move"
        assert step.refuse, f"step {entry['index'] + 1} does not say why it refuses"
        others = [a for a in entry["legal"] if a not in entry["expected"]]
        if others:
            assert not any(LESSON.allows(entry["index"], a) for a in others)
        # Each step takes one move only, so the script does not depend on the learner's pick.
        assert len(entry["expected"]) == 1


def test_the_bot_plays_the_same_game_every_time():
    first, _ = walk_lesson()
    again, _ = walk_lesson()
    assert len(first.actions) > 20
    assert again.actions == first.actions


def test_the_start_tile_is_placed(walked):
    entry = step_of(walked[1], "Every player starts")
    placed = [e for e in entry["events"] if e.kind == "start_tile_placed"]
    assert [e.player for e in placed] == [LEARNER]
    assert placed[0].data["building"] == "harbour"


def test_two_landscape_cards_place_a_farmer_that_scores_for_the_harbour(walked):
    entry = step_of(walked[1], "Two landscape cards")
    played = [e for e in entry["events"] if e.kind == "cards_played"]
    assert played[0].data["kind"] == "farmer" and not played[0].data["joker"]
    assert all(card_kind(c) == "landscape" for c in played[0].data["cards"])
    assert "farmer_placed" in kinds(entry["events"])
    scored = [e.data for e in entry["events"] if e.kind == "scored"]
    assert [(s["reason"], s["amount"]) for s in scored] == [("harbour", 4)]


def test_the_extra_turn_is_kept_then_used(walked):
    record = walked[1]
    assert kinds(step_of(record, "Your extra-turn token")["events"]) == ["extra_turn_skipped"]
    used = step_of(record, "Press Use extra turn")
    assert "extra_turn_used" in kinds(used["events"])
    assert UseExtraTurn() in used["actions"]
    joker = step_of(record, "The joker stands in")
    assert [e.data["extra_turn"] for e in joker["events"] if e.kind == "cards_played"] == [True]


def test_a_landscape_and_a_building_card_place_a_building(walked):
    entry = step_of(walked[1], "A landscape card and a building card")
    played = [e.data for e in entry["events"] if e.kind == "cards_played"][0]
    assert played["kind"] == "building" and not played["joker"]
    assert sorted(map(card_kind, played["cards"])) == ["building", "landscape"]
    built = [e.data for e in entry["events"] if e.kind == "building_placed"]
    assert [b["building"] for b in built] == ["post_office"]
    scored = [e.data for e in entry["events"] if e.kind == "scored"]
    assert [(s["reason"], s["amount"]) for s in scored] == [("post_office", 3)]


def test_the_joker_stands_in_for_the_landscape_card(walked):
    entry = step_of(walked[1], "The joker stands in")
    played = [e.data for e in entry["events"] if e.kind == "cards_played"][0]
    assert played["joker"] and len(played["cards"]) == 1
    flipped = [e.data for e in entry["events"] if e.kind == "token_flipped"]
    assert {"token": "joker", "active": False} in flipped
    assert not entry["after"][-1].joker[LEARNER]


def test_the_draw_fills_the_hand_and_a_duplicate_is_replaced(walked):
    record = walked[1]
    first = step_of(record, "Now you draw back up")
    assert kinds(first["events"]).count("drew_card") == 2
    draw = step_of(record, "You may draw from either")
    drawn = [e.data for e in draw["events"] if e.kind == "drew_card"]
    assert [d["deck"] for d in drawn] == ["building"]
    after = draw["after"][-1]
    assert after.pending >= 0  # a building card already in hand: keep or discard it
    held = [c for c in after.hands[LEARNER] if c >= 50 and c != after.pending]
    assert card_building(after.pending) in map(card_building, held)
    discard = step_of(record, "You already hold")
    discarded = [e.data for e in discard["events"] if e.kind == "discarded"]
    assert discarded == [{"cards": [after.pending], "reason": "drawn", "removed": False}]
    refill = step_of(record, "Now draw 3 landscape")
    assert refill["actions"] == [Draw("landscape")] * 3
    hand = refill["after"][-1].hands[LEARNER]
    assert len(hand) == 4 and {card_kind(c) for c in hand} == {"landscape", "building"}


def test_a_mine_gives_the_farmer_beside_it_a_token(walked):
    entry = step_of(walked[1], "Mines pay")
    built = [e.data for e in entry["events"] if e.kind == "building_placed"]
    assert [b["building"] for b in built] == ["coal_mine"]
    tokens = [e.data for e in entry["events"] if e.kind == "drew_token"]
    assert [t["token"] for t in tokens] == ["coal"]
    assert len(entry["after"][-1].coal[LEARNER]) == 1


def test_the_end_is_told_after_every_move_step_and_the_last_step_sets_the_learner_free():
    steps = LESSON.steps
    assert steps[-2].reading and "14th farmer" in steps[-2].say
    assert steps[-1].reading and "Suggest a move" in steps[-1].say
    assert not any(s.reading for s in steps[1:-2] if s is not steps[2])


def test_every_pointer_is_a_place_the_table_shows():
    assert unresolved_pointers(LESSON) == []


def _marked_strings() -> set[str]:
    """The string constants passed to N_ in the lesson's module."""
    tree = ast.parse(inspect.getsource(oregon_lesson))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "N_":
            out.add(node.args[0].value)
    return out


def test_every_text_is_marked_for_translation_and_says_one_short_idea():
    marked = _marked_strings()
    texts = [LESSON.title] + [s.say for s in LESSON.steps] + \
        [s.refuse for s in LESSON.steps if s.refuse]
    for text in texts:
        assert text in marked, text
    for step in LESSON.steps:
        assert len(step.say.split()) <= 48, step.say
        assert step.say.format(you="Yellow")

