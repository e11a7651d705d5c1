"""The generated-file comparison tolerates encoder and rounding noise, and nothing more."""

import wave

import numpy as np
import pygame
import pytest
from same_content import assert_same_tree, difference


def write_png(path, pixels):
    surf = pygame.Surface(pixels.shape[:2], pygame.SRCALPHA)
    pygame.surfarray.pixels3d(surf)[...] = pixels[..., :3]
    pygame.surfarray.pixels_alpha(surf)[...] = pixels[..., 3]
    pygame.image.save(surf, str(path))


def write_wav(path, samples):
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(22050)
        w.writeframes(samples.astype("<i2").tobytes())


@pytest.fixture
def picture():
    rng = np.random.default_rng(7)
    return rng.integers(10, 240, size=(64, 48, 4)).astype(np.uint8)


def test_two_pixels_one_level_apart_are_the_same_picture(tmp_path, picture):
    write_png(tmp_path / "a.png", picture)
    nudged = picture.copy()
    nudged[3, 4, 0] += 1
    nudged[40, 20, 2] -= 1
    write_png(tmp_path / "b.png", nudged)
    assert (tmp_path / "a.png").read_bytes() != (tmp_path / "b.png").read_bytes()
    assert difference(tmp_path / "a.png", tmp_path / "b.png") is None


def test_a_changed_picture_is_reported(tmp_path, picture):
    write_png(tmp_path / "a.png", picture)
    changed = picture.copy()
    changed[10:20, 10:20, 1] = 255 - changed[10:20, 10:20, 1]
    write_png(tmp_path / "b.png", changed)
    assert "pixels differ" in difference(tmp_path / "a.png", tmp_path / "b.png")
    write_png(tmp_path / "c.png", picture[:32])
    assert "size" in difference(tmp_path / "a.png", tmp_path / "c.png")


def test_a_faint_wash_over_the_whole_picture_is_reported(tmp_path, picture):
    write_png(tmp_path / "a.png", picture)
    washed = picture.copy()
    washed[..., :3] += 2  # within the per-pixel tolerance, but everywhere
    write_png(tmp_path / "b.png", washed)
    assert difference(tmp_path / "a.png", tmp_path / "b.png") is not None


def test_sounds_compare_by_samples(tmp_path):
    t = np.arange(2205)
    tone = (8000 * np.sin(t / 7)).astype(np.int16)
    write_wav(tmp_path / "a.wav", tone)
    write_wav(tmp_path / "b.wav", tone + 1)
    assert difference(tmp_path / "a.wav", tmp_path / "b.wav") is None
    write_wav(tmp_path / "c.wav", tone // 2)
    assert "samples differ" in difference(tmp_path / "a.wav", tmp_path / "c.wav")
    write_wav(tmp_path / "d.wav", tone[:-1])
    assert "samples" in difference(tmp_path / "a.wav", tmp_path / "d.wav")


def test_text_files_compare_as_text(tmp_path):
    (tmp_path / "a.tmx").write_text("<map>\n</map>\n")
    (tmp_path / "b.tmx").write_bytes(b"<map>\r\n</map>\r\n")
    (tmp_path / "c.tmx").write_text("<map>\n<layer/></map>\n")
    assert difference(tmp_path / "a.tmx", tmp_path / "b.tmx") is None
    assert difference(tmp_path / "a.tmx", tmp_path / "c.tmx") == "the text differs"


def test_a_tree_with_a_missing_or_changed_file_fails(tmp_path):
    made, kept = tmp_path / "made", tmp_path / "kept"
    for root in (made, kept):
        root.mkdir()
        (root / "x.tsx").write_text("same")
    assert_same_tree(made, kept)
    (made / "new.tsx").write_text("extra")
    with pytest.raises(AssertionError, match="new.tsx: generated but not in the project"):
        assert_same_tree(made, kept)
