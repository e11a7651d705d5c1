"""How the hard Oasis bot searches (see ``game.bots.search``): which actions it searches,
how far it looks and how it values the position where it stops.

- **Candidates**: the normal bot's own ranking (``NormalBot.ranking``), its choice first:
  both answers of an offer (turn one more card or stop) and every offer to take.  Tiles,
  camels, the bonus action and the order of carrying out cards are left to the normal bot
  (``width`` 1): its placement values weigh room to grow and blocking, which a cut-off one
  round ahead cannot see, and searching them did not play better in tournaments.
- **Cut-off**: a search leaves its tree at once (``horizon`` 0) and the evaluation plays the
  round out with the normal bot up to its bonus action (every seat on its own view of the
  determinization), so the offers taken and the tiles and camels placed are on the board.
- **Evaluation**: each seat's expected final points as the normal bot projects them
  (``Position.projected_score``: controlled tiles and the largest camel group times the
  score tiles held, plus a share of what the rest of the game brings), plus the worth of the
  priority disc it holds (choosing earlier next round, and the bonus action for disc #1).
  The projection is read from the searching seat's view of the position: its own score
  tiles exactly, the others' estimated from what is public, as the normal bot does (the
  determinization's random draw of them would only add noise).  Once the end is triggered
  the projection is the final score; a finished game counts its real points.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

import numpy as np

from game.bots.learned import ValueModel
from game.bots.search import GuidedRules, lead
from game.engine.actions import Action
from game.engine.core import GameState
from game.games.oasis.bots.evaluation import KINDS, Position
from game.games.oasis.bots.features import features
from game.games.oasis.bots.normal import NormalBot
from game.games.oasis.engine.phases import CarryStep, Phase
from game.games.oasis.engine.state import OasisState

ROUND_STEPS = 200  # a bound on the decisions of one round (the evaluation's playout)
DETERMINIZATION_SEED = 0  # the one determinization a learned placement is made on


class OasisSearch(GuidedRules):
    state_class = OasisState
    horizon = 0
    tree_depth = 1
    scale = 12.0
    width = 1          # tiles and camels searched per placement (1: the normal bot places)
    offer_width = 2    # 1: the normal bot decides alone when to stop turning cards
    choose_width = 5   # offers searched when choosing one
    disc_weight = 1.0  # × the normal bot's value of a disc for the next round

    learned_width = 4  # the normal bot's best placements the learned value chooses among
    learned_cutoff = True  # the learned value, not the projection, where a search stops

    def __init__(self, value: ValueModel | None = None) -> None:
        self.normal = NormalBot(0)  # deterministic: its choices do not draw on the seed
        self.seat: int | None = None  # whose search this is (the view at its root)
        self.value = value  # the learned evaluation (None: the normal bot's projection)

    def rollout_bot(self, seed: int) -> NormalBot:
        return NormalBot(seed)

    def candidates(self, view: Mapping[str, Any], legal: list[Action]) -> list[Action]:
        self.seat = view["viewer"]
        ranked = self.normal.ranking(view, legal)  # type: ignore[arg-type]
        phase = view["phase"]
        if phase == Phase.OFFER:
            return ranked[:self.offer_width]
        if phase == Phase.CHOOSE:
            return ranked[:self.choose_width]
        if view["step"] == CarryStep.PICK_CARD:
            return ranked[:1]
        if self.value is not None and len(ranked) > 1:
            return [self.learned_best(view, ranked[:self.learned_width])]
        return ranked[:self.width]

    def learned_best(self, view: Mapping[str, Any], placements: list[Action]) -> Action:
        """The placement whose position has the highest learned value for the viewer (each
        made on one determinization of the view; the first of equals)."""
        assert self.value is not None
        me = view["viewer"]
        base = OasisState.state_from_view(dict(view), random.Random(DETERMINIZATION_SEED))
        rows = []
        for a in placements:
            state = base.clone()
            state.apply(a, me)
            rows.append(features(state.view(me)))
        values = self.value.predict(np.array(rows))
        return placements[int(np.argmax(values))]

    def evaluate(self, state: OasisState) -> Sequence[float]:  # type: ignore[override]
        if state.is_over():
            return state.scores()
        state = self.play_round(state)
        if state.is_over():
            return state.scores()
        return self.projection(state)

    def margin(self, game: GameState, seat: int) -> float | None:
        """With the learned value: ``seat``'s predicted final lead once the round is played
        out as ``evaluate`` plays it (its real lead if the game ends in it)."""
        if self.value is None or not self.learned_cutoff:
            return None
        state = self.play_round(cast(OasisState, game))
        if state.is_over():
            return lead(state.scores(), seat)
        return self.value.value(features(state.view(seat)))

    def play_round(self, state: OasisState) -> OasisState:
        """A copy of ``state`` with the rest of its round played by the normal bot, up to
        the bonus action (which the disc's worth stands for)."""
        state = state.clone()
        start = state.round
        bot = self.normal
        for _ in range(ROUND_STEPS):
            if state.phase in (Phase.BONUS, Phase.OVER) or state.round != start:
                break
            p = state.to_act()[0]
            state.apply(bot.choose(state.view(p), state.legal_actions(p)), p)
        return state

    def projection(self, state: OasisState) -> list[float]:
        """Each seat's projected final points and its disc's worth, as the searching seat
        sees them: its own score tiles exactly, the others' estimated from what is public
        (not the determinization's draw of them, which would only add noise)."""
        if self.seat is None:
            views = [Position(state.view(q), self.normal.weights) for q in range(state.num_players)]
        else:
            views = [Position(state.view(self.seat), self.normal.weights)] * state.num_players
        return [pos.projected_score(q) + self.disc_weight * disc_worth(pos, q)
                for q, pos in enumerate(views)]


def disc_worth(pos: Position, q: int) -> float:
    """What the priority disc ``q`` holds is worth, as the normal bot weighs discs:
    choosing earlier next round, and for disc #1 at the bonus the bonus action (about a tile
    of the best multiplier)."""
    v = 0.0
    if pos.view["phase"] == Phase.BONUS and pos.view["bonus_player"] == q:
        v += max(pos.mult(q, k) for k in KINDS)
    if pos.rem > 0:  # there is a next round
        disc = pos.players[q]["disc"] or pos.n
        v += pos.wt.order_value * (pos.n - disc) / max(1, pos.n - 1)
    return v


def search_rules() -> OasisSearch:
    return OasisSearch()
