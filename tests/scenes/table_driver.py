"""A table scene driven through the real app loop by posted pygame events.

``table_plans`` gives each game's ``TableDriver`` its ``game`` and ``parts_class`` and the
planning of how an engine action becomes inputs on that table (clicks, or focus moves).
"""

import pygame

from game.app import App
from game.config import Config
from game.registry import GAMES
from game.seats import parse_players

DT = 1 / 60


PAD_ID = 0  # the instance id SDL gives the test's (first) controller

DPAD = {
    (-1, 0): pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    (1, 0): pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
    (0, -1): pygame.CONTROLLER_BUTTON_DPAD_UP,
    (0, 1): pygame.CONTROLLER_BUTTON_DPAD_DOWN,
}
PAD_BUTTONS = {
    "a": pygame.CONTROLLER_BUTTON_A,
    "b": pygame.CONTROLLER_BUTTON_B,
    "x": pygame.CONTROLLER_BUTTON_X,
    "y": pygame.CONTROLLER_BUTTON_Y,
    "start": pygame.CONTROLLER_BUTTON_START,
    "back": pygame.CONTROLLER_BUTTON_BACK,
    "lb": pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
    "rb": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
}
# Plain joysticks: Xbox-like button order, directions on hat 0 (y is up-positive).
JOY_BUTTONS = {"a": 0, "b": 1, "x": 2, "y": 3, "lb": 4, "rb": 5, "back": 6, "start": 7}
ARROW_KEYS = {(-1, 0): pygame.K_LEFT, (1, 0): pygame.K_RIGHT, (0, -1): pygame.K_UP,
              (0, 1): pygame.K_DOWN}
KEYS = {"a": pygame.K_RETURN, "b": pygame.K_ESCAPE, "y": pygame.K_u, "back": pygame.K_F1,
        "start": pygame.K_ESCAPE, "lb": pygame.K_q, "rb": pygame.K_e}


def post(kind, **attrs) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


