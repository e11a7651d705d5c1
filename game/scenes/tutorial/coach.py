"""The lesson table: a game's normal table scene with a ``Coach``.

``open_lesson(services, game_id)`` opens the game's lesson (picking up its saved progress)
in place of every scene.  The table is the game's own ``TableScene``, built on the lesson's
arranged deal, with ``coach`` set; the shared table (``game.scenes.table.scene``) asks the
coach at each point where a lesson differs from a game:

- ``legal()`` offers only the moves the step expects (cells, cards, buttons are lit from it);
  a refused legal move shows the step's ``refuse`` text (``refusal``), an illegal one the
  rules' reason as ever;
- while a reading step is up the learner does not act and bots wait (``reading``);
- "Suggest a move" and undo are off during the steps, on in the free part after them;
- each move and each step writes the progress file (``progress``); the autosave is never
  written (``autosave`` off), so a lesson is not a game left unfinished, nor one of the
  history's finished games; when the game ends the results show as usual and the progress
  file goes.

The bubble (``bubble``) says the step, points at what it names, and has Continue on reading
steps (click, Enter / Space, pad A).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, cast

from game import i18n
from game.engine.actions import Action
from game.engine.messages import N_, Sentence, say
from game.registry import GAMES
from game.scenes.table import TableUnavailable, open_table
from game.session import LocalSession, Move
from game.ui import intents as I

from . import progress
from .bubble import Bubble
from .guide import LEARNER, Guide, lesson_bots, lesson_seats, lesson_state, replay_lesson
from .lesson import Lesson, load_lesson

if TYPE_CHECKING:
    import pygame

    from game.engine.core import GameState
    from game.scenes.table.table import Table

log = logging.getLogger(__name__)

# Translators: said when the learner makes a legal move the lesson's step does not want now
# and the step gives no reason of its own
NOT_THIS_STEP = N_("Not now: the coach is waiting for another move.")
# Translators: why Undo is not offered while the lesson's steps are up
NO_UNDO = say(N_("The lesson's steps cannot be taken back."))
PROBLEM_SECONDS = 12.0  # how long the table says that the progress file was set aside


def has_lesson(game_id: str) -> bool:
    """Whether the game's registry entry names a lesson."""
    info = GAMES.get(game_id)
    return bool(info and info.lesson)


def lesson_of(game_id: str) -> Lesson:
    return load_lesson(GAMES[game_id].lesson)


