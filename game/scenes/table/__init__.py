"""The shared table: opening a game's table, and (in the modules of this package) the one
table every game is played at.

- ``table.Table``: the scene; it composes ``seating`` (seats, names, bots),
  ``bots.BotDriver`` (bots thinking off the frame loop), ``privacy.Privacy`` (hand-off, who
  looks), ``undo``, ``autosave.Autosaver``, ``turns.TurnLoop`` (the turn loop, several
  players acting at once included), ``screen`` (prompt, buttons, banner) and
  ``input.InputRouter`` (pointer and focus);
- ``parts.GameParts``: what a game hands the table (its presenter, its choices, its
  renderer, its tips), with the defaults of the optional members.

This module stays free of those imports: they import it (``play_again``), so the per-game
table modules it loads on demand can import them.

Each game's descriptor names its table parts' class (``GameInfo.table``), built by the table
as ``Parts(table)``; the table is ``Table(services, game_id, seats, seed, *, state=None,
**options)`` (``seats`` is ``list[Seat]``, see ``game.seats``; ``state`` continues a game in
progress).  The parts' module is imported only when a game starts.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import random
import sys
from typing import TYPE_CHECKING

from game.engine.messages import N_, say
from game.registry import GAMES
from game.scenes.base import Scene
from game.seats import Seat

if TYPE_CHECKING:
    from game.scenes.table.parts import GameParts

log = logging.getLogger(__name__)


class TableUnavailable(Exception):
    """The game cannot be opened; the message (a ``Sentence``) is meant for the player."""

    @property
    def reason(self) -> str:
        """The player's message: a ``Sentence``, shown with ``localized``."""
        return self.args[0]


def table_module_name(game_id: str) -> str:
    """The module of the game's table scene, as its descriptor names it."""
    return GAMES[game_id].table_module if game_id in GAMES else ""


def table_available(game_id: str) -> bool:
    """Is this game's table scene part of this version?"""
    name = table_module_name(game_id)
    if not name:
        return False
    if name in sys.modules:
        return True
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def load_parts(game_id: str) -> type[GameParts]:
    """The class of the game's table parts, as its descriptor names it (``GameInfo.table``)."""
    return GAMES[game_id].table_parts()


def open_table(services, game_id: str, seats: list[Seat], seed: int,
               options: dict[str, str] | None = None, state=None) -> Scene:
    """Build the game's table scene, or raise ``TableUnavailable`` with a message to show.

    ``state``: a game in progress to continue (a save, an undo, a replay's position); its
    seed and options are used.
    """
    game = GAMES[game_id]
    name = table_module_name(game_id)
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            raise TableUnavailable(say(N_("The {game} table is not in this version yet."),
                                       game=game.name)) from exc
        log.exception("Could not load the %s table", game.name)
        raise TableUnavailable(say(N_("The {game} table could not be loaded ({part} is missing)."),
                                   game=game.name, part=exc.name)) from exc
    except Exception as exc:
        log.exception("Could not load the %s table", game.name)
        raise TableUnavailable(say(N_("The {game} table could not be loaded: {problem}"),
                                   game=game.name, problem=str(exc))) from exc
    from game.scenes.table.table import Table  # it imports this package
    try:
        if state is not None:
            return Table(services, game_id, list(seats), state.seed, state)
        return Table(services, game_id, list(seats), seed, state=None, session=None,
                     **(options or {}))
    except Exception as exc:
        log.exception("Could not open the %s table", game.name)
        raise TableUnavailable(say(N_("The {game} table could not be opened: {problem}"),
                                   game=game.name, problem=str(exc))) from exc


def new_seed(old: int) -> int:
    """A seed for the next game, never ``old`` (a rematch is another deal)."""
    while True:
        seed = random.randrange(1, 10**6)
        if seed != old:
            return seed


def start_game(services, game_id: str, seats: list[Seat], seed: int,
               options: dict[str, str] | None = None) -> str | None:
    """Open the table in place of every scene on the stack.  Returns an error message (a
    ``Sentence``, shown with ``localized``), or None.

    ``options`` are the game's setup choices (``GameInfo.options``), e.g. Colorado's lakes.
    """
    try:
        table = open_table(services, game_id, seats, seed, options)
    except TableUnavailable as exc:
        log.warning("%s", exc)
        return exc.reason
    log.info("Starting %s, seed %d, seats: %s", game_id, seed, ", ".join(s.label for s in seats))
    services.stack.reset(table)
    return None


def resume_game(services, saved) -> str | None:
    """Continue a ``game.saves.SavedGame`` in place of every scene.  Returns an error message
    (a ``Sentence``), or None."""
    state = saved.state
    try:
        table = open_table(services, state.GAME_ID, saved.seats, state.seed, state=state)
    except TableUnavailable as exc:
        log.warning("%s", exc)
        return exc.reason
    log.info("Resuming %s at move %d", state.GAME_ID, len(state.history))
    services.stack.reset(table)
    return None
