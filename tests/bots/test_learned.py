"""The learned evaluation (``game.bots.learned``) and every game's features of a view: the
model predicts, fits, saves and loads; TD(λ) targets lean on the next value as λ says; and
a seat's features never change with what that seat cannot see."""

from __future__ import annotations

import importlib
import random

import numpy as np
import pytest

from game.bots import bots_module
from game.bots.learned import ValueModel, fit, lambda_returns, rms_error, standardizer
from game.registry import GAMES


def features_module(game_id: str):
    package = GAMES[game_id].bots.rsplit(".", 1)[0]
    try:
        return importlib.import_module(package + ".features")
    except ModuleNotFoundError:
        return None


LEARNED = [g for g in GAMES if features_module(g) is not None]


def linear_data(n: int = 2000, seed: int = 0):
    rng = np.random.default_rng(seed)
    x = rng.normal(3.0, 2.0, (n, 4))
    y = 2.0 * x[:, 0] - x[:, 2] + 0.5 * np.tanh(x[:, 1]) + 1.0
    return x, y


def test_fit_learns_a_function_and_is_reproducible():
    x, y = linear_data()
    mean, scale = standardizer(x)
    start = ValueModel.zeros(mean, scale, 8, np.random.default_rng(1))
    before = rms_error(start, x, y)
    models = [fit(x, y, start, np.random.default_rng(2), epochs=20, batch=64)
              for _ in range(2)]
    assert rms_error(models[0], x, y) < 0.1 * before
    assert np.array_equal(models[0].predict(x), models[1].predict(x))
    assert models[0].value(x[0]) == pytest.approx(float(models[0].predict(x[:1])[0]))


def test_save_and_load_give_the_same_predictions(tmp_path):
    x, y = linear_data(300)
    mean, scale = standardizer(x)
    model = fit(x, y, ValueModel.zeros(mean, scale, 4, np.random.default_rng(0)),
                np.random.default_rng(0), epochs=2)
    model.save(tmp_path / "value.npz")
    again = ValueModel.load(tmp_path / "value.npz")
    assert again.inputs == 4
    assert np.array_equal(again.predict(x), model.predict(x))


def test_a_constant_column_does_not_divide_by_zero():
    x = np.ones((10, 2))
    x[:, 1] = np.arange(10)
    _mean, scale = standardizer(x)
    assert scale[0] == 1.0 and scale[1] > 0


def test_lambda_returns():
    values = np.array([1.0, 2.0, 3.0])
    assert list(lambda_returns(values, 10.0, 1.0)) == [10.0, 10.0, 10.0]  # the final margin
    assert list(lambda_returns(values, 10.0, 0.0)) == [2.0, 3.0, 10.0]  # the next value
    half = lambda_returns(values, 10.0, 0.5)
    assert half[2] == 10.0
    assert half[1] == pytest.approx(0.5 * 3.0 + 0.5 * 10.0)
    assert half[0] == pytest.approx(0.5 * 2.0 + 0.5 * half[1])


def test_some_games_learn():
    assert LEARNED  # the games with a features module (Oregon at least)


@pytest.mark.parametrize("game_id", LEARNED)
def test_features_read_only_what_the_seat_may_know(game_id):
    """A state rebuilt from seat s's view deals everything s cannot see anew (the others'
    hands, tokens, bids, decks): s's features stay the same, though the others' views
    change."""
    from game.bots import make_bot

    feats = features_module(game_id)
    rng = random.Random(5)
    info = GAMES[game_id]
    checked = changed = 0
    for seed in (1, 2):
        n = min(info.max_players, 3)
        state = info.new(n, seed)
        bots = [make_bot(game_id, "normal", seed * 10 + q) for q in range(n)]
        step = 0
        while not state.is_over():
            if step % 7 == 0:
                for s in range(n):
                    other = type(state).state_from_view(state.view(s), rng)
                    mine = feats.features(state.view(s))
                    assert len(mine) == feats.SIZE
                    assert np.array_equal(feats.features(other.view(s)), mine)
                    checked += 1
                    changed += any(other.view(r) != state.view(r) for r in range(n) if r != s)
            p = state.to_act()[0]
            state.apply(bots[p].choose(state.view(p), state.legal_actions(p)), p)
            step += 1
        final = feats.features(state.view(0))
        assert len(final) == feats.SIZE and np.all(np.isfinite(final))
    assert checked >= 20 and changed >= checked // 2


@pytest.mark.parametrize("game_id", LEARNED)
def test_the_hard_bot_has_the_committed_weights(game_id):
    """The weights file is committed, small, of the features' size, the hard bot's own, and
    values a real position."""
    feats = features_module(game_id)
    weights = feats.model()
    assert weights is not None, f"{feats.WEIGHTS_FILE} is missing (python tools/train.py {game_id})"
    assert weights.inputs == feats.SIZE
    assert feats.WEIGHTS_FILE.stat().st_size < 64_000
    bots = bots_module(game_id)
    assert bots.search_rules().value is weights
    view, _legal = bots.sample_positions(1, seed=3)[0]
    assert np.isfinite(weights.value(feats.features(view)))
