"""Checks several rule modules share: the phase an action belongs to, a camel path cell."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine.oasis.state import OasisState

PHASE_TEXT = {
    "offer": "players are making offers",
    "choose": "an offer is being chosen",
    "carry": "cards are being carried out",
    "bonus": "the bonus action is pending",
    "over": "the game is over",
}


def phase_problem(st: OasisState, phase: str, what: str) -> str | None:
    """Why ``what`` cannot happen in the current phase (None in ``phase``)."""
    if st.phase == phase:
        return None
    return f"{what} is not possible now: {PHASE_TEXT.get(st.phase, st.phase)}"


def cell_problem(st: OasisState, cell: Any) -> str | None:
    """Why ``cell`` is no cell of the board (None when it is one)."""
    b = st.board
    if type(cell) is tuple and len(cell) == 2:  # the fields' types are checked: (int, int)
        x, y = cell
        if 0 <= x < b.width and 0 <= y < b.height:
            return None
    try:
        b.index(cell)
    except ValueError as exc:
        return str(exc)
    return None


def at(st: OasisState, cell: tuple[int, int]) -> int:
    """The index of a cell already known to be on the board."""
    return cell[1] * st.board.width + cell[0]


def path_cell_problem(st: OasisState, cell: Any, what: str) -> str | None:
    """Why ``what`` may not stand on ``cell`` (None for a cell of the camel path)."""
    problem = cell_problem(st, cell)
    if problem is None and not st.board.is_path[at(st, cell)]:
        return f"{what} must be on the camel path"
    return problem


def free_path_cell_problem(st: OasisState, cell: Any) -> str | None:
    """Why a camel may not be put on ``cell`` (None for an empty path cell)."""
    problem = path_cell_problem(st, cell, "A camel")
    if problem is None and st.camel_at[at(st, cell)] != -1:
        return "That path cell already holds a camel"
    return problem
