"""A lesson's progress file read back: every place the lesson's table reaches is picked up
again (its moves replayed as a save's are, whatever ``apply`` accepts), and a file whose step
does not follow from its moves is refused and set aside."""

from __future__ import annotations

import lesson_walk
import pytest

from game.config import Config
from game.registry import GAMES
from game.scenes.tutorial import progress
from game.scenes.tutorial.guide import check_place, replay_lesson
from game.scenes.tutorial.lesson import load_lesson

LESSON_GAMES = [g for g, info in GAMES.items() if info.lesson]


@pytest.fixture(scope="module", params=LESSON_GAMES)
def walked(request):
    """A lesson, its steps as the learner reached them, and the game after its steps."""
    lesson = load_lesson(GAMES[request.param].lesson)
    game = lesson_walk.start(lesson)
    return lesson, lesson_walk.walk(lesson, game), game


@pytest.fixture
def config():
    config = Config(mute=True)
    yield config
    config.writer.flush()


def read_back(config, lesson, step, done, actions):
    config.writer.flush()
    path = progress.progress_path(config, lesson.game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(progress.dumps(lesson, step, done, list(actions)))
    return progress.read(config, lesson)


def test_every_place_the_lesson_reaches_is_picked_up_again(walked, config):
    lesson, visits, game = walked
    places = [(v.index, 0, v.state) for v in visits]
    places.append((len(lesson.steps), 0, game.state))
    for step, done, state in places:
        saved, problem = read_back(config, lesson, step, done, state.history)
        assert problem is None, (lesson.game_id, step)
        assert saved is not None and (saved.step, saved.done) == (step, done)
        assert saved.state.snapshot() == state.snapshot()


def test_the_colorado_bots_bids_are_any_set_of_cowboys_and_still_replay(walked):
    """The easy bots bid sets the rules' list does not name (it names representatives)."""
    lesson, _visits, game = walked
    if lesson.game_id != "colorado":
        pytest.skip("Colorado County's bids")
    state, _moves = replay_lesson(lesson, [])
    unlisted = 0
    for p, action in game.state.history:
        unlisted += action not in state.legal_actions(p)
        state.apply(action, p)
    assert unlisted  # the case the replay must accept
    assert replay_lesson(lesson, game.state.history)[0].snapshot() == game.state.snapshot()


def waiting_after(lesson, index):
    """The first step after ``index`` that waits for a move (None: there is none)."""
    return next((i for i in range(index + 1, len(lesson.steps))
                 if not lesson.steps[i].reading), None)


def test_a_step_its_moves_do_not_lead_to_is_refused_and_set_aside(walked, config):
    lesson, visits, _game = walked
    waiting = [v for v in visits if not v.step.reading and v.played]
    first, last = waiting[0], waiting[-1]
    later = waiting_after(lesson, first.index)
    # a step further on than the moves reach (the table would wait for a move that never
    # comes), the moves of a later step under an earlier one, and a count of moves not made
    wrong = [(later, 0, first.state.history), (first.index, 0, last.state.history),
             (first.index, first.step.times - 1 if first.step.times > 1 else 0,
              last.state.history)]
    for step, done, actions in wrong:
        with pytest.raises(ValueError):
            check_place(lesson, actions, step, done)
        saved, problem = read_back(config, lesson, step, done, actions)
        assert saved is None and problem is not None
        path = progress.progress_path(config, lesson.game_id)
        assert not path.exists() and path.with_name(path.name + ".corrupt").exists()


def test_reading_steps_after_the_last_move_may_have_been_passed(walked):
    """Continue goes on over reading steps without a move: those places all hold."""
    lesson, visits, _game = walked
    for v in visits:
        if v.step.reading:
            nxt = waiting_after(lesson, v.index)
            stop = nxt if nxt is not None else len(lesson.steps)
            for step in range(v.index, stop + 1):
                check_place(lesson, v.state.history, step, 0)
