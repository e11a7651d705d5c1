"""Round scoring: borders, lakes, doubles and the big domain.

Everything here is a pure function of the cube owners (a flat list, -1 = no cube) and the
lake owners, so the UI and bots can score hypothetical positions too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.games.colorado.engine.grid import BORDER_CELLS, NEIGHBOURS, NUM_CELLS

if TYPE_CHECKING:
    from game.games.colorado.engine.lakes import Lake

BORDER_POINTS = {1: (6, 2), 2: (9, 3), 3: (4, 2), 4: (2, 1)}
LAKE_POINTS = {1: 1, 2: 2, 3: 3, 4: None}  # None: each lake scores its own value
DOUBLE_POINTS = {1: 2, 2: 3, 3: 2, 4: 1}
DOMAIN_POINTS = {1: (0, 0), 2: (4, 0), 3: (7, 2), 4: (11, 5)}
CATEGORIES = ("borders", "lakes", "doubles", "domain")


def groups(owner: Sequence[int], num_players: int) -> list[list[list[int]]]:
    """Per player, their groups of side-adjacent cells, each sorted, in board order."""
    seen = [False] * NUM_CELLS
    out: list[list[list[int]]] = [[] for _ in range(num_players)]
    for start in range(NUM_CELLS):
        player = owner[start]
        if player < 0 or seen[start]:
            continue
        seen[start] = True
        stack = [start]
        group = []
        while stack:
            i = stack.pop()
            group.append(i)
            for n in NEIGHBOURS[i]:
                if not seen[n] and owner[n] == player:
                    seen[n] = True
                    stack.append(n)
        group.sort()
        out[player].append(group)
    return out


def rank_prizes(counts: Sequence[int], prizes: Sequence[int]) -> list[int]:
    """Points per player for a ranked category.

    A player's rank is 1 + the number of players with a strictly larger count: tied players
    share a rank and all score it, and the next rank is skipped.  A count of 0 never scores.
    """
    out = []
    for c in counts:
        rank = 1 + sum(1 for other in counts if other > c)
        out.append(prizes[rank - 1] if c > 0 and rank <= len(prizes) else 0)
    return out


@dataclass(frozen=True, init=False)
class CategoryScore:
    category: str
    player: int
    points: int
    count: int             # border cells / lakes owned / doubles / largest domain size
    cells: tuple[int, ...]  # the cells that scored (for lakes: the lakes' cells)

    def __init__(self, category: str, player: int, points: int, count: int,
                 cells: tuple[int, ...]) -> None:
        # stored straight, not through a frozen dataclass's ``object.__setattr__`` calls:
        # every round of every game a search plays out scores four categories per player
        fields = self.__dict__
        fields["category"] = category
        fields["player"] = player
        fields["points"] = points
        fields["count"] = count
        fields["cells"] = cells


def score_round(round_no: int, owner: Sequence[int], lake_owner: Sequence[int],
                lakes: Sequence[Lake], num_players: int) -> list[CategoryScore]:
    """Every player's score in every category at the end of round ``round_no`` (1-4).

    ``lakes`` are ``Lake`` objects (value, cells).  The list holds one entry per player and
    category, in category order then player order, points 0 included.
    """
    players = range(num_players)
    border_cells: list[list[int]] = [[] for _ in players]
    for i in BORDER_CELLS:
        if owner[i] >= 0:
            border_cells[owner[i]].append(i)
    player_groups = groups(owner, num_players)
    doubles = [[g for g in gs if len(g) == 2] for gs in player_groups]
    largest = []
    for gs in player_groups:
        big = [g for g in gs if len(g) >= 3]
        largest.append(max(big, key=len) if big else [])

    border_pts = rank_prizes([len(b) for b in border_cells], BORDER_POINTS[round_no])
    domain_pts = rank_prizes([len(g) for g in largest], DOMAIN_POINTS[round_no])
    per_lake = LAKE_POINTS[round_no]
    out = []
    for p in players:
        out.append(CategoryScore("borders", p, border_pts[p], len(border_cells[p]),
                                 tuple(border_cells[p])))
    for p in players:
        owned = [lake for lake in lakes if lake_owner[lake.index] == p]
        pts = sum(lake.value if per_lake is None else per_lake for lake in owned)
        out.append(CategoryScore("lakes", p, pts, len(owned),
                                 tuple(i for lake in owned for i in lake.cells)))
    for p in players:
        out.append(CategoryScore("doubles", p, DOUBLE_POINTS[round_no] * len(doubles[p]),
                                 len(doubles[p]), tuple(i for g in doubles[p] for i in g)))
    for p in players:
        out.append(CategoryScore("domain", p, domain_pts[p], len(largest[p]),
                                 tuple(largest[p])))
    return out
