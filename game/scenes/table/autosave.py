"""Keeping the autosave current after every action of a game people play, and telling the
players when it cannot be kept.

The autosave is written in the background (``saves.autosave``); each write's future says
whether it worked.  The table polls them each frame (``poll``), and a failure is said on the
table (``SAVE_FAILED``) when saving starts to fail, not after every move: again only when it
still fails ``REMIND_SECONDS`` after it was last said (a player who keeps playing is
reminded before quitting), and once more after a save worked in between and then fails anew.
When it works again after failing, the table says so (``SAVED_AGAIN``).  A lesson's table
keeps no autosave but watches its progress file the same way (``watch``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Future

from game import saves
from game.config import Config
from game.engine.core import GameState
from game.engine.messages import N_, Sentence, say
from game.history import History
from game.seats import Seat

log = logging.getLogger(__name__)

# Translators: shown on the table when the game cannot be written to disk (the folder of
# saved games is read-only or the disk is full)
SAVE_FAILED = say(N_("This game could not be saved: the folder of saved games is read-only "
                     "or the disk is full. If you quit now, you cannot continue it later."))
# Translators: shown on the table when the game is saved again after saving had failed
SAVED_AGAIN = say(N_("The game is saved again."))
REMIND_SECONDS = 300.0  # table time after which a save that still fails is said again


class Autosaver:
    def __init__(self, config: Config) -> None:
        self.config = config
        self.writes: list[Future[bool]] = []  # asked for, not yet looked at, oldest first
        self.failing = False  # the last write looked at failed
        self.since_said = 0.0  # table time since the failure was last said

    def wanted(self, autosave: bool, passive: bool) -> bool:
        """Whether a table keeps the autosave: not a demo (``autosave`` off), a replay
        (``passive``) or a kiosk game."""
        return autosave and not passive and not self.config.kiosk

    def save(self, state: GameState, seats: Sequence[Seat]) -> None:
        self.watch(saves.autosave(self.config, state, list(seats)))

    def keeper(self, seats: Sequence[Seat], history: Callable[[], History],
               wanted: Callable[[], bool]) -> Callable[[GameState], None]:
        """What a local session calls after every move and undo (``LocalSession.kept``):
        keep the autosave current while ``wanted()``, and the game in ``history()`` (the
        games played) once it is over, at once (a player who leaves during the last
        animations still finds it there)."""
        def keep(state: GameState) -> None:
            if wanted():
                self.save(state, seats)
                if state.is_over():
                    history().add(state, seats)
        return keep

    def watch(self, write: Future[bool]) -> None:
        """Tell the players about ``write`` too (a lesson's progress file)."""
        self.writes.append(write)

    def poll(self, dt: float) -> Sentence | None:
        """Each frame (``dt``: its seconds): what to tell the players about the writes that
        finished since (``SAVE_FAILED``, ``SAVED_AGAIN``), or None."""
        self.since_said += dt
        said = None
        while self.writes and self.writes[0].done():
            if self._worked(self.writes.pop(0)):
                if self.failing:
                    said = SAVED_AGAIN
                self.failing = False
            elif not self.failing or self.since_said >= REMIND_SECONDS:
                said, self.failing, self.since_said = SAVE_FAILED, True, 0.0
        return said

    @staticmethod
    def _worked(write: Future[bool]) -> bool:
        try:
            return bool(write.result())
        except Exception:  # noqa: BLE001 - a write that broke did not keep the game
            log.exception("The autosave failed")
            return False
