"""``OasisState``: one game of Oasis in progress (rules: ``rules/oasis.md``): the data, its
copy and snapshot; the rules live in their modules and are reached through ``rules.RULES``.

Phases (``state.phase``), each round: ``"offer"`` (players in disc order turn up 1-3 cards),
``"choose"`` (disc #1, #2... take an offer), ``"carry"`` (the chooser carries out the taken
cards one at a time, in the order they like), back to ``"choose"`` for the next disc, then
``"bonus"`` (discs revealed; the new #1 takes a free tile or camel).  ``"over"`` at the end.

Steps with no choice happen by themselves (``flow.advance``): an offer stops when no further
card may be turned (3 cards, the keep-one limit, an empty offer deck), the last chooser takes
the last offer, the last kind of card left to carry out starts, a camel card is ignored on a
full path, a tile that cannot be placed is dropped (and ends the game at the end of the
round), a bonus with nothing to place is skipped.

Card locations (their total is always 54): offer decks (top = index 0), offers face up on
the table (``offers[p]`` while ``taken_by[p] == -1``), the chooser's ``pending`` cards, the
``current`` card and ``done`` cards, the draw deck (top = last) and the discards.
"""

from __future__ import annotations

import random
from itertools import repeat
from operator import is_
from typing import Any

from game.engine.actions import Action
from game.engine.core import GameState, Outcome
from game.engine.events import Event
from game.engine.messages import Sentence
from game.games.oasis.engine import flow, legal, placement
from game.games.oasis.engine.actions import ACTION_TYPES
from game.games.oasis.engine.cards import (
    CAMELS_EACH,
    CARDS,
    KIND_CODE,
    LAND_KINDS,
    LAND_SUPPLY,
    PLAYER_NAMES,
    SCORE_KINDS,
    SCORE_SUPPLY,
)
from game.games.oasis.engine.geometry import OasisBoard, board_from_options
from game.games.oasis.engine.phases import CarryStep, Phase, Step
from game.games.oasis.engine.rules import RULES
from game.games.oasis.engine.view import OasisView, build_view, rebuild_state

CATEGORIES = ("camels", *LAND_KINDS)  # the final scoring's categories (terms)

# The fields copied one level deep by ``clone`` (lists of ints / strings, dicts of counts).
_FLAT_LISTS = ("disc", "order", "handed", "took", "taken_by", "draw", "discards", "pending",
               "done", "supply", "camels_left", "tiles", "area", "a_kind", "a_owner",
               "a_size", "a_marker", "camel_at", "empty", "ranking", "a_reach")
_NESTED_LISTS = ("offer_decks", "offers", "markers", "kind_areas")
_SCALARS = ("board", "phase", "round", "pos", "offer_start", "current", "left",
            "bonus_player", "path_free", "end_cause", "final", "_setup", "empty_bits",
            "legal_memo")


LEGAL_MEMO_MAX = 64  # the longest legal list kept by ``legal_actions``


