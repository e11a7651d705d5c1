"""The player's settings: volumes, fullscreen, animation speed, text size, language, how long
a hard bot thinks, and the names and colours chosen in seat setup (kept for the next game).
Kept as JSON.

Saving is atomic (a temporary file in the same folder, then ``os.replace``), so a crash or a
power cut leaves either the old file or the new one, never half of one.  A file that cannot be
read is reported in one log line, moved aside to ``settings.json.corrupt`` and defaults are used.
Keys this version does not know are kept and written back, so an older copy of the game does
not erase a newer one's settings.
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from game.files import remove_stale_temps, set_aside, write_atomic
from game.i18n import LANGUAGES
from game.seats import clean_name

log = logging.getLogger(__name__)

ANIMATION_SPEED_RANGE = (0.5, 2.0)
UI_SCALE_RANGE = (1.0, 1.5)  # "Text size": 100 % to 150 % (game.ui.theme.set_ui_scale)
BOT_SECONDS = (0.5, 1.0, 3.0)  # "Bot thinking time": a hard bot's search, per decision
DEFAULT_BOT_SECONDS = 1.0
MAX_REMEMBERED_SEATS = 8  # more than any game seats: a longer list in the file is cut
MAX_GAME_IDS = 16  # more games than the client has: a longer list in the file is cut


@dataclass
class Settings:
    master_volume: float = 0.8
    music_volume: float = 0.6
    effects_volume: float = 0.8
    fullscreen: bool = False
    animation_speed: float = 1.0
    ui_scale: float = 1.0
    language: str = ""  # a code of game.i18n.LANGUAGES; "" = not chosen yet: the system's
    bot_seconds: float = DEFAULT_BOT_SECONDS  # one of BOT_SECONDS
    # Seat setup's last choices, by seat position: typed names ("" = the colour's name) and,
    # per game id, palette colour indices (game.seats.remembered).
    seat_names: list[str] = field(default_factory=list)
    seat_colours: dict[str, list[int]] = field(default_factory=dict)
    # Games whose lesson seat setup suggested once already (taken or dismissed): not again.
    lessons_offered: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # unknown keys, kept as they were

    def to_json(self) -> dict[str, Any]:
        data = dict(self.extra)
        for f in fields(self):
            if f.name != "extra":
                data[f.name] = getattr(self, f.name)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Settings:
        """Build from parsed JSON; values of the wrong type or out of range fall back or clamp."""
        out = cls()
        known = {f.name for f in fields(cls)} - {"extra"}
        for key, value in data.items():
            if key not in known:
                out.extra[key] = value
                continue
            default = getattr(out, key)
            if key == "seat_names":
                out.seat_names = _names(value)
            elif key == "seat_colours":
                out.seat_colours = _colours(value)
            elif key == "lessons_offered":
                out.lessons_offered = _game_ids(value)
            elif key == "language":
                if isinstance(value, str) and value in LANGUAGES:
                    out.language = value
            elif isinstance(default, bool):
                if isinstance(value, bool):
                    setattr(out, key, value)
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                try:
                    number = float(value)  # a whole number too large for a float overflows
                except OverflowError:
                    continue
                if math.isfinite(number):
                    setattr(out, key, number)
        out.clamp()
        return out

    def clamp(self) -> None:
        for name in ("master_volume", "music_volume", "effects_volume"):
            setattr(self, name, min(1.0, max(0.0, getattr(self, name))))
        lo, hi = ANIMATION_SPEED_RANGE
        self.animation_speed = min(hi, max(lo, self.animation_speed))
        lo, hi = UI_SCALE_RANGE
        self.ui_scale = min(hi, max(lo, self.ui_scale))
        if self.bot_seconds not in BOT_SECONDS:
            self.bot_seconds = DEFAULT_BOT_SECONDS


def _game_ids(value: Any) -> list[str]:
    """Game ids (short words); anything else is dropped."""
    if not isinstance(value, list):
        return []
    return [v for v in value[:MAX_GAME_IDS] if isinstance(v, str) and 0 < len(v) <= 32]


def _names(value: Any) -> list[str]:
    """Remembered seat names, cleaned like a typed name; anything else is dropped."""

    if not isinstance(value, list):
        return []
    return [clean_name(v, "") for v in value[:MAX_REMEMBERED_SEATS]]


def _colours(value: Any) -> dict[str, list[int]]:
    """Remembered colours per game: small whole numbers, -1 for anything else (seat setup
    ignores colours its game does not offer)."""
    if not isinstance(value, dict):
        return {}
    return {
        game: [c if isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 64 else -1
               for c in cs[:MAX_REMEMBERED_SEATS]]
        for game, cs in value.items()
        if isinstance(game, str) and len(game) <= 32 and isinstance(cs, list)
    }


def load_settings(path: Path) -> Settings:
    """The saved settings, or defaults when there is no file or it cannot be read."""
    remove_stale_temps(path)  # left by a save that was killed while writing
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Settings()
    except OSError as exc:
        log.warning("Settings file %s cannot be read (%s); using defaults", path, exc)
        return Settings()
    try:
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
    # JSONDecodeError and UnicodeDecodeError are ValueErrors; brackets nested thousands
    # deep make the parser give up with a RecursionError.
    except (ValueError, RecursionError) as exc:
        aside = set_aside(path)
        where = f"moved to {aside.name}" if aside else "left in place"
        log.warning("Settings file %s is corrupt (%s): %s, using defaults", path,
                    str(exc)[:200] or type(exc).__name__, where)
        return Settings()
    return Settings.from_json(data)


def saved_language(path: Path) -> str:
    """The language kept in the settings file, or "" (none chosen, or no readable file).
    Reads without reporting or moving anything: ``load_settings`` does that later."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return ""
    value = data.get("language") if isinstance(data, dict) else None
    return value if isinstance(value, str) and value in LANGUAGES else ""


def save_settings(settings: Settings, path: Path) -> bool:
    """Write atomically.  Returns False (after one log line) when the folder is not writable."""
    text = json.dumps(settings.to_json(), indent=2, sort_keys=True) + "\n"
    try:
        write_atomic(path, text)
        return True
    except OSError as exc:
        log.warning("Settings could not be saved to %s: %s", path, exc)
        return False