class Coach:
    """The lesson side of one table: the learner's guide, the gate, progress and bubble."""

    no_undo = NO_UNDO

    def __init__(self, table: Table, lesson: Lesson, guide: Guide) -> None:
        self.table = table
        self.lesson = lesson
        self.guide = guide
        self.actions: list[tuple[int, Action]] = list(cast(LocalSession, table.session).state.history)
        self.bubble = Bubble(self)
        self.focused_step = -1  # the step the focus was last moved onto the expected move for

    @property
    def session(self) -> LocalSession:
        """The lesson's game, played on this machine: the coach may read it all (its moves
        count towards the steps, its undo replays the lesson's deal)."""
        return cast(LocalSession, self.table.session)

    # --- what the table asks -----------------------------------------------------------------
    @property
    def reading(self) -> bool:
        """A reading step is up: the learner reads and presses Continue; bots wait."""
        return self.guide.reading

    @property
    def guided(self) -> bool:
        """The steps are not over: the gate is on, hints and undo are off."""
        return self.guide.guided

    def offered(self, legal: list[Action], p: int | None) -> list[Action]:
        """The moves the table offers seat ``p`` now (all of them to a bot, or once the
        steps are over)."""
        if p != LEARNER or not self.guided:
            return legal
        return self.guide.expected(legal)

    def refusal(self, action: Action) -> str | None:
        """Why the learner may not play the legal ``action`` now (None: they may), in their
        language."""
        if self.guide.allows(action):
            return None
        step = self.guide.step
        return i18n._(step.refuse if step is not None and step.refuse else NOT_THIS_STEP)

    def refuses_button(self, action: Any) -> bool:
        """Whether a button playing ``action`` is shown unlit (a move of the learner's the
        step does not want; a button that opens or clears something stays lit)."""
        return (isinstance(action, Action) and self.guided
                and self.table.acting == LEARNER and not self.guide.allows(action))

    def demo(self) -> Action | None:
        """The first move the step expects, when the learner may make it now (what the
        ``"action"`` pointer shows; from the table's moves offered, worked out once per
        state and step)."""
        table = self.table
        if self.reading or not self.guided or table.acting != LEARNER:
            return None
        offered = table.legal()
        return offered[0] if offered else None

    def words(self) -> str:
        """The step's words in the learner's language, ``{you}`` their colour's name."""
        step = self.guide.step
        if step is None:
            return ""
        return i18n._(step.say).replace("{you}", self.table.names[LEARNER])

    # --- what happens ------------------------------------------------------------------------
    def after_action(self) -> None:
        """An action was applied (or one taken back): the learner's count towards the step,
        then the progress file."""
        history = self.session.state.history
        step = self.guide.index
        for p, action in history[len(self.actions):]:
            if p == LEARNER:
                self.guide.played(action)
        self.actions = list(history)
        if self.guide.index != step:
            self._new_step()
        self.save()

    def proceed(self) -> bool:
        """Continue on a reading step; False when the step waits for a move."""
        if not self.guide.proceed():
            return False
        self.table.services.audio.play("click")
        self._new_step()
        self.save()
        return True

    def _new_step(self) -> None:
        """What the table worked out for the state (its moves, its lit cells) is kept per
        state version: a new step lets other moves through in the same state."""
        self.table._cache = {}

    def save(self) -> None:
        """Write the progress file; the table says so if it cannot be kept, as it does for a
        game's autosave."""
        self.table.autosaver.watch(progress.save(self.table.services.config, self.lesson,
                                                 self.guide.index, self.guide.done,
                                                 self.actions))

    def game_over(self) -> None:
        """The lesson's game ended: its progress goes (the results show as usual)."""
        progress.remove(self.table.services.config, self.lesson.game_id)

    def start(self) -> GameState:
        """The lesson's game before its first move: its arranged deal (for a replay)."""
        return lesson_state(self.lesson)

    def take_back(self) -> list[Move]:
        """Go on from the game without its last action, rebuilt on the lesson's deal (the
        engine's own replay would start from the seed without the arrangement); the moves
        left."""
        session = self.session
        state, events = replay_lesson(self.lesson, session.state.history[:-1])
        session.restore(state)
        return [Move(p, a, ev) for (p, a), ev in zip(state.history, events, strict=False)]

    def handle(self, intent: I.Intent) -> bool:
        """Continue on a reading step (a click on it, Enter / Space / pad A); while it is up
        no other click or confirm reaches the table (the learner reads first), and a click on
        the bubble never does.  Other input goes to the table."""
        bubble = self.bubble.rect
        clicked = intent.kind == I.CLICK
        if clicked and bubble is not None and intent.pos is not None \
                and bubble.collidepoint(intent.pos):
            on_continue = self.bubble.continue_rect
            if on_continue is not None and on_continue.collidepoint(intent.pos):
                self.proceed()
            return True
        if not self.reading:
            return False
        if intent.kind == I.CONFIRM:
            self.proceed()
            return True
        return clicked

    def update(self) -> None:
        """Each frame: when a step that waits for a move comes up and the learner may make
        it, the keyboard / pad focus moves to where that move starts (as a hint's does)."""
        t = self.table
        if self.guide.index == self.focused_step or not self.guided or self.reading:
            return
        if not t.human_can_act:
            return
        self.focused_step = self.guide.index
        demo = self.demo()
        if demo is not None:
            t.suggest.focus(demo)

    def draw(self, surface: pygame.Surface) -> None:
        self.bubble.draw(surface)


