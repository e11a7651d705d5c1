"""Pure rules engines.  Nothing here imports pygame, bots or scenes.

The games themselves are listed in ``game.registry`` (``GAMES``), which names each game's
engine package; ``GAMES`` and ``GameInfo`` are also importable from here.
"""

from __future__ import annotations

from game.engine.core import GameState, IllegalAction  # noqa: F401  (re-exported)
from game.registry import GAMES, GameInfo, GameOption  # noqa: F401  (re-exported)
