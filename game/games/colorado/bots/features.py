"""What the learned Colorado County evaluation reads of a position: a fixed-length vector of
numbers from ONE seat's view (``features(view)``), never another seat's cowboy numbers,
face-down flag colours or pending bids.

The numbers are the seat's standing against the others (points so far, and points plus what
the board is worth over the rounds still to score by the normal bot's round tables), what
its cubes make (border cells, doubles, largest domain, singles, lakes held), its cubes and
cowboys left (its own cowboy numbers too: it knows them), how many cards are on the table
and its place in the order of taking (what each card would give it is left out: that cost
ten times all the rest), how much of the game is left and the decision at hand.  The others enter as the best of them (by those projected points)
and their mean, so the vector has the same length at three and four players.  ``model()``
is the value model trained on these (``tools/train.py colorado``), loaded once from
``value.npz`` beside this module.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, cast

import numpy as np

from game.bots.learned import Array, ValueModel
from game.games.colorado.bots.evaluation import Position
from game.games.colorado.bots.normal import NUM_COWBOYS, turns_left
from game.games.colorado.engine.phases import Phase
from game.games.colorado.engine.view import ColoradoView

WEIGHTS_FILE = Path(__file__).with_name("value.npz")
PHASES = (Phase.FLAGS, Phase.OFFER, Phase.INTEREST, Phase.GIVE, Phase.AUCTION, Phase.BID,
          Phase.TAKE)
SIZE = 38


def lakes_held(pos: Position, q: int) -> float:
    """What the lakes ``q`` holds are worth over the rounds still to score."""
    return sum(v for v, owner in zip(pos.lake_value, pos.lake_owner, strict=True)
               if owner == q)


def features(seen: Mapping[str, Any]) -> Array:
    """The vector of ``seen`` (one seat's view; see the module text)."""
    view = cast(ColoradoView, seen)
    pos = Position(view)
    me, n = pos.me, pos.n
    scores = [float(s) for s in view["scores"]]
    board = pos.board_values()
    proj = [scores[q] + board[q] for q in range(n)]
    others = sorted((q for q in range(n) if q != me), key=lambda q: (-proj[q], q))
    best = others[0]

    def mean_of(values: list[float]) -> float:
        return sum(values[q] for q in others) / len(others)

    st = pos.base_stats  # (border cells, doubles, largest domain, singles) per seat
    cowboys = [float(c) for c in view["cowboy_counts"]]
    hand = view["my_cowboys"] or []
    cubes = [float(c) for c in view["cubes_left"]]
    left = float(turns_left(view))
    total = float(view["rounds"] * -(-12 // view["cards_per_turn"]))
    rem = left / total
    queue = view["take_queue"]
    place = queue.index(me) / n if me in queue else 1.0
    lead = proj[me] - proj[best]
    out = [
        lead, proj[me] - mean_of(proj), scores[me] - scores[best], scores[me] - mean_of(scores),
        board[me] - board[best], lead * rem,
        float(st[me][0]), float(st[best][0]), float(st[me][1]), float(st[best][1]),
        float(st[me][2]), float(st[best][2]), float(st[me][3]),
        lakes_held(pos, me), lakes_held(pos, best),
        cubes[me], cubes[best],
        cowboys[me], cowboys[best], mean_of(cowboys), cowboys[me] / max(1.0, left),
        max(hand, default=0) / NUM_COWBOYS, sum(hand) / NUM_COWBOYS / max(1, len(hand)),
        float(view["sale_tokens"][me]),
        left, float(view["round"]), rem,
        float(n == 3), float(n == 4),
        *(float(view["phase"] == p) for p in PHASES),
        float(len(view["revealed_cards"])), place,
    ]
    return np.array(out)


@cache
def model() -> ValueModel | None:
    """The trained value model (None when its weights file is missing)."""
    return ValueModel.load(WEIGHTS_FILE) if WEIGHTS_FILE.exists() else None
