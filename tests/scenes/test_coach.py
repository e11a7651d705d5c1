"""The coach on a lesson table: the bubble, the gate, reading steps, hints, progress, leaving,
the end of the lesson's game; and the entry points (game select, --tutorial, seat setup)."""

import json

import pygame
import pytest
from lessons import with_lesson
from scrap_lessons import OREGON

from game import i18n, saves
from game.config import Config
from game.games.oregon.engine import Draw
from game.scenes.handoff import Handoff
from game.scenes.results import ResultsScene
from game.scenes.services import Services
from game.scenes.table import screen as table_screen
from game.scenes.tutorial import progress
from game.scenes.tutorial.coach import lesson_table, open_lesson_table
from game.scenes.tutorial.guide import LEARNER
from game.ui import intents as I
from game.ui import theme

DT = 1 / 60


@pytest.fixture
def svc(display):
    services = Services.standalone(Config(mute=True))
    services.settings.animation_speed = 60.0  # beyond the menu's range: tests only
    yield services
    services.close()


@pytest.fixture
def lesson(monkeypatch):
    with_lesson(monkeypatch, "oregon", "scrap_lessons:OREGON")
    return OREGON


def frames(svc, n=1):
    for _ in range(n):
        svc.stack.update(DT)
        svc.stack.apply_pending()


def settle(svc, t, limit=3000):
    """Until the learner may act on a step waiting for a move, or a reading step is up."""
    for _ in range(limit):
        if (t.coach.reading or t.human_can_act or t.session.state.is_over()) and not t.timeline.busy:
            return
        frames(svc)
    raise AssertionError("the table never settled")


def opened(svc, lesson):
    t = open_lesson_table(svc, lesson)
    svc.stack.reset(t)
    svc.stack.apply_pending()
    settle(svc, t)
    return t


def to_step(svc, t, index):
    """Play the lesson's demo moves (and Continue) until step ``index`` is up."""
    while t.coach.guide.index < index:
        settle(svc, t)
        if t.coach.reading:
            assert t.coach.proceed()
        else:
            t.controls.try_action(t.coach.lesson.demo_action(t.coach.guide.index,
                                              t.session.state.legal_actions(LEARNER)))
        settle(svc, t)


def to_results(svc, t, limit=20000):
    """The lesson's steps played, then the learner's first legal move each turn until the
    results show."""
    to_step(svc, t, len(t.coach.lesson.steps))
    for _ in range(limit):
        if isinstance(svc.stack.top, ResultsScene):
            return
        if t.human_can_act and svc.stack.top is t and not t.session.state.is_over():
            t.controls.try_action(t.session.state.legal_actions(LEARNER)[0])
        frames(svc)


def drawn(svc, t):
    surface = pygame.display.get_surface()
    svc.stack.draw(surface)
    return t.coach.bubble


# --- the bubble ---------------------------------------------------------------------------------
@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_the_bubble_fits_and_never_covers_what_it_points_at(svc, lesson, scale, language):
    theme.set_ui_scale(scale)
    i18n.set_language(language)
    try:
        t = opened(svc, lesson)
        canvas = pygame.Rect((0, 0), svc.canvas_size)
        for index in range(len(lesson.steps)):
            to_step(svc, t, index)
            b = drawn(svc, t)
            assert canvas.contains(b.rect), (index, b.rect)
            width = b.rect.width - 2 * 26
            font = theme.font(theme.BODY_SIZE)
            assert all(font.size(line)[0] <= width for line in b._lines), index
            if lesson.steps[index].point:
                assert b.targets, f"step {index + 1} points at nothing on the table"
            for target in b.targets:
                assert not b.rect.colliderect(target), (index, b.rect, target)
            if b.continue_rect is not None:
                assert b.rect.contains(b.continue_rect)
            head = theme.font(theme.SMALL_SIZE, bold=True).size(b._head[1])[0]
            assert head < b.rect.width
    finally:
        theme.set_ui_scale(1.0)


