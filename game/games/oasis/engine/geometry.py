"""The Oasis board as plain, immutable geometry the rules read quickly.

Cells are indices ``y * width + x``; actions and views speak of ``(x, y)`` tuples.  A board
comes from the Tiled map (``maps/oasis.tmx``: layer ``ground`` with tile properties ``kind``
in {"path", "place", "blocked"} and ``bonus`` in {"", "oasis", "steppe", "stone"}) or, for
tests and tutorials, from rows of text (see ``OasisBoard.from_rows``).

Edge cells are placement cells on the outer edge of the play area: a side lies on the border
of the grid or against a blocked cell.
"""

from __future__ import annotations

from typing import Any

from game.engine.tiled_map import load_board
from game.games.oasis.engine.cards import KIND_CODE, OASIS, STEPPE, STONE

PATH, PLACE, BLOCKED = "path", "place", "blocked"

COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def cell_name(cell: Any) -> str:
    """``(6, 3)`` -> ``"G4"``: column letter, row number from 1, as printed around the board
    (the notation of all three games)."""
    try:
        x, y = cell
    except (TypeError, ValueError):
        return repr(cell)
    if isinstance(x, int) and isinstance(y, int) and 0 <= x < len(COLUMN_LETTERS) and y >= 0:
        return f"{COLUMN_LETTERS[x]}{y + 1}"
    return f"({x}, {y})"


ROW_CHARS = {
    ".": (PLACE, ""),
    "=": (PATH, ""),
    "#": (BLOCKED, ""),
    "o": (PLACE, "oasis"),
    "s": (PLACE, "steppe"),
    "t": (PLACE, "stone"),
}


