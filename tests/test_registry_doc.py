"""The registry's docstring lists exactly what a new game provides: every part it lists is
there in the tests' own game (``tests/games/<id>/``, which plugs in through the registry
alone), and everything the framework and the tools load from a game is in the list."""

from __future__ import annotations

import importlib
import importlib.resources
import re

import pytest
from shipped_games import SHIPPED

import game.registry
from game import PROJECT_ROOT
from game.registry import GAMES
from game.registry.descriptor import GameInfo

OWN = [g for g in GAMES if g not in SHIPPED]  # the tests' own games
DOC = game.registry.__doc__ or ""


def provided() -> dict[str, str]:
    """The bullets of "What a new game provides": part (a path) -> the bullet's text."""
    section = DOC.split("What a new game provides", 1)[1].split("\nOptional:", 1)[0]
    bullets = re.findall(r"^- ``([^`]+)``:(.*?)(?=^- |\Z)", section, re.MULTILINE | re.DOTALL)
    return {part: " ".join(text.split()) for part, text in bullets}


def optional() -> str:
    return " ".join(DOC.split("\nOptional:", 1)[1].split("\n\n", 1)[0].split())


def _modules(info: GameInfo, part: str, text: str) -> list:
    """The modules a bullet speaks of: its part, and the modules it names inside it."""
    names = {"descriptor.py": [f"{info.package}.descriptor"], "engine/": [info.engine],
             "bots/": [info.bots], "table/": [info.table_module]}.get(part, [])
    for path in re.findall(r"``(\w+/\w+)\.py``", text):
        names.append(f"{info.package}.{path.replace('/', '.')}")
    return [importlib.import_module(n) for n in names]


def test_the_docstring_lists_the_parts():
    parts = provided()
    assert {"descriptor.py", "engine/", "bots/", "table/", "rules.md"} <= set(parts), parts


@pytest.mark.parametrize("game_id", OWN)
def test_a_game_of_the_tests_provides_every_part_listed(game_id):
    info = GAMES[game_id]
    folder = importlib.resources.files(info.package)
    for part, text in provided().items():
        path = (PROJECT_ROOT / part.replace("<id>", game_id) if part.startswith("tests/")
                else folder / part.rstrip("/"))
        assert path.is_dir() if part.endswith("/") else path.is_file(), part
        modules = _modules(info, part, text)
        for name in re.findall(r"``([a-z_]\w*)\(", text) + re.findall(r"``([A-Z][A-Z_]+)``", text):
            assert any(hasattr(m, name) for m in modules), f"{part} lacks {name}"
    assert info.table_parts() is not None


def _loaded_from_games() -> set[str]:
    """Names the framework and the tools read from a game's modules (bots, engine)."""
    names: set[str] = set()
    for file in [*(PROJECT_ROOT / "game").rglob("*.py"), *(PROJECT_ROOT / "tools").rglob("*.py")]:
        if "game/games/" in file.as_posix():
            continue
        code = file.read_text(encoding="utf-8")
        names |= set(re.findall(r"bots_module\([^()]*\)\.(\w+)", code))
        names |= set(re.findall(r"getattr\(bots_module\([^()]*\), \"(\w+)\"", code))
        names |= set(re.findall(r"import_module\([^()]*\.(?:bots|engine)\)\.(\w+)", code))
        for var in re.findall(r"(\w+) = bots_module\(", code):
            names |= set(re.findall(rf"\b{var}\.(\w+)", code))
    return names


def test_everything_the_framework_loads_from_a_game_is_listed():
    loaded = _loaded_from_games()
    assert {"make", "search_rules", "new_game", "bench_normal_decisions"} <= loaded, loaded
    words = set(re.findall(r"``(\w+)\(", DOC)) | set(re.findall(r"``(\w+)``", optional()))
    assert loaded <= words, sorted(loaded - words)


def test_every_field_of_a_descriptor_is_described():
    doc = " ".join((GameInfo.__doc__ or "").split())
    fields = [f for f in GameInfo.__dataclass_fields__]
    assert [f for f in fields if not re.search(rf"\b{f}\b", doc)] == []
