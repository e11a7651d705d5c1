"""The Oasis hard rules with a learned value: the committed weights load and the hard bot
uses them; a tile, camel or camel move goes where the blend of the normal bot's value and
the learned value of the position it leaves is highest, among the normal bot's best
placements; the hint reads that blend; and a search's cut-off may ask the learned margin
after the round is played out (off in the hard bot)."""

from __future__ import annotations

import random

import numpy as np
from value_models import one_feature as shared_one_feature

from game.bots.learned import ValueModel
from game.bots.search import Budget, analyse
from game.games.oasis.bots.evaluation import Position
from game.games.oasis.bots.features import SIZE, features
from game.games.oasis.bots.normal import NormalBot, Placer, sample_positions
from game.games.oasis.bots.search import OasisSearch, search_rules
from game.games.oasis.engine.phases import CarryStep, Phase
from game.games.oasis.engine.state import OasisState


def one_feature(k: int, weight: float) -> ValueModel:
    return shared_one_feature(SIZE, k, weight)


def learned_alone(value: ValueModel) -> OasisSearch:
    rules = OasisSearch(value)
    rules.ranking_share = 0.0
    return rules


def placements(n: int = 12):
    steps = (CarryStep.PLACE_TILES, CarryStep.PLACE_CAMELS)
    return [(v, legal) for v, legal in sample_positions(200, seed=4)
            if v["step"] in steps and len(legal) > 1][:n]


def lead_after(view, action) -> float:
    base = OasisState.state_from_view(dict(view), random.Random(0))
    base.apply(action, view["viewer"])
    return float(features(base.view(view["viewer"]))[0])


def test_the_hard_bot_places_by_the_committed_weights_at_once():
    """(The weights themselves: ``test_learned.py``.)"""
    rules = search_rules()
    view, legal = placements(1)[0]
    assert rules.candidates(view, legal) == [rules.ranked(view, legal)[0][1]]


def test_a_placement_goes_where_the_learned_value_is_highest():
    greedy = learned_alone(one_feature(0, 1.0))
    contrary = learned_alone(one_feature(0, -1.0))
    checked = differ = 0
    for view, legal in placements():
        pool = NormalBot(0).ranking(view, legal)[:greedy.learned_width]
        leads = [lead_after(view, a) for a in pool]
        [first] = greedy.candidates(view, legal)
        [last] = contrary.candidates(view, legal)
        assert first in pool and last in pool
        assert lead_after(view, first) == max(leads)
        assert lead_after(view, last) == min(leads)
        checked += 1
        differ += max(leads) > min(leads)
    assert checked >= 5 and differ >= 2


def test_the_blend_weighs_the_normal_value_against_the_learned_one():
    """Alone the normal bot's value keeps its choice; blended, the learned value overturns it
    exactly where its lead outweighs the normal bot's (by the shares)."""
    value = one_feature(0, 1.0)
    changed = kept = 0
    for view, legal in placements(30):
        rules = OasisSearch(value)
        placer = Placer(Position(view))
        pool = NormalBot(0).ranking(view, legal)[:rules.learned_width]
        own = [placer.value(a) for a in pool]
        learned = [lead_after(view, a) for a in pool]
        rules.ranking_share = 1.0
        assert rules.candidates(view, legal) == [NormalBot(0).choose(view, legal)]
        share = rules.ranking_share = 0.5
        blend = [share * o + (1 - share) * v for o, v in zip(own, learned, strict=True)]
        [chosen] = rules.candidates(view, legal)
        assert chosen == pool[int(np.argmax(blend))]
        gap = sorted(blend, reverse=True)
        assert rules.ranking_gap(view, legal) == (len(pool), gap[0] - gap[1])
        if chosen != pool[0]:
            changed += 1
        else:
            kept += 1
    assert changed >= 1 and kept >= 1


def test_the_hint_tells_the_blend_of_a_placement():
    rules = search_rules()
    view, legal = placements(1)[0]
    found = analyse(rules, view, legal, Budget(seconds=None, iterations=2), seed=1)
    ranked = rules.ranked(view, legal)
    assert found.best.action == ranked[0][1]
    assert found.ranked == (len(ranked), ranked[0][0] - ranked[1][0])


def test_offers_and_the_order_of_cards_are_not_blended():
    rules = OasisSearch(one_feature(0, 1.0))
    seen = set()
    for view, legal in sample_positions(150, seed=8):
        if view["phase"] in (Phase.OFFER, Phase.CHOOSE) or view["step"] == CarryStep.PICK_CARD:
            assert rules.ranking_gap(view, legal) is None
            assert rules.candidates(view, legal)[0] == NormalBot(0).choose(view, legal)
            seen.add(view["step"])
    assert {"offer", "choose"} <= seen


def test_the_cut_off_asks_the_learned_margin():
    view, _legal = placements(1)[0]
    st = OasisState.state_from_view(dict(view), random.Random(0))
    me = view["viewer"]
    assert OasisSearch().margin(st, me) is None
    assert search_rules().margin(st, me) is None  # the hard bot cuts off by the projection
    rules = OasisSearch(one_feature(0, 1.0))
    rules.learned_cutoff = True
    played = rules.play_round(st)
    assert rules.margin(st, me) == features(played.view(me))[0]

