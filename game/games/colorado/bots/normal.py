"""Colorado County computer players.

``make(level, seed)`` returns a bot; ``bot.choose(view, legal)`` picks an action for the
view's seat.  Bots read the view (the seat's own information) and the legal list only.
Bids are built from ``view["my_cowboys"]`` (the legal list holds only a sample of them).

- **easy** (``levels.EasyBot``): the normal bot, slipping at a share of its decisions to one of
  the next-best options of the normal bot's own ranking.
- **normal**: a one-ply player on ``colorado_eval.Position``: boards are valued by the
  scoring tables of the rounds still to come (cubes stay), minus a share of the others'.

  * cards: every use of every card is valued; it takes the best, less what the next taker
    would gain from the card it leaves (denial);
  * flags: where its own cards would build best (near its cubes, on the border, on lake
    fields), averaged over the card shapes, less what the flag offers the others;
  * bids: a cowboy is worth the typical card value divided by the cowboys it can afford per
    turn for the rest of the game; each bid size (lowest cowboys, or with the highest for
    the tie-break) is valued by the chances of each pick against a model of the others'
    bids (by the cowboys each holds, and their last bids), plus the refill for the lowest
    bid;
  * sales: a cube that is worth less than the cowboys it brings (and helps nobody much);
    interest and land auctions when the land is worth more than the cowboys; it gives its
    lowest cowboy.

``bench_normal_decisions(n)`` times the normal bot on varied positions from games of
``random_player.RandomBot``.
"""

from __future__ import annotations

import math
from typing import Any

from game.bots import common
from game.bots.common import Decision, SeededBot, make_level
from game.engine.actions import Action
from game.engine.messages import N_, NN_
from game.games.colorado.bots.evaluation import WIDTH, Position, rotate_offsets
from game.games.colorado.bots.random_player import RandomBot
from game.games.colorado.engine.actions import (
    Bid,
    DeclareInterest,
    GiveCowboy,
    OfferForSale,
    PassSale,
    PlaceFlag,
    SaleBid,
    TakeCard,
)
from game.games.colorado.engine.cards import CARD_PATTERNS
from game.games.colorado.engine.phases import Phase
from game.games.colorado.engine.view import ColoradoView

LEVELS = ("easy", "normal")
NUM_COWBOYS = 66

# normal
DENY = 0.35            # share of the next taker's gain counted when choosing a card
FLAG_OTHERS = 0.9      # share of the others' use of a flag counted against it
INCOME = 0.6           # cowboys a turn drawn on average (refills and sales)
COWBOY_SCALE = 0.12    # cowboy value = SCALE * typical card value / cowboys a turn
HIGH_COST = 0.25       # of a cowboy's value, for spending one's highest cowboy
SELL_MARGIN = 1.5
INTEREST_MARGIN = 1.2
# The others' card bids: P(k cowboys) for a player holding 0, 1, ... 9 or more cowboys, as
# normal bots bid (30 seeded games): a small hand mostly whole, a large one about half.
# Against two normal bots modelling every hand alike (0.22, 0.36, 0.24, 0.12, 0.04, 0.02),
# this won 40.0 % (32.5-48.0 %) of 150 three-seat games (seeds 5,001-5,150).
OPP_BIDS = ((1.0,), (0.16, 0.84), (0.1, 0.36, 0.54), (0.08, 0.3, 0.31, 0.31),
            (0.05, 0.35, 0.32, 0.19, 0.09), (0.07, 0.26, 0.26, 0.24, 0.1, 0.07),
            (0.07, 0.15, 0.25, 0.17, 0.16, 0.12, 0.08), (0.06, 0.12, 0.14, 0.17, 0.2, 0.18, 0.13),
            (0.03, 0.05, 0.15, 0.18, 0.22, 0.27, 0.1), (0.01, 0.02, 0.12, 0.29, 0.33, 0.18, 0.05))
OPP_SALE_BIDS = (0.0, 0.45, 0.3, 0.15, 0.1)       # the others' land auction bids


