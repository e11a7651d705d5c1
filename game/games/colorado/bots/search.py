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
- Rollouts read a ``Position`` per distinct board and flag view, memoised, so the normal
  bot's evaluation of a board is computed once for all iterations that reach it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from game.bots.search import GuidedRules
from game.engine.actions import Action
from game.games.colorado.bots.evaluation import Position
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


def _top(ranked: list, width: int, make=lambda c: c) -> list[Action]:
    out: list[Action] = []
    for _, choice in ranked:
        a = make(tuple(sorted(choice)) if isinstance(choice, tuple) else choice)
        if a not in out:
            out.append(a)
            if len(out) >= width:
                break
    return out


class ColoradoSearch(GuidedRules):
    state_class = SearchState
    horizon = 0        # out of the tree the evaluation plays the turn to its end
    tree_depth = 1
    scale = 12.0
    cowboy_worth = COWBOY_WORTH

    def rollout_bot(self, seed: int) -> NormalBot:
        return RolloutBot(seed)

    # --- candidates ----------------------------------------------------------------------
    def candidates(self, view: Mapping[str, Any], legal: list[Action]) -> list[Action]:
        bot = _POLICY
        choice = bot.choose(view, legal)  # type: ignore[arg-type]
        phase = view["phase"]
        hand = sorted(view["my_cowboys"] or [])
        out: list[Action] = [choice]
        if phase in (Phase.FLAGS, Phase.GIVE, Phase.INTEREST) or (
                len(legal) == 1 and phase not in (Phase.BID, Phase.AUCTION)):
            return out
        pos = POSITIONS.get(view)  # type: ignore[arg-type]
        if phase == Phase.BID:
            more = _top(bot.rank_bids(pos, hand), BID_WIDTH, Bid)
            if Bid(()) not in more:
                more.append(Bid(()))
        elif phase == Phase.TAKE:
            more = _top(bot.rank_takes(pos, legal), TAKE_WIDTH)
        elif phase == Phase.OFFER:
            ranked = bot.rank_offers(pos, legal, hand)
            more = _top([r for r in ranked if r[0] >= OFFER_FLOOR], OFFER_WIDTH)
        elif phase == Phase.AUCTION:
            more = _top(bot.rank_sale_bids(pos, hand), SALE_WIDTH, SaleBid)
        else:
            more = []
        for a in more:
            if a not in out:
                out.append(a)
        return out

    # --- evaluation ----------------------------------------------------------------------
    def evaluate(self, state: ColoradoState) -> Sequence[float]:  # type: ignore[override]
        if state.is_over():
            return state.scores()
        mark = getattr(state, "turn_mark", (state.round, len(state.round_deck), state.phase))
        if mark[2] == Phase.FLAGS:  # flags pay off over the round: no play-out, the board
            return self.values(state.view(None))
        s = state.clone()
        for _ in range(MAX_TURN_STEPS):
            if s.is_over() or (s.round, len(s.round_deck)) != mark[:2]:
                break
            p = s.to_act()[0]
            s.apply(_POLICY.choose(s.view(p), s.legal_actions(p)), p)
        if s.is_over():
            return s.scores()
        return self.values(s.view(None))

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


def search_rules() -> ColoradoSearch:
    return ColoradoSearch()
