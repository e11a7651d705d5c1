"""Final scoring: camel groups along the path and land areas under a player's markers.

- Camels: the size of the player's largest group of own camels connected along the path
  (side-adjacent path cells) × their goods tiles.
- Oasis / steppe / stone: tiles (bonus squares included) in every area controlled by the
  player × springs / horses / ovoo.
"""

from __future__ import annotations

from itertools import compress, repeat
from operator import eq
from typing import TYPE_CHECKING, Any

from game.games.oasis.engine.cards import KIND_CODE, LAND_KINDS, SCORE_FOR_LAND

if TYPE_CHECKING:
    from game.games.oasis.engine.geometry import OasisBoard


def camel_groups(board: OasisBoard, camel_at: list[int], p: int) -> list[list[int]]:
    """Player ``p``'s camel groups (cells), largest first, ties by first cell."""
    seen: set[int] = set()
    groups = []
    for c in board.path_cells:
        if camel_at[c] != p or c in seen:
            continue
        group = [c]
        seen.add(c)
        i = 0
        while i < len(group):
            for nb in board.path_nbrs[group[i]]:
                if camel_at[nb] == p and nb not in seen:
                    seen.add(nb)
                    group.append(nb)
            i += 1
        groups.append(sorted(group))
    groups.sort(key=lambda g: (-len(g), g[0]))
    return groups


def land_count(a_kind: list[int], a_owner: list[int], a_size: list[int], p: int,
               k: int) -> tuple[int, list[int]]:
    """Tiles of kind ``k`` in areas controlled by ``p``, and those areas' ids."""
    ids = [a for a in range(len(a_kind))
           if a_owner[a] == p and a_kind[a] == k and a_size[a] > 0]
    return sum(a_size[a] for a in ids), ids


def score_breakdown(largest_group: int, goods: int, land_tiles: dict[str, int],
                    score_tiles: dict[str, int]) -> dict[str, int]:
    """Points per category and the total, from counts (the worked example uses this)."""
    out = {"camels": largest_group * goods}
    for kind in LAND_KINDS:
        out[kind] = land_tiles.get(kind, 0) * score_tiles.get(SCORE_FOR_LAND[kind], 0)
    out["total"] = sum(out.values())
    return out


def final_scores(board: OasisBoard, camel_at: list[int], a_kind: list[int],
                 a_owner: list[int], a_size: list[int],
                 score_tiles: list[dict[str, int]]) -> list[dict[str, Any]]:
    """For each player: points per category, the total and what scored (JSON-able)."""
    out = []
    for p, held in enumerate(score_tiles):
        groups = camel_groups(board, camel_at, p)
        best = groups[0] if groups else []
        lands: dict[str, int] = {}
        detail: dict[str, Any] = {
            "camels": {"group": [list(board.xy[c]) for c in best], "size": len(best),
                       "goods": held.get("goods", 0)},
        }
        for kind in LAND_KINDS:
            count, ids = land_count(a_kind, a_owner, a_size, p, KIND_CODE[kind])
            lands[kind] = count
            detail[kind] = {"areas": ids, "tiles": count,
                            SCORE_FOR_LAND[kind]: held.get(SCORE_FOR_LAND[kind], 0)}
        points = score_breakdown(len(best), held.get("goods", 0), lands, held)
        for key, value in points.items():
            if key != "total":
                detail[key]["points"] = value
        detail["total"] = points["total"]
        out.append(detail)
    return out


def player_total(board: OasisBoard, camel_at: list[int], a_kind: list[int],
                 a_owner: list[int], a_size: list[int], p: int, held: dict[str, int]) -> int:
    """``p``'s points if the game ended now, with the score tiles ``held``."""
    groups = camel_groups(board, camel_at, p)
    # A player's view counts this at every move: ``p``'s areas are found in one pass over
    # the owners (areas merged away hold no tiles), not one pass per kind.
    tiles = [0, 0, 0, 0]  # by kind code
    for a in compress(range(len(a_owner)), map(eq, a_owner, repeat(p))):
        tiles[a_kind[a]] += a_size[a]
    lands = {kind: tiles[KIND_CODE[kind]] for kind in LAND_KINDS}
    return score_breakdown(len(groups[0]) if groups else 0, held.get("goods", 0), lands,
                           held)["total"]
