"""Settings: atomic save, round trip, corrupt files moved aside, odd values tamed."""

import json
import logging
import os
import time

import pytest

from game.settings import Settings, load_settings, save_settings


def test_round_trip_and_unknown_keys_are_kept(tmp_path):
    path = tmp_path / "cfg" / "settings.json"
    assert load_settings(path) == Settings()  # no file: defaults
    s = Settings(master_volume=0.3, fullscreen=True, animation_speed=1.5)
    s.extra["future_option"] = [1, 2]
    assert save_settings(s, path)
    back = load_settings(path)
    assert back == s and back.extra == {"future_option": [1, 2]}
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]  # no temp file left


def test_save_is_atomic_a_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    save_settings(Settings(music_volume=0.1), path)

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    assert save_settings(Settings(music_volume=0.9), path) is False
    monkeypatch.undo()
    assert load_settings(path).music_volume == pytest.approx(0.1)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_save_goes_through_a_temporary_file_and_replace(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    seen = []
    real = os.replace

    def spy(src, dst):
        seen.append((os.path.dirname(src), os.path.basename(src), str(dst)))
        real(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    save_settings(Settings(), path)
    [(folder, name, dst)] = seen
    assert folder == str(tmp_path) and name != "settings.json" and dst == str(path)


@pytest.mark.parametrize("content", [b"{not json", b"[1, 2]", b"\xff\xfe\x00garbage", b"",
                                     b"[" * 100_000 + b"]" * 100_000,
                                     b'{"a":' + b"[" * 100_000 + b"]" * 100_000 + b"}",
                                     b'{"master_volume": 1' + b"0" * 5000 + b"}"])
def test_corrupt_file_is_moved_aside_with_one_log_line(tmp_path, caplog, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="game.settings"):
        s = load_settings(path)
    assert s == Settings()
    assert not path.exists()
    assert (tmp_path / "settings.json.corrupt").read_bytes() == content
    assert len(caplog.records) == 1 and "corrupt" in caplog.records[0].getMessage()


def test_wrong_types_fall_back_and_values_are_clamped(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps(
            {
                "master_volume": 3,
                "music_volume": "loud",
                "fullscreen": 1,
                "effects_volume": -1,
                "animation_speed": 9,
            }
        )
    )
    s = load_settings(path)
    assert s.master_volume == 1.0 and s.music_volume == Settings().music_volume
    assert s.fullscreen is False and s.effects_volume == 0.0 and s.animation_speed == 2.0


def test_numbers_too_large_or_not_finite_fall_back(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"master_volume": 1%s, "music_volume": NaN, "ui_scale": Infinity,'
                    ' "animation_speed": -Infinity}' % ("0" * 400))
    s = load_settings(path)
    d = Settings()
    assert (s.master_volume, s.music_volume, s.ui_scale, s.animation_speed) == (
        d.master_volume, d.music_volume, d.ui_scale, d.animation_speed)


def test_temporary_files_left_by_a_killed_save_are_removed_at_start(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(Settings(music_volume=0.2), path)
    stale = tmp_path / ".settings.json.k1ll3d.tmp"
    fresh = tmp_path / ".settings.json.wr1t1ng.tmp"  # another copy of the game writing now
    others = [tmp_path / "settings.json.corrupt", tmp_path / ".settings.json.tmp.keep",
              tmp_path / "notes.tmp"]
    for p in [stale, fresh, *others]:
        p.write_text("{")
    old = time.time() - 3600
    for p in [stale, *others]:
        os.utime(p, (old, old))
    assert load_settings(path).music_volume == pytest.approx(0.2)
    assert not stale.exists()
    assert fresh.exists() and all(p.exists() for p in others)
