"""Headless smoke tests: the real app loop driven by posted pygame events."""

import sys
import types

import pygame
import pytest

from game.app import App, initial_scenes
from game.config import Config
from game.registry import GAMES
from game.scenes import table as table_hook
from game.scenes.confirm import ConfirmScene
from game.scenes.game_select import GameSelectScene
from game.scenes.seat_setup import SeatSetupScene
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.seats import Seat, parse_players
from game.settings import load_settings

DT = 1 / 60


class Driver:
    def __init__(self, app):
        self.app = app
        self.frames = 0

    def run(self, n=6):
        for _ in range(n):
            self.app.step(DT)
            self.frames += 1

    def key(self, key, mod=0, frames=6):
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        )
        pygame.event.post(
            pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        )
        self.run(frames)

    def type(self, text):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        self.run(2)

    def click(self, pos, frames=6):
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.run(frames)

    @property
    def top(self):
        return self.app.stack.top

    def focused_key(self):
        return self.top.group.focused.key

    def tab_to(self, key, limit=40):
        for _ in range(limit):
            if self.focused_key() == key:
                return
            self.key(pygame.K_TAB, frames=1)
        raise AssertionError(f"Tab never reached {key!r}")


@pytest.fixture
def driver():
    app = App(Config(mute=True))
    pygame.event.clear()
    yield Driver(app)
    app.close()


def widget(scene, key):
    return next(w for w in scene.group.widgets if w.key == key)


def test_title_to_seat_setup_and_back_by_keyboard_and_mouse(driver):
    d = driver
    d.run(30)
    assert isinstance(d.top, TitleScene) and d.focused_key() == "new"
    d.key(pygame.K_RETURN)
    assert isinstance(d.top, GameSelectScene)
    assert [w.key for w in d.top.group.widgets if w.key in GAMES] == list(GAMES)
    d.key(pygame.K_RIGHT)  # second card, then back to the first
    assert d.focused_key() == list(GAMES)[1]
    d.key(pygame.K_LEFT)
    d.key(pygame.K_SPACE)
    assert isinstance(d.top, SeatSetupScene) and d.top.game.id == list(GAMES)[0]
    setup = d.top
    game = setup.game
    assert len(setup.seats) == game.min_players

    d.tab_to("add")
    d.key(pygame.K_RETURN)
    assert len(setup.seats) == game.min_players + 1
    assert d.focused_key() in ("add", f"seat{len(setup.seats) - 1}")

    d.tab_to("seat1")
    d.key(pygame.K_RIGHT)  # Bot · normal -> Bot · hard
    assert (setup.seats[1].kind, setup.seats[1].level) == ("bot", "hard")
    d.key(pygame.K_RIGHT)  # Bot · hard -> wraps to Human
    assert setup.seats[1].kind == "human"

    d.tab_to("seed")
    for _ in range(12):
        d.key(pygame.K_BACKSPACE, frames=1)
    d.type("4")
    d.type("2x")  # letters are refused
    assert setup.seed_text == "42" and setup.seed == 42

    d.key(pygame.K_ESCAPE)
    assert isinstance(d.top, GameSelectScene)
    back = widget(d.top, "back")
    d.click(back.rect.center)
    assert isinstance(d.top, TitleScene)

    # Mouse: hover moves focus, a click presses.
    settings = widget(d.top, "settings")
    d.click(settings.rect.center)
    assert isinstance(d.top, SettingsScene)
    d.run(300 - d.frames if d.frames < 300 else 10)
    assert d.frames >= 300


def test_settings_overlay_saves_on_change_and_close(driver):
    d = driver
    d.run(3)
    d.top.group.focus_key("settings")
    d.key(pygame.K_RETURN)
    overlay = d.top
    assert isinstance(overlay, SettingsScene)
    assert d.app.stack.visible()[0].__class__ is TitleScene  # the title still shows, dimmed
    before = d.app.settings.master_volume
    d.key(pygame.K_LEFT)  # master volume is focused first
    assert d.app.settings.master_volume == pytest.approx(before - 0.05)
    d.run(40)  # the half-second save delay passes
    path = d.app.config.settings_path
    assert load_settings(path).master_volume == pytest.approx(before - 0.05)
    d.tab_to("speed")
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.top, TitleScene)
    assert load_settings(path).animation_speed == pytest.approx(1.25)


