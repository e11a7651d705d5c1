"""Where texts were drawn: the ``Recorder`` canvas and ``check_boxes`` of
tests/ui/test_ui_scale.py, for the language tests (loaded from that file: one definition)."""

from sibling_tests import load

_ui_scale = load("ui/test_ui_scale.py")
Recorder = _ui_scale.Recorder
check_boxes = _ui_scale.check_boxes
