"""``OregonState``: everything one game of Oregon holds, and the engine protocol around it.

The rules themselves live beside this module: ``placement`` (where cards allow what),
``scoring`` (what a placement earns), ``turn`` (applying actions, the draw, the end) and
``view`` (what each player may see).  This module owns the data, ``clone`` and ``snapshot``.

Phases (``state.phase``):

- ``"start_tile"``: ``current`` places their start tile (``PlaceStartTile``).
- ``"play"``: ``current`` plays 2 cards (``PlaceFarmer``, ``PlaceBuilding``,
  ``DiscardNoPlacement``); ``plays`` counts the plays of this turn (the 2nd is the extra turn).
- ``"extra_turn"``: ``current`` may spend the extra-turn token (``UseExtraTurn`` /
  ``SkipExtraTurn``).
- ``"draw"``: ``current`` draws up to 4 cards (``Draw``, ``DiscardDead`` before the first
  draw, ``KeepCard`` / ``DiscardDrawn`` while ``pending`` holds a drawn dead or duplicate
  building card).
- ``"over"``: the game has ended; ``final_scores``, ``ranking`` and ``winners()`` are set.
"""

from __future__ import annotations

from typing import Any

from game.engine.core import Action, Event, GameState
from game.engine.oregon.actions import ACTION_TYPES
from game.engine.oregon.cards import (
    BUILDING_CARDS,
    BUILDINGS,
    COAL_VALUES,
    FARMERS_PER_PLAYER,
    GOLD_VALUES,
    LANDSCAPE_CARDS,
    TILES_PER_STACK,
    player_name,
)
from game.engine.oregon.geometry import NUM_CELLS, OregonBoard
from game.engine.oregon.phases import OVER, START_TILE
from game.engine.oregon.placement import legal_cells_for as _legal_cells_for
from game.engine.oregon.scoring import preview as _preview
from game.engine.oregon.turn import apply_action as _apply_action
from game.engine.oregon.turn import check_action as _check_action
from game.engine.oregon.turn import legal_actions as _legal_actions
from game.engine.oregon.view import make_view as _make_view

# the fields clone() copies and snapshot() writes, by how they are copied
_SCALARS = ("phase", "current", "start_player", "turn", "all_farmers", "occupied",
            "buildings", "start_mask", "plays", "extra_used", "drawn_any", "pending",
            "end_triggered", "end_reason", "end_by")
_FLAT_LISTS = ("start_tiles", "start_cells", "unused_start", "farmers", "marked", "bmask",
               "tile", "stacks", "farmers_left", "score", "joker", "extra", "coal_supply",
               "gold_supply", "removed", "reveals")
_NESTED_LISTS = ("coal", "gold", "hands", "deck", "discard")


