"""The shared engine protocol: who may act, save files and their failure modes."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from game.engine import GAMES, core
from game.engine.core import Action, GameState, IllegalAction, SaveError


@dataclass(frozen=True)
class Add(Action):
    amount: int
    cells: tuple = ()


class Counter(GameState):
    """Two players add 1-3 in turn until 10 is reached; the one who reaches it wins."""

    GAME_ID = "counter"
    ACTION_TYPES = {"Add": Add}

    def __init__(self, num_players=2, seed=0, options=None):
        super().__init__(num_players, seed, options)
        self.total = 0

    def to_act(self):
        return [] if self.is_over() else [len(self.history) % self.num_players]

    def legal_actions(self, player=None):
        return [Add(a) for a in (1, 2, 3) if self.total + a <= 10]

    def _apply(self, action, player):
        if not isinstance(action, Add) or action not in self.legal_actions(player):
            raise IllegalAction(f"{action} is not allowed")
        self.total += action.amount
        return [core.Event("added", f"+{action.amount}", player)]

    def clone(self):
        c = Counter.__new__(Counter)
        self._copy_base_into(c)
        c.total = self.total
        return c

    def view(self, player):
        return {"total": self.total}

    def is_over(self):
        return self.total >= 10

    def scores(self):
        return [0] * self.num_players

    def winners(self):
        return [(len(self.history) - 1) % self.num_players] if self.is_over() else []

    def snapshot(self):
        return {"total": self.total, "rng": self.rng_fingerprint()}


def test_apply_checks_who_acts_and_leaves_state_on_illegal():
    s = Counter()
    with pytest.raises(IllegalAction, match="not player 2's turn"):
        s.apply(Add(1), player=1)
    with pytest.raises(IllegalAction):
        s.apply(Add(7))
    assert s.total == 0 and s.history == []
    s.apply(Add(2))
    assert s.history == [(0, Add(2))] and s.to_act() == [1]


def test_clone_is_independent_including_rng():
    s = Counter(seed=5)
    s.rng.random()
    c = s.clone()
    assert c.rng.random() == s.rng.random()
    c.apply(Add(3))
    assert s.total == 0 and s.history == []


def test_action_json_round_trip_restores_tuples():
    a = Add(2, ((1, 2), (3, 4)))
    data = json.loads(json.dumps(a.to_json()))
    assert core.action_from_json(data, Counter.ACTION_TYPES) == a
    with pytest.raises(SaveError):
        core.action_from_json({"type": "Nope"}, Counter.ACTION_TYPES)
    with pytest.raises(SaveError):
        core.action_from_json({"type": "Add", "bogus": 1}, Counter.ACTION_TYPES)


def test_event_private_text():
    e = core.Event("token", "You drew gold 5", 1, private_to=1, public_text="Blue drew gold")
    assert e.text_for(1) == "You drew gold 5"
    assert e.text_for(0) == "Blue drew gold"
    assert e.text_for(None) == "Blue drew gold"


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "corrupt"),
        ('{"format": "landgrab-save", "version": 1, "game"', "corrupt"),
        ("[1, 2, 3]", "not a Landgrab save"),
        ('{"format": "other"}', "not a Landgrab save"),
        ('{"format": "landgrab-save", "version": 99}', "version"),
        ('{"format": "landgrab-save", "version": 1, "game": "chess"}', "unknown game"),
        ('{"format": "landgrab-save", "version": 1, "game": "oregon"}', "does not replay"),
    ],
)
def test_bad_saves_raise_save_error(text, message):
    with pytest.raises(SaveError, match=message):
        core.loads(text)


def test_registry_lists_the_three_games_with_ranges():
    assert set(GAMES) == {"oregon", "colorado", "oasis"}
    assert (GAMES["oregon"].min_players, GAMES["oregon"].max_players) == (2, 4)
    assert (GAMES["colorado"].min_players, GAMES["colorado"].max_players) == (3, 4)
    assert (GAMES["oasis"].min_players, GAMES["oasis"].max_players) == (3, 5)
    with pytest.raises(ValueError, match="2-4 players"):
        GAMES["oregon"].new(5, 1)
