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
    try:
        st.board.index(cell)
    except ValueError as exc:
        return str(exc)
    return None


def path_cell_problem(st: OasisState, cell: Any, what: str) -> str | None:
    """Why ``what`` may not stand on ``cell`` (None for a cell of the camel path)."""
    problem = cell_problem(st, cell)
    if problem is None and not st.board.is_path[st.board.index(cell)]:
        return f"{what} must be on the camel path"
    return problem


def free_path_cell_problem(st: OasisState, cell: Any) -> str | None:
    """Why a camel may not be put on ``cell`` (None for an empty path cell)."""
    problem = path_cell_problem(st, cell, "A camel")
    if problem is None and st.camel_at[st.board.index(cell)] != -1:
        return "That path cell already holds a camel"
    return problem
