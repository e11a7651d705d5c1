"""What the learned Oasis evaluation reads of a position: a fixed-length vector of numbers
from ONE seat's view (``features(view)``), never another seat's score tiles.

The numbers are the seat's standing against the others (the points its board and score
tiles make now and the normal bot's projection of its final points: its own score tiles
exactly, the others' estimated from what is public), its tiles, camels and score tiles of
each kind, the markers and camels left, the priority discs, how much of the game is left
and the decision at hand.  The others enter as the best of them (by projected points) and
their mean, so the vector has the same length at every player count.  ``model()`` is the
value model trained on these (``tools/train.py oasis``), loaded once from ``value.npz``
beside this module.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, cast

import numpy as np

from game.bots.learned import Array, ValueModel
from game.games.oasis.bots.evaluation import KINDS, SCORE_KINDS, SCORE_OF, Position
from game.games.oasis.engine.phases import CarryStep, Phase
from game.games.oasis.engine.view import OasisView

WEIGHTS_FILE = Path(__file__).with_name("value.npz")
STEPS = (Phase.OFFER, Phase.CHOOSE, CarryStep.PICK_CARD, CarryStep.PLACE_CAMELS,
         CarryStep.MOVE_CAMELS, CarryStep.PLACE_TILES, Phase.BONUS)
SIZE = 43


def points_now(pos: Position, q: int) -> float:
    """``q``'s points if the game ended now (the others' score tiles estimated)."""
    s = pos.scores[q]
    return pos.largest[q] * s["goods"] + sum(pos.land[q][k] * s[SCORE_OF[k]] for k in KINDS)


def features(seen: Mapping[str, Any]) -> Array:
    """The vector of ``seen`` (one seat's view; see the module text)."""
    view = cast(OasisView, seen)
    pos = Position(view)
    me, n = pos.me, pos.n
    proj = [pos.projected_score(q) for q in range(n)]
    now = [points_now(pos, q) for q in range(n)]
    others = sorted((q for q in range(n) if q != me), key=lambda q: (-proj[q], q))
    best = others[0]

    def mean_of(values: list[float]) -> float:
        return sum(values[q] for q in others) / len(others)

    players = view["players"]
    disc = [float(pv["disc"] or n) / n for pv in players]
    markers = [float(pv["markers_left"]) for pv in players]
    camels = [float(pv["camels_left"]) for pv in players]
    rem = pos.rem
    out = [
        proj[me] - proj[best], proj[me] - mean_of(proj), now[me] - now[best],
        now[me] - mean_of(now), (proj[me] - proj[best]) * rem, proj[me] / 100.0,
        *(float(pos.land[me][k]) for k in KINDS), *(pos.scores[me][s] for s in SCORE_KINDS),
        float(pos.largest[me]),
        *(float(pos.land[best][k]) for k in KINDS), *(pos.scores[best][s] for s in SCORE_KINDS),
        float(pos.largest[best]),
        *(pos.mult(me, k) for k in KINDS),
        markers[me], markers[best], camels[me], camels[best], disc[me], disc[best],
        rem, float(view["end_triggered"]),
        float(n == 3), float(n == 4), float(n == 5),
        *(float(view["step"] == s) for s in STEPS),
    ]
    return np.array(out)


@cache
def model() -> ValueModel | None:
    """The trained value model (None when its weights file is missing)."""
    return ValueModel.load(WEIGHTS_FILE) if WEIGHTS_FILE.exists() else None
