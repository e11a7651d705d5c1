"""Who sits at the table: ``Seat`` and the ``--players`` spec.  No pygame here.

A table scene receives ``list[Seat]``; seat ``i`` plays engine player ``i``.  Each game seats
its players in its own colours (``game.ui.palette.GAME_SEAT_COLOURS``): seat ``i`` of a game
takes that game's ``i``-th colour and its name, as the rules and the engine name them.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.bots import LEVELS as BOT_LEVELS
from game.engine import GameInfo
from game.ui.palette import PLAYER_NAMES, seat_colour

NAME_MAX = 16  # characters: a name fits a seat badge, a panel title and a log line
HUMAN = "human"
BOT = "bot"
DEFAULT_BOT_LEVEL = "normal" if "normal" in BOT_LEVELS else BOT_LEVELS[-1]


@dataclass(frozen=True)
class Seat:
    """One player at the table.

    kind:   "human" or "bot"
    level:  the bot level ("easy", "normal"), None for humans
    name:   shown on the table
    colour: index into the player palette (``game.ui.palette``), also picks the shape
    """

    kind: str
    level: str | None = None
    name: str = ""
    colour: int = 0

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT

    @property
    def label(self) -> str:
        return f"Bot ({self.level})" if self.is_bot else "Human"


def clean_name(raw: object, fallback: str) -> str:
    """A seat name safe to draw and to save: printable characters only (no NUL, no other
    control or format characters, no lone surrogates), spaces collapsed, at most ``NAME_MAX``
    characters.  Anything that leaves nothing (or is not text at all) gives ``fallback``."""
    if not isinstance(raw, str):
        return fallback
    kept = "".join(
        ch if ch.isprintable() and not 0xD800 <= ord(ch) <= 0xDFFF else " " for ch in raw
    )
    name = " ".join(kept.split())[:NAME_MAX].strip()
    return name or fallback


def player_name(colour: int) -> str:
    """The palette's name for a colour index (e.g. "Red")."""
    return PLAYER_NAMES[colour % len(PLAYER_NAMES)]


def _game_id(game: GameInfo | str) -> str:
    return game if isinstance(game, str) else game.id


def make_seat(game: GameInfo | str, index: int, kind: str, level: str | None = None) -> Seat:
    """Seat ``index`` (0-based) of ``game`` (its info or id), in that seat's colour."""
    level = (level or DEFAULT_BOT_LEVEL) if kind == BOT else None
    colour = seat_colour(_game_id(game), index)
    return Seat(kind=kind, level=level, name=player_name(colour), colour=colour)


def default_seats(game: GameInfo) -> list[Seat]:
    """One human, then bots up to the game's smallest table."""
    return [make_seat(game, 0, HUMAN)] + [
        make_seat(game, i, BOT) for i in range(1, game.min_players)
    ]


def parse_players(spec: str, game: GameInfo) -> list[Seat]:
    """``"human,bot:normal,bot:easy"`` -> seats.  Raises ValueError with a one-line reason."""
    parts = [p.strip() for p in spec.split(",")]
    if not spec.strip() or any(not p for p in parts):
        raise ValueError(f"malformed spec {spec!r}: give seats like human,bot:normal,bot:easy")
    if len(parts) > game.max_players:
        raise ValueError(
            f"{game.name} takes {game.min_players}-{game.max_players} players, not {len(parts)}"
        )
    seats = []
    for i, part in enumerate(parts):
        kind, sep, level = part.lower().partition(":")
        if kind == HUMAN and not sep:
            seats.append(make_seat(game, i, HUMAN))
        elif kind == BOT:
            if sep and level not in BOT_LEVELS:
                raise ValueError(
                    f"unknown bot level {level!r} in {part!r} (levels: {', '.join(BOT_LEVELS)})"
                )
            seats.append(make_seat(game, i, BOT, level if sep else None))
        else:
            raise ValueError(f"malformed seat {part!r}: each seat is human, bot or bot:LEVEL")
    if not game.min_players <= len(seats) <= game.max_players:
        raise ValueError(
            f"{game.name} takes {game.min_players}-{game.max_players} players, not {len(seats)}"
        )
    return seats
