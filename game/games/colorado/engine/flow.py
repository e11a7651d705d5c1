"""What happens by itself between decisions: rounds and turns begin and end, cards are
revealed, players who cannot act are skipped.  ``advance`` runs it after every action."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.engine.events import Event
from game.engine.messages import N_, NN_
from game.games.colorado.engine.bidding import advance_bid, start_bid
from game.games.colorado.engine.cards import CARDS
from game.games.colorado.engine.cowboys import FOR_LOWEST_BID, draw_cowboys
from game.games.colorado.engine.events import Emit, card_arg, numbered, who
from game.games.colorado.engine.flags import (
    deal_flags,
    flag_mask,
    skip_unplaceable_flag,
    turn_flags_up,
)
from game.games.colorado.engine.market import advance_auction, advance_interest, advance_offer
from game.games.colorado.engine.model import (
    CARDS_PER_COLOUR_PER_ROUND,
    START_COWBOYS,
    cards_per_turn,
)
from game.games.colorado.engine.phases import Phase
from game.games.colorado.engine.round_end import end_game, end_round

if TYPE_CHECKING:
    from game.games.colorado.engine.state import ColoradoState

GAME_STARTED = NN_("{player} starts. Each player draws {n} cowboy.",
                   "{player} starts. Each player draws {n} cowboys.")
ROUND_STARTED = N_("Round {round} begins; {player} starts.")
CARDS_REVEALED = {
    1: N_("Cards revealed: {first}."),
    2: N_("Cards revealed: {first}; {second}."),
    3: N_("Cards revealed: {first}; {second}; {third}."),
}
LAST_CARDS_REVEALED = {
    1: N_("Cards revealed: {first}. These are the round's last cards: no sales."),
    2: N_("Cards revealed: {first}; {second}. These are the round's last cards: no sales."),
    3: N_("Cards revealed: {first}; {second}; {third}. These are the round's last cards: "
          "no sales."),
}
CARDS_DISCARDED = {
    1: N_("Discarded: {first}."),
    2: N_("Discarded: {first}; {second}."),
    3: N_("Discarded: {first}; {second}; {third}."),
}


def game_started(state: ColoradoState) -> Event:
    p = state.start_player
    return Emit.game_started(GAME_STARTED, p, {"start_player": p, "lakes": [
        {"value": v, "cells": [list(c) for c in cells]} for v, cells in state.lakemap.layout]},
        args={"player": who(p), "n": START_COWBOYS})


def start_round(state: ColoradoState, events: list[Event]) -> None:
    """Deal the round's cards (three of each colour, shuffled) and its flags."""
    n = state.num_players
    state.round += 1
    state.order = [(state.start_player + k) % n for k in range(n)]
    state.sales_this_round = [0] * n
    deck: list[int] = []
    for colour_deck in state.decks:
        for _ in range(CARDS_PER_COLOUR_PER_ROUND):
            deck.append(colour_deck.pop())
    state.rng.shuffle(deck)
    state.round_deck = deck
    events.append(Emit.round_started(
        ROUND_STARTED, state.start_player,
        {"round": state.round, "order": list(state.order)},
        args={"round": state.round, "player": who(state.start_player)}))
    deal_flags(state, events)


def start_turn(state: ColoradoState, events: list[Event]) -> None:
    """Reveal the turn's cards; the market opens unless they are the round's last."""
    k = min(cards_per_turn(state.num_players), len(state.round_deck))
    state.revealed = [state.round_deck.pop() for _ in range(k)]
    state.last_cards = not state.round_deck
    state.reveal()
    msg, args = numbered(LAST_CARDS_REVEALED if state.last_cards else CARDS_REVEALED,
                         [card_arg(CARDS[c]) for c in state.revealed])
    events.append(Emit.cards_revealed(msg, None,
                                      {"cards": [CARDS[c].to_json() for c in state.revealed],
                                       "last": state.last_cards}, args=args))
    if state.last_cards:
        start_bid(state)
    else:
        state.market_queue = list(state.order)
        state.phase = Phase.OFFER


def end_turn(state: ColoradoState, events: list[Event]) -> None:
    """Cards nobody took are discarded, the lowest bid draws, the next turn or round."""
    if state.revealed:
        msg, args = numbered(CARDS_DISCARDED, [card_arg(CARDS[c]) for c in state.revealed])
        events.append(Emit.cards_discarded(
            msg, None,
            {"cards": [CARDS[c].to_json() for c in state.revealed]}, args=args))
        state.discarded.extend(state.revealed)
        state.revealed = []
    state.take_queue = []
    for p in state.refill:
        draw_cowboys(state, p, 2, events, FOR_LOWEST_BID)
    state.refill = []
    if state.round_deck:
        start_turn(state, events)
    elif end_round(state, events):
        end_game(state, events)
    else:
        state.start_player = (state.start_player + 1) % state.num_players
        start_round(state, events)


def _advance_flags(state: ColoradoState, events: list[Event]) -> bool:
    if not state.flag_queue:
        turn_flags_up(state, events)
        start_turn(state, events)
        return True
    if not flag_mask(state):
        skip_unplaceable_flag(state, events)
        return True
    return False


def _advance_take(state: ColoradoState, events: list[Event]) -> bool:
    if state.take_queue and state.revealed:
        return False
    end_turn(state, events)
    return True


def _wait(state: ColoradoState, events: list[Event]) -> bool:
    return False


# phase -> what happens by itself in it; True when the state moved on (look again)
_STEPS: dict[str, Callable[[ColoradoState, list[Event]], bool]] = {
    Phase.FLAGS: _advance_flags, Phase.OFFER: advance_offer,
    Phase.INTEREST: advance_interest, Phase.GIVE: _wait, Phase.AUCTION: advance_auction,
    Phase.BID: advance_bid, Phase.TAKE: _advance_take, Phase.OVER: _wait,
}


def advance(state: ColoradoState, events: list[Event]) -> None:
    """Run everything automatic until a player must decide (or the game is over)."""
    while _STEPS[state.phase](state, events):
        pass
