"""Mouse, keyboard and game controllers all become the same ``Intent`` objects.

Scenes and widgets never look at raw pygame events; they receive intents:

    POINT   pos (held=True while the left button is down: a drag)   mouse moved
    CLICK   pos, button (1 left, 2 middle, 3 right)                 mouse button pressed
    RELEASE pos, button                                              mouse button released
    WHEEL   amount (+1 up / -1 down)
    MOVE    dx, dy in {-1, 0, 1}       arrows, d-pad, left stick (repeats while held)
    NEXT / PREV                        Tab / Shift+Tab
    CONFIRM                            Enter, keypad Enter, Space, pad A
    BACK                               Esc, pad B
    MENU                               pad Start, the keyboard's Menu key
    ROTATE  amount (-1 left / +1 right)  Q / E, Page Up / Page Down, pad shoulders
    TEXT    char                       typed text (for text fields)
    KEY     key (a pygame key code), mod   every other key; pad X / Y / Back arrive as
                                           KEY with key "pad_x", "pad_y", "pad_back"

Mouse positions are logical canvas coordinates (``pygame.SCALED`` converts them).
Controllers are opened as they are plugged in and dropped when unplugged.  Devices SDL knows
as game controllers are read through ``pygame._sdl2.controller`` (one layout for every pad);
other joysticks through ``pygame.joystick`` (button 0 = confirm, 1 = back, 4/5 = shoulders).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import pygame

log = logging.getLogger(__name__)

POINT = "point"
CLICK = "click"
RELEASE = "release"
WHEEL = "wheel"
MOVE = "move"
NEXT = "next"
PREV = "prev"
CONFIRM = "confirm"
BACK = "back"
MENU = "menu"
ROTATE = "rotate"
TEXT = "text"
KEY = "key"

MOUSE = "mouse"
KEYBOARD = "keyboard"
PAD = "pad"


@dataclass(frozen=True, slots=True)
class Intent:
    kind: str
    pos: tuple[int, int] | None = None
    button: int = 0
    dx: int = 0
    dy: int = 0
    amount: int = 0
    char: str = ""
    key: Any = None
    mod: int = 0
    held: bool = False
    source: str = ""
    repeat: bool = False  # a MOVE repeated because the direction is held

    @property
    def is_pointer(self) -> bool:
        return self.pos is not None

    @property
    def xy(self) -> tuple[int, int]:
        """Where a pointer intent (click, point, release, wheel) points."""
        if self.pos is None:
            raise ValueError(f"a {self.kind} intent has no position")
        return self.pos


def point(pos, held: bool = False) -> Intent:
    return Intent(POINT, pos=tuple(pos), held=held, source=MOUSE)


def click(pos, button: int = 1) -> Intent:
    return Intent(CLICK, pos=tuple(pos), button=button, source=MOUSE)


def release(pos, button: int = 1) -> Intent:
    return Intent(RELEASE, pos=tuple(pos), button=button, source=MOUSE)


def wheel(amount: int) -> Intent:
    return Intent(WHEEL, amount=amount, source=MOUSE)


def move(dx: int, dy: int, source: str = KEYBOARD, repeat: bool = False) -> Intent:
    return Intent(MOVE, dx=dx, dy=dy, source=source, repeat=repeat)


def simple(kind: str, source: str = KEYBOARD) -> Intent:
    """NEXT, PREV, CONFIRM, BACK or MENU."""
    return Intent(kind, source=source)


def rotate(amount: int, source: str = KEYBOARD) -> Intent:
    return Intent(ROTATE, amount=amount, source=source)


def text(char: str) -> Intent:
    return Intent(TEXT, char=char, source=KEYBOARD)


def key(code: Any, mod: int = 0, source: str = KEYBOARD) -> Intent:
    return Intent(KEY, key=code, mod=mod, source=source)


# --- keyboard --------------------------------------------------------------------------------
ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
_CONFIRM_KEYS = {pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE}
_ROTATE_KEYS = {pygame.K_q: -1, pygame.K_e: 1, pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}

# --- controllers -----------------------------------------------------------------------------
REPEAT_DELAY = 0.38  # seconds a direction is held before it repeats
REPEAT_INTERVAL = 0.11
STICK_PRESS = 0.55  # stick deflection (0..1) that counts as a press ...
STICK_RELEASE = 0.35  # ... and the one under which it is let go (hysteresis, no jitter)

_PAD_DPAD = {
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: (-1, 0),
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (1, 0),
    pygame.CONTROLLER_BUTTON_DPAD_UP: (0, -1),
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: (0, 1),
}
_PAD_BUTTONS = {
    pygame.CONTROLLER_BUTTON_A: lambda: simple(CONFIRM, PAD),
    pygame.CONTROLLER_BUTTON_B: lambda: simple(BACK, PAD),
    pygame.CONTROLLER_BUTTON_START: lambda: simple(MENU, PAD),
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: lambda: rotate(-1, PAD),
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: lambda: rotate(1, PAD),
    pygame.CONTROLLER_BUTTON_X: lambda: key("pad_x", source=PAD),
    pygame.CONTROLLER_BUTTON_Y: lambda: key("pad_y", source=PAD),
    pygame.CONTROLLER_BUTTON_BACK: lambda: key("pad_back", source=PAD),
}
# Plain joysticks (no SDL mapping): the common Xbox-like order.
_JOY_BUTTONS = {
    0: lambda: simple(CONFIRM, PAD),
    1: lambda: simple(BACK, PAD),
    2: lambda: key("pad_x", source=PAD),
    3: lambda: key("pad_y", source=PAD),
    4: lambda: rotate(-1, PAD),
    5: lambda: rotate(1, PAD),
    6: lambda: key("pad_back", source=PAD),
    7: lambda: simple(MENU, PAD),
}


def _sign(v: float, press: float, release: float, current: int) -> int:
    """Stick axis value (-1..1) -> -1/0/1, with hysteresis around the current state."""
    if current and abs(v) >= release and (v > 0) == (current > 0):
        return current
    if v >= press:
        return 1
    if v <= -press:
        return -1
    return 0


class _Repeater:
    """Directions held down (per source) that emit MOVE again while held."""

    def __init__(self) -> None:
        self.held: dict[Any, list] = {}  # source key -> [dx, dy, timer, origin]

    def press(self, who: Any, dx: int, dy: int, origin: str) -> list[Intent]:
        if (dx, dy) == (0, 0):
            self.held.pop(who, None)
            return []
        current = self.held.get(who)
        if current and current[0] == dx and current[1] == dy:
            return []
        self.held[who] = [dx, dy, REPEAT_DELAY, origin]
        return [move(dx, dy, origin)]

    def release(self, who: Any) -> None:
        self.held.pop(who, None)

    def update(self, dt: float) -> list[Intent]:
        out = []
        for state in self.held.values():
            state[2] -= dt
            while state[2] <= 0:
                out.append(move(state[0], state[1], state[3], repeat=True))
                state[2] += REPEAT_INTERVAL
        return out

    def clear(self) -> None:
        self.held.clear()


class InputMapper:
    """Turns pygame events into intents, and keeps track of plugged-in controllers."""

    def __init__(self) -> None:
        self._repeat = _Repeater()
        self._controllers: dict[int, Any] = {}  # instance id -> pygame._sdl2.controller.Controller
        self._joysticks: dict[int, Any] = {}  # instance id -> pygame.joystick.Joystick
        self._stick: dict[tuple[int, str], int] = {}  # (instance, axis) -> -1/0/1
        self._controller_mod: Any = None

    # --- devices -----------------------------------------------------------------------
    def start(self) -> None:
        """Initialise the joystick and controller modules; SDL then announces connected pads."""
        try:
            pygame.joystick.init()
        except pygame.error as exc:
            log.info("No joystick support: %s", exc)
            return
        try:
            from pygame._sdl2 import controller

            controller.init()
            self._controller_mod = controller
        except (ImportError, pygame.error) as exc:
            log.info("Game controller mappings unavailable (%s); using plain joysticks", exc)

    @property
    def holding(self) -> bool:
        """A direction is held down: its repeats must come on time."""
        return bool(self._repeat.held)

    @property
    def pads(self) -> list[str]:
        """Names of the connected controllers and joysticks."""
        names = [c.name for c in self._controllers.values()]
        return names + [j.get_name() for j in self._joysticks.values()]

    def _add_device(self, device_index: int) -> None:
        ctl = self._controller_mod
        try:
            if ctl is not None and ctl.is_controller(device_index):
                pad = ctl.Controller(device_index)
                iid = pad.as_joystick().get_instance_id()
                if iid not in self._controllers:
                    self._controllers[iid] = pad
                    log.info("Controller connected: %s", pad.name)
            else:
                joy = pygame.joystick.Joystick(device_index)
                iid = joy.get_instance_id()
                if iid not in self._joysticks and iid not in self._controllers:
                    self._joysticks[iid] = joy
                    log.info("Joystick connected: %s", joy.get_name())
        except pygame.error as exc:
            log.info("Could not open input device %s: %s", device_index, exc)

    def _remove_device(self, instance_id: int) -> None:
        pad = self._controllers.pop(instance_id, None) or self._joysticks.pop(instance_id, None)
        if pad is not None:
            log.info("Controller disconnected")
        self._repeat.release(("pad", instance_id))
        self._repeat.release(("stick", instance_id))
        for k in [k for k in self._stick if k[0] == instance_id]:
            del self._stick[k]

    # --- events ------------------------------------------------------------------------
    def update(self, dt: float) -> list[Intent]:
        """Repeated MOVEs for directions still held; call once a frame."""
        return self._repeat.update(dt)

    def reset(self) -> None:
        """Forget held directions (e.g. when the window loses focus)."""
        self._repeat.clear()
        self._stick.clear()

    def translate(self, event: pygame.event.Event) -> list[Intent]:
        t = event.type
        if t == pygame.MOUSEMOTION:
            return [point(event.pos, held=bool(event.buttons[0]))]
        if t == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            return [click(event.pos, event.button)]
        if t == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):
            return [release(event.pos, event.button)]
        if t == pygame.MOUSEWHEEL:
            return [wheel(1 if event.y > 0 else -1)] if event.y else []
        if t == pygame.KEYDOWN:
            return self._key_down(event)
        if t == pygame.KEYUP:
            if event.key in ARROWS:
                self._release_arrow(event.key)
            return []
        if t == pygame.TEXTINPUT:
            return [text(ch) for ch in event.text if ch.isprintable()]
        if t == pygame.WINDOWFOCUSLOST:
            self.reset()
            return []
        return self._pad_event(event)

    def _key_down(self, event: pygame.event.Event) -> list[Intent]:
        k = event.key
        mod = getattr(event, "mod", 0)
        if k in ARROWS:
            dx, dy = ARROWS[k]
            # Keyed by the arrow itself, so holding two arrows and letting one go works.
            self._repeat.held.pop(("arrow", k), None)
            return self._repeat.press(("arrow", k), dx, dy, KEYBOARD)
        if k == pygame.K_TAB:
            return [simple(PREV if mod & pygame.KMOD_SHIFT else NEXT)]
        if k in _CONFIRM_KEYS:  # the key rides along: a text field tells Space from Enter
            return [Intent(CONFIRM, key=k, source=KEYBOARD)]
        if k == pygame.K_ESCAPE:
            return [simple(BACK)]
        if k == pygame.K_MENU:
            return [simple(MENU)]
        if k in _ROTATE_KEYS and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return [rotate(_ROTATE_KEYS[k])]
        return [key(k, mod)]

    def _release_arrow(self, k: int) -> None:
        self._repeat.release(("arrow", k))

    def _pad_event(self, event: pygame.event.Event) -> list[Intent]:
        t = event.type
        if t == pygame.JOYDEVICEADDED:
            self._add_device(event.device_index)
            return []
        if t == pygame.CONTROLLERDEVICEADDED:
            self._add_device(event.device_index)
            return []
        if t in (pygame.JOYDEVICEREMOVED, pygame.CONTROLLERDEVICEREMOVED):
            self._remove_device(event.instance_id)
            return []
        iid = getattr(event, "instance_id", -1)
        if t == pygame.CONTROLLERBUTTONDOWN:
            if event.button in _PAD_DPAD:
                return self._repeat.press(("pad", iid), *_PAD_DPAD[event.button], PAD)
            make = _PAD_BUTTONS.get(event.button)
            return [make()] if make else []
        if t == pygame.CONTROLLERBUTTONUP:
            if event.button in _PAD_DPAD:
                self._repeat.release(("pad", iid))
            return []
        if t == pygame.CONTROLLERAXISMOTION:
            if event.axis in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
                axis = "x" if event.axis == pygame.CONTROLLER_AXIS_LEFTX else "y"
                return self._stick_motion(iid, axis, event.value / 32767)
            return []
        # Plain joystick events; game controllers send these too, and are read above instead.
        if iid in self._controllers:
            return []
        if t == pygame.JOYBUTTONDOWN:
            make = _JOY_BUTTONS.get(event.button)
            return [make()] if make else []
        if t == pygame.JOYHATMOTION:
            dx, dy = event.value
            return self._repeat.press(("pad", iid), dx, -dy, PAD)  # hat y is up-positive
        if t == pygame.JOYAXISMOTION and event.axis in (0, 1):
            return self._stick_motion(iid, "x" if event.axis == 0 else "y", event.value)
        return []

    def _stick_motion(self, iid: int, axis: str, value: float) -> list[Intent]:
        before = self._stick.get((iid, axis), 0)
        now = _sign(value, STICK_PRESS, STICK_RELEASE, before)
        if now == before:
            return []
        self._stick[(iid, axis)] = now
        dx = self._stick.get((iid, "x"), 0)
        dy = self._stick.get((iid, "y"), 0)
        if dx and dy:  # diagonals snap to the axis that just changed
            dx, dy = (dx, 0) if axis == "x" else (0, dy)
        if (dx, dy) == (0, 0):
            self._repeat.release(("stick", iid))
            return []
        return self._repeat.press(("stick", iid), dx, dy, PAD)
