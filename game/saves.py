"""Saved games: the autosave behind **Continue**, and ``--load FILE``.  No pygame here.

A save is the engine's versioned JSON (``game.engine.save_files.save_dict``: game, seed,
options, actions, a snapshot to check the replay against) plus who sat where (``"seats"``),
so a resumed game has the same humans and bots.  A file without seats (written by a tool) opens
with every seat human.

The autosave is rewritten after every action, atomically, and the one it replaces is kept as
``autosave.prev.json``: a crash while writing, or a file damaged later, still leaves the
previous position.  A save that cannot be read (corrupt, truncated, another program's JSON,
a version this copy does not know) is reported in one log line and renamed aside
(``<name>.corrupt``); it is never overwritten or deleted.
"""

from __future__ import annotations

import json
import logging
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.core import GameState
from game.engine.messages import N_, NN_, M, Sentence, say
from game.engine.save_files import SaveError, check_save, load_dict, parse_save, save_dict
from game.files import remove_stale_temps, set_aside, write_atomic
from game.registry import GAMES
from game.seats import (
    BOT,
    BOT_LEVELS,
    HUMAN,
    Seat,
    clean_name,
    in_language,
    make_seat,
    wearing,
)

log = logging.getLogger(__name__)

AUTOSAVE = "autosave.json"
PREVIOUS = "autosave.prev.json"
# A real save is a few dozen KiB (a whole five-player Oasis is about 15 KiB); a file far
# larger is not one, and is refused before it is read into memory.
MAX_SAVE_BYTES = 2 * 1024 * 1024


@dataclass
class SavedGame:
    state: GameState
    seats: list[Seat]
    path: Path | None = None

    @property
    def finished(self) -> bool:
        return self.state.is_over()

    @property
    def summary(self) -> Sentence:
        """One line for the title screen: game, seats, how far along (``localized`` shows it
        in the player's language)."""
        humans = sum(1 for s in self.seats if not s.is_bot)
        return say(N_("{game} · {humans} · {bots} · move {move}"),
                   game=GAMES[self.state.GAME_ID].name,
                   humans=M(NN_("{n} human", "{n} humans"), n=humans),
                   bots=M(NN_("{n} bot", "{n} bots"), n=len(self.seats) - humans),
                   move=len(self.state.history))


# --- encoding ----------------------------------------------------------------------------------
def _seat_json(seat: Seat) -> dict[str, Any]:
    return {"kind": seat.kind, "level": seat.level, "name": seat.name, "colour": seat.colour}


def _seats_from(data: Any, state: GameState) -> list[Seat]:
    n = state.num_players
    if data is None:
        return [make_seat(state.GAME_ID, i, HUMAN) for i in range(n)]
    if not isinstance(data, list) or len(data) != n:
        raise SaveError(say(N_("the save seats {seats} players for a {n}-player game"),
                            seats=len(data) if isinstance(data, list) else "?", n=n))
    seats = []
    for i, item in enumerate(data):
        kind = item.get("kind") if isinstance(item, dict) else None
        if not isinstance(kind, str) or kind not in (HUMAN, BOT):
            raise SaveError(say(N_("seat {n} of the save is not a human or a bot"), n=i + 1))
        level = item.get("level")
        if kind == BOT and (not isinstance(level, str) or level not in BOT_LEVELS):
            raise SaveError(say(N_("seat {n} of the save has an unknown bot level {level}"),
                                n=i + 1, level=repr(str(level)[:20])))
        base = make_seat(state.GAME_ID, i, kind, level)
        # A damaged or hand-edited name (a NUL, a lone surrogate, a page of text) is cleaned,
        # not a reason to refuse the game.
        seats.append(Seat(kind=base.kind, level=base.level, colour=base.colour,
                          name=clean_name(item.get("name"), base.name)))
    seats = wearing(state.GAME_ID, seats, [item.get("colour") for item in data])
    return [in_language(s) for s in seats]  # a colour's name, in the language spoken now


def _check_options(info, data: dict[str, Any]) -> None:
    """Refuse setup options no player could have chosen: only the game's own choices
    (``GameInfo.options``, e.g. Colorado County's lakes) with one of their listed values.
    Hand-made boards and other maps exist for tests and tools, never in a player's save."""
    allowed = {o.name: o.values for o in info.options}
    for name, value in data.get("options", {}).items():
        if name not in allowed:
            raise SaveError(say(N_("the save asks for a {game} option no player can choose "
                                   "({option})"), game=info.name, option=repr(str(name)[:40])))
        if not isinstance(value, str) or value not in allowed[name]:
            raise SaveError(say(N_("the save's {option} {value} is not one of {values}"),
                                option=name, value=repr(str(value)[:40]),
                                values=", ".join(allowed[name])))


def dumps(state: GameState, seats: list[Seat]) -> str:
    data = save_dict(state)
    data["seats"] = [_seat_json(s) for s in seats]
    return json.dumps(data, separators=(",", ":"))


def loads(text: str) -> SavedGame:
    """Parse, check and replay a save; raises ``SaveError`` with a one-line reason, and
    nothing else, whatever the text holds."""
    data = parse_save(text)
    try:
        _check_options(check_save(data), data)  # before replaying: no other map is read
        state = load_dict(data)  # checks every action too, then replays
        return SavedGame(state, _seats_from(data.get("seats"), state))
    except SaveError:
        raise
    except Exception as exc:  # noqa: BLE001 - a damaged file is reported, never a crash
        raise SaveError(say(N_("save does not replay ({problem})"), problem=type(exc).__name__)
                        ) from exc


