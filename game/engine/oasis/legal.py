"""The legal actions of the player who acts, in a stable order.

Actions are immutable, so the common ones are made once per board and shared
(``OasisBoard.action_cache``); legal lists are built in every decision of every game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.core import Action
from game.engine.oasis import placement
from game.engine.oasis.actions import (
    IGNORE_CARD,
    SKIP_BONUS,
    STOP_OFFER,
    TURN_CARD,
    BonusCamel,
    BonusTile,
    CarryOut,
    MoveCamel,
    PlaceCamel,
    PlaceTile,
    TakeOffer,
)
from game.engine.oasis.cards import CARDS, COLOURS, KIND_CODE, KIND_NAME, LAND_KINDS, MARKERS_EACH

if TYPE_CHECKING:
    from game.engine.oasis.state import OasisState


def legal_actions(st: OasisState, player: int | None = None) -> list[Action]:
    if st.phase == "over":
        return []
    p = st.actor()
    if player is not None and player != p:
        return []
    phase = st.phase
    if phase == "offer":
        if not st.offers[p]:
            return [TURN_CARD]
        return [TURN_CARD, STOP_OFFER]  # a forced stop happens by itself
    if phase == "choose":
        left = [q for q in range(st.num_players) if st.taken_by[q] == -1]
        return [TAKE_OFFER[q] for q in left if q != p or len(left) == 1]
    if phase == "carry":
        if st.current is None:
            return list(map(CARRY_OUT.__getitem__, dict.fromkeys(st.pending)))
        info = CARDS[st.current]
        if info.effect == "camels":
            return camel_actions(st, p)
        return tile_actions(st, PlaceTile, KIND_CODE[info.what], p)
    return bonus_actions(st, p)


def bonus_actions(st: OasisState, p: int) -> list[Action]:
    out: list[Action] = []
    for kind in LAND_KINDS:
        out += tile_actions(st, BonusTile, KIND_CODE[kind], p)
    if st.camels_left[p] > 0:
        out += map(_cell_table(st, BonusCamel).__getitem__, free_path(st))
    out.append(SKIP_BONUS)
    return out


def cached(st: OasisState, cls: type, *args: Any) -> Any:
    """The shared action ``cls(*args)``."""
    cache = st.board.action_cache
    key = (cls, *args)
    action = cache.get(key)
    if action is None:
        action = cache[key] = cls(*args)
    return action


TAKE_OFFER = tuple(TakeOffer(q) for q in range(len(COLOURS)))
CARRY_OUT = {card: CarryOut(card) for card in CARDS}


def _cell_table(st: OasisState, cls: type) -> list[Action]:
    """Shared actions ``cls(cell)`` for every cell, by cell index (kept with the board)."""
    table = st.board.action_cache.get(cls)
    if table is None:
        table = st.board.action_cache[cls] = [cls(xy) for xy in st.board.xy]
    return table


def free_path(st: OasisState) -> list[int]:
    camel_at = st.camel_at
    return [c for c in st.board.path_cells if camel_at[c] == -1]


def camel_actions(st: OasisState, p: int) -> list[Action]:
    free = free_path(st)
    xy = st.board.xy
    if st.camels_left[p] > 0:
        return list(map(_cell_table(st, PlaceCamel).__getitem__, free))
    own = [c for c in st.board.path_cells if st.camel_at[c] == p]
    out: list[Action] = [cached(st, MoveCamel, xy[s], xy[d]) for s in own for d in free]
    out.append(IGNORE_CARD)
    return out


def tile_actions(st: OasisState, cls: type, k: int, p: int) -> list[Action]:
    extends, starts = placement.option_masks(st, k, p)
    if not (extends | starts):
        return []
    cells_of = st.board.cells_of
    plain = _tile_table(st, cls, k, None)
    if len(st.markers[p]) < MARKERS_EACH:
        return [plain[c] for c in cells_of(extends | starts)]
    # All markers in use: a start is listed as "none" then a move of each marker, in the
    # order of the player's markers; an extension as it is.
    unmarked = _tile_table(st, cls, k, "none")
    m1, m2, m3, m4 = [_moves_row(st, cls, k, m) for m in st.markers[p]]
    out: list[Action] = []
    if not extends:
        for c in cells_of(starts):
            out += (unmarked[c], m1[c], m2[c], m3[c], m4[c])
        return out
    for c in cells_of(extends | starts):
        if starts >> c & 1:
            out += (unmarked[c], m1[c], m2[c], m3[c], m4[c])
        else:
            out.append(plain[c])
    return out


def _tile_table(st: OasisState, cls: type, k: int, marker_from: Any) -> list[Action]:
    """Shared actions ``cls(kind, cell, marker_from)`` for every cell, by cell index
    (``marker_from`` None or "none": a few tables, kept with the board)."""
    cache = st.board.action_cache
    key = (cls, k, marker_from)
    table = cache.get(key)
    if table is None:
        kind = KIND_NAME[k]
        xy = st.board.xy
        table = cache[key] = [cls(kind, xy[c], marker_from) for c in range(st.board.size)]
    return table


def _moves_row(st: OasisState, cls: type, k: int, src: int) -> list[Any]:
    """Shared actions ``cls(kind, cell, marker_from=src)`` moving the marker on cell ``src``,
    by cell index (None off the placement cells).  Kept with the board: at most
    2 x 3 x (placement cells)^2 actions, about 20 MB for the standard map, made as the
    markers come to stand on new cells (so that legal lists are not made afresh in every
    decision of every game)."""
    cache = st.board.action_cache
    key = ("moves", cls, k, src)
    row = cache.get(key)
    if row is None:
        b = st.board
        kind, xy, src_xy = KIND_NAME[k], b.xy, b.xy[src]
        row = cache[key] = [cls(kind, xy[c], src_xy) if b.is_place[c] else None
                            for c in range(b.size)]
    return row
