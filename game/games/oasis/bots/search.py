"""How the hard Oasis bot searches (see ``game.bots.search``): which actions it searches,
how far it looks and how it values the position where it stops.

- **Candidates**: the normal bot's own ranking (``NormalBot.ranking``), its choice first:
  both answers of an offer (turn one more card or stop) and every offer to take.  The order
  of carrying out cards is left to the normal bot.  Tiles, camels, camel moves and the
  bonus action are not searched (a cut-off one round ahead cannot see room to grow and
  blocking, and searching them did not play better in tournaments): one is chosen at once.
- **The learned value** (``features.py``, trained by ``tools/train.py oasis``): a placement's
  best ``learned_width`` actions by the normal bot's values are reordered by a blend of
  those values (``ranking_share``) and the learned value of the position each leaves (each
  made on one determinization of the view; the features read only the viewer's view), and
  the first is played; the hint tells its lead in that blend.  Without weights
  (``OasisSearch()``) the normal bot's first choice is played.
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
  the projection is the final score; a finished game counts its real points.  The learned
  margin may stand for it (``learned_cutoff``), but the hard bot played worse so.
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
from game.games.oasis.bots.features import model as learned_model
from game.games.oasis.bots.normal import NormalBot, Placer
from game.games.oasis.engine.phases import CarryStep, Phase
from game.games.oasis.engine.state import OasisState
from game.games.oasis.engine.view import OasisView

ROUND_STEPS = 200  # a bound on the decisions of one round (the evaluation's playout)
DETERMINIZATION_SEED = 0  # the one determinization a learned placement is made on


class OasisSearch(GuidedRules):
    state_class = OasisState
    horizon = 0
    tree_depth = 1
    scale = 12.0
    width = 1          # placements searched without weights (1: the normal bot places)
    offer_width = 2    # 1: the normal bot decides alone when to stop turning cards
    choose_width = 5   # offers searched when choosing one
    disc_weight = 1.0  # × the normal bot's value of a disc for the next round

    learned_width = 4  # the normal bot's best placements the learned value chooses among
    # the normal bot's value's share of a placement's value, the learned value having the
    # rest (as Oregon's: the learned value alone is the noisier judge of a single placement)
    ranking_share = 0.75
    # the learned margin, not the projection, where a search stops: off, it played worse
    # (49.7 % against 56.0 % of 300 three-seat tuning games, seeds 5,001-5,300)
    learned_cutoff = False

    def __init__(self, value: ValueModel | None = None) -> None:
        self.normal = NormalBot(0)  # deterministic: its choices do not draw on the seed
        self.seat: int | None = None  # whose search this is (the view at its root)
        self.value = value  # the learned evaluation (None: the normal bot's projection)

    def rollout_bot(self, seed: int) -> NormalBot:
        return NormalBot(seed)

    def candidates(self, view: Mapping[str, Any], legal: list[Action]) -> list[Action]:
        self.seat = view["viewer"]
        phase = view["phase"]
        if self.value is not None and phase in (Phase.CARRY, Phase.BONUS) \
                and view["step"] != CarryStep.PICK_CARD and len(legal) > 1:
            return [self.ranked(view, legal)[0][1]]
        ranked = self.normal.ranking(view, legal)  # type: ignore[arg-type]
        if phase == Phase.OFFER:
            return ranked[:self.offer_width]
        if phase == Phase.CHOOSE:
            return ranked[:self.choose_width]
        if view["step"] == CarryStep.PICK_CARD:
            return ranked[:1]
        return ranked[:self.width]

    def ranked(self, view: Mapping[str, Any], legal: list[Action]
               ) -> list[tuple[float, Action]]:
        """A placement's (tile, camel, camel move or bonus) best ``learned_width`` actions by
        the normal bot's values, reordered by the blend of those values (``ranking_share``)
        and the learned value of the position each leaves, best first with their blended
        values (the first of equals)."""
        placer = Placer(Position(cast(OasisView, view), self.normal.weights))
        own = [placer.value(a) for a in legal]
        top = sorted(range(len(legal)), key=lambda k: (-own[k], k))[:self.learned_width]
        pool = [legal[k] for k in top]
        learned = self.values_after(view, pool)
        share = self.ranking_share
        values = [share * own[k] + (1.0 - share) * v for k, v in zip(top, learned, strict=True)]
        order = sorted(range(len(pool)), key=lambda i: (-values[i], i))
        return [(values[i], pool[i]) for i in order]

    def values_after(self, view: Mapping[str, Any], actions: list[Action]) -> list[float]:
        """The learned value, for the viewer, of the position each action leaves (each made
        on the same determinization of the view: what it hides does not change the
        viewer's features)."""
        assert self.value is not None
        me = view["viewer"]
        base = OasisState.state_from_view(dict(view), random.Random(DETERMINIZATION_SEED))
        rows = []
        for a in actions:
            state = base.clone()
            state.apply(a, me)
            rows.append(features(state.view(me)))
        return [float(v) for v in self.value.predict(np.array(rows))]

    def ranking_gap(self, view: Mapping[str, Any], legal: list[Action]
                    ) -> tuple[int, float] | None:
        """For a placement the blend decides alone: how many actions it weighed and how many
        points its first stands above the next (None elsewhere, or without weights)."""
        if self.value is None or view["phase"] not in (Phase.CARRY, Phase.BONUS) \
                or view["step"] == CarryStep.PICK_CARD or len(legal) < 2:
            return None
        ranked = self.ranked(view, legal)
        return (len(ranked), ranked[0][0] - ranked[1][0])

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
    return OasisSearch(learned_model())
