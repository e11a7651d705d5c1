"""Another test module's helpers (a canvas that records texts, an app driver), loaded from
its file so that each is written once."""

import importlib.util
from pathlib import Path
from types import ModuleType

TESTS = Path(__file__).parents[1]


def load(path: str) -> ModuleType:
    """The test module at ``tests/<path>``, imported under a name of its own."""
    name = "sibling_" + path.replace("/", "_").removesuffix(".py")
    spec = importlib.util.spec_from_file_location(name, TESTS / path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
