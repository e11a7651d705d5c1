"""``ColoradoState``: one game of Colorado County from set-up to the final ranking.

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

import bisect
from typing import Any

from game.engine.colorado.actions import (
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
from game.engine.colorado.cardplay import check_card_use
from game.engine.colorado.cards import CARDS, FLAG_COLOURS
from game.engine.colorado.grid import (
    NEIGHBOUR_MASK,
    NUM_CELLS,
    as_cell,
    cell_name,
    index,
    mask_cells,
    on_board,
    xy,
)
from game.engine.colorado.lakes import (
    LakeMap,
    check_layout,
    first_game_layout,
    random_layout,
    recheck_owner,
)
from game.engine.colorado.scoring import score_round
from game.engine.core import Event, GameState, IllegalAction
from game.engine.words import plural

PLAYER_COLOURS = ("orange", "brown", "red", "black")
PLAYER_NAMES = ("Orange", "Brown", "Red", "Black")
CUBES_PER_PLAYER = 40
NUM_COWBOYS = 66
START_COWBOYS = 15
NUM_ROUNDS = 4
FLAGS_PER_COLOUR = 3
CARDS_PER_COLOUR_PER_ROUND = 3
MAX_SALES_PER_ROUND = 2

PHASE_FLAGS = "flags"
PHASE_OFFER = "offer"
PHASE_INTEREST = "interest"
PHASE_GIVE = "give"
PHASE_AUCTION = "auction"
PHASE_BID = "bid"
PHASE_TAKE = "take"
PHASE_OVER = "over"
PHASES = (PHASE_FLAGS, PHASE_OFFER, PHASE_INTEREST, PHASE_GIVE, PHASE_AUCTION, PHASE_BID,
          PHASE_TAKE, PHASE_OVER)


def sale_tokens_for(num_players: int) -> int:
    return 5 if num_players == 3 else 4


def cards_per_turn(num_players: int) -> int:
    return 2 if num_players == 3 else 3


def bid_rank_key(cowboys: tuple[int, ...]) -> tuple[int, int]:
    """Bids rank by how many cowboys, a tie won by the highest-numbered cowboy."""
    return (len(cowboys), max(cowboys) if cowboys else 0)


def rank_bids(bids: dict[int, tuple[int, ...]]) -> list[int]:
    """Players who bid at least one cowboy, best bid first."""
    return sorted((p for p, b in bids.items() if b), key=lambda p: bid_rank_key(bids[p]),
                  reverse=True)


def refill_players(bids: list[tuple[int, ...]], ranking: list[int], order: list[int]) -> list[int]:
    """Who draws 2 cowboys after a bid, in turn order: the lowest bid draws.  Everyone who
    bid nothing is lowest (tied); when nobody bid nothing, the last-ranked bidder draws."""
    zero = [p for p in order if not bids[p]]
    if zero:
        return zero
    return [ranking[-1]] if ranking else []


def bid_options(hand: list[int], at_least_one: bool) -> list[tuple[int, ...]]:
    """Representative bids: none (if allowed), each single cowboy, the k highest, the k
    lowest.  Any other set of one's cowboys is just as legal."""
    hs = sorted(hand)
    out: list[tuple[int, ...]] = [] if at_least_one else [()]
    out += [(c,) for c in hs]
    out += [tuple(hs[-k:]) for k in range(2, len(hs) + 1)]
    out += [tuple(hs[:k]) for k in range(2, len(hs))]
    return out


def name(p: int) -> str:
    return PLAYER_NAMES[p]


def _cells_json(cells) -> list[list[int]]:
    return [list(xy(i)) for i in cells]


class Sale:
    """The land sale being resolved in the market."""

    __slots__ = ("seller", "cell", "queue", "interested", "declined", "bids")

    def __init__(self, seller: int, cell: int, queue: list[int]):
        self.seller = seller
        self.cell = cell
        self.queue = queue                      # still to declare, in turn order
        self.interested: list[int] = []
        self.declined: list[int] = []
        self.bids: dict[int, tuple[int, ...] | None] = {}  # auction: secret until all are in

    def copy(self) -> Sale:
        s = Sale(self.seller, self.cell, list(self.queue))
        s.interested = list(self.interested)
        s.declined = list(self.declined)
        s.bids = dict(self.bids)
        return s

    def to_json(self) -> dict[str, Any]:
        return {"seller": self.seller, "cell": list(xy(self.cell)), "queue": list(self.queue),
                "interested": list(self.interested), "declined": list(self.declined),
                "bids": {str(p): (list(b) if b is not None else None)
                         for p, b in self.bids.items()}}


