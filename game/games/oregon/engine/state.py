"""``OregonState``: everything one game of Oregon holds, and the engine protocol around it.

The rules themselves live beside this module: ``rules`` (the table of checkers and doers),
``plays`` and ``draw`` (the rules of each action), ``flow`` (turns and the end),
``placement`` (where cards allow what), ``scoring`` (what a placement earns) and ``view``
(what each player may see).  This module owns the data, ``clone`` and ``snapshot``.

Phases (``state.phase``):

- ``"start_tile"``: ``current`` places their start tile (``PlaceStartTile``).
- ``"play"``: ``current`` plays 2 cards (``PlaceFarmer``, ``PlaceBuilding``,
  ``DiscardNoPlacement``); ``plays`` counts the plays of this turn (the 2nd is the extra turn).
- ``"extra_turn"``: ``current`` may spend the extra-turn token (``UseExtraTurn`` /
  ``SkipExtraTurn``).
- ``"draw"``: ``current`` draws up to 4 cards (``Draw``, ``DiscardDead`` before the first
  draw, ``KeepCard`` / ``DiscardDrawn`` while ``pending`` holds a drawn dead or duplicate
  building card).
- ``"over"``: the game has ended; ``scores()`` count the tokens, ``outcome()`` ranks.
"""

from __future__ import annotations

import random
from itertools import repeat
from operator import is_
from typing import Any

from game.engine.actions import Action
from game.engine.core import GameState, Outcome
from game.engine.events import Event
from game.engine.messages import N_, say
from game.games.oregon.engine import rules
from game.games.oregon.engine.actions import ACTION_TYPES
from game.games.oregon.engine.cards import (
    BUILDING_CARDS,
    BUILDINGS,
    COAL_VALUES,
    FARMERS_PER_PLAYER,
    GOLD_VALUES,
    LANDSCAPE_CARDS,
    PLAYER_COLOURS,
    TILES_PER_STACK,
    player_name,
)
from game.games.oregon.engine.events import seat
from game.games.oregon.engine.flow import setup
from game.games.oregon.engine.geometry import NUM_CELLS, OregonBoard, board_from_map, make_board
from game.games.oregon.engine.phases import Phase
from game.games.oregon.engine.placement import legal_cells_for as _legal_cells_for
from game.games.oregon.engine.scoring import (
    COAL_CATEGORY,
    GOLD_CATEGORY,
    POINT_CATEGORIES,
    SLOTS,
    slot_of,
)
from game.games.oregon.engine.view import OregonView, make_view, rebuild_state

# the fields clone() copies and snapshot() writes, by how they are copied
_SCALARS = ("phase", "current", "start_player", "turn", "all_farmers", "occupied",
            "buildings", "start_mask", "plays", "extra_used", "drawn_any", "pending",
            "end_triggered", "end_reason", "end_by")
_FLAT_LISTS = ("start_tiles", "start_cells", "unused_start", "farmers", "marked", "bmask",
               "tile", "stacks", "farmers_left", "score", "joker", "extra", "coal_supply",
               "gold_supply", "removed", "earned")
_NESTED_LISTS = ("coal", "gold", "hands", "deck", "discard")


