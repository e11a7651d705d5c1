"""The history of finished games, and the statistics drawn from it.  No pygame here.

``saves/history.json`` (beside the autosave) lists every finished game people played at this
client, oldest first: when it ended, the game, who sat where (names, colours, bot levels,
scores) and who won.  Each record names its replay, the finished game's save copied to
``saves/history/<date>-<game>-<n>.json``.  Both are written atomically, in the background
(``config.writer``, the autosave's), with the text made at once.

A game is recorded once: its record carries a key made from the game's seed, options and
moves, and a game with a key already there is not added again (a finished game opened again,
or its replay).  A history file that cannot be read is renamed aside (``history.json.corrupt``,
never deleted), reported once, and a new history starts; a name or a score it holds that
no game wrote (a NUL, a lone surrogate, 10^309) is cleaned as a save's name is, or held
between 0 and ``MAX_SCORE``, and the games stay.  A replay file that went missing
leaves its record: the history says the replay is missing.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from game import saves
from game.engine.core import GameState
from game.engine.messages import N_, M, Sentence, localized, say
from game.engine.save_files import save_dict
from game.files import set_aside, write_atomic
from game.palette import PLAYER_NAMES
from game.seats import BOT, BOT_LEVELS, HUMAN, Seat, clean_name, colour_names

log = logging.getLogger(__name__)

HISTORY_FILE = "history.json"
REPLAYS_DIR = "history"
FORMAT = "landgrab-history"
VERSION = 1
# A record is a few hundred bytes: this is tens of thousands of games, far more than a
# household plays.  A larger file is not a history and is not read into memory.
MAX_HISTORY_BYTES = 32 * 1024 * 1024
# A replay's file name: a plain name in the replays folder, never a path elsewhere.
_REPLAY_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.json")
_KEY = re.compile(r"[0-9a-f]{0,64}")
# No game scores below 0 or anywhere near this (the best tables score a few hundred): a score
# beyond is damage, held to the bound so that sums, averages and the figures' formatting stay
# ordinary numbers that fit their columns.
MAX_SCORE = 9999


class HistoryError(ValueError):
    """The history file does not hold a history this copy can read."""


@dataclass(frozen=True)
class SeatRecord:
    name: str
    colour: str  # the palette colour's id, its English name ("Red", see game.palette)
    kind: str  # "human" | "bot"
    level: str  # "" for humans, else "easy" | "normal" | "hard"
    score: int

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT

    @property
    def colour_index(self) -> int:
        """The palette index of the seat's colour (0 when the name is unknown)."""
        return PLAYER_NAMES.index(self.colour) if self.colour in PLAYER_NAMES else 0


@dataclass(frozen=True)
class GameRecord:
    finished: str  # ISO 8601 local time, to the second
    game: str  # the game's id ("oregon", ...)
    seats: tuple[SeatRecord, ...]
    winners: tuple[int, ...]  # seat indices sharing first place
    replay: str  # the file name of the finished game's save, under saves/history/
    key: str = ""  # what makes this game this game (seed, options, moves): recorded once

    @property
    def when(self) -> datetime:
        return datetime.fromisoformat(self.finished)