# Actions that never change are made once and shared (legal_actions builds many of them).
_PLACE_FLAG = {(c, i): PlaceFlag(c, xy(i)) for c in FLAG_COLOURS for i in range(NUM_CELLS)}
_OFFER = {i: OfferForSale(xy(i)) for i in range(NUM_CELLS)}
_PASS = PassSale()
_INTEREST = (DeclareInterest(False), DeclareInterest(True))


class ColoradoState(GameState):
    GAME_ID = "colorado"
    ACTION_TYPES = ACTION_TYPES

    def __init__(self, num_players: int, seed: int, options: dict[str, Any] | None = None):
        if num_players not in (3, 4):
            raise ValueError("Colorado County takes 3-4 players")
        super().__init__(num_players, seed, options)
        lakes = self.options.setdefault("lakes", "first")
        if lakes == "first":
            layout = first_game_layout()
        elif lakes == "random":
            layout = random_layout(self.rng)
        elif isinstance(lakes, (list, tuple)):
            layout = check_layout(lakes)
        else:
            raise ValueError(f"lakes must be 'first', 'random' or a layout, not {lakes!r}")
        n = num_players
        self.lakemap = LakeMap.build(layout)
        self.owner = [-1] * NUM_CELLS
        self.cube_mask = 0  # bitmask of the cells with a cube
        self.cubes_left = [CUBES_PER_PLAYER] * n
        self.score = [0] * n
        self.lake_owner = [-1] * len(self.lakemap.lakes)
        self.lake_counts = [[0] * n for _ in self.lakemap.lakes]
        self.start_player = self.rng.randrange(n)
        self.order = [(self.start_player + k) % n for k in range(n)]
        self.bag = list(range(1, NUM_COWBOYS + 1))
        self.hands: list[list[int]] = []
        for _ in range(n):
            self.hands.append(sorted(self._draw_from_bag(START_COWBOYS)))
        self.tokens = [sale_tokens_for(n)] * n
        self.sales_this_round = [0] * n
        self.decks: list[list[int]] = []
        for colour in FLAG_COLOURS:
            deck = [c.id for c in CARDS if c.colour == colour]
            self.rng.shuffle(deck)
            self.decks.append(deck)
        self.round = 0
        self.phase = PHASE_FLAGS
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
        self.sale: Sale | None = None
        self.bids: list[tuple[int, ...] | None] = [None] * n
        self.take_queue: list[int] = []
        self.refill: list[int] = []
        self.last_bids: dict[str, Any] | None = None   # public once revealed
        self.last_sale: dict[str, Any] | None = None   # public outcome of the last sale
        self.round_results: list[list[dict[str, Any]]] = []
        self.final_winners: list[int] = []
        self.undo_floor = 0
        self._barrier = False
        events: list[Event] = [Event(
            "game_started", f"{name(self.start_player)} starts. Each player draws "
            f"{START_COWBOYS} cowboys.", self.start_player,
            {"start_player": self.start_player, "lakes": [
                {"value": v, "cells": [list(c) for c in cells]} for v, cells in layout]})]
        self._start_round(events)
        self.opening_events = events
        """Events of the set-up (log lines for the table; flag deals are private)."""

    # ------------------------------------------------------------------ protocol
    def to_act(self) -> list[int]:
        ph = self.phase
        if ph == PHASE_FLAGS:
            return [self.flag_queue[0]]
        if ph == PHASE_OFFER:
            return [self.market_queue[0]]
        if ph == PHASE_INTEREST:
            return [self.sale.queue[0]]
        if ph == PHASE_GIVE:
            return [self.sale.interested[0]]
        if ph == PHASE_AUCTION:
            return [p for p in self.order if p in self.sale.bids and self.sale.bids[p] is None]
        if ph == PHASE_BID:
            return [p for p in self.order if self.bids[p] is None]
        if ph == PHASE_TAKE:
            return [self.take_queue[0]]
        return []

    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    def scores(self) -> list[int]:
        return list(self.score)

    def winners(self) -> list[int]:
        return list(self.final_winners)

    def is_undoable(self, index: int) -> bool:
        """Only actions after the last one that revealed hidden information or drew at
        random (cards, cowboys, bids, flags turned up, a cowboy shown to a seller)."""
        return self.undo_floor <= index < len(self.history)

    def legal_actions(self, player: int | None = None) -> list:
        acting = self.to_act()
        if player is None:
            if not acting:
                return []
            player = acting[0]
        if player not in acting:
            return []
        ph = self.phase
        if ph == PHASE_FLAGS:
            colours = sorted(set(self.flag_hands[player]), key=FLAG_COLOURS.index)
            cells = self.flag_cells()
            return [_PLACE_FLAG[(c, i)] for c in colours for i in cells]
        if ph == PHASE_OFFER:
            return [_PASS] + [_OFFER[i] for i in range(NUM_CELLS) if self.owner[i] == player]
        if ph == PHASE_INTEREST:
            return list(_INTEREST)
        if ph == PHASE_GIVE:
            return [GiveCowboy(c) for c in self.hands[player]]
        if ph == PHASE_AUCTION:
            return [SaleBid(b) for b in bid_options(self.hands[player], True)]
        if ph == PHASE_BID:
            return [Bid(b) for b in bid_options(self.hands[player], False)]
        if ph == PHASE_TAKE:
            return self._take_actions(player)
        return []

    def _apply(self, action, player: int) -> list:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction(f"{action!r} is not a Colorado County action")
        self._barrier = False
        events: list[Event] = []
        handler(self, action, player, events)
        self._advance(events)
        if self._barrier:
            self.undo_floor = len(self.history) + 1
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
        c.final_winners = list(self.final_winners)
        c.undo_floor = self.undo_floor
        c._barrier = False
        c.opening_events = self.opening_events
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
            "round_results": self.round_results, "winners": list(self.final_winners),
            "undo_floor": self.undo_floor,
        }

    def view(self, player: int | None) -> dict[str, Any]:
        from game.engine.colorado.view import build_view

        return build_view(self, player)

    # ------------------------------------------------------------------ queries
    @property
    def lakes(self):
        return self.lakemap.lakes

    def is_free(self, i: int) -> bool:
        """No cube, no flag, not a lake: a flag may go here."""
        return self.owner[i] < 0 and self.lakemap.lake_at[i] < 0 and i not in self.flags

    def flag_mask(self) -> int:
        """Bitmask of where the next flag may go: free cells next to no flag; if there is
        none, any free cell; if there is no free cell at all, nowhere (it is not placed)."""
        taken = self.cube_mask
        near = 0
        for f in self.flags:
            taken |= 1 << f
            near |= NEIGHBOUR_MASK[f]
        free = self.lakemap.land_mask & ~taken
        return (free & ~near) or free

    def flag_cells(self) -> list[int]:
        """Where the next flag may go (see ``flag_mask``), in board order."""
        return mask_cells(self.flag_mask())

    def can_offer(self, p: int) -> bool:
        return (self.tokens[p] > 0 and self.sales_this_round[p] < MAX_SALES_PER_ROUND
                and self.cubes_left[p] < CUBES_PER_PLAYER)

    def can_buy(self, p: int) -> bool:
        """A player needs a cowboy to declare interest and a cube to put on the land."""
        return bool(self.hands[p]) and self.cubes_left[p] > 0

    def cubes_on_board(self, p: int) -> int:
        return CUBES_PER_PLAYER - self.cubes_left[p]

    def flag_colours_at(self) -> dict[int, str]:
        return {i: colour for i, (colour, _) in self.flags.items()}

    def _take_actions(self, player: int) -> list[TakeCard]:
        out: list[TakeCard] = []
        left = self.cubes_left[player]
        owner = self.owner
        lake_at = self.lakemap.lake_at
        by_colour: dict[str, list[tuple[int, int]]] = {c: [] for c in FLAG_COLOURS}
        for i in sorted(self.flags):
            by_colour[self.flags[i][0]].append(xy(i))
        for cid in self.revealed:
            card = CARDS[cid]
            out.append(TakeCard(cid))
            if not left:
                continue
            seen: set[frozenset] = set()
            for flag in by_colour[card.colour]:
                for rot in ((0,) if card.offset is None else (0, 1, 2, 3)):
                    stars = card.star_cells(flag, rot, 0)
                    ok = [c for c in stars if on_board(*c) and lake_at[index(*c)] < 0
                          and owner[index(*c)] < 0]
                    subsets = [(c,) for c in ok]
                    if len(ok) == 2 and left >= 2:
                        subsets.append(tuple(ok))
                    for sub in subsets:
                        key = frozenset(sub)
                        if key not in seen:
                            seen.add(key)
                            out.append(TakeCard(cid, flag, rot, 0, sub))
        return out

    # ------------------------------------------------------------------ randomness
    def _draw_from_bag(self, count: int) -> list[int]:
        out = []
        for _ in range(min(count, len(self.bag))):
            out.append(self.bag.pop(self.rng.randrange(len(self.bag))))
        self._barrier = True
        return out

    def _draw_cowboys(self, p: int, count: int, events: list[Event], why: str) -> None:
        drawn = self._draw_from_bag(count)
        hand = self.hands[p]
        for c in drawn:
            bisect.insort(hand, c)
        nums = ", ".join(map(str, sorted(drawn)))
        k = len(drawn)
        what = plural(k, "cowboy")
        events.append(Event(
            "cowboys_drawn", f"{name(p)} draws {what} ({nums}) {why}." if k else
            f"{name(p)} draws no cowboy {why}: the bag is empty.", p,
            {"count": k, "numbers": sorted(drawn), "bag": len(self.bag)}, private_to=p,
            public_msg=f"{name(p)} draws {what} {why}." if k else
            f"{name(p)} draws no cowboy {why}: the bag is empty."))

    # ------------------------------------------------------------------ cubes and lakes
    def _set_cube(self, i: int, p: int, events: list[Event]) -> None:
        """Put ``p``'s cube on cell ``i`` (``p`` = -1: take the cube away), then re-check
        the lakes this cell is a field of."""
        old = self.owner[i]
        self.owner[i] = p
        if p >= 0:
            self.cube_mask |= 1 << i
        else:
            self.cube_mask &= ~(1 << i)
        if old >= 0:
            self.cubes_left[old] += 1
            events.append(Event("cube_removed", f"{name(old)}'s cube leaves {cell_name(i)}.",
                                old, {"cell": list(xy(i))}))
        if p >= 0:
            self.cubes_left[p] -= 1
            events.append(Event("cube_placed", f"{name(p)} puts a cube on {cell_name(i)}.",
                                p, {"cell": list(xy(i))}))
        for li in self.lakemap.field_of[i]:
            counts = self.lake_counts[li]
            if old >= 0:
                counts[old] -= 1
            if p >= 0:
                counts[p] += 1
            before = self.lake_owner[li]
            after = recheck_owner(before, counts)
            if after != before:
                self.lake_owner[li] = after
                lake = self.lakemap.lakes[li]
                if after >= 0:
                    text = (f"{name(after)} takes the lake of value {lake.value}"
                            + (f" from {name(before)}." if before >= 0 else "."))
                else:
                    text = f"The lake of value {lake.value} has no owner any more."
                events.append(Event("lake_changed", text, after if after >= 0 else None,
                                    {"lake": li, "value": lake.value, "from": before,
                                     "to": after, "cells": _cells_json(lake.cells)}))

    # ------------------------------------------------------------------ flow
    def _start_round(self, events: list[Event]) -> None:
        n = self.num_players
        self.round += 1
        self.order = [(self.start_player + k) % n for k in range(n)]
        self.sales_this_round = [0] * n
        deck: list[int] = []
        for colour_deck in self.decks:
            for _ in range(CARDS_PER_COLOUR_PER_ROUND):
                deck.append(colour_deck.pop())
        self.rng.shuffle(deck)
        self.round_deck = deck
        markers = [c for c in FLAG_COLOURS for _ in range(FLAGS_PER_COLOUR)]
        self.rng.shuffle(markers)
        self._barrier = True
        per = len(markers) // n
        events.append(Event("round_started", f"Round {self.round} begins; "
                            f"{name(self.start_player)} starts.", self.start_player,
                            {"round": self.round, "order": list(self.order)}))
        for k, p in enumerate(self.order):
            hand = sorted(markers[k * per:(k + 1) * per], key=FLAG_COLOURS.index)
            self.flag_hands[p] = hand
            events.append(Event("flags_dealt", f"{name(p)} receives flags: {', '.join(hand)}.", p,
                                {"count": len(hand), "colours": list(hand)}, private_to=p,
                                public_msg=f"{name(p)} receives {len(hand)} flags."))
        self.flag_queue = [self.order[k % n] for k in range(per * n)]
        self.phase = PHASE_FLAGS

    def _advance(self, events: list[Event]) -> None:
        """Run everything automatic until a player must decide (or the game is over)."""
        while True:
            ph = self.phase
            if ph == PHASE_FLAGS:
                if not self.flag_queue:
                    self._turn_flags_up(events)
                    self._start_turn(events)
                    continue
                if not self.flag_mask():
                    p = self.flag_queue.pop(0)
                    colour = self.flag_hands[p].pop(0)
                    self.flags_unplaced.append(colour)
                    events.append(Event("flag_not_placed", f"{name(p)} cannot place a flag: "
                                        "there is no free cell.", p, {}))
                    continue
                return
            if ph == PHASE_OFFER:
                while self.market_queue and not self.can_offer(self.market_queue[0]):
                    self.market_queue.pop(0)
                if not self.market_queue:
                    self._start_bid(events)
                    continue
                return
            if ph == PHASE_INTEREST:
                sale = self.sale
                while sale.queue and not self.can_buy(sale.queue[0]):
                    q = sale.queue.pop(0)
                    sale.declined.append(q)
                    why = "no cowboy" if not self.hands[q] else "no cube left"
                    events.append(Event("interest", f"{name(q)} has {why} and cannot buy "
                                        f"{cell_name(sale.cell)}.", q,
                                        {"interested": False, "cell": list(xy(sale.cell)),
                                         "reason": why}))
                if not sale.queue:
                    self._resolve_interest(events)
                    continue
                return
            if ph == PHASE_AUCTION:
                if all(b is not None for b in self.sale.bids.values()):
                    self._resolve_auction(events)
                    continue
                return
            if ph == PHASE_BID:
                for p in self.order:
                    if self.bids[p] is None and not self.hands[p]:
                        self.bids[p] = ()
                        events.append(Event("bid_submitted", f"{name(p)} has no cowboy and "
                                            "bids nothing.", p, {}))
                if all(b is not None for b in self.bids):
                    self._resolve_bids(events)
                    continue
                return
            if ph == PHASE_TAKE:
                if self.take_queue and self.revealed:
                    return
                self._end_turn(events)
                continue
            return  # give (a player decides) or over

    def _turn_flags_up(self, events: list[Event]) -> None:
        self.flags_up = True
        self._barrier = True
        flags = [{"cell": list(xy(i)), "colour": c, "player": p}
                 for i, (c, p) in sorted(self.flags.items())]
        text = "Flags turned up: " + ", ".join(
            f"{f['colour']} on {cell_name(tuple(f['cell']))}" for f in flags) + "."
        events.append(Event("flags_revealed", text, None, {"flags": flags}))

    def _start_turn(self, events: list[Event]) -> None:
        k = min(cards_per_turn(self.num_players), len(self.round_deck))
        self.revealed = [self.round_deck.pop() for _ in range(k)]
        self.last_cards = not self.round_deck
        self._barrier = True
        events.append(Event(
            "cards_revealed", "Cards revealed: " + "; ".join(
                CARDS[c].describe() for c in self.revealed) + "."
            + (" These are the round's last cards: no sales." if self.last_cards else ""),
            None, {"cards": [CARDS[c].to_json() for c in self.revealed],
                   "last": self.last_cards}))
        if self.last_cards:
            self._start_bid(events)
        else:
            self.market_queue = list(self.order)
            self.phase = PHASE_OFFER

    def _start_bid(self, events: list[Event]) -> None:
        self.market_queue = []
        self.bids = [None] * self.num_players
        self.phase = PHASE_BID

    def _resolve_bids(self, events: list[Event]) -> None:
        bids = {p: tuple(sorted(b)) for p, b in enumerate(self.bids)}
        ranking = rank_bids(bids)
        takers = ranking[:len(self.revealed)]
        refill = refill_players([bids[p] for p in range(self.num_players)], ranking,
                                self.order)
        for p, b in bids.items():
            hand = self.hands[p]
            for c in b:
                hand.remove(c)
                self.bag.append(c)
        self._barrier = True
        self.last_bids = {"bids": [list(bids[p]) for p in range(self.num_players)],
                          "ranking": ranking, "takers": takers, "refill": refill}
        parts = []
        for p in self.order:
            b = bids[p]
            parts.append(f"{name(p)} {len(b)}" + (f" (best {max(b)})" if b else ""))
        order_text = (" Card choice: " + ", ".join(name(p) for p in takers) + ".") if takers \
            else " Nobody bid: the cards are discarded."
        events.append(Event("bids_revealed", "Bids: " + ", ".join(parts) + "." + order_text,
                            None, {"bids": {str(p): list(bids[p]) for p in bids},
                                   "ranking": ranking, "takers": takers}))
        self.bids = [None] * self.num_players
        self.take_queue = list(takers)
        self.refill = refill
        self.phase = PHASE_TAKE

    def _end_turn(self, events: list[Event]) -> None:
        if self.revealed:
            events.append(Event("cards_discarded", "Discarded: " + "; ".join(
                CARDS[c].describe() for c in self.revealed) + ".", None,
                {"cards": [CARDS[c].to_json() for c in self.revealed]}))
            self.discarded.extend(self.revealed)
            self.revealed = []
        self.take_queue = []
        for p in self.refill:
            self._draw_cowboys(p, 2, events, "for the lowest bid")
        self.refill = []
        if self.round_deck:
            self._start_turn(events)
        else:
            self._end_round(events)

    def _end_round(self, events: list[Event]) -> None:
        results = score_round(self.round, self.owner, self.lake_owner, self.lakemap.lakes,
                              self.num_players)
        table = []
        for r in results:
            if r.points:
                self.score[r.player] += r.points
                events.append(Event(
                    "scored", f"{name(r.player)} scores {r.points} for "
                    + _CATEGORY_TEXT[r.category](r.count) + ".", r.player,
                    {"round": self.round, "category": r.category, "points": r.points,
                     "count": r.count, "cells": _cells_json(r.cells)}))
            table.append({"player": r.player, "category": r.category, "points": r.points,
                          "count": r.count})
        self.round_results = self.round_results + [table]
        events.append(Event("round_scored", f"Round {self.round} scored. Scores: " + ", ".join(
            f"{name(p)} {s}" for p, s in enumerate(self.score)) + ".", None,
            {"round": self.round, "scores": list(self.score), "table": table}))
        self.flags = {}
        self.flags_up = False
        self.flag_hands = [[] for _ in range(self.num_players)]
        self.flags_unplaced = []
        events.append(Event("flags_removed", "The flags leave the board.", None, {}))
        if self.round >= NUM_ROUNDS:
            self._end_game(events)
            return
        self.start_player = (self.start_player + 1) % self.num_players
        self._start_round(events)

    def _end_game(self, events: list[Event]) -> None:
        self.phase = PHASE_OVER
        key = [(self.score[p], self.cubes_on_board(p)) for p in range(self.num_players)]
        best = max(key)
        self.final_winners = [p for p in range(self.num_players) if key[p] == best]
        ranking = sorted(range(self.num_players), key=lambda p: key[p], reverse=True)
        if len(self.final_winners) == 1:
            text = (f"{name(self.final_winners[0])} wins with "
                    f"{plural(self.score[ranking[0]], 'point')}.")
        else:
            text = ("Shared victory: " + " and ".join(name(p) for p in self.final_winners)
                    + f" with {plural(best[0], 'point')}.")
        events.append(Event("game_over", text, None, {
            "winners": list(self.final_winners), "ranking": ranking,
            "scores": list(self.score),
            "cubes_on_board": [self.cubes_on_board(p) for p in range(self.num_players)]}))

    # --- market -----------------------------------------------------------------------
    def _resolve_interest(self, events: list[Event]) -> None:
        sale = self.sale
        if not sale.interested:
            events.append(Event("sale_result", f"Nobody wants {cell_name(sale.cell)}: "
                                "the land becomes free.", sale.seller,
                                {"cell": list(xy(sale.cell)), "outcome": "nobody"}))
            self._set_cube(sale.cell, -1, events)
            self._finish_sale(events, None, ())
        elif len(sale.interested) == 1:
            self.phase = PHASE_GIVE
        else:
            sale.bids = {p: None for p in sale.interested}
            self.phase = PHASE_AUCTION

    def _resolve_auction(self, events: list[Event]) -> None:
        sale = self.sale
        bids = {p: tuple(sorted(b)) for p, b in sale.bids.items()}
        ranking = rank_bids(bids)
        winner = ranking[0]
        paid = bids[winner]
        hand = self.hands[winner]
        for c in paid:
            hand.remove(c)
            bisect.insort(self.hands[sale.seller], c)
        self._barrier = True
        events.append(Event(
            "sale_bids_revealed", "Land auction bids: " + ", ".join(
                f"{name(p)} {len(bids[p])} (best {max(bids[p])})" for p in ranking)
            + f". {name(winner)} buys {cell_name(sale.cell)} and gives {name(sale.seller)} "
            f"{plural(len(paid), 'cowboy', count=False)} {', '.join(map(str, paid))}.", winner,
            {"bids": {str(p): list(b) for p, b in bids.items()}, "ranking": ranking,
             "winner": winner, "seller": sale.seller, "cell": list(xy(sale.cell))}))
        events.append(Event("sale_result", f"{name(winner)} buys {cell_name(sale.cell)} from "
                            f"{name(sale.seller)} at auction.", winner,
                            {"cell": list(xy(sale.cell)), "outcome": "auction",
                             "buyer": winner, "seller": sale.seller}))
        self._set_cube(sale.cell, -1, events)
        self._set_cube(sale.cell, winner, events)
        self._finish_sale(events, winner, paid, bids={p: list(b) for p, b in bids.items()})

    def _finish_sale(self, events: list[Event], buyer: int | None, paid: tuple,
                     bids: dict[int, list[int]] | None = None) -> None:
        sale = self.sale
        self._draw_cowboys(sale.seller, 2, events, "for the sale")
        self.last_sale = {"seller": sale.seller, "cell": list(xy(sale.cell)),
                          "interested": list(sale.interested), "buyer": buyer,
                          "paid": len(paid),
                          "bids": ({str(p): b for p, b in bids.items()} if bids else None)}
        self.sale = None
        self.phase = PHASE_OFFER

    # ------------------------------------------------------------------ action handlers
    def _check_turn(self, phase: str, what: str) -> None:
        if self.phase != phase:
            raise IllegalAction(f"You cannot {what} now")

    def _h_place_flag(self, a: PlaceFlag, p: int, events: list[Event]) -> None:
        self._check_turn(PHASE_FLAGS, "place a flag")
        if a.colour not in self.flag_hands[p]:
            raise IllegalAction(f"You have no {a.colour} flag to place")
        cell = as_cell(a.cell)
        if cell is None:
            raise IllegalAction(f"{a.cell!r} is not a cell of the board")
        i = index(*cell)
        if self.lakemap.lake_at[i] >= 0:
            raise IllegalAction(f"{cell_name(i)} is a lake: a flag may not stand there")
        if self.owner[i] >= 0:
            raise IllegalAction(f"{cell_name(i)} has a cube: a flag needs a free cell")
        if i in self.flags:
            raise IllegalAction(f"{cell_name(i)} already has a flag")
        if not self.flag_mask() >> i & 1:
            raise IllegalAction("A flag may not stand next to another flag")
        self.flag_hands[p].remove(a.colour)
        self.flags[i] = (a.colour, p)
        self.flag_queue.pop(0)
        events.append(Event("flag_placed", f"{name(p)} places their {a.colour} flag face down "
                            f"on {cell_name(i)}.", p, {"cell": list(cell), "colour": a.colour},
                            private_to=p,
                            public_msg=f"{name(p)} places a flag face down on {cell_name(i)}."))

    def _h_offer(self, a: OfferForSale, p: int, events: list[Event]) -> None:
        self._check_turn(PHASE_OFFER, "offer land for sale")
        if self.tokens[p] <= 0:
            raise IllegalAction("You have no For Sale token left")
        if self.sales_this_round[p] >= MAX_SALES_PER_ROUND:
            raise IllegalAction("You may put land up for sale only twice per round")
        cell = as_cell(a.cell)
        if cell is None:
            raise IllegalAction(f"{a.cell!r} is not a cell of the board")
        i = index(*cell)
        if self.owner[i] != p:
            raise IllegalAction(f"You can sell only your own land; {cell_name(i)} is not yours")
        self.market_queue.pop(0)
        self.tokens[p] -= 1
        self.sales_this_round[p] += 1
        self.sale = Sale(p, i, [q for q in self.order if q != p])
        self.phase = PHASE_INTEREST
        events.append(Event("sale_offered", f"{name(p)} puts {cell_name(i)} up for sale.", p,
                            {"cell": list(cell), "tokens_left": self.tokens[p]}))

    def _h_pass_sale(self, a: PassSale, p: int, events: list[Event]) -> None:
        self._check_turn(PHASE_OFFER, "pass the market")
        self.market_queue.pop(0)
        events.append(Event("sale_passed", f"{name(p)} sells nothing.", p, {}))

    def _h_interest(self, a: DeclareInterest, p: int, events: list[Event]) -> None:
        self._check_turn(PHASE_INTEREST, "declare interest")
        if not isinstance(a.interested, bool):
            raise IllegalAction("Interest is yes or no")
        if a.interested and not self.hands[p]:
            raise IllegalAction("You need at least one cowboy to declare interest")
        if a.interested and not self.cubes_left[p]:
            raise IllegalAction("You have no cube left to put on the land")
        sale = self.sale
        sale.queue.pop(0)
        (sale.interested if a.interested else sale.declined).append(p)
        events.append(Event("interest", f"{name(p)} " + (
            "wants" if a.interested else "does not want") + f" {cell_name(sale.cell)}.", p,
            {"interested": a.interested, "cell": list(xy(sale.cell))}))

    def _h_give(self, a: GiveCowboy, p: int, events: list[Event]) -> None:
        self._check_turn(PHASE_GIVE, "give a cowboy")
        if isinstance(a.cowboy, bool) or a.cowboy not in self.hands[p]:
            raise IllegalAction("You can give only one of your own cowboys")
        sale = self.sale
        self.hands[p].remove(a.cowboy)
        bisect.insort(self.hands[sale.seller], a.cowboy)
        self._barrier = True
        s = sale.seller
        events.append(Event("sale_result", f"{name(p)} buys {cell_name(sale.cell)} from "
                            f"{name(s)} for one cowboy.", p,
                            {"cell": list(xy(sale.cell)), "outcome": "one", "buyer": p,
                             "seller": s}))
        events.append(Event("cowboy_given", f"{name(p)} gives {name(s)} cowboy {a.cowboy}.", p,
                            {"from": p, "to": s, "cowboy": a.cowboy}, private_to=s,
                            public_msg=f"{name(p)} gives {name(s)} one cowboy."))
        self._set_cube(sale.cell, -1, events)
        self._set_cube(sale.cell, p, events)
        self._finish_sale(events, p, (a.cowboy,))

    def _check_bid(self, cowboys: Any, hand: list[int], at_least_one: bool) -> tuple:
        if not isinstance(cowboys, (tuple, list)) or not all(
                isinstance(c, int) and not isinstance(c, bool) for c in cowboys):
            raise IllegalAction("A bid is a set of cowboy numbers")
        if len(set(cowboys)) != len(cowboys):
            raise IllegalAction("A cowboy can be bid only once")
        if not set(cowboys) <= set(hand):
            raise IllegalAction("You can bid only your own cowboys")
        if at_least_one and not cowboys:
            raise IllegalAction("A land auction bid needs at least one cowboy")
        return tuple(sorted(cowboys))

    def _h_sale_bid(self, a: SaleBid, p: int, events: list[Event]) -> None:
        self._check_turn(PHASE_AUCTION, "bid for land")
        b = self._check_bid(a.cowboys, self.hands[p], True)
        self.sale.bids[p] = b
        events.append(Event("sale_bid_submitted", f"{name(p)} has bid for the land.", p, {}))

    def _h_bid(self, a: Bid, p: int, events: list[Event]) -> None:
        self._check_turn(PHASE_BID, "bid for cards")
        b = self._check_bid(a.cowboys, self.hands[p], False)
        self.bids[p] = b
        events.append(Event("bid_submitted", f"{name(p)} has bid.", p, {}))

    def _h_take(self, a: TakeCard, p: int, events: list[Event]) -> None:
        self._check_turn(PHASE_TAKE, "take a card")
        use = check_card_use(a, self.revealed, self.flag_colours_at(), self.owner,
                             self.lakemap.lake_at, self.cubes_left[p])
        self.revealed.remove(use.card.id)
        self.used_cards.append(use.card.id)
        self.take_queue.pop(0)
        cubes = [list(xy(i)) for i in use.cubes]
        where = (f" and puts {'cubes' if len(use.cubes) > 1 else 'a cube'} on "
                 + " and ".join(cell_name(i) for i in use.cubes)
                 if use.cubes else " and places no cube")
        events.append(Event("card_taken", f"{name(p)} takes the {use.card.describe()}{where}.",
                            p, {"card": use.card.to_json(), "flag": (list(a.flag_cell)
                                if a.flag_cell is not None else None),
                                "rotation": a.rotation, "anchor_star": a.anchor_star,
                                "stars": [list(c) for c in use.stars], "cubes": cubes}))
        for i in use.cubes:
            self._set_cube(i, p, events)


_CATEGORY_TEXT = {
    "borders": lambda k: f"borders ({plural(k, 'border cell')})",
    "lakes": lambda k: f"lakes ({plural(k, 'lake')})",
    "doubles": lambda k: f"doubles ({plural(k, 'double')})",
    "domain": lambda k: f"the big domain ({plural(k, 'cell')})",
}

_HANDLERS = {
    PlaceFlag: ColoradoState._h_place_flag,
    OfferForSale: ColoradoState._h_offer,
    PassSale: ColoradoState._h_pass_sale,
    DeclareInterest: ColoradoState._h_interest,
    GiveCowboy: ColoradoState._h_give,
    SaleBid: ColoradoState._h_sale_bid,
    Bid: ColoradoState._h_bid,
    TakeCard: ColoradoState._h_take,
}
