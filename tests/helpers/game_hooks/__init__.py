"""Per-game hooks for the shared contract test (``tests/engine/test_contract.py``) and the
other tests that run every game in ``GAMES`` (perft counts, the bots' games).

The contract test plays random games of every game in ``GAMES`` and checks what every game
must do; a game's hooks add what only that game knows: how to start its test games, its
invariants, what its players may not know (to scramble it), random candidate actions (legal
or not), a playing policy, checks after each action, and the event kinds its random games
must reach.
"""

from __future__ import annotations

import importlib
import random
from collections import Counter
from typing import Any


class GameHooks:
    """Defaults; each game's module defines ``HOOKS``, an instance of a subclass."""

    game_id = ""
    player_counts: tuple[int, ...] = ()
    games_per_count = 50
    revealing: frozenset[str] | None = frozenset()
    """Event kinds that show something hidden or draw at random: no undo past them
    (None: not checked action by action)."""
    must_reach: frozenset[str] = frozenset()
    """Event kinds (and action class names) the random games must reach between them."""
    perft: dict[tuple[int, int], list[int]] = {}
    """(seed, players) -> how many legal actions there are at each step of a fixed random
    game (``tests/engine/test_perft.py``)."""
    bot_games: tuple[tuple[str, ...], ...] = ()
    """The bots' levels, seat by seat, of the complete games the bot tests play (at least
    one game: ``tests/bots/test_every_game_bots.py``)."""
    same_choice_positions = 60
    """Positions on which bots of the same seed must choose alike."""
    view_only: tuple[int, tuple[str, ...], tuple[str, ...]] = (40, (), ())
    """(positions, state methods, functions by dotted path) a bot must not call besides
    every state's own, to show that it decides from the view alone."""
    steps_reading_data = 1
    """Presenter steps, at least, that read their event's data (``tests/scenes/
    test_presenter_payloads.py``)."""
    scores_never_fall = True
    scramble_at_end = True
    lists_every_action = True
    """False where ``legal_actions`` lists one representative per outcome and ``apply``
    also accepts equivalent encodings of it."""

    def new(self, n: int, seed: int):
        raise NotImplementedError

    def check_invariants(self, state) -> None:
        """Every component accounted for, the game's own bookkeeping consistent."""

    def scrambled(self, state, viewer: int | None, rng: random.Random):
        """A copy whose information hidden from ``viewer`` is drawn anew."""
        raise NotImplementedError

    def random_candidate(self, state, p: int, rng: random.Random):
        """Any action of this game, mostly illegal ones."""
        raise NotImplementedError

    def choose(self, state, p: int, legal: list, rng: random.Random):
        return rng.choice(legal)

    def check_step(self, before, state, action, p: int, events: list,
                   stats: Counter) -> None:
        """Checks after one action (``before``: a clone from before it; ``stats``: counts
        for this one game, also added to what the games must reach)."""

    def check_view(self, state, viewer: int | None, view: dict[str, Any]) -> None:
        """What only this game's views must (not) show."""

    def check_end(self, state, stats: Counter) -> None:
        """The final state: ranking and tie-breaks by this game's rules (``stats``: what
        this one game's ``check_step`` counted)."""


def hooks(game_id: str) -> GameHooks:
    return importlib.import_module(f"game_hooks.{game_id}").HOOKS
