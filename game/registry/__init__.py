"""The games, one descriptor each: ``GAMES`` is the only list of them.

A game is one folder, ``game/games/<id>/`` (a package named by ``GAME_PACKAGES`` below, or
registered with ``register``).  What a new game provides (``tests/test_registry_doc.py``
checks this list against the tests' own game in ``tests/games/``):

- ``descriptor.py``: ``GAME``, its ``GameInfo`` (``game.registry.descriptor``, whose
  docstring describes every field): name, player counts, seat colours, how-to steps, the
  dotted paths of its parts below, the keys of its events' data that name board cells, the
  map it uses under the top-level ``maps/`` (or none: menus then draw a stand-in) and its
  theme in ``music/<id>.ogg`` (or none: silence);
- ``engine/``: the rules (pure: no pygame), a package with ``new_game(num_players, seed,
  **options)`` returning a ``game.engine.core.GameState``, and ``engine/events.py`` with
  ``Emit`` (its kinds of events, through which the rules emit them) with ``EVENT_KINDS``
  and ``PAYLOADS`` (the kinds' names and the data each carries);
- ``bots/``: the module named by ``GameInfo.bots``, with ``make(level, seed)`` for the
  heuristic levels (easy, normal), ``NormalBot(seed)``, the one-ply bot those levels play
  or slip from (the self-play's opponents, the hard bot's fallback), ``search_rules()`` for
  the hard level's search (``game.bots.search.SearchRules``), ``sample_positions(n, seed)`` and
  ``bench_normal_decisions(n)`` (the tests' and the benchmark's positions and timings);
- ``table/``: the game's table parts, one class named by ``GameInfo.table`` that the shared
  table (``game.scenes.table.table.Table``) builds as ``Parts(table)``, a
  ``game.scenes.table.parts.GameParts`` with ``layout_type`` (the class of its layout, built
  from the number of players: the board's and the log's rects, its cells), ``board_size``, ``presenter`` (each event
  as timeline steps, and the catch-up), ``controls``, a ``game.scenes.table.controls.Controls``
  (what a click or a key means now: ``prompt`` and ``try_action``, and as needed
  ``buttons``, ``targets``, ``activate``, ``click_cell``, ``focus_default``), ``draw``,
  ``tips`` and ``show_results``.  Everything else has a default in ``GameParts`` and
  ``Controls``;
- ``rules.md``: the rules summary shown in game (a small Markdown subset, see
  ``game.rules_text``);
- ``tests/helpers/game_hooks/<id>.py``: its hooks for the tests that run every game (how to
  start test games, its invariants, what its players may not know, its perft counts and the
  bots' complete games).

Optional: ``art/`` (its drawing), a lesson (``GameInfo.lesson``), options, the title's
drifting cards (``GameInfo.title_cards``), the results chart's series when it does not chart
one point per turn (``GameInfo.score_series``) and the review's words for a choice its log
does not tell (``GameInfo.review_words``).  Inside a game the imports run
table -> art -> bots -> engine; a game never imports another, and the framework never
imports a game: it loads one only through the dotted paths of its descriptor.

Why here: the registry is plain data at the bottom of the layers (below the engine), so the
engine's save loading (``save_files.check_save``, ``save_files.replay_events``) reads it
without knowing anything of bots or scenes, and each layer loads its own part of a game
lazily by dotted path (a game's packages are imported only when it is started, which keeps
start-up fast).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from game.registry.descriptor import GameInfo, GameOption, HowToStep

__all__ = ["GAMES", "GAME_PACKAGES", "GameInfo", "GameOption", "HowToStep", "register",
           "unregister"]

GAME_PACKAGES = ("game.games.oregon", "game.games.colorado", "game.games.oasis")
"""The games that ship, in menu and demo order."""


def _descriptor(package: str) -> GameInfo:
    info: GameInfo = importlib.import_module(f"{package}.descriptor").GAME
    return info


_games: dict[str, GameInfo] = {}

if TYPE_CHECKING:
    GAMES: dict[str, GameInfo]
    """Every game by id, in menu and demo order: those of ``GAME_PACKAGES``, then the
    registered ones."""


def __getattr__(name: str) -> dict[str, GameInfo]:
    # GAMES is filled when first asked for, not when this package is imported: a game's
    # descriptor imports ``game.registry.descriptor`` (and so this package), so a process
    # that imports a descriptor first must not find the registry loading that descriptor.
    if name != "GAMES":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if not _games:
        _games.update((info.id, info) for info in map(_descriptor, GAME_PACKAGES))
    return _games


def register(info: GameInfo) -> None:
    """Add a game (after those that ship): menus, demo, saves and tests then know it."""
    games = __getattr__("GAMES")
    if info.id in games:
        raise ValueError(f"a game {info.id!r} is already registered")
    games[info.id] = info


def unregister(game_id: str) -> None:
    """Take a registered game out again (tests that register one of their own)."""
    del __getattr__("GAMES")[game_id]
