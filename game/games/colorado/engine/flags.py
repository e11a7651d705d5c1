"""Flags: dealt face down at the start of a round, placed one by one, turned up together."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Event
from game.engine.messages import N_, NN_, M, Sentence, say
from game.games.colorado.engine.actions import PlaceFlag
from game.games.colorado.engine.cards import FLAG_COLOURS
from game.games.colorado.engine.events import (
    FLAG_TERMS,
    NOT_A_CELL,
    Emit,
    cell_arg,
    colour_arg,
    flag_arg,
    who,
)
from game.games.colorado.engine.grid import CELLS, NEIGHBOUR_MASK, as_cell, index
from game.games.colorado.engine.model import FLAGS_PER_COLOUR
from game.games.colorado.engine.phases import Phase

if TYPE_CHECKING:
    from game.games.colorado.engine.state import ColoradoState

FLAGS_DEALT = N_("{player} receives flags: {colours}.")
FLAGS_DEALT_PUBLIC = NN_("{player} receives {n} flag.", "{player} receives {n} flags.")
FLAG_PLACED = N_("{player} places their {flag} face down on {cell}.")
FLAG_PLACED_PUBLIC = N_("{player} places a flag face down on {cell}.")
FLAG_NOT_PLACED = N_("{player} cannot place a flag: there is no free cell.")
FLAGS_REVEALED = N_("Flags turned up: {flags}.")
FLAG_ON_CELL = N_("{colour} on {cell}")


def flag_mask(state: ColoradoState) -> int:
    """Bitmask of where the next flag may go: free cells next to no flag; if there is none,
    any free cell; if there is no free cell at all, nowhere (it is not placed)."""
    taken = state.cube_mask
    near = 0
    for f in state.flags:
        taken |= 1 << f
        near |= NEIGHBOUR_MASK[f]
    free = state.lakemap.land_mask & ~taken
    return (free & ~near) or free


def deal_flags(state: ColoradoState, events: list[Event]) -> None:
    """Shuffle the round's flags and deal them face down, the same number to everyone."""
    n = state.num_players
    markers = [c for c in FLAG_COLOURS for _ in range(FLAGS_PER_COLOUR)]
    state.rng.shuffle(markers)
    state.reveal()
    per = len(markers) // n
    for k, p in enumerate(state.order):
        hand = sorted(markers[k * per:(k + 1) * per], key=FLAG_COLOURS.index)
        state.flag_hands[p] = hand
        events.append(Emit.flags_dealt(
            FLAGS_DEALT, p,
            {"count": len(hand), "colours": list(hand)}, private_to=p,
            public_msg=FLAGS_DEALT_PUBLIC,
            args={"player": who(p), "colours": [colour_arg(c) for c in hand]},
            public_args={"player": who(p), "n": len(hand)}))
    state.flag_queue = [state.order[k % n] for k in range(per * n)]
    state.phase = Phase.FLAGS


def check_place_flag(state: ColoradoState, a: PlaceFlag, p: int) -> Sentence | None:
    if state.phase != Phase.FLAGS:
        return say(N_("You cannot place a flag now"))
    if a.colour not in FLAG_TERMS:
        return say(N_("{colour} is not a flag colour"), colour=repr(a.colour))
    if a.colour not in state.flag_hands[p]:
        return say(N_("You have no {flag} to place"), flag=flag_arg(a.colour))
    cell = as_cell(a.cell)
    if cell is None:
        return say(NOT_A_CELL, cell=repr(a.cell))
    i = index(*cell)
    if state.lakemap.lake_at[i] >= 0:
        return say(N_("{cell} is a lake: a flag may not stand there"), cell=cell_arg(i))
    if state.owner[i] >= 0:
        return say(N_("{cell} has a cube: a flag needs a free cell"), cell=cell_arg(i))
    if i in state.flags:
        return say(N_("{cell} already has a flag"), cell=cell_arg(i))
    if not flag_mask(state) >> i & 1:
        return say(N_("A flag may not stand next to another flag"))
    return None


def do_place_flag(state: ColoradoState, a: PlaceFlag, p: int) -> list[Event]:
    i = index(*a.cell)
    state.flag_hands[p].remove(a.colour)
    state.flags[i] = (a.colour, p)
    state.flag_queue.pop(0)
    return [Emit.flag_placed(
        FLAG_PLACED, p, {"cell": list(a.cell), "colour": a.colour},
        private_to=p, public_msg=FLAG_PLACED_PUBLIC,
        args={"player": who(p), "flag": flag_arg(a.colour), "cell": cell_arg(i)},
        public_args={"player": who(p), "cell": cell_arg(i)},
        public_data={"cell": list(a.cell)})]


def skip_unplaceable_flag(state: ColoradoState, events: list[Event]) -> None:
    """The next flag has no free cell left: its owner keeps it off the board."""
    p = state.flag_queue.pop(0)
    colour = state.flag_hands[p].pop(0)
    state.flags_unplaced.append(colour)
    events.append(Emit.flag_not_placed(FLAG_NOT_PLACED, p, args={"player": who(p)}))


def turn_flags_up(state: ColoradoState, events: list[Event]) -> None:
    state.flags_up = True
    state.reveal()
    flags = [{"cell": list(CELLS[i]), "colour": c, "player": p}
             for i, (c, p) in sorted(state.flags.items())]
    shown = [M(FLAG_ON_CELL, colour=colour_arg(c), cell=cell_arg(i))
             for i, (c, _) in sorted(state.flags.items())]
    events.append(Emit.flags_revealed(FLAGS_REVEALED, None, {"flags": flags},
                                      args={"flags": shown}))
