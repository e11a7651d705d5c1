"""The Colorado County lesson at engine level: the learner's demo moves reach the last step on
the fixed deal, each step's mechanic really happens there, the gate refuses other moves, the
pointers name things the table shows, and the game then plays to its end."""

from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass, field

import lesson_walk
import pytest

from game.engine.events import Event
from game.games.colorado.engine.actions import Bid, OfferForSale, PlaceFlag, TakeCard
from game.games.colorado.engine.grid import BORDER_CELLS, index
from game.games.colorado.engine.scoring import groups
from game.games.colorado.table import lesson as lesson_module
from game.games.colorado.table.lesson import LESSON
from game.registry import GAMES
from game.scenes.tutorial.guide import LEARNER, lesson_state
from game.scenes.tutorial.lesson import load_lesson


@dataclass
class Move:
    step: int
    action: object
    before: object      # the state just before the learner's move (a copy)
    after: object       # the state just after it
    events: list[Event]
    legal: list = field(default_factory=list)


@dataclass
class Walk:
    game: lesson_walk.LessonGame  # left after the last step
    visits: list[lesson_walk.StepVisit]
    moves: list[Move]

    @property
    def reached(self) -> dict[int, object]:
        """Step -> the state as it came up (for a step of moves: once the learner may act)."""
        return {v.index: v.state for v in self.visits}


def walk() -> Walk:
    """The lesson as its table plays it, and each learner move with the states around it
    (rebuilt by replaying the walk's moves)."""
    game = lesson_walk.start(LESSON)
    visits = lesson_walk.walk(LESSON, game)
    steps = iter([v.index for v in visits for _ in v.played])
    state = lesson_state(LESSON)
    moves = []
    for p, action in game.actions:
        before = state.clone()
        legal = state.legal_actions(p)
        events = state.apply(action, p)
        if p == LEARNER:
            moves.append(Move(next(steps), action, before, state.clone(), events, legal))
    return Walk(game, visits, moves)


def walk_bots_bidding_first() -> object:
    """The same lesson, the bots' secret bids in before the learner's (the table's bots may
    bid while the learner still thinks): the final position of its steps."""
    game = lesson_walk.start(LESSON)
    guide, st = game.guide, game.state
    while guide.step is not None:
        if guide.reading:
            guide.proceed()
        elif any(p in game.bots for p in st.to_act()):
            game.bot_move()
        else:
            guide.played(a := LESSON.demo_action(guide.index, st.legal_actions(LEARNER)))
            game.play(LEARNER, a)
    return st


@pytest.fixture(scope="module")
def lesson_walk_result() -> Walk:
    return walk()


def step_of(text_start: str) -> int:
    found = [i for i, s in enumerate(LESSON.steps) if s.say.startswith(text_start)]
    assert len(found) == 1, text_start
    return found[0]


def moves_of(w: Walk, step: int, kind: type) -> list[Move]:
    return [m for m in w.moves if m.step == step and isinstance(m.action, kind)]