class OasisBoard:
    """Static geometry: cell kinds, bonus squares, neighbours and start-rule tables."""

    def __init__(self, name: str, width: int, height: int,
                 kinds: list[str], bonuses: list[str]):
        if len(kinds) != width * height or len(bonuses) != width * height:
            raise ValueError("board data does not match its size")
        self.name = name
        self.width = width
        self.height = height
        self.size = width * height
        self.kind: tuple[str, ...] = tuple(kinds)
        for k in self.kind:
            if k not in (PATH, PLACE, BLOCKED):
                raise ValueError(f"unknown cell kind {k!r}")
        self.bonus: tuple[int, ...] = tuple(KIND_CODE[b] if b else 0 for b in bonuses)
        for i, b in enumerate(self.bonus):
            if b and self.kind[i] != PLACE:
                raise ValueError("bonus squares must be placement cells")
        self.xy: tuple[tuple[int, int], ...] = tuple(
            (i % width, i // width) for i in range(self.size))
        self.cell_names = tuple(map(cell_name, self.xy))  # for the events' lines
        nbrs = []
        for i in range(self.size):
            x, y = self.xy[i]
            out = []
            for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)):
                nx, ny = x + dx, y + dy
                if 0 <= nx < width and 0 <= ny < height:
                    out.append(ny * width + nx)
            nbrs.append(tuple(out))
        self.nbrs: tuple[tuple[int, ...], ...] = tuple(nbrs)
        self.is_place = tuple(k == PLACE for k in self.kind)
        self.is_path = tuple(k == PATH for k in self.kind)
        self.place_cells = tuple(i for i in range(self.size) if self.is_place[i])
        self.path_cells = tuple(i for i in range(self.size) if self.is_path[i])
        self.path_nbrs = tuple(
            tuple(n for n in self.nbrs[i] if self.is_path[n]) if self.is_path[i] else ()
            for i in range(self.size))
        self.bonus_cells = tuple(i for i in range(self.size) if self.bonus[i])
        self.edge = tuple(
            self.is_place[i] and (len(self.nbrs[i]) < 4
                                  or any(self.kind[n] == BLOCKED for n in self.nbrs[i]))
            for i in range(self.size))
        next_to_path = tuple(any(self.is_path[n] for n in self.nbrs[i])
                             for i in range(self.size))
        self.next_to_path = next_to_path

        def next_to_bonus(code: int) -> tuple[bool, ...]:
            return tuple(any(self.bonus[n] == code for n in self.nbrs[i])
                         for i in range(self.size))

        # start_ok[kind][cell]: the type's own start rule (the uncontrolled-area rule is
        # dynamic and checked by the rules).
        self.start_ok: tuple[tuple[bool, ...], ...] = (
            (),
            tuple(a or b for a, b in zip(self.edge, next_to_bonus(OASIS), strict=True)),
            tuple(a or b for a, b in zip(next_to_path, next_to_bonus(STEPPE), strict=True)),
            tuple(True for _ in range(self.size)),
        )
        assert STONE == 3
        # The same as bit masks (bit ``c`` = cell ``c``), for the placement scan: a cell and
        # its neighbours, each kind's start cells, and the cells of each byte of a mask.
        self.bit: tuple[int, ...] = tuple(1 << i for i in range(self.size))
        self.place_bits = sum(self.bit[i] for i in self.place_cells)
        self.empty_bits = sum(self.bit[i] for i in self.place_cells if not self.bonus[i])
        self.reach_bits: tuple[int, ...] = tuple(
            sum(1 << n for n in (i, *self.nbrs[i])) for i in range(self.size))
        self.start_bits: tuple[int, ...] = tuple(
            sum(1 << i for i, ok in enumerate(oks) if ok) for oks in self.start_ok)
        self.mask_bytes = (self.size + 7) // 8
        self.byte_cells: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(tuple(8 * j + b for b in range(8) if v >> b & 1) for v in range(256))
            for j in range(self.mask_bytes))
        # Action caches (actions are immutable; sharing them across states is safe).
        self.action_cache: dict[Any, Any] = {}

    # --- construction ---------------------------------------------------------------
    @classmethod
    def from_rows(cls, rows: list[str] | tuple[str, ...], name: str = "custom") -> OasisBoard:
        """Build a board from text: ``.`` placement, ``=`` path, ``#`` blocked,
        ``o``/``s``/``t`` oasis/steppe/stone bonus squares (on placement cells)."""
        rows = [r.strip() for r in rows if r.strip()]
        if not rows or any(len(r) != len(rows[0]) for r in rows):
            raise ValueError("board rows must be non-empty and equally long")
        kinds, bonuses = [], []
        for r in rows:
            for ch in r:
                if ch not in ROW_CHARS:
                    raise ValueError(f"unknown board character {ch!r}")
                k, b = ROW_CHARS[ch]
                kinds.append(k)
                bonuses.append(b)
        return cls(name, len(rows[0]), len(rows), kinds, bonuses)

    @classmethod
    def from_map(cls, name: str = "oasis") -> OasisBoard:
        """Read ``maps/<name>.tmx`` (cached per name)."""
        cached = _MAP_BOARDS.get(name)
        if cached is None:
            b = load_board(name)
            kinds = [c.get("kind") or BLOCKED for c in b.cells]
            bonuses = [c.get("bonus") or "" for c in b.cells]
            cached = cls(name, b.width, b.height, kinds, bonuses)
            _MAP_BOARDS[name] = cached
        return cached

    # --- helpers --------------------------------------------------------------------
    def index(self, cell: Any) -> int:
        """Cell index of an ``(x, y)`` pair; raises ValueError for anything else."""
        if (not isinstance(cell, (tuple, list)) or len(cell) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
            raise ValueError(f"{cell!r} is not a cell (x, y)")
        x: int
        y: int
        x, y = cell
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise ValueError(f"cell {tuple(cell)} is off the board")
        return y * self.width + x

    def cells_of(self, mask: int) -> list[int]:
        """The cells of a bit mask, in index order."""
        out: list[int] = []
        if mask.bit_count() <= SPARSE_BITS:  # an area's tiles, a few cells: bit by bit
            while mask:
                low = mask & -mask
                out.append(low.bit_length() - 1)
                mask ^= low
            return out
        for cells, v in zip(self.byte_cells, mask.to_bytes(self.mask_bytes, "little"),
                            strict=True):
            if v:
                out += cells[v]
        return out

    def zeros_mask(self, values: list[int]) -> int:
        """The placement cells whose entry in ``values`` (one small int per cell, e.g. the
        tiles) is 0, as a bit mask (by text: a digit per cell, read as a binary number)."""
        digits = bytes(values).translate(_ZERO_DIGITS)
        return int(digits[::-1], 2) & self.place_bits

    def rows(self) -> list[str]:
        """The board as text rows (inverse of ``from_rows``)."""
        back = {v: k for k, v in ROW_CHARS.items()}
        names = {0: "", 1: "oasis", 2: "steppe", 3: "stone"}
        return ["".join(back[(self.kind[y * self.width + x], names[self.bonus[y * self.width + x]])]
                        for x in range(self.width)) for y in range(self.height)]


SPARSE_BITS = 6
"""Masks with at most this many cells are read bit by bit, not byte by byte."""
_ZERO_DIGITS = bytes([ord("1")] + [ord("0")] * 255)  # byte 0 -> "1", any other -> "0"
_MAP_BOARDS: dict[str, OasisBoard] = {}
_ROW_BOARDS: dict[tuple[str, ...], OasisBoard] = {}


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