class OregonState(GameState):
    GAME_ID = "oregon"
    PLAYER_NAMES = tuple(player_name(p) for p in range(len(PLAYER_COLOURS)))
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
        self.phase: Phase = Phase.START_TILE
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
        self.earned: list[int] = [0] * (n * SLOTS)  # score by player and slot (scoring.py)
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
        # (player, the legal actions last listed for them), until the state changes
        self._listed: tuple[int, tuple[Action, ...]] | None = None

    # --- protocol ---------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.phase == Phase.OVER else [self.current]

    @property
    def last_player(self) -> int:
        """The player who takes the last turn of every round."""
        return (self.start_player - 1) % self.num_players

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if self.phase == Phase.OVER:
            return []
        if player is None:
            player = self.current
        if player != self.current:
            return []
        listed = rules.legal_actions(self, player)
        self._listed = (player, tuple(listed))
        return listed

    def refusal(self, action: Any, player: int) -> str | None:
        # An action taken from the list this very state just gave ``player`` is legal: the
        # search applies thousands of them, and checking each again would cost as much as
        # listing them.  The identity test keeps anything else on the full check.
        listed = self._listed
        if listed is not None and listed[0] == player and any(map(is_, listed[1],
                                                                  repeat(action))):
            return None
        return super().refusal(action, player)

    def changed(self) -> None:
        """Tell the state that its fields were changed by hand (``positions``): the actions
        it listed last no longer go unchecked."""
        self._listed = None

    def why_illegal(self, action: Action, player: int) -> str | None:
        """The rule ``action`` by ``player`` breaks, in plain words, or None when it is legal."""
        if self.phase != Phase.OVER and player != self.current:
            return say(N_("It is not {player}'s turn"), player=seat(player))
        return rules.why_illegal(self, action, player)

    def _apply(self, action: Action, player: int) -> list[Event]:
        self._listed = None
        return rules.apply(self, action, player)

    def setup_events(self) -> list[Event]:
        return []  # the first start tile always has room on the empty board (flow.setup)

    def legal_cells_for(self, player: int, cards: tuple[int, ...] | list[int],
                        use_joker: bool = False) -> list[tuple[int, int]]:
        """Cells where ``player`` may place with the selected cards (and the joker)."""
        return _legal_cells_for(self, player, tuple(cards), use_joker)

    def preview(self, action: Action, player: int | None = None) -> dict[str, Any]:
        """What a legal play would earn each player, before it is made (``rules.preview``)."""
        return rules.preview(self, action, self.current if player is None else player)

    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def scores(self) -> list[int]:
        """Points on the track; once the game is over, with the revealed tokens."""
        if self.phase == Phase.OVER:
            return [s + sum(c) + sum(g) for s, c, g in zip(self.score, self.coal, self.gold,
                                                          strict=True)]
        return list(self.score)

    def outcome(self) -> Outcome:
        """Ranked by points, ties broken by more farmers on the board (then seat order);
        the breakdown counts tokens only once they are revealed at the end."""
        n = self.num_players
        scores = self.scores()
        on_board = self.farmers_on_board()
        ranking = sorted(range(n), key=lambda q: (-scores[q], -on_board[q], q))
        winners: list[int] = []
        if self.phase == Phase.OVER:
            top = (scores[ranking[0]], on_board[ranking[0]])
            winners = [q for q in ranking if (scores[q], on_board[q]) == top]
        return Outcome(scores, ranking, winners, [self.breakdown(q) for q in range(n)])

    def breakdown(self, player: int) -> dict[str, int]:
        """``player``'s points per scoring category (see ``scoring.POINT_CATEGORIES``)."""
        base = player * SLOTS
        out = {term: self.earned[base + slot] for slot, term in POINT_CATEGORIES}
        over = self.phase == Phase.OVER
        out[COAL_CATEGORY] = sum(self.coal[player]) if over else 0
        out[GOLD_CATEGORY] = sum(self.gold[player]) if over else 0
        return out

    def winners(self) -> list[int]:
        return self.outcome().winners if self.phase == Phase.OVER else []

    def view(self, player: int | None) -> OregonView:
        return make_view(self, player)

    @classmethod
    def state_from_view(cls, view: dict[str, Any], rng: random.Random) -> OregonState:
        """A full state consistent with ``view``; the cards and token values its seat cannot
        see are dealt at random with ``rng`` from those it cannot rule out."""
        return rebuild_state(cls, view, rng)

    # --- copies -----------------------------------------------------------------------------
    def clone(self) -> OregonState:
        c = OregonState.__new__(OregonState)
        self._copy_base_into(c)
        d = c.__dict__
        src = self.__dict__
        d["board"] = self.board
        d["_listed"] = None
        for name in _SCALARS:
            d[name] = src[name]
        for name in _FLAT_LISTS:
            d[name] = src[name][:]
        for name in _NESTED_LISTS:
            d[name] = [x[:] for x in src[name]]
        return c

    def snapshot(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.GAME_ID, "num_players": self.num_players,
                               "seed": self.seed, "moves": len(self.history),
                               "rng": self.rng_fingerprint(), "undo_floor": self.undo_floor}
        src = self.__dict__
        for name in _SCALARS:
            out[name] = src[name]
        for name in _FLAT_LISTS:
            out[name] = list(src[name])
        for name in _NESTED_LISTS:
            out[name] = [list(x) for x in src[name]]
        out["board"] = self.board.to_json()
        return out

    # --- small queries and changes the rules and the UI share ------------------------------
    def hand_split(self, player: int) -> tuple[int, int]:
        """(landscape cards, building cards) in ``player``'s hand."""
        hand = self.hands[player]
        land = sum(1 for c in hand if c < 50)
        return land, len(hand) - land

    def empty_stacks(self) -> int:
        return sum(1 for s in self.stacks if s == 0)

    def farmers_on_board(self) -> list[int]:
        return [FARMERS_PER_PLAYER - left for left in self.farmers_left]

    def put_tile(self, t: int, i: int) -> None:
        """A tile of building type ``t`` stands on cell ``i`` from now on."""
        bit = 1 << i
        self.bmask[t] |= bit
        self.buildings |= bit
        self.occupied |= bit
        self.tile[i] = t

    def add_points(self, player: int, reason: str, points: int) -> None:
        """``player`` scores ``points`` for ``reason`` (a building id or "group")."""
        self.score[player] += points
        self.earned[player * SLOTS + slot_of(reason)] += points


