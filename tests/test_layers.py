"""The layers hold: engine <- bots <- model <- ui <- scenes <- app, as pyproject.toml's
import-linter contract lists them (late imports inside functions count too)."""

import subprocess
import sys

from game import PROJECT_ROOT

# In a process of its own: import-linter configures logging for the whole process.
SCRIPT = """
import sys
import importlinter.cli
sys.exit(importlinter.cli.lint_imports(config_filename="pyproject.toml", no_cache=True,
                                       no_logo=True))
"""


def test_modules_import_only_from_lower_layers():
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=PROJECT_ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, (result.stdout + result.stderr)[-4000:]
    assert "1 kept, 0 broken" in result.stdout
