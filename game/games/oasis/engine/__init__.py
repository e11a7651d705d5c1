"""Oasis (Alan R. Moon, Aaron Weissblum): offer cards, take the best offer, grow oases,
steppes, stone fields and camel caravans.  Rules: ``rules/oasis.md``.

Modules: ``cards`` (components), ``geometry`` (the board), ``actions``, ``events`` (event
kinds and their data), ``state`` (``OasisState``: the data, clone, snapshot), the rules:
``rules`` (the table of checkers and doers per action) over ``offers`` (offers and
choosing), ``carrying`` (carrying out cards), ``camels``, ``tiles`` and ``flow`` (the deal,
automatic steps, rounds, the bonus action, the end), with ``placement`` (land tiles and
areas), ``legal`` (legal actions), ``checks`` and ``scoring``; ``view`` (what each player
may see, and a state rebuilt from it), ``scenario`` (positions for tests and tutorials).
"""

from __future__ import annotations

from typing import Any

from game.games.oasis.engine.actions import (
    ACTION_TYPES,
    BonusCamel,
    BonusTile,
    CarryOut,
    IgnoreCard,
    MoveCamel,
    PlaceCamel,
    PlaceTile,
    SkipBonus,
    StopOffer,
    TakeOffer,
    TurnCard,
)
from game.games.oasis.engine.geometry import OasisBoard
from game.games.oasis.engine.phases import PHASES, Phase
from game.games.oasis.engine.state import OasisState

__all__ = [
    "ACTION_TYPES", "BonusCamel", "BonusTile", "CarryOut", "IgnoreCard", "MoveCamel",
    "OasisBoard", "OasisState", "PlaceCamel", "PlaceTile", "SkipBonus", "StopOffer",
    "PHASES", "Phase", "TakeOffer", "TurnCard", "new_game",
]


def new_game(num_players: int, seed: int, **options: Any) -> OasisState:
    """A new game for 3-5 players.  Options (JSON-able, kept in save files): ``map`` (a map
    name under ``maps/``, default "oasis") or ``board_rows`` (a board as text rows, see
    ``OasisBoard.from_rows``)."""
    return OasisState(num_players, seed, options)
