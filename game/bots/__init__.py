"""Computer players.  They read engine views only, never the state itself.

Every game names its bots module in its registry entry (``GameInfo.bots``, e.g.
``game.games.oregon.bots.normal``), with ``make(level, seed) -> Bot`` for the heuristic levels and
``search_rules() -> search.SearchRules`` for the hard level, which searches (``search.py``).
A bot answers ``choose(view, legal) -> Action`` where ``view`` is ``state.view(seat)`` and
``legal`` is ``state.legal_actions(seat)`` (the seat's own options, which it may know).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from game.engine.actions import Action
from game.registry import GAMES

if TYPE_CHECKING:
    from game.bots.search import Budget

LEVELS = ("easy", "normal", "hard")


class Bot(Protocol):
    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action: ...


def make_bot(game_id: str, level: str, seed: int, budget: Budget | None = None) -> Bot:
    """A bot of ``level`` for ``game_id``; ``budget`` bounds a hard bot's search (default:
    one second per decision)."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (choose from {', '.join(LEVELS)})")
    module = bots_module(game_id)
    if level == "hard":
        from game.bots.search import HardBot

        return HardBot(module.search_rules(), seed, budget)
    return module.make(level, seed)


def bots_module(game_id: str) -> Any:
    """The module of ``game_id``'s bots (its ``make`` and ``search_rules``)."""
    return importlib.import_module(GAMES[game_id].bots)
