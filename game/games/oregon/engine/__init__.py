"""Oregon (Åse & Henrik Berg): the pure rules engine.

Start a game with ``new_game(num_players, seed)`` (or ``GAMES["oregon"].new``).  The board
comes from ``maps/oregon.tmx``; tests and tools may pass their own as options
``terrain`` (10 rows of 15 terrain names, or strings of letters p/r/m/w),
``column_symbols`` and ``row_symbols`` (5 symbol ids each, in board order).

Modules: ``cards`` (components and card ids), ``geometry`` (board bitmasks), ``actions``,
``phases``, ``events`` (event kinds and their data), ``state`` (``OregonState``,
``new_game``), ``rules`` (the table of checkers and doers per action, legal actions),
``plays`` and ``draw`` (the rules of each action), ``flow`` (setup, turns, the end),
``placement`` (where cards allow what, messages), ``scoring`` (gains, points by category),
``view`` (views, private events, states rebuilt from views), ``positions`` (hand-made
positions and the test board).

For the table and the bots:

- ``state.legal_actions(p)``, ``state.apply(action)``, ``state.why_illegal(action, p)``;
- ``state.legal_cells_for(p, cards, use_joker)`` and ``action_for(cards, cell)`` for clicks;
- ``preview(state_or_view, action)`` for what a placement would earn, before it is made;
- ``state.view(p)``, ``event.seen_by(p)``, ``legal_actions_from_view(view)``,
  ``OregonState.state_from_view(view, rng)`` (a determinisation for search bots);
- ``card_info(card_id)``, ``cell_name((x, y))``, ``player_name(p)`` for words and pictures.
"""

from __future__ import annotations

from game.games.oregon.engine.actions import (
    ACTION_TYPES,
    DiscardDead,
    DiscardDrawn,
    DiscardNoPlacement,
    Draw,
    KeepCard,
    PlaceBuilding,
    PlaceFarmer,
    PlaceStartTile,
    SkipExtraTurn,
    UseExtraTurn,
)
from game.games.oregon.engine.cards import (
    BUILDINGS,
    PLAYER_COLOURS,
    SYMBOLS,
    card_info,
    card_name,
    player_name,
)
from game.games.oregon.engine.events import EVENT_KINDS, PAYLOADS, Emit
from game.games.oregon.engine.geometry import OregonBoard, board_from_map, cell_name, make_board
from game.games.oregon.engine.phases import PHASES, Phase
from game.games.oregon.engine.placement import action_for
from game.games.oregon.engine.state import (
    BOARD_OPTIONS,
    OregonState,
    legal_actions_from_view,
    new_game,
    preview,
)
from game.games.oregon.engine.view import OregonView

__all__ = [
    "ACTION_TYPES", "BOARD_OPTIONS", "BUILDINGS", "EVENT_KINDS", "PAYLOADS",
    "Emit", "OregonView", "PHASES", "Phase",
    "PLAYER_COLOURS", "SYMBOLS", "DiscardDead", "DiscardDrawn",
    "DiscardNoPlacement", "Draw", "KeepCard", "OregonBoard", "OregonState", "PlaceBuilding",
    "PlaceFarmer", "PlaceStartTile", "SkipExtraTurn", "UseExtraTurn", "action_for",
    "board_from_map", "card_info", "card_name", "cell_name",
    "legal_actions_from_view", "make_board", "new_game", "player_name", "preview",
]
