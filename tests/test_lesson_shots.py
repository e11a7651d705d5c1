"""``tools/lesson_shots.py``: one picture per lesson step, with the coach's bubble showing."""

import importlib.util
import os
from pathlib import Path

import pygame
import pytest
from lessons import with_lesson

from game.ui import theme

_PATH = Path(__file__).resolve().parents[1] / "tools" / "lesson_shots.py"


def _tool():
    spec = importlib.util.spec_from_file_location("landgrab_lesson_shots", _PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_one_picture_per_step_then_the_free_part(tmp_path, monkeypatch):
    from scrap_lessons import OASIS

    monkeypatch.delenv("DISPLAY", raising=False)
    home = os.environ["LANDGRAB_HOME"]
    try:
        assert _tool().main(["oasis", "--out", str(tmp_path), "--lesson",
                             "scrap_lessons:OASIS", "--ui-scale", "1.25"]) == 0
    finally:
        os.environ["LANDGRAB_HOME"] = home
        theme.set_ui_scale(1.0)
    names = sorted(p.name for p in tmp_path.iterdir())
    steps = [f"oasis-en-1.25-step-{i + 1:02d}.png" for i in range(len(OASIS.steps))]
    assert names == sorted(steps + ["oasis-en-1.25-free.png"])
    shot = pygame.image.load(str(tmp_path / steps[0]))
    assert shot.get_size() == (1920, 1080)


def test_a_game_without_a_lesson_is_refused(tmp_path, capsys, monkeypatch):
    with_lesson(monkeypatch, "oasis", "")
    with pytest.raises(SystemExit) as info:
        _tool().main(["oasis", "--out", str(tmp_path)])
    assert info.value.code == 2
    assert "Oasis has no lesson yet" in capsys.readouterr().err