@dataclass
class History:
    folder: Path  # the saves folder: history.json here, the replays in history/
    records: list[GameRecord] = field(default_factory=list)  # oldest first
    # Where the files are written: ``submit(fn, *args)`` (a BackgroundWriter); None: at once.
    writer: Any = None
    clock: Callable[[], datetime] = datetime.now

    # --- reading -------------------------------------------------------------------------------
    @classmethod
    def load(cls, folder: Path, writer: Any = None) -> tuple[History, Sentence | None]:
        """The history kept in ``folder`` (empty when there is none yet) and, when the file
        could not be read, the sentence that says so (it was set aside, a new one starts)."""
        path = folder / HISTORY_FILE
        history = cls(folder, writer=writer)
        if not path.exists():
            return history, None
        try:
            history.records = _read(path)
            return history, None
        except Exception as exc:  # noqa: BLE001 - whatever the file holds, the game goes on
            reason = exc.args[0] if isinstance(exc, HistoryError) and exc.args else \
                M(N_("cannot be opened ({problem})"), problem=type(exc).__name__)
            aside = set_aside(path)
            message = say(N_("The history of finished games could not be read ({reason}); "
                             "it was moved to {aside} and a new one starts."),
                          reason=reason, aside=aside.name if aside else path.name)
            log.warning("History %s could not be read: %s", path, localized(message, None, "en"))
            return history, message

    @property
    def path(self) -> Path:
        return self.folder / HISTORY_FILE

    @property
    def replays_dir(self) -> Path:
        return self.folder / REPLAYS_DIR

    def replay_path(self, record: GameRecord) -> Path:
        return self.replays_dir / record.replay

    def has_replay(self, record: GameRecord) -> bool:
        return self.replay_path(record).is_file()

    def newest_first(self) -> list[GameRecord]:
        return self.records[::-1]

    def finished_games(self, game_id: str, name: str | None = None) -> int:
        """How many games of ``game_id`` were finished (by a human seat called ``name``, when
        given: a colour's name in any language counts as the same default name)."""
        key = None if name is None else name_key(name)
        return sum(1 for r in self.records if r.game == game_id and (
            key is None or any(not s.is_bot and name_key(s.name) == key for s in r.seats)))

    # --- writing -------------------------------------------------------------------------------
    def add(self, state: GameState, seats: Sequence[Seat]) -> GameRecord:
        """Record the finished game ``state`` played by ``seats``: its replay file and the
        history file are written (in the background when the history has a writer).  A game
        already recorded is not added again: its record is returned."""
        data = save_dict(state)
        key = game_key(data)
        for record in self.records:
            if record.key == key:
                return record
        finished = self.clock().replace(microsecond=0)
        scores = state.scores()
        record = GameRecord(
            finished=finished.isoformat(timespec="seconds"),
            game=state.GAME_ID,
            seats=tuple(SeatRecord(
                name=s.name, colour=PLAYER_NAMES[s.colour % len(PLAYER_NAMES)], kind=s.kind,
                level=(s.level or "") if s.is_bot else "", score=int(scores[i]))
                for i, s in enumerate(seats)),
            winners=tuple(state.winners()),
            replay=self._replay_name(finished, state.GAME_ID),
            key=key,
        )
        self.records.append(record)
        # The replay's text is made now (the state may change); the history's from a copy of
        # the records (they are frozen), on the writer's thread: a long history costs no frame.
        replay_text = saves.dumps(state, list(seats))
        if self.writer is None:
            _write(self.folder, record.replay, replay_text, tuple(self.records))
        else:
            self.writer.submit(_write, self.folder, record.replay, replay_text,
                               tuple(self.records))
        return record

    def add_online(self, game_id: str, seats: Sequence[Seat], scores: Sequence[int],
                   winners: Sequence[int], table: str) -> GameRecord:
        """Record a finished online game (``table``: the server's address and the table's
        code, its identity) from what this client was sent: its seats (a seat played
        elsewhere by a bot of the server counts as that bot, any other as a player), the
        final scores and the winners, when the game itself did not come whole (its record
        from the server did not replay): there is no replay here, and the history says
        so."""
        key = hashlib.sha256(f"online:{table}".encode()).hexdigest()
        for record in self.records:
            if record.key == key:
                return record
        finished = self.clock().replace(microsecond=0)
        record = GameRecord(
            finished=finished.isoformat(timespec="seconds"), game=game_id,
            seats=tuple(SeatRecord(
                name=s.name, colour=PLAYER_NAMES[s.colour % len(PLAYER_NAMES)],
                kind=BOT if s.level else HUMAN, level=s.level or "", score=int(scores[i]))
                for i, s in enumerate(seats)),
            winners=tuple(winners), replay=self._replay_name(finished, game_id), key=key)
        self.records.append(record)
        if self.writer is None:
            _write_history(self.folder, tuple(self.records))
        else:
            self.writer.submit(_write_history, self.folder, tuple(self.records))
        return record

    def _replay_name(self, finished: datetime, game_id: str) -> str:
        taken = {r.replay for r in self.records}
        stem = f"{finished.strftime('%Y-%m-%d')}-{game_id}"
        n = 1
        while f"{stem}-{n}.json" in taken or (self.replays_dir / f"{stem}-{n}.json").exists():
            n += 1
        return f"{stem}-{n}.json"


def _write(folder: Path, replay: str, replay_text: str, records: Sequence[GameRecord]) -> None:
    """The replay first: a history never names a replay that was not written."""
    try:
        write_atomic(folder / REPLAYS_DIR / replay, replay_text)
        write_atomic(folder / HISTORY_FILE, dumps(records))
    except OSError as exc:
        log.warning("The finished game could not be kept in the history in %s: %s",
                    folder, exc)


def _write_history(folder: Path, records: Sequence[GameRecord]) -> None:
    try:
        write_atomic(folder / HISTORY_FILE, dumps(records))
    except OSError as exc:
        log.warning("The finished game could not be kept in the history in %s: %s",
                    folder, exc)


def game_key(data: dict[str, Any]) -> str:
    """The identity of a game: its game, seed, options and every move (from ``save_dict``)."""
    what = {k: data.get(k) for k in ("game", "num_players", "seed", "options", "actions")}
    return hashlib.sha256(json.dumps(what, sort_keys=True, separators=(",", ":"))
                          .encode("utf-8")).hexdigest()[:32]


# --- the file --------------------------------------------------------------------------------
def dumps(records: Iterable[GameRecord]) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION,
                       "games": [_record_json(r) for r in records]},
                      ensure_ascii=False, indent=1)


def _record_json(r: GameRecord) -> dict[str, Any]:
    return {"finished": r.finished, "game": r.game, "replay": r.replay, "key": r.key,
            "winners": list(r.winners),
            "seats": [{"name": s.name, "colour": s.colour, "kind": s.kind, "level": s.level,
                       "score": s.score} for s in r.seats]}


