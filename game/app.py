"""The window, the clock and the main loop.

One logical 1920x1080 canvas in a ``pygame.SCALED | pygame.RESIZABLE`` window: windowed,
fullscreen (F11) and any TV size look the same, and mouse positions arrive in canvas
coordinates.  Each frame: apply scene requests, turn events into intents for the top scene,
update, redraw everything, flip.  ``dt`` is in seconds and capped, so a stall (a window drag,
a slow disk) never makes animations jump.

A screen that stops changing rests: once every pixel stayed the same for a few frames
(``FrameWatch``), no key or direction is held and no scene keeps it awake (a bot thinking),
the loop sleeps in ``pygame.event.wait`` and looks again ``REST_FPS`` times a second instead of
60; any event wakes it at once, and the first frame that changes brings back the full rate.

``run(config)`` is the entry point; ``App`` is also driven frame by frame by tests and tools.
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import os
import signal
import sys
import time
import warnings

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game import (
    __version__,  # noqa: E402
    saves,
)
from game.config import Config  # noqa: E402
from game.engine.messages import N_, M, say
from game.kiosk import Kiosk, attract_scenes, prepare_environment
from game.memory import keep_big_blocks_mapped  # noqa: E402
from game.scenes.base import Scene, SceneStack  # noqa: E402
from game.scenes.confirm import ConfirmScene
from game.scenes.replay import ReplayScene
from game.scenes.seat_setup import SeatSetupScene, new_seed
from game.scenes.services import Services  # noqa: E402
from game.scenes.table import TableUnavailable, open_table
from game.scenes.title import TitleScene, ask_before_replacing
from game.settings import Settings, load_settings  # noqa: E402
from game.ui import stillness
from game.ui.audio import Audio, start_mixer  # noqa: E402
from game.ui.intents import InputMapper  # noqa: E402
from game.ui.stillness import FrameWatch
from game.ui.theme import CANVAS_SIZE  # noqa: E402

log = logging.getLogger("game.app")

FPS = 60
MAX_DT = 0.1  # seconds; longer frames are counted as this long
REST_FPS = 5  # a still screen is drawn again this often (an event wakes it at once)
REST_MAX_DT = 0.25  # seconds: a resting frame counts the time it waited, up to this
MIN_WINDOW = (640, 360)

# How pygame's SCALED window scales the canvas.  By default a windowed SCALED display only
# scales by whole numbers and cannot be made smaller than the canvas: a 1920x1080 canvas
# would not fit a laptop screen, and shrinking the window would crop it.  pygame switches to
# fractional scaling (the window fills the usable desktop, keeping 16:9) when the hint below
# is set, and SDL's own hint makes that scaling smooth rather than blocky.
SCALING_HINTS = {
    "SDL_HINT_RENDER_SCALE_QUALITY": "1",  # read by pygame's set_mode under this very name
    "SDL_RENDER_SCALE_QUALITY": "best",  # SDL: linear filtering when scaling the canvas
}


def window_size_for(desktop: tuple[int, int]) -> tuple[int, int]:
    """The windowed size: the canvas at 1:1 when it fits, else the largest 16:9 that does."""
    cw, ch = CANVAS_SIZE
    k = min(1.0, 0.92 * desktop[0] / cw, 0.86 * desktop[1] / ch)
    return (round(cw * k), round(ch * k))


class _QuietWhenUnwritable(logging.Handler):
    """A handler that a full disk, a closed terminal or a vanished folder leaves silent: the
    log is a help, never a reason for the game to stop nor to print a traceback per line.
    It says once, on stderr if that still takes it, that its lines are lost."""

    _told = False

    def handleError(self, record: logging.LogRecord) -> None:
        exc = sys.exc_info()[1]
        if isinstance(exc, OSError):
            self._lost(exc)
        else:  # a mistake in a log call itself: the usual report, it helps to find it
            super().handleError(record)

    def flush(self) -> None:
        try:
            super().flush()
        except OSError as exc:
            self._lost(exc)

    def close(self) -> None:
        try:
            super().close()  # a file handler flushes what it holds as it closes
        except OSError as exc:
            self._lost(exc)

    def _lost(self, exc: OSError) -> None:
        if self._told:
            return
        self._told = True
        with contextlib.suppress(OSError, ValueError):  # stderr may be what cannot be written
            print(f"landgrab: the log cannot be written ({exc}); the game goes on without it",
                  file=sys.stderr, flush=True)


class _LogFile(_QuietWhenUnwritable, logging.handlers.RotatingFileHandler):
    pass


class _LogStream(_QuietWhenUnwritable, logging.StreamHandler):
    pass


def setup_logging(config: Config) -> list[logging.Handler]:
    """Log to ``landgrab.log`` in the user's data folder; warnings also go to stderr.  Neither
    raises nor prints a traceback when its file or stream cannot be written (a full disk)."""
    root = logging.getLogger("game")
    root.setLevel(logging.INFO)
    handlers: list[logging.Handler] = []
    try:
        config.data_dir.mkdir(parents=True, exist_ok=True)
        fh = _LogFile(config.log_path, maxBytes=1_000_000, backupCount=1, encoding="utf-8")
        fh.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        handlers.append(fh)
    except OSError as exc:
        print(f"landgrab: cannot write the log in {config.data_dir}: {exc}", file=sys.stderr)
    err = _LogStream(sys.stderr)
    err.setLevel(logging.WARNING)
    err.setFormatter(logging.Formatter("landgrab: %(message)s"))
    handlers.append(err)
    for h in handlers:
        root.addHandler(h)
    return handlers


def initial_scenes(services: Services) -> list[Scene]:
    """What the stack starts with, from the command line."""

    config = services.config
    if config.kiosk or config.demo:

        return attract_scenes(services)
    if config.load is not None:
        return _loaded_scenes(services, config.load)
    if config.extra.get("tutorial"):
        from game.scenes.tutorial.coach import lesson_table

        table, problem = lesson_table(services, config.extra["tutorial"])
        return [table] if table is not None else [TitleScene(services, notice=problem)]
    if config.game:
        return _command_line_game(services)
    return [TitleScene(services)]


def _command_line_game(services: Services) -> list[Scene]:
    """``--game``: over an unfinished game, first the question New game asks (Keep it leaves
    the title, with Continue); then, or at once, the new game's scenes."""
    title = TitleScene(services)
    saved = title.saved
    if saved is not None and not saved.finished:
        return [title, ask_before_replacing(
            services, saved, lambda: services.stack.reset_to(lambda: _new_game_scenes(services)))]
    return _new_game_scenes(services, title)