class OregonState(GameState):
    GAME_ID = "oregon"
    ACTION_TYPES = ACTION_TYPES

    board: OregonBoard

    def __init__(self, num_players: int, seed: int, options: dict[str, Any] | None = None,
                 board: OregonBoard | None = None):
        super().__init__(num_players, seed, options)
        if not 2 <= num_players <= 4:
            raise ValueError(f"Oregon takes 2-4 players, not {num_players}")
        if board is None:
            raise ValueError("an Oregon state needs a board")
        n = num_players
        self.board = board
        self.phase = START_TILE
        self.current = 0
        self.start_player = 0
        self.turn = 0  # main-phase turns begun so far (1 = the start player's first turn)
        self.start_tiles: list[int] = [-1] * n  # building type dealt to each player
        self.start_cells: list[int] = [-1] * n  # where it stands (-1: not placed yet)
        self.unused_start: list[int] = []
        self.farmers: list[int] = [0] * n  # cell masks
        self.all_farmers = 0
        self.occupied = 0
        self.marked: list[int] = [0] * n  # farmers of groups that earned the group bonus
        self.bmask: list[int] = [0] * len(BUILDINGS)  # cells of each building type
        self.buildings = 0
        self.start_mask = 0
        self.tile: list[int] = [-1] * NUM_CELLS  # building type per cell, -1 none
        self.stacks: list[int] = [TILES_PER_STACK] * len(BUILDINGS)
        self.farmers_left: list[int] = [FARMERS_PER_PLAYER] * n
        self.score: list[int] = [0] * n
        self.joker: list[bool] = [True] * n
        self.extra: list[bool] = [True] * n
        self.coal: list[list[int]] = [[] for _ in range(n)]
        self.gold: list[list[int]] = [[] for _ in range(n)]
        self.coal_supply: list[int] = list(COAL_VALUES)  # drawn from the end
        self.gold_supply: list[int] = list(GOLD_VALUES)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[list[int]] = [list(LANDSCAPE_CARDS), list(BUILDING_CARDS)]
        self.discard: list[list[int]] = [[], []]
        self.removed: list[int] = []  # dead building cards out of the game
        self.plays = 0
        self.extra_used = False
        self.drawn_any = False
        self.pending = -1
        self.end_triggered = False
        self.end_reason = ""
        self.end_by = -1
        self.final_scores: list[int] | None = None
        self.ranking: list[int] = []
        self._winners: list[int] = []
        self.reveals: list[bool] = []  # per history entry: did it reveal hidden information?

    # --- protocol ---------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.phase == OVER else [self.current]

    @property
    def last_player(self) -> int:
        """The player who takes the last turn of every round."""
        return (self.start_player - 1) % self.num_players

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if self.phase == OVER:
            return []
        if player is None:
            player = self.current
        if player != self.current:
            return []
        return _legal_actions(self, player)

    def _apply(self, action: Action, player: int) -> list[Event]:
        return _apply_action(self, action, player)

    def why_illegal(self, action: Action, player: int | None = None) -> str | None:
        """The message ``apply`` would raise for ``action``, or None when it is legal."""
        if self.phase == OVER:
            return "The game is over"
        if player is None:
            player = self.current
        if type(player) is not int or not 0 <= player < self.num_players:
            return "There is no such player in this game"
        if player != self.current:
            return f"It is not {player_name(player)}'s turn"
        return self.action_problem(action) or _check_action(self, action, player)

    def legal_cells_for(self, player: int, cards: tuple[int, ...] | list[int],
                        use_joker: bool = False) -> list[tuple[int, int]]:
        """Cells where ``player`` may place with the selected cards (and the joker)."""
        return _legal_cells_for(self, player, tuple(cards), use_joker)

    def preview(self, action: Action, player: int | None = None) -> dict[str, Any]:
        return _preview(self, action, player)

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        if self.final_scores is not None:
            return list(self.final_scores)
        return list(self.score)

    def winners(self) -> list[int]:
        return list(self._winners)

    def is_undoable(self, index: int) -> bool:
        """An action may be taken back when neither it nor any later action revealed hidden
        information or used the random generator (card draws, token draws, the final
        reveal)."""
        if not 0 <= index < len(self.history) or index >= len(self.reveals):
            return False
        return not any(self.reveals[index:])

    def view(self, player: int | None) -> dict[str, Any]:
        return _make_view(self, player)

    # --- copies -----------------------------------------------------------------------------
    def clone(self) -> OregonState:
        c = OregonState.__new__(OregonState)
        self._copy_base_into(c)
        d = c.__dict__
        src = self.__dict__
        d["board"] = self.board
        for name in _SCALARS:
            d[name] = src[name]
        for name in _FLAT_LISTS:
            d[name] = src[name][:]
        for name in _NESTED_LISTS:
            d[name] = [x[:] for x in src[name]]
        d["final_scores"] = None if self.final_scores is None else self.final_scores[:]
        d["ranking"] = self.ranking[:]
        d["_winners"] = self._winners[:]
        return c

    def snapshot(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.GAME_ID, "num_players": self.num_players,
                               "seed": self.seed, "moves": len(self.history),
                               "rng": self.rng_fingerprint()}
        src = self.__dict__
        for name in _SCALARS:
            out[name] = src[name]
        for name in _FLAT_LISTS:
            out[name] = list(src[name])
        for name in _NESTED_LISTS:
            out[name] = [list(x) for x in src[name]]
        out["final_scores"] = self.final_scores
        out["ranking"] = list(self.ranking)
        out["winners"] = list(self._winners)
        out["board"] = self.board.to_json()
        return out

    # --- small queries the rules and the UI share ------------------------------------------
    def hand_split(self, player: int) -> tuple[int, int]:
        """(landscape cards, building cards) in ``player``'s hand."""
        hand = self.hands[player]
        land = sum(1 for c in hand if c < 50)
        return land, len(hand) - land

    def empty_stacks(self) -> int:
        return sum(1 for s in self.stacks if s == 0)

