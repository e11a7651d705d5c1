"""Camels: placed on empty path cells one per action while a camel card is carried out (or
as the bonus action); with all 20 of a player's camels out, a camel card moves their own
camels or is ignored."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Event
from game.engine.messages import N_, M, Message, Sentence, say
from game.games.oasis.engine import flow
from game.games.oasis.engine.actions import BonusCamel, IgnoreCard, MoveCamel, PlaceCamel
from game.games.oasis.engine.cards import CAMELS_EACH, CARD_TERMS, CARDS
from game.games.oasis.engine.carrying import finish_card
from game.games.oasis.engine.checks import (
    at,
    free_path_cell_problem,
    path_cell_problem,
    phase_problem,
)
from game.games.oasis.engine.events import Emit, seat
from game.games.oasis.engine.phases import Phase

if TYPE_CHECKING:
    from game.games.oasis.engine.state import OasisState


def camel_card_problem(st: OasisState, what: Message) -> Sentence | None:
    """Why ``what`` (a marked phrase naming the action) cannot happen now (None while a camel
    card is being carried out)."""
    problem = phase_problem(st, Phase.CARRY, what)
    if problem is None and (st.current is None or CARDS[st.current].effect != "camels"):
        # Translators: {action} names what was tried ("Placing a camel", "Moving a camel")
        return say(N_("{action} needs a camel card being carried out"), action=M(what))
    return problem


def check_place_camel(st: OasisState, action: PlaceCamel, p: int) -> Sentence | None:
    problem = camel_card_problem(st, N_("Placing a camel"))
    if problem:
        return problem
    if st.camels_left[p] == 0:
        return say(N_("All your camels are on the path: move one or ignore the card"))
    return free_path_cell_problem(st, action.cell)


def do_place_camel(st: OasisState, action: PlaceCamel, p: int) -> list[Event]:
    events = put_camel(st, p, at(st, action.cell),
                       N_("{player} places a camel at {cell}"))
    card_step_done(st)
    return events


def card_step_done(st: OasisState) -> None:
    """One camel or tile of the current card is placed."""
    st.left -= 1
    if st.left == 0:
        finish_card(st)


def put_camel(st: OasisState, p: int, c: int, line: Message) -> list[Event]:
    st.camel_at[c] = p
    st.camels_left[p] -= 1
    st.path_free -= 1
    return [Emit.camel_placed(line, p,
                              {"cell": list(st.board.xy[c]), "camels_left": st.camels_left[p]},
                              args={"player": seat(p), "cell": st.board.cell_names[c]})]


def check_move_camel(st: OasisState, action: MoveCamel, p: int) -> Sentence | None:
    problem = camel_card_problem(st, N_("Moving a camel"))
    if problem:
        return problem
    if st.camels_left[p] > 0:
        return say(N_("You still have camels to place: camels move only once all {n} of "
                      "yours are on the path"), n=CAMELS_EACH)
    problem = (path_cell_problem(st, action.src, N_("The camel to move must be on the camel "
                                                    "path"))
               or path_cell_problem(st, action.dst, N_("A camel must be on the camel path")))
    if problem:
        return problem
    if st.camel_at[at(st, action.src)] != p:
        return say(N_("There is none of your camels at that cell"))
    if st.camel_at[at(st, action.dst)] != -1:
        return say(N_("That path cell already holds a camel"))
    return None


def do_move_camel(st: OasisState, action: MoveCamel, p: int) -> list[Event]:
    src, dst = at(st, action.src), at(st, action.dst)
    st.camel_at[src] = -1
    st.camel_at[dst] = p
    card_step_done(st)
    xy, names = st.board.xy, st.board.cell_names
    return [Emit.camel_moved(N_("{player} moves a camel from {src} to {dst}"), p,
                             {"src": list(xy[src]), "dst": list(xy[dst])},
                             args={"player": seat(p), "src": names[src], "dst": names[dst]})]


def check_ignore(st: OasisState, action: IgnoreCard, p: int) -> Sentence | None:
    problem = camel_card_problem(st, N_("Ignoring a card"))
    if problem is None and st.camels_left[p] > 0:
        return say(N_("While you have camels left, the camels must be placed"))
    return problem


def do_ignore(st: OasisState, action: IgnoreCard, p: int) -> list[Event]:
    card = st.current
    assert card is not None  # the check let a card in play be ignored
    finish_card(st)
    return [Emit.card_ignored(N_("{player} ignores the rest of {card}"), p, {"card": card},
                              args={"player": seat(p), "card": CARD_TERMS[card]})]


def check_bonus_camel(st: OasisState, action: BonusCamel, p: int) -> Sentence | None:
    problem = phase_problem(st, Phase.BONUS, N_("A bonus camel"))
    if problem:
        return problem
    if st.camels_left[p] == 0:
        return say(N_("You have no camel left to place"))
    return free_path_cell_problem(st, action.cell)


def do_bonus_camel(st: OasisState, action: BonusCamel, p: int) -> list[Event]:
    events = put_camel(st, p, at(st, action.cell),
                       N_("Bonus: {player} places a camel at {cell}"))
    return events + flow.end_round(st)
