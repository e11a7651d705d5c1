"""The shared engine protocol: who may act, save files and their failure modes."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass

import pytest

from game.engine import core, events, save_files
from game.engine.actions import Action
from game.engine.core import GameState, IllegalAction
from game.engine.messages import N_
from game.engine.save_files import SaveError
from game.registry import GAMES


@dataclass(frozen=True)
class Add(Action):
    amount: int
    cells: tuple = ()


class Counter(GameState):
    """Two players add 1-3 in turn until 10 is reached; the one who reaches it wins."""

    GAME_ID = "counter"
    PLAYER_NAMES = ("First", "Second")
    ACTION_TYPES = {"Add": Add}

    def __init__(self, num_players=2, seed=0, options=None):
        super().__init__(num_players, seed, options)
        self.total = 0

    def to_act(self):
        return [] if self.is_over() else [len(self.history) % self.num_players]

    def legal_actions(self, player=None):
        return [Add(a) for a in (1, 2, 3) if self.total + a <= 10]

    def why_illegal(self, action, player):
        return None if action in self.legal_actions(player) else f"{action} is not allowed"

    def _apply(self, action, player):
        self.total += action.amount
        if self.total >= 10:
            self.reveal()  # the last addition may not be taken back
        return [events.Event("added", N_("+{amount}"), player, args={"amount": action.amount})]

    def setup_events(self):
        return [events.Event("ready", N_("The count starts at 0"))]

    def outcome(self):
        order = sorted(range(self.num_players), key=lambda p: p not in self.winners())
        return core.Outcome(self.scores(), order, self.winners(),
                            [{} for _ in range(self.num_players)])

    @classmethod
    def state_from_view(cls, view, rng):
        c = cls()
        c.total = view["total"]
        return c

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
    assert save_files.action_from_json(data, Counter.ACTION_TYPES) == a
    with pytest.raises(SaveError):
        save_files.action_from_json({"type": "Nope"}, Counter.ACTION_TYPES)
    with pytest.raises(SaveError):
        save_files.action_from_json({"type": "Add", "bogus": 1}, Counter.ACTION_TYPES)


def test_event_private_text():
    e = events.Event("token", "You drew gold 5", 1, private_to=1, public_msg="Blue drew gold")
    assert e.text_for(1) == "You drew gold 5"
    assert e.text_for(0) == "Blue drew gold"
    assert e.text_for(None) == "Blue drew gold"



@dataclasses.dataclass(frozen=True)
class PlainEvent:
    """``Event`` as a plain frozen dataclass would make it (the engine's sets its fields
    straight, for speed): both must hold and compare the same."""

    kind: str
    msg: object
    player: int | None = None
    data: dict = dataclasses.field(default_factory=dict, compare=False)
    private_to: int | None = None
    public_msg: object = None
    args: dict = dataclasses.field(default_factory=dict, compare=False)
    public_args: dict | None = dataclasses.field(default=None, compare=False)
    public_data: dict | None = dataclasses.field(default=None, compare=False)


@pytest.mark.parametrize("given", [
    {},
    {"player": 2, "data": {"cell": [1, 2]}, "args": {"n": 3}},
    {"player": 0, "private_to": 0, "public_msg": "hidden", "public_args": {"n": 1},
     "public_data": {"cell": [1, 2]}},
])
def test_an_event_holds_what_a_plain_frozen_dataclass_would(given):
    made, plain = events.Event("k", "msg", **given), PlainEvent("k", "msg", **given)
    fields = [f.name for f in dataclasses.fields(events.Event)]
    assert fields == [f.name for f in dataclasses.fields(PlainEvent)]
    assert vars(made) == vars(plain)
    assert repr(made) == repr(plain).replace("PlainEvent", "Event")
    assert made == events.Event("k", "msg", **given) and hash(made) == hash(events.Event("k", "msg", **given))
    assert made != events.Event("other", "msg", **given)
    positional = events.Event("k", "msg", *(given.get(f) for f in fields[2:]))
    assert vars(positional) == vars(made)
    if "data" not in given:  # each event its own empty dict
        assert made.data == {} and made.data is not events.Event("k", "msg").data
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.kind = "changed"  # type: ignore[misc]

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
        save_files.loads(text)


def test_registry_gives_the_games_their_ranges():
    assert (GAMES["oregon"].min_players, GAMES["oregon"].max_players) == (2, 4)
    assert (GAMES["colorado"].min_players, GAMES["colorado"].max_players) == (3, 4)
    assert (GAMES["oasis"].min_players, GAMES["oasis"].max_players) == (3, 5)
    with pytest.raises(ValueError, match="2-4 players"):
        GAMES["oregon"].new(5, 1)


def test_reveal_sets_the_undo_floor_and_clones_keep_it():
    s = Counter()
    for amount in (3, 3, 3):
        s.apply(Add(amount))
    assert s.is_undoable(2) and s.undo_floor == 0
    s.apply(Add(1))  # reaches 10: the rules call reveal()
    assert s.undo_floor == 4 and not s.is_undoable(3) and not s.is_undoable(0)
    assert s.clone().undo_floor == 4


def test_why_illegal_is_what_apply_refuses_with():
    s = Counter()
    s.apply(Add(3))
    s.apply(Add(3))
    s.apply(Add(3))
    assert s.why_illegal(Add(3), 1) == "Add(amount=3, cells=()) is not allowed"
    with pytest.raises(IllegalAction, match="is not allowed"):
        s.apply(Add(3))
