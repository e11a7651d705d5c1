"""The Oregon board as precomputed bitmasks.

A cell is an index ``i = y * 15 + x``; a set of cells is a Python ``int`` with bit ``i`` set.
Actions and views speak of cells as ``(x, y)`` tuples; ``OregonBoard.index`` and
``OregonBoard.xy`` convert.  The board is immutable and shared by every state of a game.

It is built from plain data (a terrain grid and the two symbol orders) so tests can make
boards by hand; ``board_from_map`` reads the same data from ``maps/oregon.tmx``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from game.engine.tiled_map import load_board
from game.games.oregon.engine.cards import BUILDING_INDEX, SYMBOL_INDEX, SYMBOLS

WIDTH = 15
HEIGHT = 10
NUM_CELLS = WIDTH * HEIGHT
COLS_PER_SYMBOL = 3
ROWS_PER_SYMBOL = 2

TERRAINS: tuple[str, ...] = ("plains", "rail", "mountain", "water")
TERRAIN_LETTERS = {"p": "plains", "r": "rail", "m": "mountain", "w": "water"}

COLUMN_LETTERS = "ABCDEFGHIJKLMNO"
CELLS: tuple[tuple[int, int], ...] = tuple((i % WIDTH, i // WIDTH) for i in range(NUM_CELLS))
"""``(x, y)`` of each cell index (every board has the same cells)."""


_MASK_BYTES = (NUM_CELLS + 7) // 8
# byte k of a mask -> the cell indices its set bits stand for: a mask with more than a few
# cells is read 8 cells at a time (one bit at a time costs a big-integer operation each)
_BYTE_CELLS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * k + b for b in range(8) if byte >> b & 1) for byte in range(256))
    for k in range(_MASK_BYTES))


def bits(mask: int) -> list[int]:
    """The cell indices set in ``mask``, lowest first."""
    out: list[int] = []
    if mask.bit_count() <= 6:
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out
    for k, byte in enumerate(mask.to_bytes(_MASK_BYTES, "little")):
        if byte:
            out += _BYTE_CELLS[k][byte]
    return out


def cell_name(cell: tuple[int, int]) -> str:
    """``(3, 4)`` -> ``"D5"``: column letter A-O, row number 1-10."""
    x, y = cell
    return f"{COLUMN_LETTERS[x]}{y + 1}" if 0 <= x < WIDTH else f"({x}, {y})"


def _neighbour_masks() -> tuple[int, ...]:
    """Per cell, the mask of its (up to) 8 neighbours."""
    n8 = []
    for i in range(NUM_CELLS):
        x, y = i % WIDTH, i // WIDTH
        m = 0
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if (dx or dy) and 0 <= x + dx < WIDTH and 0 <= y + dy < HEIGHT:
                    m |= 1 << ((y + dy) * WIDTH + x + dx)
        n8.append(m)
    return tuple(n8)


NEIGHBOURS = _neighbour_masks()
FIRST_COLUMN = sum(1 << (y * WIDTH) for y in range(HEIGHT))


def _bands(rows: Sequence[int], cols: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per symbol index, the mask of its 2 rows and the mask of its 3 columns."""
    row_band = [0] * 5
    col_band = [0] * 5
    for k, s in enumerate(rows):
        for y in range(k * ROWS_PER_SYMBOL, (k + 1) * ROWS_PER_SYMBOL):
            row_band[s] |= ((1 << WIDTH) - 1) << (y * WIDTH)
    for k, s in enumerate(cols):
        for x in range(k * COLS_PER_SYMBOL, (k + 1) * COLS_PER_SYMBOL):
            col_band[s] |= FIRST_COLUMN << x
    return tuple(row_band), tuple(col_band)


