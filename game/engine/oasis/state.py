"""``OasisState``: one game of Oasis in progress (rules: ``rules/oasis.md``).

Phases (``state.phase``), each round: ``"offer"`` (players in disc order turn up 1-3 cards),
``"choose"`` (disc #1, #2... take an offer), ``"carry"`` (the chooser carries out the taken
cards one at a time, in the order they like), back to ``"choose"`` for the next disc, then
``"bonus"`` (discs revealed; the new #1 takes a free tile or camel).  ``"over"`` at the end.

Steps with no choice happen by themselves: an offer stops when no further card may be turned
(3 cards, the keep-one limit, an empty offer deck), the last chooser takes the last offer,
the last kind of card left to carry out starts, a camel card is ignored on a full path, a
tile that cannot be placed is dropped (and ends the game at the end of the round), a bonus
with nothing to place is skipped.

Card locations (their total is always 54): offer decks (top = index 0), offers face up on
the table (``offers[p]`` while ``taken_by[p] == -1``), the chooser's ``pending`` cards, the
``current`` card and ``done`` cards, the draw deck (top = last) and the discards.
"""

from __future__ import annotations

from typing import Any

from game.engine.core import Event, GameState, IllegalAction
from game.engine.oasis import placement
from game.engine.oasis.actions import (
    ACTION_TYPES,
    SKIP_BONUS,
    STOP_OFFER,
    TURN_CARD,
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
from game.engine.oasis.cards import (
    CAMELS_EACH,
    CARDS,
    KIND_CODE,
    LAND_KINDS,
    LAND_SUPPLY,
    OFFER_DECK_START,
    SCORE_KINDS,
    SCORE_SUPPLY,
    colour,
    full_deck,
)
from game.engine.oasis.carrying import CarryRules
from game.engine.oasis.flow import RoundFlow
from game.engine.oasis.geometry import OasisBoard
from game.engine.oasis.offers import OfferRules

PHASES = ("offer", "choose", "carry", "bonus", "over")


class OasisState(OfferRules, CarryRules, RoundFlow, GameState):
    GAME_ID = "oasis"
    ACTION_TYPES = ACTION_TYPES

    def __init__(self, num_players: int, seed: int, options: dict[str, Any] | None = None,
                 board: OasisBoard | None = None):
        super().__init__(num_players, seed, options)
        if not 3 <= num_players <= 5:
            raise ValueError(f"Oasis takes 3-5 players, not {num_players}")
        self.board = board if board is not None else board_from_options(self.options)
        b = self.board
        n = num_players
        self.phase = "offer"
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
        self.tiles = [0] * b.size
        self.area = [-1] * b.size
        self.a_kind: list[int] = []
        self.a_owner: list[int] = []
        self.a_size: list[int] = []
        self.a_marker: list[int] = []
        self.camel_at = [-1] * b.size
        self.empty = [c for c in b.place_cells if not b.bonus[c]]
        self.path_free = len(b.path_cells)
        self.end_reason = ""
        self.final: list[dict[str, Any]] | None = None
        self.ranking: list[int] = []
        self.undo_floor = 0
        self._revealed = False
        self._setup_bonus_areas()
        self.setup_events: tuple[Event, ...] = tuple(self._setup())

    # --- setup ------------------------------------------------------------------------
    def _setup_bonus_areas(self) -> None:
        b = self.board
        for c in b.bonus_cells:
            self.tiles[c] = b.bonus[c]
        for c in b.bonus_cells:
            if self.area[c] != -1:
                continue
            a = len(self.a_kind)
            self.a_kind.append(b.bonus[c])
            self.a_owner.append(-1)
            self.a_marker.append(-1)
            group = [c]
            self.area[c] = a
            for cell in group:
                for nb in b.nbrs[cell]:
                    if self.tiles[nb] == b.bonus[c] and self.area[nb] == -1:
                        self.area[nb] = a
                        group.append(nb)
            self.a_size.append(len(group))

    def _setup(self) -> list[Event]:
        n = self.num_players
        discs = list(range(1, n + 1))
        self.rng.shuffle(discs)
        self.disc = discs
        deck = full_deck()
        self.rng.shuffle(deck)
        self.draw = deck
        for p in range(n):
            self.offer_decks[p] = [self.draw.pop() for _ in range(OFFER_DECK_START)]
        events = [Event("discs_dealt", ", ".join(f"{colour(p)} holds disc #{self.disc[p]}"
                                                  for p in range(n)),
                        None, {"discs": list(self.disc)})]
        events += self._start_round()
        return events

    # --- protocol ---------------------------------------------------------------------
    def actor(self) -> int:
        """The one player who acts now (-1 once the game is over)."""
        if self.phase == "over":
            return -1
        if self.phase == "bonus":
            return self.bonus_player
        return self.order[self.pos]

    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [self.actor()]

    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[int]:
        """Oasis has no running score: zeros until the final scoring, then the totals."""
        if self.final is None:
            return [0] * self.num_players
        return [f["total"] for f in self.final]

    def winners(self) -> list[int]:
        return self.ranking[:1]

    def legal_actions(self, player: int | None = None) -> list:
        if self.phase == "over":
            return []
        p = self.actor()
        if player is not None and player != p:
            return []
        phase = self.phase
        if phase == "offer":
            if not self.offers[p]:
                return [TURN_CARD]
            return [TURN_CARD, STOP_OFFER]  # a forced stop happens by itself
        if phase == "choose":
            left = [q for q in range(self.num_players) if self.taken_by[q] == -1]
            return [self._cached(TakeOffer, q) for q in left if q != p or len(left) == 1]
        if phase == "carry":
            if self.current is None:
                seen: list[str] = []
                for card in self.pending:
                    if card not in seen:
                        seen.append(card)
                return [self._cached(CarryOut, card) for card in seen]
            info = CARDS[self.current]
            if info.effect == "camels":
                return self._camel_actions(p)
            return self._tile_actions(PlaceTile, KIND_CODE[info.what], p)
        # bonus
        out = []
        for kind in LAND_KINDS:
            out += self._tile_actions(BonusTile, KIND_CODE[kind], p)
        if self.camels_left[p] > 0:
            out += [self._cached(BonusCamel, self.board.xy[c]) for c in self._free_path()]
        out.append(SKIP_BONUS)
        return out

    # --- helpers for the UI and bots ------------------------------------------------
    def tile_targets(self, kind: str, player: int) -> dict[tuple[int, int], str]:
        """Legal cells for a ``kind`` tile by ``player``: ``{(x, y): "start" | "extend"}``."""
        xy = self.board.xy
        return {xy[c]: ("start" if start else "extend")
                for c, start in placement.tile_options(self, KIND_CODE[kind], player)}

    def camel_targets(self) -> list[tuple[int, int]]:
        """Empty path cells."""
        return [self.board.xy[c] for c in self._free_path()]

    def step(self) -> str:
        """What the actor is doing: "offer", "choose", "pick_card", "place_camels",
        "move_camels", "place_tiles", "bonus" or "over"."""
        if self.phase != "carry":
            return self.phase
        if self.current is None:
            return "pick_card"
        info = CARDS[self.current]
        if info.effect == "tiles":
            return "place_tiles"
        return "place_camels" if self.camels_left[self.actor()] > 0 else "move_camels"

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

    def view(self, player: int | None) -> dict[str, Any]:
        from game.engine.oasis.view import build_view

        return build_view(self, player)

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
        c.board = self.board
        c.phase = self.phase
        c.round = self.round
        c.disc = self.disc[:]
        c.order = self.order[:]
        c.handed = self.handed[:]
        c.took = self.took[:]
        c.taken_by = self.taken_by[:]
        c.offer_decks = [d[:] for d in self.offer_decks]
        c.offers = [o[:] for o in self.offers]
        c.draw = self.draw[:]
        c.discards = self.discards[:]
        c.pos = self.pos
        c.offer_start = self.offer_start
        c.pending = self.pending[:]
        c.current = self.current
        c.left = self.left
        c.done = self.done[:]
        c.bonus_player = self.bonus_player
        c.supply = self.supply[:]
        c.score_supply = dict(self.score_supply)
        c.score_tiles = [dict(s) for s in self.score_tiles]
        c.camels_left = self.camels_left[:]
        c.markers = [m[:] for m in self.markers]
        c.tiles = self.tiles[:]
        c.area = self.area[:]
        c.a_kind = self.a_kind[:]
        c.a_owner = self.a_owner[:]
        c.a_size = self.a_size[:]
        c.a_marker = self.a_marker[:]
        c.camel_at = self.camel_at[:]
        c.empty = self.empty[:]
        c.path_free = self.path_free
        c.end_reason = self.end_reason
        c.final = self.final  # never mutated once set
        c.ranking = self.ranking[:]
        c.undo_floor = self.undo_floor
        c._revealed = False
        c.setup_events = self.setup_events
        return c

    def is_undoable(self, index: int) -> bool:
        """An action may be taken back when nothing was revealed (a card turned up, the
        final scoring) and nothing was drawn or shuffled from it onwards."""
        return self.undo_floor <= index < len(self.history)

    # --- applying actions ---------------------------------------------------------------
    def _apply(self, action, player: int) -> list[Event]:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction(f"{action!r} is not an Oasis action")
        self._revealed = False
        events = handler(self, action, player)
        events += self._advance()
        if self._revealed:
            self.undo_floor = len(self.history) + 1
        return events

    def _need_phase(self, phase: str, what: str) -> None:
        if self.phase != phase:
            raise IllegalAction(f"{what} is not possible now: "
                                f"{_PHASE_TEXT.get(self.phase, self.phase)}")

    # --- action cache -----------------------------------------------------------------
    def _cached(self, cls: type, *args: Any):
        cache = self.board.action_cache
        key = (cls, *args)
        action = cache.get(key)
        if action is None:
            action = cache[key] = cls(*args)
        return action


_PHASE_TEXT = {
    "offer": "players are making offers",
    "choose": "an offer is being chosen",
    "carry": "cards are being carried out",
    "bonus": "the bonus action is pending",
    "over": "the game is over",
}

_HANDLERS = {
    TurnCard: OasisState._do_turn,
    StopOffer: OasisState._do_stop,
    TakeOffer: OasisState._do_take,
    CarryOut: OasisState._do_carry,
    PlaceCamel: OasisState._do_place_camel,
    MoveCamel: OasisState._do_move_camel,
    IgnoreCard: OasisState._do_ignore,
    PlaceTile: OasisState._do_place_tile,
    BonusTile: OasisState._do_bonus_tile,
    BonusCamel: OasisState._do_bonus_camel,
    SkipBonus: OasisState._do_skip_bonus,
}


_ROW_BOARDS: dict[tuple, OasisBoard] = {}


def board_from_options(options: dict[str, Any]) -> OasisBoard:
    """``board_rows`` (text rows, for tests and tutorials) or ``map`` (default "oasis")."""
    unknown = set(options) - {"map", "board_rows"}
    if unknown:
        raise ValueError(f"unknown Oasis options: {', '.join(sorted(unknown))}")
    rows = options.get("board_rows")
    if rows is not None:
        key = tuple(rows)
        board = _ROW_BOARDS.get(key)
        if board is None:
            board = _ROW_BOARDS[key] = OasisBoard.from_rows(list(rows))
        return board
    return OasisBoard.from_map(options.get("map", "oasis"))
