"""How the hard Colorado County bot searches (see ``game.bots.search``): which actions it
searches, how far it looks and how it values the position where it stops.

- **Candidates** come from the normal bot's own ranking: its choice first, then the next
  best bids, card uses, offers and land auction bids by its evaluation.  Flags, interest in
  a sale and the cowboy given for one are the normal bot's choice (a flag pays off over a
  whole round, too far for the cut-off; the others matter little).
- **Each iteration** plays one determinization to the end of the current card turn (the
  bids revealed, the cards taken, the lowest bid refilled): the seat's own root decision
  from the tree, everything else by the normal bot, each seat on its own view of the
  determinization.  Secret bids the others placed before the seat's turn to bid are hidden
  in the view and drawn at random by ``state_from_view`` (so are land auction bids); the
  search puts in their place
  what the normal bot bids on that seat's own view of the determinization (its drawn hand,
  the public board), so its model of the others is their policy, never their true bid.
  A flag decision (searched only when a review includes the move played) is valued on the
  board at once: no play-out of the round.
- **The evaluation** at the end of the turn: points so far, plus what the board is worth
  over the rounds still to score (``colorado_eval``'s round tables), plus the cowboys in
  hand (each worth a share of a typical card, fewer per cowboy the more one holds).
- **The learned value** (``features.py``, trained by ``tools/train.py colorado``), through
  the whole game: the candidate bids, card uses and land auction bids are reordered by a
  blend of the normal bot's value (``ranking_share``) and the learned value of the position
  each leaves once the card turn is played out on one determinization of the view
  (``values_after``); and the end of the turn is valued by the learned margin of the
  searching seat's view (``margin``; ``learned_share`` of it, the rest the lead of the
  evaluation above).  Without weights (``ColoradoSearch()``) the normal bot's order and
  the evaluation above decide.  On 120 tuning games (seeds 5,001-5,120, three seats, 20
  iterations) hard won 91.7 % with it and 90.8 % without it.
- Rollouts read a ``Position`` per distinct board and flag view, memoised, so the normal
  bot's evaluation of a board is computed once for all iterations that reach it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from game.bots.learned import ValueModel
from game.bots.search import GuidedRules, lead
from game.engine.actions import Action
from game.engine.core import GameState
from game.games.colorado.bots.evaluation import Position
from game.games.colorado.bots.features import features
from game.games.colorado.bots.features import model as learned_model
from game.games.colorado.bots.normal import INCOME, NormalBot, turns_left
from game.games.colorado.engine.actions import Bid, SaleBid
from game.games.colorado.engine.phases import Phase
from game.games.colorado.engine.state import ColoradoState
from game.games.colorado.engine.view import ColoradoView

COWBOY_WORTH = 0.3   # a cowboy: this share of a typical card, per cowboy a turn it affords
BID_WIDTH = 5        # bid sizes searched
TAKE_WIDTH = 4       # card uses searched
OFFER_WIDTH = 3      # passing and the best offers
OFFER_FLOOR = 0.0    # offers the normal bot values below this are not searched
SALE_WIDTH = 3       # land auction bids
MAX_TURN_STEPS = 40  # a card turn's decisions are far fewer; a safety bound
CACHE_SIZE = 1000    # positions kept before the memo starts afresh


class Positions:
    """``Position`` per board as a seat sees it, shared by every reader of that board."""

    def __init__(self) -> None:
        self.memo: dict[tuple, Position] = {}

    def get(self, view: ColoradoView) -> Position:
        key = (tuple(map(tuple, view["owners"])), view["round"], tuple(view["cubes_left"]),
               tuple((f["cell"][0], f["cell"][1], f["colour"], f["placed_by"])
                     for f in view["flags"]),
               tuple(lake["owner"] for lake in view["lakes"]))
        pos = self.memo.get(key)
        if pos is None:
            if len(self.memo) >= CACHE_SIZE:
                self.memo.clear()
            pos = self.memo[key] = Position(view)
        pos.view = view
        viewer = view["viewer"]
        pos.me = viewer if viewer is not None else -1
        return pos


POSITIONS = Positions()


class RolloutBot(NormalBot):
    """The normal bot, its board evaluations memoised (same choices, less work)."""

    def position(self, view: ColoradoView) -> Position:
        return POSITIONS.get(view)


_POLICY = RolloutBot(0)  # the others' policy inside a determinization (deterministic)


class SearchState(ColoradoState):
    """The search's determinizations: the others' hidden secret bids are what the normal
    bot bids on their own view of the determinization."""

    @classmethod
    def state_from_view(cls, view: dict[str, Any], rng: random.Random) -> ColoradoState:
        state = ColoradoState.state_from_view(view, rng)
        state.turn_mark = (view["round"], view["round_deck_left"],  # type: ignore[attr-defined]
                           view["phase"])
        me = view["viewer"]
        if state.phase == Phase.BID:
            placed = [p for p, b in enumerate(state.bids) if b is not None and p != me]
            for p in placed:
                state.bids[p] = None
            for p in placed:
                bid = _POLICY.choose(state.view(p), state.legal_actions(p))
                assert isinstance(bid, Bid)
                state.bids[p] = tuple(sorted(bid.cowboys))
        elif state.phase == Phase.AUCTION and state.sale is not None:
            bids = state.sale.bids
            placed = [p for p, b in bids.items() if b is not None and p != me]
            for p in placed:
                bids[p] = None
            for p in placed:
                sale_bid = _POLICY.choose(state.view(p), state.legal_actions(p))
                assert isinstance(sale_bid, SaleBid)
                bids[p] = tuple(sorted(sale_bid.cowboys))
        return state


def _top(ranked: list, width: int, make=lambda c: c) -> list[tuple[float, Action]]:
    """The first ``width`` distinct actions of ``ranked`` (``(value, choice)`` pairs)."""
    out: list[tuple[float, Action]] = []
    for v, choice in ranked:
        a = make(tuple(sorted(choice)) if isinstance(choice, tuple) else choice)
        if all(a != b for _v, b in out):
            out.append((v, a))
            if len(out) >= width:
                break
    return out


class ColoradoSearch(GuidedRules):
    state_class = SearchState
    horizon = 0        # out of the tree the evaluation plays the turn to its end
    tree_depth = 1
    scale = 12.0
    cowboy_worth = COWBOY_WORTH
    ranking_share = 0.75  # the normal bot's share of a candidate's value, the learned rest
    learned_share = 1.0   # the learned margin's share where a rollout stops
    # the decisions whose candidates the learned value reorders (a sale's offer is nearly
    # always passed, and weighing each costs a played-out turn)
    learned_phases = (Phase.BID, Phase.TAKE, Phase.AUCTION)

    def __init__(self, value: ValueModel | None = None):
        self.value = value  # the learned evaluation (None: the hand-made values decide)

    def rollout_bot(self, seed: int) -> NormalBot:
        return RolloutBot(seed)

    # --- candidates ----------------------------------------------------------------------
    def candidates(self, view: Mapping[str, Any], legal: list[Action]) -> list[Action]:
        ranked = self.ranked(view, legal)
        return [a for _v, a in ranked]

    def ranked(self, view: Mapping[str, Any], legal: list[Action]
               ) -> list[tuple[float, Action]]:
        """The candidates with their values, best first: the normal bot's choice then its
        next best (by its own values); with a learned value, reordered by a blend of the
        normal bot's value (``ranking_share``) and the learned value of the position each
        leaves once the card turn is played out (``values_after``)."""
        hand_made = self.hand_ranked(view, legal)
        if (self.value is None or len(hand_made) < 2
                or view["phase"] not in self.learned_phases):
            return hand_made
        learned = self.values_after(view, [a for _v, a in hand_made])
        share = self.ranking_share
        values = [(1.0 - share) * lv + share * v
                  for lv, (v, _a) in zip(learned, hand_made, strict=True)]
        order = sorted(range(len(values)), key=lambda k: (-values[k], k))
        return [(values[k], hand_made[k][1]) for k in order]

    def hand_ranked(self, view: Mapping[str, Any], legal: list[Action]
                    ) -> list[tuple[float, Action]]:
        """The normal bot's choice then its next best by its own values, as ``(value,
        action)`` (the choice valued at the best of them)."""
        bot = _POLICY
        choice = bot.choose(view, legal)  # type: ignore[arg-type]
        phase = view["phase"]
        hand = sorted(view["my_cowboys"] or [])
        if phase in (Phase.FLAGS, Phase.GIVE, Phase.INTEREST) or (
                len(legal) == 1 and phase not in (Phase.BID, Phase.AUCTION)):
            return [(0.0, choice)]
        pos = POSITIONS.get(view)  # type: ignore[arg-type]
        if phase == Phase.BID:
            bids = bot.rank_bids(pos, hand)
            more = _top(bids, BID_WIDTH, Bid)
            if all(a != Bid(()) for _v, a in more):  # bidding nothing is always searched
                more.append((next((v for v, c in bids if not c), 0.0), Bid(())))
        elif phase == Phase.TAKE:
            more = _top(bot.rank_takes(pos, legal), TAKE_WIDTH)
        elif phase == Phase.OFFER:
            ranked = bot.rank_offers(pos, legal, hand)
            more = _top([r for r in ranked if r[0] >= OFFER_FLOOR], OFFER_WIDTH)
        elif phase == Phase.AUCTION:
            more = _top(bot.rank_sale_bids(pos, hand), SALE_WIDTH, SaleBid)
        else:
            more = []
        top = max((v for v, _a in more), default=0.0)
        out: list[tuple[float, Action]] = [(next((v for v, a in more if a == choice), top),
                                            choice)]
        for v, a in more:
            if all(a != b for _v, b in out):
                out.append((v, a))
        return out

    def values_after(self, view: Mapping[str, Any], actions: list[Action]) -> list[float]:
        """The learned value, for the viewer, of the position each action leaves once the
        card turn is played out by the normal bot, on one determinization of the view (the
        same for every action; drawn from the view alone)."""
        assert self.value is not None
        me = view["viewer"]
        base = SearchState.state_from_view(dict(view), random.Random(0))
        mark = turn_mark(base)
        rows = []
        for a in actions:
            state = base.clone()
            state.apply(a, me)
            rows.append(features(play_turn(state, mark).view(me)))
        return [float(v) for v in self.value.predict(np.array(rows))]

    # --- evaluation ----------------------------------------------------------------------
    def evaluate(self, state: ColoradoState) -> Sequence[float]:  # type: ignore[override]
        if state.is_over():
            return state.scores()
        s = play_turn(state)
        if s.is_over():
            return s.scores()
        return self.values(s.view(None))

    def margin(self, state: GameState, seat: int) -> float | None:
        """With the learned value, ``seat``'s predicted final lead from its view once the
        card turn is played out (a blend with the lead of ``evaluate``: ``learned_share``);
        else None (the lead of ``evaluate``)."""
        if self.value is None:
            return None
        s = play_turn(state)  # type: ignore[arg-type]
        if s.is_over():
            return lead(s.scores(), seat)
        learned = self.value.value(features(s.view(seat)))
        if self.learned_share >= 1.0:
            return learned
        hand_made = lead(self.values(s.view(None)), seat)
        return self.learned_share * learned + (1.0 - self.learned_share) * hand_made

    def values(self, view: ColoradoView) -> list[float]:
        """Each seat's expected final points from a view of the board (see the module)."""
        pos = POSITIONS.get(view)
        out = [float(sc) + v for sc, v in zip(view["scores"], pos.board_values(), strict=True)]
        left = turns_left(view)
        if left <= 1 and view["revealed_cards"]:
            return out
        left = max(1, left)
        typical = 0.8 * pos.double_value + 2.0
        for q, count in enumerate(view["cowboy_counts"]):
            afford = (count + INCOME * left) / left
            out[q] += self.cowboy_worth * typical * count / max(0.4, afford)
        return out


def turn_mark(state: ColoradoState) -> tuple:
    """The round, cards left in its deck and phase where a search's decision was taken (a
    determinization's own, else ``state``'s now)."""
    return getattr(state, "turn_mark", (state.round, len(state.round_deck), state.phase))


def play_turn(state: ColoradoState, mark: tuple | None = None) -> ColoradoState:
    """The state once the card turn under way at ``mark`` (``turn_mark``: the decision's)
    is played to its end by the normal bot (a copy; ``state`` itself when a flag decision
    is under way: flags pay off over the round, so the board is valued at once)."""
    mark = mark or turn_mark(state)
    if mark[2] == Phase.FLAGS or state.is_over():
        return state
    s = state.clone()
    for _ in range(MAX_TURN_STEPS):
        if s.is_over() or (s.round, len(s.round_deck)) != mark[:2]:
            break
        p = s.to_act()[0]
        s.apply(_POLICY.choose(s.view(p), s.legal_actions(p)), p)
    return s


def search_rules() -> ColoradoSearch:
    return ColoradoSearch(learned_model())
