"""Colorado County: bid cowboys for land cards, stake out borders, lakes and big domains.

Public API (see ``state`` for phases, ``view`` for view keys):

- ``new_game(num_players, seed, lakes="first")``: ``lakes`` is ``"first"`` (the layout in
  ``maps/colorado.tmx``), ``"random"`` (from the seed) or an explicit layout
  ``[(value, [(x, y), ...]), ...]``.
- ``ColoradoState`` and its actions ``PlaceFlag``, ``OfferForSale``, ``PassSale``,
  ``DeclareInterest``, ``GiveCowboy``, ``SaleBid``, ``Bid``, ``TakeCard``.
- ``preview_card_use(state_or_view, action)``: the cells a card use fills and the lake
  ownership it changes, agreeing exactly with ``apply``.
"""

from __future__ import annotations

from typing import Any

from game.games.colorado.engine.actions import (
    ACTION_TYPES,
    Bid,
    DeclareInterest,
    GiveCowboy,
    OfferForSale,
    PassSale,
    PlaceFlag,
    SaleBid,
    TakeCard,
)
from game.games.colorado.engine.cards import CARDS, FLAG_COLOURS, Card
from game.games.colorado.engine.model import PLAYER_COLOURS, PLAYER_NAMES
from game.games.colorado.engine.phases import PHASES, Phase
from game.games.colorado.engine.state import ColoradoState
from game.games.colorado.engine.view import ColoradoView, build_view, preview_card_use

__all__ = [
    "ACTION_TYPES", "CARDS", "FLAG_COLOURS", "PHASES", "Phase", "PLAYER_COLOURS", "PLAYER_NAMES",
    "Bid", "Card", "ColoradoState", "ColoradoView", "DeclareInterest", "GiveCowboy", "OfferForSale",
    "PassSale", "PlaceFlag", "SaleBid", "TakeCard", "build_view", "new_game",
    "preview_card_use",
]


def new_game(num_players: int, seed: int, lakes: Any = "first", **options: Any) -> ColoradoState:
    """A new game, set up and waiting for the first flag."""
    if options:
        raise ValueError(f"unknown Colorado County options: {', '.join(sorted(options))}")
    return ColoradoState(num_players, seed, {"lakes": lakes})
