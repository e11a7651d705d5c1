"""Where texts were drawn: the ``Recorder`` canvas and ``check_boxes`` of
tests/ui/test_ui_scale.py, for the language tests (loaded from that file: one definition)."""

import importlib.util
from pathlib import Path

_PATH = Path(__file__).parents[1] / "ui" / "test_ui_scale.py"
_spec = importlib.util.spec_from_file_location("ui_scale_boxes", _PATH)
assert _spec is not None and _spec.loader is not None
_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_module)

Recorder = _module.Recorder
check_boxes = _module.check_boxes
