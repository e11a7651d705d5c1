"""Using a card: which cells it fills and how lake ownership changes.

One function checks a ``TakeCard`` against a position and another simulates the lake
re-checks, so ``apply`` and ``preview_card_use`` can never disagree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from game.engine.core import IllegalAction
from game.engine.messages import N_, NN_, say
from game.games.colorado.engine.actions import TakeCard
from game.games.colorado.engine.cards import CARDS, Card
from game.games.colorado.engine.events import NOT_A_CELL, cell_arg, flag_arg
from game.games.colorado.engine.grid import as_cell, index, on_board
from game.games.colorado.engine.lakes import recheck_owner


class CardUse(NamedTuple):
    """What a card use does (a named tuple: every card taken in a search makes one)."""

    card: Card
    stars: tuple[tuple[int, int], ...]   # the starred cells (may lie off the board)
    cubes: tuple[int, ...]                # cell indices that get a cube, in order


def check_card_use(action: TakeCard, revealed: Sequence[int], flags: Mapping[int, str | None],
                   owner: Sequence[int], lake_at: Sequence[int], cubes_left: int) -> CardUse:
    """Validate ``action`` (not who acts, nor the phase) and return what it does.

    ``flags`` maps a flag's cell index to its colour.  Raises ``IllegalAction`` with the
    rule as a ``Sentence`` (a table shows it in the player's language).
    """
    card_id = action.card_id
    if not isinstance(card_id, int) or card_id not in revealed:
        raise IllegalAction(say(N_("That card is not among the revealed cards")))
    card = CARDS[card_id]
    if action.rotation not in (0, 1, 2, 3):
        raise IllegalAction(say(N_("A card can be turned to rotation 0, 1, 2 or 3 only")))
    if action.anchor_star not in card.anchors:
        raise IllegalAction(say(N_("A one-star card lies with its only star on the flag"))
                            if card.num_stars == 1
                            else say(N_("Choose star 0 or star 1 for the flag")))
    if not isinstance(action.cubes, tuple):
        raise IllegalAction(say(N_("The cubes must be a list of cells")))
    if action.flag_cell is None:
        if action.cubes:
            raise IllegalAction(say(N_("Choose a flag of the card's colour to place cubes")))
        return CardUse(card, (), ())
    flag = as_cell(action.flag_cell)
    if flag is None:
        raise IllegalAction(say(NOT_A_CELL, cell=repr(action.flag_cell)))
    colour = flags.get(index(*flag), "")
    if colour != card.colour:
        raise IllegalAction(say(N_("There is no {flag} on {cell}"), flag=flag_arg(card.colour),
                                cell=cell_arg(flag)))
    stars = card.star_cells(flag, action.rotation, action.anchor_star)
    cubes: list[int] = []
    for raw in action.cubes:
        if not (isinstance(raw, (tuple, list)) and len(raw) == 2):
            raise IllegalAction(say(N_("{cell} is not a cell"), cell=repr(raw)))
        cell = (raw[0], raw[1])
        if cell not in stars:
            raise IllegalAction(say(N_("{cell} is not one of the card's starred cells"),
                                    cell=cell_arg(cell)))
        if not on_board(*cell):
            raise IllegalAction(say(N_("A cube cannot go off the board")))
        i = index(*cell)
        if i in cubes:
            raise IllegalAction(say(N_("Each starred cell takes one cube at most")))
        if lake_at[i] >= 0:
            raise IllegalAction(say(N_("{cell} is a lake: no cube may stand there"),
                                    cell=cell_arg(cell)))
        if owner[i] >= 0:
            raise IllegalAction(say(N_("{cell} already has a cube"), cell=cell_arg(cell)))
        cubes.append(i)
    if len(cubes) > cubes_left:
        raise IllegalAction(say(NN_("You have only {n} cube left", "You have only {n} cubes left"),
                                n=cubes_left))
    return CardUse(card, stars, tuple(cubes))


def simulate_lakes(changes: Sequence[tuple[int, int]], owner: Sequence[int],
                   field_of: Sequence[Sequence[int]], lake_owner: Sequence[int],
                   lake_counts: Sequence[Sequence[int]]) -> list[tuple[int, int, int]]:
    """The lake ownership changes ``(lake, old owner, new owner)`` caused by the cube
    changes ``(cell, new owner or -1)`` applied one after another (nothing is mutated)."""
    owners: dict[int, int] = {}
    counts: dict[int, list[int]] = {}
    cur: dict[int, int] = {}
    out = []
    for i, p in changes:
        old = cur.get(i, owner[i])
        cur[i] = p
        for lake in field_of[i]:
            if lake not in counts:
                counts[lake] = list(lake_counts[lake])
                owners[lake] = lake_owner[lake]
            c = counts[lake]
            if old >= 0:
                c[old] -= 1
            if p >= 0:
                c[p] += 1
            new = recheck_owner(owners[lake], c)
            if new != owners[lake]:
                out.append((lake, owners[lake], new))
                owners[lake] = new
    return out