def mine(state) -> set[tuple[int, int]]:
    return {(i % 15, i // 15) for i, o in enumerate(state.owner) if o == LEARNER}


def test_registry_names_the_lesson():
    assert load_lesson(GAMES["colorado"].lesson) is LESSON
    assert LESSON.seats[0] == "human"
    assert all(s in ("bot:easy", "bot:normal") for s in LESSON.seats[1:])


def test_walk_reaches_the_last_step_and_the_game_then_ends():
    game = walk().game  # its own: the free part changes it
    assert game.guide.step is None
    assert game.state.round == 1 and not game.state.is_over()
    # the free part: the learner plays on (here by the first legal move), the bots as ever
    lesson_walk.play_free(game)
    assert game.state.is_over() and game.state.round == 4


def test_the_script_holds_whoever_bids_first(lesson_walk_result):
    """Secret bids: the table's bots may bid before the learner or after."""
    assert walk_bots_bidding_first().snapshot() == lesson_walk_result.game.state.snapshot()


def test_each_expecting_step_lets_a_move_through_and_refuses_another(lesson_walk_result):
    for m in lesson_walk_result.moves:
        step = LESSON.steps[m.step]
        assert step.refuse, m.step
        assert LESSON.expected(m.step, m.legal)
        others = [a for a in m.legal if not LESSON.allows(m.step, a)]
        if len(m.legal) > 1:
            assert others, f"step {m.step + 1} lets every move through"
        # a refused move is not played by the rules' mistake: it is legal, just not wanted
        for a in others[:3]:
            assert m.before.clone().why_illegal(a, LEARNER) is None
    # reading steps let nothing through
    for i, s in enumerate(LESSON.steps):
        if s.reading:
            assert not LESSON.allows(i, Bid(()))


def test_steps_come_in_teaching_order():
    first = [step_of(t) for t in ("Each round begins with flags", "Two cards are revealed",
                                  "When all bids are in", "Click the lit card",
                                  "The market", "Each round ends with scoring",
                                  "A double is", "Three or more", "The land cells beside")]
    assert first == sorted(first)
    assert LESSON.steps[-1].reading and "Suggest a move" in LESSON.steps[-1].say


def test_flags_are_placed_where_the_steps_say(lesson_walk_result):
    flag_moves = [m for m in lesson_walk_result.moves if isinstance(m.action, PlaceFlag)]
    assert [m.step for m in flag_moves] == [1, 2, 3, 4]
    for m in flag_moves:
        assert any(e.kind == "flag_placed" for e in m.events)
        colour, placer = m.after.flags[index(*m.action.cell)]
        assert (colour, placer) == (m.action.colour, LEARNER)
    # all flags are turned up before the first bid
    first_bid = moves_of(lesson_walk_result, step_of("Two cards are revealed"), Bid)[0]
    assert first_bid.before.flags_up and first_bid.before.phase == "bid"
    assert len(first_bid.before.flags) == 12


def test_the_learner_wins_the_first_bid_secretly_and_chooses_first(lesson_walk_result):
    m = moves_of(lesson_walk_result, step_of("Two cards are revealed"), Bid)[0]
    assert m.before.is_simultaneous()
    assert any(e.kind == "bid_submitted" for e in m.events)
    # the reading step comes up before the others' bids are in: it says nothing of them
    assert lesson_walk_result.reached[step_of("When all bids are in")].phase == "bid"
    choice = lesson_walk_result.reached[step_of("Click the lit card")]
    assert choice.phase == "take" and choice.take_queue[0] == LEARNER
    assert len(choice.revealed) == 2 and len(choice.take_queue) == 2


def test_the_first_card_needs_turning(lesson_walk_result):
    m = moves_of(lesson_walk_result, step_of("Click the lit card"), TakeCard)[0]
    assert len(m.action.cubes) == 2
    assert mine(m.after) == {tuple(c) for c in m.action.cubes}
    # unturned, with either star on any of its flags, the card does not cover those cells
    colour = m.before.flag_colours_at()
    for cell in colour:
        for anchor in (0, 1):
            unturned = TakeCard(m.action.card_id, (cell % 15, cell // 15), 0, anchor,
                                m.action.cubes)
            assert m.before.clone().why_illegal(unturned, LEARNER) is not None


def test_the_market_sells_the_learners_land(lesson_walk_result):
    m = moves_of(lesson_walk_result, step_of("The market"), OfferForSale)[0]
    cell = tuple(m.action.cell)
    assert m.before.owner[index(*cell)] == LEARNER
    assert any(e.kind == "sale_offered" for e in m.events)
    assert m.after.tokens[LEARNER] == m.before.tokens[LEARNER] - 1
    # once the others have answered, the cube has left and the seller drew 2 cowboys
    after = lesson_walk_result.reached[step_of("Now bid again")]
    assert after.owner[index(*cell)] != LEARNER
    assert len(after.hands[LEARNER]) == len(m.before.hands[LEARNER]) + 2
    # the others answer once the learner has read the step after it
    answer = step_of("Now the others say")
    assert not any(e.kind == "sale_result" for e in lesson_walk_result.visits[answer].events)
    assert any(e.kind == "sale_result" for e in lesson_walk_result.visits[answer + 1].events)


def test_each_scoring_idea_comes_with_the_move_that_makes_it(lesson_walk_result):
    border = {(i % 15, i // 15) for i in BORDER_CELLS}
    m = moves_of(lesson_walk_result, step_of("Each round ends with scoring"), TakeCard)[0]
    assert not mine(m.before) & border and mine(m.after) & border

    def shapes(state) -> list[int]:
        return sorted(len(g) for g in groups(state.owner, state.num_players)[LEARNER])

    m = moves_of(lesson_walk_result, step_of("A double is"), TakeCard)[0]
    assert shapes(m.before).count(2) == 0 and shapes(m.after).count(2) == 1
    m = moves_of(lesson_walk_result, step_of("Three or more"), TakeCard)[0]
    assert max(shapes(m.before)) < 3 <= max(shapes(m.after))
    # round 1 has not been scored yet: these are the scores about to come
    assert m.after.round_results == [] and m.after.round == 1


def test_the_learner_takes_a_lake_at_the_lakes_step_only(lesson_walk_result):
    step = step_of("The land cells beside")
    m = moves_of(lesson_walk_result, step, TakeCard)[0]
    assert LEARNER not in m.before.lake_owner
    assert any(e.kind == "lake_changed" for e in m.events)
    lake = m.after.lakemap.lake_at[index(11, 1)]
    assert m.after.lake_owner[lake] == LEARNER
    assert "cell:11,1" in LESSON.steps[step].point


def test_pointers_name_what_the_table_shows(lesson_walk_result):
    assert lesson_walk.unresolved_pointers(LESSON) == []
    # "cards" (the table's own name) is up whenever a step points at it
    for i, s in enumerate(LESSON.steps):
        if "cards" in s.point:
            assert lesson_walk_result.reached[i].revealed


def marked_strings() -> set[str]:
    """The string constants passed to N_ in the lesson module."""
    tree = ast.parse(inspect.getsource(lesson_module))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "N_":
            out.add(ast.literal_eval(node.args[0]))
    return out


def test_texts_are_marked_and_short():
    marked = marked_strings()
    assert LESSON.title in marked
    for s in LESSON.steps:
        assert s.say in marked and (not s.refuse or s.refuse in marked)
        assert len(s.say.split()) <= 45, s.say
        assert s.say.format(you="Orange")  # only {you} is filled in


@pytest.mark.parametrize("language", ["en", "it", "es", "fr"])
def test_the_bubble_fits_beside_what_it_points_at_at_text_size_1_5(lesson_walk_result,
                                                                  services, language):
    """At the largest Text size, every step's bubble stays on the canvas and leaves
    uncovered what it points at and where its move is made (a language without the lesson's
    words yet shows the English ones)."""
    import pygame

    from game import i18n
    from game.ui import theme

    before = theme.ui_scale()
    theme.set_ui_scale(1.5)
    i18n.set_language(language)
    table = lesson_walk.table_for(LESSON, services)
    try:
        canvas = pygame.Rect((0, 0), services.canvas_size)
        for visit in lesson_walk_result.visits:
            table.restore(visit.state.clone())
            table.coach.guide.index = visit.index
            bubble = table.coach.bubble
            bubble.layout()
            assert bubble.rect is not None and canvas.contains(bubble.rect), visit.index + 1
            assert bubble.rect.collidelist(bubble.subject()) < 0, visit.index + 1
            if bubble.continue_rect is not None:
                assert bubble.rect.contains(bubble.continue_rect)
    finally:
        table.on_exit()
        theme.set_ui_scale(before)