class OregonBoard:
    """Terrain, symbol bands and areas of one board, as bitmasks."""

    def __init__(self, terrain: Sequence[Sequence[str]], column_symbols: Sequence[str],
                 row_symbols: Sequence[str]):
        grid = _normalise_terrain(terrain)
        cols = _normalise_symbols(column_symbols, "column_symbols")
        rows = _normalise_symbols(row_symbols, "row_symbols")
        self.terrain: tuple[tuple[str, ...], ...] = grid
        self.column_symbols: tuple[str, ...] = tuple(SYMBOLS[s] for s in cols)
        self.row_symbols: tuple[str, ...] = tuple(SYMBOLS[s] for s in rows)
        self.width = WIDTH
        self.height = HEIGHT

        self.xy: tuple[tuple[int, int], ...] = CELLS
        self.full = (1 << NUM_CELLS) - 1
        masks = {t: 0 for t in TERRAINS}
        for y in range(HEIGHT):
            for x in range(WIDTH):
                masks[grid[y][x]] |= 1 << (y * WIDTH + x)
        self.plains = masks["plains"]
        self.rail = masks["rail"]
        self.mountain = masks["mountain"]
        self.water = masks["water"]
        self.land = self.full & ~self.water

        self.n8: tuple[int, ...] = NEIGHBOURS
        col0 = FIRST_COLUMN
        self.not_first_col = self.full & ~col0
        self.not_last_col = self.full & ~(col0 << (WIDTH - 1))

        harbour_ok = 0
        for i in bits(self.plains):
            if self.n8[i] & self.water:
                harbour_ok |= 1 << i
        self.harbour_ok = harbour_ok
        # where each building type may stand (by index in cards.BUILDINGS)
        allowed = [0] * 7
        for name, mask in (("post_office", self.plains), ("harbour", harbour_ok),
                           ("church", self.plains), ("coal_mine", self.mountain),
                           ("gold_mine", self.mountain), ("store", self.plains),
                           ("station", self.rail)):
            allowed[BUILDING_INDEX[name]] = mask
        self.allowed: tuple[int, ...] = tuple(allowed)

        # symbol index -> mask of its 2 rows / 3 columns
        row_band, col_band = _bands(rows, cols)
        self.row_band: tuple[int, ...] = row_band
        self.col_band: tuple[int, ...] = col_band
        self.band: tuple[int, ...] = tuple(row_band[s] | col_band[s] for s in range(5))
        # area[r][c]: row symbol r x column symbol c
        self.area: tuple[tuple[int, ...], ...] = tuple(
            tuple(row_band[r] & col_band[c] for c in range(5)) for r in range(5))
        # cells two landscape cards a, b allow for a farmer (before occupancy/water)
        self.farm: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.area[a][b] | self.area[b][a] for b in range(5)) for a in range(5))
        self._col_symbol_of_x = tuple(SYMBOLS[cols[x // COLS_PER_SYMBOL]] for x in range(WIDTH))
        self._row_symbol_of_y = tuple(SYMBOLS[rows[y // ROWS_PER_SYMBOL]]
                                      for y in range(HEIGHT))

    # --- conversions ----------------------------------------------------------------------
    def index(self, cell: Sequence[int]) -> int:
        """Cell index of ``(x, y)``; raises ValueError when off the board."""
        try:
            x, y = cell
            if type(x) is not int or type(y) is not int:
                x, y = int(x), int(y)
        except (TypeError, ValueError):
            raise ValueError(f"{cell!r} is not a cell") from None
        if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
            raise ValueError(f"{cell!r} is off the board")
        return y * WIDTH + x

    def terrain_at(self, cell: Sequence[int]) -> str:
        x, y = cell
        return self.terrain[y][x]

    def symbols_at(self, cell: Sequence[int]) -> tuple[str, str]:
        """``(row symbol, column symbol)`` of a cell: the area it belongs to."""
        x, y = cell
        return self._row_symbol_of_y[y], self._col_symbol_of_x[x]

    def cells_of(self, mask: int) -> list[tuple[int, int]]:
        xy = self.xy
        return [xy[i] for i in bits(mask)]

    def mask_of(self, cells: Iterable[Sequence[int]]) -> int:
        m = 0
        for c in cells:
            m |= 1 << self.index(c)
        return m

    # --- groups -----------------------------------------------------------------------------
    def group_of(self, start: int, own: int) -> int:
        """Cells of ``own`` connected by sides to cell ``start`` (which must be in ``own``)."""
        comp = 1 << start
        nfc, nlc = self.not_first_col, self.not_last_col
        while True:
            grown = (comp | ((comp << 1) & nfc) | ((comp >> 1) & nlc)
                     | (comp << WIDTH) | (comp >> WIDTH)) & own
            if grown == comp:
                return comp
            comp = grown

    # --- layout check -----------------------------------------------------------------------
    def layout_problems(self) -> list[str]:
        """What this layout lacks against the rules' board requirements (empty = fine)."""
        problems = []
        count = int.bit_count
        if count(self.rail) < 12:
            problems.append(f"only {count(self.rail)} rail cells (at least 12 needed)")
        if count(self.mountain) < 20:
            problems.append(f"only {count(self.mountain)} mountain cells (at least 20 needed)")
        if count(self.plains) < 45:
            problems.append(f"only {count(self.plains)} plains cells (at least 45 needed)")
        if count(self.harbour_ok) < 12:
            problems.append(f"only {count(self.harbour_ok)} plains cells next to water "
                            "(at least 12 needed)")
        for r in range(5):
            for c in range(5):
                if count(self.area[r][c] & self.land) < 3:
                    problems.append(f"area {SYMBOLS[r]} x {SYMBOLS[c]} has fewer than 3 "
                                    "non-water cells")
        return problems

    def to_json(self) -> dict[str, Any]:
        return {
            "width": WIDTH, "height": HEIGHT,
            "terrain": [list(row) for row in self.terrain],
            "column_symbols": list(self.column_symbols),
            "row_symbols": list(self.row_symbols),
        }


def _normalise_terrain(terrain: Sequence[Sequence[str]]) -> tuple[tuple[str, ...], ...]:
    """Accept a grid of terrain names or rows of letters (``"ppmw..."``)."""
    rows = []
    for row in terrain:
        if isinstance(row, str):
            try:
                cells = tuple(TERRAIN_LETTERS[ch] for ch in row.replace(" ", ""))
            except KeyError as exc:
                raise ValueError(f"unknown terrain letter {exc.args[0]!r}") from None
        else:
            cells = tuple(str(t) for t in row)
        for t in cells:
            if t not in TERRAINS:
                raise ValueError(f"unknown terrain {t!r}")
        if len(cells) != WIDTH:
            raise ValueError(f"a board row has {len(cells)} cells, not {WIDTH}")
        rows.append(cells)
    if len(rows) != HEIGHT:
        raise ValueError(f"the board has {len(rows)} rows, not {HEIGHT}")
    return tuple(rows)


def _normalise_symbols(symbols: Sequence[str] | str, what: str) -> tuple[int, ...]:
    if isinstance(symbols, str):
        symbols = [s.strip() for s in symbols.split(",") if s.strip()]
    try:
        out = tuple(SYMBOL_INDEX[s] for s in symbols)
    except KeyError as exc:
        raise ValueError(f"{what}: unknown symbol {exc.args[0]!r}") from None
    if sorted(out) != list(range(5)):
        raise ValueError(f"{what} must name each of the 5 symbols once, got {list(symbols)}")
    return out


@lru_cache(maxsize=16)
def _cached_board(terrain: tuple[tuple[str, ...], ...], cols: tuple[str, ...],
                  rows: tuple[str, ...]) -> OregonBoard:
    return OregonBoard(terrain, cols, rows)


def make_board(terrain: Sequence[Sequence[str]], column_symbols: Sequence[str] | str,
               row_symbols: Sequence[str] | str) -> OregonBoard:
    """A (cached) board from plain data."""
    t = tuple(row if isinstance(row, str) else tuple(row) for row in terrain)
    c = column_symbols if isinstance(column_symbols, str) else tuple(column_symbols)
    r = row_symbols if isinstance(row_symbols, str) else tuple(row_symbols)
    return _cached_board(t, c, r)


def board_from_map(name: str = "oregon") -> OregonBoard:
    """Read terrain and symbol orders from ``maps/<name>.tmx``."""
    tmx = load_board(name)
    if (tmx.width, tmx.height) != (WIDTH, HEIGHT):
        raise ValueError(f"map {name} is {tmx.width}x{tmx.height}, not {WIDTH}x{HEIGHT}")
    props = tmx.properties
    for key in ("column_symbols", "row_symbols"):
        if key not in props:
            raise ValueError(f"map {name} lacks the property {key!r}")
    grid = tmx.grid("terrain")
    for y, row in enumerate(grid):
        for x, t in enumerate(row):
            if t not in TERRAINS:
                raise ValueError(f"map {name}: cell ({x}, {y}) has terrain {t!r}")
    return make_board(grid, str(props["column_symbols"]), str(props["row_symbols"]))
