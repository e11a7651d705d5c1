"""How the Oregon bots weigh a position: everything is read from one player's view.

``Position(view)`` rebuilds the public board as bitmasks (the same geometry the engine
uses) plus the viewer's own hand and token values.  It never builds or reads a game state:
hidden things (other hands, deck order, token values) are replaced by expectations over
what the viewer has not seen.

Values are in points.  A play's value is what it earns the viewer now (coal and gold at
their expected values), minus what it gives the others (the leader weighs most), plus
what it prepares (free building sites beside the new farmer, groups of two that a third
farmer will turn into a +5), plus what the cards left in hand can still do (in the extra
turn or the next one), minus what it uses up (the joker, a farmer when farmers are short).
The knobs and the game's pace are in ``weights``; the plays a hand allows in ``plays``.
"""

from __future__ import annotations

from game.games.oregon.bots.plays import play_masks
from game.games.oregon.bots.weights import DEFAULT_WEIGHTS, Weights, turns_left
from game.games.oregon.engine.cards import (
    BUILDING_INDEX,
    BUILDINGS,
    COAL_VALUES,
    GOLD_VALUES,
)
from game.games.oregon.engine.geometry import bits, make_board
from game.games.oregon.engine.view import OregonView

PO, HARBOUR, CHURCH, COAL, GOLD, STORE, STATION = range(7)
GROUP_BONUS = 5



NEG = -1e9


def _mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


