"""The six lakes: shapes, layouts (authored map or random) and lake ownership.

A layout is a list of ``(value, cells)`` with cells as ``(x, y)`` tuples.  Lakes are always
kept in value order 3..8, so lake ``i`` has value ``i + 3``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.tiled_map import Board, load_board
from game.games.colorado.engine.grid import HEIGHT, NEIGHBOURS, NUM_CELLS, WIDTH, index, on_board

LAKE_SHAPES: dict[int, tuple[tuple[int, int], ...]] = {
    3: ((0, 0), (1, 0)),                                    # 2 cells in a line
    4: ((0, 0), (0, 1), (1, 1)),                            # 3 cells in an L
    5: ((0, 0), (1, 0), (2, 0)),                            # 3 cells in a line
    6: ((0, 0), (1, 0), (0, 1), (1, 1)),                    # a 2 x 2 square
    7: ((0, 0), (1, 0), (2, 0), (1, 1)),                    # 4 cells in a T
    8: ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)),    # a 2 x 3 rectangle
}
LAKE_VALUES: tuple[int, ...] = tuple(sorted(LAKE_SHAPES))

Layout = list[tuple[int, tuple[tuple[int, int], ...]]]


def normalise(cells: Iterable[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    cells = list(cells)
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return frozenset((x - mx, y - my) for x, y in cells)


def shape_rotations(value: int) -> list[frozenset[tuple[int, int]]]:
    """The distinct orientations of a lake's shape (normalised to start at (0, 0))."""
    out: list[frozenset[tuple[int, int]]] = []
    cells = LAKE_SHAPES[value]
    for _ in range(4):
        shape = normalise(cells)
        if shape not in out:
            out.append(shape)
        cells = tuple((-y, x) for x, y in cells)
    return out


def _ring(cells: Iterable[tuple[int, int]]) -> set[tuple[int, int]]:
    """The cells and everything touching them by side or corner."""
    return {(x + dx, y + dy) for x, y in cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)}


def check_layout(layout: Sequence[tuple[int, Sequence[Sequence[int]]]]) -> Layout:
    """A clean layout (value order, tuple cells), or ValueError naming what is wrong."""
    clean: Layout = []
    for value, cells in layout:
        value = int(value)
        cells_t = tuple((int(c[0]), int(c[1])) for c in cells)
        if value not in LAKE_SHAPES:
            raise ValueError(f"there is no lake of value {value}")
        if not all(on_board(x, y) for x, y in cells_t):
            raise ValueError(f"the lake of value {value} lies partly off the board")
        if len(set(cells_t)) != len(cells_t) or normalise(cells_t) not in shape_rotations(value):
            raise ValueError(f"the lake of value {value} does not have its shape")
        clean.append((value, tuple(sorted(cells_t, key=lambda c: (c[1], c[0])))))
    clean.sort()
    if [v for v, _ in clean] != list(LAKE_VALUES):
        raise ValueError("a layout needs exactly one lake of each value 3 to 8")
    for i, (va, ca) in enumerate(clean):
        ring = _ring(ca)
        for vb, cb in clean[i + 1:]:
            if ring & set(cb):
                raise ValueError(f"the lakes of value {va} and {vb} touch")
    return clean


def random_layout(rng: random.Random) -> Layout:
    """Six lakes anywhere on the board, rotated freely, none touching another by side or
    corner.  Biggest first; a dead end (practically never) starts over."""
    while True:
        layout: Layout = []
        blocked: set[tuple[int, int]] = set()
        for value in sorted(LAKE_SHAPES, reverse=True):
            shapes = shape_rotations(value)
            for _ in range(200):
                shape = shapes[rng.randrange(len(shapes))]
                w = 1 + max(x for x, _ in shape)
                h = 1 + max(y for _, y in shape)
                ox = rng.randrange(WIDTH - w + 1)
                oy = rng.randrange(HEIGHT - h + 1)
                cells = tuple(sorted(((ox + x, oy + y) for x, y in shape),
                                     key=lambda c: (c[1], c[0])))
                if not blocked & set(cells):
                    layout.append((value, cells))
                    blocked |= _ring(cells)
                    break
            else:
                break
        if len(layout) == len(LAKE_SHAPES):
            return check_layout(layout)