def test_quit_confirmation_from_esc_and_window_close(driver):
    d = driver
    d.run(3)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.top, ConfirmScene)
    assert d.focused_key() == "no"
    d.key(pygame.K_RETURN)  # Cancel
    assert isinstance(d.top, TitleScene) and d.app.running
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    d.run(3)
    assert isinstance(d.top, ConfirmScene)
    d.key(pygame.K_RIGHT)
    assert d.focused_key() == "yes"
    d.key(pygame.K_RETURN)
    assert not d.app.running


def test_second_window_close_quits(driver):
    d = driver
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    d.run(2)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    d.run(1)
    assert not d.app.running


def test_game_without_a_table_cannot_be_chosen(driver, monkeypatch):
    monkeypatch.setattr(table_hook, "table_module_name", lambda gid: f"game.scenes.{gid}_no_table")
    d = driver
    d.key(pygame.K_RETURN)  # New game
    d.key(pygame.K_RETURN)  # the focused game card: its table is missing
    assert isinstance(d.top, GameSelectScene)
    d.run(5)  # and it draws


def test_start_without_a_table_module_shows_a_message(driver, monkeypatch):
    d = driver
    d.key(pygame.K_RETURN)
    d.key(pygame.K_RETURN)
    assert isinstance(d.top, SeatSetupScene)
    monkeypatch.setattr(table_hook, "table_module_name", lambda gid: f"game.scenes.{gid}_no_table")
    d.tab_to("start")
    d.key(pygame.K_RETURN)
    assert isinstance(d.top, SeatSetupScene)
    assert "not in this version yet" in d.top.message
    d.run(5)


class FakeTable:
    """Stands in for the shared table (``game.scenes.table.table.Table``)."""

    def __init__(self, services, game_id, seats, seed, state=None, **options):
        self.services, self.game_id, self.seats, self.seed = services, game_id, seats, seed
        self.opaque, self.dim, self.passes_intents, self.updates_when_covered = (
            True,
            0,
            False,
            False,
        )

    def on_enter(self):
        pass

    on_exit = on_pause = on_resume = on_enter

    def handle(self, intent):
        return False

    def update(self, dt):
        pass

    def draw(self, surface):
        surface.fill((0, 80, 0))


@pytest.fixture
def fake_table_module(monkeypatch):
    game_id = next(iter(GAMES))
    module = types.ModuleType(GAMES[game_id].table_module)
    setattr(module, GAMES[game_id].table.partition(":")[2], object)  # the game's parts
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setattr("game.scenes.table.table.Table", FakeTable)
    return game_id


def test_start_opens_the_table_in_place_of_the_menus(driver, fake_table_module):
    d = driver
    d.key(pygame.K_RETURN)
    d.key(pygame.K_RETURN)
    setup = d.top
    d.tab_to("start")
    d.key(pygame.K_RETURN)
    table = d.top
    assert isinstance(table, FakeTable) and len(d.app.stack) == 1
    assert table.game_id == fake_table_module
    assert [s.kind for s in table.seats] == [s.kind for s in setup.seats]
    assert all(isinstance(s, Seat) for s in table.seats)
    assert table.seed == setup.seed
    d.app.services.to_title()
    d.run(2)
    assert isinstance(d.top, TitleScene) and len(d.app.stack) == 1


def test_command_line_players_start_the_table_or_explain(display, fake_table_module, monkeypatch):
    from game.scenes.services import Services

    game = GAMES[fake_table_module]
    seats = parse_players(",".join(["human"] + ["bot:easy"] * (game.min_players - 1)), game)
    services = Services.standalone(Config(game=game.id, seats=seats, seed=5))
    [table] = initial_scenes(services)
    assert isinstance(table, FakeTable) and table.seed == 5

    monkeypatch.setattr(table_hook, "table_module_name", lambda gid: f"game.scenes.{gid}_no_table")
    scenes = initial_scenes(services)
    assert [type(s) for s in scenes] == [TitleScene, SeatSetupScene]
    assert "not in this version yet" in scenes[1].message
    assert scenes[1].seats == seats


