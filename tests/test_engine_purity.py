"""The rules engine never imports pygame (it runs in bots' processes, tools and servers)."""

import subprocess
import sys

from game import PROJECT_ROOT

SCRIPT = """
import importlib, pkgutil, sys
import game.engine as engine
names = [engine.__name__]
for info in pkgutil.walk_packages(engine.__path__, engine.__name__ + "."):
    names.append(info.name)
for name in names:
    importlib.import_module(name)
leaked = sorted(m for m in sys.modules if m == "pygame" or m.startswith("pygame."))
print(len(names), "modules")
assert not leaked, f"importing the engine loaded {leaked[:5]}"
"""


def test_engine_modules_do_not_import_pygame():
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr + result.stdout
    assert "modules" in result.stdout
