"""Each presenter step reads the data of its event kind through the payload its engine
declares (``engine/events.py``'s ``PAYLOADS``): the step's event (``Event[P]``) or cue
(``Cue[P]``) names that payload, so mypy checks every ``data["field"]`` the step reads
against what the rules emit (the engine contract tests check the emitting side)."""

from __future__ import annotations

import importlib
import inspect
import types
import typing
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from game_hooks import hooks

from game.registry import GAMES


def _payload_types(hint: Any) -> set[type] | None:
    """The payload ``TypedDict``s a parameter annotation names (``Event[A | B]``), or None
    for an annotation that names none."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) is None or not args:
        return None
    inner = args[0]
    if typing.get_origin(inner) in (typing.Union, types.UnionType):
        return set(typing.get_args(inner))
    return {inner} if typing.is_typeddict(inner) else None


def _handler_payloads(fn: Callable[..., Any]) -> set[type] | None:
    found = None
    module = vars(inspect.getmodule(fn))
    for param in inspect.signature(fn).parameters.values():
        try:  # names imported for type checking only are not payloads: skip them
            hint = eval(param.annotation, module) if isinstance(param.annotation, str) \
                else param.annotation
        except NameError:
            continue
        if (named := _payload_types(hint)) is not None:
            found = named
    return found


def _steps(presenter: types.ModuleType, kinds: frozenset[str]
           ) -> Iterator[tuple[str, Callable[..., Any]]]:
    """(kind, the function its step runs) for the presenter's table of steps (the module's
    dict keyed by event kinds); a step that runs nothing is left out."""
    tables = [v for v in vars(presenter).values()
              if isinstance(v, dict) and v and set(v) <= kinds and len(v) > len(kinds) // 2]
    assert len(tables) == 1, "the presenter has one table of steps keyed by event kind"
    for kind, step in tables[0].items():
        for value in (vars(step) if hasattr(step, "__dict__") else step._asdict()).values():
            if inspect.isfunction(value) and value.__module__ == presenter.__name__:
                yield kind, value


def _games_with_presenters() -> list[str]:
    out = []
    for gid, info in GAMES.items():
        if importlib.util.find_spec(f"{info.package}.table.presenter") is not None:
            out.append(gid)
    return out


@pytest.mark.parametrize("game_id", _games_with_presenters())
def test_each_step_reads_the_payload_of_its_kind(game_id):
    info = GAMES[game_id]
    events = importlib.import_module(f"{info.package}.engine.events")
    presenter = importlib.import_module(f"{info.package}.table.presenter")
    checked = 0
    for kind, fn in _steps(presenter, events.EVENT_KINDS):
        named = _handler_payloads(fn)
        payload = events.PAYLOADS.get(kind)
        if named is None:
            # an unannotated step may only run for kinds it reads no data of
            assert payload is None or ".data" not in inspect.getsource(fn), \
                f"{fn.__name__} reads the data of {kind!r} without naming its payload"
            continue
        assert payload in named, f"{fn.__name__} takes {named}, {kind!r} carries {payload}"
        checked += 1
    assert checked >= hooks(game_id).steps_reading_data
