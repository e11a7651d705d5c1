"""Colorado County position evaluation for the computer players (views only).

``Position(view)`` reads a view into bitmasks (one per player) and answers, fast, what a
board would be worth to a player over the rounds still to score: the round tables of
``scoring`` summed over the rounds left (later rounds discounted, since the others keep
building), as if the board stayed as it is, plus small terms for what a position promises
(a larger domain, more border cells, a safer hold on a lake).

``objective(p, mask, lake_owner)`` is that value for ``p`` minus a share of the others'
values, so taking first place in a ranked category from someone counts twice.
"""

from __future__ import annotations

from game.games.colorado.engine.cards import CARD_PATTERNS, CARDS, rotate
from game.games.colorado.engine.grid import HEIGHT, IS_BORDER, NUM_CELLS, WIDTH
from game.games.colorado.engine.lakes import recheck_owner
from game.games.colorado.engine.scoring import (
    BORDER_POINTS,
    DOMAIN_POINTS,
    DOUBLE_POINTS,
    LAKE_POINTS,
)
from game.games.colorado.engine.view import ColoradoView

FULL = (1 << NUM_CELLS) - 1
COL_FIRST = sum(1 << (y * WIDTH) for y in range(HEIGHT))
COL_LAST = sum(1 << (y * WIDTH + WIDTH - 1) for y in range(HEIGHT))
NOT_FIRST = FULL & ~COL_FIRST
NOT_LAST = FULL & ~COL_LAST
BORDER_MASK = sum(1 << i for i in range(NUM_CELLS) if IS_BORDER[i])

# --- weights -------------------------------------------------------------------------------
DISCOUNT = 0.8          # a later round's table counts this much less per round ahead
OTHERS_SHARE = 0.5      # how much the others' (mean) value counts against one's own
DOMAIN_CELL = 0.5      # per cell of the largest domain, times the domain prizes to come / 11
BORDER_CELL = 0.2       # per border cell, times the border prizes to come / 9
LAKE_MARGIN = 0.25      # a lake's value to come, per field of lead (up to 2)
SINGLE_NEAR = 0.05      # a single cube with free land beside it may still become a double


def expand(m: int) -> int:
    """The cells of ``m`` and their side neighbours."""
    return (m | ((m << 1) & NOT_FIRST) | ((m >> 1) & NOT_LAST) | ((m << WIDTH) & FULL)
            | (m >> WIDTH))


def neighbours(m: int) -> int:
    return expand(m) & ~m


def components(m: int) -> list[int]:
    """The groups of side-adjacent cells of ``m`` as bitmasks."""
    out = []
    while m:
        g = m & -m
        while True:
            ng = expand(g) & m
            if ng == g:
                break
            g = ng
        out.append(g)
        m &= ~g
    return out


def stats(m: int) -> tuple[int, int, int, int]:
    """(border cells, doubles, largest domain (0 when none of 3+), singles)."""
    doubles = largest = singles = 0
    for g in components(m):
        k = g.bit_count()
        if k == 2:
            doubles += 1
        elif k == 1:
            singles += 1
        elif k > largest:
            largest = k
    return (m & BORDER_MASK).bit_count(), doubles, largest, singles


def _rank_value(mine: int, others: list[int], prizes: tuple[float, float]) -> float:
    if mine <= 0:
        return 0.0
    rank = 1 + sum(1 for c in others if c > mine)
    return prizes[rank - 1] if rank <= 2 else 0.0


