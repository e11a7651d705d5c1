"""The 15 x 10 board: cell indices, neighbours, border cells and readable cell names.

Cells are ``(x, y)`` tuples in actions, views and events (column, row; ``(0, 0)`` is the
top-left corner, rows grow downwards).  Inside the engine a cell is the index
``y * WIDTH + x`` so that per-cell data fits in flat lists.
"""

from __future__ import annotations

WIDTH = 15
HEIGHT = 10
NUM_CELLS = WIDTH * HEIGHT
COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def index(x: int, y: int) -> int:
    return y * WIDTH + x


def xy(i: int) -> tuple[int, int]:
    return (i % WIDTH, i // WIDTH)


def on_board(x: int, y: int) -> bool:
    return 0 <= x < WIDTH and 0 <= y < HEIGHT


def cell_name(cell: tuple[int, int] | int) -> str:
    """``(0, 0)`` -> ``"A1"``: column letter, row number (as printed around the board)."""
    if type(cell) is int and 0 <= cell < NUM_CELLS:
        return _CELL_NAMES[cell]  # the rules name cells in every other event
    x, y = xy(cell) if isinstance(cell, int) else cell
    if not on_board(x, y):
        return f"({x},{y})"
    return f"{COLUMN_LETTERS[x]}{y + 1}"


_CELL_NAMES = tuple(f"{COLUMN_LETTERS[x]}{y + 1}" for x, y in map(xy, range(NUM_CELLS)))


def _neighbours(i: int) -> tuple[int, ...]:
    x, y = xy(i)
    return tuple(index(nx, ny) for nx, ny in ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1))
                 if on_board(nx, ny))


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(NUM_CELLS))
"""Cells sharing a side with each cell ("adjacent" everywhere in this game)."""

NEIGHBOUR_MASK: tuple[int, ...] = tuple(sum(1 << n for n in ns) for ns in NEIGHBOURS)
"""The same as bitmasks (bit ``i`` = cell ``i``)."""

IS_BORDER: tuple[bool, ...] = tuple(
    x in (0, WIDTH - 1) or y in (0, HEIGHT - 1) for x, y in map(xy, range(NUM_CELLS))
)
"""Cells on the board's outer edge."""

BORDER_CELLS: tuple[int, ...] = tuple(i for i in range(NUM_CELLS) if IS_BORDER[i])


def as_cell(value: object) -> tuple[int, int] | None:
    """``value`` as an on-board ``(x, y)`` tuple, or None when it is not one."""
    if type(value) is tuple and len(value) == 2:  # the usual case, answered at once
        x, y = value
        if type(x) is int and type(y) is int and 0 <= x < WIDTH and 0 <= y < HEIGHT:
            return value
    if (isinstance(value, (tuple, list)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and on_board(value[0], value[1])):
        return (value[0], value[1])
    return None


CELLS: tuple[tuple[int, int], ...] = tuple(xy(i) for i in range(NUM_CELLS))
"""``xy`` of every cell index, worked out once (the rules turn indices into cells often)."""

_MASK_BYTES = (NUM_CELLS + 7) // 8
# byte k of a mask -> the cells its set bits stand for (a mask is read 8 cells at a time:
# the masks of legal flag cells have a hundred bits and more, one bit at a time is slow)
_BYTE_CELLS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * k + b for b in range(8) if byte >> b & 1) for byte in range(256))
    for k in range(_MASK_BYTES))


def mask_cells(mask: int) -> list[int]:
    """The cell indices of a bitmask, in board order."""
    out: list[int] = []
    for k, byte in enumerate(mask.to_bytes(_MASK_BYTES, "little")):
        if byte:
            out += _BYTE_CELLS[k][byte]
    return out