def test_controller_buttons_drive_the_menus(driver):
    d = driver
    d.run(2)
    down = pygame.CONTROLLERBUTTONDOWN
    for expected in ("online", "history", "settings"):  # New game, Online, History...
        pygame.event.post(
            pygame.event.Event(down, instance_id=0, button=pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        )
        pygame.event.post(
            pygame.event.Event(
                pygame.CONTROLLERBUTTONUP, instance_id=0,
                button=pygame.CONTROLLER_BUTTON_DPAD_DOWN
            )
        )
        d.run(2)
        assert d.focused_key() == expected
    pygame.event.post(pygame.event.Event(down, instance_id=0, button=pygame.CONTROLLER_BUTTON_A))
    d.run(2)
    assert isinstance(d.top, SettingsScene)
    pygame.event.post(pygame.event.Event(down, instance_id=0, button=pygame.CONTROLLER_BUTTON_B))
    d.run(2)
    assert isinstance(d.top, TitleScene)


def test_menu_overlay_closes_then_acts(driver):
    from game.scenes.overlay import MenuOverlay

    d = driver
    chosen = []
    d.app.stack.push(
        MenuOverlay(
            d.app.services, "Paused", [("Resume", None), ("Pick", lambda: chosen.append(1))]
        )
    )
    d.run(3)
    assert isinstance(d.top, MenuOverlay)
    d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    assert chosen == [1] and isinstance(d.top, TitleScene)
    d.app.stack.push(MenuOverlay(d.app.services, "Paused", [("Resume", None)], "A message"))
    d.run(3)
    pygame.event.post(
        pygame.event.Event(
            pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_START
        )
    )
    d.run(3)
    assert isinstance(d.top, TitleScene)


def test_game_flag_opens_seat_setup_with_the_seed(display):
    from game.scenes.services import Services

    game_id = list(GAMES)[-1]
    services = Services.standalone(Config(game=game_id, seed=1234))
    title, setup = initial_scenes(services)
    assert isinstance(title, TitleScene) and isinstance(setup, SeatSetupScene)
    assert setup.game.id == game_id and setup.seed == 1234


def test_no_audio_device_means_one_log_line_and_silence(monkeypatch, caplog):
    import logging

    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    with caplog.at_level(logging.INFO, logger="game"):
        app = App(Config())
        for name in ("click", "tick", "no-such-sound"):
            app.services.audio.play(name)
        for _ in range(5):
            app.step(DT)
        app.close()
    audio_lines = [r for r in caplog.records if "audio" in r.getMessage().lower()]
    assert len(audio_lines) == 1
    assert audio_lines[0].levelname == "WARNING" and "runs silent" in audio_lines[0].getMessage()
    assert app.services.audio.enabled is False


CRASHING_RUN = """
import sys
from game import app
from game.config import Config
from game.scenes.base import Scene

class Broken(Scene):
    def update(self, dt):
        raise RuntimeError("the table fell over")

app.initial_scenes = lambda services: [Broken(services)]
sys.exit(app.run(Config(mute=True)))
"""


def test_an_uncaught_error_is_logged_with_its_traceback(tmp_path):
    import os
    import subprocess

    from game import PROJECT_ROOT

    home = tmp_path / "home"
    env = {**os.environ, "LANDGRAB_HOME": str(home), "SDL_VIDEODRIVER": "dummy"}
    result = subprocess.run(
        [sys.executable, "-c", CRASHING_RUN],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    assert "landgrab.log" in result.stderr
    log = (home / "data" / "landgrab.log").read_text()
    assert "Traceback" in log and "RuntimeError: the table fell over" in log


def test_bench_tool_prints_one_figure_per_line():
    import re
    import subprocess

    from game import PROJECT_ROOT

    result = subprocess.run(
        [
            sys.executable,
            str(PROJECT_ROOT / "tools" / "bench.py"),
            "--scene",
            "title",
            "--frames",
            "20",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "title.frame_p50",
        "title.frame_p99",
        "title.cpu_p99",
    ]
    assert all(re.fullmatch(r"[\w.]+: \d+(\.\d+)? ms", line) for line in lines)


def test_colorado_lakes_choice_in_seat_setup_reaches_the_table():
    app = App(Config(mute=True, game="colorado", seed=12))
    pygame.event.clear()
    d = Driver(app)
    try:
        setup = d.top
        assert isinstance(setup, SeatSetupScene) and setup.options == {"lakes": "first"}
        d.tab_to("option_lakes")
        d.key(pygame.K_RIGHT)
        assert setup.options == {"lakes": "random"}
        d.tab_to("start")
        d.key(pygame.K_RETURN)
        table = d.top
        assert type(table.game).__module__ == "game.games.colorado.table.parts"
        assert table.game.lakes == "random"
    finally:
        app.close()


def test_games_without_options_show_no_option_rows(driver):
    d = driver
    d.key(pygame.K_RETURN)
    d.key(pygame.K_RETURN)
    assert isinstance(d.top, SeatSetupScene)
    assert not [w for w in d.top.group.widgets if (w.key or "").startswith("option_")]
