"""The Oregon lesson on its table, played by posted input: what the table says and offers
where a step lets through fewer moves than the rules allow."""

import pygame
import pytest
from lessons import open_lesson_driver

from game.games.oregon.engine.actions import DiscardDrawn
from game.games.oregon.table.lesson import LESSON

LEARNER = 0


@pytest.fixture
def lesson_table(monkeypatch):
    """The app opened as ``--tutorial oregon``, driven by mouse (frames drawn, not shown)."""
    monkeypatch.setattr(pygame.display, "flip", lambda: None)
    t = open_lesson_driver("oregon", "mouse")
    yield t
    t.close()


def play_to_step(t, text_start: str) -> None:
    """Play the lesson by posted input until the step that starts with ``text_start`` is up
    and the learner may act."""
    coach = t.coach
    while not LESSON.steps[coach.guide.index].say.startswith(text_start):
        if coach.reading:
            t.press_continue()
            continue
        t.wait_turn()
        t.play(LESSON.demo_action(coach.guide.index, t.scene.session.state.legal_actions(LEARNER)))
    t.wait_turn()


def test_a_deck_the_step_holds_back_says_the_steps_reason_not_a_rule(lesson_table):
    t = lesson_table
    play_to_step(t, "You may draw from either")
    s = t.scene
    assert s.controls.draw_decks() == ["building"]
    # the rules would let either deck be drawn from: the prompt does not call one forced
    assert "needs" not in s.controls.prompt()
    s.input.click(s.layout.decks["landscape"].center)  # (the coach's bubble stands over it now)
    assert s.message == "Draw from the building deck this time."
    assert len(s.session.state.hands[LEARNER]) == 1  # nothing was drawn


def test_a_drawn_duplicate_shows_both_buttons_while_the_step_wants_the_discard(lesson_table):
    t = lesson_table
    play_to_step(t, "You already hold")
    s = t.scene
    assert [b[0] for b in s.controls.buttons()] == ["Keep it", "Discard, redraw"]
    assert "already hold one" in s.controls.prompt()
    assert s.legal() == [DiscardDrawn()]


def test_at_the_largest_text_size_every_bubble_fits_and_leaves_its_places_in_view():
    from lesson_walk import table_for, walk

    from game.config import Config
    from game.scenes.services import Services
    from game.ui import theme

    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1920, 1080))
    services = Services.standalone(Config(mute=True))
    theme.set_ui_scale(1.5)
    try:
        table = table_for(LESSON, services)
        canvas = pygame.Rect((0, 0), services.canvas_size)
        for visit in walk(LESSON):
            table.restore(visit.state.clone())
            table.coach.guide.index = visit.index
            bubble = table.coach.bubble
            bubble.layout()
            assert canvas.contains(bubble.rect), visit.index + 1
            assert bubble.targets, visit.index + 1
            for place in bubble.subject():
                assert not bubble.rect.colliderect(place), (visit.index + 1, place)
        table.on_exit()
    finally:
        theme.set_ui_scale(1.0)
        services.close()
