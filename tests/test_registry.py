"""The registry is the one list of games: every entry is complete and consistent with the
game's own packages, and no module outside a game's own packages names a game."""

from __future__ import annotations

import ast
import importlib
import importlib.resources
import importlib.util
from pathlib import Path

import pytest

from game import PROJECT_ROOT, palette
from game.registry import GAME_PACKAGES, GAMES
from game.rules_text import RULES_FILE

GAME_DIR = PROJECT_ROOT / "game"
CANVAS = (1920, 1080)
# Words that are also game ids but mean something else where they appear.
NOT_A_GAME: set[tuple[str, str]] = set()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_entry_names_parts_that_exist(game_id):
    info = GAMES[game_id]
    assert info.id == game_id
    state = info.new(info.max_players, 1)
    assert game_id == state.GAME_ID
    assert tuple(state.player_names) == info.seat_colours
    assert callable(importlib.import_module(info.bots).make)
    module, _, cls = info.table.partition(":")
    assert cls and importlib.util.find_spec(module) is not None
    assert importlib.resources.files(info.package).joinpath(RULES_FILE).is_file()
    if info.map_name:  # a board drawn in code has no map file (menus draw a stand-in)
        assert (PROJECT_ROOT / "maps" / f"{info.map_name}.tmx").is_file()
    if info.package in GAME_PACKAGES:  # a game without a theme plays silence
        assert (PROJECT_ROOT / "music" / f"{info.music}.ogg").is_file()


def test_the_table_entry_point_is_where_the_table_scene_looks():
    from game.scenes.table import table_module_name

    for game_id, info in GAMES.items():
        assert info.table_module == table_module_name(game_id)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_entry_describes_its_game_for_every_screen(game_id):
    info = GAMES[game_id]
    assert 1 <= info.min_players <= info.max_players == len(info.seat_colours)
    assert info.colours[: len(info.seat_colours)] == info.seat_colours
    assert len(set(info.colours)) == len(info.colours)
    assert set(info.colours) <= set(palette.PLAYER_NAMES)
    assert len(info.howto) == 4 and all(s.title and s.text for s in info.howto)
    assert 0 < info.demo_caption[0] < CANVAS[0] and 0 < info.demo_caption[1] < CANVAS[1]
    assert info.min_players <= info.bench_players <= info.max_players
    assert palette.seat_colours(game_id) == tuple(
        palette.PLAYER_NAMES.index(c) for c in info.seat_colours)
    # the replay bar's words name phases the game has, and none for its end (nobody acts)
    phases = set(importlib.import_module(info.engine).PHASES)
    named = [phase for phase, _words in info.phase_words]
    assert len(set(named)) == len(named) and set(named) <= phases - {"over"}


def _own_package(path: str, game_id: str) -> bool:
    """Whether ``path`` (relative to the project) belongs to the game ``game_id`` itself."""
    return path.startswith(f"game/games/{game_id}/")


def _named_games(tree: ast.AST) -> set[str]:
    """Game ids the module names in code: string constants (not docstrings) and imports."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    named = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docstrings and node.value in GAMES:
            named.add(node.value)
        elif isinstance(node, ast.ImportFrom) and node.module:
            named |= {g for g in GAMES if g in node.module.split(".")}
        elif isinstance(node, ast.Import):
            named |= {g for a in node.names for g in GAMES if g in a.name.split(".")}
    return named


def test_no_module_but_the_registry_and_a_games_own_packages_names_a_game():
    offenders = []
    for file in sorted(GAME_DIR.rglob("*.py")):
        path = file.relative_to(PROJECT_ROOT).as_posix()
        if path.startswith("game/registry/__init__"):
            continue
        for game_id in _named_games(ast.parse(file.read_text(encoding="utf-8"))):
            if not _own_package(path, game_id) and (path, game_id) not in NOT_A_GAME:
                offenders.append(f"{path}: {game_id}")
    assert offenders == []


def test_the_check_sees_a_game_named_in_code_but_not_in_a_docstring():
    a, b, c = list(GAMES)[:3]
    tree = ast.parse(f'"""{a}"""\nfrom game.games.{b}.engine import x\nK = "{c}"\n')
    assert _named_games(tree) == {b, c}


def test_the_project_root_is_the_checkout():
    assert Path(__file__).resolve().parent.parent == PROJECT_ROOT