def test_the_bubble_says_the_title_the_step_and_the_learners_colour(svc, lesson):
    t = opened(svc, lesson)
    b = drawn(svc, t)
    assert b._head == ("Learn to play Oregon", f"Step 1 of {len(lesson.steps)}")
    assert " ".join(b._lines).startswith(f"Welcome to Oregon. You are {t.names[0]}.")
    assert b.continue_rect is not None  # a reading step
    to_step(svc, t, 1)
    b = drawn(svc, t)
    assert b._head[1] == f"Step 2 of {len(lesson.steps)}" and b.continue_rect is None
    # "action": where the move the step expects is made (its first one, as a hint shows it)
    demo = lesson.demo_action(1, t.session.state.legal_actions(LEARNER))
    assert b.targets == [t.layout.cell_rect(*demo.cell)]


# --- the gate -----------------------------------------------------------------------------------
def test_only_the_steps_moves_are_offered_and_others_are_refused_with_its_words(svc, lesson):
    t = opened(svc, lesson)
    to_step(svc, t, 3)  # a farmer now
    legal = t.session.state.legal_actions(LEARNER)
    offered = t.legal()
    assert offered == lesson.expected(3, legal) and len(offered) < len(legal)
    refused = next(a for a in legal if a not in offered)
    history = list(t.session.state.history)
    assert t.controls.try_action(refused) is False
    assert t.session.state.history == history
    assert table_screen.shown_message(t) == "A farmer now, please."
    # a move the rules forbid still says the rules' reason
    assert t.controls.try_action(Draw("building")) is False
    assert table_screen.shown_message(t) != "A farmer now, please." and t.message_error


def test_buttons_the_step_does_not_want_are_unlit(svc, lesson):
    t = opened(svc, lesson)
    to_step(svc, t, 4)  # skip the extra turn
    coach = t.coach
    buttons = t.controls.buttons()
    use = [b for b in buttons if type(b[1]).__name__ == "UseExtraTurn"]
    skip = [b for b in buttons if type(b[1]).__name__ == "SkipExtraTurn"]
    assert skip and not coach.refuses_button(skip[0][1])
    assert not use or coach.refuses_button(use[0][1])


# --- reading steps, hints, undo, hand-off ---------------------------------------------------------
def test_bots_wait_while_a_reading_step_is_up(svc, lesson):
    t = opened(svc, lesson)
    to_step(svc, t, 2)  # a reading step, after the learner's start tile: the bot's turn
    assert t.coach.reading and t.session.state.to_act() != [LEARNER]
    moves = len(t.session.state.history)
    frames(svc, 600)
    assert len(t.session.state.history) == moves
    assert table_screen.prompt_line(t) == "Read what the coach says, then press Continue."
    # a click on the table does nothing while the learner reads; Enter goes on
    t.handle(I.click(t.layout.cell_rect(3, 3).center))
    assert t.coach.guide.index == 2
    t.handle(I.simple(I.CONFIRM))
    assert t.coach.guide.index == 3
    frames(svc, 600)
    assert len(t.session.state.history) > moves  # the bot played


def test_continue_by_click_and_by_pad(svc, lesson):
    t = opened(svc, lesson)
    b = drawn(svc, t)
    t.handle(I.click(b.continue_rect.center))
    assert t.coach.guide.index == 1
    to_step(svc, t, 2)
    t.handle(I.simple(I.CONFIRM, source=I.PAD))
    assert t.coach.guide.index == 3


def test_hints_and_undo_are_off_during_the_steps_and_on_after(svc, lesson):
    t = opened(svc, lesson)
    to_step(svc, t, 1)
    assert t.human_can_act and not t.suggest.offered
    t.controls.try_action(t.coach.lesson.demo_action(1, t.session.state.legal_actions(LEARNER)))
    settle(svc, t)
    assert t.undo_reason() is not None and not t.can_undo
    to_step(svc, t, len(lesson.steps))
    settle(svc, t)
    assert t.human_can_act and t.suggest.offered
    assert t.legal() == t.session.state.legal_actions(LEARNER)


