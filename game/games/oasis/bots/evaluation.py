"""What the Oasis bots know of a position, read from a view: the board, areas, camel groups,
score tiles (one's own exactly, the others' estimated) and the projections the normal bot
values cards and placements with.

Scoring is multiplicative (tiles of a kind in controlled areas × score tiles of that kind,
largest camel group × goods), so a tile is worth about the score tiles of its kind the player
will hold at the end, and a score tile about the tiles (or camel group) they will have.  Both
are projected: what is held now plus a share of what the rest of the game brings.
"""

from __future__ import annotations

from typing import Any

from game.games.oasis.engine.cards import (
    CARDS,
    LAND_KINDS,
    LAND_SUPPLY,
    SCORE_FOR_LAND,
    SCORE_SUPPLY,
)
from game.games.oasis.engine.geometry import OasisBoard
from game.games.oasis.engine.view import OasisView

KINDS = LAND_KINDS  # "oasis", "steppe", "stone"
SCORE_OF = SCORE_FOR_LAND  # land kind -> score tile kind
SCORE_KINDS = ("goods", "springs", "horses", "ovoo")
# share of score tiles of each kind among the cards (goods 6, springs 5, horses 6, ovoo 8)
PRIOR = {"goods": 6.0, "springs": 5.0, "horses": 6.0, "ovoo": 8.0}


class Weights:
    """Tunable numbers of the normal bot."""

    def __init__(self, **kw: float):
        self.future_tiles = 12.0     # tiles of a kind a player still adds over a whole game
        self.future_scores = 2.5     # score tiles of a kind still taken over a whole game
        self.future_camels = 6.0     # camels still added to the largest group over a game
        self.growth = 0.25           # value of one more cell to grow into (× multiplier)
        self.block = 0.5             # value of taking an extension cell from an opponent
        self.draw3 = 0.5
        self.deny = 0.25             # denying an offer to the later choosers
        self.disc = 0.35             # cost of handing the better disc (× disc value)
        self.order_value = 3.0       # value of choosing first instead of last next round
        self.stop_value = 9.0        # an offer worth this much to an opponent is enough
        self.stop_value_one = 13.0   # ... after a single card
        self.cross = 1.0             # tiles and score tiles of one kind in the same offer
        self.exact_tiles = 1.0       # own tiles in offers valued by their best placements
        self.reach_spare = 0.7       # future tiles of a kind with no area yet, a marker spare
        self.reach_none = 0.3        # ... and with every marker in use
        self.loose = 0.3             # an uncontrolled tile the opponents may take in
        for k, v in kw.items():
            if not hasattr(self, k):
                raise TypeError(f"unknown weight {k}")
            setattr(self, k, v)


DEFAULT_WEIGHTS = Weights()

_GEOMETRY: dict[Any, dict[str, Any]] = {}


