"""What one run of Landgrab was asked to do, and where the user's own files live.

``Config`` is built by the command line (``game.cli``) and read by the app and the scenes.
A later feature adds a field here and a flag in ``game.cli``; nothing else has to change.

User folders follow the XDG base directories:
``$XDG_CONFIG_HOME/landgrab`` (settings) and ``$XDG_DATA_HOME/landgrab`` (log, saves), falling
back to ``~/.config`` and ``~/.local/share``.  ``LANDGRAB_HOME`` puts both under one folder
(``$LANDGRAB_HOME/config`` and ``$LANDGRAB_HOME/data``), which tests and portable installs use.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.files import BackgroundWriter
from game.seats import Seat

APP_DIR = "landgrab"
HOME_ENV = "LANDGRAB_HOME"
SETTINGS_FILE = "settings.json"
LOG_FILE = "landgrab.log"


def _xdg(var: str, fallback: Path) -> Path:
    value = os.environ.get(var, "")
    # The XDG spec says relative paths in these variables are invalid and must be ignored.
    base = Path(value) if value and Path(value).is_absolute() else fallback
    return base / APP_DIR


def config_dir() -> Path:
    """Where settings are kept."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home) / "config"
    return _xdg("XDG_CONFIG_HOME", Path.home() / ".config")


def data_dir() -> Path:
    """Where the log (and later saved games) are kept."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home) / "data"
    return _xdg("XDG_DATA_HOME", Path.home() / ".local" / "share")


@dataclass
class Config:
    """One run's wishes.  ``None`` means "not asked for": the settings file decides."""

    game: str | None = None  # --game: open this game's seat setup
    seats: list[Seat] | None = None  # --players: start that game at once with these seats
    seed: int | None = None  # --seed
    options: dict[str, str] = field(default_factory=dict)  # a game's setup choices (--lakes)
    fullscreen: bool | None = None  # --fullscreen / --windowed; None = as saved in settings
    mute: bool = False  # --mute
    language: str | None = None  # --lang: this run's language (None: the settings')
    quit_after: float | None = None  # --quit-after SECONDS
    screenshot: Path | None = None  # --screenshot PATH: the last frame, as PNG
    load: Path | None = None  # --load FILE: open this saved game
    demo: bool = False  # --demo: bots play the three games in turn until a key is pressed
    kiosk: bool = False  # --kiosk: unattended attract loop; only the operator chord quits
    idle_timeout: float = 90.0  # --idle-timeout: kiosk seconds without input before attract
    config_dir: Path = field(default_factory=config_dir)
    data_dir: Path = field(default_factory=data_dir)
    # Options of later features that need no field of their own (name -> value).
    extra: dict[str, Any] = field(default_factory=dict)
    # Writes this run's autosaves in the background (``game.saves``).
    writer: BackgroundWriter = field(default_factory=BackgroundWriter, repr=False,
                                     compare=False)

    @property
    def settings_path(self) -> Path:
        return self.config_dir / SETTINGS_FILE

    @property
    def log_path(self) -> Path:
        return self.data_dir / LOG_FILE

    @property
    def saves_dir(self) -> Path:
        return self.data_dir / "saves"