def test_the_focus_the_coach_moves_shows_no_tip_over_the_bubble(svc, lesson):
    """A keyboard learner's focus goes to the move a step asks for; its tip would cover the
    bubble, so it shows only once the steps are over."""
    t = opened(svc, lesson)
    to_step(svc, t, 3)  # a farmer now: the focus is on the first card it uses
    frames(svc, 2)
    t.keyboard = True
    assert t.focus.startswith("card")
    assert t.hover_tips.current_tip()[0] is None
    to_step(svc, t, len(lesson.steps))
    settle(svc, t)
    t.keyboard, t.focus = True, "card0"
    assert t.hover_tips.current_tip()[0] is not None


def test_no_hand_off_screen_with_one_human(svc, lesson):
    t = opened(svc, lesson)
    to_step(svc, t, len(lesson.steps))
    for _ in range(40):
        if t.session.state.is_over():
            break
        if t.human_can_act:
            t.controls.try_action(t.session.state.legal_actions(LEARNER)[0])
        frames(svc, 5)
        assert not any(isinstance(s, Handoff) for s in svc.stack.scenes)


# --- progress -------------------------------------------------------------------------------------
def progress_file(svc):
    return progress.progress_path(svc.config, "oregon")


def test_progress_is_kept_after_each_step_and_move_and_the_lesson_resumes_there(svc, lesson):
    t = opened(svc, lesson)
    to_step(svc, t, 4)
    svc.config.writer.flush()
    data = json.loads(progress_file(svc).read_text())
    assert data["lesson"] == "oregon" and data["step"] == 4
    assert len(data["actions"]) == len(t.session.state.history)
    history, log = list(t.session.state.history), [e.text for e in t.log.entries]
    t.on_exit()
    again, problem = lesson_table(svc, "oregon")
    assert problem is None
    assert again.coach.guide.index == 4
    assert again.session.state.history == history
    assert any("Game resumed" in e.text for e in again.log.entries)
    assert [e.text for e in again.log.entries if "resumed" not in e.text][-3:] == log[-3:]
    # the autosave was never written
    assert not saves.autosave_path(svc.config).exists()


def test_a_resumed_lesson_goes_on_as_the_uninterrupted_one(svc, lesson):
    """The bots, asked again for their moves so far, play on as they would have."""
    t = opened(svc, lesson)
    to_step(svc, t, 3)
    svc.config.writer.flush()
    to_step(svc, t, len(lesson.steps))
    for _ in range(3):
        settle(svc, t)
        t.controls.try_action(t.session.state.legal_actions(LEARNER)[0])
    settle(svc, t)
    straight = list(t.session.state.history)
    t.on_exit()
    svc.config.writer.flush()
    # the file of step 4 again: the lesson resumes there and is played the same way
    pf = progress_file(svc)
    data = json.loads(pf.read_text())
    data["step"], data["done"] = 3, 0
    cut = next(i for i, (p, a) in enumerate(straight) if p == LEARNER
               and type(a).__name__ == "PlaceFarmer")
    data["actions"] = data["actions"][:cut]
    pf.write_text(json.dumps(data))
    again, _ = lesson_table(svc, "oregon")
    svc.stack.reset(again)
    svc.stack.apply_pending()
    settle(svc, again)
    to_step(svc, again, len(lesson.steps))
    for _ in range(3):
        settle(svc, again)
        again.controls.try_action(again.session.state.legal_actions(LEARNER)[0])
    settle(svc, again)
    assert again.session.state.history[:len(straight)] == straight


@pytest.mark.parametrize("damage", ["{not json", '{"format": "landgrab-lesson", "version": 1, '
                                    '"lesson": "oregon", "step": 2, "done": 0, "actions": '
                                    '[[0, {"type": "Draw", "deck": "landscape"}]]}'])
