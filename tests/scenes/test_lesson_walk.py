"""The engine-level walk through a lesson (``tests/helpers/lesson_walk.py``) and the lesson's
guide: a small Oregon lesson built here."""

import pytest
from lesson_walk import play_free, start, walk

from game.games.oregon.engine import Draw, PlaceFarmer, PlaceStartTile
from game.scenes.table.seating import Seating
from game.scenes.tutorial.guide import Guide, lesson_seats, lesson_state, replay_lesson
from game.scenes.tutorial.lesson import Lesson, LessonStep


def small_lesson(**changes) -> Lesson:
    fields = dict(
        game_id="oregon", title="Learn to play Oregon", seats=("human", "bot:easy"), seed=11,
        steps=(
            LessonStep("Welcome."),
            LessonStep("Put your start tile.", point=("action",),
                 expect=lambda a: isinstance(a, PlaceStartTile), refuse="Start tile first."),
            LessonStep("Place a farmer or draw.", expect=lambda a: isinstance(a, (PlaceFarmer, Draw)),
                 times=1),
            LessonStep("Now play freely."),
        ))
    fields.update(changes)
    return Lesson(**fields)


def test_walk_visits_every_step_in_order_with_the_learners_moves():
    lesson = small_lesson()
    visits = walk(lesson)
    assert [v.index for v in visits] == [0, 1, 2, 3]
    # a reading step: nothing played; the first step comes before anyone moved
    assert visits[0].played == [] and not visits[0].state.history
    start_tile = visits[1]
    assert start_tile.expected and all(isinstance(a, PlaceStartTile) for a in start_tile.expected)
    assert start_tile.played == [start_tile.expected[0]]
    # the learner's move is in the next visit's history, with the bots' moves that came since
    assert (0, start_tile.played[0]) in visits[2].state.history
    assert visits[2].events  # the start tiles' events, the learner's and the bot's
    assert isinstance(visits[2].played[0], (PlaceFarmer, Draw))


def test_walk_is_a_fixed_deal_and_uses_the_tables_bots():
    lesson = small_lesson()
    one, two = walk(lesson), walk(lesson)
    assert one[-1].state.history == two[-1].state.history
    game = start(lesson)
    seating = Seating.build(lesson_seats(lesson), "oregon", lesson.seed, str)
    assert {p: type(b) for p, b in game.bots.items()} == {
        p: type(b) for p, b in seating.bots.items()}
    assert list(game.bots) == [1]


def test_arrange_is_applied_before_anything_is_shown():
    seen = []

    def arrange(state):
        seen.append(len(state.history))
        state.deck[0].reverse()

    lesson = small_lesson(arrange=arrange)
    fresh = lesson_state(small_lesson())
    arranged = lesson_state(lesson)
    assert seen == [0]
    assert arranged.deck[0] == list(reversed(fresh.deck[0]))


def test_a_step_expecting_no_legal_move_names_the_step():
    lesson = small_lesson(steps=(LessonStep("Draw now.", expect=lambda a: isinstance(a, Draw)),))
    with pytest.raises(AssertionError, match="step 1"):
        walk(lesson)


def test_play_free_ends_the_game_and_the_actions_replay_to_the_same_position():
    lesson = small_lesson()
    game = start(lesson)
    walk(lesson, game)
    play_free(game)
    assert game.state.is_over()
    again, moves = replay_lesson(lesson, game.actions)
    assert again.history == game.state.history and len(moves) == len(game.actions)


def test_replay_keeps_the_bots_draws_where_they_were():
    """A game resumed from its actions goes on as it would have: the bots, asked again for
    their past moves, choose the next one as they did."""
    lesson = small_lesson()
    game = start(lesson)
    walk(lesson, game)
    half = list(game.actions)
    play_free(game)
    resumed = start(lesson)
    resumed.state, _ = replay_lesson(lesson, half, resumed.bots)
    resumed.actions = list(half)
    play_free(resumed)
    assert resumed.state.history == game.state.history


def test_replay_refuses_a_move_that_is_not_legal():
    lesson = small_lesson()
    with pytest.raises(ValueError, match="move 1"):
        replay_lesson(lesson, [(0, Draw("landscape"))])


def test_guide_counts_times_and_reading_steps():
    lesson = small_lesson(steps=(
        LessonStep("Read."), LessonStep("Draw twice.", expect=lambda a: isinstance(a, Draw), times=2)))
    g = Guide(lesson)
    assert g.reading and not g.played(Draw("landscape"))
    assert g.proceed() and g.index == 1 and not g.reading
    assert not g.proceed()  # Continue does not skip a step that waits for moves
    assert not g.allows(PlaceStartTile((0, 0))) and g.allows(Draw("building"))
    assert not g.played(Draw("landscape")) and g.index == 1 and g.done == 1
    assert g.played(Draw("building")) and g.index == 2 and not g.guided
    assert g.allows(PlaceStartTile((0, 0)))  # the free part lets everything through
