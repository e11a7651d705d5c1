"""Who sits at the table: ``Seat`` and the ``--players`` spec.  No pygame here.

A table scene receives ``list[Seat]``; seat ``i`` plays engine player ``i``.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.bots import LEVELS as BOT_LEVELS
from game.engine import GameInfo

HUMAN = "human"
BOT = "bot"
DEFAULT_BOT_LEVEL = "normal" if "normal" in BOT_LEVELS else BOT_LEVELS[-1]

# Used when game.ui.art (the shared player palette) is not there.
_FALLBACK_NAMES = ("Red", "Blue", "Yellow", "Green", "Purple")


@dataclass(frozen=True)
class Seat:
    """One player at the table.

    kind:   "human" or "bot"
    level:  the bot level ("easy", "normal"), None for humans
    name:   shown on the table
    colour: index into the player palette (``game.ui.players``), also picks the shape
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


def player_name(colour: int) -> str:
    """The palette's name for a colour index (e.g. "Red")."""
    try:
        from game.ui.art import PLAYER_NAMES  # the shared palette, when it is there
    except ImportError:
        PLAYER_NAMES = _FALLBACK_NAMES  # noqa: N806
    names = list(PLAYER_NAMES) or list(_FALLBACK_NAMES)
    return str(names[colour % len(names)])


def make_seat(index: int, kind: str, level: str | None = None) -> Seat:
    level = (level or DEFAULT_BOT_LEVEL) if kind == BOT else None
    return Seat(kind=kind, level=level, name=player_name(index), colour=index)


def default_seats(game: GameInfo) -> list[Seat]:
    """One human, then bots up to the game's smallest table."""
    return [make_seat(0, HUMAN)] + [make_seat(i, BOT) for i in range(1, game.min_players)]


def parse_players(spec: str, game: GameInfo) -> list[Seat]:
    """``"human,bot:normal,bot:easy"`` -> seats.  Raises ValueError with a one-line reason."""
    parts = [p.strip() for p in spec.split(",")]
    if not spec.strip() or any(not p for p in parts):
        raise ValueError(f"malformed spec {spec!r}: give seats like human,bot:normal,bot:easy")
    seats = []
    for i, part in enumerate(parts):
        kind, sep, level = part.lower().partition(":")
        if kind == HUMAN and not sep:
            seats.append(make_seat(i, HUMAN))
        elif kind == BOT:
            if sep and level not in BOT_LEVELS:
                raise ValueError(
                    f"unknown bot level {level!r} in {part!r} (levels: {', '.join(BOT_LEVELS)})"
                )
            seats.append(make_seat(i, BOT, level if sep else None))
        else:
            raise ValueError(f"malformed seat {part!r}: each seat is human, bot or bot:LEVEL")
    if not game.min_players <= len(seats) <= game.max_players:
        raise ValueError(
            f"{game.name} takes {game.min_players}-{game.max_players} players, not {len(seats)}"
        )
    return seats
