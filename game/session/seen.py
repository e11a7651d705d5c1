"""The game as one viewer may know it: a full ``GameState`` rebuilt from their view
(``GameState.state_from_view``), for the table's parts to ask their rules (a refusal, a
preview, the prompt) without the game itself.  Its hidden parts (the others' hands, the
decks) are samples drawn with a fixed seed, never the real values: what a part reads from it
is what that viewer may know, by construction.  The contract test checks that it answers as
the game for what the table asks (the view, the seats to act, the acting seat's legal actions
and refusals, the scores, the outcome).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from game.engine.core import GameState

SAMPLE_SEED = 0  # the same view always rebuilds into the same game: pictures do not flicker


def seen_game(rules: type[GameState], view: Mapping[str, Any]) -> GameState:
    """The game ``view`` shows, its hidden parts sampled (always the same for one view)."""
    return rules.state_from_view(view, random.Random(SAMPLE_SEED))


class SeenGames:
    """Seen games kept while their key holds (a session's version, a shown version), one per
    viewer: built once, asked many times a frame."""

    def __init__(self, rules: type[GameState]) -> None:
        self.rules = rules
        self._key: Hashable = object()
        self._games: dict[int | None, GameState] = {}

    def get(self, key: Hashable, viewer: int | None,
            view: Callable[[int | None], Mapping[str, Any]]) -> GameState:
        """The game ``viewer`` may know, from ``view(viewer)`` while ``key`` holds."""
        if key != self._key:
            self._key, self._games = key, {}
        game = self._games.get(viewer)
        if game is None:
            game = self._games[viewer] = seen_game(self.rules, view(viewer))
        return game
