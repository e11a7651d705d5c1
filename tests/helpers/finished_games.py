"""Finished games of random legal moves, for the replay and results tests (kept: they only
read them)."""

import random

from game.engine import GAMES

_GAMES: dict = {}


def finished(game_id: str, players: int):
    """A finished ``game_id`` game for ``players`` seats (seed 4242, moves from seed 7)."""
    key = (game_id, players)
    if key not in _GAMES:
        st = GAMES[game_id].new(players, 4242)
        rng = random.Random(7)
        while not st.is_over():
            p = st.to_act()[0]
            st.apply(rng.choice(st.legal_actions(p)), p)
        _GAMES[key] = st
    return _GAMES[key]