def make(level: str, seed: int):
    from game.games.colorado.bots.levels import EasyBot  # it builds on this module

    return make_level("Colorado County", {"easy": EasyBot, "normal": NormalBot}, level, seed)


def _idx(cell) -> int:
    return cell[1] * WIDTH + cell[0]


# --- normal --------------------------------------------------------------------------------
def turns_left(view: ColoradoView) -> int:
    """Card turns left in the game, the current one included when its cards are out."""
    cpt = view["cards_per_turn"]
    per_round = math.ceil(12 / cpt)
    current = 1 if view["revealed_cards"] else 0
    this_round = math.ceil(view["round_deck_left"] / cpt) + current
    return this_round + (view["rounds"] - view["round"]) * per_round


def _dist(base: tuple[float, ...], hand: int, at_least: int = 0) -> list[float]:
    """A bid-size distribution cut to what the hand allows (the rest on the whole hand)."""
    out = [0.0] * (hand + 1)
    for k, p in enumerate(base):
        if k < at_least:
            continue
        out[min(k, hand)] += p
    total = sum(out) or 1.0
    return [p / total for p in out]


def _outranked(dist: list[float], k: int, p_higher: float) -> float:
    """P(an opponent with this bid-size distribution outranks a bid of ``k`` cowboys whose
    best cowboy beats a random one of theirs with probability ``1 - p_higher``)."""
    above = sum(dist[k + 1:])
    if k < len(dist) and k > 0:
        above += dist[k] * (1 - (1 - p_higher) ** k)
    return above


def _rank_probs(ps: list[float]) -> list[float]:
    """P(exactly j opponents outrank me), for independent chances ``ps``."""
    probs = [1.0]
    for p in ps:
        nxt = [0.0] * (len(probs) + 1)
        for j, q in enumerate(probs):
            nxt[j] += q * (1 - p)
            nxt[j + 1] += q * p
        probs = nxt
    return probs


