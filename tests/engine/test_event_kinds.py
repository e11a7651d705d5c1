"""Every game in ``GAMES`` emits its events through the kinds it declares: its
``engine/events.py`` has ``Emit`` (a ``game.engine.events.EventKinds``) naming each kind and
its payload, ``EVENT_KINDS`` and ``PAYLOADS`` are what ``Emit`` declares, and no rule module
makes an ``Event`` itself.  A kind's call takes its payload, so mypy checks every emit's data
(``tests/test_typing.py`` shows it refusing wrong data); the contract tests check the same
at run time on random games."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import TypedDict

import pytest

from game.engine.events import Event, EventKinds, Kind, PlainKind
from game.engine.messages import N_
from game.registry import GAMES


def _engine_files(game_id: str) -> list[Path]:
    package = importlib.import_module(GAMES[game_id].engine)
    return sorted(Path(package.__file__).parent.glob("*.py"))


def _events_made_directly(source: str) -> list[int]:
    """The lines of ``source`` that call ``Event(...)`` (rather than a kind)."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and (
                isinstance(node.func, ast.Name) and node.func.id == "Event"
                or isinstance(node.func, ast.Attribute) and node.func.attr == "Event")]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_rules_emit_only_through_declared_kinds(game_id):
    files = _engine_files(game_id)
    assert files
    made = {f.name: lines for f in files
            if (lines := _events_made_directly(f.read_text(encoding="utf-8")))}
    assert made == {}, f"{game_id}'s rules make events without their kind: {made}"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_declared_kinds_are_the_kinds_and_payloads(game_id):
    events = importlib.import_module(f"{GAMES[game_id].engine}.events")
    emit = events.Emit
    assert issubclass(emit, EventKinds)
    kinds = {k.name: k for k in vars(emit).values() if isinstance(k, Kind | PlainKind)}
    assert set(kinds) == events.EVENT_KINDS and kinds
    assert {name: k.payload for name, k in kinds.items()
                               if isinstance(k, Kind)} == events.PAYLOADS
    assert all(isinstance(p, type) and p.__required_keys__ is not None
               for p in events.PAYLOADS.values())


class _Moved(TypedDict):
    cell: list[int]


def test_a_kind_makes_the_event_the_engine_made_before():
    """Calling a kind is making the ``Event`` of that name: equal, with the same data."""
    class Kinds(EventKinds):
        moved = Kind("moved", _Moved)
        passed = PlainKind("passed")

    made = Kinds.moved(N_("{player} moves"), 1, {"cell": [2, 3]}, private_to=1,
                       public_msg=N_("someone moves"), args={"player": 1},
                       public_args={}, public_data={"cell": [2, 3]})
    direct = Event("moved", N_("{player} moves"), 1, {"cell": [2, 3]}, private_to=1,
                   public_msg=N_("someone moves"), args={"player": 1}, public_args={},
                   public_data={"cell": [2, 3]})
    assert made == direct and vars(made) == vars(direct)
    passed = Kinds.passed(N_("{player} passes"), 0, args={"player": 0})
    assert passed == Event("passed", N_("{player} passes"), 0) and passed.data == {}
    assert Kinds.declared() == (frozenset({"moved", "passed"}), {"moved": _Moved})


def test_a_kind_named_other_than_its_attribute_is_refused():
    class Kinds(EventKinds):
        moved = Kind("moevd", _Moved)

    with pytest.raises(ValueError, match="moved"):
        Kinds.declared()
