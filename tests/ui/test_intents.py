"""Input intents from keyboard, mouse and controllers; widgets and focus without a mouse."""

import pygame
import pytest

from game.ui import intents as I
from game.ui.focus import FocusGroup
from game.ui.intents import InputMapper
from game.ui.rows import Choice, Slider, TextField, Toggle
from game.ui.tween import Smoothed, Tween, Tweens, ease_out_back, linear
from game.ui.widgets import Button

E = pygame.event.Event


def kinds(intents):
    return [i.kind for i in intents]


@pytest.fixture
def mapper():
    return InputMapper()


def test_keyboard(mapper):
    key = lambda k, mod=0: mapper.translate(E(pygame.KEYDOWN, key=k, mod=mod))  # noqa: E731
    assert key(pygame.K_LEFT) == [I.move(-1, 0)]
    assert kinds(key(pygame.K_TAB)) == [I.NEXT]
    assert kinds(key(pygame.K_TAB, pygame.KMOD_LSHIFT)) == [I.PREV]
    assert (
        kinds(key(pygame.K_RETURN) + key(pygame.K_SPACE) + key(pygame.K_KP_ENTER))
        == [I.CONFIRM] * 3
    )
    assert kinds(key(pygame.K_ESCAPE)) == [I.BACK]
    assert key(pygame.K_e) == [I.rotate(1)]
    assert key(pygame.K_PAGEUP) == [I.rotate(-1)]
    assert key(pygame.K_r) == [I.key(pygame.K_r)]
    assert mapper.translate(E(pygame.TEXTINPUT, text="7")) == [I.text("7")]


def test_held_arrow_repeats_until_released(mapper):
    mapper.translate(E(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0))
    assert mapper.update(I.REPEAT_DELAY - 0.01) == []
    repeats = mapper.update(0.01 + 2 * I.REPEAT_INTERVAL)
    assert len(repeats) >= 2 and all(r.dy == 1 and r.repeat for r in repeats)
    mapper.translate(E(pygame.KEYUP, key=pygame.K_DOWN, mod=0))
    assert mapper.update(1.0) == []


def test_mouse(mapper):
    assert mapper.translate(E(pygame.MOUSEMOTION, pos=(5, 6), rel=(1, 1), buttons=(1, 0, 0))) == [
        I.point((5, 6), held=True)
    ]
    assert mapper.translate(E(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=1)) == [I.click((5, 6))]
    assert mapper.translate(E(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=4)) == []  # old wheel
    assert mapper.translate(E(pygame.MOUSEWHEEL, x=0, y=-2)) == [I.wheel(-1)]


def test_controller_buttons_and_stick(mapper):
    def button(b):
        return mapper.translate(E(pygame.CONTROLLERBUTTONDOWN, instance_id=3, button=b))

    assert kinds(button(pygame.CONTROLLER_BUTTON_A)) == [I.CONFIRM]
    assert kinds(button(pygame.CONTROLLER_BUTTON_B)) == [I.BACK]
    assert kinds(button(pygame.CONTROLLER_BUTTON_START)) == [I.MENU]
    assert button(pygame.CONTROLLER_BUTTON_LEFTSHOULDER)[0].amount == -1
    assert button(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)[0].amount == 1
    assert [(i.dx, i.dy) for i in button(pygame.CONTROLLER_BUTTON_DPAD_UP)] == [(0, -1)]
    mapper.translate(
        E(pygame.CONTROLLERBUTTONUP, instance_id=3, button=pygame.CONTROLLER_BUTTON_DPAD_UP)
    )

    def axis(a, v):
        return mapper.translate(E(pygame.CONTROLLERAXISMOTION, instance_id=3, axis=a, value=v))

    lx = pygame.CONTROLLER_AXIS_LEFTX
    assert axis(lx, 8000) == []  # inside the deadzone
    assert [(i.dx, i.dy) for i in axis(lx, 30000)] == [(1, 0)]
    assert axis(lx, 31000) == []  # still held: no new press, repeats come from update()
    assert axis(lx, 14000) == []  # above the release threshold: still held
    assert len(mapper.update(I.REPEAT_DELAY + 0.01)) == 1
    axis(lx, 0)
    assert mapper.update(1.0) == []


