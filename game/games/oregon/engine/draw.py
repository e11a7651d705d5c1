"""The rules of the draw: up to 4 cards, the forced deck, dead and duplicate building cards.

Checkers and doers as in ``plays`` (collected in ``rules.RULES``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Event
from game.engine.messages import N_, M, Sentence, T, say
from game.games.oregon.engine.actions import DiscardDead, DiscardDrawn, Draw, KeepCard
from game.games.oregon.engine.cards import (
    DECKS,
    a_card,
    building_name,
    card_building,
    card_kind,
    card_name,
    is_building,
)
from game.games.oregon.engine.events import DrewCardPublic, Emit, seat
from game.games.oregon.engine.flow import PHASE_HINT, after_draw_step, deck_available, draw_decks
from game.games.oregon.engine.phases import Phase

if TYPE_CHECKING:
    from game.games.oregon.engine.state import OregonState

_RESHUFFLED = {"landscape": N_("The landscape discard pile is shuffled into a new deck"),
               "building": N_("The building discard pile is shuffled into a new deck")}
_DRAWS_FROM = {"landscape": N_("{player} draws a landscape card"),
               "building": N_("{player} draws a building card")}


# --- drawing -------------------------------------------------------------------------------
_DECK_EMPTY = {"landscape": N_("The landscape deck and its discard pile are empty"),
               "building": N_("The building deck and its discard pile are empty")}
_HAND_NEEDS = {"landscape": N_("Your hand needs a landscape card: draw from the landscape deck"),
               "building": N_("Your hand needs a building card: draw from the building deck")}


def check_draw(st: OregonState, action: Draw, p: int) -> Sentence | None:
    if st.phase != Phase.DRAW:
        return say(N_("You cannot draw now: {hint}"), hint=M(PHASE_HINT[st.phase]))
    if st.pending >= 0:
        return say(N_("First keep or discard the building card you just drew"))
    if action.deck not in DECKS:
        return say(N_("There is no {deck} deck; draw a landscape or a building card"),
                   deck=repr(action.deck))
    d = DECKS.index(action.deck)
    if not deck_available(st, d):
        return say(_DECK_EMPTY[action.deck])
    if d not in draw_decks(st, p):
        return say(_HAND_NEEDS[DECKS[1 - d]])
    return None


def do_draw(st: OregonState, action: Draw, p: int) -> list[Event]:
    """Draw the top card (the discards become the deck when it is empty); a dead or
    duplicate building card waits for its owner to keep or discard it."""
    events: list[Event] = []
    d = DECKS.index(action.deck)
    deck = st.deck[d]
    if not deck:
        deck.extend(st.discard[d])
        st.discard[d].clear()
        st.rng.shuffle(deck)
        events.append(Emit.reshuffled(_RESHUFFLED[DECKS[d]], None,
                                      {"deck": DECKS[d], "size": len(deck)}))
    card = deck.pop()
    st.reveal()
    hand = st.hands[p]
    hand.append(card)
    st.drawn_any = True
    public: DrewCardPublic = {"deck": DECKS[d], "kind": card_kind(card), "hand_size": len(hand),
                              "deck_size": len(deck)}
    events.append(Emit.drew_card(N_("{player} draws {card}"), p, {**public, "card": card},
                                 private_to=p, public_msg=_DRAWS_FROM[DECKS[d]],
                                 args={"player": seat(p), "card": T(a_card(card))},
                                 public_args={"player": seat(p)}, public_data=public))
    if d == 1:
        t = card_building(card)
        dead = st.stacks[t] == 0
        dup = sum(1 for c in hand if c >= 50 and card_building(c) == t) > 1
        if dead or (dup and (deck or _redraw_may_differ(st, hand))):
            st.pending = card
            return events
    after_draw_step(st, events)
    return events


def _redraw_may_differ(st: OregonState, hand: list[int]) -> bool:
    """The building deck is empty, so a discarded duplicate goes to the discards that are
    shuffled into the next deck.  Redrawing is offered only when those discards hold a card
    the player would keep (not of a building in hand, its stack not empty): otherwise every
    redraw could bring back only duplicates, for ever."""
    held = {card_building(c) for c in hand if c >= 50}
    return any(st.stacks[t] > 0 and t not in held
               for t in map(card_building, st.discard[1]))


# --- the drawn building card ---------------------------------------------------------------
def check_pending(st: OregonState, action: KeepCard | DiscardDrawn, p: int) -> Sentence | None:
    if st.phase != Phase.DRAW or st.pending < 0:
        return say(N_("There is no drawn building card to keep or discard"))
    return None


def do_keep(st: OregonState, action: KeepCard, p: int) -> list[Event]:
    # no event: whether a drawn card could be redrawn is private to its owner
    st.pending = -1
    events: list[Event] = []
    after_draw_step(st, events)
    return events


def do_discard_drawn(st: OregonState, action: DiscardDrawn, p: int) -> list[Event]:
    card = st.pending
    st.pending = -1
    events = [_discard_building(st, p, card, "drawn")]
    after_draw_step(st, events)
    return events


# --- dead cards in hand --------------------------------------------------------------------
def check_discard_dead(st: OregonState, action: DiscardDead, p: int) -> Sentence | None:
    if st.phase != Phase.DRAW:
        return say(N_("Dead building cards are discarded at the start of your draw: {hint}"),
                   hint=M(PHASE_HINT[st.phase]))
    if st.drawn_any:
        return say(N_("Dead building cards in hand may be discarded only before the first "
                      "draw"))
    c = action.card
    if c not in st.hands[p]:
        return say(N_("That card is not in your hand"))
    if not is_building(c):
        return say(N_("Only building cards whose stack is empty may be discarded"))
    if st.stacks[card_building(c)] > 0:
        return say(N_("The {building} stack is not empty; that card can still be played"),
                   building=T(building_name(card_building(c))))
    return None


def do_discard_dead(st: OregonState, action: DiscardDead, p: int) -> list[Event]:
    events = [_discard_building(st, p, action.card, "dead")]
    after_draw_step(st, events)
    return events


def _discard_building(st: OregonState, p: int, card: int, why: str) -> Event:
    st.hands[p].remove(card)
    t = card_building(card)
    removed = st.stacks[t] == 0
    if removed:
        st.removed.append(card)
        message = N_("{player} discards {card}; its stack is empty, so it leaves the game")
        term = a_card(card)
    else:
        st.discard[1].append(card)
        message = N_("{player} discards a duplicate {card}")
        term = card_name(card)
    return Emit.discarded(message, p, {"cards": [card], "reason": why, "removed": removed},
                          args={"player": seat(p), "card": T(term)})
