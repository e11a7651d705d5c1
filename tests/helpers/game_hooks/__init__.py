"""Per-game hooks for the shared contract test (``tests/engine/test_contract.py``) and the
other tests that run every game in ``GAMES`` (perft counts, the bots' games).

The contract test plays random games of every game in ``GAMES`` and checks what every game
must do; a game's hooks add what only that game knows: how to start its test games, its
invariants, what its players may not know (to scramble it), random candidate actions (legal
or not), a playing policy, checks after each action, and the event kinds its random games
must reach.  The tests of the screens (tables, results, replays, saves, the history) find
here too what only the game knows: how a test plays its table, the seats they sit, its
results' rows and tie-break, its colours as its rules give them.  A game without a table
plan or results is left out of the tests that need one.
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

    # --- what the screens' tests need ------------------------------------------------------
    hand_off_seats: str | None = None
    """The seats of the hot-seat hand-off test (``tests/scenes/test_hand_off_taken.py``)."""
    undo_liked: tuple[str, ...] = ()
    """Names of the action classes the undo-by-mouse test takes back when it can."""
    undo_speed: float | None = None
    """The table's animation speed in the undo-by-mouse test (None: the tests' own)."""
    replay_players: int | None = None
    """Seats of the finished games the replay viewer's tests watch (None: not watched)."""
    save_players: int | None = None
    """Seats of the games the saves' tests write and read, 40 moves in (None: not saved)."""
    takes_back = True
    """Whether a player's own moves may be taken back (the undo tests)."""
    resume_after = 25
    """Moves after which the autosave test leaves a table and resumes it: before the end."""
    tie_break: str | None = None
    """The results' column that settles a tie on points, after the Total (None: none)."""
    rule_colours: tuple[str, ...] = ()
    """The seats' colours as the rulebook gives them, seat by seat (empty: not checked)."""
    chart_never_falls = True
    """Whether a seat's line on the score chart only ever rises (the rules take no points)."""
    history_tables: tuple[tuple[str, ...], ...] = ()
    """Made-up tables of this game for the history's tests (``tests/helpers/histories.py``):
    each the seats as kind[:level][=name]."""

    def table_plan(self):
        """How the tests play this game's table by mouse or pad (a plan of
        ``tests/scenes/table_plans.py``), or None."""
        return None

    def results(self, state, names: list[str], colours: list[int]):
        """``(rows, columns, categories)`` this game's table gives its results screen for
        the finished ``state`` (rows as tuples, columns without the tie-break), or None."""
        return None

    def engine_names(self, n: int) -> list[str]:
        """The first ``n`` seats' names as the engine names them."""
        raise NotImplementedError

    def scrap_lesson(self):
        """A short lesson for the coach's tests (``tests/helpers/scrap_lessons.py``): a
        reading step, moves the step waits for, a step taken twice, the closing step."""
        return None

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


def table_seats(game_id: str, *first: str, fill: str = "bot:easy") -> str:
    """A ``--players`` text for the fewest seats ``game_id`` takes (at least ``first``):
    the seats ``first``, then ``fill`` ones."""
    from game.registry import GAMES

    n = max(GAMES[game_id].min_players, len(first))
    return ",".join([*first, *[fill] * (n - len(first))])


def games_with(what: str) -> list[str]:
    """The games whose hooks give ``what``: a method of their own, or an attribute other
    than None or empty; in ``GAMES``' order."""
    from game.registry import GAMES

    out = []
    for game_id in GAMES:
        h = hooks(game_id)
        value = getattr(h, what)
        given = getattr(type(h), what) is not getattr(GameHooks, what) if callable(value) \
            else bool(value)
        if given:
            out.append(game_id)
    return out