class OasisState(GameState):
    GAME_ID = "oasis"
    ACTION_TYPES = ACTION_TYPES
    PLAYER_NAMES = PLAYER_NAMES

    def __init__(self, num_players: int, seed: int, options: dict[str, Any] | None = None,
                 board: OasisBoard | None = None):
        super().__init__(num_players, seed, options)
        if not 3 <= num_players <= 5:
            raise ValueError(f"Oasis takes 3-5 players, not {num_players}")
        self.init_fields(board if board is not None else board_from_options(self.options))
        placement.lay_bonus_areas(self)
        self._setup: tuple[Event, ...] = tuple(flow.setup(self))

    def init_fields(self, board: OasisBoard) -> None:
        """Every field of an empty table on ``board`` (nothing dealt, no tiles: not even
        the bonus squares, which ``placement.lay_bonus_areas`` lays)."""
        self.board = board
        n = self.num_players
        self.phase: Phase = Phase.OFFER
        self.round = 1
        self.disc = [0] * n          # disc each player holds face up (gives this round's order)
        self.order: list[int] = []   # players by disc, #1 first
        self.handed = [0] * n        # disc handed (face down) to each player this round
        self.took = [-1] * n         # whose offer each player took this round
        self.taken_by = [-1] * n     # who took each player's offer this round
        self.offer_decks: list[list[str]] = [[] for _ in range(n)]
        self.offers: list[list[str]] = [[] for _ in range(n)]
        self.draw: list[str] = []
        self.discards: list[str] = []
        self.pos = 0                 # index in ``order`` of the offerer / chooser
        self.offer_start = 0         # offer deck size when the current offer began
        self.pending: list[str] = []
        self.current: str | None = None
        self.left = 0                # camels / tiles still to place from ``current``
        self.done: list[str] = []
        self.bonus_player = -1
        self.supply = [0, LAND_SUPPLY["oasis"], LAND_SUPPLY["steppe"], LAND_SUPPLY["stone"]]
        self.score_supply = dict(SCORE_SUPPLY)
        self.score_tiles: list[dict[str, int]] = [dict.fromkeys(SCORE_KINDS, 0)
                                                  for _ in range(n)]
        self.camels_left = [CAMELS_EACH] * n
        self.markers: list[list[int]] = [[] for _ in range(n)]
        self.tiles = [0] * board.size
        self.area = [-1] * board.size
        self.a_kind: list[int] = []
        self.a_owner: list[int] = []
        self.a_size: list[int] = []
        self.a_marker: list[int] = []
        self.camel_at = [-1] * board.size
        self.empty: list[int] = []
        # The same as bit masks (``placement``): the empty cells; per area id its cells with
        # their neighbours (0 for a merged-away id).  Not in the snapshot: they follow from
        # ``empty`` and ``area``.
        self.empty_bits = 0
        self.a_reach: list[int] = []
        self.kind_areas: list[list[int]] = [[], [], [], []]  # live area ids by kind code
        self.options_memo: dict[tuple[int, int], tuple[int, int]] = {}  # placement.option_masks
        self.legal_memo: tuple[int, tuple[Action, ...]] | None = None  # see legal_actions
        self.path_free = len(board.path_cells)
        self.end_cause: dict[str, Any] | None = None  # why the game ends (a message)
        self.final: list[dict[str, Any]] | None = None  # the final scoring, for the table
        self.ranking: list[int] = []
        self._setup = ()

    # --- the contract -------------------------------------------------------------------
    def actor(self) -> int:
        """The one player who acts now (-1 once the game is over)."""
        if self.phase == Phase.OVER:
            return -1
        if self.phase == Phase.BONUS:
            return self.bonus_player
        return self.order[self.pos]

    def to_act(self) -> list[int]:
        # ``actor`` written out: every ``apply`` asks this first
        phase = self.phase
        if phase == Phase.OVER:
            return []
        return [self.bonus_player if phase == Phase.BONUS else self.order[self.pos]]

    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def legal_actions(self, player: int | None = None) -> list[Action]:
        actions = legal.legal_actions(self, player)
        # A short list is kept (as a tuple: the caller may change the list) until the state
        # changes: an action taken from it needs no second check.  Long lists (tiles) are
        # not: looking an action up in them would cost more than checking it, and
        # ``legal.is_listed_tile`` recognises their actions instead.
        self.legal_memo = ((self.actor(), tuple(actions)) if len(actions) <= LEGAL_MEMO_MAX
                           else None)
        return actions

    def refusal(self, action: Any, player: int) -> str | None:
        # An action from the list just made is one of this game's, with fields of the
        # right types: the field checks (a tenth of an ``apply``) are not made for it.
        if self._listed(action, player):
            return None
        return super().refusal(action, player)

    def why_illegal(self, action: Action, player: int) -> str | None:
        if self._listed(action, player):
            return None
        return RULES[type(action)][0](self, action, player)

    def _listed(self, action: Any, player: int) -> bool:
        """Whether ``action`` is one of the very objects in the kept legal list of
        ``player``, or a tile action the long tile list holds now (compared by identity:
        equal-looking objects are checked)."""
        memo = self.legal_memo
        if memo is None:
            return legal.is_listed_tile(self, action, player)
        return memo[0] == player and any(map(is_, memo[1], repeat(action)))

    def _apply(self, action: Action, player: int) -> list[Event]:
        """The action's own rule, then every step after it that needs no decision."""
        self.legal_memo = None
        events = RULES[type(action)][1](self, action, player)
        events += flow.advance(self)
        return events

    def setup_events(self) -> list[Event]:
        """The deal and the first round's start."""
        return list(self._setup)

    def scores(self) -> list[int]:
        """Oasis has no running score: zeros until the final scoring, then the totals."""
        if self.final is None:
            return [0] * self.num_players
        return [f["total"] for f in self.final]

    def winners(self) -> list[int]:
        return self.ranking[:1]

    def outcome(self) -> Outcome:
        """Points per category of the final scoring (zeros while playing); places by points,
        ties going to the better disc."""
        n = self.num_players
        final = self.final
        breakdown = [{cat: final[q][cat]["points"] if final else 0 for cat in CATEGORIES}
                     for q in range(n)]
        scores = self.scores()
        ranking = (list(self.ranking) if self.ranking
                   else sorted(range(n), key=lambda q: (-scores[q], self.disc[q])))
        return Outcome(scores, ranking, self.winners(), breakdown)

    def view(self, player: int | None) -> OasisView:
        return build_view(self, player)

    @classmethod
    def state_from_view(cls, view: dict[str, Any], rng: random.Random) -> OasisState:
        """A full state consistent with ``view``: the unseen cards dealt at random over the
        offer decks and the draw deck, other players' face-down score tiles drawn from what
        left the supply (see ``view.rebuild_state``)."""
        return rebuild_state(cls, view, rng)

    @property
    def end_reason(self) -> str:
        """Why the game ends at the end of this round ("" until then): a ``Sentence``, English
        as it reads, shown in a player's language with ``messages.localized``."""
        cause = self.end_cause
        if not cause:
            return ""
        message = cause["m"]
        return Sentence(tuple(message) if isinstance(message, list) else message, cause["a"])

    # --- helpers for the UI and bots ------------------------------------------------
    def tile_targets(self, kind: str, player: int) -> dict[tuple[int, int], str]:
        """Legal cells for a ``kind`` tile by ``player``: ``{(x, y): "start" | "extend"}``."""
        xy = self.board.xy
        return {xy[c]: ("start" if start else "extend")
                for c, start in placement.tile_options(self, KIND_CODE[kind], player)}

    def camel_targets(self) -> list[tuple[int, int]]:
        """Empty path cells."""
        return [self.board.xy[c] for c in legal.free_path(self)]

    def step(self) -> Step:
        """What the actor is doing: the phase, or while carrying out which ``CarryStep``."""
        if self.phase != Phase.CARRY:
            return self.phase
        if self.current is None:
            return CarryStep.PICK_CARD
        info = CARDS[self.current]
        if info.effect == "tiles":
            return CarryStep.PLACE_TILES
        if self.camels_left[self.actor()] > 0:
            return CarryStep.PLACE_CAMELS
        return CarryStep.MOVE_CAMELS

    def card_locations(self) -> dict[str, int]:
        """How many cards lie where (sums to 54)."""
        return {
            "offer_decks": sum(len(d) for d in self.offer_decks),
            "offers": sum(len(self.offers[q]) for q in range(self.num_players)
                          if self.taken_by[q] == -1),
            "carrying": len(self.pending) + len(self.done) + (self.current is not None),
            "draw": len(self.draw),
            "discards": len(self.discards),
        }

    def unseen_counts(self) -> dict[str, int]:
        """Cards nobody can see (offer decks + draw deck) by kind.  Public knowledge: the
        deck's make-up is known and every other card lies face up or was shown."""
        counts = {name: info.count for name, info in CARDS.items()}
        seen = list(self.discards) + self.pending + self.done
        if self.current is not None:
            seen.append(self.current)
        for q in range(self.num_players):
            if self.taken_by[q] == -1:
                seen += self.offers[q]
        for card in seen:
            counts[card] -= 1
        return counts

    # --- copies -------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        xy = self.board.xy
        return {
            "game": self.GAME_ID, "board": self.board.name, "num_players": self.num_players,
            "seed": self.seed, "rng": self.rng_fingerprint(), "phase": self.phase,
            "round": self.round, "disc": list(self.disc), "order": list(self.order),
            "handed": list(self.handed), "took": list(self.took),
            "taken_by": list(self.taken_by),
            "offer_decks": [list(d) for d in self.offer_decks],
            "offers": [list(o) for o in self.offers], "draw": list(self.draw),
            "discards": list(self.discards), "pos": self.pos,
            "offer_start": self.offer_start, "pending": list(self.pending),
            "current": self.current, "left": self.left, "done": list(self.done),
            "bonus_player": self.bonus_player, "supply": list(self.supply),
            "score_supply": dict(self.score_supply),
            "score_tiles": [dict(s) for s in self.score_tiles],
            "camels_left": list(self.camels_left),
            "markers": [[list(xy[c]) for c in m] for m in self.markers],
            "tiles": list(self.tiles), "area": list(self.area),
            "a_kind": list(self.a_kind), "a_owner": list(self.a_owner),
            "a_size": list(self.a_size), "a_marker": list(self.a_marker),
            "camel_at": list(self.camel_at), "empty": list(self.empty),
            "path_free": self.path_free, "end_reason": self.end_reason,
            "final": self.final, "ranking": list(self.ranking),
            "undo_floor": self.undo_floor, "history": len(self.history),
        }

    def clone(self) -> OasisState:
        c = OasisState.__new__(OasisState)
        self._copy_base_into(c)
        d, src = c.__dict__, self.__dict__
        for name in _SCALARS:  # the board, the final scoring and the cause are never mutated
            d[name] = src[name]
        for name in _FLAT_LISTS:
            d[name] = src[name][:]
        for name in _NESTED_LISTS:
            d[name] = list(map(list.copy, src[name]))
        c.score_supply = self.score_supply.copy()
        c.score_tiles = [s.copy() for s in self.score_tiles]
        c.options_memo = self.options_memo.copy()  # the same position: the same options
        return c
