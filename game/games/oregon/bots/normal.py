"""Oregon computer players.

``make(level, seed)`` returns a bot; ``bot.choose(view, legal)`` picks one of ``legal``.
Bots read the view (the seat's own information) and the legal list, nothing else.

- **easy** and **normal** (``levels``): the one-ply bot ``NormalBot``, but at a share of
  its decisions (often at easy, less often at normal) it slips to one of the next-best options
  of its own ranking.
- **the one-ply bot** (``NormalBot``, which the hard bot's rollouts play too).  Each legal
  play is valued by ``oregon_eval.Position``: points now, coal and gold at their expected values, tokens turning active again, the
  group bonus, what the play gives the others (the leader weighs most), building sites and
  farmer pairs it prepares, what the cards left can still do (in the extra turn or the next
  turn), the joker and farmers it uses up, and whether ending the game now is a good idea.
  It takes the extra turn when the cards in hand allow a good play, keeps one landscape and
  one building card when drawing, chooses the deck whose cards fit the board best and
  throws away dead and duplicate building cards that are worth less than a new draw.

``bench_normal_decisions(n)`` times the normal bot on varied mid-game positions, which
``sample_positions`` takes from games of ``RandomBot``, a sensible random player (it spreads
them over the game better than any level does).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, cast

from game.bots import common
from game.bots.common import Decision, SeededBot, first_of, make_level
from game.engine.actions import Action
from game.engine.messages import N_
from game.games.oregon.bots.evaluation import STATION, STORE, Position
from game.games.oregon.bots.weights import DEFAULT_WEIGHTS, Weights
from game.games.oregon.engine.actions import (
    DiscardDead,
    DiscardDrawn,
    Draw,
    KeepCard,
    PlaceBuilding,
    PlaceFarmer,
    PlaceStartTile,
    SkipExtraTurn,
    UseExtraTurn,
)
from game.games.oregon.engine.cards import (
    BUILDING_CARDS,
    BUILDING_INDEX,
    HAND_SIZE,
    LANDSCAPE_CARDS,
)
from game.games.oregon.engine.phases import Phase
from game.games.oregon.engine.view import OregonView

LEVELS = ("easy", "normal")

# the random player: how often it picks among the scoring placements, and takes the extra turn
RANDOM_SCORING_BIAS = 0.4
RANDOM_EXTRA_TURN = 0.8

# normal: samples per hand composition when judging a draw; tie-break noise in points
DRAW_SAMPLES = 12
TIE_BREAK = 0.05


def make(level: str, seed: int):
    from game.games.oregon.bots.levels import EasyBot, NormalLevel  # they build on this module

    return make_level("Oregon", {"easy": EasyBot, "normal": NormalLevel}, level, seed)


def _idx(cell) -> int:
    return cell[1] * 15 + cell[0]


# --- random --------------------------------------------------------------------------------
class RandomBot(SeededBot):
    """Random, but it places whenever it can and leans towards scoring placements."""

    def decide(self, seen: Mapping[str, Any], legal: list[Action]) -> Action:
        view = cast(OregonView, seen)
        rng = self.rng
        phase = view["phase"]
        if phase == Phase.PLAY:
            places = [a for a in legal if isinstance(a, (PlaceFarmer, PlaceBuilding))]
            if not places:
                return rng.choice(legal)
            if rng.random() < RANDOM_SCORING_BIAS:
                pos = Position(view)
                scoring = [a for a in places if _own_gain(pos, a) > 0]
                if scoring:
                    return rng.choice(scoring)
            return rng.choice(places)
        if phase == Phase.EXTRA_TURN:
            use = first_of(legal, UseExtraTurn)
            skip = first_of(legal, SkipExtraTurn)
            if use is not None and skip is not None:
                return use if rng.random() < RANDOM_EXTRA_TURN else skip
        return rng.choice(legal)


def _own_gain(pos: Position, a: Action) -> float:
    if isinstance(a, PlaceFarmer):
        return pos.farmer_value(_idx(a.cell), a.uses_joker, with_potential=False)
    if isinstance(a, PlaceBuilding):
        t = (a.cards[-1] - 50) // 3
        return pos.building_gains(t, _idx(a.cell), a.uses_joker)[pos.me]
    return 0.0


# --- normal --------------------------------------------------------------------------------
class NormalBot(SeededBot):
    """One-ply evaluation of every legal action (see the module text)."""

    level = "normal"

    def __init__(self, seed: int, weights: Weights = DEFAULT_WEIGHTS,
                 draw_samples: int = DRAW_SAMPLES):
        super().__init__(seed)
        self.weights = weights
        self.draw_samples = draw_samples  # fewer: a faster, rougher judge of draws

    def decide(self, seen: Mapping[str, Any], legal: list[Action]) -> Action:
        view = cast(OregonView, seen)
        phase = view["phase"]
        pos = Position(view, self.weights)
        if phase == Phase.PLAY:
            return self._play(pos, legal)
        if phase == Phase.EXTRA_TURN:
            return self._extra_turn(pos, legal)
        if phase == Phase.DRAW:
            return self._draw(pos, legal)
        if phase == Phase.START_TILE:
            return self._start_tile(pos, legal)
        return legal[0]

    # --- plays ------------------------------------------------------------------------------
    def _play(self, pos: Position, legal: list[Action]) -> Action:
        best, best_v = legal[0], None
        jitter = self.rng.random
        for a in legal:
            v = play_value(pos, a) + TIE_BREAK * jitter()  # near-equal plays vary by seed
            if best_v is None or v > best_v:
                best, best_v = a, v
        return best

    def ranked_plays(self, view: Mapping[str, Any], legal: list[Action]
                     ) -> list[tuple[float, Action]]:
        """Every legal play of a "play" decision with the value this bot gives it, best first
        (without the tie-break noise its own choice adds; equal values keep ``legal``'s
        order)."""
        pos = Position(cast(OregonView, view), self.weights)
        values = [(play_value(pos, a), k) for k, a in enumerate(legal)]
        values.sort(key=lambda vk: (-vk[0], vk[1]))
        return [(v, legal[k]) for v, k in values]

    def _extra_turn(self, pos: Position, legal: list[Action]) -> Action:
        use = first_of(legal, UseExtraTurn)
        skip = first_of(legal, SkipExtraTurn)
        if use is None or skip is None:
            return legal[0]
        best = pos.best_play(pos.hand, pos.joker[pos.me])
        if best <= -1e8:
            return skip  # nothing to place: keep the token
        if pos.end_triggered:
            return use if best > -0.5 else skip
        wt = pos.wt
        keep = wt.extra * pos.tf + wt.next_turn_share * best
        return use if wt.extra_play_share * best > keep else skip

    # --- draws ------------------------------------------------------------------------------
    def _draw(self, pos: Position, legal: list[Action]) -> Action:
        dead = first_of(legal, DiscardDead)
        if dead is not None:
            return dead
        keep = first_of(legal, KeepCard)
        discard = first_of(legal, DiscardDrawn)
        seed = self.rng.randrange(1 << 30)
        if keep is not None and discard is not None:
            card = pos.view.get("pending_card")
            if card is None:
                return keep
            if pos.stacks[(card - 50) // 3] == 0:
                return discard
            rest = list(pos.hand)
            if card in rest:
                rest.remove(card)
            kept = draw_outlook(pos, pos.hand, seed, samples=self.draw_samples)
            redrawn = draw_outlook(pos, rest, seed, samples=self.draw_samples)
            return discard if redrawn > kept + 0.25 else keep
        draws = [a for a in legal if isinstance(a, Draw)]
        if not draws:
            return legal[0]
        if len(draws) == 1:
            return draws[0]
        best, best_v = draws[0], None
        for a in draws:
            v = draw_outlook(pos, pos.hand, seed, first=a.deck, samples=self.draw_samples)
            if best_v is None or v > best_v + 1e-9:
                best, best_v = a, v
        return best

    # --- start tile -------------------------------------------------------------------------
    def _start_tile(self, pos: Position, legal: list[Action]) -> Action:
        me = pos.me
        name = pos.view["players"][me]["start_tile"]
        t = BUILDING_INDEX[name] if name else 0
        b = pos.board
        reach = 0
        lands = [c // 10 for c in pos.hand if c < 50]
        for k, land in enumerate(lands):
            for c in lands[k + 1:]:
                reach |= b.farm[land][c]
        band = 0
        for land in lands:
            band |= b.band[land]
        unit = pos.unit[t]
        best, best_v = legal[0], None
        for a in legal:
            if not isinstance(a, PlaceStartTile):
                continue
            i = _idx(a.cell)
            v = 0.0
            for j in _bits(pos.n8[i] & pos.free & ~(1 << i)):
                bit = 1 << j
                w = 1.0
                if reach & bit:
                    w += 1.5
                elif band & bit:
                    w += 0.5
                others = (pos.buildings & pos.n8[j]).bit_count()
                v += w * (unit + 1.5 * others)
            if best_v is None or v > best_v + 1e-9:
                best, best_v = a, v
        return best


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# --- valuing a play ------------------------------------------------------------------------
def play_value(pos: Position, a: Action) -> float:
    """The normal bot's value of one legal play of the viewer."""
    me = pos.me
    hand = list(pos.hand)
    cards = getattr(a, "cards", ())
    rest = list(hand)
    for c in cards:
        if c in rest:
            rest.remove(c)
    gains = [0.0] * pos.n
    store = station = False
    ends = False
    after = None
    cell = -1
    uj = False
    if isinstance(a, PlaceFarmer):
        cell = _idx(a.cell)
        uj = a.uses_joker
        v = pos.farmer_value(cell, uj)
        gains[me] = pos.farmer_value(cell, uj, with_potential=False)
        around = pos.buildings & pos.n8[cell]
        for c in _bits(around):
            t = pos.tile[c]
            store = store or t == STORE
            station = station or t == STATION
        ends = not pos.end_triggered and pos.farmers_left[me] == 1
        after = ("f", -1, cell)
    elif isinstance(a, PlaceBuilding):
        cell = _idx(a.cell)
        uj = a.uses_joker
        t = (a.cards[-1] - 50) // 3
        gains = pos.building_gains(t, cell, uj)
        v = gains[me]
        for q, g in enumerate(gains):
            if q != me and g:
                v -= pos.w[q] * g
        mine = (pos.farmers[me] & pos.n8[cell]).bit_count()
        store = t == STORE and mine > 0
        station = t == STATION and mine > 0
        ends = (not pos.end_triggered and pos.stacks[t] == 1
                and pos.empty_stacks + 1 >= pos.n)
        if pos.wt.building_site:
            spots = (pos.n8[cell] & pos.free).bit_count()
            v += pos.wt.building_site * pos.tf * spots * pos.unit[t]
        after = ("b", t, cell)
    else:  # discarding cards that allow no placement
        v = -1.0
    if uj:
        v -= pos.joker_cost()

    # the cards left: in the extra turn now, or in the next turn
    joker_after = (pos.joker[me] and not uj) or store
    first_play = pos.plays == 0 and not pos.extra_used
    extra_now = first_play and (pos.extra[me] or station)
    best_rest = pos.best_play(rest, joker_after, skip=cell, after=after)
    if best_rest <= -1e8:
        best_rest = 0.0
    best_rest = max(best_rest, -2.0)
    later = 0.0 if ends or pos.end_triggered else 1.0
    wt = pos.wt
    token = wt.extra * pos.tf * later
    next_turn = wt.next_turn_share * best_rest * later
    if extra_now:
        if pos.extra[me]:
            v += max(wt.extra_play_share * best_rest - token, next_turn)
        else:  # a station just turned the token active again
            v += max(wt.extra_play_share * best_rest, token + next_turn)
    else:
        v += next_turn

    if ends:
        lead = pos.lead_after(gains)
        margin = wt.end_margin + wt.end_margin_per_player * pos.players_after_me()
        v += max(-20.0, min(10.0, lead - margin))
    return v


