"""How far a lesson was played: ``saves/lesson-<game>.json`` in the data folder (no pygame).

The file holds the lesson's id (its game), the step shown, the moves made of that step and
every action of the game so far.  It is written after each step and each move (atomically,
on the autosave's background writer, so a slow disk never stalls a frame) and removed when
the lesson's game ends.  Opening the lesson again rebuilds the position from the actions
(``guide.replay_lesson``: the lesson's arranged deal, not the seed alone; every move the
rules accept, as a save's replay) and checks that its step follows from them
(``guide.check_place``).  A file that cannot be read, does not replay or whose step does not
match its moves is set aside (``files.set_aside``, never deleted) and
reported; the lesson then starts over.  The autosave is never touched.
"""

from __future__ import annotations

import json
import logging
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.engine.messages import N_, Sentence, say
from game.engine.save_files import read_action
from game.files import set_aside, write_atomic

from .guide import check_place, lesson_state, replay_lesson
from .lesson import Lesson

if TYPE_CHECKING:
    from game.engine.actions import Action
    from game.engine.core import GameState
    from game.engine.events import Event

log = logging.getLogger(__name__)

VERSION = 1
MAX_BYTES = 1 << 20  # a lesson's game is a few hundred actions: anything bigger is damage


def progress_path(config, game_id: str) -> Path:
    return config.saves_dir / f"lesson-{game_id}.json"


@dataclass
class Progress:
    """A lesson's place: the step shown, the moves made of it, the game's actions."""

    step: int
    done: int
    actions: list[tuple[int, Action]]
    state: GameState | None = None  # the position they rebuild (set by ``read``)
    moves: list[list[Event]] | None = None  # each action's events (for the log)


def dumps(lesson: Lesson, step: int, done: int, actions: list[tuple[int, Action]]) -> str:
    return json.dumps({"format": "landgrab-lesson", "version": VERSION,
                       "lesson": lesson.game_id, "step": step, "done": done,
                       "actions": [[p, a.to_json()] for p, a in actions]},
                      separators=(",", ":"))


def save(config, lesson: Lesson, step: int, done: int,
         actions: list[tuple[int, Action]]) -> Future[bool]:
    """Write the lesson's place (in the background; the text is made now).  The future says,
    once written, whether it is kept (the table tells the learner when it is not, as it
    does for a game's autosave)."""
    path = progress_path(config, lesson.game_id)
    return config.writer.submit(_write, path, dumps(lesson, step, done, actions))


def _write(path: Path, text: str) -> bool:
    try:
        write_atomic(path, text)
        return True
    except OSError as exc:
        log.warning("The lesson's progress could not be saved to %s: %s", path, exc)
        return False


def remove(config, game_id: str) -> None:
    """The lesson's game ended: its progress goes (after the writes asked for before)."""
    config.writer.submit(_remove, progress_path(config, game_id))


def _remove(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        log.warning("The lesson's progress %s could not be removed: %s", path, exc)


def read(config, lesson: Lesson) -> tuple[Progress | None, Sentence | None]:
    """The lesson's saved place, if any, with its position rebuilt; else None, and a message
    for the player when a file was there but could not be used (it is set aside)."""
    config.writer.flush()
    path = progress_path(config, lesson.game_id)
    if not path.exists():
        return None, None
    try:
        if path.stat().st_size > MAX_BYTES:
            raise ValueError("too large")
        progress = _parse(json.loads(path.read_text(encoding="utf-8")), lesson)
        progress.state, progress.moves = replay_lesson(lesson, progress.actions)
        check_place(lesson, progress.actions, progress.step, progress.done)
    except Exception as exc:  # noqa: BLE001 - a damaged file is reported, never a crash
        aside = set_aside(path)
        log.warning("Lesson progress %s could not be used (%s); set aside as %s", path, exc,
                    aside)
        if aside is None:
            return None, say(N_("The lesson's saved progress could not be read; the lesson "
                                "starts over."))
        return None, say(N_("The lesson's saved progress could not be read, so it was set "
                            "aside as {file}; the lesson starts over."), file=aside.name)
    return progress, None


def saved_step(config, lesson: Lesson) -> int | None:
    """The step the lesson was left at (``len(lesson.steps)`` once the learner plays on
    freely), from its progress file without replaying it; None when no usable file is
    there (a damaged one is left for ``read`` to set aside and report)."""
    config.writer.flush()
    path = progress_path(config, lesson.game_id)
    try:
        if not path.exists() or path.stat().st_size > MAX_BYTES:
            return None
        return _parse(json.loads(path.read_text(encoding="utf-8")), lesson).step
    except Exception:  # noqa: BLE001 - any damage: nothing to resume shown
        return None


def _parse(data: Any, lesson: Lesson) -> Progress:
    if not isinstance(data, dict) or data.get("format") != "landgrab-lesson":
        raise ValueError("not a lesson progress file")
    if data.get("version") != VERSION or data.get("lesson") != lesson.game_id:
        raise ValueError(f"version {data.get('version')!r} of lesson {data.get('lesson')!r}")
    step, done, raw = data.get("step"), data.get("done"), data.get("actions")
    if (type(step) is not int or type(done) is not int or not isinstance(raw, list)
            or not 0 <= step <= len(lesson.steps) or done < 0
            or (step < len(lesson.steps) and done >= lesson.steps[step].times)):
        raise ValueError("step out of range")
    types = type(lesson_state(lesson)).ACTION_TYPES
    actions = []
    for item in raw:
        if not (isinstance(item, list) and len(item) == 2 and type(item[0]) is int):
            raise ValueError("malformed action")
        actions.append(read_action(item[0], item[1], types))  # as a save's moves are read
    return Progress(step, done, actions)
