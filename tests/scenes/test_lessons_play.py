"""Every lesson played whole through posted input events (mouse, and pad), to its last step,
then its free part checked ungated.  The games' lessons come from the registry (each entry
whose ``lesson`` is set); the small lessons of ``scrap_lessons`` are played too, so the coach
is played through on every table even before a game's lesson exists."""

import pytest
from lesson_walk import unresolved_pointers
from lessons import open_lesson_driver, play_lesson, with_lesson
from scrap_lessons import SCRAP

from game.registry import GAMES
from game.scenes.tutorial.lesson import load_lesson

LESSONS = [pytest.param(g.id, g.lesson, id=f"{g.id}-registry") for g in GAMES.values()
           if g.lesson]
LESSONS += [pytest.param(g, path, id=f"{g}-scrap")
            for g, path in SCRAP.items()]


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


def lit_cells(scene) -> set:
    """The board cells the table lights for the learner now (as its renderer draws them)."""
    if scene.game_id == "oregon":
        return set(scene.controls.legal_cells()[1])
    if scene.game_id == "colorado":
        return set(scene.controls.choice.lit_cells()[1])
    return set(scene.controls.cell_targets())


def asked_cell(action):
    """The lit cell a move is made on (a Colorado card: the flag it is laid at)."""
    return getattr(action, "flag_cell", None) or getattr(action, "cell", None)


@pytest.mark.parametrize("game_id", [g.id for g in GAMES.values() if g.lesson])
def test_each_guided_step_lights_only_the_cells_it_asks_for(monkeypatch, no_flip, game_id):
    """Where the learner clicks the lit cell, the board lights as many cells as the step's
    moves could use there (one for "the lit cell"), never the rules' whole choice."""
    t = open_lesson_driver(game_id, "mouse")
    checked = []
    click_cell = t.cell

    def cell(c) -> None:
        s = t.scene
        playing = s.coach.guided and not s.coach.reading
        asked = {tuple(asked_cell(a)) for a in s.legal() if asked_cell(a) is not None}
        if playing and tuple(c) in asked:
            lit = lit_cells(s)
            step = s.coach.guide.index + 1
            assert tuple(c) in lit, (step, c, lit)
            assert len(lit) == len(asked), (step, sorted(lit), sorted(asked))
            checked.append(step)
        click_cell(c)

    monkeypatch.setattr(t, "cell", cell)
    try:
        play_lesson(t)
    finally:
        t.close()
    assert checked  # the lesson has steps played on the board