class NormalBot(SeededBot):
    """One-ply evaluation (see the module text)."""

    level = "normal"
    takes_only_choice = False  # a bid is built from the hand, not taken from legal

    def __init__(self, seed: int, cowboy_scale: float | None = None):
        super().__init__(seed)
        self.cowboy_scale = COWBOY_SCALE if cowboy_scale is None else cowboy_scale

    def decide(self, view: ColoradoView, legal: list[Action]) -> Action:  # type: ignore[override]
        phase = view["phase"]
        hand = sorted(view["my_cowboys"] or [])
        if phase == Phase.GIVE:
            return GiveCowboy(hand[0]) if hand else legal[0]
        if len(legal) == 1 and phase not in (Phase.BID, Phase.AUCTION):
            return legal[0]
        pos = self.position(view)
        if phase == Phase.FLAGS:
            return self._flag(pos, legal)
        if phase == Phase.TAKE:
            return self._take(pos, legal)
        if phase == Phase.BID:
            return self._bid(pos, hand)
        if phase == Phase.OFFER:
            return self._offer(pos, legal, hand)
        if phase == Phase.INTEREST:
            return self._interest(pos, legal, hand)
        if phase == Phase.AUCTION:
            return self._auction(pos, hand)
        return legal[0]

    def position(self, view: ColoradoView) -> Position:
        """The view read for evaluation (the hard level's rollouts share one per board)."""
        return Position(view)

    # --- cowboys ---------------------------------------------------------------------------
    def card_values(self, pos: Position) -> list[tuple[int, float]]:
        me = pos.me
        return [(c["id"], pos.best_card_gain(me, c["id"])) for c in pos.view["revealed_cards"]]

    def cowboy_value(self, pos: Position, hand: list[int], best_now: float | None) -> float:
        view = pos.view
        left = turns_left(view)
        if left <= 1 and view["revealed_cards"]:
            return 0.0  # the game's last cards: cowboys are worth nothing afterwards
        left = max(1, left)
        prior = 0.8 * pos.double_value + 2.0
        typical = prior if best_now is None else 0.7 * prior + 0.3 * best_now
        afford = (len(hand) + INCOME * left) / left
        return self.cowboy_scale * typical / max(0.4, afford)

    # --- card bids -------------------------------------------------------------------------
    def _bid(self, pos: Position, hand: list[int]) -> Bid:
        ranked = self.rank_bids(pos, hand)
        return Bid(tuple(sorted(ranked[0][1]))) if ranked else Bid(())

    def rank_bids(self, pos: Position, hand: list[int]) -> list[tuple[float, tuple[int, ...]]]:
        """Every bid size considered, as ``(value, cowboys)``, the choice first then the
        others best first (empty when it bids nothing without weighing)."""
        if not hand:
            return []
        view = pos.view
        me = pos.me
        n = pos.n
        vals = self.card_values(pos)
        if not vals:
            return []
        # what each pick is worth to me: the others ahead take what suits them best
        others = [q for q in range(n) if q != me]
        opp_pref = []
        for cid, _ in vals:
            opp_pref.append(max(pos.best_card_gain(q, cid) for q in others))
        order = sorted(range(len(vals)), key=lambda k: -opp_pref[k])
        pick_value = []
        for r in range(len(vals)):
            taken = set(order[:r])
            rest = [vals[k][1] for k in range(len(vals)) if k not in taken]
            pick_value.append(max(rest) if rest else 0.0)
        best_now = max(v for _, v in vals)
        w = self.cowboy_value(pos, hand, best_now)
        if best_now <= 0.05:
            return []
        # the others' bids
        counts = view["cowboy_counts"]
        last = view.get("last_bids") or {}
        last_bids = last.get("bids") if isinstance(last, dict) else None
        dists = []
        for q in others:
            d = _dist(OPP_BIDS[min(counts[q], len(OPP_BIDS) - 1)], counts[q])
            if last_bids and q < len(last_bids):
                k = min(len(last_bids[q]), counts[q])
                d = [0.6 * p for p in d]
                d[k] += 0.4
            dists.append(d)
        mine = set(hand)
        unknown = NUM_COWBOYS - len(mine)
        cards = len(vals)
        best: tuple[float, tuple[int, ...]] = (2 * w, ())
        ranked = [best]
        high = hand[-1]
        for k in range(1, len(hand) + 1):
            options = [tuple(hand[:k])]
            if k < len(hand):
                options.append(tuple(hand[:k - 1]) + (high,))
            for bid in options:
                top = max(bid)
                above = sum(1 for c in range(top + 1, NUM_COWBOYS + 1) if c not in mine)
                p_higher = above / max(1, unknown)
                ps = [_outranked(d, k, p_higher) for d in dists]
                ranks = _rank_probs(ps)
                ev = sum(p * pick_value[j] for j, p in enumerate(ranks) if j < cards)
                lowest = 1.0
                for p in ps:
                    lowest *= p
                ev += lowest * 2 * w
                ev -= k * w
                if top == high and k < len(hand) and bid != tuple(hand[:k]):
                    ev -= HIGH_COST * w * (high - hand[k - 1]) / NUM_COWBOYS * 4
                ranked.append((ev, bid))
                if ev > best[0] + 1e-9:
                    best = (ev, bid)
        return _best_first(best, ranked)

    # --- taking a card ---------------------------------------------------------------------
    def _take(self, pos: Position, legal: list[Action]) -> Action:
        ranked = self.rank_takes(pos, legal)
        return ranked[0][1] if ranked else legal[0]

    def rank_takes(self, pos: Position, legal: list[Action]) -> list[tuple[float, Action]]:
        """Every card use as ``(value, action)``, the choice first then best first."""
        view = pos.view
        me = pos.me
        queue = view["take_queue"]
        nxt = queue[1] if len(queue) > 1 else None
        cards = [c["id"] for c in view["revealed_cards"]]
        opp_best: dict[int, float] = {}
        if nxt is not None and len(cards) > 1:
            for cid in cards:
                opp_best[cid] = pos.best_card_gain(nxt, cid)
        best: tuple[float, Action] | None = None
        ranked = []
        for a in legal:
            if not isinstance(a, TakeCard):
                continue
            cells = tuple(_idx(c) for c in a.cubes)
            v = pos.gain_place(me, cells) + 0.02 * len(cells)
            if opp_best:
                left = [g for cid, g in opp_best.items() if cid != a.card_id]
                v -= DENY * (max(left) if left else 0.0)
            ranked.append((v, a))
            if best is None or v > best[0] + 1e-9:
                best = (v, a)
        return _best_first(best, ranked) if best is not None else []

    # --- flags -----------------------------------------------------------------------------
    def _flag(self, pos: Position, legal: list[Action]) -> Action:
        me = pos.me
        view = pos.view
        cells = sorted({_idx(a.cell) for a in legal if isinstance(a, PlaceFlag)})
        colours = sorted({a.colour for a in legal if isinstance(a, PlaceFlag)})
        if not cells:
            return legal[0]
        free = [i for i in range(150) if pos.free >> i & 1]
        mine = pos.cell_gains(me, free)
        others = [q for q in range(pos.n) if q != me]
        theirs = {q: pos.cell_gains(q, free) for q in others}
        offsets = rotate_offsets()
        scored = []
        for f in cells:
            s_me = flag_worth(f, mine, offsets)
            s_opp = max((flag_worth(f, theirs[q], offsets) for q in others), default=0.0)
            scored.append((s_me - FLAG_OTHERS * s_opp, f))
        scored.sort(key=lambda t: (-t[0], t[1]))
        f = scored[0][1]
        # a colour of which none of my flags stands yet
        placed = {fl["colour"] for fl in view["flags"] if fl["placed_by"] == me}
        fresh = [c for c in colours if c not in placed]
        colour = (fresh or colours)[0]
        return PlaceFlag(colour, (f % WIDTH, f // WIDTH))

    # --- market ----------------------------------------------------------------------------
    def _offer(self, pos: Position, legal: list[Action], hand: list[int]) -> Action:
        return self.rank_offers(pos, legal, hand)[0][1]

    def rank_offers(self, pos: Position, legal: list[Action], hand: list[int]
                    ) -> list[tuple[float, Action]]:
        """Passing and the offers it weighs, as ``(value, action)``, the choice first then
        best first."""
        me = pos.me
        offers = [a for a in legal if isinstance(a, OfferForSale)]
        if not offers:
            return [(0.0, PassSale())]
        vals = self.card_values(pos)
        best_now = max((v for _, v in vals), default=None)
        w = self.cowboy_value(pos, hand, best_now)
        others = [q for q in range(pos.n) if q != me]
        best: tuple[float, Action] = (SELL_MARGIN, PassSale())
        ranked = [best]
        for a in offers:
            i = _idx(a.cell)
            loss = -pos.gain_remove(me, i, -1)
            if loss > 2 * w:
                continue
            opp = max(pos.gain_remove(q, i, q) - pos.gain_remove(q, i, -1) for q in others)
            v = 2 * w - loss - 0.3 * max(0.0, opp)
            ranked.append((v, a))
            if v > best[0]:
                best = (v, a)
        return _best_first(best, ranked)

    def _interest(self, pos: Position, legal: list[Action], hand: list[int]) -> Action:
        yes = DeclareInterest(True)
        if not hand or yes not in legal:
            return DeclareInterest(False)
        sale = pos.view["sale"]
        assert sale is not None  # interest and auctions are about a sale
        i = _idx(sale["cell"])
        me = pos.me
        gain = pos.gain_remove(me, i, me) - pos.gain_remove(me, i, -1)
        w = self.cowboy_value(pos, hand, None)
        return yes if gain > INTEREST_MARGIN * w + 0.3 else DeclareInterest(False)

    def _auction(self, pos: Position, hand: list[int]) -> SaleBid:
        return SaleBid(self.rank_sale_bids(pos, hand)[0][1])

    def rank_sale_bids(self, pos: Position, hand: list[int]
                       ) -> list[tuple[float, tuple[int, ...]]]:
        """Each land auction bid size as ``(value, cowboys)``, the choice first then best
        first."""
        sale = pos.view["sale"]
        assert sale is not None  # interest and auctions are about a sale
        i = _idx(sale["cell"])
        me = pos.me
        gain = pos.gain_remove(me, i, me) - pos.gain_remove(me, i, -1)
        w = self.cowboy_value(pos, hand, None)
        rivals = [q for q in sale["auction_bidders"] if q != me]
        counts = pos.view["cowboy_counts"]
        dists = [_dist(OPP_SALE_BIDS, max(1, counts[q]), 1) for q in rivals]
        mine = set(hand)
        unknown = NUM_COWBOYS - len(mine)
        best: tuple[float | None, tuple[int, ...]] = (None, (hand[0],))
        ranked: list[tuple[float, tuple[int, ...]]] = []
        for k in range(1, len(hand) + 1):
            bid = tuple(hand[:k])
            top = max(bid)
            above = sum(1 for c in range(top + 1, NUM_COWBOYS + 1) if c not in mine)
            p_higher = above / max(1, unknown)
            win = 1.0
            for d in dists:
                win *= 1 - _outranked(d, k, p_higher)
            ev = win * (gain - k * w)
            ranked.append((ev, bid))
            if best[0] is None or ev > best[0] + 1e-9:
                best = (ev, bid)
        if best[0] is None:
            return [(0.0, best[1])]
        return _best_first((best[0], best[1]), ranked)


def _best_first(best, ranked: list) -> list:
    """``ranked`` (pairs ``(value, choice)``) with ``best`` first, the rest best first."""
    rest = sorted((r for r in ranked if r[1] != best[1]), key=lambda r: -r[0])
    return [best, *rest]


def flag_worth(f: int, gains: dict[int, float], offsets) -> float:
    """A flag's worth to a player: the mean over the card patterns of the best use of the
    card at this flag, from the player's gain per single cube (pairs add up)."""
    fx, fy = f % WIDTH, f // WIDTH
    g0 = max(0.0, gains.get(f, 0.0))
    total = 0.0
    for pattern in CARD_PATTERNS:
        if pattern is None:
            total += g0
            continue
        best = g0
        for dx, dy in offsets[pattern]:
            x, y = fx + dx, fy + dy
            if 0 <= x < WIDTH and 0 <= y < 10:
                g1 = gains.get(y * WIDTH + x)
                if g1 is not None:
                    v = g0 + max(0.0, g1)
                    if v > best:
                        best = v
        total += best
    return total / len(CARD_PATTERNS)


# --- timing --------------------------------------------------------------------------------
def sample_positions(n: int = 200, seed: int = 0) -> list[Decision]:
    """``n`` (view, legal) pairs from seeded 3- and 4-player games of random players, spread
    over the game, only where there is something to decide."""
    return common.sample_positions("colorado", RandomBot, lambda g: 3 + (g % 2), 0.08, n, seed)


def bench_normal_decisions(n: int = 200, cpu: bool = False) -> list[float]:
    """Seconds per decision of the normal bot on ``n`` varied positions of seeded games
    (``cpu``: this thread's CPU time instead of wall time, which a busy machine inflates)."""
    return common.time_decisions(NormalBot(1), sample_positions(n), cpu)


__all__ = ["LEVELS", "NormalBot", "bench_normal_decisions", "make",
           "sample_positions", "turns_left"]


def search_rules():
    """How the hard level searches this game (``game.games.colorado.bots.search``)."""
    from game.games.colorado.bots.search import search_rules as rules  # it builds on this module

    return rules()


# How the post-game review tells a secret bid, which the log shows only as placed
BID = NN_("{player} bids {n} cowboy ({cowboys})", "{player} bids {n} cowboys ({cowboys})")
BID_NOTHING = N_("{player} bids nothing")


def review_words(action: Action, who: Any):
    """The review's words for a bid (its cowboys), else None (the log's own lines)."""
    cowboys = getattr(action, "cowboys", None)
    if type(action).__name__ not in ("Bid", "SaleBid") or cowboys is None:
        return None
    if not cowboys:
        return ((BID_NOTHING, {"player": who}),)
    listed = ", ".join(str(c) for c in sorted(cowboys))
    return ((BID, {"player": who, "n": len(cowboys), "cowboys": listed}),)
