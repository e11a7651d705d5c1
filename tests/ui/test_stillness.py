"""A still screen rests: the app draws it a few times a second instead of 60, wakes at the first
input without losing it, and keeps the full rate for whatever moves (ambient motion settles on
a screen left alone, then comes back)."""

import pygame
import pytest

from game.app import App
from game.config import Config
from game.scenes.title import TitleScene
from game.seats import make_seat
from game.ui import stillness
from game.ui.stillness import AMBIENT_EASE, AMBIENT_REST, BANDS, FrameWatch

DT = 1 / 60


@pytest.fixture
def app():
    made = App(Config(mute=True))
    pygame.event.clear()
    yield made
    made.close()
    stillness.reset()


def frames(app, seconds: float, dt: float = 0.1) -> list[bool]:
    """Step ``seconds`` of frames ``dt`` apart; whether the app would rest after each."""
    out = []
    for _ in range(round(seconds / dt)):
        app.step(dt)
        out.append(app.resting)
    return out


def test_frame_watch_sees_a_change_anywhere_once_still():
    canvas = pygame.Surface((64, 48), depth=32)
    watch = FrameWatch()
    for _ in range(2 * BANDS):
        watch.look(canvas)
    assert watch.still
    canvas.set_at((63, 47), (1, 2, 3))  # one pixel, in the last row
    assert watch.look(canvas, whole=True) and not watch.still


def test_the_title_moves_at_full_rate_then_rests_when_left_alone(app):
    title = app.stack.top
    assert isinstance(title, TitleScene)
    lively = frames(app, AMBIENT_REST - 1)
    assert not any(lively)  # the cards drift and the board pans: every frame is drawn
    t = title.t
    settled = frames(app, AMBIENT_EASE + 3)
    assert settled[-1] and title.t > t  # slowed down, stopped, and the screen rests
    assert stillness.ambient() == 0


def test_input_wakes_a_resting_screen_at_once_and_is_not_lost(app):
    frames(app, AMBIENT_REST + AMBIENT_EASE + 3)
    assert app.resting
    title = app.stack.top
    focused = title.group.focused
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                         unicode="", scancode=0))
    app._rest()  # the wait ends on the key ...
    app.step(DT)  # ... which the next frame handles
    assert title.group.focused is not focused
    assert not app.resting
    frames(app, 0.5, DT)
    assert stillness.ambient() > 0  # the drift comes back


def test_a_table_stays_awake_while_a_bot_thinks(monkeypatch):
    seats = [make_seat("oregon", 0, "human"), make_seat("oregon", 1, "bot", "easy")]
    table = App(Config(mute=True, game="oregon", seats=seats, seed=3))
    try:
        frames(table, AMBIENT_REST + AMBIENT_EASE + 3)
        scene = table.stack.top
        assert table.resting and not scene.keeps_awake  # the human's turn, nothing moving
        scene.bot_driver.seat = 1  # as while seat 1's bot thinks
        assert scene.keeps_awake
        scene.bot_driver.seat = None
        monkeypatch.setattr(type(scene), "keeps_awake", property(lambda s: True))
        table.step(DT)
        assert not table.resting  # its answer will show at once
    finally:
        table.close()
        stillness.reset()