def _read(path: Path) -> list[GameRecord]:
    size = path.stat().st_size
    if size > MAX_HISTORY_BYTES:
        raise HistoryError(M(N_("too large for a history ({size} KiB)"), size=size // 1024))
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise HistoryError(M(N_("not a history of games"))) from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise HistoryError(M(N_("not a history of games")))
    if data.get("version") != VERSION:
        raise HistoryError(M(N_("a history version this copy does not know ({version})"),
                             version=str(data.get("version"))[:20]))
    games = data.get("games")
    if not isinstance(games, list):
        raise HistoryError(M(N_("not a history of games")))
    records = []
    for i, item in enumerate(games):
        try:
            records.append(_record(item))
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise HistoryError(M(N_("game {n} of the history is damaged"), n=i + 1)) from exc
    return records


def _text(value: Any, limit: int = 100) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise ValueError("not a short text")
    return value


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError("not a whole number")
    return value


def _score(value: Any) -> int:
    return max(0, min(MAX_SCORE, _int(value)))


def _colour(value: Any) -> str:
    """A palette colour's id; anything else is the first colour (as ``colour_index`` reads it)."""
    return value if isinstance(value, str) and value in PLAYER_NAMES else PLAYER_NAMES[0]


def _record(item: Any) -> GameRecord:
    finished = _text(item["finished"], 40)
    datetime.fromisoformat(finished)  # raises ValueError when it is not a date
    replay = _text(item["replay"])
    if not _REPLAY_NAME.fullmatch(replay):
        raise ValueError("not a replay file name")
    seats = []
    for s in item["seats"]:
        kind = _text(s["kind"])
        level = _text(s["level"])
        if kind not in (HUMAN, BOT) or (kind == BOT) != (level in BOT_LEVELS) or \
                (kind == HUMAN and level):
            raise ValueError("not a seat")
        colour = _colour(s["colour"])
        # A damaged or hand-edited name (a NUL, a lone surrogate, a page of text) is cleaned
        # as a save's is: it is drawn, and written back with the next game.
        seats.append(SeatRecord(name=clean_name(s["name"], colour), colour=colour,
                                kind=kind, level=level, score=_score(s["score"])))
    if not seats:
        raise ValueError("no seats")
    winners = tuple(_int(w) for w in item["winners"])
    if any(not 0 <= w < len(seats) for w in winners):
        raise ValueError("a winner who did not play")
    game = _text(item["game"])
    if not game.isprintable():  # shown as it is when no game of this copy has that id
        raise ValueError("not a game's id")
    key = item.get("key", "")
    # a key that is not one only costs the check that this game is not recorded twice
    key = key if isinstance(key, str) and _KEY.fullmatch(key) else ""
    return GameRecord(finished=finished, game=game, seats=tuple(seats), winners=winners,
                      replay=replay, key=key)


# --- statistics ------------------------------------------------------------------------------
def name_key(name: str) -> str:
    """Who a name stands for: a colour's name in any language is that colour's default name
    (a seat nobody named, played in Italian one day and English the next), any other name is
    the same name in any case."""
    for i, english in enumerate(PLAYER_NAMES):
        if name in colour_names(i):
            return "colour:" + english
    return " ".join(name.split()).casefold()


@dataclass
class PlayerStats:
    name: str  # as last written (a colour's English name for a default name)
    games: int = 0
    wins: int = 0
    best: int = 0
    total: int = 0
    # bot level -> (games won, games played) with at least one bot of that level at the table
    versus: dict[str, list[int]] = field(default_factory=dict)

    @property
    def average(self) -> float:
        return self.total / self.games if self.games else 0.0

    def win_rate(self, level: str) -> tuple[int, int]:
        won, played = self.versus.get(level, (0, 0))
        return won, played


def statistics(records: Iterable[GameRecord], game: str | None = None) -> list[PlayerStats]:
    """Per human player name, over the games of ``game`` (all games when None): games, wins,
    best and average score, and wins out of games against each bot level.  Most games first,
    then by name."""
    rows: dict[str, PlayerStats] = {}
    for record in records:
        if game is not None and record.game != game:
            continue
        levels = {s.level for s in record.seats if s.is_bot}
        counted: set[str] = set()  # a name twice at one table counts once
        for i, seat in enumerate(record.seats):
            if seat.is_bot:
                continue
            key = name_key(seat.name)
            if key in counted:
                continue
            counted.add(key)
            row = rows.get(key)
            if row is None:
                row = rows[key] = PlayerStats(
                    name=key[len("colour:"):] if key.startswith("colour:") else seat.name,
                    best=seat.score)
            elif not key.startswith("colour:"):
                row.name = seat.name  # the latest spelling
            won = i in record.winners
            row.games += 1
            row.wins += won
            row.best = max(row.best, seat.score)
            row.total += seat.score
            for level in levels:
                tally = row.versus.setdefault(level, [0, 0])
                tally[0] += won
                tally[1] += 1
    return sorted(rows.values(), key=lambda r: (-r.games, r.name.casefold()))
