"""When a human may take back their last action."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.messages import N_, say
from game.seats import Seat
from game.session import Session

TAKEN_BACK_TIME = 4.0  # seconds the prompt starts with "Taken back." after an undo

# Why an undo is refused (asked every frame: made once, shown in the player's language).
NOTHING = say(N_("Nothing to take back."))
CATCHING_UP = say(N_("Wait for the table to catch up."))
NOT_YOURS = say(N_("Nothing of yours to take back this turn."))
TOO_LATE = say(N_("That can no longer be taken back: something was revealed or drawn since."))


def undo_reason(session: Session, viewer: int | None, seats: Sequence[Seat], passive: bool,
                busy: bool) -> str | None:
    """Why ``viewer`` cannot take back their last action now (None: they can), as a
    ``Sentence`` (shown with ``localized``).  ``busy``: the table still shows earlier moves."""
    if passive or viewer is None or seats[viewer].is_bot:
        return NOTHING
    if busy:
        return CATCHING_UP
    if session.last_mover() != viewer or viewer not in session.to_act():
        return NOT_YOURS
    if not session.can_take_back():
        return TOO_LATE
    return None
