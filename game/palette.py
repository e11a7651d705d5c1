"""The player palette and each game's seat colours.  Plain data, no pygame.

``game.ui.art`` draws with it; ``game.seats`` names seats with it.  Each game's seat colours
are named in its registry entry (``game.registry``).  A colour index
picks a name, an RGB colour, a shape and an outline from these tables, the same index
everywhere (sprites in ``sprites/pieces/`` are named after ``PLAYER_NAMES``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from game.i18n import N_
from game.registry import GAMES

Colour = tuple[int, int, int]

YELLOW, BLUE, GREEN, RED, PURPLE, ORANGE, BROWN, BLACK = range(8)

# The English names are also the colours' ids (sprites, registry entries); players read them
# translated (``game.seats.player_name``).
PLAYER_NAMES: tuple[str, ...] = (
    # Translators: a player's colour, also the default name of a seat wearing it
    N_("Yellow"),
    # Translators: a player's colour, also the default name of a seat wearing it
    N_("Blue"),
    # Translators: a player's colour, also the default name of a seat wearing it
    N_("Green"),
    # Translators: a player's colour, also the default name of a seat wearing it
    N_("Red"),
    # Translators: a player's colour, also the default name of a seat wearing it
    N_("Purple"),
    # Translators: a player's colour, also the default name of a seat wearing it
    N_("Orange"),
    # Translators: a player's colour, also the default name of a seat wearing it
    N_("Brown"),
    # Translators: a player's colour, also the default name of a seat wearing it
    N_("Black"),
)
PLAYER_COLOURS: tuple[Colour, ...] = (
    (240, 188, 36),
    (46, 108, 200),
    (52, 148, 76),
    (204, 56, 44),
    (134, 76, 176),
    (242, 128, 30),
    (140, 92, 58),
    (56, 54, 58),
)
#: Every colour also has its own shape, so seats stay apart for colour-blind players.
PLAYER_SHAPES: tuple[str, ...] = (
    "circle",
    "square",
    "triangle",
    "diamond",
    "hexagon",
    "star",
    "pentagon",
    "cross",
)
#: Outline of a piece or badge; None: a dark shade of the colour.  Dark colours get a light
#: rim so they show on the dark wood of the table.
PLAYER_RIMS: tuple[Colour | None, ...] = (
    None,
    None,
    None,
    None,
    None,
    None,
    (232, 206, 164),
    (214, 206, 190),
)


def _indices(names: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(PLAYER_NAMES.index(n) for n in names)


class _PerGame(Mapping[str, tuple[int, ...]]):
    """Palette indices per game, read from the registry when asked (so a game registered
    after this module was imported has its colours too)."""

    def __init__(self, field: str) -> None:
        self.field = field

    def __getitem__(self, game_id: str) -> tuple[int, ...]:
        return _indices(getattr(GAMES[game_id], self.field))

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


#: Each game's seat colours, seat 1 first, in the order of the rules (and of the engines'
#: player names), from the registry.
GAME_SEAT_COLOURS: Mapping[str, tuple[int, ...]] = _PerGame("seat_colours")

#: The colours a game's players may pick in seat setup: the rules' colours first, then other
#: palette colours (see each game's ``GameInfo.colours``).
GAME_COLOURS: Mapping[str, tuple[int, ...]] = _PerGame("colours")


def game_colours(game_id: str) -> tuple[int, ...]:
    """Palette indices a player of ``game_id`` may wear, the rules' colours first."""
    return GAME_COLOURS.get(game_id, seat_colours(game_id))


def seat_colours(game_id: str) -> tuple[int, ...]:
    """Palette indices of a game's seats in seat order (the whole palette for other games)."""
    return GAME_SEAT_COLOURS.get(game_id, tuple(range(len(PLAYER_NAMES))))


def seat_colour(game_id: str, seat: int) -> int:
    """Palette index of seat ``seat`` (0-based) of ``game_id``."""
    colours = seat_colours(game_id)
    if not 0 <= seat < len(colours):
        raise IndexError(f"{game_id} has no seat {seat + 1}; it seats {len(colours)}")
    return colours[seat]
