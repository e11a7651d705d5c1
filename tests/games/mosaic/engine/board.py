"""The board (4x4 cells, built in code: no map file) and the tiles."""

from __future__ import annotations

SIZE = 4
CELLS: tuple[tuple[int, int], ...] = tuple((x, y) for y in range(SIZE) for x in range(SIZE))
KINDS = ("sun", "leaf", "sea", "clay")
TILES_PER_KIND = 5
HAND = 2


def all_tiles() -> list[str]:
    return [k for k in KINDS for _ in range(TILES_PER_KIND)]


def on_board(cell: tuple[int, int]) -> bool:
    return 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE


def index(cell: tuple[int, int]) -> int:
    return cell[1] * SIZE + cell[0]


def neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
    x, y = cell
    return [c for c in ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1)) if on_board(c)]


def cell_name(cell: tuple[int, int]) -> str:
    """``"B3"``: column letter, row number (the notation of every board here)."""
    return f"{'ABCD'[cell[0]]}{cell[1] + 1}"
