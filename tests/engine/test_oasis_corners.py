"""Oasis in tight corners: small boards that reach the rare branches of the rules, and
undo only while nothing was revealed."""

from __future__ import annotations

from collections import Counter

from game_hooks.driver import play_checked
from game_hooks.oasis import HOOKS

from game.games.oasis.engine import MoveCamel, StopOffer, TakeOffer, TurnCard, new_game, scenario

CROWDED = [          # 37 free cells for 88 tiles, a 10-cell path: tiles and path run out
    "..o.......",
    "....s.....",
    "==========",
    ".....t....",
    "..........",
]
TWO_TRACKS = [       # 24 path cells; red and blue start with 18 camels out
    "============",
    "............",
    "..o..s..t...",
    "............",
    "============",
]


def early_caravans(st):
    cells = [st.board.xy[c] for c in st.board.path_cells]
    scenario.put_camels(st, 0, cells[:18])
    scenario.put_camels(st, 1, cells[-3:])


def test_random_games_in_tight_corners():
    """Small boards reach the rare branches: tiles that cannot be placed, full paths,
    camels moved once all 20 are out, refilled draw decks; every check of the contract
    test holds there too."""
    seen = Counter()
    for i in range(12):
        n = 3 + i % 3
        st = new_game(n, 500 + i, board_rows=CROWDED)
        seen += play_checked(HOOKS, n, 500 + i, st)
        seen["unplaceable" if "cannot be placed" in st.end_reason else "last"] += 1
    for i in range(6):
        st = new_game(3, 600 + i, board_rows=TWO_TRACKS)
        early_caravans(st)
        play_checked(HOOKS, 3, 600 + i, st)
        seen["moves"] += sum(isinstance(a, MoveCamel) for _, a in st.history)
    assert seen["unplaceable"] > 0, "a tile that cannot be placed ended some game"
    assert seen["card_ignored"] > 0 and seen["deck_refilled"] > 0
    assert seen["moves"] > 0


def test_undo_is_allowed_only_while_nothing_was_revealed():
    st = new_game(3, 42)
    while st.phase == "offer":
        st.apply(StopOffer() if st.offers[st.actor()] else TurnCard())
    assert not any(st.is_undoable(i) for i in range(len(st.history)))
    chooser = st.actor()
    owner = next(q for q in range(3) if q != chooser and "draw3" not in st.offers[q])
    st.apply(TakeOffer(owner))
    first = len(st.history) - 1
    while st.actor() == chooser and st.phase == "carry":
        st.apply(st.legal_actions()[0])
    assert st.is_undoable(first) and st.is_undoable(len(st.history) - 1)
    assert not st.is_undoable(first - 1) and not st.is_undoable(len(st.history))
