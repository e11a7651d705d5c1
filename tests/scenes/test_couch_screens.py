"""Couch play away from the table moves, by controller alone: title, game choice, seat setup,
the pause menu, rules, settings, confirm dialogs, the hot-seat hand-off, undo, the results;
controllers plugged in and out mid-game; and the focus always visible, on menus and tables."""

import random

import pygame
import pytest
from table_driver import AppDriver, made_tables
from table_plans import ColoradoPadTable, OasisPadTable, OregonPadTable, choose

from game.app import App
from game.config import Config
from game.registry import GAMES
from game.scenes.confirm import ConfirmScene
from game.scenes.game_select import GameSelectScene
from game.scenes.handoff import Handoff
from game.scenes.pause import PauseMenu
from game.scenes.rules_overlay import RulesOverlay
from game.scenes.seat_setup import SeatSetupScene
from game.scenes.settings import SettingsScene
from game.scenes.table import screen as table_screen
from game.scenes.title import TitleScene
from game.ui.rows import Choice, Slider, Toggle


class Couch(AppDriver):
    """The whole app from its title screen, played with a pad."""

    def __init__(self, config=None):
        self.app = App(config or Config(mute=True))
        pygame.event.clear()

    def focused(self) -> str | None:
        f = self.top.group.focused
        return f.key if f is not None else None

    def menu_focus(self, key: str, limit: int = 40) -> None:
        """Walk a menu's focus onto ``key`` with the d-pad (the way planned from the widgets'
        places; Left/Right on a row with a value change the value, so rows are left up or
        down)."""
        group = self.top.group
        for _ in range(limit):
            if self.focused() == key:
                return
            self.direction(*menu_path(group, key)[0])
        raise AssertionError(f"focus never reached {key!r} (at {self.focused()!r})")


def menu_path(group, key) -> list[tuple[int, int]]:
    """The fewest d-pad presses from the focused widget to ``key`` (planned on the group)."""
    from collections import deque

    start = group.focused
    seen = {id(start): []}
    todo = deque([start])
    try:
        while todo:
            w = todo.popleft()
            if w.key == key:
                return seen[id(w)]
            valued = isinstance(w, (Choice, Slider, Toggle))
            dirs = [(0, -1), (0, 1)] + ([] if valued else [(-1, 0), (1, 0)])
            for d in dirs:
                group._focus = w
                group.move(*d)
                nxt = group._focus
                if id(nxt) not in seen:
                    seen[id(nxt)] = seen[id(w)] + [d]
                    todo.append(nxt)
    finally:
        group._focus = start
    raise AssertionError(f"no d-pad path to {key!r}")


pytestmark = pytest.mark.usefixtures("no_flip")


@pytest.fixture
def couch():
    yield from made_tables(Couch)


@pytest.fixture
def oregon_turn(make_table):
    """A two-seat Oregon table at its human's first turn, played by pad."""
    t = make_table(OregonPadTable, "human,bot:easy", seed=4)
    t.until_turn()
    return t


