"""The layers hold, as pyproject.toml's import-linter contracts list them (late imports
inside functions count too): engine <- bots <- model <- ui <- scenes <- app; inside each game
table -> art -> bots -> engine; no game imports another; the framework never imports a game."""

import subprocess
import sys
import tomllib

from game import PROJECT_ROOT
from game.registry import GAME_PACKAGES, GAMES

# In a process of its own: import-linter configures logging for the whole process.
SCRIPT = """
import sys
import importlinter.cli
sys.exit(importlinter.cli.lint_imports(config_filename="pyproject.toml", no_cache=True,
                                       no_logo=True))
"""


def _contracts() -> list[dict]:
    config = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return config["tool"]["importlinter"]["contracts"]


def test_modules_import_only_as_the_contracts_allow():
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=PROJECT_ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, (result.stdout + result.stderr)[-4000:]
    assert f"{len(_contracts())} kept, 0 broken" in result.stdout


def test_every_game_that_ships_is_under_the_per_game_contracts():
    shipped = {GAMES[g].package for g in GAMES if GAMES[g].package in GAME_PACKAGES}
    assert shipped == set(GAME_PACKAGES)
    for contract in _contracts():
        listed = contract.get("containers") or contract.get("modules")
        if contract["type"] in ("independence",) or "containers" in contract:
            assert set(listed) == shipped, contract["name"]
