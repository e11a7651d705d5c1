"""Shared set-up of the bot tests.

A bot test module names its game in ``GAME`` (``"oregon"``, ``"colorado"``, ``"oasis"``) to
use the ``play_game`` fixture; ``play_any_game`` takes the game as its first argument.  Every
chosen action is checked: one of the legal ones, or in Colorado County a bid made of the
bidder's own cowboys.
"""

from __future__ import annotations

import pytest

from game.bots.common import play_levels
from game.games.colorado.engine import Bid, SaleBid


def _in_legal(state, seat, legal, action) -> None:
    assert action in legal


def _colorado_action(state, seat, legal, action) -> None:
    if isinstance(action, (Bid, SaleBid)):
        assert set(action.cowboys) <= set(state.hands[seat])
        assert len(set(action.cowboys)) == len(action.cowboys)
        if isinstance(action, SaleBid):
            assert action.cowboys
    else:
        assert action in legal


ACTION_CHECKS = {"colorado": _colorado_action}


@pytest.fixture
def play_any_game():
    """``play(game_id, levels, seed, check=None)``: a complete game with bots of ``levels``,
    every action checked (and passed to ``check(state, seat, view, legal, action)``), at
    most 5000 actions; returns the final state."""

    def play(game_id: str, levels: list[str], seed: int, check=None):
        check_action = ACTION_CHECKS.get(game_id, _in_legal)

        def each(state, p, view, legal, action):
            check_action(state, p, legal, action)
            if check is not None:
                check(state, p, view, legal, action)

        return play_levels(game_id, levels, seed, each, max_steps=4999)

    return play


@pytest.fixture
def play_game(request, play_any_game):
    """``play_game(levels, seed, check=None)``: ``play_any_game`` for the module's ``GAME``."""
    game_id = request.module.GAME

    def play(levels: list[str], seed: int, check=None):
        return play_any_game(game_id, levels, seed, check)

    return play


@pytest.fixture
def normal_win_share(play_game):
    """``share(levels, seeds)``: the normal bot's wins per game over games ``seeds`` of the
    module's ``GAME``, the seats turned by ``seed % len(levels)``; a shared win counts as a
    fraction."""

    def share(levels: list[str], seeds) -> float:
        wins = 0.0
        games = 0
        for seed in seeds:
            shift = seed % len(levels)
            seats = levels[shift:] + levels[:shift]
            st = play_game(seats, seed)
            if seats.index("normal") in st.winners():
                wins += 1 / len(st.winners())
            games += 1
        return wins / games

    return share
