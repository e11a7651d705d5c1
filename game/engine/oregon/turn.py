"""Applying actions: setup, start tiles, plays, the extra turn, the draw and the end.

Every ``apply_*`` function validates completely (``check_action``) before it changes
anything, then changes the state and returns the events in the order they happened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.core import Action, Event, IllegalAction
from game.engine.oregon.actions import (
    DiscardDead,
    DiscardDrawn,
    DiscardNoPlacement,
    Draw,
    KeepCard,
    PlaceBuilding,
    PlaceFarmer,
    PlaceStartTile,
    SkipExtraTurn,
    UseExtraTurn,
)
from game.engine.oregon.cards import (
    BUILDING_INDEX,
    BUILDINGS,
    DECKS,
    FARMERS_PER_PLAYER,
    HAND_SIZE,
    building_name,
    card_building,
    card_kind,
    card_name,
    is_building,
    player_name,
)
from game.engine.oregon.geometry import cell_name
from game.engine.oregon.phases import DRAW, EXTRA_TURN, OVER, PLAY, START_TILE
from game.engine.oregon.placement import (
    check_building,
    check_discard,
    check_farmer,
    check_start_tile,
    play_actions,
    start_tile_region,
)
from game.engine.oregon.scoring import GROUP, Outcome, placement_outcome
from game.engine.words import a_or_an, plural

if TYPE_CHECKING:
    from game.engine.oregon.state import OregonState

_KEEP = KeepCard()
_DISCARD_DRAWN = DiscardDrawn()
_USE_EXTRA = UseExtraTurn()
_SKIP_EXTRA = SkipExtraTurn()
_DRAWS = (Draw(DECKS[0]), Draw(DECKS[1]))

_PHASE_HINT = {
    START_TILE: "first every player places their start tile",
    PLAY: "play 2 cards now",
    EXTRA_TURN: "use or skip your extra turn now",
    DRAW: "draw cards up to 4 now",
    OVER: "the game is over",
}


# --- setup ---------------------------------------------------------------------------------
def setup(st: OregonState) -> None:
    """Shuffle, deal, draw the start player and deal the start tiles (uses ``st.rng``)."""
    rng = st.rng
    n = st.num_players
    rng.shuffle(st.deck[0])
    rng.shuffle(st.deck[1])
    for q in range(n):
        st.hands[q] = [st.deck[0].pop() for _ in range(3)] + [st.deck[1].pop()]
    rng.shuffle(st.coal_supply)
    rng.shuffle(st.gold_supply)
    st.start_player = rng.randrange(n)
    tiles = list(range(7))
    rng.shuffle(tiles)
    for k in range(n):
        st.start_tiles[(st.start_player + k) % n] = tiles[k]
    st.unused_start = sorted(tiles[n:])
    st.current = st.start_player
    st.phase = START_TILE
    _next_start_tile(st, st.start_player, [], first=True)


# --- legal actions -------------------------------------------------------------------------
def legal_actions(st: OregonState, p: int) -> list[Action]:
    phase = st.phase
    if phase == PLAY:
        return play_actions(st, p)
    if phase == DRAW:
        if st.pending >= 0:
            return [_KEEP, _DISCARD_DRAWN]
        out: list[Action] = []
        if not st.drawn_any:
            for c in sorted(st.hands[p]):
                if c >= 50 and st.stacks[card_building(c)] == 0:
                    out.append(DiscardDead(c))
        out.extend(_DRAWS[d] for d in draw_decks(st, p))
        return out
    if phase == EXTRA_TURN:
        return [_USE_EXTRA, _SKIP_EXTRA]
    if phase == START_TILE:
        xy = st.board.xy
        return [PlaceStartTile(xy[i]) for i in _bit_list(start_tile_region(st, p))]
    return []


def _bit_list(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def deck_available(st: OregonState, d: int) -> bool:
    return bool(st.deck[d] or st.discard[d])


def draw_decks(st: OregonState, p: int) -> list[int]:
    """Decks ``p`` may draw from now (0 landscape, 1 building), the forced choice applied."""
    available = [d for d in (0, 1) if st.deck[d] or st.discard[d]]
    hand = st.hands[p]
    slots = HAND_SIZE - len(hand)
    if slots <= 0:
        return []
    has_land = any(c < 50 for c in hand)
    has_build = len(hand) > 0 and any(c >= 50 for c in hand)
    needed = [d for d, has in ((0, has_land), (1, has_build)) if not has]
    if needed and slots <= len(needed):
        forced = [d for d in needed if d in available]
        if forced:
            return forced
    return available


# --- checks --------------------------------------------------------------------------------
def check_action(st: OregonState, action: Action, p: int) -> str | None:
    """The rule ``action`` breaks, in plain words, or None when it is legal for ``p``."""
    phase = st.phase
    if phase == OVER:
        return "The game is over"
    if isinstance(action, PlaceStartTile):
        if phase != START_TILE:
            return "Start tiles are placed before the first turn"
        return check_start_tile(st, p, action.cell)
    if isinstance(action, (PlaceFarmer, PlaceBuilding, DiscardNoPlacement)):
        if phase != PLAY:
            return f"You cannot play cards now: {_PHASE_HINT[phase]}"
        if isinstance(action, PlaceFarmer):
            return check_farmer(st, p, action.cards, action.cell)
        if isinstance(action, PlaceBuilding):
            return check_building(st, p, action.cards, action.cell)
        return check_discard(st, p, action.cards)
    if isinstance(action, (UseExtraTurn, SkipExtraTurn)):
        if phase != EXTRA_TURN:
            if phase == PLAY and isinstance(action, UseExtraTurn):
                return "The extra turn comes after you have played 2 cards"
            return f"There is no extra turn to decide on now: {_PHASE_HINT[phase]}"
        return None
    if isinstance(action, Draw):
        if phase != DRAW:
            return f"You cannot draw now: {_PHASE_HINT[phase]}"
        if st.pending >= 0:
            return "First keep or discard the building card you just drew"
        if action.deck not in DECKS:
            return f"There is no {action.deck!r} deck; draw a landscape or a building card"
        d = DECKS.index(action.deck)
        if not deck_available(st, d):
            return f"The {action.deck} deck and its discard pile are empty"
        if d not in draw_decks(st, p):
            need = DECKS[1 - d]
            return f"Your hand needs a {need} card: draw from the {need} deck"
        return None
    if isinstance(action, (KeepCard, DiscardDrawn)):
        if phase != DRAW or st.pending < 0:
            return "There is no drawn building card to keep or discard"
        return None
    if isinstance(action, DiscardDead):
        if phase != DRAW:
            return f"Dead building cards are discarded at the start of your draw: " \
                   f"{_PHASE_HINT[phase]}"
        if st.drawn_any:
            return "Dead building cards in hand may be discarded only before the first draw"
        c = action.card
        if not isinstance(c, int) or c not in st.hands[p]:
            return "That card is not in your hand"
        if not is_building(c):
            return "Only building cards whose stack is empty may be discarded"
        if st.stacks[card_building(c)] > 0:
            return f"The {building_name(card_building(c))} stack is not empty; " \
                   "that card can still be played"
        return None
    return f"{action!s} is not an Oregon action"


# --- apply ---------------------------------------------------------------------------------
def apply_action(st: OregonState, action: Action, p: int) -> list[Event]:
    err = check_action(st, action, p)
    if err:
        raise IllegalAction(err)
    events: list[Event] = []
    st._revealed = False  # type: ignore[attr-defined]
    if isinstance(action, PlaceStartTile):
        _apply_start_tile(st, action, p, events)
    elif isinstance(action, (PlaceFarmer, PlaceBuilding, DiscardNoPlacement)):
        _apply_play(st, action, p, events)
    elif isinstance(action, UseExtraTurn):
        st.extra[p] = False
        st.extra_used = True
        st.phase = PLAY
        events.append(Event("extra_turn_used", f"{player_name(p)} uses the extra turn", p))
        events.append(Event("token_flipped", f"{player_name(p)}'s extra-turn token is spent",
                            p, {"token": "extra", "active": False}))
        _check_can_play(st, events)
    elif isinstance(action, SkipExtraTurn):
        events.append(Event("extra_turn_skipped",
                            f"{player_name(p)} keeps the extra turn for later", p))
        _finish_plays(st, events)
    elif isinstance(action, Draw):
        _apply_draw(st, DECKS.index(action.deck), p, events)
    elif isinstance(action, KeepCard):
        # no event: whether a drawn card could be redrawn is private to its owner
        st.pending = -1
        _after_draw_step(st, events)
    elif isinstance(action, DiscardDrawn):
        card = st.pending
        st.pending = -1
        _discard_building(st, p, card, "drawn", events)
        _after_draw_step(st, events)
    elif isinstance(action, DiscardDead):
        _discard_building(st, p, action.card, "dead", events)
        _after_draw_step(st, events)
    st.reveals.append(bool(st.__dict__.pop("_revealed", False)))
    return events


def _apply_start_tile(st: OregonState, action: PlaceStartTile, p: int,
                      events: list[Event]) -> None:
    i = st.board.index(action.cell)
    t = st.start_tiles[p]
    _put_tile(st, t, i)
    st.start_mask |= 1 << i
    st.start_cells[p] = i
    events.append(Event(
        "start_tile_placed",
        f"{player_name(p)} places the start {building_name(t)} on {cell_name(action.cell)}",
        p, {"cell": list(action.cell), "building": BUILDINGS[t]}))
    _next_start_tile(st, (p + 1) % st.num_players, events)


def _next_start_tile(st: OregonState, q: int, events: list[Event], first: bool = False) -> None:
    """Hand the start-tile placement to ``q`` (or the next player who can place one); after
    the round, the first turn begins."""
    n = st.num_players
    for _ in range(n):
        if q == st.start_player and not first:
            break
        first = False
        if start_tile_region(st, q):
            st.current = q
            return
        t = st.start_tiles[q]
        events.append(Event("start_tile_unplaceable",
                            f"No cell is left for {player_name(q)}'s start "
                            f"{building_name(t)}; it leaves the game", q))
        q = (q + 1) % n
    st.phase = PLAY
    st.current = st.start_player
    st.turn = 1
    _begin_turn(st, events)


def _put_tile(st: OregonState, t: int, i: int) -> None:
    bit = 1 << i
    st.bmask[t] |= bit
    st.buildings |= bit
    st.occupied |= bit
    st.tile[i] = t


def _apply_play(st: OregonState, action: Action, p: int, events: list[Event]) -> None:
    name = player_name(p)
    cards = action.cards  # type: ignore[attr-defined]
    joker = len(cards) == 1 and not isinstance(action, DiscardNoPlacement)
    # the outcome is computed on the position before the placement
    outcome = placement_outcome(st, action, p) if not isinstance(
        action, DiscardNoPlacement) else Outcome([], 0)
    hand = st.hands[p]
    for c in cards:
        hand.remove(c)
        st.discard[0 if c < 50 else 1].append(c)
    kind = ("farmer" if isinstance(action, PlaceFarmer) else
            "building" if isinstance(action, PlaceBuilding) else "discard")
    played = " + ".join(card_name(c) for c in cards) + (" and the joker" if joker else "")
    if kind == "discard":
        text = f"{name} discards {played} and places nothing"
    else:
        text = f"{name} plays {played}"
    events.append(Event("cards_played", text, p,
                        {"cards": list(cards), "joker": joker, "kind": kind,
                         "extra_turn": st.plays == 1}))
    if joker:
        st.joker[p] = False
        events.append(Event("token_flipped", f"{name}'s joker is spent", p,
                            {"token": "joker", "active": False}))
    if kind == "farmer":
        i = st.board.index(action.cell)  # type: ignore[attr-defined]
        bit = 1 << i
        st.farmers[p] |= bit
        st.all_farmers |= bit
        st.occupied |= bit
        st.farmers_left[p] -= 1
        events.append(Event("farmer_placed",
                            f"{name} places a farmer on {cell_name(st.board.xy[i])}", p,
                            {"cell": list(st.board.xy[i]),
                             "farmers_left": st.farmers_left[p]}))
    elif kind == "building":
        i = st.board.index(action.cell)  # type: ignore[attr-defined]
        t = card_building(cards[-1])
        _put_tile(st, t, i)
        st.stacks[t] -= 1
        events.append(Event("building_placed",
                            f"{name} builds a {building_name(t)} on "
                            f"{cell_name(st.board.xy[i])}", p,
                            {"cell": list(st.board.xy[i]), "building": BUILDINGS[t],
                             "stack_left": st.stacks[t]}))
        if st.stacks[t] == 0:
            events.append(Event("stack_emptied", f"The {building_name(t)} stack is empty",
                                None, {"building": BUILDINGS[t],
                                       "empty_stacks": st.empty_stacks()}))
    _apply_outcome(st, p, outcome, events)
    st.plays += 1
    if kind != "discard":
        _check_end_trigger(st, p, events)
    if not st.extra_used and st.extra[p]:
        st.phase = EXTRA_TURN
    else:
        _finish_plays(st, events)


def _apply_outcome(st: OregonState, p: int, outcome: Outcome, events: list[Event]) -> None:
    xy = st.board.xy
    for g in outcome.gains:
        q = g.player
        qn = player_name(q)
        where = cell_name(xy[g.cell])
        cell = list(xy[g.cell])
        if g.points:
            st.score[q] += g.points
            if g.reason == GROUP:
                text = f"{qn} scores {g.points} for a group of {g.group.bit_count()} farmers"
            else:
                bname = building_name(BUILDING_INDEX[g.reason])
                per = f" ({g.farmers} farmers)" if g.farmers > 1 else ""
                text = f"{qn} scores {g.points} for the {bname} on {where}{per}"
            events.append(Event("scored", text, q, {
                "amount": g.points, "reason": g.reason, "cell": cell,
                "total": st.score[q], "farmers": g.farmers,
                "cells": [list(c) for c in st.board.cells_of(g.group)]}))
        for token, count, short, supply, held in (
                ("coal", g.coal, g.coal_short, st.coal_supply, st.coal[q]),
                ("gold", g.gold, g.gold_short, st.gold_supply, st.gold[q])):
            for _ in range(count):
                value = supply.pop()
                held.append(value)
                st._revealed = True  # type: ignore[attr-defined]
                events.append(Event(
                    "drew_token", f"{qn} draws a {token} token worth {value}", q,
                    {"token": token, "value": value, "cell": cell, "count": len(held)},
                    private_to=q, public_msg=f"{qn} draws a {token} token"))
            if short:
                events.append(Event(
                    "no_token", f"The {token} supply is empty: {qn} gets no {token} token"
                    + (f" ({short} owed)" if short > 1 else ""), q,
                    {"token": token, "missed": short, "cell": cell}))
        if g.joker:
            st.joker[q] = True
            events.append(Event("token_flipped", f"{qn}'s joker turns active again", q,
                                {"token": "joker", "active": True, "cell": cell}))
        if g.extra:
            st.extra[q] = True
            events.append(Event("token_flipped", f"{qn}'s extra-turn token turns active again",
                                q, {"token": "extra", "active": True, "cell": cell}))
    if outcome.mark:
        st.marked[p] |= outcome.mark


def _check_end_trigger(st: OregonState, p: int, events: list[Event]) -> None:
    if st.end_triggered:
        return
    n = st.num_players
    if st.farmers_left[p] == 0:
        reason = "last_farmer"
        text = f"{player_name(p)} has placed their last farmer: the game ends after this round"
    elif st.empty_stacks() >= n:
        reason = "stacks"
        text = f"{st.empty_stacks()} building stacks are empty: the game ends after this round"
    else:
        return
    st.end_triggered = True
    st.end_reason = reason
    st.end_by = p
    events.append(Event("end_triggered", text, p, {"reason": reason}))
    rest = []
    q = p
    while q != st.last_player:
        q = (q + 1) % n
        rest.append(q)
    if rest:
        names = ", ".join(player_name(q) for q in rest)
        events.append(Event("last_round", f"Last round: {names} take a final turn", None,
                            {"players": rest}))
    else:
        events.append(Event("last_round", "This is the last turn of the game", None,
                            {"players": []}))


def _check_can_play(st: OregonState, events: list[Event]) -> None:
    """Skip a play step that allows no action at all (a hand of fewer than 2 cards)."""
    p = st.current
    if len(st.hands[p]) >= 2 or play_actions(st, p):
        return
    events.append(Event("cannot_play", f"{player_name(p)} cannot play 2 cards", p))
    _finish_plays(st, events)


def _finish_plays(st: OregonState, events: list[Event]) -> None:
    """After the last play of a turn: draw, or (once the end is triggered) end the turn,
    since cards drawn then could never be played."""
    if st.end_triggered:
        _end_turn(st, events)
        return
    st.phase = DRAW
    st.drawn_any = False
    st.pending = -1
    _after_draw_step(st, events)


def _apply_draw(st: OregonState, d: int, p: int, events: list[Event]) -> None:
    deck = st.deck[d]
    name = player_name(p)
    if not deck:
        deck.extend(st.discard[d])
        st.discard[d].clear()
        st.rng.shuffle(deck)
        events.append(Event("reshuffled",
                            f"The {DECKS[d]} discard pile is shuffled into a new deck", None,
                            {"deck": DECKS[d], "size": len(deck)}))
    card = deck.pop()
    st._revealed = True  # type: ignore[attr-defined]
    hand = st.hands[p]
    hand.append(card)
    st.drawn_any = True
    events.append(Event("drew_card", f"{name} draws {a_or_an(card_name(card))}", p,
                        {"deck": DECKS[d], "kind": card_kind(card), "card": card,
                         "hand_size": len(hand), "deck_size": len(deck)},
                        private_to=p, public_msg=f"{name} draws a {DECKS[d]} card"))
    if d == 1:
        t = card_building(card)
        dead = st.stacks[t] == 0
        dup = sum(1 for c in hand if c >= 50 and card_building(c) == t) > 1
        if dead or (dup and (deck or _redraw_may_differ(st, hand))):
            st.pending = card
            return
    _after_draw_step(st, events)


def _redraw_may_differ(st: OregonState, hand: list[int]) -> bool:
    """The building deck is empty, so a discarded duplicate goes to the discards that are
    shuffled into the next deck.  Redrawing is offered only when those discards hold a card
    the player would keep (not of a building in hand, its stack not empty): otherwise every
    redraw could bring back only duplicates, for ever."""
    held = {card_building(c) for c in hand if c >= 50}
    return any(st.stacks[t] > 0 and t not in held
               for t in map(card_building, st.discard[1]))


def _discard_building(st: OregonState, p: int, card: int, why: str,
                      events: list[Event]) -> None:
    st.hands[p].remove(card)
    t = card_building(card)
    name = player_name(p)
    if st.stacks[t] == 0:
        st.removed.append(card)
        text = (f"{name} discards {a_or_an(card_name(card))}; its stack is empty, so it leaves "
                "the game")
        removed = True
    else:
        st.discard[1].append(card)
        text = f"{name} discards a duplicate {card_name(card)}"
        removed = False
    events.append(Event("discarded", text, p,
                        {"cards": [card], "reason": why, "removed": removed}))


def _after_draw_step(st: OregonState, events: list[Event]) -> None:
    if st.pending >= 0:
        return
    p = st.current
    if len(st.hands[p]) >= HAND_SIZE:
        _end_turn(st, events)
    elif not (deck_available(st, 0) or deck_available(st, 1)):
        events.append(Event("hand_short", f"Both decks are empty: {player_name(p)}'s hand "
                                          f"stays at {plural(len(st.hands[p]), 'card')}", p))
        _end_turn(st, events)


def _end_turn(st: OregonState, events: list[Event]) -> None:
    p = st.current
    if st.end_triggered and p == st.last_player:
        _game_over(st, events)
        return
    st.current = (p + 1) % st.num_players
    st.turn += 1
    st.phase = PLAY
    _begin_turn(st, events)


def _begin_turn(st: OregonState, events: list[Event]) -> None:
    st.plays = 0
    st.extra_used = False
    st.drawn_any = False
    st.pending = -1
    p = st.current
    last = st.end_triggered
    events.append(Event("turn_start",
                        f"{player_name(p)}'s {'last ' if last else ''}turn", p,
                        {"turn": st.turn, "last": last}))
    _check_can_play(st, events)


def _game_over(st: OregonState, events: list[Event]) -> None:
    n = st.num_players
    st._revealed = True  # type: ignore[attr-defined]
    final = []
    for q in range(n):
        coal, gold = st.coal[q], st.gold[q]
        bonus = sum(coal) + sum(gold)
        final.append(st.score[q] + bonus)
        parts = []
        if coal:
            parts.append("coal " + "+".join(map(str, coal)))
        if gold:
            parts.append("gold " + "+".join(map(str, gold)))
        shown = " and ".join(parts) if parts else "no tokens"
        events.append(Event("tokens_revealed",
                            f"{player_name(q)} reveals {shown}: +{bonus}, {final[q]} in all", q,
                            {"coal": list(coal), "gold": list(gold), "bonus": bonus,
                             "final": final[q]}))
    on_board = [FARMERS_PER_PLAYER - st.farmers_left[q] for q in range(n)]
    ranking = sorted(range(n), key=lambda q: (-final[q], -on_board[q], q))
    top = (final[ranking[0]], on_board[ranking[0]])
    winners = [q for q in ranking if (final[q], on_board[q]) == top]
    st.final_scores = final
    st.ranking = ranking
    st._winners = winners
    st.phase = OVER
    if len(winners) == 1:
        text = f"{player_name(winners[0])} wins with {plural(final[winners[0]], 'point')}"
    else:
        text = ("Shared win: " + ", ".join(player_name(q) for q in winners)
                + f" with {plural(final[winners[0]], 'point')}")
    events.append(Event("game_over", text, None,
                        {"final_scores": final, "ranking": ranking, "winners": winners,
                         "farmers_on_board": on_board}))
