"""The layers hold: engine <- bots <- model <- ui <- scenes <- app, as pyproject.toml's
import-linter contract lists them (late imports inside functions count too)."""

import importlinter.cli

from game import PROJECT_ROOT


def test_modules_import_only_from_lower_layers(capsys):
    code = importlinter.cli.lint_imports(config_filename=str(PROJECT_ROOT / "pyproject.toml"),
                                         no_cache=True, no_logo=True)
    assert code == 0, capsys.readouterr().out[-4000:]
