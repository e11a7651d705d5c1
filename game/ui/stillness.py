"""Whether the screen has stopped changing, so the app may draw less often.

``FrameWatch.look(canvas)`` after each frame is drawn: it compares one of ``BANDS``
interleaved sets of rows with the same rows ``BANDS`` frames before (a few hundred
microseconds at 1920x1080, so a moving screen keeps its frame time), and the screen counts as
``still`` once every row has matched.  While still, ``look(canvas, whole=True)`` compares
every row, so the first frame that changes anywhere ends the rest.  Comparing pixels rather
than asking scenes what moves keeps every animation at full rate without each scene having
to tell: whatever changes on screen, changes the pixels.
"""

from __future__ import annotations

import math

import numpy as np
import pygame

BANDS = 8  # interleaved row sets: one is compared per frame
# Ambient motion -- what moves only to look alive: the title's pan and drifting cards, the
# breathing of the focus ring, a pulsing highlight -- slows to a stop once nobody has touched
# anything for AMBIENT_REST seconds (then the screen can rest), and comes back at the first
# input.  Things that happen (a move played, a tween, a bot's turn) are not ambient.
AMBIENT_REST = 20.0
AMBIENT_EASE = 2.0  # seconds to slow to a stop, or to get back to full motion

_ambient = 1.0  # the share of ambient motion playing now


def ambient() -> float:
    """The share of ambient motion playing now: 1, down to 0 on a screen left alone."""
    return _ambient


def wave(t: float, rate: float) -> float:
    """``sin(t * rate)`` for an ambient pulse: flattening to 0 on a screen left alone."""
    return math.sin(t * rate) * _ambient


def reset() -> None:
    """Full ambient motion (a new app)."""
    global _ambient
    _ambient = 1.0


def settle(idle_seconds: float, dt: float) -> None:
    """Once a frame (the app): ``idle_seconds`` since the last input (0 while a screen
    invites players, as the kiosk's attract loop does)."""
    global _ambient
    step = dt / AMBIENT_EASE
    if idle_seconds >= AMBIENT_REST:
        _ambient = max(0.0, _ambient - step)
    else:
        _ambient = min(1.0, _ambient + step)


class FrameWatch:
    def __init__(self) -> None:
        self._rows: list[np.ndarray | None] = [None] * BANDS  # each band as last seen
        self._frame = 0
        self._same = 0  # bands in a row found unchanged

    @property
    def still(self) -> bool:
        """Every row of the canvas is as it was ``BANDS`` frames or more before."""
        return self._same >= BANDS

    def wake(self) -> None:
        """Count the screen as moving again (until every band has matched anew)."""
        self._same = 0

    def look(self, canvas: pygame.Surface, whole: bool = False) -> bool:
        """Compare this frame with the ones before (one band, or every band with ``whole``);
        returns whether what was compared changed."""
        try:
            pixels = pygame.surfarray.pixels2d(canvas)  # a view: nothing is copied
        except (ValueError, pygame.error):  # not 32 bits a pixel: never counted as still
            self._same = 0
            return True
        try:
            bands = range(BANDS) if whole else (self._frame % BANDS,)
            changed = False
            for band in bands:
                changed |= self._compare(band, pixels.T[band::BANDS])  # rows, x fastest
        finally:
            del pixels  # the canvas stays locked while a view exists
        self._frame += 1
        if changed:
            self._same = 0
        else:
            self._same += len(bands)
        return changed

    def _compare(self, band: int, rows: np.ndarray) -> bool:
        seen = self._rows[band]
        if seen is None or seen.shape != rows.shape:
            self._rows[band] = rows.copy()
            return True
        if np.array_equal(seen, rows):
            return False
        np.copyto(seen, rows)
        return True
