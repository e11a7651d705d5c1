"""Carrying out the taken cards.

The chooser carries out their cards one at a time in the order they like: score tiles face
down (none once the supply is empty), three cards drawn unseen to the bottom of their offer
deck; camel and tile cards stay ``current`` until their camels (``camels``) or tiles
(``tiles``) are placed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Event
from game.engine.messages import N_, NN_, Sentence, T, say
from game.games.oasis.engine.actions import CarryOut
from game.games.oasis.engine.cards import CARD_TERMS, CARDS, SCORE_SINGULAR
from game.games.oasis.engine.checks import phase_problem
from game.games.oasis.engine.events import Emit, ScoreTilesTaken, seat
from game.games.oasis.engine.offers import draw_to
from game.games.oasis.engine.phases import Phase

if TYPE_CHECKING:
    from game.games.oasis.engine.state import OasisState


def check_carry(st: OasisState, action: CarryOut, p: int) -> Sentence | None:
    problem = phase_problem(st, Phase.CARRY, N_("Carrying out a card"))
    if problem:
        return problem
    if st.current is not None:
        return say(N_("Finish {card} first"), card=CARD_TERMS[st.current])
    if action.card not in st.pending:
        card = CARD_TERMS[action.card] if action.card in CARDS else repr(action.card)
        return say(N_("{card} is not among the cards you took"), card=card)
    return None


def do_carry(st: OasisState, action: CarryOut, p: int) -> list[Event]:
    return carry(st, p, action.card)


def carry(st: OasisState, p: int, card: str) -> list[Event]:
    """``p`` starts carrying out ``card`` (one of their pending cards)."""
    st.pending.remove(card)
    info = CARDS[card]
    events = [Emit.card_carried_out(N_("{player} carries out {card}"), p, {"card": card},
                                    args={"player": seat(p), "card": CARD_TERMS[card]})]
    if info.effect == "score":
        events.append(take_score_tiles(st, p, info.what, info.amount))
        st.done.append(card)
    elif info.effect == "draw":
        events += draw_to(st, p, info.amount)
        st.done.append(card)
    else:
        st.current = card
        st.left = info.amount
    return events


def take_score_tiles(st: OasisState, p: int, kind: str, amount: int) -> Event:
    """``p`` takes up to ``amount`` score tiles of ``kind`` face down from the supply."""
    got = min(amount, st.score_supply[kind])
    st.score_supply[kind] -= got
    st.score_tiles[p][kind] += got
    args = {"player": seat(p), "n": got, "kind": T(SCORE_SINGULAR[kind])}
    data: ScoreTilesTaken = {"kind": kind, "count": got}
    if not got:
        return Emit.score_tiles_taken(N_("No {kind} score tiles are left: {player} takes "
                                         "none"), p, data, args=args)
    return Emit.score_tiles_taken(NN_("{player} takes {n} {kind} score tile face down",
                                      "{player} takes {n} {kind} score tiles face down"), p, data,
                                  private_to=p, args=args,
                                  public_msg=NN_("{player} takes {n} score tile face down",
                                                 "{player} takes {n} score tiles face down"),
                                  public_args={"player": seat(p), "n": got})


def finish_card(st: OasisState) -> None:
    """The current card is carried out in full."""
    st.done.append(st.current)  # type: ignore[arg-type]
    st.current = None
    st.left = 0
