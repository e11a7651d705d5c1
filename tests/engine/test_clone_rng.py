"""A clone shares its RNG with the state it came from until one of them draws: each must
draw exactly what it would have drawn from a copy of its own taken at the clone."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]


def _copy(rng: random.Random) -> random.Random:
    out = random.Random()
    out.setstate(rng.getstate())
    return out


def _played(game_id: str, moves: int) -> object:
    info = GAMES[game_id]
    state = info.new(info.min_players, 11)
    rng = random.Random(3)
    for _ in range(moves):
        if state.is_over():  # a short game (the tests' own) ends sooner
            break
        player = state.to_act()[0]
        state.apply(rng.choice(state.legal_actions(player)), player)
    return state


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_clones_and_their_source_draw_what_copies_of_their_own_would(game_id):
    state = _played(game_id, 25)
    first = state.clone()
    want = {"state": _copy(state.rng), "first": _copy(state.rng)}
    state.rng.random()  # the source draws after the clone...
    want["state"].random()
    second = first.clone()  # ...and a clone of a clone shares what the first has now
    want["second"] = _copy(want["first"])
    third = state.clone()
    want["third"] = _copy(want["state"])
    states = {"state": state, "first": first, "second": second, "third": third}
    order = random.Random(5)
    for _ in range(200):
        name = order.choice(sorted(states))
        assert states[name].rng.getrandbits(32) == want[name].getrandbits(32), name
    for name, s in states.items():
        assert s.rng.getstate() == want[name].getstate()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_clone_takes_its_own_rng_only_when_it_draws(game_id):
    state = _played(game_id, 10)
    before = state.rng_fingerprint()
    clone = state.clone()
    assert clone._rng is state._rng  # cloning copied nothing
    assert clone.rng_fingerprint() == before  # reading the fingerprint copies nothing either
    assert clone._rng is state._rng
    clone.rng.random()
    assert clone._rng is not state._rng
    assert state.rng_fingerprint() == before


def test_an_rng_set_on_a_state_is_its_own():
    state = _played("colorado", 3)
    clone = state.clone()
    mine = random.Random(9)
    clone.rng = mine
    assert clone.rng is mine
    assert state.rng is not mine


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_state_rebuilt_from_a_view_seeds_its_rng_only_when_it_draws(game_id):
    state = _played(game_id, 12)
    rebuilt = type(state).state_from_view(state.view(state.to_act()[0]), random.Random(4))
    assert rebuilt._rng is None  # nothing seeded yet
    fingerprint = rebuilt.rng_fingerprint()
    assert rebuilt._rng is None  # the fingerprint seeds nothing either
    twin = rebuilt.clone()
    want = random.Random(rebuilt.seed)
    seeded = rebuilt.clone()
    seeded.rng = random.Random(rebuilt.seed)  # what the fingerprint must stand for
    assert fingerprint == seeded.rng_fingerprint()
    assert [rebuilt.rng.random() for _ in range(5)] == [want.random() for _ in range(5)]
    assert twin.rng.random() == random.Random(rebuilt.seed).random()


_FINGERPRINTS = """
import importlib, random, sys
info = importlib.import_module(sys.argv[1] + ".descriptor").GAME  # registered or not
state = info.new(info.min_players, 11)
plain = state.rng_fingerprint()  # no Gaussian value pending: the state ends with None
state.rng.gauss(0.0, 1.0)  # one pending now
print(plain, state.rng_fingerprint(), state.snapshot() == state.clone().snapshot())
"""


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_rng_fingerprint_is_the_same_in_every_process(game_id):
    # ``hash(None)`` follows None's address, which differs from one process to the next
    package = GAMES[game_id].package
    runs = {subprocess.run([sys.executable, "-c", _FINGERPRINTS, package], check=True,
                           capture_output=True, text=True, cwd=ROOT,
                           env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout
            for _ in range(3)}
    assert len(runs) == 1, runs
    plain, pending, same = runs.pop().split()
    assert plain != pending and same == "True"
