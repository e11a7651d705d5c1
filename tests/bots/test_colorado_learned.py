"""The hard Colorado County bot's learned evaluation (``features.py``, ``ColoradoSearch(value)``):
features of one seat's view that never read the others' cowboys, face-down flags or secret
bids; the normal bot's best candidates reordered, through the whole game, by the learned
value of the position each leaves once the card turn is played out (blended with the
normal bot's values); and a search's cut-off valued by the learned margin."""

from __future__ import annotations

import random

import numpy as np
import pytest
from value_models import one_feature as shared_one_feature

from game.bots.learned import ValueModel
from game.games.colorado.bots.features import SIZE, features, model
from game.games.colorado.bots.normal import NormalBot, sample_positions
from game.games.colorado.bots.search import (
    ColoradoSearch,
    SearchState,
    play_turn,
)
from game.games.colorado.engine import ColoradoState


def one_feature(k: int, weight: float) -> ValueModel:
    return shared_one_feature(SIZE, k, weight)


def learned_only(value: ValueModel) -> ColoradoSearch:
    rules = ColoradoSearch(value)
    rules.ranking_share = 0.0
    return rules


def decisions(phases=("bid", "take"), n: int = 24, seed: int = 3):
    return [(v, legal) for v, legal in sample_positions(150, seed=seed)
            if v["phase"] in phases][:n]


def lead_after(view, action) -> float:
    """Feature 0 (the projected lead) of the viewer once ``action`` and the card turn are
    played, on the determinization the rules draw."""
    base = SearchState.state_from_view(dict(view), random.Random(0))
    base.apply(action, view["viewer"])
    return float(features(play_turn(base).view(view["viewer"]))[0])


def test_features_do_not_see_the_others_cowboys_flags_or_bids():
    """Seat 0's features, in every phase of two games, stay the same in states re-dealt
    from its view (the others' cowboys, face-down flag colours and placed bids drawn anew),
    while the others' own views of those states change."""
    rng = random.Random(7)
    phases, checked, changed = set(), 0, 0
    for seed in (11, 12):
        state = ColoradoState(3 + seed % 2, seed)
        bots = [NormalBot(q) for q in range(state.num_players)]
        while not state.is_over():
            view = state.view(0)
            redealt = ColoradoState.state_from_view(view, rng)
            assert np.array_equal(features(redealt.view(0)), features(view))
            others = range(1, state.num_players)
            changed += any(redealt.view(q) != state.view(q) for q in others)
            checked += 1
            phases.add(view["phase"])
            p = state.to_act()[0]
            state.apply(bots[p].choose(state.view(p), state.legal_actions(p)), p)
    assert {"flags", "bid", "take", "offer"} <= phases
    assert changed >= checked // 2


def test_the_learned_value_reorders_the_normal_bots_best_candidates():
    greedy = learned_only(one_feature(0, 1.0))
    contrary = learned_only(one_feature(0, -1.0))
    differ = 0
    seen = set()
    for view, legal in decisions():
        hand_made = [a for _v, a in ColoradoSearch().ranked(view, legal)]
        ranked = greedy.ranked(view, legal)
        assert sorted(map(str, (a for _v, a in ranked))) == sorted(map(str, hand_made))
        if len(hand_made) < 2:
            continue
        values = [v for v, _a in ranked]
        assert values == sorted(values, reverse=True)
        leads = [lead_after(view, a) for a in hand_made]
        assert values[0] == pytest.approx(max(leads))
        assert lead_after(view, greedy.candidates(view, legal)[0]) == pytest.approx(max(leads))
        assert lead_after(view, contrary.candidates(view, legal)[0]) == pytest.approx(
            min(leads))
        differ += max(leads) > min(leads)
        seen.add(view["phase"])
    assert differ >= 5 and seen == {"bid", "take"}


def test_the_normal_bots_values_and_the_learned_value_are_blended():
    rules = ColoradoSearch(one_feature(0, 1.0))
    assert 0 < rules.ranking_share < 1
    share = rules.ranking_share
    for view, legal in decisions(n=8, seed=5):
        hand_made = {a: v for v, a in ColoradoSearch().ranked(view, legal)}
        ranked = rules.ranked(view, legal)
        if len(ranked) < 2:
            continue
        for v, a in ranked:
            assert v == pytest.approx((1 - share) * lead_after(view, a) + share * hand_made[a])


def test_without_weights_the_candidates_are_the_normal_bots():
    for view, legal in decisions(("bid", "take", "offer"), n=12, seed=6):
        assert ColoradoSearch().candidates(view, legal)[0] == NormalBot(0).choose(view, legal)


def test_the_cut_off_asks_the_learned_margin_after_the_turn():
    view, _legal = decisions(("bid",), n=1, seed=4)[0]
    me = view["viewer"]
    st = SearchState.state_from_view(dict(view), random.Random(0))
    assert ColoradoSearch().margin(st, me) is None
    rules = ColoradoSearch(one_feature(0, 1.0))
    played = play_turn(st)
    assert (played.round, len(played.round_deck)) != (st.round, len(st.round_deck))
    assert rules.margin(st, me) == features(played.view(me))[0]
    rules.learned_share = 0.5
    hand_made = ColoradoSearch().evaluate(st)
    lead = hand_made[me] - max(v for q, v in enumerate(hand_made) if q != me)
    assert rules.margin(st, me) == pytest.approx(0.5 * features(played.view(me))[0]
                                                 + 0.5 * lead)


def test_the_learned_choice_reads_only_the_view():
    rules = ColoradoSearch(one_feature(0, 1.0))
    rng = random.Random(2)
    for view, legal in decisions(n=10, seed=8):
        me = view["viewer"]
        other = ColoradoState.state_from_view(dict(view), rng)
        assert other.view(me) == view
        assert rules.candidates(other.view(me), other.legal_actions(me)) == rules.candidates(
            view, legal)


def test_the_trained_model_values_a_lead():
    for view, _legal in decisions(n=10, seed=11):
        x = features(view)
        ahead = x.copy()
        ahead[:4] += 10.0
        assert model().value(ahead) > model().value(x)
