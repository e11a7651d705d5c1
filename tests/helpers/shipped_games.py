"""The games that ship (``GAME_PACKAGES``), for tests about their own files and figures
(golden games, lessons, music, maps): tests about what every game does iterate ``GAMES``,
which also holds the tests' own games (``tests/games/``)."""

from __future__ import annotations

from game.registry import GAME_PACKAGES, GAMES

SHIPPED: tuple[str, ...] = tuple(g.id for g in GAMES.values() if g.package in GAME_PACKAGES)
"""The ids of the games that ship, in menu order."""