# --- starting a game and asking from a view -------------------------------------------------
BOARD_OPTIONS = ("terrain", "column_symbols", "row_symbols")


def new_game(num_players: int, seed: int, **options: Any) -> OregonState:
    """A new game after setup: the start player is about to place their start tile."""
    unknown = set(options) - set(BOARD_OPTIONS)
    if unknown:
        raise ValueError(f"unknown Oregon options: {', '.join(sorted(unknown))}")
    if options:
        missing = [k for k in BOARD_OPTIONS if k not in options]
        if missing:
            raise ValueError(f"a hand-made board needs {', '.join(missing)}")
        board = make_board(options["terrain"], options["column_symbols"],
                           options["row_symbols"])
    else:
        board = board_from_map("oregon")
    state = OregonState(num_players, seed, options, board)
    setup(state)
    return state


# Asking a view what a state would answer: the rebuilt state's hidden parts do not matter
# to these answers, so any fixed generator serves.
def _from_view(view: dict[str, Any]) -> OregonState:
    return OregonState.state_from_view(view, random.Random(0))


def preview(state_or_view: OregonState | dict[str, Any], action: Action,
            player: int | None = None) -> dict[str, Any]:
    """What ``action`` (a legal play) would earn each player, before it is applied.

    ``state_or_view`` is an ``OregonState`` or a view (``state.view(p)``).  Returns::

        {"action": str, "kind": "farmer" | "building" | "discard",
         "players": [{"points", "coal", "gold", "joker", "extra", "group_bonus"}, ...],
         "gains": [{"player", "reason", "cell", "points", "coal", "gold", "joker",
                    "extra", "farmers", "cells", ...}, ...],
         "ends_game": None | "last_farmer" | "stacks"}

    ``joker`` / ``extra`` mean the token turns active again; ``coal`` / ``gold`` count the
    tokens actually taken (an empty supply gives none).  Raises ``IllegalAction`` with the
    rule's message for an illegal action.
    """
    st = _from_view(state_or_view) if isinstance(state_or_view, dict) else state_or_view
    return st.preview(action, player)


def legal_actions_from_view(view: dict[str, Any]) -> list[Action]:
    """The viewer's legal actions, from their own view alone."""
    viewer = view.get("viewer")
    if viewer is None or viewer not in view["to_act"]:
        return []
    return _from_view(view).legal_actions(viewer)
