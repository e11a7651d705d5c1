"""Shared set-up of the bot tests.

A bot test module names its game in ``GAME`` (``"oregon"``, ``"colorado"``, ``"oasis"``) and
may define ``check_action(state, seat, legal, action)``; without it every chosen action must
be one of the legal ones.
"""

from __future__ import annotations

import pytest

from game.bots.common import play_levels


def _in_legal(state, seat, legal, action) -> None:
    assert action in legal


@pytest.fixture
def play_game(request):
    """``play_game(levels, seed, check=None)``: a complete game of the module's ``GAME`` with
    bots of ``levels``, every action checked (and passed to ``check(state, seat, view, legal,
    action)``), at most 5000 actions; returns the final state."""
    game_id = request.module.GAME
    check_action = getattr(request.module, "check_action", _in_legal)

    def play(levels: list[str], seed: int, check=None):
        def each(state, p, view, legal, action):
            check_action(state, p, legal, action)
            if check is not None:
                check(state, p, view, legal, action)

        return play_levels(game_id, levels, seed, each, max_steps=4999)

    return play