def test_plain_joystick_and_hot_unplug(mapper):
    assert kinds(mapper.translate(E(pygame.JOYBUTTONDOWN, instance_id=9, button=0, joy=0))) == [
        I.CONFIRM
    ]
    hat = mapper.translate(E(pygame.JOYHATMOTION, instance_id=9, hat=0, value=(0, 1)))
    assert [(i.dx, i.dy) for i in hat] == [(0, -1)]  # hat up is y+1; on screen that is up
    mapper.translate(E(pygame.JOYDEVICEREMOVED, instance_id=9))
    assert mapper.update(1.0) == []  # the held direction went with the pad


def test_focus_group_tab_spatial_and_hover():
    pygame.font.init()
    a = Button((100, 100, 300, 80), "A")
    b = Button((100, 200, 300, 80), "B")
    c = Button((500, 200, 300, 80), "C")
    off = Button((500, 100, 300, 80), "Off", enabled=False)
    group = FocusGroup([a, b, c, off])
    assert group.focused is a
    group.handle(I.move(0, 1))
    assert group.focused is b
    group.handle(I.move(1, 0))
    assert group.focused is c
    group.handle(I.move(0, -1))
    assert group.focused is a  # straight above C is disabled: the nearest one up is A
    group.handle(I.move(-1, 0))
    assert group.focused is a  # nothing further left
    group.handle(I.simple(I.PREV))
    assert group.focused is c  # wraps backwards, skipping the disabled one
    group.handle(I.simple(I.NEXT))
    assert group.focused is a
    group.handle(I.point((150, 230)))
    assert group.focused is b


def test_widgets_without_a_mouse():
    pygame.font.init()
    pressed, toggled, chosen, typed = [], [], [], []
    button = Button((0, 0, 300, 80), "Go", lambda: pressed.append(1))
    toggle = Toggle((0, 100, 800, 90), "Fullscreen", False, toggled.append)
    slider = Slider((0, 200, 800, 90), "Volume", 0.5, on_change=lambda v: None)
    choice = Choice((0, 300, 800, 90), "Kind", [("h", "Human"), ("b", "Bot")], "h", chosen.append)
    field = TextField((0, 400, 800, 90), "Seed", "1", on_change=typed.append)
    group = FocusGroup([button, toggle, slider, choice, field])
    group.handle(I.simple(I.CONFIRM))
    assert pressed == [1]
    group.handle(I.simple(I.NEXT))
    group.handle(I.simple(I.CONFIRM))
    assert toggled == [True]
    group.handle(I.simple(I.NEXT))
    group.handle(I.move(1, 0))
    assert slider.value == pytest.approx(0.55)
    group.handle(I.move(-1, 0))
    group.handle(I.move(-1, 0))
    assert slider.value == pytest.approx(0.45)
    group.handle(I.simple(I.NEXT))
    group.handle(I.move(-1, 0))
    assert chosen == ["b"]
    group.handle(I.simple(I.NEXT))
    group.handle(I.text("2"))
    group.handle(I.text("a"))
    group.handle(I.key(pygame.K_BACKSPACE))
    assert typed == ["12", "1"]
    for _ in range(30):
        group.update(1 / 60)
    surface = pygame.Surface((1000, 600))
    group.draw(surface)


def test_slider_click_and_drag():
    pygame.font.init()
    got = []
    s = Slider((0, 0, 1000, 90), "Volume", 0.0, on_change=got.append)
    t = s.track
    assert s.handle(I.click((t.centerx, t.centery)))
    assert s.value == pytest.approx(0.5)
    s.handle(I.point((t.right, t.centery), held=True))
    assert s.value == 1.0
    s.handle(I.release((t.right, t.centery)))
    s.handle(I.point((t.x, t.centery), held=False))
    assert s.value == 1.0


def test_tweens():
    done = []
    t = Tween(0, 10, 1.0, linear, delay=0.5, on_done=lambda: done.append(1))
    tweens = Tweens()
    tweens.add(t)
    tweens.update(0.5)
    assert t.value == 0
    tweens.update(0.5)
    assert t.value == pytest.approx(5)
    tweens.update(0.6)
    assert t.value == 10 and done == [1] and not tweens.busy
    assert Tween((0, 0), (10, 20), 1.0, linear).value == (0, 0)
    assert ease_out_back(1.0) == pytest.approx(1.0) and ease_out_back(0.0) == pytest.approx(0.0)
    s = Smoothed(0.0, 0.2)
    s.target = 1.0
    s.update(0.1)
    assert 0 < s.value < 1
    s.update(0.2)
    assert s.value == 1.0
