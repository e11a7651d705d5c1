"""Keeping the autosave current after every action of a game people play."""

from __future__ import annotations

from collections.abc import Sequence

from game import saves
from game.config import Config
from game.engine.core import GameState
from game.seats import Seat


class Autosaver:
    def __init__(self, config: Config) -> None:
        self.config = config

    def wanted(self, autosave: bool, passive: bool) -> bool:
        """Whether a table keeps the autosave: not a demo (``autosave`` off), a replay
        (``passive``) or a kiosk game."""
        return autosave and not passive and not self.config.kiosk

    def save(self, state: GameState, seats: Sequence[Seat]) -> None:
        saves.autosave(self.config, state, list(seats))
