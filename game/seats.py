"""Who sits at the table: ``Seat`` and the ``--players`` spec.  No pygame here.

A table scene receives ``list[Seat]``; seat ``i`` plays engine player ``i``.  Each game seats
its players in its own colours (``game.palette.GAME_SEAT_COLOURS``): seat ``i`` of a game
takes that game's ``i``-th colour and its name, as the rules and the engine name them.  In
seat setup a player may type a name and pick another of the game's colours
(``game.palette.GAME_COLOURS``); colours stay unique at a table, and a seat whose name is
its colour's name keeps that default when its colour changes.  A colour's name is read in the
player's language (``player_name``), and a seat called by it in any language is called by it in
the language spoken now: the default name follows a change of language.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game import i18n
from game.bots import LEVELS as BOT_LEVELS
from game.i18n import N_, _
from game.palette import PLAYER_NAMES, game_colours, seat_colour
from game.registry import GameInfo

NAME_MAX = 16  # characters: a name fits a seat badge, a panel title and a log line
HUMAN = "human"
BOT = "bot"
REMOTE = "remote"  # played elsewhere: another player's client, or a bot of the server
DEFAULT_BOT_LEVEL = "normal" if "normal" in BOT_LEVELS else BOT_LEVELS[-1]
# Who plays a seat, as the table's panels say it
KIND_WORDS = {None: N_("Human"), "easy": N_("Bot (easy)"), "normal": N_("Bot (normal)"),
              "hard": N_("Bot (hard)"), REMOTE: N_("Online")}


@dataclass(frozen=True)
class Seat:
    """One player at the table.

    kind:   "human", "bot" or "remote" (an online table's seat played elsewhere: another
            player's client or a bot of the server; this table neither shows its private
            things nor runs a bot for it)
    level:  the bot level ("easy", "normal"), None for humans (a remote seat: its bot's
            level when a bot of the server plays it)
    name:   shown on the table
    colour: index into the player palette (``game.palette``), also picks the shape
    """

    kind: str
    level: str | None = None
    name: str = ""
    colour: int = 0

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT

    @property
    def is_remote(self) -> bool:
        return self.kind == REMOTE

    @property
    def label(self) -> str:
        return f"Bot ({self.level})" if self.is_bot else "Human"

    def kind_text(self) -> str:
        """"Human" or "Bot (hard)", in the player's language: what a seat's panel says of
        who plays it."""
        if self.is_remote:  # another player's, or a bot of the server's (its level)
            words = KIND_WORDS.get(self.level or REMOTE)
        else:
            words = KIND_WORDS.get(self.level if self.is_bot else None)
        return _(words) if words else self.label


def as_played(seat: Seat) -> Seat:
    """``seat`` as a table on this machine would seat it (a finished online game's replay
    and history): a remote seat played by a bot of the server is a bot of its level, any
    other remote seat a human."""
    if not seat.is_remote:
        return seat
    return replace(seat, kind=BOT if seat.level else HUMAN)


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
    """The palette's name for a colour index in the current language (e.g. "Red", "Rosso")."""
    return _(PLAYER_NAMES[colour % len(PLAYER_NAMES)])


def colour_names(colour: int) -> frozenset[str]:
    """The names of a colour in every language of the client."""
    english = PLAYER_NAMES[colour % len(PLAYER_NAMES)]
    return frozenset(i18n.translation(code).gettext(english) for code in i18n.LANGUAGES)


def _game_id(game: GameInfo | str) -> str:
    return game if isinstance(game, str) else game.id


def make_seat(game: GameInfo | str, index: int, kind: str, level: str | None = None) -> Seat:
    """Seat ``index`` (0-based) of ``game`` (its info or id), in that seat's colour."""
    level = (level or DEFAULT_BOT_LEVEL) if kind == BOT else None
    colour = seat_colour(_game_id(game), index)
    return Seat(kind=kind, level=level, name=player_name(colour), colour=colour)


def has_default_name(seat: Seat) -> bool:
    """Whether the seat is called by its colour's name, in any language (nobody typed another
    one)."""
    return seat.name in colour_names(seat.colour)


def in_language(seat: Seat) -> Seat:
    """The seat called by its colour's name in the current language when it is called by its
    colour's name at all (a seat set up or saved in another language); else unchanged."""
    return replace(seat, name=player_name(seat.colour)) if has_default_name(seat) else seat


