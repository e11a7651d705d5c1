"""Counts of legal actions along fixed random games of every game (python-chess "perft"
style): any change to what the rules allow shows up here.  The counts were taken from the
rules as they stand; regenerate them only for a deliberate rules change."""

from __future__ import annotations

import random

import pytest
from game_hooks import hooks

from game.registry import GAMES

# each game's counts are in its hooks (``tests/helpers/game_hooks/<id>.py``)
PERFT = {(g, seed, n): counts for g in GAMES for (seed, n), counts in hooks(g).perft.items()}


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
