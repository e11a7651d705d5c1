"""The phases of a Colorado County game (``state.phase``; see ``state`` for who acts in each).

A ``StrEnum``: a member is its string, so views, saves and JSON hold the same text as before.
"""

from enum import StrEnum


class Phase(StrEnum):
    FLAGS = "flags"
    OFFER = "offer"
    INTEREST = "interest"
    GIVE = "give"
    AUCTION = "auction"
    BID = "bid"
    TAKE = "take"
    OVER = "over"


PHASES = tuple(Phase)
