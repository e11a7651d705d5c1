"""No test or tool lists the games by name: generic tests and tools iterate ``GAMES`` (or,
about the shipped games' own files, ``GAME_PACKAGES``), so a game that plugs in meets them.
A test of one game's own rules names that game, and that is no list.

A list is a literal collection (list, tuple, set, dict keys, a ``parametrize`` list) holding
two or more game ids as texts, or a loop over such a collection.  What a test needs to know of
one game (how to play its table, its seats, its results' columns, its rules' colours) is in
that game's hooks (``tests/helpers/game_hooks/<id>.py``)."""

from __future__ import annotations

import ast
from pathlib import Path

from shipped_games import SHIPPED

from game import PROJECT_ROOT

# Lists about each game's own assets: the tool that writes each shipped game's theme.
OWN_ASSETS = frozenset({"tools/make_music.py"})


def _ids(node: ast.AST) -> set[str]:
    """Game ids written as texts directly in the collection ``node`` (nested tuples too)."""
    items: list[ast.AST]
    if isinstance(node, ast.Dict):
        items = [k for k in node.keys if k is not None]
    elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        items = list(node.elts)
    else:
        return set()
    found = set()
    for item in items:
        if isinstance(item, ast.Constant) and item.value in SHIPPED:
            found.add(item.value)
        elif isinstance(item, ast.Tuple) and item.elts and isinstance(item.elts[0], ast.Constant) \
                and item.elts[0].value in SHIPPED:
            found.add(item.elts[0].value)
    return found


def game_lists(source: str) -> list[int]:
    """The lines where ``source`` lists two or more games by name."""
    return sorted({node.lineno for node in ast.walk(ast.parse(source))
                   if len(_ids(node)) >= 2})


def listing_files() -> dict[str, list[int]]:
    out = {}
    for folder in ("tests", "tools"):
        for file in sorted((PROJECT_ROOT / folder).rglob("*.py")):
            path = file.relative_to(PROJECT_ROOT).as_posix()
            if path == "tests/test_no_game_lists.py":
                continue
            lines = game_lists(file.read_text(encoding="utf-8"))
            if lines:
                out[path] = lines
    return out


def test_no_test_or_tool_lists_the_games_by_name():
    found = listing_files()
    assert {p: n for p, n in found.items() if p not in OWN_ASSETS} == {}
    assert set(found) >= OWN_ASSETS, sorted(OWN_ASSETS - set(found))  # kept exact


def test_the_check_sees_a_list_of_games():
    a, b, c = SHIPPED[:3]
    assert game_lists(f'X = ("{a}", "{b}")\nY = {{"{c}": 1, "{a}": 2}}\n') == [1, 2]
    assert game_lists(f'@p.parametrize("g", [("{a}", 2), ("{b}", 3)])\ndef t(g): ...\n') == [1]
    assert game_lists(f'X = "{a}"\nY = ["{a}", "x"]\nassert g == "{b}"\n') == []


def test_it_checks_this_checkout():
    assert Path(__file__).resolve().parent.parent == PROJECT_ROOT