def _new_game_scenes(services: Services, title: TitleScene | None = None) -> list[Scene]:
    """``--game`` with ``--players``: the table (or its seat setup saying why not); without:
    the game's seat setup over the title."""
    config = services.config
    assert config.game is not None
    if config.seats:
        seed = config.seed if config.seed is not None else new_seed()
        try:
            return [open_table(services, config.game, config.seats, seed, config.options)]
        except TableUnavailable as exc:
            log.warning("%s", exc)
            return [
                title or TitleScene(services),
                SeatSetupScene(services, config.game, config.seats, str(exc)),
            ]
    return [title or TitleScene(services), SeatSetupScene(services, config.game)]


def _loaded_scenes(services: Services, path) -> list[Scene]:
    """``--load FILE``: an unfinished game continues (over another unfinished game, after the
    question New game asks, since its autosave would replace that one); a finished one opens
    its replay."""

    saved, message = saves.open_save(path)
    if saved is None:
        assert message is not None  # open_save says why it could not
        return [TitleScene(services, notice=say(N_("The saved game could not be opened: {reason}"),
                                                reason=M(message.message, **message.args)))]
    if saved.finished:

        return [TitleScene(services), ReplayScene(services, saved.state, saved.seats)]
    title = TitleScene(services)
    kept = title.saved
    if kept is not None and not kept.finished and not _same_game(kept, saved):
        return [title, ask_before_replacing(
            services, kept, lambda: services.stack.reset_to(lambda: _saved_table(services, saved)),
            opening=saves.printable(path.name))]
    return _saved_table(services, saved)


def _same_game(a: saves.SavedGame, b: saves.SavedGame) -> bool:
    """Whether two saves hold one game at one moment (``--load`` of the autosave itself)."""
    return (a.state.GAME_ID, a.state.seed, a.state.history) == \
        (b.state.GAME_ID, b.state.seed, b.state.history)


def _saved_table(services: Services, saved: saves.SavedGame) -> list[Scene]:
    state = saved.state
    try:
        return [open_table(services, state.GAME_ID, saved.seats, state.seed, state=state)]
    except TableUnavailable as exc:
        log.warning("%s", exc)
        return [TitleScene(services, notice=str(exc))]


