"""An engine-level walk through a lesson: the state built as the lesson table builds it,
bots seeded as the table seats them, the learner's demo move at each step."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.bots import Bot, make_bot
from game.engine.core import Action, Event, GameState
from game.registry import GAMES
from game.scenes.tutorial.lesson import Lesson

LEARNER = 0


@dataclass
class StepVisit:
    """A step as the learner meets it: ``legal`` their moves when it waits for one ([] on a
    reading step), ``events`` everything that happened during the step, ``state`` a copy
    once it is done."""

    index: int
    legal: list[Action]
    events: list[Event] = field(default_factory=list)
    state: GameState | None = None
    bots: dict[int, Bot] = field(default_factory=dict)


def new_game(lesson: Lesson) -> tuple[GameState, dict[int, Bot]]:
    state = GAMES[lesson.game_id].new(len(lesson.seats), lesson.seed, **dict(lesson.options))
    if lesson.arrange is not None:
        lesson.arrange(state)
    bots = {i: make_bot(lesson.game_id, seat.partition(":")[2] or "normal", lesson.seed * 31 + i)
            for i, seat in enumerate(lesson.seats) if seat.startswith("bot")}
    return state, bots


def _bots_play(state: GameState, bots: dict[int, Bot], events: list[Event]) -> None:
    while not state.is_over() and state.to_act()[0] != LEARNER:
        p = state.to_act()[0]
        events += state.apply(bots[p].choose(state.view(p), state.legal_actions(p)), p)


def walk(lesson: Lesson) -> list[StepVisit]:
    """Every step of ``lesson`` played with its demo moves; bots wait on reading steps."""
    state, bots = new_game(lesson)
    visits = []
    for i, step in enumerate(lesson.steps):
        visit = StepVisit(i, [], bots=bots)
        if not step.reading:
            for t in range(step.times):
                _bots_play(state, bots, visit.events)
                legal = state.legal_actions(LEARNER)
                if t == 0:
                    visit.legal = list(legal)
                visit.events += state.apply(lesson.demo_action(i, legal), LEARNER)
        visit.state = state.clone()
        visits.append(visit)
    return visits


def play_free(lesson: Lesson, state: GameState, bots: dict[int, Bot]) -> GameState:
    """The game after the last step, played to its end (the learner by a normal bot)."""
    state = state.clone()
    players = dict(bots)
    players[LEARNER] = make_bot(lesson.game_id, "normal", lesson.seed)
    while not state.is_over():
        p = state.to_act()[0]
        state.apply(players[p].choose(state.view(p), state.legal_actions(p)), p)
    return state
