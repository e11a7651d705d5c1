"""Computer players.  They read engine views only, never the state itself.

Every game names its bots module in its registry entry (``GameInfo.bots``, e.g.
``game.bots.oregon``), with ``make(level, seed) -> Bot``.
A bot answers ``choose(view, legal) -> Action`` where ``view`` is ``state.view(seat)`` and
``legal`` is ``state.legal_actions(seat)`` (the seat's own options, which it may know).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from typing import Any, Protocol

from game.engine.core import Action
from game.registry import GAMES

LEVELS = ("easy", "normal")


class Bot(Protocol):
    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action: ...


def make_bot(game_id: str, level: str, seed: int) -> Bot:
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (choose from {', '.join(LEVELS)})")
    return importlib.import_module(GAMES[game_id].bots).make(level, seed)

