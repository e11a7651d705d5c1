"""Building Oregon positions by hand: for tests, tutorials and puzzles.

``TEST_BOARD`` is a hand-made board that meets every layout requirement of the rules; pass
it as options (``new_game(n, seed, **TEST_BOARD)``) to play without ``maps/oregon.tmx``.

``blank_position`` gives a state at the start of a turn with an empty board; ``put_farmer``,
``put_building``, ``give_hand`` and ``move_cards`` then set it up while keeping every
component accounted for (farmers, tiles, cards).  ``scrambled`` shuffles what a seat cannot
see.
"""

from __future__ import annotations

import random
from typing import Any

from game.games.oregon.engine.cards import BUILDING_INDEX, FIRST_BUILDING_CARD, SYMBOL_INDEX
from game.games.oregon.engine.phases import Phase
from game.games.oregon.engine.state import OregonState, new_game

TEST_TERRAIN: tuple[str, ...] = (
    # A-O left to right; p plains, r rail, m mountain, w water
    "pppmmpprpppmmpp",  # 1
    "pwwpmpprppmmppp",  # 2
    "pwwppprrpppmpwp",  # 3
    "ppppmmrppwwppwp",  # 4
    "mmppmprppwwpppp",  # 5
    "pmmppprrrrrpmmp",  # 6
    "pppppwwppprpmpp",  # 7
    "rrrrpwwmmprpppp",  # 8
    "pppprppmmprpwwp",  # 9
    "pmmprppppprpwpp",  # 10
)
TEST_BOARD: dict[str, Any] = {
    "terrain": list(TEST_TERRAIN),
    # columns: settlers A-C, wagon D-F, campfire G-I, bison J-L, eagle M-O
    "column_symbols": "settlers,wagon,campfire,bison,eagle",
    # rows: eagle 1-2, bison 3-4, campfire 5-6, wagon 7-8, settlers 9-10
    "row_symbols": "eagle,bison,campfire,wagon,settlers",
}


def blank_position(num_players: int, current: int = 0, seed: int = 0,
                   options: dict[str, Any] | None = None) -> OregonState:
    """A game in the play phase of turn 1, ``current`` to play, nothing on the board.

    Hands are as dealt; start tiles count as placed nowhere (they left the game)."""
    st = new_game(num_players, seed, **(options if options is not None else TEST_BOARD))
    st.unused_start = sorted(set(st.unused_start) | set(st.start_tiles))
    st.start_tiles = [-1] * num_players
    st.phase = Phase.PLAY
    st.start_player = current
    st.current = current
    st.turn = 1
    st.changed()
    return st


def put_farmer(st: OregonState, player: int, cell: tuple[int, int]) -> None:
    """Put one of ``player``'s farmers on ``cell`` (no scoring, no rules checked)."""
    i = st.board.index(cell)
    bit = 1 << i
    if st.occupied & bit:
        raise ValueError(f"{cell} is taken")
    if st.farmers_left[player] <= 0:
        raise ValueError("no farmers left")
    st.farmers[player] |= bit
    st.all_farmers |= bit
    st.occupied |= bit
    st.farmers_left[player] -= 1
    st.changed()


def put_building(st: OregonState, building: str, cell: tuple[int, int],
                 start_of: int | None = None) -> None:
    """Put a tile of ``building`` on ``cell`` from its stack (no scoring).  ``start_of``: it
    is that player's start tile instead."""
    t = BUILDING_INDEX[building]
    i = st.board.index(cell)
    bit = 1 << i
    if st.occupied & bit:
        raise ValueError(f"{cell} is taken")
    if start_of is None:
        if st.stacks[t] <= 0:
            raise ValueError(f"the {building} stack is empty")
        st.stacks[t] -= 1
    else:
        st.start_tiles[start_of] = t
        st.start_cells[start_of] = i
        st.start_mask |= bit
        if t in st.unused_start:
            st.unused_start.remove(t)
    st.bmask[t] |= bit
    st.buildings |= bit
    st.occupied |= bit
    st.tile[i] = t
    st.changed()


def card_of(kind: str, nth: int = 0) -> int:
    """The id of the ``nth`` card of a symbol or building: ``card_of("bison")``."""
    if kind in SYMBOL_INDEX:
        if not 0 <= nth < 10:
            raise ValueError("there are 10 cards of each symbol")
        return SYMBOL_INDEX[kind] * 10 + nth
    if not 0 <= nth < 3:
        raise ValueError("there are 3 cards of each building")
    return FIRST_BUILDING_CARD + BUILDING_INDEX[kind] * 3 + nth


def _lists(st: OregonState) -> list[list[int]]:
    return [*st.hands, *st.deck, *st.discard, st.removed]


def move_cards(st: OregonState, cards: list[int], to: list[int]) -> None:
    """Move ``cards`` from wherever they are (hand, deck, discard, removed) to list ``to``
    (a hand, deck or discard pile of ``st``); the top of a deck is its end."""
    for c in cards:
        for lst in _lists(st):
            if c in lst:
                lst.remove(c)
                break
        else:
            raise ValueError(f"card {c} is nowhere")
        to.append(c)
    st.changed()


def give_hand(st: OregonState, player: int, cards: list[int]) -> None:
    """Make ``player``'s hand exactly ``cards``; their old cards go under their decks."""
    hand = st.hands[player]
    old = [c for c in hand if c not in cards]
    for c in old:
        hand.remove(c)
        st.deck[0 if c < FIRST_BUILDING_CARD else 1].insert(0, c)
    move_cards(st, [c for c in cards if c not in hand], hand)
    st.hands[player] = [c for c in cards]
    st.changed()


def scrambled(st: OregonState, viewer: int, rng: random.Random) -> OregonState:
    """A copy whose secrets hidden from ``viewer`` are shuffled: other hands (same
    landscape/building split), deck order, others' token values and the supplies (``rng``:
    a ``random.Random``).  For checking that views and bots keep secrets."""
    c = st.clone()
    others = [q for q in range(st.num_players) if q != viewer]
    for d in (0, 1):
        pool = list(c.deck[d])
        slots = []
        for q in others:
            for pos, card in enumerate(c.hands[q]):
                if (card >= 50) == (d == 1) and not (q == c.current and card == c.pending):
                    pool.append(card)
                    slots.append((q, pos))
        rng.shuffle(pool)
        for q, pos in slots:
            c.hands[q][pos] = pool.pop()
        c.deck[d] = pool
    if not st.is_over():
        for attr, supply in (("coal", "coal_supply"), ("gold", "gold_supply")):
            held = getattr(c, attr)
            pool = list(getattr(c, supply))
            for q in others:
                pool += held[q]
            rng.shuffle(pool)
            for q in others:
                held[q] = [pool.pop() for _ in range(len(held[q]))]
            setattr(c, supply, pool)
    return c