# --- valuing a draw ------------------------------------------------------------------------
def _pools(pos: Position) -> tuple[list[int], list[int]]:
    """The cards a draw may bring: unseen cards (the discard pile once a deck is empty);
    building cards of empty stacks are left out (they may be redrawn)."""
    view = pos.view
    discards = view["discards"]
    seen = set(discards["landscape"]) | set(discards["building"]) | set(view["removed"])
    seen |= set(pos.hand)
    pools = []
    for d, (name, cards) in enumerate((("landscape", LANDSCAPE_CARDS),
                                       ("building", BUILDING_CARDS))):
        if view["decks"][name] > 0:
            pool = [c for c in cards if c not in seen]
        else:
            pool = list(discards[name])
        if d == 1:
            live = [c for c in pool if pos.stacks[(c - 50) // 3] > 0]
            if live:
                pool = live
        pools.append(pool)
    return pools[0], pools[1]


def draw_outlook(pos: Position, hand: list[int], seed: int, first: str | None = None,
                 samples: int = DRAW_SAMPLES) -> float:
    """The expected value of the best play of the hand once filled up to 4 cards, the best
    mix of landscape and building cards chosen (``first``: the next card's deck), over
    ``samples`` draws per mix."""
    lands, builds = _pools(pos)
    slots = HAND_SIZE - len(hand)
    joker = pos.joker[pos.me]
    if slots <= 0:
        return pos.hand_value(hand, joker)
    has_land = any(c < 50 for c in hand)
    has_build = any(c >= 50 for c in hand)
    best = None
    for k_land in range(slots + 1):
        k_build = slots - k_land
        if first == "landscape" and k_land == 0:
            continue
        if first == "building" and k_build == 0:
            continue
        if k_land > len(lands) or k_build > len(builds):
            continue
        if (not has_land and k_land == 0 and lands) or (not has_build and k_build == 0
                                                        and builds):
            continue
        rng = random.Random(seed)
        total = 0.0
        for _ in range(samples):
            drawn = rng.sample(lands, k_land) + rng.sample(builds, k_build)
            total += pos.hand_value(hand + drawn, joker)
        mean = total / samples
        if best is None or mean > best:
            best = mean
    if best is None:
        return pos.hand_value(hand, joker)
    return best


# --- timing --------------------------------------------------------------------------------
def sample_positions(n: int = 200, seed: int = 0) -> list[Decision]:
    """``n`` (view, legal) pairs from seeded games of random players, spread over the game."""
    return common.sample_positions("oregon", RandomBot, lambda g: 2 + (g % 3), 0.12, n, seed)


def bench_normal_decisions(n: int = 200, cpu: bool = False) -> list[float]:
    """Seconds per decision of the normal bot, on ``n`` varied positions of seeded games
    (``cpu``: this thread's CPU time instead of wall time, which a busy machine inflates)."""
    return common.time_decisions(NormalBot(1), sample_positions(n), cpu)


__all__ = ["LEVELS", "NormalBot", "RandomBot", "bench_normal_decisions", "draw_outlook",
           "make", "play_value", "sample_positions"]


def search_rules():
    """How the hard level searches this game (``game.games.oregon.bots.search``)."""
    from game.games.oregon.bots.search import search_rules as rules  # it builds on this module

    return rules()


# How the post-game review tells keeping a drawn card, which the log does not name
KEEP_CARD_WORDS = N_("{player} keeps the building card drawn")


def review_words(action: Action, who: Any):
    """The review's words for keeping a drawn card, else None (the log's own lines)."""
    return ((KEEP_CARD_WORDS, {"player": who}),) if isinstance(action, KeepCard) else None
