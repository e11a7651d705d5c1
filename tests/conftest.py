"""Shared test set-up: headless SDL, no pygame banner, user files in a temporary folder,
bot decisions that are ready as soon as they are asked for.

The environment is set at import, before any test module imports pygame.  Every test also
gets its own ``LANDGRAB_HOME`` (settings and log), so nothing touches the real user folders.
"""

import concurrent.futures
import os
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ["LC_ALL"] = "C.UTF-8"  # the client speaks English unless a test chooses a language
os.environ.setdefault("LANDGRAB_HOME", tempfile.mkdtemp(prefix="landgrab-tests-"))

import pytest  # noqa: E402


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
def english():
    """Every test starts in English, and one that changes the language hands back English."""
    from game import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def bots_answer_at_once(monkeypatch):
    """A bot's decision still runs on the table's worker thread, but is finished when
    ``BotRunner.start`` returns: a test that steps frames waiting for bots then needs the same
    number of frames on a loaded machine as on a quiet one."""
    from game.bots.runner import BotRunner

    real_start = BotRunner.start

    def start(self, *args, **kwargs):
        real_start(self, *args, **kwargs)
        concurrent.futures.wait([self._future])

    monkeypatch.setattr(BotRunner, "start", start)


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

    return Services.standalone(Config())
