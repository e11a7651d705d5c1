"""What one player (or an onlooker) may know: ``rules/oasis.md`` "What each player may see".

Public: the board (tiles, areas, markers, camels), the offers on the table, who took which
offer, the discs (held face up at the start of the round, and which disc each player was
handed), sizes of offer decks and the draw deck, the discards (every discarded card was
shown face up), camels and markers left, supplies, how many score tiles each player holds,
the cards being carried out.

Board keys: ``"tile"``, ``"area"`` and ``"camel"`` are per-cell lists indexed
``y * width + x`` (land kind or None; area id or -1; camel owner or -1); ``"areas"`` lists
every area with its kind, owner (-1 = uncontrolled), size, marker cell and cells;
``"board"`` holds the static layout (path cells, bonus squares, edge cells).  Cells are
``(x, y)`` tuples.  Private: the kinds of one's own score tiles (``"score_tiles"``
only in one's own player entry).  Hidden from all: the order and contents of every offer deck
(even from its owner) and of the draw deck; ``"unseen"`` gives their combined make-up, which
anyone can work out from the cards shown.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from game.engine.oasis.cards import CAMELS_EACH, COLOURS, KIND_NAME, LAND_KINDS, MARKERS_EACH

if TYPE_CHECKING:
    from game.engine.oasis.state import OasisState


def _board_info(st: OasisState) -> dict[str, Any]:
    """The static part of the view, built once per board (immutable tuples)."""
    b = st.board
    info = b.action_cache.get("view")
    if info is None:
        info = b.action_cache["view"] = {
            "name": b.name, "width": b.width, "height": b.height,
            "path": tuple(b.xy[c] for c in b.path_cells),
            "bonus": tuple((*b.xy[c], KIND_NAME[b.bonus[c]]) for c in b.bonus_cells),
            "edge": tuple(b.xy[c] for c in b.place_cells if b.edge[c]),
        }
    return info


def build_view(st: OasisState, player: int | None) -> dict[str, Any]:
    b = st.board
    xy = b.xy
    n = st.num_players
    area = st.area
    area_cells: dict[int, list[tuple[int, int]]] = {}
    for c in b.place_cells:
        a = area[c]
        if a != -1:
            if a in area_cells:
                area_cells[a].append(xy[c])
            else:
                area_cells[a] = [xy[c]]
    areas = []
    for a in sorted(area_cells):
        m = st.a_marker[a]
        areas.append({"id": a, "kind": KIND_NAME[st.a_kind[a]], "owner": st.a_owner[a],
                      "size": st.a_size[a], "marker": xy[m] if m != -1 else None,
                      "cells": area_cells[a]})
    players = []
    for q in range(n):
        entry: dict[str, Any] = {
            "colour": COLOURS[q],
            "disc": st.disc[q],
            "handed": st.handed[q] or None,
            "offer_deck": len(st.offer_decks[q]),
            "offer": list(st.offers[q]),
            "offer_taken_by": st.taken_by[q] if st.taken_by[q] != -1 else None,
            "took": st.took[q] if st.took[q] != -1 else None,
            "camels_left": st.camels_left[q],
            "markers_left": MARKERS_EACH - len(st.markers[q]),
            "markers": [xy[m] for m in st.markers[q]],
            "score_tile_count": sum(st.score_tiles[q].values()),
        }
        if q == player:
            entry["score_tiles"] = dict(st.score_tiles[q])
        players.append(entry)
    actor = st.actor()
    return {
        "game": st.GAME_ID,
        "me": player,
        "num_players": n,
        "board": dict(_board_info(st)),
        "phase": st.phase,
        "step": st.step(),
        "round": st.round,
        "to_act": st.to_act(),
        "order": list(st.order),
        "offering": actor if st.phase == "offer" else None,
        "choosing_disc": st.pos + 1 if st.phase in ("choose", "carry") else None,
        "bonus_player": st.bonus_player if st.phase == "bonus" else None,
        "carrying": {
            "player": actor, "pending": list(st.pending), "current": st.current,
            "left": st.left, "done": list(st.done),
        } if st.phase == "carry" else None,
        "players": players,
        "tile": [KIND_NAME[k] for k in st.tiles],
        "area": list(area),
        "camel": list(st.camel_at),
        "areas": areas,
        "camels_each": CAMELS_EACH,
        "path_free": st.path_free,
        "supply": {kind: st.supply[i + 1] for i, kind in enumerate(LAND_KINDS)},
        "score_supply": dict(st.score_supply),
        "draw_deck": len(st.draw),
        "discards": list(st.discards),
        "unseen": st.unseen_counts(),
        "end_triggered": bool(st.end_reason),
        "end_reason": st.end_reason or None,
        "final": copy.deepcopy(st.final),
        "ranking": list(st.ranking) if st.phase == "over" else None,
    }
