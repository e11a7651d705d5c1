"""Counts of legal actions along fixed random games of every game (python-chess "perft"
style): any change to what the rules allow shows up here.  The counts were taken from the
rules as they stand; regenerate them only for a deliberate rules change."""

from __future__ import annotations

import random

import pytest
from game_hooks import hooks

from game.registry import GAMES

PERFT = {
    ('oregon', 1, 2):
        [88, 24, 359, 2, 2, 2, 210, 2, 1, 326, 2, 105, 2, 2, 2, 75, 2, 5, 2, 2, 2, 2, 32,
         2, 2, 177, 2, 40, 2, 2, 56, 2, 1, 30, 2, 2, 2, 51, 2, 2, 66, 2, 1, 50, 2, 2, 47, 2, 1, 51,
         2, 2, 61, 2, 2, 135, 2, 2, 85, 2],
    ('oregon', 2, 4):
        [88, 87, 45, 24, 227, 2, 33, 2, 2, 2, 210, 2, 20, 2, 2, 2, 2, 2, 197, 2, 2, 2, 2,
         2, 2, 326, 2, 20, 2, 2, 1, 115, 2, 1, 83, 2, 2, 281, 2, 2, 112, 2, 2, 73, 2, 1, 75, 2, 2,
         58, 2, 2, 1, 47, 2, 2, 42, 2, 1, 81],
    ('colorado', 1, 3):
        [512, 500, 484, 348, 336, 324, 208, 200, 192, 91, 90, 86, 43, 43, 43, 40, 18, 2, 2,
         2, 12, 3, 2, 2, 49, 46, 37, 37, 20, 2, 4, 2, 2, 17, 37, 46, 43, 17, 10, 3, 2, 2, 2, 10, 55,
         2, 37, 20, 4, 2, 52, 7, 20, 3, 4, 34, 30, 16, 351, 339],
    ('colorado', 2, 4):
        [384, 369, 354, 228, 218, 210, 202, 97, 93, 88, 87, 84, 43, 43, 43, 43, 62, 42, 22,
         3, 2, 2, 2, 45, 15, 39, 3, 2, 2, 2, 30, 45, 39, 3, 2, 2, 2, 19, 46, 22, 46, 61, 35, 18, 3,
         2, 2, 2, 12, 42, 2, 2, 2, 2, 48, 12, 24, 3, 2, 2],
    ('oasis', 1, 3):
        [1, 2, 2, 1, 2, 1, 2, 2, 172, 1, 2, 40, 39, 62, 61, 333, 1, 2, 1, 2, 2, 1, 2, 2, 2,
         3, 166, 2, 38, 37, 36, 1, 2, 161, 314, 1, 2, 2, 1, 2, 1, 2, 2, 159, 2, 3, 154, 2, 54, 54,
         1326, 1, 2, 1, 2, 1, 2, 2, 268, 261],
    ('oasis', 2, 5):
        [1, 2, 2, 1, 2, 2, 1, 2, 2, 1, 2, 1, 2, 4, 3, 3, 2, 63, 62, 40, 39, 2, 2, 2, 55,
         55, 3, 2, 63, 62, 311, 1, 2, 1, 2, 1, 2, 2, 1, 2, 1, 2, 4, 59, 271, 264, 260, 4, 43, 44, 2,
         49, 49, 2, 2, 157, 280, 1, 1, 2],
    ('mosaic', 1, 2): [32, 30, 28, 26, 24, 22, 10, 9, 16, 14, 12, 10, 4, 6, 4, 2],
    ('mosaic', 2, 3): [16, 30, 28, 26, 24, 22, 10, 18, 8, 14, 12, 10, 8, 6, 4, 2],
}


def test_every_game_has_counts():
    assert {game for game, _, _ in PERFT} == set(GAMES)


@pytest.mark.parametrize("game_id,seed,n", sorted(PERFT))
def test_legal_action_counts_along_fixed_games(game_id, seed, n):
    st = hooks(game_id).new(n, seed)
    rng = random.Random(seed)
    counts = []
    for _ in PERFT[(game_id, seed, n)]:
        p = st.to_act()[0]
        legal = st.legal_actions(p)
        counts.append(len(legal))
        st.apply(legal[rng.randrange(len(legal))], p)
    assert counts == PERFT[(game_id, seed, n)]
