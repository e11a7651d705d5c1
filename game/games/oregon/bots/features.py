"""What the learned Oregon evaluation reads of a position: a fixed-length vector of numbers
from ONE seat's view (``features(view)``), never another seat's hand or token values.

The numbers are the seat's standing against the others (points on the track plus tokens,
its own at their values, the others' at the expected value of the unseen ones), what its
hand can play now, what its farmers and the others' may still earn from free building
sites, the tokens and farmers left, the game's pace and where the turn stands.  The others
enter as the best of them (by those projected points) and their mean, so the vector has the
same length at every player count.  ``model()`` is the value model trained on these
(``tools/train.py oregon``), loaded once from ``value.npz`` beside this module.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, cast

import numpy as np

from game.bots.learned import Array, ValueModel
from game.games.oregon.bots.evaluation import Position
from game.games.oregon.engine.phases import Phase
from game.games.oregon.engine.view import OregonView

WEIGHTS_FILE = Path(__file__).with_name("value.npz")
PHASES = (Phase.START_TILE, Phase.PLAY, Phase.EXTRA_TURN, Phase.DRAW)
SIZE = 36


def board_potential(pos: Position) -> float:
    """What the viewer's farmers on the board may still earn, as the normal bot credits a
    new farmer: the free building sites beside them (a site beside two of them pays both)
    and the side-connected pairs a third farmer can turn into a group bonus."""
    if pos.tf <= 0:
        return 0.0
    own = pos.farmers[pos.me]
    if not own:
        return 0.0
    v = site_potential(pos, own) * pos.tf
    left = own & ~pos.marked
    group_of = pos.board.group_of
    while left:
        low = left & -left
        comp = group_of(low.bit_length() - 1, own)
        left &= ~comp
        if comp.bit_count() == 2 and not comp & pos.marked:
            v += pos._pair_potential(comp, own)
    return v


def site_potential(pos: Position, farmers: int) -> float:
    """The worth of the free building sites beside ``farmers`` (once per farmer beside)."""
    n8 = pos.n8
    s = 0.0
    for j, worth in pos.sites().items():
        k = (n8[j] & farmers).bit_count()
        if k:
            s += worth * k
    return s


def features(seen: Mapping[str, Any]) -> Array:
    """The vector of ``seen`` (one seat's view; see the module text)."""
    view = cast(OregonView, seen)
    pos = Position(view)
    me, n = pos.me, pos.n
    players = view["players"]
    others = sorted((q for q in range(n) if q != me), key=lambda q: (-pos.proj[q], q))
    best = others[0]
    potential = [site_potential(pos, pos.farmers[q]) for q in range(n)]

    def mean_of(values: list[float]) -> float:
        return sum(values[q] for q in others) / len(others)

    hand = pos.hand
    hand_value = pos.hand_value(hand, pos.joker[me]) if view["phase"] != Phase.OVER else 0.0
    tokens = [float(pv["coal_count"] + pv["gold_count"]) for pv in players]
    sizes = [float(pv["hand_size"]) for pv in players]
    on_board = [float(pv["farmers_on_board"]) for pv in players]
    left = [float(x) for x in pos.farmers_left]
    joker = [float(x) for x in pos.joker]
    extra = [float(x) for x in pos.extra]
    proj = pos.proj
    score = [float(pv["score"]) for pv in players]
    tf = pos.tf
    out = [
        proj[me] - proj[best], proj[me] - mean_of(proj), score[me] - score[best],
        hand_value, hand_value * tf, board_potential(pos), potential[me] * tf,
        potential[best] * tf, mean_of(potential) * tf,
        left[me], left[best], on_board[me] - on_board[best],
        joker[me] * tf, extra[me] * tf, joker[best] * tf, extra[best] * tf,
        sizes[me], sizes[best], sum(1 for c in hand if c >= 50),
        tokens[me] - tokens[best],
        pos.turns_left, tf, float(pos.end_triggered),
        float(n == 2), float(n == 3), float(n == 4),
        pos.players_after_me() / n, float(pos.current == me), float(pos.plays),
        float(pos.extra_used), *(float(view["phase"] == p) for p in PHASES),
        pos.empty_stacks / n, (proj[me] - proj[best]) * (1.0 - tf),
    ]
    return np.array(out)


@cache
def model() -> ValueModel | None:
    """The trained value model (None when its weights file is missing)."""
    return ValueModel.load(WEIGHTS_FILE) if WEIGHTS_FILE.exists() else None