def test_a_corrupt_progress_file_is_set_aside_said_and_the_lesson_starts_over(svc, lesson,
                                                                             damage):
    pf = progress_file(svc)
    pf.parent.mkdir(parents=True, exist_ok=True)
    pf.write_text(damage)
    t, problem = lesson_table(svc, "oregon")
    assert problem is None
    assert t.coach.guide.index == 0 and not t.session.state.history
    aside = pf.with_name(pf.name + ".corrupt")
    assert aside.read_text() == damage  # kept, never deleted
    assert "lesson-oregon.json.corrupt" in table_screen.shown_message(t)
    assert "starts over" in table_screen.shown_message(t)


def test_a_progress_file_that_cannot_be_written_is_said_on_the_table(svc, lesson, monkeypatch):
    """As a game's autosave: the learner must not leave believing their place is kept."""
    from game.scenes.table.autosave import SAVE_FAILED

    def disk_full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(progress, "write_atomic", disk_full)
    t = opened(svc, lesson)
    to_step(svc, t, 2)
    svc.config.writer.flush()
    frames(svc)
    assert t.save_notice is SAVE_FAILED


def test_leave_lesson_through_the_pause_menu_keeps_the_place(svc, lesson):
    t = opened(svc, lesson)
    to_step(svc, t, 2)
    t.handle(I.simple(I.MENU))
    svc.stack.apply_pending()
    pause = svc.stack.top
    labels = [w.label for w in pause.group.widgets if hasattr(w, "label")]
    assert "Leave lesson" in labels and "Quit to menu" not in labels
    pause.ask_quit()
    svc.stack.apply_pending()
    confirm = svc.stack.top
    assert confirm.title == "Leave the lesson?"
    confirm._yes()
    svc.stack.apply_pending()
    assert type(svc.stack.top).__name__ == "TitleScene"
    svc.config.writer.flush()
    assert json.loads(progress_file(svc).read_text())["step"] == 2
    assert not saves.autosave_path(svc.config).exists()


def test_the_end_of_the_game_shows_the_results_and_removes_the_progress(svc, lesson):
    t = opened(svc, lesson)
    to_results(svc, t)
    assert isinstance(svc.stack.top, ResultsScene)
    svc.config.writer.flush()
    assert not progress_file(svc).exists()
    assert not saves.autosave_path(svc.config).exists()
    assert svc.history.finished_games("oregon") == 0  # lessons are not in the history


def test_a_lessons_results_chart_the_game_of_its_arranged_deal(svc):
    """The score chart replays a lesson's moves from the lesson's own opening (its deal is
    arranged), so the lines end at the scores the game ended with."""
    from game.games.oregon.table.lesson import LESSON

    assert LESSON.arrange is not None  # the seed alone deals another game
    t = opened(svc, LESSON)
    to_results(svc, t)
    results = svc.stack.top
    assert isinstance(results, ResultsScene) and results.chart is not None
    assert [line[-1] for line in results.chart.series.points] == list(t.session.state.scores())


def test_a_lessons_results_offer_its_replay_from_the_arranged_deal(svc, monkeypatch):
    """Watch replay on a lesson's results shows the lesson's own game: it opens on the
    arranged deal (the seed alone deals another game) and ends where the lesson's game did."""
    from game.bots.review import decisions
    from game.games.oregon.table.lesson import LESSON
    from game.scenes.replay import ReplayScene
    from game.scenes.tutorial.guide import lesson_state

    monkeypatch.setattr(ReplayScene, "review_on_open", False)
    t = opened(svc, LESSON)
    to_results(svc, t)
    results = svc.stack.top
    assert isinstance(results, ResultsScene) and results.on_replay is not None
    results.watch_replay()
    svc.stack.apply_pending()
    replay = svc.stack.top
    assert isinstance(replay, ReplayScene)
    try:
        assert replay.table.session.state.view(None) == lesson_state(LESSON).view(None)
        replay.jump(replay.total)
        assert replay.table.session.state.scores() == t.session.state.scores()
        assert replay.table.session.state.is_over()
        # the review searches the learner's decisions of that same game
        review = replay.panel.review
        assert review is not None and review.deal is replay.deal
        learner = decisions(t.session.state, [0], review.deal)
        assert learner and all(t.session.state.history[d.move] == (0, d.played) for d in learner)
    finally:
        replay.close()
