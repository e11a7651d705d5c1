"""Oasis computer players.

``make(level, seed)`` returns a bot; ``bot.choose(view, legal)`` picks one of ``legal``.
Bots read the view (the seat's own information) and the legal list, nothing else; offer
decks are unknown even to their owners, so cards are judged by the known make-up of the deck.

- **easy** and **normal** (``levels``): the one-ply bot ``NormalBot``, slipping at a share of
  its decisions (often at easy, less often at normal) to one of the next-best options of its
  own ranking.
- **the one-ply bot** (``NormalBot``, which the hard bot's rollouts play too), on the values
  of ``oasis_eval.Position``.  Scoring is multiplicative, so a land tile is worth the score tiles of its kind the player is projected
  to hold at the end, and a score tile the tiles (or the camel group) it multiplies; a tile
  counts only when it can go into a controlled area (its own tiles are valued by their best
  placements on the board), and a tile and a score tile of one kind in the same offer add
  their product.  The opponents' score tiles are estimated from what left the supply and
  what their boards reward.  Offers are judged by their value to itself, less the disc it hands to the offer's owner (the bonus action and an earlier choice
  next round, weighed by how strong that owner is), plus what taking the offer denies the
  later choosers.  It stops turning cards once its offer is attractive enough to an opponent
  (an attractive offer is taken early and brings back a good disc; a weak one is padded).
  Tiles go where they grow its biggest matching areas, keep room to grow, take extension
  cells away from opponents (a tile next to their area of its kind forbids the cell between),
  and a marker moves from a small area only when the new one is worth more.  Camels extend
  the largest group and block the opponents' groups; moves join groups.  The bonus action is
  the best single tile or camel.

``bench_normal_decisions(n)`` times the normal bot on varied positions from games of
``RandomBot``, random but sensible: it offers 1-3 cards at random, takes a random offer
leaning towards bigger ones, places tiles on random legal cells, preferring those that extend
its own areas, camels on random path cells, and usually uses the bonus action.
"""

from __future__ import annotations

from typing import cast

from game.bots import common
from game.bots.common import Decision, SeededBot, first_of, make_level
from game.engine.actions import Action
from game.games.oasis.bots.evaluation import DEFAULT_WEIGHTS, KINDS, Position, Weights, camel_groups
from game.games.oasis.engine.actions import (
    BonusCamel,
    BonusTile,
    CarryOut,
    IgnoreCard,
    MoveCamel,
    PlaceCamel,
    PlaceTile,
    SkipBonus,
    StopOffer,
    TakeOffer,
    TurnCard,
)
from game.games.oasis.engine.cards import CARDS
from game.games.oasis.engine.phases import Phase
from game.games.oasis.engine.view import OasisView

LEVELS = ("easy", "normal")

# the random player: chance to stop after the 1st / 2nd card, to prefer an extending cell, to skip a bonus
RANDOM_STOP = (0.35, 0.55)
RANDOM_EXTEND = 0.7
RANDOM_SKIP_BONUS = 0.1


def make(level: str, seed: int):
    from game.games.oasis.bots.levels import EasyBot, NormalLevel  # they build on this module

    return make_level("Oasis", {"easy": EasyBot, "normal": NormalLevel}, level, seed)


def _cell(pos: Position, xy) -> int:
    return xy[1] * pos.g["w"] + xy[0]


# --- random --------------------------------------------------------------------------------
class RandomBot(SeededBot):
    """Random, but sensible (see the module text)."""

    def decide(self, view: OasisView, legal: list[Action]) -> Action:  # type: ignore[override]
        rng = self.rng
        phase = view["phase"]
        if phase == Phase.OFFER:
            turn, stop = first_of(legal, TurnCard), first_of(legal, StopOffer)
            if turn is None or stop is None:
                return turn or stop or legal[0]
            shown = len(view["players"][view["me"] or 0]["offer"])
            return stop if rng.random() < RANDOM_STOP[min(shown, 2) - 1] else turn
        if phase == Phase.CHOOSE:
            offers = view["players"]
            weights = [1.0 + 0.5 * len(offers[cast(TakeOffer, a).owner]["offer"]) for a in legal]
            return rng.choices(legal, weights)[0]
        tiles = [a for a in legal if isinstance(a, (PlaceTile, BonusTile))]
        if phase == Phase.BONUS:
            if rng.random() < RANDOM_SKIP_BONUS:
                return first_of(legal, SkipBonus) or rng.choice(legal)
            camels = [a for a in legal if isinstance(a, BonusCamel)]
            if camels and (not tiles or rng.random() < 0.3):
                return rng.choice(camels)
        if tiles:
            if rng.random() < RANDOM_EXTEND:
                pos = Position(view)
                me = pos.me
                ext = [a for a in tiles
                       if pos.cell_mode(_cell(pos, a.cell), a.kind, me)[0] == "extend"]
                if ext:
                    return rng.choice(ext)
            plain = [a for a in tiles if a.marker_from in (None, "none")]
            return rng.choice(plain or tiles)
        if phase == Phase.CARRY and first_of(legal, MoveCamel) is not None and rng.random() < 0.5:
            return first_of(legal, IgnoreCard) or rng.choice(legal)
        return rng.choice(legal)


