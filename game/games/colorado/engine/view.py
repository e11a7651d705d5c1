"""What a player may see (``view``) and what a card use would do (``preview_card_use``).

``build_view(state, player)`` follows "What each player may see": public are the board,
lakes and owners, flags once turned up (and where face-down flags stand), scores, cubes,
For Sale tokens, how many cowboys each player holds, the bag's size and every revealed bid.
Private to ``player``: their own cowboy numbers (``my_cowboys``), their own face-down flags'
colours (``my_flags`` and the colour of their flags on the board), their own pending secret
bid (``my_bid`` / ``my_sale_bid``).  Never in any view: the deck and bag order, other
players' cowboy numbers and pending bids.  ``view(None)`` is an onlooker's.

View keys (all JSON-able; cells are ``[x, y]``; ``owners[y][x]`` is a player or -1):
game, viewer, num_players, player_names, player_colours, phase, round, rounds, to_act,
start_player, turn_order, width, height, owners, border_cells, lakes (index, value, cells,
fields, owner, field_counts), flags (cell, colour or None while hidden, placed_by),
flags_face_up, my_flags, flags_in_hand, flags_unplaced, flag_cells (where the next flag may
go), flag_queue, scores, cubes_left, cubes_on_board, sale_tokens, sales_this_round,
max_sales_per_round, cowboy_counts, my_cowboys, bag_count, round_deck_left,
colour_decks_left, cards_per_turn, revealed_cards, used_cards and discarded_cards (the ids
of the cards taken and discarded so far), last_cards, market_queue, sale,
bids_in, my_bid, take_queue, last_bids, last_sale, round_results, is_over, winners.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypedDict

from game.engine.core import CommonView, IllegalAction
from game.games.colorado.engine.actions import TakeCard
from game.games.colorado.engine.cardplay import check_card_use, simulate_lakes
from game.games.colorado.engine.cards import CARDS, FLAG_COLOURS
from game.games.colorado.engine.grid import BORDER_CELLS, CELLS, HEIGHT, NUM_CELLS, WIDTH, index, xy
from game.games.colorado.engine.model import (
    CUBES_PER_PLAYER,
    MAX_SALES_PER_ROUND,
    NUM_ROUNDS,
    PLAYER_COLOURS,
    PLAYER_NAMES,
    cards_per_turn,
)
from game.games.colorado.engine.phases import Phase

if TYPE_CHECKING:
    from game.games.colorado.engine.state import ColoradoState

Cell = list[int]


class LakeView(TypedDict):
    index: int
    value: int
    cells: list[Cell]
    fields: list[Cell]
    owner: int
    field_counts: list[int]


class FlagView(TypedDict):
    cell: Cell
    colour: str | None  # None while face down and not the viewer's own
    placed_by: int


class SaleView(TypedDict):
    seller: int
    cell: Cell
    queue: list[int]
    interested: list[int]
    declined: list[int]
    buyer: int | None
    auction_bidders: list[int]
    auction_bids_in: list[int]


class ColoradoView(CommonView):
    """What one seat may know (see the module's description of each key)."""

    player_names: list[str]
    player_colours: list[str]
    rounds: int
    start_player: int
    turn_order: list[int]
    width: int
    height: int
    owners: list[list[int]]
    border_cells: list[Cell]
    lakes: list[LakeView]
    flags: list[FlagView]
    flags_face_up: bool
    my_flags: list[str] | None
    flags_in_hand: list[int]
    flags_unplaced: int
    flag_cells: list[Cell]
    flag_queue: list[int]
    cubes_left: list[int]
    cubes_on_board: list[int]
    sale_tokens: list[int]
    sales_this_round: list[int]
    max_sales_per_round: int
    cowboy_counts: list[int]
    my_cowboys: list[int] | None
    bag_count: int
    round_deck_left: int
    colour_decks_left: dict[str, int]
    cards_per_turn: int
    revealed_cards: list[dict[str, Any]]
    used_cards: list[int]
    discarded_cards: list[int]
    last_cards: bool
    market_queue: list[int]
    sale: SaleView | None
    my_sale_bid: list[int] | None
    bids_in: list[bool]
    my_bid: list[int] | None
    take_queue: list[int]
    last_bids: dict[str, Any] | None
    last_sale: dict[str, Any] | None
    round_results: list[list[dict[str, Any]]]
    is_over: bool
    winners: list[int]


def _flags_view(state: ColoradoState, me: int | None) -> list[FlagView]:
    """Where flags stand; a face-down flag's colour only for the player who placed it."""
    return [{"cell": list(CELLS[i]), "colour": colour if state.flags_up or placer == me else None,
             "placed_by": placer} for i, (colour, placer) in sorted(state.flags.items())]


def _sale_view(state: ColoradoState) -> SaleView | None:
    s = state.sale
    if s is None:
        return None
    return {"seller": s.seller, "cell": list(xy(s.cell)), "queue": list(s.queue),
            "interested": list(s.interested), "declined": list(s.declined),
            "buyer": s.interested[0] if state.phase == Phase.GIVE else None,
            "auction_bidders": sorted(s.bids) if state.phase == Phase.AUCTION else [],
            "auction_bids_in": sorted(p for p, b in s.bids.items() if b is not None)}


def _lakes_view(state: ColoradoState) -> list[LakeView]:
    return [{"index": lake.index, "value": lake.value,
             "cells": [list(CELLS[i]) for i in lake.cells],
             "fields": [list(CELLS[i]) for i in lake.fields],
             "owner": state.lake_owner[lake.index],
             "field_counts": list(state.lake_counts[lake.index])}
            for lake in state.lakemap.lakes]


def build_view(state: ColoradoState, player: int | None) -> ColoradoView:
    n = state.num_players
    me = player if player is not None and 0 <= player < n else None
    owner = state.owner
    my_sale_bid = None
    if me is not None and state.sale is not None and state.sale.bids.get(me) is not None:
        my_sale_bid = list(state.sale.bids[me] or ())
    bidding = state.phase == Phase.BID
    return {
        "game": "colorado",
        "viewer": me,
        "num_players": n,
        "player_names": list(PLAYER_NAMES[:n]),
        "player_colours": list(PLAYER_COLOURS[:n]),
        "phase": state.phase,
        "round": state.round,
        "rounds": NUM_ROUNDS,
        "to_act": state.to_act(),
        "start_player": state.start_player,
        "turn_order": list(state.order),
        "width": WIDTH,
        "height": HEIGHT,
        "owners": [owner[y * WIDTH:(y + 1) * WIDTH] for y in range(HEIGHT)],
        "border_cells": [list(CELLS[i]) for i in BORDER_CELLS],
        "lakes": _lakes_view(state),
        "flags": _flags_view(state, me),
        "flags_face_up": state.flags_up,
        "my_flags": list(state.flag_hands[me]) if me is not None else None,
        "flags_in_hand": [len(h) for h in state.flag_hands],
        "flags_unplaced": len(state.flags_unplaced),
        "flag_cells": ([list(CELLS[i]) for i in state.flag_cells()]
                       if state.phase == Phase.FLAGS else []),
        "flag_queue": list(state.flag_queue),
        "scores": list(state.score),
        "cubes_left": list(state.cubes_left),
        "cubes_on_board": [CUBES_PER_PLAYER - c for c in state.cubes_left],
        "sale_tokens": list(state.tokens),
        "sales_this_round": list(state.sales_this_round),
        "max_sales_per_round": MAX_SALES_PER_ROUND,
        "cowboy_counts": [len(h) for h in state.hands],
        "my_cowboys": list(state.hands[me]) if me is not None else None,
        "bag_count": len(state.bag),
        "round_deck_left": len(state.round_deck),
        "colour_decks_left": {c: len(d) for c, d in zip(FLAG_COLOURS, state.decks, strict=True)},
        "cards_per_turn": cards_per_turn(n),
        "revealed_cards": [CARDS[c].to_json() for c in state.revealed],
        "used_cards": list(state.used_cards),
        "discarded_cards": list(state.discarded),
        "last_cards": state.last_cards,
        "market_queue": list(state.market_queue),
        "sale": _sale_view(state),
        "my_sale_bid": my_sale_bid,
        "bids_in": [b is not None for b in state.bids] if bidding else [False] * n,
        "my_bid": (list(state.bids[me] or ()) if bidding and me is not None
                   and state.bids[me] is not None else None),
        "take_queue": list(state.take_queue),
        "last_bids": state.last_bids,
        "last_sale": state.last_sale,
        "round_results": state.round_results,
        "is_over": state.is_over(),
        "winners": state.winners(),
    }


class _Position:
    """The few facts a card use depends on, read from a state or from a view."""

    lake_at: Sequence[int]
    field_of: Sequence[Sequence[int]]

    def __init__(self, source: ColoradoState | ColoradoView | dict[str, Any],
                 player: int | None):
        if not isinstance(source, dict):
            s = source
            self.revealed = list(s.revealed)
            self.flags = s.flag_colours_at()
            self.owner = s.owner
            self.lake_at = s.lakemap.lake_at
            self.field_of = s.lakemap.field_of
            self.lake_owner = s.lake_owner
            self.lake_counts = s.lake_counts
            self.values = [lake.value for lake in s.lakemap.lakes]
            acting = s.to_act()
            self.player = player if player is not None else (acting[0] if acting else 0)
            self.cubes_left = s.cubes_left[self.player]
            return
        v = source
        self.revealed = [c["id"] for c in v["revealed_cards"]]
        self.flags = {index(*f["cell"]): f["colour"] for f in v["flags"]
                      if f["colour"] is not None}
        self.owner = [p for row in v["owners"] for p in row]
        lake_at = [-1] * NUM_CELLS
        field_of: list[list[int]] = [[] for _ in range(NUM_CELLS)]
        for lake in v["lakes"]:
            for c in lake["cells"]:
                lake_at[index(*c)] = lake["index"]
            for c in lake["fields"]:
                field_of[index(*c)].append(lake["index"])
        self.lake_at = lake_at
        self.field_of = field_of
        self.lake_owner = [lake["owner"] for lake in v["lakes"]]
        self.lake_counts = [lake["field_counts"] for lake in v["lakes"]]
        self.values = [lake["value"] for lake in v["lakes"]]
        acting = v["to_act"]
        self.player = (player if player is not None else
                       v["viewer"] if v["viewer"] is not None else (acting[0] if acting else 0))
        self.cubes_left = v["cubes_left"][self.player]


def preview_card_use(source: ColoradoState | ColoradoView | dict[str, Any], action: TakeCard,
                     player: int | None = None) -> dict[str, Any]:
    """What ``action`` would do, from a state or a view, without changing anything.

    ``player`` defaults to the player to act (state) or the viewer (view).  Returns
    ``{"legal", "reason", "card", "stars", "cells", "lake_changes"}``: ``stars`` are the
    starred cells (possibly off the board), ``cells`` those that would get ``player``'s
    cube, ``lake_changes`` a list of ``{"lake", "value", "from", "to"}`` in the order
    ``apply`` reports them.  An illegal use gives ``legal`` False and the reason that
    ``apply`` would raise.  Whose turn it is is not checked.
    """
    pos = _Position(source, player)
    card = CARDS[action.card_id] if isinstance(action.card_id, int) and \
        0 <= action.card_id < len(CARDS) else None
    out: dict[str, Any] = {"legal": False, "reason": None,
                           "card": card.to_json() if card else None,
                           "stars": [], "cells": [], "lake_changes": []}
    try:
        use = check_card_use(action, pos.revealed, pos.flags, pos.owner, pos.lake_at,
                             pos.cubes_left)
    except IllegalAction as exc:
        out["reason"] = exc.args[0]  # the rule's Sentence
        return out
    changes = simulate_lakes([(i, pos.player) for i in use.cubes], pos.owner, pos.field_of,
                             pos.lake_owner, pos.lake_counts)
    out.update(legal=True, stars=[list(c) for c in use.stars],
               cells=[list(CELLS[i]) for i in use.cubes],
               lake_changes=[{"lake": li, "value": pos.values[li], "from": a, "to": b}
                             for li, a, b in changes])
    return out
