"""Every game's easy level: the normal bot slipping, at its game's rate, to one of the next
options of the normal bot's own ranking; seeded, so a seed replays the same choices; and
weaker than the normal bot."""

from __future__ import annotations

import importlib
import math

import pytest

from game.bots.common import SLIP_CHOICES, SlippingBot
from game.registry import GAMES as REGISTRY

GAMES = tuple(REGISTRY)


def bots_of(game_id: str):
    return importlib.import_module(REGISTRY[game_id].bots)


@pytest.mark.parametrize("game_id", GAMES)
def test_easy_slips_at_its_rate_to_the_normal_bots_next_options(game_id):
    """Side by side with a normal bot of the same seed, the easy bot plays the normal
    choice except at about ``slip`` of the decisions where the ranking offers another
    option, and then one of the ``SLIP_CHOICES`` options ranked next."""
    bots = bots_of(game_id)
    easy, normal = bots.make("easy", 7), bots.make("normal", 7)
    assert isinstance(easy, SlippingBot) and 0.1 <= easy.slip <= 0.9
    open_decisions = slips = 0
    for view, legal in bots.sample_positions(240, seed=29):
        mine, its = easy.choose(view, legal), normal.choose(view, legal)
        others = [a for a in easy.alternatives(view, legal) if a != its]
        if not others:
            assert mine == its
            continue
        open_decisions += 1
        if mine != its:
            slips += 1
            assert mine in others[:SLIP_CHOICES], (mine, others[:SLIP_CHOICES])
    assert open_decisions >= 100
    spread = 4 * math.sqrt(easy.slip * (1 - easy.slip) / open_decisions)
    assert abs(slips / open_decisions - easy.slip) <= spread, (slips, open_decisions)


@pytest.mark.parametrize("game_id", GAMES)
def test_easy_slips_are_seeded(game_id):
    """The same seed slips at the same decisions, another seed at others."""
    bots = bots_of(game_id)
    positions = bots.sample_positions(60, seed=31)

    def choices(seed: int) -> list:
        bot = bots.make("easy", seed)
        return [bot.choose(v, legal) for v, legal in positions]

    first = choices(5)
    assert choices(5) == first
    assert choices(6) != first
