"""Land tile placement: where a tile may go, and what placing it does to the areas.

An *area* is a side-connected group of tiles of one kind (bonus squares included).  Tiles are
never removed, so areas only grow and merge; each has at most one controller (the owner of
the control marker standing on it) or none (``owner == -1``).  The state keeps, per cell,
``tiles[c]`` (kind code, 0 = empty) and ``area[c]`` (area id, -1 = none), and per area id the
lists ``a_kind``, ``a_owner``, ``a_size`` and ``a_marker`` (cell of its marker, -1 = none).
Merged-away ids keep ``a_size == 0``.

Rules (``rules/oasis.md``): a tile goes on an empty placement cell and either *extends* the
player's area of its kind (it touches exactly one) or *starts* a new area: oasis on an edge
cell or next to an oasis bonus square, steppe next to the path or a steppe bonus square, stone
anywhere, and every kind next to an uncontrolled area of its kind.  It may never touch another
player's area of its kind, nor join two of the player's own areas.  Uncontrolled areas it
touches become part of its area.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from game.engine.messages import N_, Sentence, say
from game.games.oasis.engine.cards import KIND_NAME, OASIS, STEPPE
from game.games.oasis.engine.events import seat

if TYPE_CHECKING:
    from game.games.oasis.engine.state import OasisState

START, EXTEND = "start", "extend"

# Why a tile of a kind may not go somewhere: whole sentences, one per kind.
_NONE_LEFT = {"oasis": N_("No oasis tiles are left"), "steppe": N_("No steppe tiles are left"),
              "stone": N_("No stone tiles are left")}
_TOUCHES_OTHER = {
    "oasis": N_("An oasis tile may not touch another player's oasis area ({owner}'s)"),
    "steppe": N_("A steppe tile may not touch another player's steppe area ({owner}'s)"),
    "stone": N_("A stone tile may not touch another player's stone area ({owner}'s)"),
}
_JOINS_TWO = {
    "oasis": N_("That tile would join two of your oasis areas into one"),
    "steppe": N_("That tile would join two of your steppe areas into one"),
    "stone": N_("That tile would join two of your stone areas into one"),
}


def option_masks(st: OasisState, k: int, p: int) -> tuple[int, int]:
    """Where player ``p`` may put a tile of kind code ``k``, as two bit masks of cells:
    ``(extends, starts)`` (both 0 once the supply of that kind is exhausted).

    A cell touching another player's area of the kind, or two of ``p``'s own, is out;
    one touching one of ``p``'s areas extends it; any other starts a new area where the
    kind may start or next to an uncontrolled area of the kind.

    Kept in ``st.options_memo`` until a tile is placed (the flow asks before the legal
    actions do)."""
    found = st.options_memo.get((k, p))
    if found is not None:
        return found
    if st.supply[k] <= 0:
        return 0, 0
    own = twice = other = free = 0
    owner, reach_of = st.a_owner, st.a_reach
    for a in st.kind_areas[k]:
        o = owner[a]
        reach = reach_of[a]
        if o == -1:
            free |= reach
        elif o == p:
            twice |= own & reach
            own |= reach
        else:
            other |= reach
    ok = st.empty_bits & ~(other | twice)
    found = st.options_memo[k, p] = ok & own, ok & ~own & (free | st.board.start_bits[k])
    return found


def tile_options(st: OasisState, k: int, p: int) -> list[tuple[int, bool]]:
    """Every legal cell for a tile of kind code ``k`` by player ``p``, in cell order, as
    ``(cell, starts_new_area)``.  Empty when the supply of that kind is exhausted."""
    extends, starts = option_masks(st, k, p)
    return [(c, bool(starts >> c & 1)) for c in st.board.cells_of(extends | starts)]


def has_tile_option(st: OasisState, k: int, p: int) -> bool:
    """Whether ``tile_options`` would list anything."""
    extends, starts = option_masks(st, k, p)
    return bool(extends | starts)


def tile_mode(st: OasisState, k: int, c: int, p: int) -> tuple[str | None, Sentence | None]:
    """``(START | EXTEND, None)`` when player ``p`` may put a tile of kind ``k`` on cell
    ``c``, else ``(None, reason)`` with the rule in plain words."""
    b = st.board
    name = KIND_NAME[k]
    if st.supply[k] <= 0:
        return None, say(_NONE_LEFT[name])  # type: ignore[index]
    if b.is_path[c]:
        return None, say(N_("Only camels go on the camel path"))
    if not b.is_place[c]:
        return None, say(N_("That cell is outside the play area"))
    if st.tiles[c]:
        return None, say(N_("That cell already holds a bonus square") if b.bonus[c]
                         else N_("That cell already holds a tile"))
    own = -1
    free = False
    for nb in b.nbrs[c]:
        if st.tiles[nb] != k:
            continue
        a = st.area[nb]
        o = st.a_owner[a]
        if o == -1:
            free = True
        elif o != p:
            return None, say(_TOUCHES_OTHER[name], owner=seat(o))  # type: ignore[index]
        elif own not in (-1, a):
            return None, say(_JOINS_TWO[name])  # type: ignore[index]
        else:
            own = a
    if own != -1:
        return EXTEND, None
    if free or b.start_ok[k][c]:
        return START, None
    if k == OASIS:
        return None, say(N_("An oasis area must start on an edge cell or next to an oasis "
                            "bonus square"))
    if k == STEPPE:
        return None, say(N_("A steppe area must start next to the camel path or next to a "
                            "steppe bonus square"))
    return None, say(N_("A new area cannot start there"))  # stone starts anywhere: unreachable


def place_tile(st: OasisState, k: int, c: int, p: int, marker_src: int | None) -> dict[str, Any]:
    """Put the tile (already validated) and return what happened for the event.

    ``marker_src``: for a start, ``None`` = use an unused marker if one is left, ``-1`` =
    leave the new area uncontrolled, else the cell of the marker to move (its old area
    becomes uncontrolled).  Ignored for an extension.
    """
    st.options_memo.clear()
    tiles, area, owner = st.tiles, st.area, st.a_owner
    own = -1
    free: list[int] = []
    for nb in st.board.nbrs[c]:
        if tiles[nb] == k:
            a = area[nb]
            o = owner[a]
            if o == -1:
                if a not in free:
                    free.append(a)
            else:
                own = a
    info: dict[str, Any] = {"absorbed": [], "marker": None}
    if own != -1:
        target = own
        info["mode"] = EXTEND
    else:
        info["mode"] = START
        target = _new_area(st, k, c, p, marker_src, info)
    tiles[c] = k
    area[c] = target
    st.a_size[target] += 1
    del st.empty[bisect_left(st.empty, c)]  # kept in cell order
    st.empty_bits ^= 1 << c
    a_reach = st.a_reach
    a_reach[target] |= st.board.reach_bits[c]
    for a in free:
        for cell in area_cells(st, a):
            area[cell] = target
        st.a_size[target] += st.a_size[a]
        st.a_size[a] = 0
        a_reach[target] |= a_reach[a]
        a_reach[a] = 0
        st.kind_areas[k].remove(a)
        info["absorbed"].append(a)
    st.supply[k] -= 1
    info["area"] = target
    info["size"] = st.a_size[target]
    return info


# The fields ``lay_bonus_areas`` sets: copied from the first empty table of each board.
_BONUS_FIELDS = ("tiles", "area", "a_kind", "a_owner", "a_size", "a_marker", "a_reach",
                 "empty")


def lay_bonus_areas(st: OasisState) -> None:
    """The bonus squares of an empty board, each side-connected group of one kind an
    uncontrolled area."""
    b = st.board
    laid = b.action_cache.get("bonus_areas")
    if laid is None:
        _lay_bonus_areas(st)
        laid = b.action_cache["bonus_areas"] = (tuple(getattr(st, f)[:] for f in _BONUS_FIELDS),
                                                 [ids[:] for ids in st.kind_areas])
    d = st.__dict__
    for name, value in zip(_BONUS_FIELDS, laid[0], strict=True):
        d[name] = value[:]
    st.kind_areas = [ids[:] for ids in laid[1]]
    st.empty_bits = b.empty_bits
    st.options_memo = {}


def _lay_bonus_areas(st: OasisState) -> None:
    b = st.board
    st.empty = [c for c in b.place_cells if not b.bonus[c]]
    for c in b.bonus_cells:
        st.tiles[c] = b.bonus[c]
    for c in b.bonus_cells:
        if st.area[c] != -1:
            continue
        a = len(st.a_kind)
        st.a_kind.append(b.bonus[c])
        st.a_owner.append(-1)
        st.a_marker.append(-1)
        group = [c]
        st.area[c] = a
        for cell in group:
            for nb in b.nbrs[cell]:
                if st.tiles[nb] == b.bonus[c] and st.area[nb] == -1:
                    st.area[nb] = a
                    group.append(nb)
        st.a_size.append(len(group))
    index_areas(st)


def index_areas(st: OasisState) -> None:
    """Set the bit masks of the state (``empty_bits``, ``a_reach``) from its ``tiles`` and
    ``area``, for a position built or changed without ``place_tile``."""
    b = st.board
    reach = [0] * len(st.a_kind)
    empty_bits = b.zeros_mask(st.tiles)
    area, reach_bits = st.area, b.reach_bits
    for c in b.cells_of(b.place_bits ^ empty_bits):
        reach[area[c]] |= reach_bits[c]
    st.a_reach, st.empty_bits = reach, empty_bits
    st.kind_areas = [[], [], [], []]
    for a, (k, size) in enumerate(zip(st.a_kind, st.a_size, strict=True)):
        if size:
            st.kind_areas[k].append(a)
    st.options_memo = {}


def _new_area(st: OasisState, k: int, c: int, p: int, marker_src: int | None,
              info: dict[str, Any]) -> int:
    """Open a new area of kind ``k`` for a tile on ``c`` and put (or move) ``p``'s marker on
    it as ``marker_src`` says; returns its id."""
    target = len(st.a_kind)
    st.a_kind.append(k)
    st.a_owner.append(-1)
    st.a_size.append(0)
    st.a_marker.append(-1)
    st.a_reach.append(0)
    st.kind_areas[k].append(target)
    marks = st.markers[p]
    if marker_src is None and len(marks) < 4:
        marks.append(c)
        st.a_owner[target] = p
        st.a_marker[target] = c
        info["marker"] = {"placed": c}
    elif marker_src is not None and marker_src >= 0:
        old = st.area[marker_src]
        st.a_owner[old] = -1
        st.a_marker[old] = -1
        marks[marks.index(marker_src)] = c
        st.a_owner[target] = p
        st.a_marker[target] = c
        info["marker"] = {"moved_from": marker_src, "placed": c, "abandoned": old}
    return target


def area_cells(st: OasisState, a: int) -> list[int]:
    """The cells of area ``a``, in index order (found among the tiles it reaches)."""
    area = st.area
    return [c for c in st.board.cells_of(st.a_reach[a] & ~st.empty_bits) if area[c] == a]


def live_areas(st: OasisState) -> list[int]:
    return [a for a, size in enumerate(st.a_size) if size > 0]
