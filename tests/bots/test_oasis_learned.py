"""The Oasis hard rules with a learned value (``OasisSearch(value)``, as ``tools/train.py
oasis`` plays them; the hard bot has no weights yet): a tile or camel goes where the learned
value of the position it leaves is highest, among the normal bot's best placements, and a
search's cut-off asks the learned margin after the round is played out."""

from __future__ import annotations

import random

import numpy as np

from game.bots.learned import ValueModel
from game.games.oasis.bots.features import SIZE, features
from game.games.oasis.bots.normal import sample_positions
from game.games.oasis.bots.search import OasisSearch, search_rules
from game.games.oasis.engine.phases import CarryStep
from game.games.oasis.engine.state import OasisState


def one_feature(k: int, weight: float) -> ValueModel:
    linear = np.zeros(SIZE)
    linear[k] = weight
    return ValueModel(np.zeros(SIZE), np.ones(SIZE), linear, np.zeros((SIZE, 0)), np.zeros(0),
                      np.zeros(0), 0.0)


def placements(n: int = 12):
    steps = (CarryStep.PLACE_TILES, CarryStep.PLACE_CAMELS)
    return [(v, legal) for v, legal in sample_positions(200, seed=4)
            if v["step"] in steps and len(legal) > 1][:n]


def lead_after(view, action) -> float:
    base = OasisState.state_from_view(dict(view), random.Random(0))
    base.apply(action, view["viewer"])
    return float(features(base.view(view["viewer"]))[0])


def test_a_placement_goes_where_the_learned_value_is_highest():
    greedy, contrary = OasisSearch(one_feature(0, 1.0)), OasisSearch(one_feature(0, -1.0))
    checked = differ = 0
    for view, legal in placements():
        pool = OasisSearch().normal.ranking(view, legal)[:greedy.learned_width]
        leads = [lead_after(view, a) for a in pool]
        [first] = greedy.candidates(view, legal)
        [last] = contrary.candidates(view, legal)
        assert first in pool and last in pool
        assert lead_after(view, first) == max(leads)
        assert lead_after(view, last) == min(leads)
        checked += 1
        differ += max(leads) > min(leads)
    assert checked >= 5 and differ >= 2


def test_the_cut_off_asks_the_learned_margin():
    view, _legal = placements(1)[0]
    st = OasisState.state_from_view(dict(view), random.Random(0))
    me = view["viewer"]
    assert OasisSearch().margin(st, me) is None
    rules = OasisSearch(one_feature(0, 1.0))
    played = rules.play_round(st)
    assert rules.margin(st, me) == features(played.view(me))[0]
    assert search_rules().value is None  # no weights trained for the hard bot yet
