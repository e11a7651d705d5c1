"""Offers and choosing.

Offers: in disc order each player turns up 1-3 cards from the top of their offer deck,
stopping after any (the keep-one limit: cards left + cards that can be drawn >= 1), then
draws 2/1/0 cards unseen to the bottom.  An empty draw deck is refilled by shuffling the
discards.  Choosing: disc #1, #2... each take an offer, not their own unless it is the only
one left, and hand their disc face down to its owner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Event
from game.engine.messages import N_, NN_, Message, Sentence, say
from game.games.oasis.engine.actions import StopOffer, TakeOffer, TurnCard
from game.games.oasis.engine.cards import CARD_TERMS, DRAW_AFTER, MAX_OFFER
from game.games.oasis.engine.checks import phase_problem
from game.games.oasis.engine.events import Emit, seat
from game.games.oasis.engine.phases import Phase

if TYPE_CHECKING:
    from game.games.oasis.engine.state import OasisState


def can_turn(st: OasisState, p: int) -> bool:
    """Whether ``p`` may turn up another card of their offer deck."""
    m = len(st.offers[p])
    deck = st.offer_decks[p]
    if m >= MAX_OFFER or not deck:
        return False
    if m == 0:
        return True  # an offer holds at least one card
    drawn = min(DRAW_AFTER[m + 1], len(st.draw) + len(st.discards))
    return len(deck) - 1 + drawn >= 1


def titles(cards: list[str]) -> list[dict[str, str]]:
    """Cards as a list argument of a message."""
    return list(map(CARD_TERMS.__getitem__, cards))


# --- turning up cards -----------------------------------------------------------------------
def check_turn(st: OasisState, action: TurnCard, p: int) -> Sentence | None:
    return (phase_problem(st, Phase.OFFER, N_("Turning up a card"))
            # unreachable through legal play: forced stops are automatic
            or (None if can_turn(st, p) else say(N_("You may not turn up another card"))))


def do_turn(st: OasisState, action: TurnCard, p: int) -> list[Event]:
    card = st.offer_decks[p].pop(0)
    st.offers[p].append(card)
    st.reveal()
    m = len(st.offers[p])
    return [Emit.card_turned(N_("{player} turns up {card} (card {position} of the offer)"),
                             p, {"card": card, "position": m},
                             args={"player": seat(p), "card": CARD_TERMS[card], "position": m})]


def check_stop(st: OasisState, action: StopOffer, p: int) -> Sentence | None:
    return (phase_problem(st, Phase.OFFER, N_("Stopping an offer"))
            or (None if st.offers[p] else
                say(N_("An offer holds at least one card: turn one up first"))))


def do_stop(st: OasisState, action: StopOffer, p: int) -> list[Event]:
    return finish_offer(st, p)


def finish_offer(st: OasisState, p: int) -> list[Event]:
    """``p``'s offer is complete: they draw to their offer deck; the next player offers, or
    the choosing starts."""
    cards = st.offers[p]
    if cards:
        line, args = N_("{player} offers {cards}"), {"player": seat(p), "cards": titles(cards)}
    else:
        line, args = N_("{player} offers nothing"), {"player": seat(p)}
    events: list[Event] = [Emit.offer_stopped(line, p, {"cards": list(cards)}, args=args)]
    want = DRAW_AFTER.get(len(cards), 0)
    if want:
        events += draw_to(st, p, want)
    st.pos += 1
    if st.pos == st.num_players:
        st.phase = Phase.CHOOSE
        st.pos = 0
        events.append(Emit.choosing(N_("All offers are on the table"), None,
                                    {"order": list(st.order)}))
    else:
        st.offer_start = len(st.offer_decks[st.order[st.pos]])
    return events


def draw_to(st: OasisState, p: int, count: int) -> list[Event]:
    """Draw ``count`` cards unseen to the bottom of ``p``'s offer deck."""
    events = []
    got = 0
    st.reveal()
    for _ in range(count):
        if not st.draw:
            if not st.discards:
                break
            st.draw = st.discards
            st.discards = []
            st.rng.shuffle(st.draw)
            n = len(st.draw)
            events.append(Emit.deck_refilled(NN_(
                "The discards are shuffled into a new draw deck of {n} card",
                "The discards are shuffled into a new draw deck of {n} cards"), None,
                {"count": n}, args={"n": n}))
        st.offer_decks[p].append(st.draw.pop())
        got += 1
    line: Message
    if got:
        line = NN_("{player} draws {n} card to the bottom of their offer deck",
                   "{player} draws {n} cards to the bottom of their offer deck")
    else:
        line = N_("{player} draws no card: the decks are empty")
    events.append(Emit.cards_drawn(line, p, {"count": got, "wanted": count},
                                   args={"player": seat(p), "n": got}))
    return events


# --- choosing -------------------------------------------------------------------------------
def check_take(st: OasisState, action: TakeOffer, p: int) -> Sentence | None:
    problem = phase_problem(st, Phase.CHOOSE, N_("Taking an offer"))
    if problem:
        return problem
    owner = action.owner
    if not 0 <= owner < st.num_players:
        return say(N_("There is no player {number}"), number=owner)
    if st.taken_by[owner] != -1:
        return say(N_("{owner}'s offer was already taken"), owner=seat(owner))
    if owner == p and sum(1 for q in st.taken_by if q == -1) > 1:
        return say(N_("You may take your own offer only when it is the only one left"))
    return None


def do_take(st: OasisState, action: TakeOffer, p: int) -> list[Event]:
    return take(st, p, action.owner)


_TAKES = {  # (their own offer, cards in it) -> line
    (True, True): N_("{player} takes their own offer: {cards}"),
    (True, False): N_("{player} takes their own offer: no cards"),
    (False, True): N_("{player} takes {owner}'s offer: {cards}"),
    (False, False): N_("{player} takes {owner}'s offer: no cards"),
}


def take(st: OasisState, p: int, owner: int) -> list[Event]:
    """``p`` takes ``owner``'s offer and hands them their disc; carrying out starts."""
    disc = st.pos + 1
    st.handed[owner] = disc
    st.taken_by[owner] = p
    st.took[p] = owner
    st.pending = list(st.offers[owner])
    st.current = None
    st.left = 0
    st.done = []
    st.phase = Phase.CARRY
    own = owner == p
    args = {"player": seat(p), "owner": seat(owner), "cards": titles(st.pending)}
    handed = (N_("{player} hands disc #{disc} face down to themself") if own
              else N_("{player} hands disc #{disc} face down to {owner}"))
    return [
        Emit.offer_taken(_TAKES[own, bool(st.pending)], p,
                         {"owner": owner, "cards": list(st.pending), "disc": disc}, args=args),
        Emit.disc_handed(handed, p, {"disc": disc, "from": p, "to": owner},
                         args={"player": seat(p), "owner": seat(owner), "disc": disc}),
    ]
