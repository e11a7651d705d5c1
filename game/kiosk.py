"""Kiosk mode (``--kiosk``): an unattended screen that players cannot close or break.

The app asks ``Kiosk`` about every event and runs every frame through it:

- **Closing is blocked.**  The window's close button, Alt+F4 (and the QUIT that SDL or the
  window manager make of it), Esc on the title and F11 do nothing.  Only the operator chord,
  Ctrl+Alt+Shift+Q, quits.  SDL's own SIGINT/SIGTERM handlers are turned off so an operator's
  Ctrl+C in a terminal or a service manager's SIGTERM still end the process.
- **Idle timeout.**  After ``config.idle_timeout`` seconds without input (90 unless
  ``--idle-timeout`` says otherwise) whatever is on screen, a game in progress included, is
  abandoned and the attract loop (``game.scenes.attract``) starts again.
- **Memory stays flat.**  Each time the screen at the bottom of the stack changes (the
  attract title, a demo table, a how-to card, a player's game), the rendered-surface caches
  are emptied (``game.ui.surface_cache``: all their budgets together would hold what every
  game's screens drew), what the screen before held is collected and the freed heap handed
  back to the system (``game.memory``).
- **Errors do not end the kiosk.**  An exception anywhere in a frame (a scene's handle,
  update or draw, a scene change) is logged with its traceback and the attract loop starts
  again.  Should the loop itself keep failing, a plain resting screen stands in for a while.

Menus hide what could break the kiosk: the title's Quit button and the settings' Fullscreen
toggle (they read ``config.kiosk``), and ``Services.confirm_quit`` does nothing.

``attract_scenes(services)`` is what ``--demo`` and ``--kiosk`` put on the stack first.
"""

from __future__ import annotations

import logging
import os
import weakref
from collections.abc import Callable

import pygame

from game.memory import release_free_memory
from game.scenes.attract import Attract
from game.scenes.demo import DemoLoop
from game.ui import surface_cache

log = logging.getLogger(__name__)

CHORD_KEY = pygame.K_q
CHORD_MODS = (pygame.KMOD_CTRL, pygame.KMOD_ALT, pygame.KMOD_SHIFT)
CHORD_TEXT = "Ctrl+Alt+Shift+Q"
FAILURE_WINDOW = 10.0  # seconds: this many failures within it ...
FAILURE_LIMIT = 3  # ... and the kiosk rests on a plain screen before trying the loop again

# SDL hints for a kiosk, set before the display opens.
KIOSK_HINTS = {
    "SDL_WINDOWS_NO_CLOSE_ON_ALT_F4": "1",  # Windows: Alt+F4 would otherwise send QUIT
    "SDL_NO_SIGNAL_HANDLERS": "1",  # SIGINT/SIGTERM stay Python's: the operator can stop it
}


def prepare_environment() -> None:
    for name, value in KIOSK_HINTS.items():
        os.environ.setdefault(name, value)


def attract_scenes(services) -> list:
    """The first scenes of ``--kiosk`` (the attract loop) or ``--demo`` (demo games)."""
    if services.config.kiosk:

        services.attract = Attract(services)
        return services.attract.first_scenes()

    return DemoLoop(services).first_scenes()


def is_chord(event: pygame.event.Event) -> bool:
    """Ctrl+Alt+Shift+Q (either Ctrl, Alt or Shift key)."""
    if event.type != pygame.KEYDOWN or event.key != CHORD_KEY:
        return False
    mod = getattr(event, "mod", 0)
    return all(mod & m for m in CHORD_MODS)


class Kiosk:
    """The kiosk policy of one ``App``."""

    def __init__(self, app):
        self.app = app
        self.services = app.services
        self.timeout = float(self.services.config.idle_timeout)
        self.failures: list[float] = []  # clock times of recent failures
        self.recoveries = 0  # failures recovered from (for the log and tests)
        self._screen = self._bottom_scene()  # (a weak reference to) the bottom scene

    @property
    def attract(self):
        return self.services.attract

    # --- events -------------------------------------------------------------------------------
    def filter_event(self, event: pygame.event.Event) -> bool:
        """True when the kiosk took ``event`` (the app must not pass it on)."""
        t = event.type
        if t == pygame.QUIT:
            log.info("Kiosk: a request to close the window was ignored")
            return True
        if t != pygame.KEYDOWN:
            return False
        if is_chord(event):
            log.info("Kiosk: operator chord %s, quitting", CHORD_TEXT)
            self.app.quit()
            return True
        alt = getattr(event, "mod", 0) & pygame.KMOD_ALT
        return event.key == pygame.K_F11 or bool(event.key == pygame.K_F4 and alt)

    # --- frames -------------------------------------------------------------------------------
    def run_frame(self, frame: Callable[[float], None], dt: float) -> None:
        """One frame of the app, with the idle timeout and recovery from errors."""
        try:
            frame(dt)
        except Exception:  # noqa: BLE001 - the kiosk must keep running
            self.recover()
            return
        self.check_idle()
        self.check_screen()

    def _bottom_scene(self) -> weakref.ref | None:
        scenes = self.services.stack.scenes
        return weakref.ref(scenes[0]) if scenes else None

    def check_screen(self) -> None:
        """A new screen at the bottom of the stack: the last one's memory goes back."""
        scenes = self.services.stack.scenes
        bottom = scenes[0] if scenes else None
        if (self._screen() if self._screen is not None else None) is not bottom:
            self._screen = self._bottom_scene()
            surface_cache.clear_all()
            release_free_memory()

    def check_idle(self) -> None:
        attract = self.attract
        if attract is None or attract.showing:
            return
        if self.services.idle_seconds >= self.timeout:
            log.info("Kiosk: %.0f s without input, back to the attract loop",
                     self.services.idle_seconds)
            self.restart(attract.start)

    def recover(self) -> None:
        """Log the error being handled and start the attract loop again."""
        log.exception("Kiosk: a scene failed; back to the attract loop")
        self.recoveries += 1
        now = self.services.clock.now
        self.failures = [t for t in self.failures if now - t < FAILURE_WINDOW] + [now]
        attract = self.attract
        if attract is None:
            return
        if len(self.failures) >= FAILURE_LIMIT:
            log.warning("Kiosk: the attract loop keeps failing; resting before the next try")
            self.failures.clear()
            self.restart(attract.rest)
        else:
            self.restart(attract.start)

    def restart(self, begin: Callable[[], None]) -> None:
        """Drop every scene, then ``begin`` (which requests the new ones) and apply it now."""
        stack = self.services.stack
        try:
            stack.abandon()
            begin()
            stack.apply_pending()
        except Exception:  # noqa: BLE001 - a failing title: rest on the plain screen
            log.exception("Kiosk: the attract loop could not start")
            stack.abandon()
            self.attract.rest()
            stack.apply_pending()
        self.services.last_input = self.services.clock.now
