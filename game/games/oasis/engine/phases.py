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


class CarryStep(StrEnum):
    """What the chooser is doing while carrying out (``OasisState.step()`` in ``CARRY``)."""

    PICK_CARD = "pick_card"
    PLACE_CAMELS = "place_camels"
    MOVE_CAMELS = "move_camels"
    PLACE_TILES = "place_tiles"


Step = Phase | CarryStep
"""What the actor is doing (``OasisState.step()``): the phase, or in ``CARRY`` its step."""
