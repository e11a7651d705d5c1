"""Checks several rule modules share: the phase an action belongs to, a camel path cell.

A refusal is a ``Sentence`` (``messages.say``): English as it reads, shown to a player in
their language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.messages import N_, M, Message, Sentence, say
from game.games.oasis.engine.geometry import cell_name
from game.games.oasis.engine.phases import Phase

if TYPE_CHECKING:
    from game.games.oasis.engine.state import OasisState

# What is going on in each phase: the second half of "... is not possible now: ..."
PHASE_TEXT = {
    Phase.OFFER: N_("players are making offers"),
    Phase.CHOOSE: N_("an offer is being chosen"),
    Phase.CARRY: N_("cards are being carried out"),
    Phase.BONUS: N_("the bonus action is pending"),
    Phase.OVER: N_("the game is over"),
}


def phase_problem(st: OasisState, phase: Phase, what: Message) -> Sentence | None:
    """Why ``what`` (a marked phrase naming the action: "Placing a tile") cannot happen in
    the current phase (None in ``phase``)."""
    if st.phase == phase:
        return None
    # Translators: {action} names what was tried ("Placing a tile", "Taking an offer"),
    # {reason} says what happens now ("players are making offers")
    return say(N_("{action} is not possible now: {reason}"), action=M(what),
               reason=M(PHASE_TEXT[st.phase]))


def cell_problem(st: OasisState, cell: Any) -> Sentence | None:
    """Why ``cell`` is no cell of the board (None when it is one)."""
    b = st.board
    if type(cell) is tuple and len(cell) == 2:  # the fields' types are checked: (int, int)
        x, y = cell
        if 0 <= x < b.width and 0 <= y < b.height:
            return None
    try:
        b.index(cell)
    except ValueError:
        return say(N_("{cell} is off the board"), cell=cell_name(cell))
    return None


def at(st: OasisState, cell: tuple[int, int]) -> int:
    """The index of a cell already known to be on the board."""
    return cell[1] * st.board.width + cell[0]


def path_cell_problem(st: OasisState, cell: Any, off_path: Message) -> Sentence | None:
    """Why a camel may not stand on ``cell`` (None for a cell of the camel path);
    ``off_path`` is the sentence for a cell off the path."""
    problem = cell_problem(st, cell)
    if problem is None and not st.board.is_path[at(st, cell)]:
        return say(off_path)
    return problem


def free_path_cell_problem(st: OasisState, cell: Any) -> Sentence | None:
    """Why a camel may not be put on ``cell`` (None for an empty path cell)."""
    problem = path_cell_problem(st, cell, N_("A camel must be on the camel path"))
    if problem is None and st.camel_at[at(st, cell)] != -1:
        return say(N_("That path cell already holds a camel"))
    return problem
