"""Every lesson played whole through posted input events (mouse, and pad), to its last step,
then its free part checked ungated.  The games' lessons come from the registry (each entry
whose ``lesson`` is set); the small lessons of ``scrap_lessons`` are played too, so the coach
is played through on every table even before a game's lesson exists."""

import pytest
from lesson_walk import unresolved_pointers
from lessons import open_lesson_driver, play_lesson, with_lesson

from game.registry import GAMES
from game.scenes.tutorial.lesson import load_lesson

LESSONS = [pytest.param(g.id, g.lesson, id=f"{g.id}-registry") for g in GAMES.values()
           if g.lesson]
LESSONS += [pytest.param(g, f"scrap_lessons:{g.upper()}", id=f"{g}-scrap")
            for g in ("oregon", "colorado", "oasis")]


@pytest.mark.parametrize("via", ["mouse", "pad"])
@pytest.mark.parametrize(("game_id", "path"), LESSONS)
def test_the_whole_lesson_plays_by_posted_input(monkeypatch, no_flip, game_id, path, via):
    with_lesson(monkeypatch, game_id, path)
    t = open_lesson_driver(game_id, via)
    try:
        played = play_lesson(t)
        assert played == sum(step.times for step in load_lesson(path).steps)
        assert t.coach.guide.index == len(t.coach.lesson.steps)
    finally:
        t.close()


@pytest.mark.parametrize(("game_id", "path"), LESSONS)
def test_every_pointer_of_every_step_is_resolved_by_the_table(game_id, path):
    assert unresolved_pointers(load_lesson(path)) == []
