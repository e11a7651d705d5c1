"""Mosaic's rules, pure (no pygame): ``new_game(num_players, seed)`` gives a
``MosaicState``.  Modules: ``board`` (cells, tiles), ``phases``, ``actions``, ``events``
(kinds and payloads), ``state`` (the rules)."""

from __future__ import annotations

from .actions import ACTION_TYPES, Place
from .board import CELLS, KINDS, SIZE, cell_name
from .events import EVENT_KINDS, PAYLOADS
from .phases import PHASES, Phase
from .state import MosaicState, new_game

__all__ = ["ACTION_TYPES", "CELLS", "EVENT_KINDS", "KINDS", "PAYLOADS", "PHASES", "SIZE", "MosaicState",
           "Phase", "Place", "cell_name", "new_game"]
