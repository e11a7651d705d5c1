"""Real games saved before the engines were restructured still replay to the same game:
the same views (new keys may be added, none changed), the same log line for every viewer,
the same scores.  The files come from ``tests/fixtures/make_golden.py``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from shipped_games import SHIPPED

from game.engine import save_files

FIXTURES = Path(__file__).parent.parent / "fixtures"
NAMES = sorted(p.stem for p in (FIXTURES / "golden").glob("*.json")
               if not p.stem.endswith(".save"))


def test_every_shipped_game_has_golden_games():
    assert {name.split("-")[0] for name in NAMES} == set(SHIPPED)


@pytest.mark.parametrize("name", NAMES)
def test_golden_game_replays_the_same(name):
    state = save_files.loads((FIXTURES / "golden" / f"{name}.save.json").read_text())
    gold = json.loads((FIXTURES / "golden" / f"{name}.json").read_text())
    assert state.scores() == gold["scores"]
    assert state.winners() == gold["winners"]
    assert state.to_act() == gold["to_act"]
    for viewer, old in gold["views"].items():
        new = json.loads(json.dumps(state.view(None if viewer == "None" else int(viewer))))
        changed = {k for k in old if new.get(k, object()) != old[k]}
        assert not changed, f"view of {viewer} changed: {sorted(changed)}"
    viewers = [None, *range(state.num_players)]
    _, moves = save_files.replay_events(state)
    lines = [[k, [e.text_for(v) for v in viewers]] for k, events in enumerate(moves)
             for e in events]
    for got, want in zip(lines, gold["lines"], strict=True):
        assert got == want
