"""A lesson played through posted input events, on its real table in the real app loop.

``open_lesson_driver(game_id, via)`` opens ``python main.py --tutorial GAME`` as an ``App`` and
drives it with the game's plan (its hooks' ``table_plan``, from ``tests/scenes/table_plans.py``;
``via="mouse"``: clicks where things are drawn; ``"pad"``: d-pad and A).  ``play_lesson(t)`` goes through every step:
Continue on reading steps (a click on it, or pad A), the step's demo move otherwise, each by
the table's own inputs; it checks each move counted towards the step, then that the free
part is ungated ("Suggest a move" offered, every legal move offered).

``with_lesson(monkeypatch, game_id, path)`` puts a lesson in the registry for a test.
"""

from __future__ import annotations

import dataclasses

import pygame
from game_hooks import hooks
from table_driver import TableDriver
from table_plans import MouseTable, PadTable

from game.app import App
from game.config import Config
from game.registry import GAMES
from game.scenes.tutorial.guide import LEARNER

BACKENDS = {"mouse": MouseTable, "pad": PadTable}


def with_lesson(monkeypatch, game_id: str, path: str) -> None:
    """The registry entry of ``game_id`` names the lesson ``path`` for this test."""
    monkeypatch.setitem(GAMES, game_id, dataclasses.replace(GAMES[game_id], lesson=path))


class LessonDriver(TableDriver):
    """The app opened as ``--tutorial GAME``: its first scene is the lesson's table."""

    def __init__(self, game_id: str, speed: float = 60.0):  # noqa: D107
        config = Config(mute=True)
        config.extra["tutorial"] = game_id
        self.app = App(config)
        self.app.settings.animation_speed = speed  # beyond the menu's range: tests only
        pygame.event.clear()
        self.scene = self.app.stack.top
        assert isinstance(self.scene.game, self.parts_class), self.scene
        assert self.scene.coach is not None

    @property
    def coach(self):
        return self.scene.coach

    def press_continue(self) -> None:
        """Continue on the reading step: a click on the bubble's button, or A / Enter."""
        self.step()  # the bubble is laid out as it is drawn
        if isinstance(self, MouseTable):
            rect = self.coach.bubble.continue_rect
            assert rect is not None, "a reading step without Continue"
            self.click(rect.center)
        else:
            self.button("a")


def open_lesson_driver(game_id: str, via: str) -> LessonDriver:
    plan = hooks(game_id).table_plan()
    cls = type(f"{game_id}_{via}_lesson", (LessonDriver, plan, BACKENDS[via]), {})
    return cls(game_id)


def play_lesson(t: LessonDriver, limit: int = 400) -> int:
    """Every step of the lesson by posted input, to the end of the steps; returns how many
    inputs that took (a Continue or a move each).  Then checks the free part is ungated."""
    s = t.scene
    coach = t.coach
    lesson = coach.lesson
    played = 0
    while coach.guided:
        played += 1
        assert played <= limit, "the lesson never ended"
        index = coach.guide.index
        if coach.reading:
            t.press_continue()
            assert coach.guide.index == index + 1, f"Continue did not leave step {index + 1}"
            continue
        t.wait_turn()
        assert not s.session.state.is_over(), f"the game ended during step {index + 1}"
        legal = s.session.state.legal_actions(LEARNER)
        action = lesson.demo_action(index, legal)
        assert s.legal() == lesson.expected(index, legal)  # only the step's moves offered
        assert not s.suggest.offered
        done = coach.guide.done
        t.play(action)
        assert (coach.guide.index, coach.guide.done) != (index, done), (
            f"step {index + 1}: {action} did not count ({s.message})")
    t.wait_turn()
    if not s.session.state.is_over():
        assert s.suggest.offered  # the free part: hints on
        assert s.legal() == s.session.state.legal_actions(LEARNER)
    return played
