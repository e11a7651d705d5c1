"""How the hard Oregon bot searches (see ``game.bots.search``): which actions it searches,
how far it looks and how it values the position where it stops.

- **Its own ranking**: the normal bot's valuation of plays with ``HARD_WEIGHTS``: keener to
  end the game when ahead, readier to play again in the extra turn, and counting what a
  new farmer takes from the others (the building site its cell was beside their farmers,
  the points their farmers would have scored there), which the normal bot leaves out.
- **The learned value** (``features.py``, trained by ``tools/train.py oregon``): the
  ranking's best ``learned_width`` distinct plays are reordered, through the whole game, by
  a blend of the ranking's value (``ranking_share``) and the learned value of the position
  each leaves (each play made on a determinization of the view; the features read only the
  viewer's view).  Far from the end the first of them is played at once: rollouts of a
  short horizon, or through the next player's turn, could not tell the top plays apart
  reliably within a tournament's budget, so the budget goes where plays decide the game.
  Without weights (``OregonSearch()``) the ranking alone decides.
- **Near the end** (``endgame_turns`` of the viewer's turns left by the normal bot's pace, or
  the end triggered): the candidates are those best plays, at most ``width``, none worth
  ``window`` points less than the first; the extra-turn question is searched too.  Draws
  and the start tile are the ranking's own choice, never searched.
- **Paired rounds** (``paired``): each round draws one determinization of the view and plays
  every candidate from it with the same rollout seeds, to the end of the game; the first
  candidate gives way to the one whose lead over it on the same rounds stands highest
  above half that lead's standard error, once above (``anchor``, ``paired_z``).  Near the
  end these rollouts judge plays better than the ranking does, so they are trusted readily:
  asking a lead of a point plus one and a half standard errors instead, the hard bot won
  62.0 % of 200 seeded two-seat games at 40 iterations (65.7 % with half of one, both
  before the extra-turn weight).
- **Rollouts**: the normal bot plays every seat's decisions, each on its own view of the
  determinization, with a quick rule for draws (``RolloutBot``).
- **Where a rollout stops before the end** (far from it: the post-game review's searches of
  the move played): the learned value of the searching seat's view, its predicted final
  lead (``margin``); without weights, the lead of ``evaluate``.
- **Evaluation** (without weights): each seat's expected final points =
  points on the track, its coal and gold (the determinization's values), active joker and
  extra-turn tokens at the normal bot's worth (fading as the end nears), a share of the
  best play its hand allows and what its farmers on the board may still earn
  (``board_potential``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, cast

import numpy as np

from game.bots.common import first_of
from game.bots.learned import ValueModel
from game.bots.search import GuidedRules
from game.engine.actions import Action
from game.engine.core import GameState
from game.games.oregon.bots.evaluation import Position
from game.games.oregon.bots.features import board_potential, features
from game.games.oregon.bots.features import model as learned_model
from game.games.oregon.bots.normal import NormalBot
from game.games.oregon.bots.weights import DEFAULT_WEIGHTS, turns_left
from game.games.oregon.engine.actions import DiscardDead, Draw, KeepCard
from game.games.oregon.engine.phases import Phase
from game.games.oregon.engine.state import OregonState
from game.games.oregon.engine.view import OregonView


class RolloutBot(NormalBot):
    """The normal bot with a quick rule for draws (the rollouts' many draws would otherwise
    cost most of their time): a dead building card goes, a drawn card is kept, and the
    next card comes from the building deck when the hand holds none, else from the
    landscape deck (a farmer needs two landscape cards)."""

    def _draw(self, pos: Position, legal: list[Action]) -> Action:
        dead = first_of(legal, DiscardDead)
        if dead is not None:
            return dead
        keep = first_of(legal, KeepCard)
        if keep is not None:
            return keep
        hand = pos.hand
        want = "building" if not any(c >= 50 for c in hand) else "landscape"
        for a in legal:
            if isinstance(a, Draw) and a.deck == want:
                return a
        return legal[0]


# The hard bot's own ranking of plays: the normal bot's valuation, keener to end the game
# when ahead, counting what a farmer takes from the others, and valuing the play its cards
# left allow in the extra turn above its points (1.15, not 0.95): the cards played then come
# back as fresh draws, so the extra turn also buys a fuller next hand.  Without any search,
# this ranking alone won 39.6 % of 1,200 seeded 3-player games against two normal bots
# (seeds 601-1,800; 37.2 % with 0.95, the normal bot in its seat about 32 %).
HARD_WEIGHTS = replace(DEFAULT_WEIGHTS, end_margin=0.0, end_margin_per_player=1.0,
                       deny_site=0.5, deny_spot=0.3, extra_play_share=1.15)


class OregonSearch(GuidedRules):
    state_class = OregonState
    horizon = 1  # to the end of the viewer's turn; near the end, to the end (``settled``)
    endgame_turns = 3.0
    weights = HARD_WEIGHTS
    tree_depth = 1
    scale = 12.0
    width = 5
    window = 8.0
    learned_width = 6  # the ranking's best distinct plays the learned value chooses among
    learned_samples = 1  # determinizations a play's learned value is averaged over
    # the ranking's share of a play's value, the learned value having the rest: alone the
    # learned value chose worse plays than the ranking (36.3 % against 44.2 % of 300 seeded
    # three-seat games with no search, seeds 5,001-5,300).  Against two normal bots with no
    # search on those games, a share of 3/4 won 40.0 % (mean lead -3.0 points), 0.6 won
    # 45.3 % (-2.2) and 0.5 44.3 % (-2.0); wider pools (10 plays) changed nothing, judging
    # draws by the learned value lost badly (28.0 %, -9.6), and searching the best 3 plays
    # through the others' turns to the bot's next one, valued there by the learned margin,
    # gained 1.0 ± 1.5 points over 150 games for five times the time.  In two seats (no
    # search, seeds 5,301-5,600) 0.6 won 58.8 %, 3/4 57.5 %
    ranking_share = 0.6
    anchor = 0.0
    paired = True
    paired_z = 0.5
    hand_share = 0.5
    potential_share = 1.0

    def __init__(self, value: ValueModel | None = None):
        self.value = value  # the learned evaluation (None: the ranking alone decides)

    def rollout_bot(self, seed: int) -> NormalBot:
        return RolloutBot(seed)

    def candidates(self, view: Mapping[str, Any], legal: list[Action]) -> list[Action]:
        phase = view["phase"]
        legal = keep_joker(legal)
        if phase == Phase.PLAY:
            if self.value is None and not self.near_end(view):
                return [NormalBot(0, self.weights).choose(view, legal)]
            ranked = self.ranked(view, legal)
            if not self.near_end(view):
                return [ranked[0][1]]
            top = ranked[0][0]
            return [a for v, a in ranked[:self.width] if v >= top - self.window]
        first = NormalBot(0, self.weights).choose(view, legal)
        if phase == Phase.EXTRA_TURN and self.near_end(view):
            return [first, *(a for a in legal if a != first)]
        return [first]

    def ranked(self, view: Mapping[str, Any], legal: list[Action]
               ) -> list[tuple[float, Action]]:
        """The distinct plays of a "play" decision with their values, best first (cards of
        the same kind make the same play): the ranking's best ``learned_width`` by the
        ranking's value blended with the learned value of the position each leaves
        (``ranking_share``), when there is a learned value, else all by the ranking."""
        ranked, seen = [], set()
        for v, a in NormalBot(0, self.weights).ranked_plays(view, legal):
            if _effect(a) not in seen:
                seen.add(_effect(a))
                ranked.append((v, a))
        if self.value is None or len(ranked) < 2:
            return ranked
        pool = [a for _v, a in ranked[:self.learned_width]]
        learned = self.values_after(view, pool)
        share = self.ranking_share
        values = [(1.0 - share) * v + share * r
                  for v, (r, _a) in zip(learned, ranked, strict=False)]
        order = sorted(range(len(pool)), key=lambda k: (-values[k], k))
        return [(values[k], pool[k]) for k in order]

    def values_after(self, view: Mapping[str, Any], plays: list[Action]) -> list[float]:
        """The learned value, for the viewer, of the position each play leaves: each play
        made on the same ``learned_samples`` determinizations of the view, its values
        averaged (what the view hides does not change the viewer's features, only the token
        values a play may draw)."""
        assert self.value is not None
        me = view["viewer"]
        rows = []
        for k in range(self.learned_samples):
            base = OregonState.state_from_view(dict(view), random.Random(k))
            for a in plays:
                state = base.clone()
                state.apply(a, me)
                rows.append(features(state.view(me)))
        values = self.value.predict(np.array(rows)).reshape(self.learned_samples, len(plays))
        return [float(v) for v in values.mean(axis=0)]

    def ranking_gap(self, view: Mapping[str, Any], legal: list[Action]
                    ) -> tuple[int, float] | None:
        """When the ranking alone chooses a play (far from the end): how many distinct
        plays it weighed and how many points its first stands above the next, by the
        learned value when there is one (None for draws, the start tile and the extra-turn
        question)."""
        if view["phase"] != Phase.PLAY:
            return None
        ranked = self.ranked(view, keep_joker(legal))
        if len(ranked) < 2:
            return (len(ranked), 0.0)
        return (len(ranked), ranked[0][0] - ranked[1][0])

    def near_end(self, view: Mapping[str, Any]) -> bool:
        """Whether the game may end within ``endgame_turns`` of the viewer's turns (by the
        normal bot's estimate of the pace)."""
        pos = Position(cast(OregonView, view))
        return pos.end_triggered or pos.turns_left <= self.endgame_turns

    def settled(self, state: GameState) -> bool:
        """Between two turns (nobody holds a half-played hand) and not near the end, where
        the rollout goes on to the final points; or over."""
        st = cast(OregonState, state)
        if st.is_over():
            return True
        return (st.phase == Phase.PLAY and st.plays == 0
                and turns_left(st.stacks, st.farmers_left, st.end_triggered)
                > self.endgame_turns)

    def margin(self, state: GameState, seat: int) -> float | None:
        """With the learned value, ``seat``'s predicted final lead from its view of
        ``state`` (where a rollout stops before the end: far from it, in the review's
        searches); else None (the lead of ``evaluate``)."""
        if self.value is None:
            return None
        return self.value.value(features(state.view(seat)))

    def evaluate(self, game: GameState) -> Sequence[float]:
        state = cast(OregonState, game)
        if state.is_over():
            return state.scores()
        wt = DEFAULT_WEIGHTS
        out = []
        for q in range(state.num_players):
            pos = Position(state.view(q))
            v = float(state.score[q] + sum(state.coal[q]) + sum(state.gold[q]))
            if state.joker[q]:
                v += wt.joker * pos.tf
            if state.extra[q]:
                v += wt.extra * pos.tf
            v += self.hand_share * pos.hand_value(pos.hand, state.joker[q])
            v += self.potential_share * board_potential(pos)
            out.append(v)
        return out


def keep_joker(legal: list[Action]) -> list[Action]:
    """``legal`` without the plays that spend the joker where the same placement is legal
    without it (the same farmer or building on the same cell, with cards in hand): it
    scores the same and the joker stays for a play that needs it."""
    plain = {_placement(a) for a in legal if not getattr(a, "uses_joker", False)}
    return [a for a in legal
            if not getattr(a, "uses_joker", False) or _placement(a) not in plain]


def _placement(a: Action) -> tuple:
    """What a play puts where: its kind, cell and, for a building, which building."""
    cards = getattr(a, "cards", ())
    building = (cards[-1] - 50) // 3 if cards and cards[-1] >= 50 else None
    return type(a).__name__, getattr(a, "cell", None), building


def _effect(a: Action) -> tuple:
    """What a play does: its kind, cell and the kinds of the cards it spends."""
    cards = getattr(a, "cards", ())
    kinds = tuple(c // 10 if c < 50 else 10 + (c - 50) // 3 for c in cards)
    return type(a).__name__, getattr(a, "cell", None), kinds


def search_rules() -> OregonSearch:
    return OregonSearch(learned_model())
