"""Small modules and classes across ``game/`` (``tools/`` and the tests are not counted): no
module over ``MAX_LINES`` lines, no class with more than ``MAX_METHODS`` methods of its own
(properties and static methods count; inherited ones do not).  A module or class that grows
past them is split by what it holds, not given an exception.
"""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
MAX_LINES = 500
MAX_METHODS = 40

#: The modules and classes still being split (their owners are at it), each with its size
#: when this list was written.  The list only shrinks: an entry back within the limits fails
#: ``test_the_exceptions_only_shrink`` until it is taken out.
TOO_LONG: dict[str, int] = {
}
TOO_MANY_METHODS: dict[str, int] = {
}


def methods(node: ast.ClassDef) -> int:
    return sum(isinstance(b, (ast.FunctionDef, ast.AsyncFunctionDef)) for b in node.body)


def sizes(root: Path = GAME) -> tuple[dict[str, int], dict[str, int]]:
    """Lines of each module under ``root`` and methods of each class, keyed by path (and
    ``path::Class``) from the project's root."""
    lines, classes = {}, {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root.parent).as_posix()
        source = path.read_text(encoding="utf-8")
        lines[rel] = len(source.splitlines())
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef):
                classes[f"{rel}::{node.name}"] = methods(node)
    return lines, classes


def over(measured: dict[str, int], limit: int, allowed: dict[str, int]) -> list[str]:
    return [f"{name}: {n} (at most {limit})" for name, n in measured.items()
            if n > limit and name not in allowed]


def test_no_module_is_too_long():
    lines, _classes = sizes()
    assert not over(lines, MAX_LINES, TOO_LONG), "\n".join(over(lines, MAX_LINES, TOO_LONG))


def test_no_class_has_too_many_methods():
    _lines, classes = sizes()
    bad = over(classes, MAX_METHODS, TOO_MANY_METHODS)
    assert not bad, "\n".join(bad)


def test_the_exceptions_only_shrink():
    """An exception is for a module or class still over the limit: one split since is taken
    off the list."""
    lines, classes = sizes()
    stale = [f"{name}: {lines.get(name)} lines" for name in TOO_LONG
             if lines.get(name, 0) <= MAX_LINES]
    stale += [f"{name}: {classes.get(name)} methods" for name in TOO_MANY_METHODS
              if classes.get(name, 0) <= MAX_METHODS]
    assert not stale, "within the limits now, take off the list:\n" + "\n".join(stale)


def test_the_counts_are_of_the_code_itself(tmp_path):
    package = tmp_path / "game"
    package.mkdir()
    body = "".join(f"    def m{i}(self):\n        pass\n" for i in range(41))
    (package / "big.py").write_text("class Big:\n" + body + "    class Inner:\n"
                                    "        def one(self):\n            pass\n")
    lines, classes = sizes(package)
    assert lines == {"game/big.py": 1 + 2 * 41 + 3}
    assert classes == {"game/big.py::Big": 41, "game/big.py::Inner": 1}
    assert over(classes, MAX_METHODS, {}) == ["game/big.py::Big: 41 (at most 40)"]