class Position:
    """A view read into masks, with the scoring tables summed over the rounds left."""

    def __init__(self, view: ColoradoView):
        self.view = view
        n = self.n = view["num_players"]
        viewer = view["viewer"]
        self.me = viewer if viewer is not None else -1  # a bot always plays a seat
        owners = view["owners"]
        self.owner = [p for row in owners for p in row]
        masks = [0] * n
        for i, p in enumerate(self.owner):
            if p >= 0:
                masks[p] |= 1 << i
        self.masks = masks
        lake_at = [-1] * NUM_CELLS
        field_of: list[list[int]] = [[] for _ in range(NUM_CELLS)]
        lake_mask = 0
        self.lake_fields = []
        for lake in view["lakes"]:
            fm = 0
            for x, y in lake["cells"]:
                lake_at[y * WIDTH + x] = lake["index"]
                lake_mask |= 1 << (y * WIDTH + x)
            for x, y in lake["fields"]:
                field_of[y * WIDTH + x].append(lake["index"])
                fm |= 1 << (y * WIDTH + x)
            self.lake_fields.append(fm)
        self.lake_at = lake_at
        self.field_of = field_of
        self.lake_mask = lake_mask
        self.lake_owner = [lake["owner"] for lake in view["lakes"]]
        self.lake_counts = [list(lake["field_counts"]) for lake in view["lakes"]]
        self.lake_values = [lake["value"] for lake in view["lakes"]]
        self.occupied = lake_mask
        for m in masks:
            self.occupied |= m
        self.free = FULL & ~self.occupied
        self.cubes_left = list(view["cubes_left"])
        self.round = max(1, view["round"])
        self._tables()
        self.base_stats = [stats(m) for m in masks]
        self.flags = [((f["cell"][1] * WIDTH + f["cell"][0]), f["colour"], f["placed_by"])
                      for f in view["flags"]]
        self._base: dict[int, float] = {}
        self._card_gain: dict[tuple[int, int], float] = {}
        self._place_gain: dict[tuple[int, tuple[int, ...]], float] = {}

    # --- the scoring tables over the rounds left --------------------------------------
    def _tables(self) -> None:
        rw = {r: DISCOUNT ** (r - self.round) for r in range(self.round, 5)}
        self.rw = rw
        self.border_prizes = (sum(w * BORDER_POINTS[r][0] for r, w in rw.items()),
                              sum(w * BORDER_POINTS[r][1] for r, w in rw.items()))
        self.domain_prizes = (sum(w * DOMAIN_POINTS[r][0] for r, w in rw.items()),
                              sum(w * DOMAIN_POINTS[r][1] for r, w in rw.items()))
        self.double_value = sum(w * DOUBLE_POINTS[r] for r, w in rw.items())
        self.lake_value = [sum(w * _lake_points(r, v) for r, w in rw.items())
                           for v in self.lake_values]
        self.domain_cell = DOMAIN_CELL * self.domain_prizes[0] / 11.0
        self.border_cell = BORDER_CELL * self.border_prizes[0] / 9.0
        self.single_near = SINGLE_NEAR * self.double_value

    # --- values --------------------------------------------------------------------------
    def values(self, p: int, mask: int, lake_owner: list[int],
               lake_counts: list[list[int]] | None = None) -> list[float]:
        """Each player's value when ``p`` holds ``mask`` (the others as in the view)."""
        st = list(self.base_stats)
        st[p] = stats(mask)
        out = self._values_of(st, lake_owner, lake_counts)
        # singles with free land beside them may still pair up
        m = mask
        if self.single_near:
            near = 0
            for g in components(m):
                if g.bit_count() == 1 and neighbours(g) & self.free:
                    near += 1
            out[p] += self.single_near * min(near, 3)
        return out

    def board_values(self) -> list[float]:
        """Each player's value of the board as it stands (no player's own extras)."""
        return self._values_of(self.base_stats, self.lake_owner, None)

    def _values_of(self, st: list[tuple[int, int, int, int]], lake_owner: list[int],
                   lake_counts: list[list[int]] | None) -> list[float]:
        n = self.n
        borders = [s[0] for s in st]
        domains = [s[2] for s in st]
        out = []
        for q in range(n):
            b, d, big, singles = st[q]
            ob = borders[:q] + borders[q + 1:]
            od = domains[:q] + domains[q + 1:]
            v = (_rank_value(b, ob, self.border_prizes) + _rank_value(big, od, self.domain_prizes)
                 + d * self.double_value + self.domain_cell * big + self.border_cell * b)
            out.append(v)
        counts = lake_counts if lake_counts is not None else self.lake_counts
        for li, owner in enumerate(lake_owner):
            if owner >= 0:
                c = counts[li]
                lead = c[owner] - max(c[q] for q in range(n) if q != owner)
                out[owner] += self.lake_value[li] * (1.0 + LAKE_MARGIN * min(2, max(0, lead)))
        return out

    def objective(self, p: int, mask: int, lake_owner: list[int],
                  lake_counts: list[list[int]] | None = None) -> float:
        vals = self.values(p, mask, lake_owner, lake_counts)
        if self.n <= 1:
            return vals[p]
        others = (sum(vals) - vals[p]) / (self.n - 1)
        return vals[p] - OTHERS_SHARE * others

    def base(self, p: int) -> float:
        if p not in self._base:
            self._base[p] = self.objective(p, self.masks[p], self.lake_owner)
        return self._base[p]

    # --- changes ---------------------------------------------------------------------------
    def lakes_after(self, changes: list[tuple[int, int]]) -> tuple[list[int], list[list[int]]]:
        """Lake owners and field counts after the cube changes ``(cell, new owner or -1)``."""
        owners = self.lake_owner
        counts = self.lake_counts
        copied = False
        cur: dict[int, int] = {}
        for i, p in changes:
            lakes = self.field_of[i]
            old = cur.get(i, self.owner[i])
            cur[i] = p
            if not lakes:
                continue
            if not copied:
                owners = list(owners)
                counts = [list(c) for c in counts]
                copied = True
            for li in lakes:
                c = counts[li]
                if old >= 0:
                    c[old] -= 1
                if p >= 0:
                    c[p] += 1
                owners[li] = recheck_owner(owners[li], c)
        return owners, counts

    def gain_place(self, p: int, cells: tuple[int, ...]) -> float:
        """``p``'s objective gain from cubes on ``cells`` (empty land)."""
        if not cells:
            return 0.0
        key = (p, cells)
        g = self._place_gain.get(key)
        if g is None:
            mask = self.masks[p]
            for i in cells:
                mask |= 1 << i
            owners, counts = self.lakes_after([(i, p) for i in cells])
            g = self._place_gain[key] = self.objective(p, mask, owners, counts) - self.base(p)
        return g

    def gain_remove(self, p: int, cell: int, new_owner: int = -1) -> float:
        """``p``'s objective change when the cube on ``cell`` goes to ``new_owner``."""
        old = self.owner[cell]
        owners, counts = self.lakes_after([(cell, new_owner)])
        if p == new_owner:
            mask = self.masks[p] | (1 << cell)
        elif p == old:
            mask = self.masks[p] & ~(1 << cell)
        else:
            mask = self.masks[p]
        if old >= 0 and old != p:
            saved = self.base_stats[old]
            self.base_stats[old] = stats(self.masks[old] & ~(1 << cell))
            try:
                return self.objective(p, mask, owners, counts) - self.base(p)
            finally:
                self.base_stats[old] = saved
        return self.objective(p, mask, owners, counts) - self.base(p)

    # --- card uses -------------------------------------------------------------------------
    def flags_of(self, colour: str) -> list[int]:
        return [i for i, c, _ in self.flags if c == colour]

    def card_uses(self, card_id: int, cubes_left: int) -> list[tuple[int, tuple[int, ...],
                                                                    int]]:
        """Distinct cube placements of a card: ``(flag cell, cells, rotation)``."""
        card = CARDS[card_id]
        out: list[tuple[int, tuple[int, ...], int]] = []
        if cubes_left <= 0:
            return out
        seen: set[frozenset] = set()
        free = self.free
        for f in self.flags_of(card.colour):
            fx, fy = f % WIDTH, f // WIDTH
            for rot in ((0,) if card.offset is None else (0, 1, 2, 3)):
                ok = []
                for x, y in card.star_cells((fx, fy), rot, 0):
                    if 0 <= x < WIDTH and 0 <= y < HEIGHT:
                        i = y * WIDTH + x
                        if free >> i & 1:
                            ok.append(i)
                subs: list[tuple[int, ...]] = [(c,) for c in ok]
                if len(ok) == 2 and cubes_left >= 2:
                    subs.append(tuple(ok))
                for sub in subs:
                    key = frozenset(sub)
                    if key not in seen:
                        seen.add(key)
                        out.append((f, sub, rot))
        return out

    def best_card_gain(self, p: int, card_id: int) -> float:
        """``p``'s best objective gain from using the card (0: place nothing)."""
        key = (p, card_id)
        best = self._card_gain.get(key)
        if best is None:
            best = 0.0
            for _, cells, _ in self.card_uses(card_id, self.cubes_left[p]):
                g = self.gain_place(p, cells)
                if g > best:
                    best = g
            self._card_gain[key] = best
        return best

    def cell_gains(self, p: int, cells: list[int]) -> dict[int, float]:
        return {i: self.gain_place(p, (i,)) for i in cells}


def _lake_points(round_no: int, value: int) -> int:
    """What a lake of ``value`` scores at the end of round ``round_no``."""
    per_lake = LAKE_POINTS[round_no]
    return value if per_lake is None else per_lake


def bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def rotate_offsets() -> dict[tuple[int, int], list[tuple[int, int]]]:
    """For each two-star pattern, where the other star may stand from the flag (every
    rotation, either star on the flag)."""

    out: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for pattern in CARD_PATTERNS:
        if pattern is None or pattern in out:
            continue
        seen: list[tuple[int, int]] = []
        for rot in range(4):
            dx, dy = rotate(pattern, rot)
            for o in ((dx, dy), (-dx, -dy)):
                if o not in seen:
                    seen.append(o)
        out[pattern] = seen
    return out
