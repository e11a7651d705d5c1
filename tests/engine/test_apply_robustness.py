"""``apply`` under malformed input, for every game (property test).

From positions reached by random play, legal actions are mutated (field types and values,
bools for ints, floats, huge ints, nested containers, the wrong class) and thrown at
``apply`` with good and bad ``player`` arguments.  The contract, exactly: either the action
is legal for that player and applies, or ``IllegalAction`` is raised and the snapshot, the
random generator and the history are unchanged.  Any other exception fails the test.

"Legal" is decided here without the engine's own checks: membership in
``legal_actions(player)`` compared with exact types (``True == 1`` and ``3.0 == 3`` in
Python, but not here).  Colorado County lists one representative per outcome for bids and
card uses (any subset of one's cowboys is a valid bid; a card may lie with either star on
the flag), so for those the test re-derives which encodings are equivalent.
"""

from __future__ import annotations

import dataclasses
import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.core import IllegalAction
from game.games.colorado.engine.actions import Bid, SaleBid, TakeCard
from game.games.colorado.engine.cards import CARDS as COLORADO_CARDS
from game.games.colorado.engine.grid import index as colorado_index
from game.games.oasis.engine.actions import TURN_CARD
from game.games.oregon.engine.actions import KeepCard
from game.registry import GAMES

GAME_IDS = tuple(GAMES)
FOREIGN_ACTIONS = (KeepCard(), Bid(()), TURN_CARD)
HUGE = (2**31, -(2**31), 2**63, 2**64 + 1, 10**30, 10**400, -(10**400))
_MISSING = object()


# --- positions ---------------------------------------------------------------------------

@cache
def positions(game_id: str) -> tuple[Any, ...]:
    """Every position of a few random games (2, 3 and the most players), kept as clones."""
    info = GAMES[game_id]
    rng = random.Random(7)
    out = []
    for k, n in enumerate(sorted({info.min_players, 3, info.max_players})):
        state = info.new(n, 100 + k)
        while not state.is_over():
            out.append(state.clone())
            player = rng.choice(state.to_act())
            state.apply(rng.choice(state.legal_actions(player)), player)
    return tuple(out)


# --- exact-type comparison -------------------------------------------------------------

def strict(value: Any) -> Any:
    """A hashable key equal for two values only when their types match all the way down."""
    t = type(value)
    if t in (tuple, list):
        return (t, tuple(strict(v) for v in value))
    if t is dict:
        return (t, tuple((strict(k), strict(v)) for k, v in value.items()))
    if t in (set, frozenset):
        return (t, frozenset(strict(v) for v in value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (t, tuple(strict(getattr(value, f.name, _MISSING))
                         for f in dataclasses.fields(value)))
    try:
        hash(value)
    except TypeError:
        return (t, id(value))
    return (t, value)


def _is_int(v: Any) -> bool:
    return type(v) is int


def _is_cell(v: Any) -> bool:
    return type(v) is tuple and len(v) == 2 and all(map(_is_int, v))


def _colorado_equivalent(state, action: Any, player: int, legal: list) -> bool:
    """A bid or card use that does the same as a listed one (see the module docstring)."""
    if type(action) in (Bid, SaleBid) and any(type(a) is type(action) for a in legal):
        bid = action.cowboys
        return (type(bid) is tuple and all(map(_is_int, bid)) and len(set(bid)) == len(bid)
                and set(bid) <= set(state.hands[player]) and (bool(bid) or type(action) is Bid))
    takes = [a for a in legal if type(a) is TakeCard]
    if type(action) is not TakeCard or not takes:
        return False
    cid, flag, rot, anchor, cubes = (action.card_id, action.flag_cell, action.rotation,
                                     action.anchor_star, action.cubes)
    if not (_is_int(cid) and any(a.card_id == cid for a in takes) and _is_int(rot)
            and rot in (0, 1, 2, 3) and _is_int(anchor)
            and anchor in COLORADO_CARDS[cid].anchors and type(cubes) is tuple
            and all(map(_is_cell, cubes)) and len(set(cubes)) == len(cubes)):
        return False
    if flag is None:
        return cubes == ()
    card = COLORADO_CARDS[cid]
    if not _is_cell(flag) or not (0 <= flag[0] < 15 and 0 <= flag[1] < 10):
        return False
    if state.flag_colours_at().get(colorado_index(*flag)) != card.colour:
        return False
    if not set(cubes) <= set(card.star_cells(flag, rot, anchor)):
        return False
    outcomes = {frozenset(a.cubes) for a in takes if a.card_id == cid}
    return not cubes or frozenset(cubes) in outcomes


def is_legal(state, action: Any, player: Any) -> bool:
    acting = state.to_act()
    if player is None:
        if len(acting) != 1:
            return False
        player = acting[0]
    if type(player) is not int or player not in acting:
        return False
    legal = state.legal_actions(player)
    if strict(action) in {strict(a) for a in legal}:
        return True
    return state.GAME_ID == "colorado" and _colorado_equivalent(state, action, player, legal)


# --- garbage -------------------------------------------------------------------------------

_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 160), st.integers(), st.sampled_from(HUGE),
    st.floats(), st.sampled_from((0.0, 1.0, 3.5, -1.0, 12.0, float("inf"), float("nan"))),
    st.text(max_size=4), st.binary(max_size=2),
)
garbage = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.tuples(inner), st.tuples(inner, inner),
        st.tuples(inner, inner, inner), st.dictionaries(st.text(max_size=2), inner, max_size=2),
        st.frozensets(st.integers(-3, 60), max_size=3)),
    max_leaves=6,
)