# --- menus ----------------------------------------------------------------------------------
def test_title_to_a_table_by_controller(couch):
    c = couch()
    c.step(3)
    assert isinstance(c.top, TitleScene) and c.focused() == "new"
    c.button("a", frames=3)
    assert isinstance(c.top, GameSelectScene)
    c.menu_focus("colorado")
    c.button("a", frames=3)
    setup = c.top
    assert isinstance(setup, SeatSetupScene) and setup.game.id == "colorado"
    n = len(setup.seats)
    c.menu_focus("add")
    c.button("a", frames=2)
    assert len(setup.seats) == n + 1
    c.menu_focus(f"remove{n}")
    c.button("a", frames=2)
    assert len(setup.seats) == n
    # every seat kind and level by Left/Right on the seat's row
    c.menu_focus("seat1")
    kinds = set()
    for _ in range(4):
        c.direction(1, 0, frames=2)
        kinds.add((setup.seats[1].kind, setup.seats[1].level))
    assert len(kinds) >= 3 and any(k == "human" for k, _ in kinds)
    while setup.seats[1].kind == "human":
        c.direction(1, 0, frames=2)
    c.menu_focus("seat0")
    while setup.seats[0].kind != "human":
        c.direction(1, 0, frames=2)
    # the game's options (Colorado County: where the lakes go)
    option = GAMES["colorado"].options[0]
    c.menu_focus(f"option_{option.name}")
    before = setup.options[option.name]
    c.direction(1, 0, frames=2)
    assert setup.options[option.name] != before
    c.direction(-1, 0, frames=2)
    assert setup.options[option.name] == before
    # a new seed by the Random button, then B goes back a screen and A comes again
    c.menu_focus("random")
    seed = setup.seed
    c.button("a", frames=2)
    assert setup.seed != seed
    c.menu_focus("start")
    c.button("a", frames=5)
    assert type(c.top).__name__ == "Table" and c.top.game_id == "colorado"
    assert [s.kind for s in c.top.seats][:2] == ["human", "bot"]


def test_back_from_every_menu_screen_by_b(couch):
    c = couch()
    c.step(3)
    c.button("a", frames=3)
    c.button("a", frames=3)
    assert isinstance(c.top, SeatSetupScene)
    c.button("b", frames=3)
    assert isinstance(c.top, GameSelectScene)
    c.button("b", frames=3)
    assert isinstance(c.top, TitleScene)
    c.menu_focus("settings")
    c.button("a", frames=3)
    assert isinstance(c.top, SettingsScene)
    c.button("b", frames=3)
    assert isinstance(c.top, TitleScene)
    c.button("b", frames=3)  # B on the title asks before quitting
    assert isinstance(c.top, ConfirmScene)
    c.button("b", frames=3)
    assert isinstance(c.top, TitleScene) and c.app.running


def test_settings_rows_all_change_by_dpad(couch):
    c = couch()
    c.step(3)
    c.menu_focus("settings")
    c.button("a", frames=3)
    scene = c.top
    assert isinstance(scene, SettingsScene)
    s = c.app.settings
    rows = {"master": "master_volume", "music": "music_volume", "effects": "effects_volume",
            "speed": "animation_speed", "text_size": "ui_scale", "language": "language",
            "bot_seconds": "bot_seconds"}
    keys = [w.key for w in scene.group.widgets if w.can_focus and w.key != "done"]
    assert set(rows) <= set(keys)
    for key in keys:
        c.menu_focus(key)
        if key == "fullscreen":
            before = c.app.services.fullscreen
            c.direction(1 if not before else -1, 0, frames=2)
            assert c.app.services.fullscreen != before
            c.direction(-1 if not before else 1, 0, frames=2)
            continue
        before = getattr(s, rows[key])
        c.direction(-1 if key != "text_size" else 1, 0, frames=2)
        if getattr(s, rows[key]) == before:  # at the end of its range: the other way
            c.direction(1 if key != "text_size" else -1, 0, frames=2)
        assert getattr(s, rows[key]) != before, key
        if key == "text_size":
            c.direction(-1, 0, frames=2)
            scene = c.top
    c.menu_focus("done")
    c.button("a", frames=3)
    assert isinstance(c.top, TitleScene)