def geometry(view: OasisView) -> dict[str, Any]:
    """Static tables of the board in the view (cached per board)."""
    b = view["board"]
    key = (b["name"], b["width"], b["height"], *(tuple(tuple(x) for x in b[k])
                                                 for k in ("path", "bonus", "edge")))
    g = _GEOMETRY.get(key)
    if g is not None:
        return g
    w, h = b["width"], b["height"]
    size = w * h
    is_path = [False] * size
    for x, y in b["path"]:
        is_path[y * w + x] = True
    is_place = [not p for p in is_path]
    if b["name"] != "custom":
        try:

            ob = OasisBoard.from_map(b["name"])
            if ob.width == w and ob.height == h:
                is_place = list(ob.is_place)
        except Exception:  # noqa: BLE001 - a board we cannot read: every non-path cell counts
            pass
    nbrs = []
    for i in range(size):
        x, y = i % w, i // w
        out = []
        for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)):
            nx, ny = x + dx, y + dy
            if 0 <= nx < w and 0 <= ny < h:
                out.append(ny * w + nx)
        nbrs.append(tuple(out))
    path_nbrs = [tuple(n for n in nbrs[i] if is_path[n]) if is_path[i] else () for i in range(size)]
    edge = [False] * size
    for x, y in b["edge"]:
        edge[y * w + x] = True
    bonus_kind: list[str | None] = [None] * size
    for x, y, kind in b["bonus"]:
        bonus_kind[y * w + x] = kind
    start_ok = {}
    for kind in KINDS:
        ok = []
        for i in range(size):
            nb_bonus = any(bonus_kind[n] == kind for n in nbrs[i])
            if kind == "oasis":
                ok.append(edge[i] or nb_bonus)
            elif kind == "steppe":
                ok.append(any(is_path[n] for n in nbrs[i]) or nb_bonus)
            else:
                ok.append(True)
        start_ok[kind] = ok
    g = {
        "w": w, "size": size, "nbrs": nbrs, "is_path": is_path, "is_place": is_place,
        "path_cells": [i for i in range(size) if is_path[i]], "path_nbrs": path_nbrs,
        "start_ok": start_ok, "xy": tuple((i % w, i // w) for i in range(size)),
    }
    _GEOMETRY[key] = g
    return g


def camel_groups(g: dict[str, Any], camel: list[int], p: int) -> tuple[dict[int, int], dict[int, int]]:
    """``(group id per cell, size per group id)`` of player ``p``'s camels."""
    gid: dict[int, int] = {}
    sizes: dict[int, int] = {}
    pn = g["path_nbrs"]
    for c in g["path_cells"]:
        if camel[c] != p or c in gid:
            continue
        k = len(sizes)
        gid[c] = k
        todo = [c]
        n = 0
        while todo:
            x = todo.pop()
            n += 1
            for nb in pn[x]:
                if camel[nb] == p and nb not in gid:
                    gid[nb] = k
                    todo.append(nb)
        sizes[k] = n
    return gid, sizes


class Position:
    """A view read once for the bots."""

    def __init__(self, view: OasisView, weights: Weights = DEFAULT_WEIGHTS):
        self.view = view
        self.wt = weights
        g = self.g = geometry(view)
        me = view["me"]
        if me is None:
            raise ValueError("the bots read the view of a seat, not an onlooker's")
        self.me: int = me
        self.n = view["num_players"]
        self.tile = view["tile"]
        self.area = view["area"]
        self.camel = view["camel"]
        self.players = view["players"]
        size = g["size"]
        self.a_kind: dict[int, str] = {}
        self.a_owner: dict[int, int] = {}
        self.a_size: dict[int, int] = {}
        self.a_marker: dict[int, int] = {}
        w = g["w"]
        for a in view["areas"]:
            i = a["id"]
            self.a_kind[i] = a["kind"]
            self.a_owner[i] = a["owner"]
            self.a_size[i] = a["size"]
            m = a["marker"]
            self.a_marker[i] = m[1] * w + m[0] if m is not None else -1
        self.empty = [c for c in range(size) if g["is_place"][c] and self.tile[c] is None]
        n = self.n
        # controlled tiles per player and kind
        self.land = [dict.fromkeys(KINDS, 0) for _ in range(n)]
        for i, o in self.a_owner.items():
            if o >= 0:
                self.land[o][self.a_kind[i]] += self.a_size[i]
        # camels
        self.groups = [camel_groups(g, self.camel, q) for q in range(n)]
        self.largest = [max(s.values(), default=0) for _, s in self.groups]
        # game progress: the end comes when a kind of tile runs out
        supply = view["supply"]
        self.supply = supply
        self.rem = 0.0 if view["end_triggered"] else max(0.0, min(
            supply[k] / LAND_SUPPLY[k] for k in KINDS))
        self._frontier_cache: dict[tuple[int, str], list[int]] = {}
        # kind -> the viewer's best placement values, best first (set by the normal bot)
        self.own_tiles: dict[str, list[float]] = {}
        self.scores = self._estimate_scores()
        self._project()

    # --- score tiles ----------------------------------------------------------------------
    def _estimate_scores(self) -> list[dict[str, float]]:
        """Own score tiles exactly; the others' split from what left the supply, leaning
        towards what their board rewards."""
        me = self.me
        own = self.players[me].get("score_tiles") or dict.fromkeys(SCORE_KINDS, 0)
        out: list[dict[str, float]] = [dict.fromkeys(SCORE_KINDS, 0.0) for _ in range(self.n)]
        out[me] = {s: float(own.get(s, 0)) for s in SCORE_KINDS}
        others = [q for q in range(self.n) if q != me]
        held = {s: max(0.0, SCORE_SUPPLY[s] - self.view["score_supply"][s] - own.get(s, 0))
                for s in SCORE_KINDS}
        counts = {q: float(self.players[q]["score_tile_count"]) for q in others}
        if not others or sum(counts.values()) <= 0:
            return out
        est = {}
        for q in others:
            lands = self.land[q]
            tot = 1.0 + sum(lands.values()) + self.largest[q]
            row = {}
            for s in SCORE_KINDS:
                have = self.largest[q] if s == "goods" else lands[_LAND_OF[s]]
                row[s] = (held[s] + 0.1) * (0.5 + have / tot)
            est[q] = row
        for _ in range(4):  # fit rows to each player's count, columns to what is held
            for q in others:
                t = sum(est[q].values())
                if t > 0:
                    f = counts[q] / t
                    for s in SCORE_KINDS:
                        est[q][s] *= f
            for s in SCORE_KINDS:
                t = sum(est[q][s] for q in others)
                if t > 0:
                    f = held[s] / t
                    for q in others:
                        est[q][s] *= f
        for q in others:
            t = sum(est[q].values())
            f = counts[q] / t if t > 0 else 0.0
            out[q] = {s: est[q][s] * f for s in SCORE_KINDS}
        return out

    def _project(self) -> None:
        """End-of-game projections of tiles, camels and score tiles per player."""
        wt, rem = self.wt, self.rem
        self.t_proj = []
        self.s_proj = []
        self.l_proj = []
        for q in range(self.n):
            spare = self.players[q]["markers_left"] > 0
            reach = {k: 1.0 if self.land[q][k] else (wt.reach_spare if spare else wt.reach_none)
                     for k in KINDS}
            self.t_proj.append({k: self.land[q][k] + rem * wt.future_tiles * reach[k]
                                for k in KINDS})
            self.s_proj.append({s: self.scores[q][s] + rem * wt.future_scores * PRIOR[s] / 6.25
                                for s in SCORE_KINDS})
            room = self.view["players"][q]["camels_left"]
            self.l_proj.append(self.largest[q] + rem * min(wt.future_camels, room))

    def mult(self, q: int, kind: str) -> float:
        """Projected final multiplier of a land tile of ``kind`` for ``q``."""
        return self.s_proj[q][SCORE_OF[kind]]

    def projected_score(self, q: int) -> float:
        s = self.s_proj[q]
        return (self.l_proj[q] * s["goods"]
                + sum(self.t_proj[q][k] * s[SCORE_OF[k]] for k in KINDS))

    # --- cells ----------------------------------------------------------------------------
    def cell_mode(self, c: int, kind: str, q: int) -> tuple[str | None, int, list[int]]:
        """Whether ``q`` may put a ``kind`` tile on empty cell ``c``: ``(mode, own area,
        uncontrolled areas it joins)``, mode "extend", "start" or None."""
        own = -1
        free: list[int] = []
        tile, area, owner = self.tile, self.area, self.a_owner
        for nb in self.g["nbrs"][c]:
            if tile[nb] == kind:
                a = area[nb]
                o = owner[a]
                if o == -1:
                    if a not in free:
                        free.append(a)
                elif o != q or (own != -1 and own != a):
                    return None, -1, free
                else:
                    own = a
        if own != -1:
            return "extend", own, free
        if free or self.g["start_ok"][kind][c]:
            return "start", -1, free
        return None, -1, free

    def frontier(self, a: int) -> list[int]:
        """Empty cells where the owner of area ``a`` may extend it."""
        q = self.a_owner[a]
        kind = self.a_kind[a]
        key = (a, kind)
        out = self._frontier_cache.get(key)
        if out is not None:
            return out
        seen = set()
        out = []
        area = self.area
        nbrs = self.g["nbrs"]
        is_place = self.g["is_place"]
        for c in range(self.g["size"]):
            if area[c] != a:
                continue
            for nb in nbrs[c]:
                if nb in seen or not is_place[nb] or self.tile[nb] is not None:
                    continue
                seen.add(nb)
                mode, own, _ = self.cell_mode(nb, kind, q)
                if mode == "extend" and own == a:
                    out.append(nb)
        self._frontier_cache[key] = out
        return out

    def room(self, q: int, kind: str) -> tuple[int, bool]:
        """``(cells where q extends a controlled kind area, whether q may start a controlled
        area with a spare marker)``."""
        ext = 0
        for a, o in self.a_owner.items():
            if o == q and self.a_kind[a] == kind and self.a_size[a] > 0:
                ext += len(self.frontier(a))
        spare = self.players[q]["markers_left"] > 0
        return ext, spare

    def camel_room(self, q: int) -> int:
        """Free path cells along which ``q``'s largest group can still grow (capped)."""
        gid, sizes = self.groups[q]
        if not sizes:
            return 8
        best = max(sizes.values())
        pn = self.g["path_nbrs"]
        camel = self.camel
        room = 0
        for c, k in gid.items():
            if sizes[k] != best:
                continue
            for nb in pn[c]:
                if camel[nb] != -1:
                    continue
                # walk along free cells
                prev, cur, run = c, nb, 0
                while cur is not None and camel[cur] == -1 and run < 8:
                    run += 1
                    nxt = [x for x in pn[cur] if x != prev]
                    prev, cur = cur, (nxt[0] if len(nxt) == 1 else None)
                    if len(nxt) > 1:
                        run += 2
                        break
                room += run
        return room

    # --- cards ----------------------------------------------------------------------------
    def card_value(self, q: int, card: str, taken: dict[str, int] | None = None) -> float:
        """What ``card`` is worth to ``q`` (projected points).  ``taken``: amounts of the
        same offer already counted (for room and supply limits)."""
        info = CARDS[card]
        wt = self.wt
        if info.effect == "score":
            s = info.what
            have = self.view["score_supply"][s] - (taken or {}).get(s, 0)
            amount = max(0, min(info.amount, have))
            if taken is not None:
                taken[s] = taken.get(s, 0) + amount
            if s == "goods":
                return amount * self.l_proj[q]
            return amount * self.t_proj[q][_LAND_OF[s]]
        if info.effect == "tiles":
            kind = info.what
            used = (taken or {}).get(kind, 0)
            if taken is not None:
                taken[kind] = used + info.amount
            best = self.own_tiles.get(kind) if q == self.me else None
            if best is not None:
                left = max(0, min(info.amount, self.supply[kind] - used))
                return sum(best[used:used + left])
            ext, spare = self.room(q, kind)
            m = self.mult(q, kind)
            v = 0.0
            for i in range(info.amount):
                if self.supply[kind] - used - i <= 0:
                    break
                if ext > used + i or (spare and i + used == 0):
                    v += m * (1.0 + 0.5 * wt.growth)
                elif spare:
                    v += m * 0.8
                else:
                    v += 0.1 * m
            return v
        if info.effect == "camels":
            room = self.camel_room(q) - (taken or {}).get("camels", 0)
            left = self.view["players"][q]["camels_left"]
            if taken is not None:
                taken["camels"] = taken.get("camels", 0) + info.amount
            useful = max(0, min(info.amount, room, left, self.view["path_free"]))
            return useful * self.s_proj[q]["goods"] + 0.15 * info.amount
        return wt.draw3

    def offer_value(self, q: int, cards: list[str]) -> float:
        taken: dict[str, int] = {}
        # score tiles first: they raise what the tiles are worth
        order = sorted(cards, key=lambda c: CARDS[c].effect != "score")
        v: float = sum(self.card_value(q, c, taken) for c in order)
        if len(cards) > 1 and self.wt.cross:
            cross: float = sum(taken.get(k, 0) * taken.get(SCORE_OF[k], 0) for k in KINDS)
            cross += 0.5 * taken.get("camels", 0) * taken.get("goods", 0)
            v += self.wt.cross * cross
        return v


_LAND_OF = {v: k for k, v in SCORE_FOR_LAND.items()}
