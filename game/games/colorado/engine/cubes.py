"""Cubes coming and going on the board, and the lake ownership they decide."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Event
from game.engine.messages import N_
from game.games.colorado.engine.events import Emit, LakeChanged, cell_arg, who
from game.games.colorado.engine.grid import CELLS
from game.games.colorado.engine.lakes import recheck_owner
from game.games.colorado.engine.model import cells_json

if TYPE_CHECKING:
    from game.games.colorado.engine.state import ColoradoState

CUBE_LEAVES = N_("{player}'s cube leaves {cell}.")
CUBE_PLACED = N_("{player} puts a cube on {cell}.")
LAKE_TAKEN = N_("{player} takes the lake of value {value}.")
LAKE_TAKEN_FROM = N_("{player} takes the lake of value {value} from {previous}.")
LAKE_LOST = N_("The lake of value {value} has no owner any more.")


def set_cube(state: ColoradoState, i: int, p: int, events: list[Event]) -> None:
    """Put ``p``'s cube on cell ``i`` (``p`` = -1: take the cube away), then re-check the
    lakes this cell is a field of."""
    old = state.owner[i]
    state.owner[i] = p
    if p >= 0:
        state.cube_mask |= 1 << i
    else:
        state.cube_mask &= ~(1 << i)
    if old >= 0:
        state.cubes_left[old] += 1
        events.append(Emit.cube_removed(CUBE_LEAVES, old, {"cell": list(CELLS[i])},
                                        args={"player": who(old), "cell": cell_arg(i)}))
    if p >= 0:
        state.cubes_left[p] -= 1
        events.append(Emit.cube_placed(CUBE_PLACED, p, {"cell": list(CELLS[i])},
                                       args={"player": who(p), "cell": cell_arg(i)}))
    for li in state.lakemap.field_of[i]:
        counts = state.lake_counts[li]
        if old >= 0:
            counts[old] -= 1
        if p >= 0:
            counts[p] += 1
        before = state.lake_owner[li]
        after = recheck_owner(before, counts)
        if after != before:
            state.lake_owner[li] = after
            events.append(_lake_changed(state, li, before, after))


def _lake_changed(state: ColoradoState, li: int, before: int, after: int) -> Event:
    lake = state.lakemap.lakes[li]
    data: LakeChanged = {"lake": li, "value": lake.value, "from": before, "to": after,
                         "cells": cells_json(lake.cells)}
    if after < 0:
        return Emit.lake_changed(LAKE_LOST, None, data, args={"value": lake.value})
    if before < 0:
        return Emit.lake_changed(LAKE_TAKEN, after, data,
                                 args={"player": who(after), "value": lake.value})
    return Emit.lake_changed(
        LAKE_TAKEN_FROM, after, data,
        args={"player": who(after), "value": lake.value, "previous": who(before)})
