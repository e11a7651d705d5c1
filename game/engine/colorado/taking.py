"""Taking a revealed card: in bid order, each taker uses a card at once at a flag of its
colour, putting cubes on its starred cells."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.colorado.actions import TakeCard
from game.engine.colorado.cardplay import CardUse, check_card_use
from game.engine.colorado.cards import CARDS, FLAG_COLOURS
from game.engine.colorado.cubes import set_cube
from game.engine.colorado.events import card_arg, cell_arg, numbered, who
from game.engine.colorado.grid import index, on_board, xy
from game.engine.colorado.model import PHASE_TAKE
from game.engine.core import Action, Event, IllegalAction
from game.engine.messages import N_, Sentence, say

if TYPE_CHECKING:
    from game.engine.colorado.state import ColoradoState

CARD_TAKEN = {
    0: N_("{player} takes the {card} and places no cube."),
    1: N_("{player} takes the {card} and puts a cube on {first}."),
    2: N_("{player} takes the {card} and puts cubes on {first} and {second}."),
}


def _card_use(state: ColoradoState, a: TakeCard, p: int) -> CardUse:
    return check_card_use(a, state.revealed, state.flag_colours_at(), state.owner,
                          state.lakemap.lake_at, state.cubes_left[p])


def check_take(state: ColoradoState, a: TakeCard, p: int) -> Sentence | None:
    if state.phase != PHASE_TAKE:
        return say(N_("You cannot take a card now"))
    try:
        use = _card_use(state, a, p)
    except IllegalAction as exc:
        return exc.args[0]  # the rule's Sentence
    # ``apply`` checks and then carries out at once: the check's work is not done twice
    state.checked_use = (a, p, use)
    return None


def do_take(state: ColoradoState, a: TakeCard, p: int) -> list[Event]:
    checked = state.checked_use
    use = checked[2] if checked is not None and checked[0] is a and checked[1] == p \
        else _card_use(state, a, p)
    state.checked_use = None
    state.revealed.remove(use.card.id)
    state.used_cards.append(use.card.id)
    state.take_queue.pop(0)
    msg, cells = numbered(CARD_TAKEN, [cell_arg(i) for i in use.cubes])
    events = [Event("card_taken", msg, p,
                    {"card": use.card.to_json(),
                     "flag": list(a.flag_cell) if a.flag_cell is not None else None,
                     "rotation": a.rotation, "anchor_star": a.anchor_star,
                     "stars": [list(c) for c in use.stars],
                     "cubes": [list(xy(i)) for i in use.cubes]},
                    args={"player": who(p), "card": card_arg(use.card), **cells})]
    for i in use.cubes:
        set_cube(state, i, p, events)
    return events


def take_actions(state: ColoradoState, player: int) -> list[Action]:
    """One action per distinct outcome (card and cells that get a cube)."""
    out: list[Action] = []
    left = state.cubes_left[player]
    owner = state.owner
    lake_at = state.lakemap.lake_at
    by_colour: dict[str, list[tuple[int, int]]] = {c: [] for c in FLAG_COLOURS}
    for i in sorted(state.flags):
        by_colour[state.flags[i][0]].append(xy(i))
    for cid in state.revealed:
        card = CARDS[cid]
        out.append(TakeCard(cid))
        if not left:
            continue
        seen: set[frozenset[tuple[int, int]]] = set()
        for flag in by_colour[card.colour]:
            for rot in ((0,) if card.offset is None else (0, 1, 2, 3)):
                stars = card.star_cells(flag, rot, 0)
                ok = [c for c in stars if on_board(*c) and lake_at[index(*c)] < 0
                      and owner[index(*c)] < 0]
                subsets: list[tuple[tuple[int, int], ...]] = [(c,) for c in ok]
                if len(ok) == 2 and left >= 2:
                    subsets.append(tuple(ok))
                for sub in subsets:
                    key = frozenset(sub)
                    if key not in seen:
                        seen.add(key)
                        out.append(TakeCard(cid, flag, rot, 0, sub))
    return out
