"""Taking a revealed card: in bid order, each taker uses a card at once at a flag of its
colour, putting cubes on its starred cells."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.actions import Action
from game.engine.core import IllegalAction
from game.engine.events import Event
from game.engine.messages import N_, Sentence, say
from game.games.colorado.engine.actions import TakeCard
from game.games.colorado.engine.cardplay import CardUse, check_card_use
from game.games.colorado.engine.cards import CARDS
from game.games.colorado.engine.cubes import set_cube
from game.games.colorado.engine.events import Emit, card_arg, cell_arg, numbered, who
from game.games.colorado.engine.grid import CELLS, NUM_CELLS, index, on_board
from game.games.colorado.engine.phases import Phase

if TYPE_CHECKING:
    from game.games.colorado.engine.state import ColoradoState

CARD_TAKEN = {
    0: N_("{player} takes the {card} and places no cube."),
    1: N_("{player} takes the {card} and puts a cube on {first}."),
    2: N_("{player} takes the {card} and puts cubes on {first} and {second}."),
}


def _card_use(state: ColoradoState, a: TakeCard, p: int) -> CardUse:
    return check_card_use(a, state.revealed, state.flag_colours_at(), state.owner,
                          state.lakemap.lake_at, state.cubes_left[p])


def listed_use(a: TakeCard) -> CardUse:
    """What a use ``take_actions`` listed does (``check_card_use``'s answer for it, without
    the checks: it is known to be legal)."""
    card = CARDS[a.card_id]
    if a.flag_cell is None:
        return CardUse(card, (), ())
    return CardUse(card, card.star_cells(a.flag_cell, a.rotation, 0),
                   tuple(index(x, y) for x, y in a.cubes))


def check_take(state: ColoradoState, a: TakeCard, p: int) -> Sentence | None:
    if state.phase != Phase.TAKE:
        return say(N_("You cannot take a card now"))
    try:
        use = _card_use(state, a, p)
    except IllegalAction as exc:
        reason: Sentence = exc.args[0]  # the rule's Sentence
        return reason
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
    events = [Emit.card_taken(msg, p,
                              {"card": use.card.to_json(),
                               "flag": list(a.flag_cell) if a.flag_cell is not None else None,
                               "rotation": a.rotation, "anchor_star": a.anchor_star,
                               "stars": [list(c) for c in use.stars],
                               "cubes": [list(CELLS[i]) for i in use.cubes]},
                              args={"player": who(p), "card": card_arg(use.card), **cells})]
    for i in use.cubes:
        set_cube(state, i, p, events)
    return events


def _second_stars(card_id: int) -> tuple[tuple[int, ...], ...] | None:
    """Per rotation, per flag cell: the cell of the card's second star when its first lies
    on the flag (-1: off the board); None for a one-star card."""
    card = CARDS[card_id]
    if card.offset is None:
        return None
    out = []
    for rot in range(4):
        row = []
        for f in range(NUM_CELLS):
            x, y = card.star_cells(CELLS[f], rot, 0)[1]
            row.append(index(x, y) if on_board(x, y) else -1)
        out.append(tuple(row))
    return tuple(out)


_SECOND_STAR = tuple(_second_stars(c.id) for c in CARDS)
_TAKE_NOTHING = tuple(TakeCard(c.id) for c in CARDS)
_ONE_CUBE = tuple((cell,) for cell in CELLS)  # the cubes of a use filling one cell


_Second = tuple[int, TakeCard, TakeCard, int]
_USES: dict[int, tuple[TakeCard, tuple[_Second, ...]]] = {}
"""card * NUM_CELLS + flag cell -> the use of that card at that flag putting a cube on the
flag's cell alone, and per rotation whose second star lies on the board: that star's cell,
the uses putting a cube on it alone and on both cells, and the number ``take_actions``
knows the pair of cells by.  Made the first time they are listed and kept, as actions never
change: a search lists the same ones over and over.  All 7200 of them hold about 10 MB."""


def _pair_key(f: int, b: int) -> int:
    """The outcome "cubes on cells ``f`` and ``b``", numbered apart from single cells."""
    return NUM_CELLS + (f * NUM_CELLS + b if f < b else b * NUM_CELLS + f)


def _uses_at(cid: int, f: int) -> tuple[TakeCard, tuple[_Second, ...]]:
    flag = CELLS[f]
    seconds = []
    for rot, second_stars in enumerate(_SECOND_STAR[cid] or ()):
        b = second_stars[f]
        if b >= 0:
            seconds.append((b, TakeCard(cid, flag, rot, 0, _ONE_CUBE[b]),
                            TakeCard(cid, flag, rot, 0, (flag, CELLS[b])), _pair_key(f, b)))
    found = _USES[cid * NUM_CELLS + f] = (TakeCard(cid, flag, 0, 0, _ONE_CUBE[f]),
                                          tuple(seconds))
    return found


_COLOUR_OF = tuple(card.colour for card in CARDS)


def take_actions(state: ColoradoState, player: int) -> list[Action]:
    """One action per distinct outcome (card and cells that get a cube): for each revealed
    card, taking it without a cube, then for each of its colour's flags in board order and
    each rotation the free starred cells alone and then together, an outcome listed again
    only the first time."""
    out: list[Action] = []
    left = state.cubes_left[player]
    owner = state.owner
    lake_at = state.lakemap.lake_at
    flags = state.flags
    in_order = sorted(flags)
    for cid in state.revealed:
        out.append(_TAKE_NOTHING[cid])
        if not left:
            continue
        colour = _COLOUR_OF[cid]
        if _SECOND_STAR[cid] is None:  # one star: one outcome per free flag cell
            for f in in_order:
                if flags[f][0] == colour and owner[f] < 0 and lake_at[f] < 0:
                    out.append((_USES.get(cid * NUM_CELLS + f) or _uses_at(cid, f))[0])
            continue
        # outcomes seen: a cell alone by its index, two cells by their ``_pair_key``
        seen: set[int] = set()
        for f in in_order:
            if flags[f][0] != colour:
                continue
            on_flag, seconds = _USES.get(cid * NUM_CELLS + f) or _uses_at(cid, f)
            f_free = owner[f] < 0 and lake_at[f] < 0
            if f_free and f not in seen:  # listed first, as the use with rotation 0
                seen.add(f)
                out.append(on_flag)
            both = f_free and left >= 2
            for b, on_second, on_both, pair in seconds:
                if owner[b] < 0 and lake_at[b] < 0:
                    if b not in seen:
                        seen.add(b)
                        out.append(on_second)
                    if both and pair not in seen:
                        seen.add(pair)
                        out.append(on_both)
    return out