class App:
    """The window and the loop.  ``step()`` runs exactly one frame."""

    def __init__(self, config: Config, settings: Settings | None = None):
        self.config = config
        self.settings = settings if settings is not None else load_settings(config.settings_path)

        saves.tidy(config)  # an autosave killed while writing left its temporary file
        self.running = True
        if config.kiosk:

            prepare_environment()
        keep_big_blocks_mapped()  # hours of screens must not leave freed surfaces resident
        pygame.display.init()
        pygame.font.init()
        audio_ok = start_mixer()
        self.fullscreen = (
            self.settings.fullscreen if config.fullscreen is None else config.fullscreen
        )
        self.screen = self._open_window()
        self.clock = pygame.time.Clock()
        self.input = InputMapper()
        self.input.start()
        self.watch = FrameWatch()
        stillness.reset()
        self.resting = False  # the screen is still: frames come REST_FPS times a second
        self._woken_by: list[pygame.event.Event] = []  # the event that ended a rest
        pygame.key.start_text_input()
        self.stack = SceneStack()
        self.services = Services(
            config,
            self.settings,
            Audio(self.settings, enabled=audio_ok, muted=config.mute,
                  quiet=config.demo or config.kiosk),
            self.stack,
            on_quit=self.quit,
            on_fullscreen=self.set_fullscreen,
        )
        self.services.window_fullscreen = self.fullscreen
        self.stack.reset(*initial_scenes(self.services))
        self.stack.apply_pending()
        self.kiosk = None  # --kiosk: who may close the window, idle timeout, errors
        if config.kiosk:

            self.kiosk = Kiosk(self)

    # --- window -----------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        pygame.display.set_caption(f"Landgrab {__version__}")
        flags = pygame.SCALED | pygame.RESIZABLE
        if self.fullscreen:
            flags |= pygame.FULLSCREEN
        headless = pygame.display.get_driver() == "dummy"
        if not headless:
            # Not without a screen: there pygame-ce 2.5 crashes when set_mode is called again
            # after a frame was shown with fractional scaling (tests open the app many times).
            for name, value in SCALING_HINTS.items():
                os.environ.setdefault(name, value)
        with warnings.catch_warnings():
            if headless:
                warnings.simplefilter("ignore")  # "no fast renderer" is expected without a screen
            try:
                screen = pygame.display.set_mode(CANVAS_SIZE, flags, vsync=0)
                self._fit_window()
                return screen
            except pygame.error as exc:
                log.warning("Scaled window unavailable (%s); using a plain window", exc)
                return pygame.display.set_mode(CANVAS_SIZE)

    def _fit_window(self) -> None:
        """Size the window to the desktop (with room for its frame and the taskbar), centred.

        SCALED also makes the canvas size the window's minimum; players may shrink it further.
        Skipped without a screen (dummy driver): there is no window to fit, and pygame-ce 2.5
        crashes in a later ``set_mode`` once the display window was resized this way (tests
        open the app several times in one process; the game itself opens one window).
        """
        if pygame.display.get_driver() == "dummy":
            return
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            try:
                window = pygame.Window.from_display_module()
                window.minimum_size = MIN_WINDOW
                if not self.fullscreen:
                    window.size = window_size_for(pygame.display.get_desktop_sizes()[0])
                    window.position = pygame.WINDOWPOS_CENTERED
            except (AttributeError, IndexError, pygame.error) as exc:
                log.info("Window left at the size pygame chose: %s", exc)

    def set_fullscreen(self, on: bool) -> bool:
        """Switch fullscreen; returns whether the window is fullscreen now."""
        if on != pygame.display.is_fullscreen():
            try:
                pygame.display.toggle_fullscreen()
            except pygame.error as exc:
                log.warning("Fullscreen could not be switched: %s", exc)
        self.fullscreen = (
            pygame.display.is_fullscreen() if pygame.display.get_driver() != "dummy" else on
        )
        if not self.fullscreen:
            self._fit_window()  # back from fullscreen, SCALED picks a size that may not fit
        return self.fullscreen

    # --- loop ---------------------------------------------------------------------------------
    def quit(self) -> None:
        self.running = False

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.kiosk is not None and self.kiosk.filter_event(event):
            return
        if event.type == pygame.QUIT:
            self.close_requested()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.services.set_fullscreen(not self.services.window_fullscreen)
            return
        for intent in self.input.translate(event):
            self.services.last_input = self.services.clock.now
            self.services.input_source = intent.source
            if intent.pos is not None:
                self.services.pointer = intent.pos
            self.stack.handle(intent)

    def close_requested(self) -> None:
        """The window's close button: ask first; a second close while asking quits."""

        top = self.stack.top
        if isinstance(top, ConfirmScene) and top.on_yes == self.services.quit:
            self.quit()
        else:
            self.services.confirm_quit()

    def step(self, dt: float) -> None:
        """One frame: events, update, draw, flip, then the scene requests made during it.

        In a kiosk the frame runs through ``Kiosk.run_frame`` (idle timeout, recovery)."""
        if self.kiosk is not None:
            self.kiosk.run_frame(self._frame, dt)
        else:
            self._frame(dt)

    def _frame(self, dt: float) -> None:
        events = self._woken_by + pygame.event.get()
        self._woken_by = []
        for event in events:
            self.handle_event(event)
        for intent in self.input.update(dt):
            self.services.last_input = self.services.clock.now
            self.services.input_source = intent.source
            if intent.pos is not None:
                self.services.pointer = intent.pos
            self.stack.handle(intent)
        self.stack.update(dt)
        self.stack.draw(self.screen)
        changed = self.watch.look(self.screen, whole=self.resting)
        if changed or events or not self.resting:  # an event may be the window uncovered
            pygame.display.flip()
        self.services.clock.tick(dt, self.clock.get_fps())
        attract = self.services.attract  # the kiosk's loop invites players: it stays lively
        watched = attract is not None and attract.showing
        stillness.settle(0.0 if watched else self.services.idle_seconds, dt)
        self.stack.apply_pending()
        self.services.audio.music.update(self.stack.music)
        self.resting = self._may_rest(bool(events))
        if not self.stack:
            self.quit()

    def _may_rest(self, had_events: bool) -> bool:
        """Whether the next frame may wait: the screen is still, nobody is pressing anything
        and no scene keeps the frames coming."""
        if had_events or self.input.holding or self.stack.pending:
            self.watch.wake()
            return False
        return self.watch.still and not any(s.keeps_awake for s in self.stack.scenes)

    def _rest(self) -> float:
        """Wait for an event, at most a resting frame's time; returns the seconds to count
        for the next frame (the time waited: timers keep time while the screen rests)."""
        event = pygame.event.wait(round(1000 / REST_FPS))
        if event.type != pygame.NOEVENT:
            self._woken_by.append(event)  # handled first in the next frame, in its order
        return min(self.clock.tick() / 1000.0, REST_MAX_DT)

    def _on_terminate(self, signum, frame) -> None:
        """SIGTERM (a logout, a service manager): end at once; the game is saved already."""
        log.info("Terminated by signal %d", signum)
        self.quit()

    def run(self) -> int:
        # SDL turns SIGTERM into a window close, which asks "Quit Landgrab?" and would wait
        # for an answer nobody gives; Python's handler ends the loop instead.
        previous = signal.signal(signal.SIGTERM, self._on_terminate)
        try:
            return self._run()
        finally:
            signal.signal(signal.SIGTERM, previous)

    def _run(self) -> int:
        start = time.perf_counter()
        dt = 0.0
        first = True
        while self.running:
            self.step(dt)
            if first:
                log.info("First frame after %.2f s", time.perf_counter() - start)
                first = False
            if (
                self.config.quit_after is not None
                and time.perf_counter() - start >= self.config.quit_after
            ):
                self.quit()
            if self.running:
                dt = self._rest() if self.resting else min(self.clock.tick(FPS) / 1000.0, MAX_DT)
        self.save_screenshot()
        return 0

    def save_screenshot(self) -> None:
        path = self.config.screenshot
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(path))
            log.info("Screenshot saved to %s", path)
        except (pygame.error, OSError) as exc:
            log.warning("Screenshot could not be saved to %s: %s", path, exc)

    def close(self) -> None:
        """Let every scene exit (they save what they must); pygame itself stays up."""
        self.stack.reset()
        self.stack.apply_pending()
        self.services.audio.music.close()
        self.services.close()

        saves.flush(self.config)  # the last autosave is on disk before the process ends


def run(config: Config) -> int:
    """Open the window and play until the player quits.  Returns the process exit code."""
    handlers = setup_logging(config)
    log.info(
        "Landgrab %s starting (pygame-ce %s, SDL %s)",
        __version__,
        pygame.version.ver,
        ".".join(map(str, pygame.get_sdl_version())),
    )
    app = None
    try:
        app = App(config)
        return app.run()
    except KeyboardInterrupt:
        return 130
    except Exception:
        log.exception("Landgrab stopped on an unexpected error")
        print(f"landgrab: the details are in {config.log_path}", file=sys.stderr)
        return 1
    finally:
        if app is not None:
            try:
                app.close()
            except Exception:  # noqa: BLE001 - already on the way out
                log.exception("Error while closing")
        pygame.quit()
        root = logging.getLogger("game")
        for h in handlers:
            root.removeHandler(h)
            h.close()
