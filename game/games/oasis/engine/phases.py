"""The phases of an Oasis game (``state.phase``; see ``state`` for the round they make).

A ``StrEnum``: a member is its string, so views, saves and JSON hold the same text as before.
"""

from enum import StrEnum


class Phase(StrEnum):
    OFFER = "offer"
    CHOOSE = "choose"
    CARRY = "carry"
    BONUS = "bonus"
    OVER = "over"


PHASES = tuple(Phase)
