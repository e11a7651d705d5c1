"""Playing a lesson, without a screen: its deal and how far the learner has come.

- ``lesson_seats`` / ``lesson_state`` / ``lesson_bots``: the seats (from the lesson's
  ``--players`` items), the fresh state with the lesson's arrangement and the lesson's own
  bots; ``replay_lesson`` rebuilds a position from the
  actions played (the engine's own replay starts from the seed alone, without the
  arrangement, so a lesson's position is always rebuilt here), accepting what ``apply``
  accepts; ``check_place`` refuses a saved step that its moves do not lead to;
- ``Guide``: the step the learner is at and how many of its moves are made: which moves it
  lets through, Continue on reading steps, and when the lesson's steps are over.

The lesson table (``coach``) and the tests' walk through a lesson both use these, so a lesson
checked by the walk is the lesson the table plays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.engine.core import IllegalAction
from game.engine.save_files import replay_onto
from game.registry import GAMES
from game.seats import Seat, parse_players

from .lesson import Lesson, LessonStep

if TYPE_CHECKING:
    from game.bots import Bot
    from game.engine.actions import Action
    from game.engine.core import GameState
    from game.engine.events import Event

LEARNER = 0  # the learner's seat: a lesson's first seat is its one human


def lesson_seats(lesson: Lesson) -> list[Seat]:
    """The lesson's seats, as ``--players`` would give them (each in its seat's colour)."""
    return parse_players(",".join(lesson.seats), GAMES[lesson.game_id])


def lesson_bots(lesson: Lesson, bots: dict[int, Bot]) -> None:
    """Puts the lesson's own players (``Lesson.bots``) in the seats of the levels it names,
    seeded as the table seeds its bots, in place of ``bots``' (the table's)."""
    for i, seat in enumerate(lesson_seats(lesson)):
        make = lesson.bots.get(seat.level or "") if seat.is_bot else None
        if make is not None:
            bots[i] = make(lesson.seed * 31 + i)  # the seed Seating.build gives seat i


def lesson_state(lesson: Lesson) -> GameState:
    """The lesson's opening: a new game from its seed and options, then its arrangement."""
    state = GAMES[lesson.game_id].new(len(lesson.seats), lesson.seed, **dict(lesson.options))
    if lesson.arrange is not None:
        lesson.arrange(state)
    return state


def replay_lesson(lesson: Lesson, actions: Sequence[tuple[int, Action]],
                  bots: Mapping[int, Bot] | None = None
                  ) -> tuple[GameState, list[list[Event]]]:
    """The lesson's position after ``actions`` ((seat, action) pairs, in order), and each
    action's events: every action ``apply`` accepts, as a save's replay does (a bid of any
    set of cowboys, not only the ones ``legal_actions`` lists).  ``bots``: the table's bots,
    asked again for each of their seat's moves (their answers are not used) so their random
    draws stand where they stood when the moves were first played, and the game goes on as
    it did.  Raises ``IllegalAction`` (a ``ValueError``) when the rules refuse an action (a
    damaged progress file)."""
    def ask_bot(state: GameState, p: int) -> None:
        bot = (bots or {}).get(p)
        if bot is not None and not _searches(bot):
            bot.choose(state.view(p), state.legal_actions(p))

    state = lesson_state(lesson)
    try:
        return state, replay_onto(state, actions, ask_bot if bots else None)
    except IllegalAction as exc:  # the log says where a damaged progress file went wrong
        raise IllegalAction(f"move {len(state.history) + 1}: {exc}") from exc


def place_reached(lesson: Lesson, actions: Sequence[tuple[int, Action]]) -> tuple[int, int]:
    """The step and the moves made of it that the lesson's table reaches through
    ``actions``: a move comes only on a step that waits for moves (the learner does not
    act and bots wait while a reading step is up, so a move means Continue was pressed on
    the reading steps before it), and a learner's move must be one the step lets through.
    Reading steps after the last move are left up.  Raises ``ValueError`` when a learner's
    move is one the lesson would have refused."""
    guide = Guide(lesson)
    for number, (p, action) in enumerate(actions, 1):
        while guide.reading:
            guide.proceed()
        if not guide.guided:
            break
        if p == LEARNER:
            if not guide.allows(action):
                raise ValueError(f"move {number} is not the one step {guide.index + 1} "
                                 "lets through")
            guide.played(action)
    return guide.index, guide.done


def check_place(lesson: Lesson, actions: Sequence[tuple[int, Action]], step: int,
                done: int) -> None:
    """Refuse (``ValueError``) a saved place that ``actions`` do not lead to: the step and
    count the moves reach, or a later step reached from there by Continue alone (over
    reading steps).  Otherwise the table would wait for a move that cannot come."""
    index, made = place_reached(lesson, actions)
    if (step, done) == (index, made):
        return
    skipped = lesson.steps[index:step]
    if made == 0 and done == 0 and step > index and all(s.reading for s in skipped):
        return
    raise ValueError(f"step {step + 1} ({done} moves made) does not follow from the moves, "
                     f"which reach step {index + 1} ({made} made)")


def _searches(bot: Any) -> bool:
    """A hard bot (it has a thinking budget): its choices follow its thinking time, not its
    seed alone, so no lesson relies on them, and asking it again would only spend that time."""
    return hasattr(bot, "budget")


class Guide:
    """Where the learner is in ``lesson``: ``index`` (the step shown; ``len(steps)`` once the
    steps are over) and ``done`` (moves made of that step's ``times``)."""

    def __init__(self, lesson: Lesson, index: int = 0, done: int = 0) -> None:
        self.lesson = lesson
        self.index = max(0, min(index, len(lesson.steps)))
        self.done = done if self.index < len(lesson.steps) else 0

    @property
    def step(self) -> LessonStep | None:
        """The step shown (None once the steps are over: the learner plays freely)."""
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def guided(self) -> bool:
        """Whether a step is up (the gate is on, hints and undo are off)."""
        return self.step is not None

    @property
    def reading(self) -> bool:
        """A reading step is up: the learner goes on with Continue, bots wait."""
        step = self.step
        return step is not None and step.reading

    @property
    def last(self) -> bool:
        """The last step is up (it says the learner now plays freely)."""
        return self.index == len(self.lesson.steps) - 1

    def allows(self, action: Action) -> bool:
        """Whether the learner may play ``action`` now."""
        return self.lesson.allows(self.index, action)

    def expected(self, legal: Sequence[Action]) -> list[Action]:
        return self.lesson.expected(self.index, legal)

    def proceed(self) -> bool:
        """Continue on a reading step (also the last one, which ends the steps); False
        when the step waits for a move instead."""
        if not self.reading:
            return False
        self.index += 1
        self.done = 0
        return True

    def played(self, action: Action) -> bool:
        """The learner played ``action`` (one the step allowed): count it; True when that
        completed the step and the next one is up."""
        step = self.step
        if step is None or step.reading or not step.expect or not step.expect(action):
            return False
        self.done += 1
        if self.done < step.times:
            return False
        self.index += 1
        self.done = 0
        return True
