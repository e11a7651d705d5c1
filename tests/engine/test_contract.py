"""The contract every game in ``GAMES`` keeps, checked on random games played to the end.

At every action: someone acts until the game is over and has a legal action; a random
candidate action (legal or not) is refused exactly when ``why_illegal`` gives a reason, with
that reason, leaving the state untouched; the chosen action's events have declared kinds and
payloads and render for every viewer with the seats' own names; undo stops at what was
revealed; scores never fall.  Often: acting out of turn is refused; clones are equal and
independent; views are JSON, hold the common part, hide what they must (scrambling what a
viewer may not know leaves their view unchanged) and rebuild through ``state_from_view`` into
states with the same view and legal actions.  At every action, the game rebuilt from a
viewer's view (what a table reads; each viewer in turn, every one at the end) has their view, the phase, the seats to act and the scores,
the acting seat's legal actions and refusals, and at the end the outcome.  Now and then and at the end: saves and replays
rebuild the same state; the outcome is consistent.  Each game's own invariants come from its
hooks (``tests/helpers/game_hooks/``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from game_hooks import hooks
from game_hooks.driver import play_checked

from game.registry import GAMES

CHUNKS = 2  # the games of one player count are split in two tests, for both cores


CASES = [(g, n, chunk) for g in GAMES for n in hooks(g).player_counts for chunk in range(CHUNKS)]


@pytest.mark.parametrize("game_id,n,chunk", CASES)
def test_random_games_keep_the_contract(game_id, n, chunk):
    h = hooks(game_id)
    total: Counter = Counter()
    per_chunk = h.games_per_count // CHUNKS
    for seed in range(1000 * n + chunk * per_chunk, 1000 * n + (chunk + 1) * per_chunk):
        total += play_checked(h, n, seed)
    missing = {k for k in h.must_reach if not total[k]}
    assert not missing, f"random games never reached {sorted(missing)}"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_same_seed_same_game(game_id):
    h = hooks(game_id)
    n = h.player_counts[-1]
    a, b = h.new(n, 123), h.new(n, 123)
    assert a.snapshot() == b.snapshot()
    rng = random.Random(5)
    while not a.is_over():
        p = a.to_act()[0]
        act = h.choose(a, p, a.legal_actions(p), rng)
        assert a.apply(act, p) == b.apply(act, p)
    assert a.snapshot() == b.snapshot()
    assert h.new(n, 124).snapshot() != h.new(n, 123).snapshot()