class PadInput:
    """Input as a game controller or the keyboard sends it, as SDL posts the events.

    ``via`` picks the device: ``"pad"`` (SDL game controller: d-pad and buttons),
    ``"stick"`` (game controller, directions on the left stick), ``"joystick"`` (a plain
    joystick: hat and numbered buttons) or ``"keyboard"`` (arrows, Tab, Enter, Esc, Q/E, U,
    F1).  A press and its release arrive in the same frame, so a direction moves once.
    The host provides ``step(frames)``.
    """

    via = "pad"
    pad_id = PAD_ID

    # --- raw events ----------------------------------------------------------------------
    def pad_button(self, name: str, frames: int = 1) -> None:
        b = PAD_BUTTONS[name]
        post(pygame.CONTROLLERBUTTONDOWN, instance_id=self.pad_id, button=b)
        post(pygame.CONTROLLERBUTTONUP, instance_id=self.pad_id, button=b)
        self.step(frames)

    def stick_push(self, dx: int, dy: int, frames: int = 1) -> None:
        axis = pygame.CONTROLLER_AXIS_LEFTX if dx else pygame.CONTROLLER_AXIS_LEFTY
        value = 32767 if (dx or dy) > 0 else -32768
        post(pygame.CONTROLLERAXISMOTION, instance_id=self.pad_id, axis=axis, value=value)
        post(pygame.CONTROLLERAXISMOTION, instance_id=self.pad_id, axis=axis, value=0)
        self.step(frames)

    def joy_button(self, name: str, frames: int = 1) -> None:
        b = JOY_BUTTONS[name]
        post(pygame.JOYBUTTONDOWN, instance_id=self.pad_id, joy=self.pad_id, button=b)
        post(pygame.JOYBUTTONUP, instance_id=self.pad_id, joy=self.pad_id, button=b)
        self.step(frames)

    def joy_hat(self, dx: int, dy: int, frames: int = 1) -> None:
        post(pygame.JOYHATMOTION, instance_id=self.pad_id, joy=self.pad_id, hat=0,
             value=(dx, -dy))
        post(pygame.JOYHATMOTION, instance_id=self.pad_id, joy=self.pad_id, hat=0,
             value=(0, 0))
        self.step(frames)

    def joy_axis(self, dx: int, dy: int, frames: int = 1) -> None:
        """A plain joystick's stick (axis 0 across, 1 down) pushed and let go."""
        axis = 0 if dx else 1
        for value in (float(dx or dy), 0.0):
            post(pygame.JOYAXISMOTION, instance_id=self.pad_id, joy=self.pad_id, axis=axis,
                 value=value)
        self.step(frames)

    def press_key(self, key, mod: int = 0, frames: int = 1) -> None:
        for t in (pygame.KEYDOWN, pygame.KEYUP):
            post(t, key=key, mod=mod, unicode="", scancode=0)
        self.step(frames)

    def plug(self, device_index: int = 0, frames: int = 1) -> None:
        """A controller is plugged in (SDL sends both; the mapper opens it once)."""
        post(pygame.JOYDEVICEADDED, device_index=device_index, guid="")
        post(pygame.CONTROLLERDEVICEADDED, device_index=device_index, guid="")
        self.step(frames)

    def unplug(self, instance_id: int | None = None, frames: int = 1) -> None:
        iid = self.pad_id if instance_id is None else instance_id
        post(pygame.CONTROLLERDEVICEREMOVED, instance_id=iid)
        post(pygame.JOYDEVICEREMOVED, instance_id=iid)
        self.step(frames)

    # --- what the player does --------------------------------------------------------------
    def direction(self, dx: int, dy: int, frames: int = 1) -> None:
        if self.via == "keyboard":
            self.press_key(ARROW_KEYS[(dx, dy)], frames=frames)
        elif self.via == "stick":
            self.stick_push(dx, dy, frames)
        elif self.via == "joystick":
            self.joy_hat(dx, dy, frames)
        else:
            self._dpad(dx, dy, frames)

    def _dpad(self, dx: int, dy: int, frames: int) -> None:
        b = DPAD[(dx, dy)]
        post(pygame.CONTROLLERBUTTONDOWN, instance_id=self.pad_id, button=b)
        post(pygame.CONTROLLERBUTTONUP, instance_id=self.pad_id, button=b)
        self.step(frames)

    def button(self, name: str, frames: int = 1) -> None:
        """``a`` confirm, ``b`` back, ``start``, ``back`` (rules), ``y`` (undo), shoulders."""
        if self.via == "keyboard":
            self.press_key(KEYS[name], frames=frames)
        elif self.via == "joystick":
            self.joy_button(name, frames)
        else:
            self.pad_button(name, frames)

    def tab(self, back: bool = False, frames: int = 1) -> None:
        self.press_key(pygame.K_TAB, pygame.KMOD_SHIFT if back else 0, frames)

    # --- focus navigation over a table's targets -----------------------------------------
    def focus_on(self, key: str, cell=None, limit: int = 400) -> int:
        """Move the table's focus onto ``key`` (and the board cursor onto ``cell``) with
        direction presses only, planned from the table's targets; returns the presses."""
        s = self.scene
        cell = tuple(cell) if cell is not None else None
        for n in range(limit):
            keys = [k for k, _ in s.controls.targets()]
            assert key in keys, (key, keys, s.controls.prompt())
            if s.focus == key and (cell is None or tuple(s.cursor) == cell):
                return n
            if self.via == "keyboard" and s.focus in keys and s.focus != key:
                # Tab / Shift+Tab along the targets (onto the board too), arrows on it
                i, j = keys.index(s.focus), keys.index(key)
                fwd = (j - i) % len(keys)
                self.tab(back=fwd > len(keys) - fwd)
                continue
            self.direction(*self._plan(s, keys, key, cell))
        raise AssertionError(f"focus never reached {key} {cell} (at {s.focus} {s.cursor})")

    def _plan(self, s, keys, key, cell) -> tuple[int, int]:
        if s.focus not in keys:
            return (1, 0)  # the first press puts the focus on the first target
        if s.focus == "board":
            if key != "board":
                return (0, 1)  # Down off the board's last row reaches the strip
            x, y = s.cursor
            if cell[0] != x:
                return (1 if cell[0] > x else -1, 0)
            return (0, 1 if cell[1] > y else -1)
        path = strip_path(s, keys, s.focus, key)
        assert path, f"no presses lead from {s.focus} to {key} among {keys}"
        return path[0]


