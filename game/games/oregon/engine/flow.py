"""The course of a game: setup, the start-tile round, whose turn it is, when the draw is
over, and the end of the game with its final reveal.

The rule modules (``plays``, ``draw``) call these after an action to move the game on;
every function appends what happened to ``events``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Event
from game.engine.messages import N_, NN_, T
from game.games.oregon.engine.cards import HAND_SIZE, building_name
from game.games.oregon.engine.events import Emit, seat
from game.games.oregon.engine.phases import Phase
from game.games.oregon.engine.placement import play_actions, start_tile_region

if TYPE_CHECKING:
    from game.games.oregon.engine.state import OregonState

PHASE_HINT = {
    Phase.START_TILE: N_("first every player places their start tile"),
    Phase.PLAY: N_("play 2 cards now"),
    Phase.EXTRA_TURN: N_("use or skip your extra turn now"),
    Phase.DRAW: N_("draw cards up to 4 now"),
    Phase.OVER: N_("the game is over"),
}
"""What the phase asks for, to complete a refusal ("You cannot draw now: ...")."""


# --- setup ---------------------------------------------------------------------------------
def setup(st: OregonState) -> None:
    """Shuffle, deal, draw the start player and deal the start tiles (uses ``st.rng``).

    Nothing happens that the table must show: the first start tile always has room on the
    empty board, so ``setup_events`` is empty."""
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
    st.phase = Phase.START_TILE
    next_start_tile(st, st.start_player, [], first=True)


def next_start_tile(st: OregonState, q: int, events: list[Event], first: bool = False) -> None:
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
        events.append(Emit.start_tile_unplaceable(
            N_("No cell is left for {player}'s start {building}; it leaves the game"), q,
            args={"player": seat(q), "building": T(building_name(st.start_tiles[q]))}))
        q = (q + 1) % n
    st.phase = Phase.PLAY
    st.current = st.start_player
    st.turn = 1
    begin_turn(st, events)


# --- turns ---------------------------------------------------------------------------------
def begin_turn(st: OregonState, events: list[Event]) -> None:
    st.plays = 0
    st.extra_used = False
    st.drawn_any = False
    st.pending = -1
    p = st.current
    last = st.end_triggered
    message = N_("{player}'s last turn") if last else N_("{player}'s turn")
    events.append(Emit.turn_start(message, p, {"turn": st.turn, "last": last},
                                  args={"player": seat(p)}))
    check_can_play(st, events)


def check_can_play(st: OregonState, events: list[Event]) -> None:
    """Skip a play step that allows no action at all (a hand of fewer than 2 cards)."""
    p = st.current
    if len(st.hands[p]) >= 2 or play_actions(st, p):
        return
    events.append(Emit.cannot_play(N_("{player} cannot play 2 cards"), p,
                                   args={"player": seat(p)}))
    finish_plays(st, events)


def finish_plays(st: OregonState, events: list[Event]) -> None:
    """After the last play of a turn: draw, or (once the end is triggered) end the turn,
    since cards drawn then could never be played."""
    if st.end_triggered:
        end_turn(st, events)
        return
    st.phase = Phase.DRAW
    st.drawn_any = False
    st.pending = -1
    after_draw_step(st, events)


def deck_available(st: OregonState, d: int) -> bool:
    return bool(st.deck[d] or st.discard[d])


def draw_decks(st: OregonState, p: int) -> list[int]:
    """Decks ``p`` may draw from now (0 landscape, 1 building), the forced choice applied."""
    hand = st.hands[p]
    slots = HAND_SIZE - len(hand)
    if slots <= 0:
        return []
    deck, discard = st.deck, st.discard
    land_left = bool(deck[0] or discard[0])
    building_left = bool(deck[1] or discard[1])
    if slots <= 2:  # a hand lacks at most 2 kinds: more free slots never force a deck
        has_land = has_building = False
        for c in hand:
            if c < 50:
                has_land = True
            else:
                has_building = True
        needed = (not has_land) + (not has_building)
        if needed and slots <= needed:
            forced = []
            if not has_land and land_left:
                forced.append(0)
            if not has_building and building_left:
                forced.append(1)
            if forced:
                return forced
    available = []
    if land_left:
        available.append(0)
    if building_left:
        available.append(1)
    return available


def after_draw_step(st: OregonState, events: list[Event]) -> None:
    """End the turn once the hand is full (or nothing is left to draw)."""
    if st.pending >= 0:
        return
    p = st.current
    size = len(st.hands[p])
    if size >= HAND_SIZE:
        end_turn(st, events)
    elif not (deck_available(st, 0) or deck_available(st, 1)):
        events.append(Emit.hand_short(
            NN_("Both decks are empty: {player}'s hand stays at {n} card",
                "Both decks are empty: {player}'s hand stays at {n} cards"),
            p, args={"player": seat(p), "n": size}))
        end_turn(st, events)


def end_turn(st: OregonState, events: list[Event]) -> None:
    p = st.current
    if st.end_triggered and p == st.last_player:
        game_over(st, events)
        return
    st.current = (p + 1) % st.num_players
    st.turn += 1
    st.phase = Phase.PLAY
    begin_turn(st, events)


# --- the end -------------------------------------------------------------------------------
_REVEAL = {
    (True, True): N_("{player} reveals coal {coal} and gold {gold}: +{bonus}, {final} in all"),
    (True, False): N_("{player} reveals coal {coal}: +{bonus}, {final} in all"),
    (False, True): N_("{player} reveals gold {gold}: +{bonus}, {final} in all"),
    (False, False): N_("{player} reveals no tokens: +{bonus}, {final} in all"),
}


def game_over(st: OregonState, events: list[Event]) -> None:
    """Every player reveals their tokens; the final scores decide (see ``outcome``)."""
    st.reveal()
    st.phase = Phase.OVER
    result = st.outcome()
    final = result.scores
    for q in range(st.num_players):
        coal, gold = st.coal[q], st.gold[q]
        bonus = sum(coal) + sum(gold)
        events.append(Emit.tokens_revealed(
            _REVEAL[bool(coal), bool(gold)], q,
            {"coal": list(coal), "gold": list(gold), "bonus": bonus, "final": final[q]},
            args={"player": seat(q), "coal": "+".join(map(str, coal)),
                  "gold": "+".join(map(str, gold)), "bonus": bonus, "final": final[q]}))
    winners = result.winners
    points = final[winners[0]]
    if len(winners) == 1:
        message = NN_("{player} wins with {n} point", "{player} wins with {n} points")
        args = {"player": seat(winners[0]), "n": points}
    else:
        message = NN_("Shared win: {players} with {n} point",
                      "Shared win: {players} with {n} points")
        args = {"players": [seat(q) for q in winners], "n": points}
    events.append(Emit.game_over(
        message, None,
        {"final_scores": final, "ranking": result.ranking, "winners": winners,
         "farmers_on_board": st.farmers_on_board()}, args=args))