# --- files -------------------------------------------------------------------------------------
def save_game(path: Path, state: GameState, seats: list[Seat],
              keep_previous: Path | None = None) -> bool:
    """Write atomically; False (after one log line) when the folder is not writable."""
    try:
        write_atomic(path, dumps(state, seats), keep_previous)
        return True
    except OSError as exc:
        log.warning("The game could not be saved to %s: %s", path, exc)
        return False


def load_game(path: Path) -> SavedGame:
    """Read a save file; raises ``SaveError`` (the file is left where it is)."""
    try:
        size = path.stat().st_size
        if size > MAX_SAVE_BYTES:
            raise SaveError(say(N_("too large for a save ({size} KiB)"), size=size // 1024))
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(say(N_("not a Landgrab save file (not text)"))) from exc
    except OSError as exc:
        raise SaveError(say(N_("cannot be read ({problem})"), problem=exc.strerror or str(exc))
                        ) from exc
    saved = loads(text)
    saved.path = path
    return saved


def _argument(reason: str) -> Any:
    """A save's reason as the argument of a longer sentence: a ``Sentence`` stays one (shown
    in the player's language), other text is made printable."""
    if isinstance(reason, Sentence):
        return M(reason.message, **reason.args)
    return printable(reason)


def printable(text: str) -> str:
    """``text`` safe to draw and to log: anything unprintable (a NUL, a lone surrogate from a
    damaged file or an odd file name) is written as its escape."""
    return "".join(ch if ch.isprintable() and not 0xD800 <= ord(ch) <= 0xDFFF
                   else ascii(ch)[1:-1] for ch in text)


def open_save(path: Path) -> tuple[SavedGame | None, Sentence | None]:
    """Load ``path``; a bad file is moved aside.  Returns (game, None) or (None, message), the
    message a ``Sentence`` (``localized`` shows it in the player's language).

    Whatever the file holds, this returns: a save that cannot be opened is reported in one
    log line and renamed to ``<name>.corrupt``, never deleted."""
    try:
        return load_game(path), None
    except Exception as exc:  # noqa: BLE001 - SaveError, or anything a damaged file causes
        reason = _argument(exc.reason) if isinstance(exc, SaveError) else \
            M(N_("cannot be opened ({problem})"), problem=type(exc).__name__)
        aside = set_aside(path) if path.exists() else None
        file = printable(path.name)
        message = say(N_("{file}: {reason}; moved to {aside}"), file=file, reason=reason,
                      aside=printable(aside.name)) if aside else \
            say(N_("{file}: {reason}"), file=file, reason=reason)
        log.warning("Save %s could not be opened: %s", printable(str(path)),
                    printable(message))
        return None, message


def autosave_path(config) -> Path:
    return config.saves_dir / AUTOSAVE


def autosave(config, state: GameState, seats: list[Seat]) -> Future[bool]:
    """Rewrite the autosave (in the background); the one it replaces is kept as
    ``autosave.prev.json``.  The text is made now, so later moves cannot change it.  The
    future says, once written, whether the game is kept (False: the folder is read-only or
    full, and the table tells the players)."""
    folder = config.saves_dir
    text = dumps(state, seats)
    return config.writer.submit(_write_autosave, folder, text)


def _write_autosave(folder: Path, text: str) -> bool:
    try:
        write_atomic(folder / AUTOSAVE, text, keep_previous=folder / PREVIOUS)
        return True
    except OSError as exc:
        log.warning("The game could not be autosaved in %s: %s", folder, exc)
        return False


def flush(config) -> None:
    """Wait until every autosave ``config``'s run asked for so far is on disk."""
    config.writer.flush()


def tidy(config) -> None:
    """Remove what an interrupted autosave left behind (its temporary file, when the game was
    killed while writing); saves themselves are never touched."""
    remove_stale_temps(config.saves_dir / AUTOSAVE)


def read_autosave(config) -> tuple[SavedGame | None, Sentence | None]:
    """The autosave (or, when it is damaged, the previous one) and a message for the player
    when a file had to be set aside (both files: the two sentences, one after the other)."""
    flush(config)
    folder = config.saves_dir
    tidy(config)
    messages: list[Sentence] = []
    for name in (AUTOSAVE, PREVIOUS):
        path = folder / name
        if not path.exists():
            continue
        saved, message = open_save(path)
        if saved is not None:
            return saved, _joined(messages)
        if message:
            messages.append(message)
    return None, _joined(messages)


def _joined(messages: list[Sentence]) -> Sentence | None:
    if not messages:
        return None
    if len(messages) == 1:
        return messages[0]
    return say(N_("{first}; {second}"), first=M(messages[0].message, **messages[0].args),
               second=M(messages[1].message, **messages[1].args))


def unfinished_game(config) -> tuple[SavedGame | None, Sentence | None]:
    """The autosaved game if it was left unfinished (for the title's Continue)."""
    saved, message = read_autosave(config)
    if saved is not None and saved.finished:
        return None, message
    return saved, message