# --- normal --------------------------------------------------------------------------------
class NormalBot(SeededBot):
    """One-ply evaluation of every legal action (see the module text)."""

    level = "normal"

    def __init__(self, seed: int, weights: Weights = DEFAULT_WEIGHTS):
        super().__init__(seed)
        self.weights = weights

    def decide(self, view: OasisView, legal: list[Action]) -> Action:  # type: ignore[override]
        pos = Position(view, self.weights)
        if view["phase"] == Phase.OFFER:
            return self._offer(pos, legal)
        value = self._value_of(pos, legal)
        return legal[0] if value is None else _best(legal, value)

    def ranking(self, view: OasisView, legal: list[Action]) -> list[Action]:
        """``legal`` best first as this bot values it: the first is its choice (the hard
        level searches the first few)."""
        if len(legal) <= 1:
            return list(legal)
        pos = Position(view, self.weights)
        if view["phase"] == Phase.OFFER:
            first = self._offer(pos, legal)
            return [first, *(a for a in legal if a != first)]
        value = self._value_of(pos, legal)
        if value is None:
            return list(legal)
        values = {a: value(a) for a in legal}
        first = _best(legal, values.__getitem__)
        rest = sorted((a for a in legal if a != first), key=lambda a: -values[a])
        return [first, *rest]

    def _value_of(self, pos: Position, legal: list[Action]):
        """The value function the choice maximises in this phase (None: the first action)."""
        phase = pos.view["phase"]
        if phase == Phase.CHOOSE:
            return self._choose(pos, legal)
        if phase in (Phase.CARRY, Phase.BONUS):
            if isinstance(legal[0], CarryOut):
                return _card_rank
            return Placer(pos).value
        return None

    # --- offers ---------------------------------------------------------------------------
    def _offer(self, pos: Position, legal: list[Action]) -> Action:
        turn, stop = first_of(legal, TurnCard), first_of(legal, StopOffer)
        if turn is None or stop is None:
            return turn or stop or legal[0]
        me = pos.me
        cards = pos.players[me]["offer"]
        best = max(pos.offer_value(q, cards) for q in range(pos.n) if q != me)
        wt = pos.wt
        limit = wt.stop_value_one if len(cards) == 1 else wt.stop_value
        return stop if best >= limit else turn

    def _choose(self, pos: Position, legal: list[Action]):
        """The value of taking each offer."""
        me = pos.me
        view = pos.view
        order = view["order"]
        disc = view["choosing_disc"] or 1
        later = [q for q in order[disc:] if q != me]
        proj = [pos.projected_score(q) for q in range(pos.n)]
        mean = sum(proj) / len(proj) or 1.0
        wt = pos.wt
        disc_worth = wt.order_value * (pos.n - disc) / max(1, pos.n - 1)
        if disc == 1 and pos.rem > 0:
            disc_worth += max(max(pos.mult(q, k) for k in KINDS) for q in range(pos.n))
        if wt.exact_tiles:
            kinds = {CARDS[c].what for a in legal for c in pos.players[a.owner]["offer"]  # type: ignore[attr-defined]
                     if CARDS[c].effect == "tiles"}
            placer = Placer(pos)
            for kind in kinds:
                pos.own_tiles[kind] = placer.best_tiles(kind, 6)

        def value(a: Action) -> float:
            owner = a.owner  # type: ignore[attr-defined]
            cards = pos.players[owner]["offer"]
            v = pos.offer_value(me, cards)
            if owner != me:
                strength = max(0.3, proj[owner] / mean) if mean > 0 else 1.0
                v -= wt.disc * disc_worth * strength
            if later:
                v += wt.deny * max(pos.offer_value(q, cards) for q in later)
            return v

        return value


def _card_rank(a: Action) -> float:
    """The order of carrying out cards: score tiles, draws, tiles, camels (bigger first)."""
    info = CARDS[a.card]  # type: ignore[attr-defined]
    return {"score": 3, "draw": 2, "tiles": 1, "camels": 0}[info.effect] + 0.1 * info.amount