class Position:
    """The public position of one view, prepared for fast what-if scoring."""

    def __init__(self, view: OregonView, weights: Weights = DEFAULT_WEIGHTS):
        self.wt = wt = weights
        bj = view["board"]
        b = self.board = make_board(bj["terrain"], bj["column_symbols"], bj["row_symbols"])
        self.n8 = b.n8
        idx = b.index
        self.n = n = int(view["num_players"])
        if view["viewer"] is None:
            raise ValueError("a bot reads one seat's view, not an onlooker's")
        self.me = me = view["viewer"]
        self.view = view
        self.phase = view["phase"]
        self.current = view["current"]
        self.plays = view["plays"]
        self.extra_used = view["extra_used"]
        self.end_triggered = bool(view["end"]["triggered"])
        self.last_player = view["last_player"]

        self.tile: dict[int, int] = {}
        buildings = 0
        for e in view["buildings"]:
            i = idx(e["cell"])
            self.tile[i] = BUILDING_INDEX[e["building"]]
            buildings |= 1 << i
        self.buildings = buildings
        players = view["players"]
        self.farmers: list[int] = []
        allf = 0
        for pv in players:
            m = 0
            for c in pv["farmers"]:
                m |= 1 << idx(c)
            self.farmers.append(m)
            allf |= m
        self.allf = allf
        self.occ = allf | buildings
        self.free = b.land & ~self.occ
        m = 0
        for c in players[me]["scored_group_cells"]:
            m |= 1 << idx(c)
        self.marked = m
        self.stacks = [int(view["stacks"][name]) for name in BUILDINGS]
        self.empty_stacks = sum(1 for s in self.stacks if s == 0)
        self.joker = [bool(pv["joker_active"]) for pv in players]
        self.extra = [bool(pv["extra_active"]) for pv in players]
        self.farmers_left = [int(pv["farmers_left"]) for pv in players]
        self.coal_left = int(view["supply"]["coal"])
        self.gold_left = int(view["supply"]["gold"])
        self.hand: list[int] = sorted(view["hand"] or [])

        # tokens: own values are known, every other token is a draw from the unseen rest
        own_coal = list(view["coal"] or [])
        own_gold = list(view["gold"] or [])
        rest_coal = list(COAL_VALUES)
        for v in own_coal:
            rest_coal.remove(v)
        rest_gold = list(GOLD_VALUES)
        for v in own_gold:
            rest_gold.remove(v)
        self.ec = _mean(rest_coal) or 2.0
        self.eg = _mean(rest_gold) or 4.0
        self.proj = []
        for q, pv in enumerate(players):
            tok: float
            if q == me:
                tok = sum(own_coal) + sum(own_gold)
            else:
                tok = pv["coal_count"] * self.ec + pv["gold_count"] * self.eg
            self.proj.append(pv["score"] + tok)

        # weights of the others' gains: the strongest opponent weighs most
        k = min(max(n, 2), 4) - 2
        base, top = wt.opp_base[k], wt.opp_top[k]
        others = [q for q in range(n) if q != me]
        best = max(others, key=lambda q: (self.proj[q], -q)) if others else -1
        self.w = [0.0] * n
        for q in others:
            w = top if q == best else base
            if self.proj[q] >= self.proj[me] - 5:
                w += wt.opp_close
            self.w[q] = w

        # how much game is left, in the viewer's own turns
        self.turns_left = self._turns_left()
        self.tf = min(1.0, self.turns_left / wt.horizon)  # weight of anything that pays off later
        self.unit = [3.0, 4.0, 3.0, self.ec, self.eg, 1.5, 1.5]  # one farmer by a building

        self._fv: dict[int, float] = {}
        self._bv: list[dict[int, float] | None] = [None] * 7
        self._site: dict[int, float] | None = None
        self._mask_best: dict[tuple[str, int, int], tuple[float, int, float]] = {}
        self._after: dict[tuple, float] = {}

    # --- pace -------------------------------------------------------------------------------
    def _turns_left(self) -> float:
        return turns_left(self.stacks, self.farmers_left, self.end_triggered, self.wt)

    def plays_left(self) -> float:
        return self.turns_left * self.wt.plays_per_turn

    def farmer_cost(self) -> float:
        """What spending one of the viewer's farmers costs, when farmers run short."""
        if self.end_triggered:
            return 0.0
        plays = self.plays_left()
        left = self.farmers_left[self.me]
        if plays <= 0 or left >= plays:
            return 0.0
        return self.wt.farmer_cost * (1.0 - left / plays)

    # --- building sites ---------------------------------------------------------------------
    def sites(self) -> dict[int, float]:
        """Free cells where a live building type may stand -> the expected worth to one
        farmer beside it of a building arriving there later."""
        if self._site is None:
            wt = self.wt
            b = self.board
            free = self.free
            allf = self.allf
            own = self.farmers[self.me]
            unit = self.unit
            n8 = self.n8
            out: dict[int, float] = {}
            live = [t for t in range(7) if self.stacks[t] > 0]
            buildable = 0
            for t in live:
                buildable |= b.allowed[t]
            for j in bits(buildable & free):
                bit = 1 << j
                vals = [unit[t] for t in live if b.allowed[t] & bit]
                avg = sum(vals) / len(vals)
                around = n8[j]
                chance = (wt.site_base + wt.site_per_farmer * (allf & around).bit_count()
                          + wt.site_per_own_farmer * (own & around).bit_count())
                out[j] = avg * min(wt.site_cap, chance)
            self._site = out
        return self._site

    # --- the viewer's farmer ----------------------------------------------------------------
    def farmer_value(self, cell: int, uses_joker: bool = False, *, own_extra: int = 0,
                     new_tile: tuple[int, int] | None = None,
                     with_potential: bool = True) -> float:
        """The viewer's value of a farmer on ``cell``: points, tokens, reactivations,
        group bonus, plus (``with_potential``) sites and pair potential, minus the farmer's
        cost.  ``own_extra`` / ``new_tile`` add a farmer / a building placed just before."""
        me = self.me
        n8 = self.n8
        bit = 1 << cell
        around = n8[cell]
        allf = self.allf | own_extra | bit
        buildings = self.buildings
        tile = self.tile
        if new_tile is not None:
            buildings |= 1 << new_tile[0]
        pts = 0.0
        coal = gold = 0
        store = station = False
        m = buildings & around
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            t = new_tile[1] if new_tile is not None and c == new_tile[0] else tile[c]
            if t == PO:
                pts += 3
            elif t == HARBOUR:
                pts += 4
            elif t == CHURCH:
                pts += (allf & n8[c]).bit_count()
            elif t == COAL:
                coal += 1
            elif t == GOLD:
                gold += 1
            elif t == STORE:
                pts += 1
                store = True
            else:
                pts += 1
                station = True
        v = pts + min(coal, self.coal_left) * self.ec + min(gold, self.gold_left) * self.eg
        if store and (uses_joker or not self.joker[me]):
            v += self.wt.joker * self.tf
        if station and not self.extra[me]:
            v += self.extra_reactivation()
        own = self.farmers[me] | own_extra | bit
        comp = self.board.group_of(cell, own)
        size = comp.bit_count()
        if not comp & self.marked:
            if size >= 3:
                v += GROUP_BONUS
            elif size == 2 and with_potential:
                v += self._pair_potential(comp, own)
        if with_potential:
            site = self.sites()
            taken = bit | own_extra
            if new_tile is not None:
                taken |= 1 << new_tile[0]
            s = 0.0
            for j in bits(around & self.free & ~taken):
                s += site.get(j, 0.0)
            v += s * self.tf
            if self.wt.deny_site or self.wt.deny_spot:
                v += self.denied(cell, own_extra)
            v -= self.farmer_cost()
        return v

    def denied(self, cell: int, own_extra: int = 0) -> float:
        """What the viewer's farmer on ``cell`` takes from the others (``deny_site``,
        ``deny_spot``), less the site it takes from the viewer's own farmers."""
        wt = self.wt
        me = self.me
        around = self.n8[cell]
        w = self.w
        v = 0.0
        worth = self.sites().get(cell, 0.0)
        if worth and wt.deny_site:
            beside = -float(((self.farmers[me] | own_extra) & around).bit_count())
            for q in range(self.n):
                if q != me:
                    beside += w[q] * (self.farmers[q] & around).bit_count()
            v += wt.deny_site * worth * beside * self.tf
        if wt.deny_spot:
            v += wt.deny_spot * self.spot_worth(cell) * sum(w)
        return v

    def spot_worth(self, cell: int) -> float:
        """What another player's farmer would score on ``cell`` from the buildings beside
        it now (coal and gold at their expected values, tokens as the normal bot's unit)."""
        n8 = self.n8
        s = 0.0
        m = self.buildings & n8[cell]
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            t = self.tile[c]
            s += (self.allf & n8[c]).bit_count() + 1 if t == CHURCH else self.unit[t]
        return s

    def _pair_potential(self, comp: int, own: int) -> float:
        b = self.board
        grow = (((comp << 1) & b.not_first_col) | ((comp >> 1) & b.not_last_col)
                | (comp << 15) | (comp >> 15)) & b.full & self.free & ~own
        if not grow:
            return 0.0
        marked = self.marked
        for j in bits(grow):
            jb = 1 << j
            side = (((jb << 1) & b.not_first_col) | ((jb >> 1) & b.not_last_col)
                    | (jb << 15) | (jb >> 15))
            if not side & marked:
                return self.wt.pair * self.tf
        return 0.0

    def extra_reactivation(self) -> float:
        """The extra-turn token turning active: usable this very turn, or kept for later."""
        if not self.extra_used and self.plays == 0:
            return 0.0  # counted by the extra-turn follow-up of the play itself
        return self.wt.extra * self.tf

    # --- a building -------------------------------------------------------------------------
    def building_gains(self, t: int, cell: int, uses_joker: bool = False,
                       own_extra: int = 0) -> list[float]:
        """Per player: the value of the immediate gains of a type-``t`` building on
        ``cell`` placed by the viewer (tokens at expected values, reactivations)."""
        n = self.n
        me = self.me
        around = self.n8[cell]
        farmers = self.farmers
        out = [0.0] * n
        everyone = ((self.allf | own_extra) & around).bit_count()
        if not everyone:
            return out
        coal_left, gold_left = self.coal_left, self.gold_left
        for k in range(n):
            q = (me + k) % n
            fq = farmers[q] | own_extra if q == me else farmers[q]
            cnt = (fq & around).bit_count()
            if not cnt:
                continue
            tok = self.wt.joker * self.tf if q == me else self.wt.opp_token * self.tf
            if t == PO:
                v = 3.0 * cnt
            elif t == HARBOUR:
                v = 4.0 * cnt
            elif t == CHURCH:
                v = float(everyone * cnt)
            elif t == COAL:
                got = min(cnt, coal_left)
                coal_left -= got
                v = got * self.ec
            elif t == GOLD:
                got = min(cnt, gold_left)
                gold_left -= got
                v = got * self.eg
            elif t == STORE:
                v = float(cnt)
                active = self.joker[q] and not (q == me and uses_joker)
                if not active:
                    v += tok
            else:
                v = float(cnt)
                if not self.extra[q]:
                    v += self.extra_reactivation() if q == me else tok
            out[q] = v
        return out

    def building_value(self, t: int, cell: int, uses_joker: bool = False,
                       own_extra: int = 0) -> float:
        gains = self.building_gains(t, cell, uses_joker, own_extra)
        me = self.me
        v = gains[me]
        w = self.w
        for q, g in enumerate(gains):
            if q != me and g:
                v -= w[q] * g
        return v

    # --- tables for the cards in hand -------------------------------------------------------
    def fv(self, cell: int) -> float:
        v = self._fv.get(cell)
        if v is None:
            v = self._fv[cell] = self.farmer_value(cell)
        return v

    def bv(self, t: int, cell: int) -> float:
        table = self._bv[t]
        if table is None:
            table = self._bv[t] = {}
        v = table.get(cell)
        if v is None:
            v = table[cell] = self.building_value(t, cell)
        return v

    def best_in(self, kind: str, t: int, mask: int) -> tuple[float, int, float]:
        """(best value, its cell, second best value) over ``mask`` for a farmer
        (``kind`` "f") or a building of type ``t`` ("b")."""
        key = (kind, t, mask)
        hit = self._mask_best.get(key)
        if hit is not None:
            return hit
        b1, c1, b2 = NEG, -1, NEG
        for c in bits(mask):
            v = self.fv(c) if kind == "f" else self.bv(t, c)
            if v > b1:
                b1, c1, b2 = v, c, b1
            elif v > b2:
                b2 = v
        out = (b1, c1, b2)
        self._mask_best[key] = out
        return out

    def joker_cost(self) -> float:
        return self.wt.joker * self.tf

    def best_play(self, cards: list[int], joker: bool, skip: int = -1,
                  after: tuple[str, int, int] | None = None) -> float:
        """The best value one play of ``cards`` (and the joker) can make, after an optional
        first play ``after`` = (kind, building type, cell) that took cell ``skip``."""
        best = NEG
        jc = self.joker_cost()
        near = self.n8[after[2]] if after is not None else 0
        can_farm = self.farmers_left[self.me] > 0
        for kind, t, m, uj in play_masks(self.board, self.free, self.stacks, cards, joker,
                                         can_farm):
            b1, c1, b2 = self.best_in(kind, t, m)
            v = b1 if c1 != skip else b2
            if after is not None:
                for c in bits(m & near & ~(1 << skip)):
                    v = max(v, self._after_value(kind, t, c, after))
            if uj:
                v -= jc
            if v > best:
                best = v
        return best

    def _after_value(self, kind: str, t: int, c: int, after: tuple[str, int, int]) -> float:
        key = (kind, t, c, after)
        v = self._after.get(key)
        if v is None:
            v = self._after[key] = self._after_value_uncached(kind, t, c, after)
        return v

    def _after_value_uncached(self, kind: str, t: int, c: int,
                              after: tuple[str, int, int]) -> float:
        akind, at, acell = after
        if kind == "f":
            if akind == "f":
                return self.farmer_value(c, own_extra=1 << acell)
            return self.farmer_value(c, new_tile=(acell, at))
        if akind == "f":
            return self._building_value_with(t, c, 1 << acell)
        return self.bv(t, c)

    def _building_value_with(self, t: int, c: int, own_extra: int) -> float:
        gains = self.building_gains(t, c, False, own_extra)
        me = self.me
        v = gains[me]
        for q, g in enumerate(gains):
            if q != me and g:
                v -= self.w[q] * g
        return v

    def hand_value(self, cards: list[int], joker: bool) -> float:
        """How good a hand is: its best play now (0 when it allows none)."""
        v = self.best_play(cards, joker)
        return v if v > NEG / 2 else 0.0

    # --- standings --------------------------------------------------------------------------
    def lead_after(self, gains: list[float]) -> float:
        """The viewer's lead over the best other player once ``gains`` are added."""
        me = self.me
        mine = self.proj[me] + gains[me]
        others = [self.proj[q] + gains[q] for q in range(self.n) if q != me]
        return mine - max(others) if others else mine

    def players_after_me(self) -> int:
        """Players still to play in this round after the viewer's turn."""
        k = 0
        q = self.me
        while q != self.last_player:
            q = (q + 1) % self.n
            k += 1
        return k
