"""Every game's easy level, and the normal level where it slips too: the game's one-ply bot
slipping, at the level's rate, to one of the next options of that bot's own ranking;
seeded, so a seed replays the same choices.  Easy slips more often than normal."""

from __future__ import annotations

import math

import pytest

from game.bots import bots_module
from game.bots.common import SLIP_CHOICES, SlippingBot
from game.registry import GAMES as REGISTRY

GAMES = tuple(REGISTRY)
RATES = {"easy": (0.1, 0.9), "normal": (0.02, 0.3)}  # the bounds of a level's slip


# (game, level, bounds of its rate) of every slipping level: every game's easy, and normal
# where the one-ply bot is close to the hard bot
SLIPPING = [(g, level, *RATES[level]) for g in GAMES for level in RATES
            if isinstance(bots_module(g).make(level, 0), SlippingBot)]


@pytest.mark.parametrize(("game_id", "level", "low", "high"), SLIPPING)
def test_a_level_slips_at_its_rate_to_the_one_ply_bots_next_options(game_id, level, low, high):
    """Side by side with the one-ply bot of the same seed, the level's bot plays that
    bot's choice except at about ``slip`` of the decisions where the ranking offers
    another option, and then one of the ``SLIP_CHOICES`` options ranked next."""
    bots = bots_module(game_id)
    easy = bots.make(level, 7)
    assert isinstance(easy, SlippingBot) and easy.level == level and low <= easy.slip <= high
    normal = easy.normal_class(7)
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
    assert open_decisions >= 100 and slips > 0
    spread = 4 * math.sqrt(easy.slip * (1 - easy.slip) / open_decisions)
    assert abs(slips / open_decisions - easy.slip) <= spread, (slips, open_decisions)


@pytest.mark.parametrize("game_id", GAMES)
def test_easy_slips_more_often_than_normal(game_id):
    """Where normal slips too, easy slips more often; elsewhere normal is the one-ply bot."""
    bots = bots_module(game_id)
    easy, normal = bots.make("easy", 3), bots.make("normal", 3)
    assert isinstance(easy, SlippingBot)
    if isinstance(normal, SlippingBot):
        assert normal.slip < easy.slip / 2
    else:
        assert type(normal) is easy.normal_class


@pytest.mark.parametrize(("game_id", "level"), [(g, lvl) for g, lvl, _, _ in SLIPPING])
def test_slips_are_seeded(game_id, level):
    """The same seed slips at the same decisions, another seed at others."""
    bots = bots_module(game_id)
    positions = bots.sample_positions(60, seed=31)

    def choices(seed: int) -> list:
        bot = bots.make(level, seed)
        return [bot.choose(v, legal) for v, legal in positions]

    first = choices(5)
    assert choices(5) == first
    assert choices(6) != first