def _best(legal: list[Action], value) -> Action:
    best, best_v = legal[0], None
    for a in legal:
        v = value(a)
        if best_v is None or v > best_v + 1e-9:
            best, best_v = a, v
    return best


class Placer:
    """Values of tile and camel placements for the viewer."""

    def __init__(self, pos: Position):
        self.pos = pos
        self.me = pos.me
        self._opp_front: dict[int, list[tuple[int, str, int]]] | None = None
        self._cells: dict[tuple[str, int], tuple] = {}

    def opp_front(self) -> dict[int, list[tuple[int, str, int]]]:
        """Empty cell -> opponents' controlled areas it extends: (owner, kind, frontier)."""
        if self._opp_front is None:
            pos = self.pos
            out: dict[int, list[tuple[int, str, int]]] = {}
            for a, o in pos.a_owner.items():
                if o < 0 or o == self.me or pos.a_size[a] <= 0:
                    continue
                fr = pos.frontier(a)
                for c in fr:
                    out.setdefault(c, []).append((o, pos.a_kind[a], len(fr)))
            self._opp_front = out
        return self._opp_front

    def value(self, a: Action) -> float:
        if isinstance(a, (PlaceTile, BonusTile)):
            return self.tile_value(a.kind, _cell(self.pos, a.cell), a.marker_from)
        if isinstance(a, (PlaceCamel, BonusCamel)):
            return self.camel_value(_cell(self.pos, a.cell))
        if isinstance(a, MoveCamel):
            return self.move_value(_cell(self.pos, a.src), _cell(self.pos, a.dst))
        return 0.0  # skip, ignore

    # --- tiles ----------------------------------------------------------------------------
    def _cell_terms(self, kind: str, c: int) -> tuple[str | None, int, int, int, list[float],
                                                       list[float]]:
        """What a ``kind`` tile on ``c`` is worth whatever its marker (cached: a cell is
        valued once per marker choice): ``(mode, own area, tiles absorbed, new room,
        blocking terms of the cell, blocking terms of its same-kind neighbours)``."""
        key = (kind, c)
        terms = self._cells.get(key)
        if terms is not None:
            return terms
        pos, wt = self.pos, self.pos.wt
        mode, own, free = pos.cell_mode(c, kind, self.me)
        if mode is None:
            terms = self._cells[key] = (None, -1, 0, 0, [], [])
            return terms
        absorbed = sum(pos.a_size[a] for a in free)
        new_cells = self._new_room(c, kind, own)
        front = self.opp_front()
        at_cell = [wt.block * pos.mult(q, k2) * (2.0 / (1 + fr)) * (0.5 + pos.rem)
                   for q, k2, fr in front.get(c, ())]
        at_nbrs = [wt.block * pos.mult(q, k2) * (2.0 / (1 + fr)) * (0.5 + pos.rem)
                   for nb in pos.g["nbrs"][c] for q, k2, fr in front.get(nb, ()) if k2 == kind]
        terms = self._cells[key] = (mode, own, absorbed, new_cells, at_cell, at_nbrs)
        return terms

    def tile_value(self, kind: str, c: int, marker_from) -> float:
        pos, me, wt = self.pos, self.me, self.pos.wt
        mode, own, absorbed, new_cells, at_cell, at_nbrs = self._cell_terms(kind, c)
        if mode is None:
            return -1e9
        m = pos.mult(me, kind)
        v = 0.0
        controlled = True
        if mode == "extend":
            fr = len(pos.frontier(own))
            size = pos.a_size[own]
            v += (1 + absorbed) * m
            # room: what the area can still grow into (tight areas need it most)
            v += wt.growth * m * (new_cells - 1) * (1.5 if fr <= 2 else 1.0) * pos.rem
            v += 0.02 * m * size
        elif marker_from is None:  # a spare marker goes on the new area
            spare = pos.players[me]["markers_left"]
            v += (1 + absorbed) * m
            v += wt.growth * m * new_cells * pos.rem
            # a marker spent early on a lone tile is one less for a better area later
            v -= (0.6 * m * pos.rem) * (1.0 if spare <= 2 else 0.5)
        elif marker_from == "none":
            controlled = False
            v -= 0.2 * m
            # an uncontrolled area next to an opponent's reach may be taken in by them
            front = self.opp_front()
            for x in [c, *pos.g["nbrs"][c]]:
                for q, k2, _ in front.get(x, ()):
                    if k2 == kind:
                        v -= wt.loose * (1 + absorbed) * pos.mult(q, kind)
        else:
            src = _cell(pos, marker_from)
            old = pos.area[src]
            old_kind = pos.a_kind[old]
            lost = pos.a_size[old] * pos.mult(me, old_kind)
            lost += wt.growth * pos.mult(me, old_kind) * len(pos.frontier(old)) * pos.rem
            v += (1 + absorbed) * m + wt.growth * m * new_cells * pos.rem - lost
        # blocking: the cell itself, and same-kind cells next to it, leave the opponents
        for t in at_cell:
            v += t
        if controlled:
            for t in at_nbrs:
                v += t
        return v

    def best_tiles(self, kind: str, k: int) -> list[float]:
        """The ``k`` best values of one ``kind`` tile of the viewer on distinct cells (later
        tiles of a card do about as well as the next best cells); zeros when none fits."""
        pos = self.pos
        me = self.me
        spare = pos.players[me]["markers_left"] > 0
        sources: list = [None] if spare else ["none", *(
            pos.g["xy"][m] for m in self._markers())]
        vals = []
        for c in pos.empty:
            mode, _, _ = pos.cell_mode(c, kind, me)
            if mode is None:
                continue
            if mode == "extend":
                vals.append(self.tile_value(kind, c, None))
            else:
                vals.append(max(self.tile_value(kind, c, src) for src in sources))
        vals.sort(reverse=True)
        vals = vals[:k]
        return vals + [0.0] * (k - len(vals))

    def _markers(self) -> list[int]:
        return [m for a, m in self.pos.a_marker.items()
                if m >= 0 and self.pos.a_owner[a] == self.me and self.pos.a_size[a] > 0]

    def _new_room(self, c: int, kind: str, own: int) -> int:
        """Empty cells next to ``c`` that the area would newly be able to grow into."""
        pos = self.pos
        known = set(pos.frontier(own)) if own != -1 else set()
        n = 0
        for nb in pos.g["nbrs"][c]:
            if nb in known or not pos.g["is_place"][nb] or pos.tile[nb] is not None:
                continue
            ok = True
            for x in pos.g["nbrs"][nb]:
                if x != c and pos.tile[x] == kind:
                    o = pos.a_owner[pos.area[x]]
                    if o != -1 and (o != self.me or pos.area[x] != own):
                        ok = False
                        break
            if ok:
                n += 1
        return n

    # --- camels ---------------------------------------------------------------------------
    def camel_value(self, c: int) -> float:
        pos, me, wt = self.pos, self.me, self.pos.wt
        gid, sizes = pos.groups[me]
        pn = pos.g["path_nbrs"]
        camel = pos.camel
        joined = {gid[nb] for nb in pn[c] if camel[nb] == me}
        merged = 1 + sum(sizes[k] for k in joined)
        largest = pos.largest[me]
        goods = pos.s_proj[me]["goods"]
        v = max(0, merged - largest) * goods
        v += 0.15 * merged * goods  # a second group may join the first later
        free_nb = sum(1 for nb in pn[c] if camel[nb] == -1)
        v += 0.1 * free_nb * goods * pos.rem
        # blocking an opponent's largest group
        for nb in pn[c]:
            q = camel[nb]
            if q >= 0 and q != me:
                qg, qs = pos.groups[q]
                if qs[qg[nb]] == pos.largest[q]:
                    v += wt.block * 0.6 * pos.s_proj[q]["goods"]
        return v

    def move_value(self, src: int, dst: int) -> float:
        pos, me = self.pos, self.me
        camel = list(pos.camel)
        camel[src] = -1
        camel[dst] = me
        _, sizes = camel_groups(pos.g, camel, me)
        gain = max(sizes.values(), default=0) - pos.largest[me]
        return gain * pos.s_proj[me]["goods"] - 0.01


# --- timing --------------------------------------------------------------------------------
def sample_positions(n: int = 200, seed: int = 0) -> list[Decision]:
    """``n`` (view, legal) pairs from seeded games of random players, spread over the game."""
    return common.sample_positions("oasis", RandomBot, lambda g: 3 + (g % 3), 0.1, n, seed)


def bench_normal_decisions(n: int = 200, cpu: bool = False) -> list[float]:
    """Seconds per decision of the normal bot, on ``n`` varied positions of seeded games
    (``cpu``: this thread's CPU time instead of wall time, which a busy machine inflates)."""
    return common.time_decisions(NormalBot(1), sample_positions(n), cpu)


__all__ = ["LEVELS", "NormalBot", "RandomBot", "Placer", "bench_normal_decisions", "make",
           "sample_positions"]


def search_rules():
    """How the hard level searches this game (``game.games.oasis.bots.search``)."""
    from game.games.oasis.bots.search import search_rules as rules  # it builds on this module

    return rules()
