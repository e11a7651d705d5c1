"""The legal actions of the player who acts, in a stable order.

Actions are immutable, so the common ones are made once per board and shared
(``OasisBoard.action_cache``); legal lists are built in every decision of every game.
"""

from __future__ import annotations

from bisect import bisect_left
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.games.oasis.engine import placement
from game.games.oasis.engine.actions import (
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
from game.games.oasis.engine.cards import (
    CARDS,
    COLOURS,
    KIND_CODE,
    KIND_NAME,
    LAND_KINDS,
    MARKERS_EACH,
)
from game.games.oasis.engine.phases import Phase

if TYPE_CHECKING:
    from game.games.oasis.engine.state import OasisState


def legal_actions(st: OasisState, player: int | None = None) -> list[Action]:
    if st.phase == Phase.OVER:
        return []
    p = st.actor()
    if player is not None and player != p:
        return []
    phase = st.phase
    if phase == Phase.OFFER:
        if not st.offers[p]:
            return [TURN_CARD]
        return [TURN_CARD, STOP_OFFER]  # a forced stop happens by itself
    if phase == Phase.CHOOSE:
        left = [q for q in range(st.num_players) if st.taken_by[q] == -1]
        return [TAKE_OFFER[q] for q in left if q != p or len(left) == 1]
    if phase == Phase.CARRY:
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
        return list(map(plain.__getitem__, cells_of(extends | starts)))
    # All markers in use: a start is listed as "none" then a move of each marker, in the
    # order of the player's markers; an extension as it is.
    rows = [_tile_table(st, cls, k, "none"), *_moves_rows(st, cls, k, st.markers[p])]
    start_cells = cells_of(starts)
    out = _interleaved(rows, start_cells)
    for c in reversed(cells_of(extends)):  # the last first: the earlier places stay put
        out.insert(len(rows) * bisect_left(start_cells, c), plain[c])
    return out


def is_listed_tile(st: OasisState, action: Any, p: int) -> bool:
    """Whether ``action`` is the very object ``tile_actions`` lists now for ``p`` (who acts):
    one of the board's shared tile actions, at a cell the placement masks allow, with a
    marker choice the list holds there.  Tile lists are too long to keep and search (see
    ``OasisState.legal_actions``), and an action from them needs no second check."""
    cls = type(action)
    if cls is PlaceTile:
        if st.phase != Phase.CARRY or st.current is None:
            return False
        info = CARDS[st.current]
        if info.effect != "tiles":
            return False
        k = KIND_CODE[info.what]
    elif cls is BonusTile and st.phase == Phase.BONUS and type(action.kind) is str:
        k = KIND_CODE.get(action.kind, 0)
        if not k:
            return False
    else:
        return False
    c = _cell_index(st, action.cell)
    if c < 0 or p != st.actor():
        return False
    extends, starts = placement.option_masks(st, k, p)
    cache = st.board.action_cache
    plain = cache.get((cls, k, None))
    if extends >> c & 1 or (starts >> c & 1 and len(st.markers[p]) < MARKERS_EACH):
        return plain is not None and plain[c] is action
    if not starts >> c & 1:
        return False
    unmarked = cache.get((cls, k, "none"))
    if unmarked is not None and unmarked[c] is action:
        return True
    moves = cache.get(("moves", cls, k), {})
    return any(row is not None and row[c] is action for row in map(moves.get, st.markers[p]))


def _cell_index(st: OasisState, cell: Any) -> int:
    """The index of ``cell`` when it is a cell ``(x, y)`` of the board, else -1."""
    if type(cell) is not tuple or len(cell) != 2:
        return -1
    x, y = cell
    b = st.board
    if type(x) is not int or type(y) is not int or not (0 <= x < b.width and 0 <= y < b.height):
        return -1
    return y * b.width + x


def _interleaved(rows: list[list[Any]], cells: list[int]) -> list[Action]:
    """``[row[c] for c in cells for row in rows]``, made a row at a time (a slice of every
    ``len(rows)``-th place): tile lists run to hundreds of actions, and a Python step per
    action was a tenth of a random game."""
    if len(cells) < 2:  # ``itemgetter`` of one index gives no tuple
        return [row[c] for c in cells for row in rows]
    pick = itemgetter(*cells)
    step = len(rows)
    out: list[Action] = [None] * (step * len(cells))  # type: ignore[list-item]
    for i, row in enumerate(rows):
        out[i::step] = pick(row)
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


def _moves_rows(st: OasisState, cls: type, k: int, sources: list[int]) -> list[list[Any]]:
    """For each cell of ``sources``, the shared actions ``cls(kind, cell, marker_from=src)``
    moving the marker on it, by cell index (None off the placement cells).  Kept with the
    board, by source cell: at most 2 x 3 x (placement cells)^2 actions, about 20 MB for the
    standard map, made as the markers come to stand on new cells (so that legal lists are
    not made afresh in every decision of every game)."""
    cache = st.board.action_cache
    rows = cache.get(("moves", cls, k))
    if rows is None:
        rows = cache["moves", cls, k] = {}
    out = list(map(rows.get, sources))
    if None in out:
        b = st.board
        kind, xy = KIND_NAME[k], b.xy
        for i, src in enumerate(sources):
            if out[i] is None:
                out[i] = rows[src] = [cls(kind, xy[c], xy[src]) if b.is_place[c] else None
                                      for c in range(b.size)]
    return out
