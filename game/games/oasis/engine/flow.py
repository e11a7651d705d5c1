"""The round's flow: the deal, the steps that need no decision, the bonus action, the next
round, the end trigger and the final scoring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.events import Event
from game.engine.messages import N_, NN_, M, Message, Sentence
from game.games.oasis.engine import placement, scoring
from game.games.oasis.engine.actions import SkipBonus
from game.games.oasis.engine.cards import (
    CARD_TERMS,
    CARDS,
    KIND_CODE,
    LAND_KINDS,
    OFFER_DECK_START,
    full_deck,
)
from game.games.oasis.engine.carrying import carry, finish_card
from game.games.oasis.engine.checks import phase_problem
from game.games.oasis.engine.events import Emit, seat
from game.games.oasis.engine.offers import can_turn, finish_offer, take
from game.games.oasis.engine.phases import Phase

if TYPE_CHECKING:
    from game.games.oasis.engine.state import OasisState

# a tile that cannot be placed: why, and the end it triggers, by kind
_UNPLACEABLE: dict[tuple[str, bool], Message] = {  # (kind, none left) -> line
    ("oasis", True): N_("An oasis tile cannot be placed: no oasis tiles are left"),
    ("oasis", False): N_("An oasis tile cannot be placed: no cell is legal for {player}'s "
                         "oasis tile"),
    ("steppe", True): N_("A steppe tile cannot be placed: no steppe tiles are left"),
    ("steppe", False): N_("A steppe tile cannot be placed: no cell is legal for {player}'s "
                          "steppe tile"),
    ("stone", True): N_("A stone tile cannot be placed: no stone tiles are left"),
    ("stone", False): N_("A stone tile cannot be placed: no cell is legal for {player}'s "
                         "stone tile"),
}
_TOOK_UNPLACEABLE: dict[str, Message] = {
    "oasis": N_("{player} took an oasis tile that cannot be placed"),
    "steppe": N_("{player} took a steppe tile that cannot be placed"),
    "stone": N_("{player} took a stone tile that cannot be placed"),
}


def setup(st: OasisState) -> list[Event]:
    """Deal the discs and the offer decks; the first round starts."""
    n = st.num_players
    discs = list(range(1, n + 1))
    st.rng.shuffle(discs)
    st.disc = discs
    deck = full_deck()
    st.rng.shuffle(deck)
    st.draw = deck
    for p in range(n):
        st.offer_decks[p] = [st.draw.pop() for _ in range(OFFER_DECK_START)]
    holders = [M(N_("{player} holds disc #{disc}"), player=seat(p), disc=st.disc[p])
               for p in range(n)]
    return [Emit.discs_dealt(N_("{holders}"), None, {"discs": list(st.disc)},
                             args={"holders": holders})] + start_round(st)


def trigger_end(st: OasisState, reason: str, land: str, line: Message,
                **args: Any) -> list[Event]:
    """The game will end at the end of this round (``line`` says why; said only once)."""
    if st.end_cause:
        return []
    st.end_cause = M(line, **args)
    return [Emit.end_triggered(N_("{reason}: the game ends at the end of this round"),
                               None, {"reason": reason, "kind": land, "round": st.round},
                               args={"reason": st.end_cause})]


def advance(st: OasisState) -> list[Event]:
    """Carry out every step that needs no decision, until someone must decide."""
    events: list[Event] = []
    while True:
        step = _STEPS.get(st.phase)
        if step is None or not step(st, events):
            return events


def _offer_step(st: OasisState, events: list[Event]) -> bool:
    p = st.order[st.pos]
    if st.offers[p] and can_turn(st, p):
        return False
    if not st.offers[p] and st.offer_decks[p]:
        return False
    if not st.offers[p]:
        events.append(Emit.no_offer(N_("{player} has no cards to offer"), p,
                                    args={"player": seat(p)}))
    events += finish_offer(st, p)
    return True


def _choose_step(st: OasisState, events: list[Event]) -> bool:
    if st.taken_by.count(-1) > 1:
        return False
    events += take(st, st.order[st.pos], st.taken_by.index(-1))
    return True


def _carry_step(st: OasisState, events: list[Event]) -> bool:
    p = st.order[st.pos]
    if st.current is None:
        pending = st.pending
        if pending:
            if pending.count(pending[0]) != len(pending):  # a choice of cards
                return False
            events += carry(st, p, pending[0])
            return True
        events += _discard_carried(st, p)
        return True
    info = CARDS[st.current]
    if st.left == 0:
        finish_card(st)
    elif info.effect == "camels":
        if st.path_free > 0:
            return False
        events.append(Emit.card_ignored(
            N_("The camel path is full: {card} is ignored"),
            p, {"card": st.current}, args={"card": CARD_TERMS[st.current]}))
        finish_card(st)
    else:
        k = KIND_CODE[info.what]
        if placement.has_tile_option(st, k, p):
            return False
        events.append(Emit.tile_unplaceable(_UNPLACEABLE[info.what, st.supply[k] == 0],
                                            p, {"kind": info.what, "count": st.left},
                                            args={"player": seat(p)}))
        events += trigger_end(st, "unplaceable", info.what, _TOOK_UNPLACEABLE[info.what],
                              player=seat(p))
        finish_card(st)
    return True


def _discard_carried(st: OasisState, p: int) -> list[Event]:
    """``p`` has carried out every card: they go to the discards, the next disc chooses."""
    events = [Emit.cards_discarded(
        NN_("{player} discards {n} card", "{player} discards {n} cards"),
        p, {"cards": list(st.done)}, args={"player": seat(p), "n": len(st.done)})]
    st.discards.extend(st.done)
    st.done = []
    st.pos += 1
    if st.pos < st.num_players:
        st.phase = Phase.CHOOSE
    else:
        events += start_bonus(st)
    return events


def _bonus_step(st: OasisState, events: list[Event]) -> bool:
    p = st.bonus_player
    if bonus_possible(st, p):
        return False
    events.append(Emit.bonus_skipped(N_("{player} has nothing to place for the bonus "
                                        "action"), p, args={"player": seat(p)}))
    events += end_round(st)
    return True


# phase -> its automatic step: adds the step's events, False when someone must decide first
_STEPS = {Phase.OFFER: _offer_step, Phase.CHOOSE: _choose_step, Phase.CARRY: _carry_step,
          Phase.BONUS: _bonus_step}


def bonus_possible(st: OasisState, p: int) -> bool:
    if st.camels_left[p] > 0 and st.path_free > 0:
        return True
    return any(placement.has_tile_option(st, k, p) for k in (1, 2, 3))


def start_bonus(st: OasisState) -> list[Event]:
    st.disc = list(st.handed)
    st.phase = Phase.BONUS
    st.bonus_player = st.disc.index(1)
    discs = [M(N_("{player} #{disc}"), player=seat(q), disc=st.disc[q])
             for q in range(st.num_players)]
    return [Emit.discs_revealed(N_("Discs turned up: {discs}"), None,
                                {"discs": list(st.disc)}, args={"discs": discs}),
            Emit.bonus(N_("{player} holds disc #1 and takes the bonus action"),
                       st.bonus_player, args={"player": seat(st.bonus_player)})]


def check_skip_bonus(st: OasisState, action: SkipBonus, p: int) -> Sentence | None:
    return phase_problem(st, Phase.BONUS, N_("Skipping the bonus"))


def do_skip_bonus(st: OasisState, action: SkipBonus, p: int) -> list[Event]:
    return [Emit.bonus_skipped(N_("{player} skips the bonus action"), p,
                               args={"player": seat(p)})] + end_round(st)


def end_round(st: OasisState) -> list[Event]:
    if st.end_cause:
        return finish_game(st)
    st.round += 1
    return start_round(st)


def start_round(st: OasisState) -> list[Event]:
    n = st.num_players
    st.phase = Phase.OFFER
    st.order = sorted(range(n), key=lambda q: st.disc[q])
    st.handed = [0] * n
    st.took = [-1] * n
    st.taken_by = [-1] * n
    st.offers = [[] for _ in range(n)]
    st.pos = 0
    st.offer_start = len(st.offer_decks[st.order[0]])
    st.bonus_player = -1
    return [Emit.round_started(N_("Round {round}: {order}"), None,
                               {"round": st.round, "order": list(st.order)},
                               args={"round": st.round, "order": [seat(q) for q in st.order]})]


def finish_game(st: OasisState) -> list[Event]:
    """The final scoring: every score tile is turned up."""
    st.phase = Phase.OVER
    st.reveal()
    final = st.final = scoring.final_scores(st.board, st.camel_at, st.a_kind, st.a_owner,
                                            st.a_size, st.score_tiles)
    n = st.num_players
    st.ranking = sorted(range(n), key=lambda q: (-final[q]["total"], st.disc[q]))
    events = [_final_score(st, q) for q in range(n)]
    places = [M(N_("{place}. {player} {score}"), place=i + 1, player=seat(q),
                score=final[q]["total"]) for i, q in enumerate(st.ranking)]
    events.append(Emit.ranking(N_("Final ranking: {places}"), None,
                               {"ranking": list(st.ranking),
                                "scores": [final[q]["total"] for q in range(n)],
                                "discs": list(st.disc)}, args={"places": places}))
    winner = st.ranking[0]
    events.append(Emit.game_over(N_("{player} wins!"), winner, {"winner": winner},
                                 args={"player": seat(winner)}))
    return events


def _final_score(st: OasisState, q: int) -> Event:
    f = st.final[q]  # type: ignore[index]
    xy = st.board.xy
    cells = {kind: [list(xy[c]) for a in f[kind]["areas"] for c in placement.area_cells(st, a)]
             for kind in LAND_KINDS}
    points = {cat: f[cat]["points"] for cat in ("camels", *LAND_KINDS)}
    return Emit.final_score(N_("{player} scores {total} (camels {camels}, oasis {oasis}, "
                               "steppe {steppe}, stone {stone})"), q,
                            {"camels": f["camels"], "oasis": f["oasis"], "steppe": f["steppe"],
                             "stone": f["stone"], "total": f["total"],
                             "score_tiles": dict(st.score_tiles[q]), "cells": cells},
                            args={"player": seat(q), "total": f["total"], **points})
