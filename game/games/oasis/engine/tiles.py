"""Land tiles: placed one per action while a tile card is carried out (or as the bonus
action), by the placement rules of ``placement``; what happens to control markers.

``marker_from`` of a tile that starts a new area while all 4 markers are in use: the cell
of the marker to move onto it, or "none" to leave the new area uncontrolled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.events import Event
from game.engine.messages import N_, NN_, Message, Sentence, T, say
from game.games.oasis.engine import flow, placement
from game.games.oasis.engine.actions import BonusTile, MarkerChoice, PlaceTile
from game.games.oasis.engine.camels import card_step_done
from game.games.oasis.engine.cards import (
    AREA_TERMS,
    CARD_TERMS,
    CARDS,
    KIND_CODE,
    KIND_TERMS,
    LAND_KINDS,
    MARKERS_EACH,
    TILE_TERMS,
)
from game.games.oasis.engine.checks import at, cell_problem, phase_problem
from game.games.oasis.engine.events import Emit, TilePlaced, seat
from game.games.oasis.engine.phases import Phase

if TYPE_CHECKING:
    from game.games.oasis.engine.state import OasisState

_S, _E = placement.START, placement.EXTEND
# (bonus action, how the tile joins the land, took in uncontrolled land) -> line; {tile} is
# "an oasis tile", {area} "oasis area" (terms)
_PLACED: dict[tuple[bool, str, bool], Message] = {
    (False, _S, False): N_("{player} places {tile} at {cell} and starts a new {area}"),
    (False, _S, True): NN_(
        "{player} places {tile} at {cell} and starts a new {area}, taking in uncontrolled "
        "land (now {n} tile)",
        "{player} places {tile} at {cell} and starts a new {area}, taking in uncontrolled "
        "land (now {n} tiles)"),
    (False, _E, False): NN_(
        "{player} places {tile} at {cell} and extends their {area} (now {n} tile)",
        "{player} places {tile} at {cell} and extends their {area} (now {n} tiles)"),
    (False, _E, True): NN_(
        "{player} places {tile} at {cell} and extends their {area}, taking in uncontrolled "
        "land (now {n} tile)",
        "{player} places {tile} at {cell} and extends their {area}, taking in uncontrolled "
        "land (now {n} tiles)"),
    (True, _S, False): N_("Bonus: {player} places {tile} at {cell} and starts a new {area}"),
    (True, _S, True): NN_(
        "Bonus: {player} places {tile} at {cell} and starts a new {area}, taking in "
        "uncontrolled land (now {n} tile)",
        "Bonus: {player} places {tile} at {cell} and starts a new {area}, taking in "
        "uncontrolled land (now {n} tiles)"),
    (True, _E, False): NN_(
        "Bonus: {player} places {tile} at {cell} and extends their {area} (now {n} tile)",
        "Bonus: {player} places {tile} at {cell} and extends their {area} (now {n} tiles)"),
    (True, _E, True): NN_(
        "Bonus: {player} places {tile} at {cell} and extends their {area}, taking in "
        "uncontrolled land (now {n} tile)",
        "Bonus: {player} places {tile} at {cell} and extends their {area}, taking in "
        "uncontrolled land (now {n} tiles)"),
}
# The kinds' terms as message arguments, made once (see ``cards.CARD_TERMS``).
_TILE_ARGS = {kind: T(TILE_TERMS[kind]) for kind in LAND_KINDS}
_AREA_ARGS = {kind: T(AREA_TERMS[kind]) for kind in LAND_KINDS}
_LAST_TILE = {"oasis": N_("The last oasis tile is placed"),
              "steppe": N_("The last steppe tile is placed"),
              "stone": N_("The last stone tile is placed")}
_WRONG_KIND = {"oasis": N_("{card} places oasis tiles only"),
               "steppe": N_("{card} places steppe tiles only"),
               "stone": N_("{card} places stone tiles only")}


def tile_problem(st: OasisState, kind: str, cell: Any, marker_from: MarkerChoice,
                 p: int) -> Sentence | None:
    """Why ``p`` may not place a ``kind`` tile on ``cell`` with this marker choice."""
    if kind not in KIND_CODE:
        return say(N_("{kind} is not a kind of land tile: {kinds}"), kind=repr(kind),
                   kinds=[T(KIND_TERMS[k]) for k in LAND_KINDS])
    problem = cell_problem(st, cell)
    if problem:
        return problem
    mode, reason = placement.tile_mode(st, KIND_CODE[kind], at(st, cell), p)
    if mode is None:
        return reason
    if mode == placement.EXTEND or len(st.markers[p]) < MARKERS_EACH:
        if marker_from is None:
            return None
        return say(N_("This tile extends your area: no marker moves")
                   if mode == placement.EXTEND
                   else N_("You have an unused control marker: it goes on the new area"))
    if marker_from is None:
        return say(N_("All your control markers are in use: move one of them to the new area "
                      "or leave the new area uncontrolled"))
    if marker_from == "none":
        return None
    problem = cell_problem(st, marker_from)
    if problem:
        return problem
    if at(st, marker_from) not in st.markers[p]:  # type: ignore[arg-type]
        return say(N_("You have no control marker at that cell"))
    return None


def check_place_tile(st: OasisState, action: PlaceTile, p: int) -> Sentence | None:
    problem = phase_problem(st, Phase.CARRY, N_("Placing a tile"))
    if problem:
        return problem
    if st.current is None or CARDS[st.current].effect != "tiles":
        return say(N_("Placing a tile needs a tile card being carried out"))
    want = CARDS[st.current].what
    if action.kind != want:
        return say(_WRONG_KIND[want], card=CARD_TERMS[st.current])
    return tile_problem(st, action.kind, action.cell, action.marker_from, p)


def do_place_tile(st: OasisState, action: PlaceTile, p: int) -> list[Event]:
    events = place(st, action, p, bonus=False)
    card_step_done(st)
    return events


def check_bonus_tile(st: OasisState, action: BonusTile, p: int) -> Sentence | None:
    return (phase_problem(st, Phase.BONUS, N_("A bonus tile"))
            or tile_problem(st, action.kind, action.cell, action.marker_from, p))


def do_bonus_tile(st: OasisState, action: BonusTile, p: int) -> list[Event]:
    return place(st, action, p, bonus=True) + flow.end_round(st)


def place(st: OasisState, action: PlaceTile | BonusTile, p: int, bonus: bool) -> list[Event]:
    """Lay the (legal) tile of ``action`` and report it, its marker and a possible end."""
    k, c = KIND_CODE[action.kind], at(st, action.cell)
    src = action.marker_from
    info = placement.place_tile(st, k, c, p, None if src is None
                                else -1 if src == "none" else at(st, src))  # type: ignore[arg-type]
    xy = st.board.xy
    kind = action.kind
    data: TilePlaced = {"kind": kind, "cell": list(xy[c]), "mode": info["mode"], "area": info["area"],
                        "size": info["size"], "absorbed": info["absorbed"],
                        "cells": [list(xy[x]) for x in placement.area_cells(st, info["area"])]}
    args = {"player": seat(p), "tile": _TILE_ARGS[kind], "cell": st.board.cell_names[c],
            "area": _AREA_ARGS[kind], "n": info["size"]}
    line = _PLACED[bonus, info["mode"], bool(info["absorbed"])]
    events = [Emit.tile_placed(line, p, data, args=args)]
    events += marker_events(st, p, c, kind, info)
    if st.supply[k] == 0:
        events += flow.trigger_end(st, "last_tile", kind, _LAST_TILE[kind])
    return events


def marker_events(st: OasisState, p: int, c: int, kind: str,
                  info: dict[str, Any]) -> list[Event]:
    """What became of control markers when ``p``'s tile went on ``c``."""
    xy = st.board.xy
    marker = info["marker"]
    if marker is not None and "moved_from" in marker:
        src = marker["moved_from"]
        return [Emit.marker_moved(N_("{player} moves a control marker from {src} to "
                                     "{dst}; the old area is now uncontrolled"), p,
                                  {"src": list(xy[src]), "dst": list(xy[c]),
                                   "abandoned": marker["abandoned"]},
                                  args={"player": seat(p), "src": st.board.cell_names[src],
                                        "dst": st.board.cell_names[c]})]
    if marker is not None:
        return [Emit.marker_placed(N_("{player} puts a control marker on the new {area}"),
                                   p, {"cell": list(xy[c]),
                                       "markers_left": MARKERS_EACH - len(st.markers[p])},
                                   args={"player": seat(p), "area": _AREA_ARGS[kind]})]
    if info["mode"] == placement.START:
        return [Emit.area_uncontrolled(N_("The new {area} stays uncontrolled"), p,
                                       {"cell": list(xy[c])}, args={"area": _AREA_ARGS[kind]})]
    return []
