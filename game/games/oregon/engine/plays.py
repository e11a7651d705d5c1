"""The rules of placing: the start tile, the two plays of a turn (a farmer, a building or a
discard) with what they earn, and the extra turn between them.

Each action has a checker ``check_x(state, action, player) -> str | None`` (the rule it
breaks, in plain words) and a doer ``do_x(state, action, player) -> list[Event]`` that may
assume the action is legal; ``rules.RULES`` collects them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.events import Event
from game.engine.messages import N_, NN_, M, Message, T, say
from game.games.oregon.engine.actions import (
    DiscardNoPlacement,
    PlaceBuilding,
    PlaceFarmer,
    PlaceStartTile,
    SkipExtraTurn,
    UseExtraTurn,
)
from game.games.oregon.engine.cards import (
    BUILDING_INDEX,
    BUILDINGS,
    a_building,
    building_name,
    card_building,
    card_name,
    the_building,
)
from game.games.oregon.engine.events import DrewTokenPublic, Emit, seat
from game.games.oregon.engine.flow import PHASE_HINT, check_can_play, finish_plays, next_start_tile
from game.games.oregon.engine.geometry import cell_name
from game.games.oregon.engine.phases import Phase
from game.games.oregon.engine.placement import (
    building_problem,
    discard_problem,
    farmer_problem,
    start_tile_problem,
)
from game.games.oregon.engine.scoring import GROUP, Outcome, placement_outcome

if TYPE_CHECKING:
    from game.games.oregon.engine.state import OregonState

_Play = PlaceFarmer | PlaceBuilding | DiscardNoPlacement
_NO_GAINS = Outcome([], 0)


# --- the start tile ------------------------------------------------------------------------
def check_start_tile(st: OregonState, action: PlaceStartTile, p: int) -> str | None:
    if st.phase != Phase.START_TILE:
        return say(N_("Start tiles are placed before the first turn"))
    return start_tile_problem(st, p, action.cell)


def do_start_tile(st: OregonState, action: PlaceStartTile, p: int) -> list[Event]:
    i = st.board.index(action.cell)
    t = st.start_tiles[p]
    st.put_tile(t, i)
    st.start_mask |= 1 << i
    st.start_cells[p] = i
    events = [Emit.start_tile_placed(N_("{player} places the start {building} on {cell}"),
                                     p, {"cell": list(action.cell), "building": BUILDINGS[t]},
                                     args={"player": seat(p), "building": T(building_name(t)),
                                           "cell": cell_name(action.cell)})]
    next_start_tile(st, (p + 1) % st.num_players, events)
    return events


# --- the plays -----------------------------------------------------------------------------
def _play_phase_problem(st: OregonState) -> str | None:
    if st.phase != Phase.PLAY:
        return say(N_("You cannot play cards now: {hint}"), hint=M(PHASE_HINT[st.phase]))
    return None


def check_farmer(st: OregonState, action: PlaceFarmer, p: int) -> str | None:
    return _play_phase_problem(st) or farmer_problem(st, p, action.cards, action.cell)


def check_building(st: OregonState, action: PlaceBuilding, p: int) -> str | None:
    return _play_phase_problem(st) or building_problem(st, p, action.cards, action.cell)


def check_discard(st: OregonState, action: DiscardNoPlacement, p: int) -> str | None:
    return _play_phase_problem(st) or discard_problem(st, p, action.cards)


def _cards_played(st: OregonState, action: _Play, p: int, kind: str, joker: bool) -> Event:
    cards = action.cards
    args = {"player": seat(p), "card": T(card_name(cards[0]))}
    if joker:
        message = N_("{player} plays {card} and the joker")
    else:
        args["other"] = T(card_name(cards[1]))
        message = (N_("{player} discards {card} + {other} and places nothing")
                   if kind == "discard" else N_("{player} plays {card} + {other}"))
    return Emit.cards_played(message, p, {"cards": list(cards), "joker": joker,
                                          "kind": kind, "extra_turn": st.plays == 1},
                             args=args)


def do_play(st: OregonState, action: _Play, p: int) -> list[Event]:
    """Play 2 cards (or 1 and the joker): place what they allow, score, move on."""
    cards = action.cards
    discard = isinstance(action, DiscardNoPlacement)
    joker = len(cards) == 1 and not discard
    # the outcome is computed on the position before the placement
    outcome = _NO_GAINS if discard else placement_outcome(st, action, p)
    hand = st.hands[p]
    for c in cards:
        hand.remove(c)
        st.discard[0 if c < 50 else 1].append(c)
    kind = ("farmer" if isinstance(action, PlaceFarmer) else
            "building" if isinstance(action, PlaceBuilding) else "discard")
    events = [_cards_played(st, action, p, kind, joker)]
    if joker:
        st.joker[p] = False
        events.append(Emit.token_flipped(
            N_("{player}'s joker is spent"), p,
            {"token": "joker", "active": False}, args={"player": seat(p)}))
    if isinstance(action, PlaceFarmer):
        _place_farmer(st, st.board.index(action.cell), p, events)
    elif isinstance(action, PlaceBuilding):
        _place_building(st, card_building(cards[-1]), st.board.index(action.cell), p, events)
    _apply_gains(st, p, outcome, events)
    st.plays += 1
    if not discard:
        _check_end_trigger(st, p, events)
    if not st.extra_used and st.extra[p]:
        st.phase = Phase.EXTRA_TURN
    else:
        finish_plays(st, events)
    return events


def _place_farmer(st: OregonState, i: int, p: int, events: list[Event]) -> None:
    bit = 1 << i
    st.farmers[p] |= bit
    st.all_farmers |= bit
    st.occupied |= bit
    st.farmers_left[p] -= 1
    xy = st.board.xy[i]
    events.append(Emit.farmer_placed(N_("{player} places a farmer on {cell}"), p,
                                     {"cell": list(xy), "farmers_left": st.farmers_left[p]},
                                     args={"player": seat(p), "cell": cell_name(xy)}))


def _place_building(st: OregonState, t: int, i: int, p: int, events: list[Event]) -> None:
    st.put_tile(t, i)
    st.stacks[t] -= 1
    xy = st.board.xy[i]
    events.append(Emit.building_placed(N_("{player} builds {building} on {cell}"), p,
                                       {"cell": list(xy), "building": BUILDINGS[t],
                                        "stack_left": st.stacks[t]},
                                       args={"player": seat(p), "building": T(a_building(t)),
                                             "cell": cell_name(xy)}))
    if st.stacks[t] == 0:
        events.append(Emit.stack_emptied(
            N_("The {building} stack is empty"), None,
            {"building": BUILDINGS[t], "empty_stacks": st.empty_stacks()},
            args={"building": T(building_name(t))}))


# --- what a placement earns ----------------------------------------------------------------
_DRAWS_TOKEN = {"coal": N_("{player} draws a coal token worth {value}"),
                "gold": N_("{player} draws a gold token worth {value}")}
_DRAWS_TOKEN_PUBLIC = {"coal": N_("{player} draws a coal token"),
                       "gold": N_("{player} draws a gold token")}
_NO_TOKEN = {"coal": N_("The coal supply is empty: {player} gets no coal token"),
             "gold": N_("The gold supply is empty: {player} gets no gold token")}
_NO_TOKENS = {"coal": N_("The coal supply is empty: {player} gets no coal token ({n} owed)"),
              "gold": N_("The gold supply is empty: {player} gets no gold token ({n} owed)")}
_ACTIVE_AGAIN = {"joker": N_("{player}'s joker turns active again"),
                 "extra": N_("{player}'s extra-turn token turns active again")}


def _scored(st: OregonState, q: int, gain_reason: str, points: int, at: tuple[int, int],
            farmers: int, group: int) -> Event:
    args: dict[str, Any] = {"player": seat(q), "points": points}
    message: Message
    if gain_reason == GROUP:
        args["n"] = group.bit_count()
        message = NN_("{player} scores {points} for a group of {n} farmer",
                      "{player} scores {points} for a group of {n} farmers")
    else:
        args["building"] = T(the_building(BUILDING_INDEX[gain_reason]))
        args["cell"] = cell_name(at)
        if farmers > 1:
            args["n"] = farmers
            message = NN_("{player} scores {points} for {building} on {cell} ({n} farmer)",
                          "{player} scores {points} for {building} on {cell} ({n} farmers)")
        else:
            # one farmer: the sentence's plural follows the points ("1 punto", "3 puntos")
            args["n"] = points
            message = NN_("{player} scores {points} for {building} on {cell}",
                          "{player} scores {points} for {building} on {cell}")
    return Emit.scored(message, q, {
        "amount": points, "reason": gain_reason, "cell": list(at), "total": st.score[q],
        "farmers": farmers, "cells": [list(c) for c in st.board.cells_of(group)]}, args=args)


def _apply_gains(st: OregonState, p: int, outcome: Outcome, events: list[Event]) -> None:
    xy = st.board.xy
    for g in outcome.gains:
        q = g.player
        cell = list(xy[g.cell])
        if g.points:
            st.add_points(q, g.reason, g.points)
            events.append(_scored(st, q, g.reason, g.points, xy[g.cell], g.farmers, g.group))
        for token, count, short, supply, held in (
                ("coal", g.coal, g.coal_short, st.coal_supply, st.coal[q]),
                ("gold", g.gold, g.gold_short, st.gold_supply, st.gold[q])):
            for _ in range(count):
                value = supply.pop()
                held.append(value)
                st.reveal()
                public: DrewTokenPublic = {"token": token, "cell": cell, "count": len(held)}
                events.append(Emit.drew_token(
                    _DRAWS_TOKEN[token], q, {**public, "value": value},
                    private_to=q, public_msg=_DRAWS_TOKEN_PUBLIC[token],
                    args={"player": seat(q), "value": value},
                    public_args={"player": seat(q)}, public_data=public))
            if short:
                events.append(Emit.no_token(
                    _NO_TOKENS[token] if short > 1 else _NO_TOKEN[token], q,
                    {"token": token, "missed": short, "cell": cell},
                    args={"player": seat(q), "n": short}))
        for token, again in (("joker", g.joker), ("extra", g.extra)):
            if again:
                getattr(st, token)[q] = True
                events.append(Emit.token_flipped(_ACTIVE_AGAIN[token], q,
                                                 {"token": token, "active": True, "cell": cell},
                                                 args={"player": seat(q)}))
    if outcome.mark:
        st.marked[p] |= outcome.mark


def _check_end_trigger(st: OregonState, p: int, events: list[Event]) -> None:
    if st.end_triggered:
        return
    n = st.num_players
    message: Message
    args: dict[str, Any]
    if st.farmers_left[p] == 0:
        reason = "last_farmer"
        message = N_("{player} has placed their last farmer: the game ends after this round")
        args = {"player": seat(p)}
    elif st.empty_stacks() >= n:
        reason = "stacks"
        message = NN_("{n} building stack is empty: the game ends after this round",
                      "{n} building stacks are empty: the game ends after this round")
        args = {"n": st.empty_stacks()}
    else:
        return
    st.end_triggered = True
    st.end_reason = reason
    st.end_by = p
    events.append(Emit.end_triggered(message, p, {"reason": reason}, args=args))
    rest = []
    q = p
    while q != st.last_player:
        q = (q + 1) % n
        rest.append(q)
    if rest:
        events.append(Emit.last_round(N_("Last round: {players} take a final turn"), None,
                                      {"players": rest}, args={"players": [seat(q) for q in rest]}))
    else:
        events.append(Emit.last_round(N_("This is the last turn of the game"), None,
                                      {"players": []}))


# --- the extra turn ------------------------------------------------------------------------
def check_extra_turn(st: OregonState, action: UseExtraTurn | SkipExtraTurn,
                     p: int) -> str | None:
    if st.phase == Phase.EXTRA_TURN:
        return None
    if st.phase == Phase.PLAY and isinstance(action, UseExtraTurn):
        return say(N_("The extra turn comes after you have played 2 cards"))
    return say(N_("There is no extra turn to decide on now: {hint}"), hint=M(PHASE_HINT[st.phase]))


def do_use_extra(st: OregonState, action: UseExtraTurn, p: int) -> list[Event]:
    st.extra[p] = False
    st.extra_used = True
    st.phase = Phase.PLAY
    events = [Emit.extra_turn_used(N_("{player} uses the extra turn"), p,
                                   args={"player": seat(p)}),
              Emit.token_flipped(N_("{player}'s extra-turn token is spent"), p,
                                 {"token": "extra", "active": False}, args={"player": seat(p)})]
    check_can_play(st, events)
    return events


def do_skip_extra(st: OregonState, action: SkipExtraTurn, p: int) -> list[Event]:
    events = [Emit.extra_turn_skipped(N_("{player} keeps the extra turn for later"), p,
                                      args={"player": seat(p)})]
    finish_plays(st, events)
    return events
