"""``Action``: a move, as a small frozen dataclass that serialises to JSON, and the one
check of its fields (``field_checks``, ``bad_field``) that ``GameState.apply`` and a save's
moves (``game.engine.save_files.read_action``) both make."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import Any

from game.engine.messages import N_, M


class Action:
    """Base for actions.  Subclasses are small frozen dataclasses with a readable ``str()``.

    They serialise to ``{"type": ClassName, field: value...}``; tuples become lists and are
    turned back into tuples on load, so actions compare equal after a JSON round trip.
    """

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            out[f.name] = _to_jsonable(getattr(self, f.name))
        return out


# --- strict field types -------------------------------------------------------------------
# ``apply`` checks every field of an action against its dataclass annotation before the
# game looks at it, so the rules code only ever sees the types it was written for: a bool
# is not an int, 3.0 is not 3, a list is not a cell, and no integer is large enough to
# overflow a shift or an index.

INT_LIMIT = 2**31 - 1
"""The largest magnitude of an integer in an action (cells, card ids, cowboys...)."""

_FieldCheck = Callable[[Any], bool]
MISSING = object()


def _is_action_int(v: Any) -> bool:
    return type(v) is int and -INT_LIMIT <= v <= INT_LIMIT


def _is_plain(v: Any) -> bool:
    """A JSON-like scalar or a tuple of them: what a bare ``tuple`` annotation allows."""
    return (v is None or type(v) is str or type(v) is bool or _is_action_int(v)
            or (type(v) is tuple and all(map(_is_plain, v))))


_SIMPLE_CHECKS: dict[Any, _FieldCheck] = {
    int: _is_action_int,
    bool: lambda v: type(v) is bool,
    str: lambda v: type(v) is str,
    type(None): lambda v: v is None,
    tuple: lambda v: type(v) is tuple and all(map(_is_plain, v)),
    Any: lambda v: True,
}


def _field_check(hint: Any) -> _FieldCheck:
    """A predicate accepting exactly the values of the annotation ``hint``."""
    simple = _SIMPLE_CHECKS.get(hint)
    if simple is not None:
        return simple
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        options = tuple(_field_check(a) for a in args)
        if len(options) == 2:  # X | None: no generator for the common case
            first, second = options
            return lambda v: first(v) or second(v)
        return lambda v: any(ok(v) for ok in options)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _field_check(args[0])
        return lambda v: type(v) is tuple and all(map(item, v))
    if args == (int, int) and origin is tuple:  # a cell: the most common field, kept cheap
        return lambda v: (type(v) is tuple and len(v) == 2 and type(v[0]) is type(v[1]) is int
                          and -INT_LIMIT <= v[0] <= INT_LIMIT and -INT_LIMIT <= v[1] <= INT_LIMIT)
    if origin is tuple and args:
        items = tuple(_field_check(a) for a in args)
        size = len(items)
        return lambda v: (type(v) is tuple and len(v) == size
                          and all(ok(x) for ok, x in zip(items, v, strict=True)))
    raise TypeError(f"action fields of type {hint!r} are not supported")


FieldChecks = tuple[tuple[str, _FieldCheck, str], ...]


_CHECKS: dict[type, FieldChecks] = {}


def field_checks(cls: type) -> FieldChecks:
    """``(field name, predicate, annotation text)`` for each field of an action class (made
    once per class)."""
    checks = _CHECKS.get(cls)
    if checks is None:
        hints = typing.get_type_hints(cls)
        checks = _CHECKS[cls] = tuple((f.name, _field_check(hints[f.name]),
                                       _type_text(hints[f.name]))
                                      for f in dataclasses.fields(cls))
    return checks


def bad_field(action: Any, checks: FieldChecks) -> tuple[str, str, Any] | None:
    """The one check of an action's fields, for ``apply`` and for the moves of a save alike:
    ``(name, annotation text, value)`` of the first field whose value its annotation does not
    allow (``checks``: ``field_checks`` of the action's class), or None when all do."""
    for name, ok, expected in checks:
        value = getattr(action, name, MISSING)
        if not ok(value):
            return name, expected, value
    return None


def _type_text(hint: Any) -> str:
    """``int``, ``tuple[int, int] | None``: aliases spelled out, for messages."""
    return hint.__name__ if isinstance(hint, type) and not typing.get_args(hint) else str(hint)


def _to_jsonable(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_to_jsonable(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(_to_jsonable(v) for v in value)
    return value


def from_jsonable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(from_jsonable(v) for v in value)
    return value


def short_value(value: Any) -> str | dict[str, Any]:
    """A bounded description of any value as a message argument (``repr`` of garbage may be
    huge, too deep to print, or an int with too many digits)."""
    if value is MISSING:
        return M(N_("missing"))
    if (type(value) is int and abs(value) <= INT_LIMIT) or (type(value) is str
                                                            and len(value) <= 20):
        return repr(value)
    return M(N_("a value of type {type}"), type=type(value).__name__)