def open_lesson_table(services, lesson: Lesson, saved: progress.Progress | None = None
                      ) -> Table:
    """The game's table scene for ``lesson`` with its coach (at ``saved``'s place, if
    given); raises ``TableUnavailable``.  The table opens on the lesson's opening and is then
    brought to the saved position as an undo brings it (a table opened on a game in progress
    would rebuild its log from the seed alone, without the lesson's arrangement)."""
    table = cast("Table", open_table(services, lesson.game_id, lesson_seats(lesson),
                                           lesson.seed, state=lesson_state(lesson)))
    table.autosave = False  # a lesson never touches the autosave (nor the history)
    lesson_bots(lesson, table.bots)  # before any bot moves
    guide = Guide(lesson, saved.step, saved.done) if saved is not None else Guide(lesson)
    coach = table.coach = Coach(table, lesson, guide)
    if saved is not None and saved.state is not None:
        table.restore(saved.state)
        coach.actions = list(saved.state.history)
        table.resumed_at = len(saved.state.history)
        moves = saved.moves
        table.rebuild_log(None if moves is None else [
            Move(p, a, ev) for (p, a), ev in zip(saved.state.history, moves, strict=False)])
    return table


def lesson_table(services, game_id: str
                 ) -> tuple[Table | None, Sentence | str | None]:
    """``game_id``'s lesson table, where the lesson was left if it was (a progress file that
    cannot be used is set aside, said on the table, and the lesson starts over); or None and
    the reason (a ``Sentence``)."""
    try:
        lesson = lesson_of(game_id)
    except Exception as exc:  # noqa: BLE001 - a broken lesson is reported, never a crash
        log.exception("Could not load the %s lesson", game_id)
        return None, say(N_("The lesson could not be loaded: {problem}"), problem=str(exc))
    saved, problem = progress.read(services.config, lesson)
    try:
        table = open_lesson_table(services, lesson, saved)
    except TableUnavailable as exc:
        log.warning("%s", exc)
        return None, exc.reason
    if saved is not None:
        # the bots are asked again for their moves so far: their random draws then stand
        # where they stood, and the lesson's game goes on as it did
        replay_lesson(lesson, saved.actions, table.bots)
    if problem is not None:
        table.error(problem)
        table.message_time = PROBLEM_SECONDS
    assert table.coach is not None
    log.info("Opening the %s lesson at step %d", game_id, table.coach.guide.index + 1)
    return table, None


def lesson_left_at(services, game_id: str) -> tuple[int, int] | None:
    """(step number, steps) where ``game_id``'s lesson was left, or None when it is not in
    progress (or has no lesson)."""
    if not has_lesson(game_id):
        return None
    try:
        lesson = lesson_of(game_id)
    except Exception:  # noqa: BLE001 - a broken lesson says so when it is opened
        return None
    step = progress.saved_step(services.config, lesson)
    if step is None:
        return None
    total = len(lesson.steps)
    return min(step + 1, total), total


# Translators: game select's button, in place of "Learn to play", for the lesson left part way:
# at step n of total (n counts from 1); short, it fits under a game's card
RESUME_LESSON = N_("Resume · {n}/{total}")


def resume_label(left_at: tuple[int, int]) -> str:
    n, total = left_at
    return i18n._(RESUME_LESSON).format(n=n, total=total)


def open_lesson(services, game_id: str) -> Sentence | str | None:
    """Open ``game_id``'s lesson in place of every scene.  Returns an error message (a
    ``Sentence``), or None."""
    table, problem = lesson_table(services, game_id)
    if table is not None:
        services.stack.reset(table)
    return problem


def seat_needs_lesson(game_id: str, name: str, finished_games: Any) -> bool:
    """Whether seat setup suggests the lesson to a human called ``name``: the game has one
    and ``finished_games(game_id, name)`` (the history's count) is nought."""
    return has_lesson(game_id) and not finished_games(game_id, name)
