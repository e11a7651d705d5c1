"""Compare a freshly generated asset with the committed one by what it *contains*.

PNG encoders, zlib and numpy's float rounding may change between the versions pip installs
on a given day, so generated files are never compared byte for byte: images are decoded and
compared pixel by pixel with a small tolerance, sounds sample by sample, and text files
(maps, tilesets, SVG) as text.
"""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np
import pygame

PIXEL_TOLERANCE = 3  # levels of 255 any channel of any pixel may move
MEAN_PIXEL_TOLERANCE = 0.05  # mean absolute difference over all channels, in levels
SAMPLE_TOLERANCE = 4  # steps of 32768 any sample may move


def image_pixels(path: Path) -> np.ndarray:
    surf = pygame.image.load(str(path))
    rgb = pygame.surfarray.array3d(surf).astype(np.int16)
    try:
        alpha = pygame.surfarray.array_alpha(surf).astype(np.int16)[..., None]
    except ValueError:  # no alpha channel
        alpha = np.full(rgb.shape[:2] + (1,), 255, np.int16)
    return np.concatenate([rgb, alpha], axis=2)


def wav_samples(path: Path) -> tuple[tuple[int, int, int], np.ndarray]:
    with wave.open(str(path), "rb") as w:
        params = (w.getnchannels(), w.getsampwidth(), w.getframerate())
        frames = w.readframes(w.getnframes())
    dtype = {1: np.uint8, 2: np.int16, 4: np.int32}[params[1]]
    return params, np.frombuffer(frames, dtype=dtype).astype(np.int64)


def difference(made: Path, committed: Path) -> str | None:
    """None when the two files hold the same content; otherwise what differs, in words."""
    suffix = committed.suffix.lower()
    if suffix == ".png":
        a, b = image_pixels(made), image_pixels(committed)
        if a.shape != b.shape:
            return f"size {a.shape[:2]} instead of {b.shape[:2]}"
        diff = np.abs(a - b)
        if diff.max() > PIXEL_TOLERANCE or diff.mean() > MEAN_PIXEL_TOLERANCE:
            moved = int(np.count_nonzero(diff.max(axis=2)))
            return f"{moved} pixels differ, by up to {int(diff.max())} levels"
        return None
    if suffix == ".wav":
        (pa, a), (pb, b) = wav_samples(made), wav_samples(committed)
        if pa != pb or a.shape != b.shape:
            return f"format {pa} / {a.size} samples instead of {pb} / {b.size}"
        worst = int(np.abs(a - b).max()) if a.size else 0
        return f"samples differ by up to {worst}" if worst > SAMPLE_TOLERANCE else None
    text_a = made.read_text(encoding="utf-8").replace("\r\n", "\n")
    text_b = committed.read_text(encoding="utf-8").replace("\r\n", "\n")
    return None if text_a == text_b else "the text differs"


def assert_same_tree(made_root: Path, committed_root: Path) -> None:
    """Every file under ``made_root`` exists under ``committed_root`` with the same content."""
    made = sorted(p.relative_to(made_root) for p in made_root.rglob("*") if p.is_file())
    assert made, "the generator wrote nothing"
    problems = []
    for rel in made:
        committed = committed_root / rel
        if not committed.is_file():
            problems.append(f"{rel}: generated but not in the project")
        elif (why := difference(made_root / rel, committed)) is not None:
            problems.append(f"{rel}: {why}")
    assert not problems, "generated files differ from the committed ones:\n" + "\n".join(problems)