def strip_step(s, keys, focus, dx, dy):
    """Where one direction press moves the focus from a strip target (the tables' rule)."""
    keeps = s.game.strip_keeps is not None and focus.startswith(s.game.strip_keeps)
    if dy < 0 and "board" in keys and not keeps:
        return "board"
    strip = [k for k in keys if k != "board"]
    step = (dx or dy) if s.game.strip_vertical else dx
    if step:
        i = strip.index(focus)
        return strip[max(0, min(len(strip) - 1, i + step))]
    return focus


def strip_path(s, keys, start, goal) -> list[tuple[int, int]]:
    """The fewest direction presses from ``start`` to ``goal`` (breadth first)."""
    from collections import deque

    seen = {start: []}
    todo = deque([start])
    while todo:
        at = todo.popleft()
        if at == goal:
            return seen[at]
        if at == "board":
            continue
        for d in DPAD:
            nxt = strip_step(s, keys, at, *d)
            if nxt not in seen:
                seen[nxt] = seen[at] + [d]
                todo.append(nxt)
    return []


class AppDriver(PadInput):
    """The real app loop (``app``), driven by posted pygame events."""

    app: App

    def step(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step(DT)

    @property
    def top(self):
        return self.app.stack.top

    def close(self) -> None:
        self.app.close()


class TableDriver(AppDriver):
    """The real app loop with one game's table, driven by posted pygame events."""

    game: str
    parts_class: type

    def __init__(self, spec: str, seed: int, speed: float = 60.0):
        config = Config(mute=True, game=self.game, seats=parse_players(spec, GAMES[self.game]),
                        seed=seed)
        self.app = App(config)
        self.app.settings.animation_speed = speed  # beyond the menu's range: tests only
        pygame.event.clear()
        self.scene = self.app.stack.top
        assert isinstance(self.scene.game, self.parts_class)

    def move(self, pos) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        self.step()

    def click(self, pos, button: int = 1, frames: int = 1) -> None:
        pos = tuple(int(v) for v in pos)
        if button == 1:
            self.wait_armed(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.step(frames)

    def button(self, name: str, frames: int = 1) -> None:
        if name == "a":
            s, want = self.scene, self.scene.focus
            self.wait_armed(None)
            if self.top is s and s.focus != want and want in dict(s.controls.targets()):
                self.focus_on(want)  # the turn began meanwhile and set its own focus
                self.wait_armed(None)
        super().button(name, frames)

    def wait_armed(self, pos, limit: int = 120) -> None:
        """As a player reads a control before using it: while the one under ``pos`` (None:
        the focused one) has just appeared, or changed, under the pointer or the focus and
        takes no input yet (``game.ui.arming``), frames go by."""
        s = self.scene
        for _ in range(limit):
            if self.top is not s:
                return
            if pos is None:  # a focus on nothing moves to the first target, as Enter does
                keys = [k for k, _r in s.controls.targets()]
                key = s.focus if s.focus in keys else (keys[0] if keys else None)
            else:
                key = next((k for k, r in reversed(s.controls.targets())
                            if k != "board" and r.collidepoint(pos)), None)
            if key is None or s.input.control_armed(key, by_pointer=pos is not None):
                return
            self.step()
        raise AssertionError(f"the control {key} never took input")

    def key(self, key, frames: int = 2) -> None:
        for t in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(t, key=key, mod=0, unicode="", scancode=0))
        self.step(frames)

    def close_scores(self) -> None:
        """Close Colorado County's round scoring, which waits for a player."""
        self.click(self.scene.game.scores_button_rect().center)

    def pass_handoff(self) -> None:
        """Past a hand-off screen's grace time, Space hands the table over."""
        self.step(40)
        self.key(pygame.K_SPACE)

    def until(self, cond, limit: int = 20000) -> None:
        for _ in range(limit):
            if cond():
                return
            if getattr(getattr(self.scene, "game", None), "scores_held", False) and self.top is self.scene:
                self.close_scores()
                continue
            self.step()
        raise AssertionError("the table never got there")

    def until_human(self, limit: int = 20000) -> None:
        self.until(lambda: self.scene.human_can_act or self.scene.session.state.is_over(), limit)


def made_tables(driver):
    """Body of a ``tables`` fixture: a factory of ``driver(...)`` tables (or apps), all closed
    afterwards."""
    made = []

    def make(*args, **kw):
        t = driver(*args, **kw)
        made.append(t)
        return t

    yield make
    for t in made:
        t.close()