# --- the pause menu, rules and settings over a table -------------------------------------------
def test_pause_menu_by_controller(oregon_turn):
    t = oregon_turn
    s = t.scene
    t.button("start", frames=2)
    assert isinstance(t.top, PauseMenu)
    t.button("b", frames=2)
    assert t.top is s
    t.button("start", frames=2)
    t.button("start", frames=2)  # Start again resumes too
    assert t.top is s
    t.button("start", frames=2)
    pause = t.top
    assert pause.group.focused.key == "resume"
    t.button("a", frames=2)
    assert t.top is s
    # Rules from the menu: the d-pad scrolls, the shoulders page, B comes back
    t.button("start", frames=2)
    pause = t.top
    t.direction(0, 1, frames=2)
    assert t.top.group.focused.key == "rules"
    t.button("a", frames=2)
    rules = t.top
    assert isinstance(rules, RulesOverlay)
    t.direction(0, 1, frames=20)
    t.button("rb", frames=20)
    assert rules.offset > 0
    t.button("b", frames=2)
    assert t.top is pause
    # Pad Back opens the rules from the menu and closes them again
    t.button("back", frames=2)
    assert isinstance(t.top, RulesOverlay)
    t.button("back", frames=2)
    assert t.top is pause
    # Settings from the menu; a row changes by the d-pad; B closes
    t.direction(0, 1, frames=2)
    assert pause.group.focused.key == "settings"
    t.button("a", frames=2)
    assert isinstance(t.top, SettingsScene)
    vol = t.app.settings.master_volume
    t.direction(-1, 0, frames=2)
    assert t.app.settings.master_volume != vol
    t.button("b", frames=2)
    assert t.top is pause
    # Quit asks first: B keeps playing; then Leave by the d-pad and A
    t.direction(0, 1, frames=2)
    assert pause.group.focused.key == "quit"
    t.button("a", frames=2)
    assert isinstance(t.top, ConfirmScene)
    t.button("b", frames=2)
    assert t.top is pause
    t.button("a", frames=2)
    confirm = t.top
    while confirm.group.focused.key != "yes":
        t.direction(1, 0, frames=2)
    t.button("a", frames=5)
    assert isinstance(t.top, TitleScene)


def test_rules_and_undo_at_the_table_by_controller(oregon_turn):
    t = oregon_turn
    s = t.scene
    t.button("back", frames=2)  # pad Back: the rules summary
    assert isinstance(t.top, RulesOverlay)
    t.button("back", frames=2)
    assert t.top is s
    # moves by pad until one can be taken back; then Y takes it back
    rng = random.Random(2)
    for _ in range(40):
        t.until_turn()
        t.play(choose(rng, s.session.state.legal_actions(s.chooser), set()))
        t.until(lambda: not s.timeline.busy, 500)
        if s.can_undo:
            break
    assert s.can_undo
    done = len(s.session.state.history)
    t.focus_on("undo")  # the Undo button is a focus target as well
    t.button("y", frames=2)
    assert len(s.session.state.history) == done - 1
    assert table_screen.prompt_line(s) == f"Taken back. {s.controls.prompt()}" and s.controls.prompt()
    t.until_turn()
    before = s.human_actions
    t.play(s.session.state.legal_actions(s.chooser)[0])
    assert s.human_actions == before + 1


# --- hot-seat hand-off ------------------------------------------------------------------------
@pytest.mark.parametrize("cls", [OregonPadTable, ColoradoPadTable, OasisPadTable])
def test_hot_seat_turns_pass_by_a(make_table, cls):
    """Two humans: the hand-off screen hides the table; A (after its grace time) continues, and
    the next player's moves are by pad too."""
    t = make_table(cls, "human,human,bot:easy", seed=5)
    s = t.scene
    rng = random.Random(1)
    players = set()
    for _ in range(6):
        t.until(lambda: isinstance(t.top, Handoff) or s.human_can_act, 5000)
        if isinstance(t.top, Handoff):
            assert s.viewer is None
            t.until(lambda: t.top.ready, 200)
            t.button("a", frames=2)
        assert t.top is s and s.human_can_act
        p = s.viewer
        players.add(p)
        before = s.human_actions
        t.play(choose(rng, s.session.state.legal_actions(p), set()))
        assert s.human_actions == before + 1
    assert players == {0, 1}


# --- plugging controllers in and out ----------------------------------------------------------
class FakeController:
    """What ``pygame._sdl2.controller.Controller`` gives for a plugged-in pad."""

    name = "Test Pad"

    def __init__(self, index):
        self.index = index

    def as_joystick(self):
        joy = self

        class J:
            def get_instance_id(self):
                return 40 + joy.index

        return J()