def layout_from_board(board: Board) -> Layout:
    """The lakes authored in a Tiled map: objects of class ``lake`` with an int property
    ``value`` and a string property ``cells`` = ``"x,y;x,y;..."``."""
    layout = []
    for obj in board.objects_of("lake"):
        cells = tuple(tuple(int(v) for v in part.split(","))
                      for part in str(obj.properties["cells"]).split(";") if part.strip())
        layout.append((int(obj.properties["value"]), cells))
    return check_layout(layout)


_FIRST_GAME: Layout = []


def first_game_layout() -> Layout:
    """The first-game layout authored in ``maps/colorado.tmx`` (read once: every new game
    asks for it)."""
    if not _FIRST_GAME:
        _FIRST_GAME.extend(layout_from_board(load_board("colorado")))
    return list(_FIRST_GAME)


@dataclass(frozen=True)
class Lake:
    index: int
    value: int
    cells: tuple[int, ...]   # cell indices
    fields: tuple[int, ...]  # land cells adjacent to the lake


@dataclass(frozen=True)
class LakeMap:
    """Everything about the lakes that never changes during a game."""

    layout: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
    lakes: tuple[Lake, ...]
    lake_at: tuple[int, ...]                 # per cell: lake index or -1
    field_of: tuple[tuple[int, ...], ...]    # per cell: lakes this cell is a field of
    land_mask: int                           # bitmask of the cells that are not lake

    @classmethod
    def build(cls, layout: Layout) -> LakeMap:
        lake_at = [-1] * NUM_CELLS
        for li, (_, cells) in enumerate(layout):
            for x, y in cells:
                lake_at[index(x, y)] = li
        lakes = []
        field_of: list[list[int]] = [[] for _ in range(NUM_CELLS)]
        for li, (value, cells) in enumerate(layout):
            idx = tuple(index(x, y) for x, y in cells)
            fields = sorted({n for i in idx for n in NEIGHBOURS[i] if lake_at[n] < 0})
            for f in fields:
                field_of[f].append(li)
            lakes.append(Lake(li, value, idx, tuple(fields)))
        land = sum(1 << i for i in range(NUM_CELLS) if lake_at[i] < 0)
        return cls(tuple(layout), tuple(lakes), tuple(lake_at),
                   tuple(tuple(f) for f in field_of), land)


_LAKE_MAPS: dict[tuple[Any, ...], LakeMap] = {}
_LAKE_MAPS_KEPT = 64  # a long run of random layouts must not fill the memory


def lake_map(layout: Sequence[tuple[int, Sequence[Sequence[int]]]]) -> LakeMap:
    """``LakeMap.build(check_layout(layout))``, remembered for the last layouts seen: every
    game and every determinization of a game needs the same one, and building it is most
    of what setting a game up costs.  Raises ValueError as ``check_layout`` does."""
    key = tuple((value, tuple(tuple(c) for c in cells)) for value, cells in layout)
    found = _LAKE_MAPS.get(key)
    if found is None:
        found = LakeMap.build(check_layout(layout))
        if len(_LAKE_MAPS) >= _LAKE_MAPS_KEPT:
            _LAKE_MAPS.clear()
        _LAKE_MAPS[key] = found
    return found


def recheck_owner(owner: int, counts: Sequence[int]) -> int:
    """A lake's owner after a cube was placed or removed on one of its fields.

    ``counts[p]`` = how many of the lake's fields player ``p`` has.  If one player alone has
    the most fields and more than the owner, they take the lake; if the owner has no field
    left and nobody else has one, the lake is unowned (-1); otherwise nothing changes.
    """
    best = max(counts)
    if best > 0:
        leader = -1
        for p, c in enumerate(counts):
            if c == best:
                if leader >= 0:
                    return owner  # a tie for the most fields: nobody takes the lake
                leader = p
        if leader != owner and best > (counts[owner] if owner >= 0 else 0):
            return leader
        return owner
    return -1
