"""Shared test set-up: headless SDL, no pygame banner, user files in a temporary folder,
bot decisions that are ready as soon as they are asked for, searches that run at once, and
the games that live in the tests (``tests/games/``) registered beside those that ship.

The environment is set at import, before any test module imports pygame.  Every test also
gets its own ``LANDGRAB_HOME`` (settings and log), so nothing touches the real user folders.
"""

import os
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ["LC_ALL"] = "C.UTF-8"  # the client speaks English unless a test chooses a language
os.environ.setdefault("LANDGRAB_HOME", tempfile.mkdtemp(prefix="landgrab-tests-"))

import pytest  # noqa: E402

TEST_GAMES = ("tests.games.mosaic",)
"""Games of the tests' own (``tests/games/<id>/``, shaped like ``game/games/<id>/``): every
test iterating ``GAMES`` meets them; tests about the shipped games iterate
``GAME_PACKAGES``."""


def pytest_configure(config):
    """Register the tests' own games before any test module is collected (parametrized
    lists over ``GAMES`` are made at collection), as a game that plugs in would be."""
    import importlib

    from game.registry import register

    for package in TEST_GAMES:
        register(importlib.import_module(f"{package}.descriptor").GAME)


@pytest.fixture
def shipped_games_only(monkeypatch):
    """Only the games that ship are registered, for a test of what players of every language
    read (the tests' own games speak English only)."""
    from shipped_games import SHIPPED

    from game.registry import GAMES

    for game_id in [g for g in GAMES if g not in SHIPPED]:
        monkeypatch.delitem(GAMES, game_id)


def pytest_unconfigure(config):
    from game.registry import GAMES, unregister

    for package in TEST_GAMES:
        game_id = package.rpartition(".")[2]
        if game_id in GAMES:
            unregister(game_id)


@pytest.fixture(autouse=True)
def landgrab_home(tmp_path, monkeypatch):
    """A fresh user folder for each test (``$LANDGRAB_HOME/config``, ``.../data``)."""
    home = tmp_path / "landgrab-home"
    monkeypatch.setenv("LANDGRAB_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def replays_review_on_request(monkeypatch):
    """A replay does not start its post-game review by itself (searches would run behind
    every replay test): the review's tests start it, with a small iteration budget."""
    from game.scenes.replay import ReplayScene

    monkeypatch.setattr(ReplayScene, "review_on_open", False)


@pytest.fixture(autouse=True)
def lessons_not_offered(request, monkeypatch):
    """Seat setup does not suggest a game's lesson (it would stand over seat setup in every
    scene test of a new player): the suggestion's own tests are marked ``lesson_offer``."""
    if request.node.get_closest_marker("lesson_offer"):
        return
    from game.scenes.tutorial import offer

    monkeypatch.setattr(offer, "should_offer", lambda *args, **kwargs: False)


@pytest.fixture(autouse=True)
def english():
    """Every test starts in English, and one that changes the language hands back English."""
    from game import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def bots_answer_at_once(request, monkeypatch):
    """A bot's decision still runs on the table's worker thread, but is finished when
    ``BotRunner.start`` returns: a test that steps frames waiting for bots then needs the same
    number of frames on a loaded machine as on a quiet one.  (Not in the tests of the search
    process, marked ``search_process``: they watch the table while a bot thinks.)"""
    from game.bots.runner import BotRunner

    if request.node.get_closest_marker("search_process"):
        return

    real_start = BotRunner.start

    def start(self, *args, **kwargs):
        real_start(self, *args, **kwargs)
        self.wait()

    monkeypatch.setattr(BotRunner, "start", start)


SEARCH_ITERATIONS = 2  # what a search does in tests (in the calling thread): enough to run


@pytest.fixture(autouse=True)
def searches_answer_at_once(request, monkeypatch):
    """Hard bots' and hints' searches run in the calling thread with a tiny iteration budget
    instead of the app's search process: tables with hard seats step as fast as any, and no
    test starts a process it does not close.  Tests of the process itself are marked
    ``search_process``."""
    if request.node.get_closest_marker("search_process"):
        return
    from game.bots import remote
    from game.bots.search import Budget

    def run(self, fn, *args, timeout):
        args = tuple(Budget(seconds=None, iterations=SEARCH_ITERATIONS)
                     if isinstance(a, Budget) else a for a in args)
        return fn(*args)

    monkeypatch.setattr(remote.SearchProcess, "run", run)
    monkeypatch.setattr(remote.SearchProcess, "start", lambda self: None)


@pytest.fixture
def display():
    """A 1920x1080 display surface on the dummy video driver."""
    import pygame

    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.get_surface()
    if surface is None or surface.get_size() != (1920, 1080):
        surface = pygame.display.set_mode((1920, 1080))
    return surface


@pytest.fixture
def services(display):
    """Silent app services without a window loop (see ``Services.standalone``)."""
    from game.config import Config
    from game.scenes.services import Services

    services = Services.standalone(Config())
    yield services
    services.close()