class FakeControllerModule:
    Controller = FakeController

    @staticmethod
    def is_controller(index):
        return index == 0


class FakeJoystick:
    def __init__(self, index):
        self.index = index

    def get_instance_id(self):
        return 50 + self.index

    def get_name(self):
        return "Test Stick"


def test_hot_plug_mid_game(oregon_turn, monkeypatch):
    t = oregon_turn
    s = t.scene
    mapper = t.app.input
    monkeypatch.setattr(mapper, "_controller_mod", FakeControllerModule)
    monkeypatch.setattr(pygame.joystick, "Joystick", FakeJoystick)
    # a game controller is plugged in mid-game: SDL opens it; its d-pad and A play
    t.plug(0)
    assert mapper.pads == ["Test Pad"]
    t.pad_id = 40
    legal = s.session.state.legal_actions(s.chooser)
    t.cell(legal[len(legal) // 2].cell)
    assert s.human_actions == 1
    # its plain-joystick twin events are not read twice
    t.via = "joystick"
    focus = (s.focus, s.cursor)
    t.joy_hat(1, 0)
    assert (s.focus, s.cursor) == focus
    # unplugged: gone, and nothing of it stays held
    t.via = "pad"
    t.unplug(40)
    assert mapper.pads == []
    # a plain joystick (no SDL mapping) plugged in: hat and buttons play
    t.plug(1)
    assert mapper.pads == ["Test Stick"]
    t.pad_id, t.via = 51, "joystick"
    t.until_turn()
    t.play(s.session.state.legal_actions(s.chooser)[0])
    assert s.human_actions == 2
    t.until_turn()
    at = (s.focus, s.cursor)
    t.joy_axis(0, -1)  # its stick moves the focus too (up: onto the board, or up on it)
    t.joy_axis(1, 0)
    assert (s.focus, s.cursor) != at
    t.joy_button("start", frames=2)
    assert isinstance(t.top, PauseMenu)
    t.joy_button("b", frames=2)
    assert t.top is s
    t.unplug(51)
    # the pad comes back and plays on; its left stick moves the focus as well
    t.plug(0)
    assert mapper.pads == ["Test Pad"]
    t.pad_id, t.via = 40, "stick"
    t.until_turn()
    t.play(s.session.state.legal_actions(s.chooser)[-1])
    assert s.human_actions == 3


# --- the focus is always visible ----------------------------------------------------------------
def _changed_sides(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> int:
    """On how many sides of ``rect`` (a band just around it) the two pictures differ."""
    import numpy as np

    screen = pygame.Rect(0, 0, *a.get_size())
    band = rect.inflate(28, 28).clip(screen)
    pa = pygame.surfarray.array3d(a.subsurface(band)).astype(int)
    pb = pygame.surfarray.array3d(b.subsurface(band)).astype(int)
    diff = np.abs(pa - pb).sum(axis=2) > 30  # indexed [x, y]
    ix, iy = rect.x - band.x, rect.y - band.y
    sides = [diff[:, : max(1, iy + 6)], diff[:, iy + rect.h - 6:],
             diff[: max(1, ix + 6), :], diff[ix + rect.w - 6:, :]]
    return sum(1 for side in sides if side.size and side.any())


def table_focus_shows(s, key: str) -> bool:
    """Draw the table with and without the keyboard/pad focus on ``key``: the ring (or the board
    cursor) must show around it."""
    saved = (s.focus, s.cursor, s.keyboard, s.hover, s.hover_cell)
    a = pygame.Surface((1920, 1080))
    b = pygame.Surface((1920, 1080))
    try:
        s.hover = s.hover_cell = None
        s.keyboard = False
        s.draw(a)
        s.keyboard, s.focus = True, key
        s.draw(b)
        rect = s.layout.cell_rect(*s.cursor) if key == "board" else dict(s.controls.targets())[key]
        need = 1 if key == "board" else 4
        return _changed_sides(a, b, rect) >= need
    finally:
        s.focus, s.cursor, s.keyboard, s.hover, s.hover_cell = saved


@pytest.mark.parametrize("cls,seed,decisions", [(OregonPadTable, 10, 40),
                                                (ColoradoPadTable, 3, 40),
                                                (OasisPadTable, 2, 40)])
def test_every_table_focus_target_shows_its_ring(make_table, cls, seed, decisions):
    t = make_table(cls, "human,bot:easy,bot:easy", seed=seed)
    s = t.scene
    rng = random.Random(3)
    seen_kinds: set = set()
    checked: set = set()
    for _ in range(decisions):
        t.until_turn()
        if s.session.state.is_over():
            break
        for key in [k for k, _ in s.controls.targets()]:
            kind = (s.session.state.phase, key.rstrip("0123456789"))
            if kind in checked:
                continue
            checked.add(kind)
            assert table_focus_shows(s, key), (kind, s.controls.prompt())
        action = choose(rng, s.session.state.legal_actions(s.chooser), seen_kinds)
        seen_kinds.add(type(action))
        t.play(action)
    kinds = {k for _, k in checked}
    assert {"board", "btn"} <= kinds and len(kinds) >= 4, kinds


def _menu_focus_shows(c, scene) -> None:
    items = [w for w in scene.group.widgets if w.can_focus]
    assert items
    for w in items:
        other = next(x for x in items if x is not w) if len(items) > 1 else None
        a = pygame.Surface((1920, 1080), pygame.SRCALPHA)
        b = pygame.Surface((1920, 1080), pygame.SRCALPHA)
        if other is not None:
            scene.group.focus(other)
        else:
            scene.group.set_active(False)
        scene.draw(a)
        scene.group.set_active(True)
        scene.group.focus(w)
        scene.draw(b)
        rect = getattr(w, "focus_rect", w.rect)
        assert _changed_sides(a, b, pygame.Rect(rect)) == 4, (type(scene).__name__, w.key)


def test_every_menu_focus_shows_its_ring(couch):
    from game.scenes.results import ResultRow, ResultsScene

    c = couch()
    c.step(3)
    _menu_focus_shows(c, c.top)  # title
    c.button("a", frames=3)
    _menu_focus_shows(c, c.top)  # game choice
    c.button("a", frames=3)
    _menu_focus_shows(c, c.top)  # seat setup
    services = c.app.services
    for scene in (SettingsScene(services), PauseMenu(services, "oregon", lambda: None),
                  ConfirmScene(services, "Leave?", "Sure?", "Leave", lambda: None),
                  ResultsScene(services, "Oregon",
                               [ResultRow("Red", 0, 1, 10, {"Total": 10}, True),
                                ResultRow("Blue", 1, 2, 5, {"Total": 5}, False)],
                               lambda: None, lambda: None)):
        services.stack.push(scene)
        c.step(30)
        _menu_focus_shows(c, scene)
        services.stack.remove(scene)
        c.step(2)


@pytest.mark.parametrize("cls", [OregonPadTable, ColoradoPadTable, OasisPadTable])
def test_the_focus_shows_before_any_input(make_table, cls):
    """A couch player's first turn shows where the focus is before they press anything."""
    t = make_table(cls, "human,bot:easy,bot:easy", seed=4)
    s = t.scene
    t.until_turn()
    keys = [k for k, _ in s.controls.targets()]
    assert s.keyboard and s.focus in keys
    if s.focus != "board":
        a = pygame.Surface((1920, 1080))
        s.draw(a)
        s.hover = s.hover_cell = None
        s.keyboard = False
        b = pygame.Surface((1920, 1080))
        s.draw(b)
        s.keyboard = True
        assert _changed_sides(a, b, dict(s.controls.targets())[s.focus]) == 4
    # the mouse hides it; the next press shows it again
    t.move((5, 5))
    assert not s.keyboard
    t.direction(1, 0)
    assert s.keyboard
