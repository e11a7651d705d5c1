"""A lesson as data: a fixed deal (seed, seats, options, an optional arrangement of the hidden
order) and its steps.  Nothing here draws or knows a table: the coach (the table side) shows a
step's words, points at what it names, lets through only the moves it expects and says why
others are refused.  No pygame, so the lesson can be checked and played through in tests.

Why a predicate per step rather than one scripted action: a step such as "draw a card from
either deck" may accept several moves; the lesson's author keeps the rest of the script
independent of which one the learner chose.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine.actions import Action


@dataclass(frozen=True)
class LessonStep:
    """One idea.  ``say`` is English marked ``N_`` (translated where shown), at most about 45
    words, and may use ``{you}`` for the learner's colour.  ``point`` names what the bubble
    points at (table targets, ``"cell:x,y"``, ``"action"``, ``"panel:N"``, ``"log"``,
    ``"prompt"``, ``"scores"``).  ``keep`` names more places the words talk about (same
    names): the bubble leaves them in view without pointing at them.  Without ``expect`` it
    is a reading step: the learner goes on with Continue and bots wait.  With it, the step waits for ``times`` moves of the learner
    that ``expect`` accepts; ``refuse`` says why another legal move is not wanted now."""

    say: str
    point: tuple[str, ...] = ()
    keep: tuple[str, ...] = ()
    expect: Callable[[Action], bool] | None = None
    refuse: str = ""
    times: int = 1

    @property
    def reading(self) -> bool:
        return self.expect is None


@dataclass(frozen=True)
class Lesson:
    """A guided game: the learner is seat 0 (``seats[0] == "human"``); ``seats`` are
    ``--players`` items.  ``arrange`` may reorder the fresh state's hidden order (decks, bags)
    into the lesson's deal before anything is shown.  ``bots`` gives the bots of some levels
    a player of the lesson's own (a factory taking the bot's seed) where the script was
    written around that player's answers.  After the last step the learner plays on freely,
    with hints."""

    game_id: str
    title: str
    seats: tuple[str, ...]
    seed: int
    steps: tuple[LessonStep, ...]
    options: Mapping[str, str] = field(default_factory=dict)
    arrange: Callable[[Any], None] | None = None  # takes the game's own state class
    bots: Mapping[str, Callable[[int], Any]] = field(default_factory=dict)  # level -> bot

    def allows(self, index: int, action: Action) -> bool:
        """Whether the learner may play ``action`` at step ``index`` (every move is allowed
        once the steps are over; none on a reading step)."""
        if index >= len(self.steps):
            return True
        expect = self.steps[index].expect
        return expect is not None and expect(action)

    def expected(self, index: int, legal: Sequence[Action]) -> list[Action]:
        """The legal moves step ``index`` lets through, in the rules' order."""
        return [a for a in legal if self.allows(index, a)]

    def demo_action(self, index: int, legal: Sequence[Action]) -> Action:
        """The first legal move step ``index`` expects (for tests; never shown to players).
        Raises ``LookupError`` when it expects none of them: the script has lost the game."""
        for action in self.expected(index, legal):
            return action
        raise LookupError(f"step {index + 1} of {self.title!r} expects none of {list(legal)}")


def load_lesson(path: str) -> Lesson:
    """The lesson named by a registry entry's ``lesson`` (``"module:NAME"``)."""
    module, _sep, name = path.partition(":")
    lesson = getattr(importlib.import_module(module), name)
    assert isinstance(lesson, Lesson)
    return lesson
