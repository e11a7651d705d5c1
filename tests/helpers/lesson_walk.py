"""A lesson walked through on the engine alone, as its table plays it (no window).

``walk(lesson)`` builds the lesson's state as the lesson table does (seed, options, seats from
the lesson's ``--players`` items, ``arrange``), its bots exactly as the table builds them
(``Seating.build``: same levels, same seeds, then the lesson's own, ``lesson_bots``), then goes through the steps with the table's
``Guide``: on a reading step nothing moves (bots wait; Continue goes on); on a step that waits
for moves, the bots play (the first acting bot first, as the table's bot driver does) until
the learner may act, then the learner plays ``lesson.demo_action``, ``times`` times.  Each
``StepVisit`` holds the state, the learner's legal moves and the expected ones when the step
came up, the events since the step before, and the moves the learner made in it.

``play_free(game)`` then plays the free part to the end (bots as the table, the learner by
a policy, by default the first legal move).

``unresolved_pointers(lesson)`` opens the game's real table scene on the dummy video driver
and asks its ``lesson_rect`` for every pointer of every step, at that step's position: the
names it cannot resolve (a lesson test expects none).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.engine.actions import Action
from game.engine.core import GameState
from game.engine.events import Event
from game.scenes.table.seating import Seating
from game.scenes.tutorial.guide import LEARNER, Guide, lesson_bots, lesson_seats, lesson_state
from game.scenes.tutorial.lesson import Lesson, LessonStep

MAX_BOT_MOVES = 2000  # bot moves in a row before the walk calls the lesson stuck


@dataclass
class StepVisit:
    index: int
    step: LessonStep
    state: GameState  # a copy, as the step came up
    legal: list[Action]  # the learner's legal moves then ([] when they do not act)
    expected: list[Action]  # of those, the ones the step lets through
    events: list[Event]  # every event since the previous step came up
    played: list[Action] = field(default_factory=list)  # the learner's moves in this step


@dataclass
class LessonGame:
    """A lesson's game being played: its state, the table's bots, the learner's guide and
    every (seat, action) so far (what the progress file keeps)."""

    lesson: Lesson
    state: GameState
    bots: dict[int, Any]
    guide: Guide
    actions: list[tuple[int, Action]] = field(default_factory=list)

    def play(self, p: int, action: Action) -> list[Event]:
        self.actions.append((p, action))
        return self.state.apply(action, p)

    def bot_move(self) -> list[Event]:
        """The move the table's bot driver plays next: the first acting bot's choice from
        its own view (its first legal move if it chose an illegal one)."""
        st = self.state
        p = next(q for q in st.to_act() if q in self.bots)
        legal = st.legal_actions(p)
        action = self.bots[p].choose(st.view(p), legal)
        if action not in legal and (st.action_problem(action) is not None
                                    or st.why_illegal(action, p) is not None):
            action = legal[0]
        return self.play(p, action)

    def learner_acts(self) -> bool:
        return LEARNER in self.state.to_act()

    def bots_until_learner(self) -> list[Event]:
        """Bots play until the learner may act (or the game ends)."""
        events: list[Event] = []
        for _ in range(MAX_BOT_MOVES):
            if self.state.is_over() or self.learner_acts():
                return events
            events += self.bot_move()
        raise AssertionError(f"{MAX_BOT_MOVES} bot moves and the learner never acts")


def start(lesson: Lesson, bot_seconds: float = 1.0) -> LessonGame:
    """The lesson's opening position and bots, as its table builds them."""
    seats = lesson_seats(lesson)
    assert not seats[LEARNER].is_bot and all(s.is_bot for s in seats[1:]), lesson.seats
    seating = Seating.build(seats, lesson.game_id, lesson.seed, lambda i: f"Seat {i + 1}",
                            None, bot_seconds)
    lesson_bots(lesson, seating.bots)
    return LessonGame(lesson, lesson_state(lesson), seating.bots, Guide(lesson))


def walk(lesson: Lesson, game: LessonGame | None = None) -> list[StepVisit]:
    """Every step of ``lesson`` as the learner reaches it, the learner playing the demo moves.
    Raises ``AssertionError`` naming the step when the game has no move the step expects.
    ``game``: where to walk from (default: the lesson's start); it is left after the last
    step, ready for ``play_free``."""
    game = game if game is not None else start(lesson)
    visits: list[StepVisit] = []
    pending: list[Event] = []
    guide = game.guide
    while guide.step is not None:
        index, step = guide.index, guide.step
        if not step.reading:
            pending += game.bots_until_learner()
        st = game.state
        legal = st.legal_actions(LEARNER) if game.learner_acts() else []
        visit = StepVisit(index, step, st.clone(), legal, guide.expected(legal), pending)
        visits.append(visit)
        pending = []
        if step.reading:
            guide.proceed()
            continue
        while guide.index == index:
            if st.is_over() or not game.learner_acts():
                raise AssertionError(f"step {index + 1} waits for the learner, but "
                                     f"{'the game is over' if st.is_over() else 'they do not act'}")
            legal = st.legal_actions(LEARNER)
            try:
                action = lesson.demo_action(index, legal)
            except LookupError:
                kinds = sorted({type(a).__name__ for a in legal})
                raise AssertionError(f"step {index + 1} ({step.say[:60]!r}) expects none of "
                                     f"the learner's {len(legal)} legal moves ({kinds})"
                                     ) from None
            pending += game.play(LEARNER, action)
            visit.played.append(action)
            guide.played(action)
            if guide.index == index:
                pending += game.bots_until_learner()
    return visits


def play_free(game: LessonGame,
              learner: Callable[[GameState, list[Action]], Action] | None = None,
              limit: int = 5000) -> list[Event]:
    """The free part, to the game's end: the bots as the table plays them, the learner by
    ``learner(state, legal)`` (default: the first legal move).  Returns the events."""
    events: list[Event] = []
    for _ in range(limit):
        st = game.state
        if st.is_over():
            return events
        if game.learner_acts():
            legal = st.legal_actions(LEARNER)
            events += game.play(LEARNER, learner(st, legal) if learner else legal[0])
        else:
            events += game.bot_move()
    raise AssertionError(f"the game did not end in {limit} moves")


def table_for(lesson: Lesson, services):
    """The game's real table scene for ``lesson`` (opened as the lesson table opens it)."""
    from game.scenes.tutorial.coach import open_lesson_table

    return open_lesson_table(services, lesson)


def unresolved_pointers(lesson: Lesson) -> list[tuple[int, str]]:
    """(step number, pointer) for every pointer the game's table cannot resolve at the
    position where the step comes up.  Opens the table on the dummy video driver."""
    import pygame

    from game.config import Config
    from game.scenes.services import Services

    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1920, 1080))
    services = Services.standalone(Config(mute=True))
    try:
        table = table_for(lesson, services)
        missing = []
        for visit in walk(lesson):
            table.restore(visit.state.clone())
            table.coach.guide.index = visit.index
            for name in visit.step.point + visit.step.keep:
                if table.coaching.lesson_rect(name) is None:
                    missing.append((visit.index + 1, name))
        table.on_exit()
        return missing
    finally:
        services.close()
