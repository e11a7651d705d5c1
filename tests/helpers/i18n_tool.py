"""``tools/i18n.py`` as a module, for the catalog tests."""

import importlib.util
from pathlib import Path

_PATH = Path(__file__).resolve().parents[2] / "tools" / "i18n.py"
_spec = importlib.util.spec_from_file_location("landgrab_i18n_tool", _PATH)
assert _spec is not None and _spec.loader is not None
_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_module)

extract = _module.extract
catalog_problems = _module.catalog_problems
entry_problems = _module.entry_problems
TEMPLATE = _module.TEMPLATE
_read = _module._read
