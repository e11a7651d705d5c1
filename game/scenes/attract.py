"""The kiosk's attract loop: title → a demo game → how to play the next game → title → …

    attract = Attract(services)
    services.attract = attract
    attract.start()                  # the stack becomes the attract title

Every scene of the loop carries ``attract = True``: while one is on the stack nobody is
playing, so the kiosk's idle timeout does not apply (``Attract.showing``).  Any key, click or
controller button/stick opens the interactive title screen: on the attract title the caption
simply leaves (the title under it takes the input from then on); from a demo game or a how-to
card the stack is reset to a fresh title.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from game.i18n import _
from game.memory import release_free_memory
from game.scenes.base import Scene
from game.scenes.demo import (
    CAPTION_INK,
    RESULTS_TIME,
    AttractScene,
    DemoOverlay,
    Playlist,
    blink,
    caption_band,
    open_demo_table,
)
from game.scenes.howto import HOWTO_TIME, HowToScene
from game.scenes.table import TableUnavailable
from game.scenes.title import TitleScene
from game.ui import theme

log = logging.getLogger(__name__)

TITLE_TIME = 20.0  # seconds the attract title stays before the demo game


class AttractCaption(AttractScene):
    """The invitation over the title while it is part of the attract loop; the first input
    takes it away and leaves the title playable."""

    opaque = False

    def __init__(self, services, on_done: Callable[[], None], duration: float = TITLE_TIME):
        super().__init__(services, on_done, self._wake, duration)
        self._band = self._caption_band()

    @staticmethod
    def _caption_band() -> pygame.Surface:
        return caption_band([(_("Press any key to play"), 52, CAPTION_INK),
                             (_("or watch the computer players first"), 32,
                              theme.ON_TABLE_SOFT)])

    def on_ui_scale(self) -> None:
        self._band = self._caption_band()

    def _wake(self) -> None:
        self.services.audio.play("click")
        self.services.stack.remove(self)  # the title under it is interactive again

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.services.canvas_size
        band = self._band
        band.set_alpha(blink(self.t))
        surface.blit(band, band.get_rect(midbottom=(w // 2, h - 96)))
        band.set_alpha(255)


class RestingScene(AttractScene):
    """A plain screen the kiosk falls back to when the attract loop itself keeps failing; it
    tries the loop again after a while or at the first input."""

    music = "title"

    def __init__(self, services, on_done: Callable[[], None], duration: float = 30.0):
        super().__init__(services, on_done, on_done, duration)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((46, 30, 18))
        w, h = self.services.canvas_size
        title = theme.text("Landgrab", 120, theme.ON_TABLE, display=True)
        surface.blit(title, title.get_rect(center=(w // 2, h // 2 - 60)))
        sub = theme.text(_("Press any key to play"), 44, CAPTION_INK, bold=True)
        surface.blit(sub, sub.get_rect(center=(w // 2, h // 2 + 70)))


class Attract:
    """Runs the loop; ``start()`` (re)starts it at the title from anywhere."""

    def __init__(self, services, playlist: Playlist | None = None, *,
                 title_time: float = TITLE_TIME, howto_time: float = HOWTO_TIME,
                 results_time: float = RESULTS_TIME):
        self.services = services
        self.playlist = playlist or Playlist(services.config.seed)
        self.title_time = title_time
        self.howto_time = howto_time
        self.results_time = results_time
        self.games = 0  # demo games started
        self.cycles = 0  # times the loop came round to its title

    @property
    def showing(self) -> bool:
        """Whether the attract loop is on screen (nobody is playing)."""
        return any(getattr(s, "attract", False) for s in self.services.stack.scenes)

    # --- the loop ---------------------------------------------------------------------------
    def start(self) -> None:
        """The attract title (requested: applied between frames)."""
        self.services.stack.reset_to(self._title_scenes)

    def _title_scenes(self) -> list[Scene]:
        release_free_memory()  # the last screen is gone: its pictures go before new ones come
        return self.first_scenes()

    def first_scenes(self) -> list[Scene]:

        self.cycles += 1
        return [TitleScene(self.services),
                AttractCaption(self.services, self.play_demo, self.title_time)]

    def play_demo(self) -> None:
        self.services.stack.reset_to(self._demo_scenes)

    def _demo_scenes(self) -> list[Scene]:

        release_free_memory()
        demo = self.playlist.next()
        try:
            table = open_demo_table(self.services, demo)
        except TableUnavailable as exc:
            log.warning("Demo game skipped: %s", exc)
            return self._howto_scenes()
        self.games += 1
        return [table, DemoOverlay(self.services, table, demo, self.show_howto, self.to_title,
                                   self.results_time)]

    def show_howto(self) -> None:
        """How to play the next demo game."""
        self.services.stack.reset_to(self._howto_scenes)

    def _howto_scenes(self) -> list[Scene]:
        release_free_memory()
        return [HowToScene(self.services, self.playlist.peek(), self.start, self.to_title,
                           self.howto_time)]

    def to_title(self) -> None:
        """A player wants to play: the interactive title."""
        self.services.audio.play("click")
        self.services.to_title()

    def rest(self) -> None:
        """The loop failed to start: a plain screen, then try again."""
        self.services.stack.reset(RestingScene(self.services, self.start))
