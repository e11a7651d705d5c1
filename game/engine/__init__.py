"""Pure rules engines.  Nothing here imports pygame.

``GAMES`` is the one registry: the CLI, menus, bots, tools and tests start games through it.
Game packages are imported only when a game is started, which keeps start-up fast.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from game.engine.core import GameState, IllegalAction  # noqa: F401  (re-exported)


@dataclass(frozen=True)
class GameOption:
    """A setup choice a game offers (passed to ``new_game`` as a keyword)."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]  # (value, words shown to players)
    default: str

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(v for v, _ in self.choices)

    def words(self, value: str) -> str:
        return dict(self.choices)[value]


@dataclass(frozen=True)
class GameInfo:
    id: str
    name: str
    min_players: int
    max_players: int
    pitch: str
    module: str  # package whose ``new_game(num_players, seed, **options)`` starts a game
    map_name: str
    options: tuple[GameOption, ...] = ()

    def default_options(self) -> dict[str, str]:
        return {o.name: o.default for o in self.options}

    def new(self, num_players: int, seed: int, **options: Any) -> GameState:
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(
                f"{self.name} takes {self.min_players}-{self.max_players} players, "
                f"not {num_players}"
            )
        return importlib.import_module(self.module).new_game(num_players, seed, **options)

    @property
    def players_text(self) -> str:
        return f"{self.min_players}-{self.max_players} players"


GAMES: dict[str, GameInfo] = {
    "oregon": GameInfo(
        id="oregon",
        name="Oregon",
        min_players=2,
        max_players=4,
        pitch="Settle the frontier: play two cards, place farmers beside buildings, score.",
        module="game.engine.oregon",
        map_name="oregon",
    ),
    "colorado": GameInfo(
        id="colorado",
        name="Colorado County",
        min_players=3,
        max_players=4,
        pitch="Bid your cowboys for land cards, stake out borders, lakes and big domains.",
        module="game.engine.colorado",
        map_name="colorado",
        # The rules: the first game uses the printed layout, later games random lakes.
        options=(GameOption("lakes", "Lakes", (("first", "First-game layout"),
                                               ("random", "Random from the seed")), "first"),),
    ),
    "oasis": GameInfo(
        id="oasis",
        name="Oasis",
        min_players=3,
        max_players=5,
        pitch="Offer cards, take the best offer, grow oases, steppes and camel caravans.",
        module="game.engine.oasis",
        map_name="oasis",
    ),
}
