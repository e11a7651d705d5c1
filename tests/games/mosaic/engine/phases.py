"""The phases of a Mosaic game (``state.phase``): a ``StrEnum``, so views and saves hold
the same text."""

from enum import StrEnum


class Phase(StrEnum):
    PLACE = "place"
    OVER = "over"


PHASES = tuple(Phase)
