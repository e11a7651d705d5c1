"""One check for the fields of an action, in ``apply`` and in a save's moves: any action a
table's ``apply`` looks at is saved and loads again equal, and any move a save loads is one
``apply`` looks at; a move refused by one and accepted by the other cannot exist.  Random
field values of every kind (whole numbers around every limit, flags, fractions, long texts,
nested lists, tables) are tried on every action of every game."""

import dataclasses
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.actions import INT_LIMIT
from game.engine.save_files import SaveError, read_action
from game.registry import GAMES

STATES = {g: info.new(info.min_players, 1) for g, info in GAMES.items()}
KINDS = sorted((g, name) for g, state in STATES.items() for name in state.ACTION_TYPES)

edge_ints = st.sampled_from([0, 1, -1, 10**6, 10**6 + 1, INT_LIMIT, INT_LIMIT + 1, -INT_LIMIT,
                             -INT_LIMIT - 1, 2**63, 10**30])
scalars = st.one_of(st.integers(-20, 200), edge_ints, st.booleans(), st.none(),
                    st.floats(allow_nan=False, allow_infinity=False),
                    st.text(max_size=3), st.text(min_size=60, max_size=80),
                    st.sampled_from(["landscape", "building", "red", "ab"]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4).map(tuple), st.lists(inner, min_size=60, max_size=70).map(tuple),
    st.dictionaries(st.sampled_from(["a", "b"]), inner, max_size=2)), max_leaves=80)


def as_json(value):
    """``value`` as a save file holds it after a JSON round trip (tuples become lists)."""
    return json.loads(json.dumps(value))


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(KINDS), data=st.data())
def test_apply_and_a_save_accept_the_same_actions(kind, data):
    game_id, name = kind
    state = STATES[game_id]
    cls = state.ACTION_TYPES[name]
    fields = {f.name: data.draw(values, label=f.name) for f in dataclasses.fields(cls)}
    action = cls(**fields)
    applies = state.action_problem(action) is None
    try:
        _player, loaded = read_action(0, as_json(action.to_json()), state.ACTION_TYPES)
    except SaveError:
        loads = False
    else:
        loads = True
        assert state.action_problem(loaded) is None  # what a save loads, apply looks at
    assert applies == loads, (action, state.action_problem(action))
    if loads:
        assert loaded == action
