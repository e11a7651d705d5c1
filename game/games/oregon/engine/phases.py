"""The phases of an Oregon game (``state.phase``; see ``state.OregonState``).

A ``StrEnum``: a member is its string, so views, saves and JSON hold the same text as before.
"""

from enum import StrEnum


class Phase(StrEnum):
    START_TILE = "start_tile"
    PLAY = "play"
    EXTRA_TURN = "extra_turn"
    DRAW = "draw"
    OVER = "over"


PHASES = tuple(Phase)
