"""``ColoradoState``: one game of Colorado County from set-up to the final ranking.

This module holds the data (fields, ``clone``, ``snapshot``) and the engine protocol; the
rules live beside it: ``flags``, ``market``, ``bidding``, ``taking`` (one checker and one
doer per action, collected in ``rules.RULES``), ``flow`` (what happens by itself between
decisions), ``round_end`` (scoring and the final ranking), ``view`` and ``determinize``.

Phases (``state.phase``) and who acts in each (``to_act()``):

- ``"flags"``    the next player in the placement order puts a face-down flag (``PlaceFlag``)
- ``"offer"``    market: the next player in turn order offers a cube (``OfferForSale``) or
                 passes (``PassSale``); players who cannot sell are skipped
- ``"interest"`` the next player in turn order (not the seller) says ``DeclareInterest``;
                 players without a cowboy or a cube in supply are skipped
- ``"give"``     the only interested player gives the seller a cowboy (``GiveCowboy``)
- ``"auction"``  the interested players bid secretly and all at once (``SaleBid``)
- ``"bid"``      every player bids secretly and all at once (``Bid``); players without a
                 cowboy bid nothing automatically
- ``"take"``     in rank order each bidder takes and uses a revealed card (``TakeCard``)
- ``"over"``     the game has ended

Everything automatic (turning flags up, revealing cards, resolving bids and sales, drawing
cowboys, scoring rounds) happens inside the ``apply`` that makes it due.

``legal_actions`` is exact for every phase except the two kinds of bid: a bid is any set of
one's cowboys, so the list holds representatives only (no cowboys, each single cowboy, the
k highest and the k lowest); ``apply`` accepts any set.  For ``TakeCard`` the list holds one
action per distinct outcome (card and cubes placed); ``apply`` accepts every equivalent
choice of flag, rotation and star.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.core import GameState, Outcome
from game.engine.events import Event
from game.engine.messages import N_, Sentence, say
from game.games.colorado.engine import determinize, flags, flow, market, round_end
from game.games.colorado.engine.actions import ACTION_TYPES, TakeCard
from game.games.colorado.engine.bidding import (  # noqa: F401 - re-exported: the rules' names
    bid_options,
    bid_rank_key,
    rank_bids,
    refill_players,
)
from game.games.colorado.engine.cards import CARDS, FLAG_COLOURS
from game.games.colorado.engine.cowboys import draw_from_bag
from game.games.colorado.engine.cubes import set_cube
from game.games.colorado.engine.grid import NUM_CELLS, mask_cells
from game.games.colorado.engine.lakes import (
    Lake,
    LakeMap,
    first_game_layout,
    lake_map,
    random_layout,
)
from game.games.colorado.engine.model import (  # noqa: F401 - re-exported: the rules' names
    CARDS_PER_COLOUR_PER_ROUND,
    CUBES_PER_PLAYER,
    FLAGS_PER_COLOUR,
    MAX_SALES_PER_ROUND,
    NUM_COWBOYS,
    NUM_ROUNDS,
    PLAYER_COLOURS,
    PLAYER_NAMES,
    START_COWBOYS,
    Sale,
    cards_per_turn,
    sale_tokens_for,
)
from game.games.colorado.engine.phases import Phase
from game.games.colorado.engine.rules import LEGAL, LISTED_FLAG_AT, RULES
from game.games.colorado.engine.taking import listed_use
from game.games.colorado.engine.view import ColoradoView, build_view

if TYPE_CHECKING:
    from game.games.colorado.engine.cardplay import CardUse


class ColoradoState(GameState):
    GAME_ID = "colorado"
    PLAYER_NAMES = PLAYER_NAMES
    ACTION_TYPES = ACTION_TYPES

    lakemap: LakeMap
    sale: Sale | None
    last_bids: dict[str, Any] | None   # public once revealed
    last_sale: dict[str, Any] | None   # public outcome of the last sale
    # the card use ``why_illegal`` just worked out, for the ``apply`` that follows at once
    checked_use: tuple[TakeCard, int, CardUse] | None = None
    # The last list ``legal_actions`` made: (moves played then, for whom, the actions; None
    # for flags).  ``apply`` takes one of those very objects without checking it again
    # while no move was played since; whoever changes a position by hand (a test setting
    # one up) lists its actions afresh.
    _listed: tuple[int, int, tuple[Action, ...] | None] | None = None
    listed_flag_mask = 0  # where a flag could go when flags were last listed

    def __init__(self, num_players: int, seed: int, options: dict[str, Any] | None = None):
        if num_players not in (3, 4):
            raise ValueError("Colorado County takes 3-4 players")
        super().__init__(num_players, seed, options)
        lakes = self.options.setdefault("lakes", "first")
        layout: Sequence[Any]  # a layout as given (lake_map checks it)
        if lakes == "first":
            layout = first_game_layout()
        elif lakes == "random":
            layout = random_layout(self.rng)
        elif isinstance(lakes, (list, tuple)):
            layout = lakes
        else:
            raise ValueError(f"lakes must be 'first', 'random' or a layout, not {lakes!r}")
        n = num_players
        self.lakemap = lake_map(layout)
        self.owner = [-1] * NUM_CELLS
        self.cube_mask = 0  # bitmask of the cells with a cube
        self.cubes_left = [CUBES_PER_PLAYER] * n
        self.score = [0] * n
        self.lake_owner = [-1] * len(self.lakemap.lakes)
        self.lake_counts = [[0] * n for _ in self.lakemap.lakes]
        self.start_player = self.rng.randrange(n)
        self.order = [(self.start_player + k) % n for k in range(n)]
        self.bag = list(range(1, NUM_COWBOYS + 1))
        self.hands: list[list[int]] = [sorted(draw_from_bag(self, START_COWBOYS))
                                       for _ in range(n)]
        self.tokens = [sale_tokens_for(n)] * n
        self.sales_this_round = [0] * n
        self.decks: list[list[int]] = []
        for colour in FLAG_COLOURS:
            deck = [c.id for c in CARDS if c.colour == colour]
            self.rng.shuffle(deck)
            self.decks.append(deck)
        self.round = 0
        self.phase: Phase = Phase.FLAGS
        self.round_deck: list[int] = []
        self.revealed: list[int] = []
        self.last_cards = False
        self.used_cards: list[int] = []
        self.discarded: list[int] = []
        self.flag_hands: list[list[str]] = [[] for _ in range(n)]
        self.flags: dict[int, tuple[str, int]] = {}  # cell -> (colour, placed by)
        self.flags_up = False
        self.flags_unplaced: list[str] = []
        self.flag_queue: list[int] = []
        self.market_queue: list[int] = []
        self.sale = None
        self.bids: list[tuple[int, ...] | None] = [None] * n
        self.take_queue: list[int] = []
        self.refill: list[int] = []
        self.last_bids = None
        self.last_sale = None
        self.round_results: list[list[dict[str, Any]]] = []
        events: list[Event] = [flow.game_started(self)]
        flow.start_round(self, events)
        self._setup_events = events

    # ------------------------------------------------------------------ protocol
    def to_act(self) -> list[int]:
        ph = self.phase  # the phases in the order of how often a game is in them
        if ph == Phase.BID:
            return [p for p in self.order if self.bids[p] is None]
        if ph == Phase.FLAGS:
            return [self.flag_queue[0]]
        if ph == Phase.TAKE:
            return [self.take_queue[0]]
        if ph == Phase.INTEREST:
            assert self.sale is not None
            return [self.sale.queue[0]]
        if ph == Phase.OFFER:
            return [self.market_queue[0]]
        if ph == Phase.AUCTION:
            assert self.sale is not None
            bids = self.sale.bids
            return [p for p in self.order if p in bids and bids[p] is None]
        if ph == Phase.GIVE:
            assert self.sale is not None
            return [self.sale.interested[0]]
        return []

    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def scores(self) -> list[int]:
        return list(self.score)

    def winners(self) -> list[int]:
        return round_end.winners(self)

    def outcome(self) -> Outcome:
        return round_end.outcome(self)

    def setup_events(self) -> list[Event]:
        """The set-up's events: who starts, the first round, the flags dealt (private)."""
        return list(self._setup_events)

    def is_simultaneous(self) -> bool:
        """The secret bids: for the cards, and in a land auction."""
        return self.phase in (Phase.BID, Phase.AUCTION)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        acting = self.to_act()
        if player is None:
            if not acting:
                return []
            player = acting[0]
        if player not in acting:
            return []
        actions = LEGAL[self.phase](self, player)
        # a flag's list is long: it is known by where a flag may go (``listed_flag_mask``)
        self._listed = (len(self.history), player,
                        tuple(actions) if self.phase != Phase.FLAGS else None)
        return actions

    def _listed_now(self, player: int) -> tuple[int, int, tuple[Action, ...] | None] | None:
        """The last listing, when it was ``player``'s at this very move."""
        listed = self._listed
        if listed is not None and listed[0] == len(self.history) and listed[1] == player:
            return listed
        return None

    def acts_now(self, player: int) -> bool:
        # listing this player's actions at this very move found them acting: ``apply``
        # does not work out who acts a second time
        return self._listed_now(player) is not None or player in self.to_act()

    def refusal(self, action: Any, player: int) -> str | None:
        listed = self._listed_now(player)
        if listed is not None:
            if listed[2] is None:
                if self._is_listed_flag(action, player):
                    return None
                return super().refusal(action, player)
            # the very object listed, looked for in C (an equal action made elsewhere is
            # checked in full: ``==`` of two actions costs more than the whole look)
            if any(map(is_, listed[2], repeat(action))):
                if type(action) is TakeCard:
                    self.checked_use = (action, player, listed_use(action))
                return None
        return super().refusal(action, player)

    def _is_listed_flag(self, action: Any, player: int) -> bool:
        """Whether ``action`` is one of the shared flag actions that ``legal_actions`` just
        listed for ``player``: a flag in hand, on a cell where a flag may go."""
        at = LISTED_FLAG_AT.get(id(action))  # the shared actions live for the whole run
        return (at is not None and at[0] in self.flag_hands[player]
                and self.listed_flag_mask >> at[1] & 1 == 1)

    def why_illegal(self, action: Action, player: int) -> Sentence | None:
        rule = RULES.get(type(action))
        if rule is None:
            return say(N_("{action} is not a Colorado County action"), action=repr(action))
        return rule[0](self, action, player)

    def _apply(self, action: Action, player: int) -> list[Event]:
        events = RULES[type(action)][1](self, action, player)
        flow.advance(self, events)
        return events

    def clone(self) -> ColoradoState:
        c = ColoradoState.__new__(ColoradoState)
        self._copy_base_into(c)
        c.lakemap = self.lakemap
        c.owner = list(self.owner)
        c.cube_mask = self.cube_mask
        c.cubes_left = list(self.cubes_left)
        c.score = list(self.score)
        c.lake_owner = list(self.lake_owner)
        c.lake_counts = [list(x) for x in self.lake_counts]
        c.start_player = self.start_player
        c.order = list(self.order)
        c.bag = list(self.bag)
        c.hands = [list(h) for h in self.hands]
        c.tokens = list(self.tokens)
        c.sales_this_round = list(self.sales_this_round)
        c.decks = [list(d) for d in self.decks]
        c.round = self.round
        c.phase = self.phase
        c.round_deck = list(self.round_deck)
        c.revealed = list(self.revealed)
        c.last_cards = self.last_cards
        c.used_cards = list(self.used_cards)
        c.discarded = list(self.discarded)
        c.flag_hands = [list(h) for h in self.flag_hands]
        c.flags = dict(self.flags)
        c.flags_up = self.flags_up
        c.flags_unplaced = list(self.flags_unplaced)
        c.flag_queue = list(self.flag_queue)
        c.market_queue = list(self.market_queue)
        c.sale = self.sale.copy() if self.sale is not None else None
        c.bids = list(self.bids)
        c.take_queue = list(self.take_queue)
        c.refill = list(self.refill)
        c.last_bids = self.last_bids          # replaced, never mutated
        c.last_sale = self.last_sale          # replaced, never mutated
        c.round_results = list(self.round_results)  # items never mutated
        c._setup_events = self._setup_events  # never mutated
        return c

    def snapshot(self) -> dict[str, Any]:
        return {
            "num_players": self.num_players, "seed": self.seed, "options": self.options,
            "moves": len(self.history), "rng": self.rng_fingerprint(),
            "lakes": [list(map(list, cells)) for _, cells in self.lakemap.layout],
            "owner": list(self.owner), "cubes_left": list(self.cubes_left),
            "score": list(self.score), "lake_owner": list(self.lake_owner),
            "lake_counts": [list(x) for x in self.lake_counts],
            "start_player": self.start_player, "order": list(self.order),
            "bag": list(self.bag), "hands": [list(h) for h in self.hands],
            "tokens": list(self.tokens), "sales_this_round": list(self.sales_this_round),
            "decks": [list(d) for d in self.decks], "round": self.round, "phase": self.phase,
            "round_deck": list(self.round_deck), "revealed": list(self.revealed),
            "last_cards": self.last_cards, "used_cards": list(self.used_cards),
            "discarded": list(self.discarded),
            "flag_hands": [list(h) for h in self.flag_hands],
            "flags": {str(i): list(v) for i, v in sorted(self.flags.items())},
            "flags_up": self.flags_up, "flags_unplaced": list(self.flags_unplaced),
            "flag_queue": list(self.flag_queue), "market_queue": list(self.market_queue),
            "sale": self.sale.to_json() if self.sale is not None else None,
            "bids": [list(b) if b is not None else None for b in self.bids],
            "take_queue": list(self.take_queue), "refill": list(self.refill),
            "last_bids": self.last_bids, "last_sale": self.last_sale,
            "round_results": self.round_results, "winners": self.winners(),
            "undo_floor": self.undo_floor,
        }

    def view(self, player: int | None) -> ColoradoView:
        return build_view(self, player)

    @classmethod
    def state_from_view(cls, view: dict[str, Any], rng: random.Random) -> ColoradoState:
        return determinize.state_from_view(cls, view, rng)

    # ------------------------------------------------------------------ queries
    @property
    def lakes(self) -> tuple[Lake, ...]:
        return self.lakemap.lakes

    def is_free(self, i: int) -> bool:
        """No cube, no flag, not a lake: a flag may go here."""
        return self.owner[i] < 0 and self.lakemap.lake_at[i] < 0 and i not in self.flags

    def flag_mask(self) -> int:
        """Bitmask of where the next flag may go (see ``flags.flag_mask``)."""
        return flags.flag_mask(self)

    def flag_cells(self) -> list[int]:
        """Where the next flag may go, in board order."""
        return mask_cells(flags.flag_mask(self))

    def can_offer(self, p: int) -> bool:
        return market.can_offer(self, p)

    def can_buy(self, p: int) -> bool:
        """A player needs a cowboy to declare interest and a cube to put on the land."""
        return market.can_buy(self, p)

    def cubes_on_board(self, p: int) -> int:
        return CUBES_PER_PLAYER - self.cubes_left[p]

    def flag_colours_at(self) -> dict[int, str]:
        return {i: colour for i, (colour, _) in self.flags.items()}

    # ------------------------------------------------------------------ set-ups in tests
    def _set_cube(self, i: int, p: int, events: list[Event]) -> None:
        """Put ``p``'s cube on cell ``i`` (-1: take it away), with the lake re-checks."""
        self._listed = None
        set_cube(self, i, p, events)

    def _end_game(self, events: list[Event]) -> None:
        """End the game now (the final ranking)."""
        self._listed = None
        round_end.end_game(self, events)
