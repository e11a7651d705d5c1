"""What every game's computer players do alike: refuse unknown levels and empty legal lists,
and decide the same from the same seed."""

from __future__ import annotations

import importlib

import pytest

from game.bots.common import play_levels

GAMES = ("oregon", "colorado", "oasis")
FINAL_SCORES = {
    "oregon": lambda st: st.final_scores,
    "colorado": lambda st: st.scores(),
    "oasis": lambda st: st.final,
}
SAME_CHOICE_POSITIONS = {"oregon": 60, "colorado": 60, "oasis": 80}


def bots_of(game_id: str):
    return importlib.import_module(f"game.bots.{game_id}")


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
    positions = bots.sample_positions(SAME_CHOICE_POSITIONS[game_id], seed=11)
    for level in ("easy", "normal"):
        a = [bots.make(level, 42).choose(v, legal) for v, legal in positions]
        b = [bots.make(level, 42).choose(v, legal) for v, legal in positions]
        assert a == b


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seeds_same_game(game_id):
    levels = ["normal", "easy", "normal", "easy"]
    final = FINAL_SCORES[game_id]
    assert final(play_levels(game_id, levels, 8)) == final(play_levels(game_id, levels, 8))
