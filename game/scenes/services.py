"""What the app lends to every scene: ``Services`` (no globals anywhere).

services.config     Config of this run (game.config)
services.settings   Settings (game.settings); call save_settings() after changing them
services.audio      Audio: play(name, volume), music (the theme playing), muted, apply_volumes()
services.stack      SceneStack: push / pop / replace / reset (applied between frames)
services.clock      Clock: now (seconds since start), frame (count), fps
services.idle_seconds  seconds since the latest input (privacy screen, kiosk)
services.canvas_size  (1920, 1080), the logical canvas every scene draws on
services.quit()     end the app after this frame
services.to_title() back to the title screen (empties the stack)
services.confirm_quit()   push the "Quit Landgrab?" overlay
services.open_settings()  push the settings overlay
services.set_fullscreen(on), services.fullscreen (the window now)
services.attract    the kiosk's attract loop (game.scenes.attract), None outside a kiosk
services.set_ui_scale(k)  the text size: saved in the settings, applied to every scene at once
services.set_language(code)  the language: the same, for Settings -> Language
services.history    the history of finished games (game.history), read once on first use;
                    services.history_problem() says, once, why its file had to be set aside
services.online     what the client keeps of online play (game.online: seats held, the
                    last address and name), read once on first use; save_online() writes it,
                    online_problem() says, once, why its file had to be set aside
services.hosting    the server this computer hosts on (game.hosting), started by host_on()
                    and stopped by close()
services.search     the app's one SearchProcess (game.bots.remote): hard bots and hints
                    search there, off the frame loop; start_search() warms it up, close()
                    ends it (the app calls it on quit)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from game import hosting, i18n
from game.bots.remote import SearchProcess
from game.config import Config
from game.engine.messages import Sentence
from game.history import History
from game.online import OnlineMemory, load_online, online_path, save_online
from game.scenes.base import SceneStack
from game.scenes.confirm import quit_confirmation
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.settings import Settings, save_settings
from game.ui import theme
from game.ui.audio import Audio
from game.ui.theme import CANVAS_SIZE


@dataclass
class Clock:
    now: float = 0.0  # seconds of running time
    frame: int = 0
    fps: float = 0.0
    started: float = field(default_factory=time.perf_counter)

    def tick(self, dt: float, fps: float = 0.0) -> None:
        self.now += dt
        self.frame += 1
        self.fps = fps


class Services:
    def __init__(
        self,
        config: Config,
        settings: Settings,
        audio: Audio,
        stack: SceneStack | None = None,
        *,
        on_quit: Callable[[], None] | None = None,
        on_fullscreen: Callable[[bool], bool] | None = None,
    ):
        self.config = config
        self.settings = settings
        self.audio = audio
        self.stack = stack if stack is not None else SceneStack()
        self.clock = Clock()
        self.canvas_size = CANVAS_SIZE
        self.quit_requested = False
        self.window_fullscreen = settings.fullscreen  # what the window is now (the app sets it)
        self.last_input = 0.0  # clock.now of the latest player input (the app sets it)
        self.pointer: tuple[int, int] | None = None  # where the mouse was last seen (the app)
        self.input_source = ""  # the device of the latest input: an intent's source (the app)
        self.attract = None  # the kiosk's attract loop (game.kiosk sets it)
        self._on_quit = on_quit
        self._on_fullscreen = on_fullscreen
        self._search: SearchProcess | None = None
        self._history: History | None = None
        self._history_problem: Sentence | None = None
        self._online: OnlineMemory | None = None
        self._online_problem: Sentence | None = None
        self.hosting: hosting.LocalServer | None = None
        theme.set_ui_scale(settings.ui_scale)
        i18n.set_language(config.language or settings.language or i18n.system_language())

    @classmethod
    def standalone(cls, config: Config | None = None, settings: Settings | None = None) -> Services:
        """Services without an app window loop: for tests, tools and benchmarks (silent)."""
        config = config or Config()
        settings = settings or Settings()
        return cls(config, settings, Audio(settings, enabled=False, muted=True))

    @property
    def idle_seconds(self) -> float:
        """Seconds since the latest input from a player."""
        return self.clock.now - self.last_input

    # --- app --------------------------------------------------------------------------------
    def quit(self) -> None:
        self.quit_requested = True
        if self._on_quit is not None:
            self._on_quit()

    @property
    def fullscreen(self) -> bool:
        return self.window_fullscreen

    def set_fullscreen(self, on: bool) -> None:
        """Switch the window (F11, the settings toggle); the choice is saved in the settings."""
        if self._on_fullscreen is not None:
            on = self._on_fullscreen(on)
        self.window_fullscreen = on
        if on != self.settings.fullscreen:
            self.settings.fullscreen = on
            self.save_settings()

    def set_ui_scale(self, k: float) -> None:
        """Change the text size now: every scene on the stack lays out its text again."""
        self.settings.ui_scale = k
        self.settings.clamp()
        if theme.set_ui_scale(self.settings.ui_scale):
            for scene in self.stack.scenes:
                scene.on_ui_scale()

    def set_language(self, code: str) -> None:
        """Speak ``code`` now (Settings -> Language): every scene on the stack lays out its
        text again in it; the choice is kept in the settings."""
        self.settings.language = code
        if code != i18n.language():
            i18n.set_language(code)
            for scene in self.stack.scenes:
                scene.on_ui_scale()

    # --- the history of finished games --------------------------------------------------------
    @property
    def history(self) -> History:
        """The history of finished games, read from the saves folder the first time it is
        asked for (a damaged file is set aside then: ``history_problem`` says so)."""
        if self._history is None:
            self._history, self._history_problem = History.load(self.config.saves_dir,
                                                                writer=self.config.writer)
        return self._history

    def history_problem(self) -> Sentence | None:
        """Why the history file had to be set aside, the first time it is asked (the title
        screen reports it once); None after that, or when it was read."""
        _history = self.history
        problem, self._history_problem = self._history_problem, None
        return problem

    # --- online play ------------------------------------------------------------------------
    @property
    def online(self) -> OnlineMemory:
        """The seats held online and the last address and name typed (read once)."""
        if self._online is None:
            self._online, self._online_problem = load_online(online_path(self.config))
        return self._online

    def online_problem(self) -> Sentence | None:
        """Why the online file had to be set aside, the first time it is asked."""
        _online = self.online
        problem, self._online_problem = self._online_problem, None
        return problem

    def save_online(self) -> bool:
        return save_online(self.online, online_path(self.config))

    def host_on(self, port: int) -> hosting.LocalServer:
        """This computer's server, started on ``port`` unless one runs already (on the
        port it was started on); its tables are kept in the data folder."""
        if self.hosting is None or not self.hosting.running:
            self.hosting = hosting.LocalServer(self.config.data_dir / hosting.SERVER_FOLDER,
                                               port)
        return self.hosting

    # --- searches -----------------------------------------------------------------------------
    @property
    def search(self) -> SearchProcess:
        """The process where hard bots and hints search (its worker starts on first use)."""
        if self._search is None:
            self._search = SearchProcess()
        return self._search

    def start_search(self) -> None:
        """Start the search worker now: a table that will need it opens (the worker takes a
        moment to import the engines, better spent before the first decision)."""
        self.search.start()

    def close(self) -> None:
        """The app ends: stop the search worker (a search running is abandoned) and the
        server this computer hosts on (its tables are stored)."""
        if self._search is not None:
            self._search.close()
        if self.hosting is not None:
            self.hosting.stop()

    def save_settings(self) -> bool:
        return save_settings(self.settings, self.config.settings_path)

    # --- common scene moves -----------------------------------------------------------------
    def to_title(self) -> None:

        self.stack.reset(TitleScene(self))

    def confirm_quit(self) -> None:
        if self.config.kiosk:
            return  # players cannot quit a kiosk (the operator chord does)

        self.stack.push(quit_confirmation(self))

    def open_settings(self) -> None:

        self.stack.push(SettingsScene(self))
