"""What every game's computer players do alike: play complete games with legal choices,
refuse unknown levels and empty legal lists, decide the same from the same seed, and need
nothing but the view."""

from __future__ import annotations

import importlib
import json

import pytest
from game_hooks import hooks

from game.registry import GAMES as REGISTRY

GAMES = tuple(REGISTRY)
# Each game's complete games, positions sampled and what else its bots must not read are in
# its hooks (``tests/helpers/game_hooks/<id>.py``).
COMPLETE_GAMES = [(g, list(levels)) for g in GAMES for levels in hooks(g).bot_games]
# What a bot must not call: every game state's own methods, plus per game what else reads
# the state.
STATE_METHODS = ("__init__", "legal_actions", "view", "clone", "apply")


def bots_of(game_id: str):
    return importlib.import_module(REGISTRY[game_id].bots)


def test_every_game_has_complete_games():
    assert {g for g, _levels in COMPLETE_GAMES} == set(GAMES)


@pytest.mark.parametrize(("game_id", "levels"), COMPLETE_GAMES)
def test_complete_games_with_only_legal_choices(game_id, levels, play_any_game):
    for seed in (3, 4):
        st = play_any_game(game_id, levels, seed)
        assert st.is_over() and st.winners()


@pytest.mark.parametrize("game_id", GAMES)
def test_unknown_level_and_empty_legal_list(game_id):
    bots = bots_of(game_id)
    with pytest.raises(ValueError):
        bots.make("hard", 1)
    view, _ = bots.sample_positions(1)[0]
    for level in ("easy", "normal"):
        with pytest.raises(ValueError):
            bots.make(level, 1).choose(view, [])


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_choices(game_id):
    bots = bots_of(game_id)
    positions = bots.sample_positions(hooks(game_id).same_choice_positions, seed=11)
    for level in ("easy", "normal"):
        a = [bots.make(level, 42).choose(v, legal) for v, legal in positions]
        b = [bots.make(level, 42).choose(v, legal) for v, legal in positions]
        assert a == b


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seeds_same_game(game_id, play_any_game):
    levels = ["normal", "easy", "normal", "easy"][:REGISTRY[game_id].max_players]
    first, again = play_any_game(game_id, levels, 8), play_any_game(game_id, levels, 8)
    assert first.history == again.history
    assert first.outcome() == again.outcome()


@pytest.mark.parametrize("game_id", GAMES)
def test_bots_need_nothing_but_the_view(game_id, monkeypatch):
    """A JSON copy of the view decides the same, and no game state is built or read."""
    bots = bots_of(game_id)
    n, extra, functions = hooks(game_id).view_only
    methods = STATE_METHODS + extra
    positions = bots.sample_positions(n, seed=13)
    expected = {lvl: [bots.make(lvl, 3).choose(v, legal) for v, legal in positions]
                for lvl in ("easy", "normal")}

    def forbidden(*args, **kwargs):
        raise AssertionError("a bot touched a game state")

    state_cls = type(REGISTRY[game_id].new(REGISTRY[game_id].min_players, 1))
    for name in methods:
        monkeypatch.setattr(state_cls, name, forbidden)
    for target in functions:
        monkeypatch.setattr(target, forbidden)
    for lvl in ("easy", "normal"):
        got = [bots.make(lvl, 3).choose(json.loads(json.dumps(v)), legal)
               for v, legal in positions]
        assert got == expected[lvl]