def near(data: st.DataObject, value: Any, depth: int = 0) -> Any:
    """A value close to a legal field value: the right shape with a wrong type or value."""
    if type(value) is bool:
        return data.draw(st.sampled_from((int(value), not value, str(value), None, float(value))))
    if type(value) is int:
        return data.draw(st.sampled_from((
            value + 1, value - 1, -value - 1, float(value), value + 0.5, bool(value & 1),
            value + 2**31, value * 10**40 + 10**400, str(value), [value], (value,), None)))
    if type(value) is str:
        return data.draw(st.sampled_from((
            value.upper(), value + "x", "", [value], (value,), {value: 1}, value.encode(), 0)))
    if type(value) is tuple:
        options = [list(value), value[::-1], value[:-1], value + (value[:1] or (0,)),
                   (value,), frozenset(value), (value, value)]
        if value and depth < 3:
            i = data.draw(st.integers(0, len(value) - 1))
            options.append(value[:i] + (near(data, value[i], depth + 1),) + value[i + 1:])
        return data.draw(st.sampled_from(options))
    return data.draw(st.sampled_from((0, (), "none", False, [None])))


def rebuilt(cls: type, fields: dict[str, Any], through_init: bool) -> Any:
    """An action of ``cls`` with ``fields``, built by its constructor or bypassing it."""
    if through_init:
        return cls(**fields)
    action = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


def mutated(data: st.DataObject, state, legal: list) -> Any:
    """A legal action, a mutation of one, or something that is no action at all."""
    kind = data.draw(st.sampled_from(("legal", "field", "field", "field", "garbage_field",
                                      "other_class", "foreign", "nonsense")))
    if kind == "nonsense":
        return data.draw(garbage)
    if kind == "foreign":
        return data.draw(st.sampled_from(FOREIGN_ACTIONS))
    base = data.draw(st.sampled_from(legal))
    values = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)}
    if kind == "legal":
        return base
    cls = type(base)
    if kind == "other_class":
        classes = sorted(state.ACTION_TYPES.values(), key=lambda c: c.__name__)
        cls = data.draw(st.sampled_from(classes))
        names = [f.name for f in dataclasses.fields(cls)]
        fields = {n: values.get(n, data.draw(garbage)) for n in names}
        return rebuilt(cls, fields, through_init=False)
    if values:
        name = data.draw(st.sampled_from(sorted(values)))
        values[name] = data.draw(garbage) if kind == "garbage_field" else near(data, values[name])
    return rebuilt(cls, values, through_init=data.draw(st.booleans()))


def some_player(data: st.DataObject, state) -> Any:
    acting = state.to_act()
    n = state.num_players
    p = acting[0] if acting else 0
    return data.draw(st.one_of(
        st.sampled_from(acting or [0]), st.sampled_from((None, *range(n))),
        st.sampled_from((str(p), [p], (p,), bool(p), float(p), p + 0.5, 2**70, -1, -(2**70),
                         n, {p: p}))))


# --- the property ------------------------------------------------------------------------

def _fingerprint(state) -> tuple:
    return (json.dumps(state.snapshot(), sort_keys=True), state.rng.getstate(),
            [(p, id(a)) for p, a in state.history])


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_apply_accepts_exactly_the_legal_actions(game_id, data):
    pool = positions(game_id)
    state = pool[data.draw(st.integers(0, len(pool) - 1), label="position")].clone()
    for _ in range(4):  # several attempts per position, each against the current state
        acting = state.to_act()
        if not acting:
            break
        legal = state.legal_actions(data.draw(st.sampled_from(acting)))
        action = mutated(data, state, legal)
        player = some_player(data, state)
        expected = is_legal(state, action, player)
        before = _fingerprint(state)
        try:
            state.apply(action, player)
        except IllegalAction:
            assert not expected, f"{action!r} by {player!r} is legal but was refused"
            assert _fingerprint(state) == before, f"refusing {action!r} changed the state"
        else:
            assert expected, f"{action!r} by {player!r} was accepted but is not legal"
            assert state.history[-1][1] is action


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_known_malformed_inputs_are_refused_cleanly(game_id):
    """The cases found by hand, kept as plain examples."""
    from game.games.oasis.engine.actions import BonusTile
    from game.games.oregon.engine.actions import PlaceBuilding, PlaceFarmer, PlaceStartTile

    state = GAMES[game_id].new(GAMES[game_id].min_players, 3)
    p = state.to_act()[0]
    legal = state.legal_actions(p)
    bad: list[tuple[Any, Any]] = [(legal[0], q) for q in (str(p), [p], (p,), True, 1.0, 2**70)]
    if game_id == "oregon":
        bad += [(PlaceStartTile(cell=(12, 3.5)), p), (PlaceStartTile(cell=(10**400, 3)), p),
                (PlaceStartTile(cell=(float("inf"), 3)), p), (PlaceStartTile(cell="ab"), p),
                (PlaceFarmer((1, 2), (2**64, 0)), p), (PlaceBuilding((1, 55), (0, -(10**30))), p)]
    if game_id == "colorado":
        bad += [(TakeCard(True), p), (TakeCard([1]), p), (TakeCard(1, {}, "x", [], 3.5), p)]
    if game_id == "oasis":
        bad += [(BonusTile(["palm"], (1, 1)), p), (BonusTile({"k": 1}, (1, 1)), p)]
    for action, player in bad:
        before = _fingerprint(state)
        with pytest.raises(IllegalAction):
            state.apply(action, player)
        assert _fingerprint(state) == before