def renamed(seat: Seat, raw: object) -> Seat:
    """The seat with ``raw`` cleaned as its name (its colour's name when nothing is left)."""
    return replace(seat, name=clean_name(raw, player_name(seat.colour)))


def recoloured(seats: list[Seat], i: int, colour: int) -> list[Seat]:
    """Seat ``i`` wears ``colour``; a seat that wore it takes seat ``i``'s old colour, so
    colours stay unique.  A seat with its colour's name takes the new colour's name."""

    def wear(seat: Seat, c: int) -> Seat:
        return replace(seat, colour=c, name=player_name(c) if has_default_name(seat)
                       else seat.name)

    old = seats[i].colour
    return [wear(s, colour) if j == i else wear(s, old) if s.colour == colour else s
            for j, s in enumerate(seats)]


def free_colour(game: GameInfo | str, index: int, taken: list[int]) -> int:
    """A colour for a new seat ``index``: its rules colour when no other seat wears it, else
    the first of the game's colours nobody wears."""
    gid = _game_id(game)
    preferred = seat_colour(gid, index)
    if preferred not in taken:
        return preferred
    return next(c for c in game_colours(gid) if c not in taken)


def wearing(game: GameInfo | str, seats: list[Seat], colours: list[object]) -> list[Seat]:
    """``seats`` in ``colours`` (read from a save), names untouched: a colour the game does not
    offer, or that an earlier seat wears already, gives the seat a free colour instead."""
    offered = game_colours(_game_id(game))
    chosen: list[int | None] = []
    for i in range(len(seats)):
        c = colours[i] if i < len(colours) else None
        ok = isinstance(c, int) and not isinstance(c, bool) and c in offered
        chosen.append(c if isinstance(c, int) and ok and c not in chosen else None)
    out = []
    for i, seat in enumerate(seats):
        c = chosen[i]
        if c is None:
            c = chosen[i] = free_colour(game, i, [x for x in chosen if x is not None])
        out.append(replace(seat, colour=c))
    return out


def remembered(game: GameInfo, seats: list[Seat], names: list[str], colours: list[int]
               ) -> list[Seat]:
    """``seats`` wearing the names and colours chosen last time (by seat position): names are
    cleaned again, colours the game does not offer or already worn are left as they were."""
    out = list(seats)
    for i in range(len(out)):
        if i < len(colours) and colours[i] in game_colours(game.id):
            out = recoloured(out, i, colours[i])
        if i < len(names) and names[i]:
            out[i] = renamed(out[i], names[i])
    return out


def memory(seats: list[Seat]) -> tuple[list[str], list[int]]:
    """What ``remembered`` restores: typed names ("" for a colour's name) and colours."""
    return ([("" if has_default_name(s) else s.name) for s in seats],
            [s.colour for s in seats])


def default_seats(game: GameInfo) -> list[Seat]:
    """One human, then bots up to the game's smallest table."""
    return [make_seat(game, 0, HUMAN)] + [
        make_seat(game, i, BOT) for i in range(1, game.min_players)
    ]


def parse_players(spec: str, game: GameInfo) -> list[Seat]:
    """``"human,bot:normal,bot:easy"`` -> seats.  Raises ValueError with a one-line reason."""
    parts = [p.strip() for p in spec.split(",")]
    if not spec.strip() or any(not p for p in parts):
        raise ValueError(_("malformed spec {spec}: give seats like human,bot:normal,bot:easy")
                         .format(spec=repr(spec)))
    if len(parts) > game.max_players:
        raise ValueError(_table_size(game, len(parts)))
    seats = []
    for i, part in enumerate(parts):
        kind, sep, level = part.lower().partition(":")
        if kind == HUMAN and not sep:
            seats.append(make_seat(game, i, HUMAN))
        elif kind == BOT:
            if sep and level not in BOT_LEVELS:
                raise ValueError(_("unknown bot level {level} in {seat} (levels: {levels})").format(
                    level=repr(level), seat=repr(part), levels=", ".join(BOT_LEVELS)))
            seats.append(make_seat(game, i, BOT, level if sep else None))
        else:
            raise ValueError(_("malformed seat {seat}: each seat is human, bot or bot:LEVEL")
                             .format(seat=repr(part)))
    if not game.min_players <= len(seats) <= game.max_players:
        raise ValueError(_table_size(game, len(seats)))
    return seats


def _table_size(game: GameInfo, n: int) -> str:
    return _("{game} takes {low}-{high} players, not {n}").format(
        game=game.name, low=game.min_players, high=game.max_players, n=n)
