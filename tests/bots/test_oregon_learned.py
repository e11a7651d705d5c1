"""The hard Oregon bot's learned evaluation (``features.py``, ``OregonSearch(value)``): it
reorders the ranking's best plays by the learned value of the position each leaves (blended
with the ranking's), through the whole game, from the view alone; its points gap is the
blended values', and a rollout stopped before the end is valued by it."""

from __future__ import annotations

import random

from value_models import one_feature as shared_one_feature

from game.bots.learned import ValueModel
from game.games.oregon.bots.features import SIZE, features, model
from game.games.oregon.bots.normal import sample_positions
from game.games.oregon.bots.search import OregonSearch, _effect, keep_joker
from game.games.oregon.engine.positions import scrambled
from game.games.oregon.engine.state import OregonState

ME = 0


def one_feature(k: int, weight: float) -> ValueModel:
    """A model whose value is ``weight`` times feature ``k`` (0: the projected lead)."""
    return shared_one_feature(SIZE, k, weight)


def learned_only(value: ValueModel) -> OregonSearch:
    rules = OregonSearch(value)
    rules.ranking_share = 0.0
    return rules


def plays(n: int = 40, seed: int = 3):
    return [(v, legal) for v, legal in sample_positions(n * 3, seed=seed)
            if v["phase"] == "play"][:n]


def lead_after(view, action) -> float:
    base = OregonState.state_from_view(dict(view), random.Random(0))
    base.apply(action, view["viewer"])
    return float(features(base.view(view["viewer"]))[0])


def test_the_learned_value_reorders_the_rankings_best_plays_through_the_game():
    greedy, contrary = learned_only(one_feature(0, 1.0)), learned_only(one_feature(0, -1.0))
    differ = far = 0
    for view, legal in plays():
        hand_made = OregonSearch().ranked(view, keep_joker(legal))
        pool = [a for _v, a in hand_made[:greedy.learned_width]]
        ranked = greedy.ranked(view, keep_joker(legal))
        assert sorted(map(str, (a for _v, a in ranked))) == sorted(map(str, pool))
        values = [v for v, _a in ranked]
        assert values == sorted(values, reverse=True)
        leads = [lead_after(view, a) for a in pool]
        assert values[0] == max(leads)
        first = greedy.candidates(view, legal)[0]
        assert lead_after(view, first) == max(leads)
        assert lead_after(view, contrary.candidates(view, legal)[0]) == min(leads)
        differ += max(leads) > min(leads)
        far += not greedy.near_end(view)
    assert differ >= 10 and far >= 10


def test_the_ranking_and_the_learned_value_are_blended():
    rules = OregonSearch(one_feature(0, 1.0))
    assert 0 < rules.ranking_share < 1
    for view, legal in plays(10, seed=6):
        legal = keep_joker(legal)
        hand_made = dict((a, v) for v, a in OregonSearch().ranked(view, legal))
        for v, a in rules.ranked(view, legal):
            share = rules.ranking_share
            assert v == (1 - share) * lead_after(view, a) + share * hand_made[a]


def test_a_rollout_stopped_early_is_valued_by_the_learned_margin():
    view, _legal = plays(1, seed=4)[0]
    st = OregonState.state_from_view(dict(view), random.Random(0))
    me = view["viewer"]
    assert OregonSearch().margin(st, me) is None
    assert OregonSearch(one_feature(0, 1.0)).margin(st, me) == features(st.view(me))[0]


def test_the_points_gap_is_the_ranked_values_gap():
    rules = OregonSearch(one_feature(0, 1.0))
    for view, legal in plays(10, seed=5):
        ranked = rules.ranked(view, keep_joker(legal))
        weighed, gap = rules.ranking_gap(view, legal)
        assert weighed == len(ranked)
        if len(ranked) >= 2:
            assert gap == ranked[0][0] - ranked[1][0]
            assert len({_effect(a) for _v, a in ranked}) == len(ranked)


def test_the_learned_choice_reads_only_the_view():
    rules = OregonSearch(one_feature(0, 1.0))
    for view, _legal in plays(12, seed=8):
        me = view["viewer"]
        st = OregonState.state_from_view(dict(view), random.Random(1))
        other = scrambled(st, me, random.Random(2))
        assert other.view(me) == st.view(me)
        assert (rules.candidates(other.view(me), other.legal_actions(me))
                == rules.candidates(st.view(me), st.legal_actions(me)))


def test_the_trained_model_values_a_lead():
    for view, _legal in plays(10, seed=11):
        x = features(view)
        ahead = x.copy()
        ahead[0] += 10.0
        ahead[1] += 10.0
        ahead[2] += 10.0
        assert model().value(ahead) > model().value(x)
