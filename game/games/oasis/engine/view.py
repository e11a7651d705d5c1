"""What one player (or an onlooker) may know: ``rules/oasis.md`` "What each player may see",
and a full state rebuilt from it (``rebuild_state``).

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
only in one's own player entry) and so one's own score so far (``"scores"``: others count 0
until the final scoring).  Hidden from all: the order and contents of every offer deck
(even from its owner) and of the draw deck; ``"unseen"`` gives their combined make-up, which
anyone can work out from the cards shown.
"""

from __future__ import annotations

import copy
import random
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from game.engine.core import CommonView, GameState
from game.games.oasis.engine import placement
from game.games.oasis.engine.cards import (
    CAMELS_EACH,
    COLOURS,
    KIND_CODE,
    KIND_NAME,
    LAND_KINDS,
    MARKERS_EACH,
    SCORE_FOR_LAND,
    SCORE_KINDS,
    SCORE_SUPPLY,
)
from game.games.oasis.engine.geometry import board_from_options
from game.games.oasis.engine.phases import Phase
from game.games.oasis.engine.scoring import player_total

if TYPE_CHECKING:
    from game.games.oasis.engine.geometry import OasisBoard
    from game.games.oasis.engine.state import OasisState

Cell = tuple[int, int]
# a view's tile (land kind or None) -> the state's code
_TILE_CODE: dict[str | None, int] = {kind: code for kind, code in KIND_CODE.items()}
_TILE_CODE[None] = 0


class BoardInfo(TypedDict):
    name: str
    width: int
    height: int
    path: tuple[Cell, ...]
    bonus: tuple[tuple[int, int, str], ...]  # (x, y, land kind)
    edge: tuple[Cell, ...]


class AreaView(TypedDict):
    id: int
    kind: str
    owner: int
    size: int
    marker: Cell | None
    cells: list[Cell]


class PlayerView(TypedDict):
    colour: str
    disc: int
    handed: int | None
    offer_deck: int
    offer: list[str]
    offer_taken_by: int | None
    took: int | None
    camels_left: int
    markers_left: int
    markers: list[Cell]
    score_tile_count: int
    score_tiles: NotRequired[dict[str, int]]  # the viewer's own entry only


class CarryingView(TypedDict):
    player: int
    pending: list[str]
    current: str | None
    left: int
    done: list[str]


class OasisView(CommonView):
    me: int | None  # the viewer (the name the bots and tables read)
    options: dict[str, Any]
    board: BoardInfo
    step: str
    order: list[int]
    offering: int | None
    choosing_disc: int | None
    bonus_player: int | None
    carrying: CarryingView | None
    players: list[PlayerView]
    tile: list[str | None]
    area: list[int]
    camel: list[int]
    areas: list[AreaView]
    camels_each: int
    path_free: int
    supply: dict[str, int]
    score_supply: dict[str, int]
    draw_deck: int
    discards: list[str]
    unseen: dict[str, int]
    end_triggered: bool
    end_reason: str | None
    end_cause: dict[str, Any] | None  # the reason as a message (``messages.M``)
    final: list[dict[str, Any]] | None
    ranking: list[int] | None


def _board_info(st: OasisState) -> BoardInfo:
    """The static part of the view, built once per board (immutable tuples)."""
    b = st.board
    info = b.action_cache.get("view")
    if info is None:
        info = b.action_cache["view"] = BoardInfo(
            name=b.name, width=b.width, height=b.height,
            path=tuple(b.xy[c] for c in b.path_cells),
            bonus=tuple((*b.xy[c], KIND_NAME[b.bonus[c]] or "") for c in b.bonus_cells),
            edge=tuple(b.xy[c] for c in b.place_cells if b.edge[c]),
        )
    return info


def _areas(st: OasisState) -> list[AreaView]:
    b = st.board
    xy, area = b.xy, st.area
    cells: list[list[Cell] | None] = [None] * len(st.a_kind)  # by area id
    for c in b.cells_of(b.place_bits ^ st.empty_bits):  # the tiles, in cell order
        group = cells[area[c]]
        if group is None:
            cells[area[c]] = [xy[c]]
        else:
            group.append(xy[c])
    kinds, owners, sizes, markers = st.a_kind, st.a_owner, st.a_size, st.a_marker
    # Dict displays (what the TypedDicts make, keys in their order): far cheaper than calls.
    return [{"id": a, "kind": KIND_NAME[kinds[a]], "owner": owners[a],  # type: ignore[typeddict-item]
             "size": sizes[a], "marker": xy[markers[a]] if markers[a] != -1 else None,
             "cells": group}
            for a, group in enumerate(cells) if group is not None]


def _player(st: OasisState, q: int, viewer: int | None) -> PlayerView:
    xy = st.board.xy
    entry: PlayerView = {
        "colour": COLOURS[q], "disc": st.disc[q], "handed": st.handed[q] or None,
        "offer_deck": len(st.offer_decks[q]), "offer": list(st.offers[q]),
        "offer_taken_by": st.taken_by[q] if st.taken_by[q] != -1 else None,
        "took": st.took[q] if st.took[q] != -1 else None,
        "camels_left": st.camels_left[q], "markers_left": MARKERS_EACH - len(st.markers[q]),
        "markers": [xy[m] for m in st.markers[q]],
        "score_tile_count": sum(st.score_tiles[q].values()),
    }
    if q == viewer:
        entry["score_tiles"] = dict(st.score_tiles[q])
    return entry


def _known_scores(st: OasisState, viewer: int | None) -> list[int]:
    """The final totals; while playing, the viewer's own score so far and 0 for the others
    (their points come from face-down score tiles)."""
    if st.final is not None or viewer is None:
        return st.scores()
    out = [0] * st.num_players
    out[viewer] = player_total(st.board, st.camel_at, st.a_kind, st.a_owner, st.a_size,
                               viewer, st.score_tiles[viewer])
    return out


def build_view(st: OasisState, player: int | None) -> OasisView:
    phase = st.phase
    actor = st.actor()
    return OasisView(
        game=st.GAME_ID, me=player, viewer=player, num_players=st.num_players,
        options=copy.deepcopy(st.options), board=_board_info(st).copy(), phase=phase,
        step=st.step(), round=st.round, to_act=st.to_act(), order=list(st.order),
        offering=actor if phase == Phase.OFFER else None,
        choosing_disc=st.pos + 1 if phase in (Phase.CHOOSE, Phase.CARRY) else None,
        bonus_player=st.bonus_player if phase == Phase.BONUS else None,
        carrying=CarryingView(player=actor, pending=list(st.pending), current=st.current,
                              left=st.left, done=list(st.done)) if phase == Phase.CARRY else None,
        players=[_player(st, q, player) for q in range(st.num_players)],
        tile=[KIND_NAME[k] for k in st.tiles], area=list(st.area), camel=list(st.camel_at),
        areas=_areas(st), camels_each=CAMELS_EACH, path_free=st.path_free,
        supply={kind: st.supply[i + 1] for i, kind in enumerate(LAND_KINDS)},
        score_supply=dict(st.score_supply), draw_deck=len(st.draw),
        discards=list(st.discards), unseen=st.unseen_counts(),
        end_triggered=st.end_cause is not None, end_reason=st.end_reason or None,
        end_cause=copy.deepcopy(st.end_cause), final=copy.deepcopy(st.final),
        ranking=list(st.ranking) if phase == Phase.OVER else None,
        scores=_known_scores(st, player),
    )


# --- determinization ------------------------------------------------------------------------
def rebuild_state(cls: type[OasisState], view: dict[str, Any],
                  rng: random.Random) -> OasisState:
    """A full state that shows ``view`` to its viewer: what the view holds copied, what it
    hides drawn with ``rng`` (see ``OasisState.state_from_view``)."""
    st = cls.__new__(cls)
    GameState.__init__(st, view["num_players"], rng.getrandbits(63), view["options"])
    board = board_from_options(st.options)
    _init_hidden_fields(st, board)
    players = view["players"]
    st.phase, st.round, st.order = Phase(view["phase"]), view["round"], list(view["order"])
    st.disc = [pv["disc"] for pv in players]
    st.handed = [pv["handed"] or 0 for pv in players]
    st.took = [-1 if pv["took"] is None else pv["took"] for pv in players]
    st.taken_by = [-1 if pv["offer_taken_by"] is None else pv["offer_taken_by"]
                   for pv in players]
    st.offers = [list(pv["offer"]) for pv in players]
    st.camels_left = [pv["camels_left"] for pv in players]
    st.markers = [[_index(st, m) for m in pv["markers"]] for pv in players]
    _rebuild_turn(st, view)
    st.supply = [0, *(view["supply"][kind] for kind in LAND_KINDS)]
    st.score_supply = dict(view["score_supply"])
    st.tiles = list(map(_TILE_CODE.__getitem__, view["tile"]))
    st.area = list(view["area"])
    st.camel_at = list(view["camel"])
    st.path_free = view["path_free"]
    _rebuild_areas(st, view["areas"])
    placement.index_areas(st)
    st.empty = board.cells_of(st.empty_bits)  # the empty placement cells, in cell order
    st.discards = list(view["discards"])
    st.end_cause = copy.deepcopy(view["end_cause"])
    st.final = copy.deepcopy(view["final"])
    st.ranking = list(view["ranking"] or [])
    _deal_unseen(st, view, rng)
    _deal_score_tiles(st, view, rng)
    if st.phase == Phase.OFFER:
        p = st.order[st.pos]
        st.offer_start = len(st.offer_decks[p]) + len(st.offers[p])
    return st


def _init_hidden_fields(st: OasisState, board: OasisBoard) -> None:
    """The fields ``rebuild_state`` does not copy from the view (``init_fields`` would set
    every field, most of them only to be replaced)."""
    n = st.num_players
    st.board = board
    st.offer_decks = [[] for _ in range(n)]  # dealt from the unseen cards
    st.score_tiles = [{} for _ in range(n)]  # dealt from what left the supply
    st.offer_start = 0
    st.pending, st.current, st.left, st.done = [], None, 0, []  # unless carrying
    st._setup = ()
    st.legal_memo = None


def _index(st: OasisState, cell: Any) -> int:
    x: int
    y: int
    x, y = cell
    return y * st.board.width + x


def _rebuild_turn(st: OasisState, view: dict[str, Any]) -> None:
    """Who is at which step of the round."""
    phase = st.phase
    if phase == Phase.OFFER:
        st.pos = st.order.index(view["offering"])
    elif phase in (Phase.CHOOSE, Phase.CARRY):
        st.pos = view["choosing_disc"] - 1
    else:  # every chooser has carried out their cards
        st.pos = st.num_players
    carrying = view["carrying"]
    if carrying is not None:
        st.pending = list(carrying["pending"])
        st.current = carrying["current"]
        st.left = carrying["left"]
        st.done = list(carrying["done"])
    st.bonus_player = -1 if view["bonus_player"] is None else view["bonus_player"]


def _rebuild_areas(st: OasisState, areas: list[dict[str, Any]]) -> None:
    """Area tables from the live areas (ids merged away stay empty)."""
    count = max(map(itemgetter("id"), areas), default=-1) + 1
    st.a_kind, st.a_owner = kinds, owners = [0] * count, [-1] * count
    st.a_size, st.a_marker = sizes, markers = [0] * count, [-1] * count
    width = st.board.width
    for a in areas:
        i = a["id"]
        kinds[i] = KIND_CODE[a["kind"]]
        owners[i] = a["owner"]
        sizes[i] = a["size"]
        m = a["marker"]
        if m is not None:
            markers[i] = m[1] * width + m[0]


def _deal_unseen(st: OasisState, view: dict[str, Any], rng: random.Random) -> None:
    """The unseen cards shuffled over the offer decks and the draw deck, in their sizes."""
    cards = [card for card, count in view["unseen"].items() for _ in range(count)]
    rng.shuffle(cards)
    for q, pv in enumerate(view["players"]):
        size = pv["offer_deck"]
        st.offer_decks[q] = cards[:size]
        del cards[:size]
    st.draw = cards


def _deal_score_tiles(st: OasisState, view: dict[str, Any], rng: random.Random) -> None:
    """Score tiles: all known after the final scoring, the viewer's own always; the others'
    drawn from what left the supply and is not the viewer's, in the counts they hold."""
    final = view["final"]
    if final is not None:
        st.score_tiles = [{"goods": f["camels"]["goods"],
                           **{SCORE_FOR_LAND[k]: f[k][SCORE_FOR_LAND[k]] for k in LAND_KINDS}}
                          for f in final]
        return
    viewer = view["viewer"]
    own = view["players"][viewer]["score_tiles"] if viewer is not None else {}
    pool = [kind for kind in SCORE_KINDS
            for _ in range(SCORE_SUPPLY[kind] - st.score_supply[kind] - own.get(kind, 0))]
    rng.shuffle(pool)
    for q, pv in enumerate(view["players"]):
        held = dict.fromkeys(SCORE_KINDS, 0)
        if q == viewer:
            held.update(own)
        else:
            for kind in pool[:pv["score_tile_count"]]:
                held[kind] += 1
            del pool[:pv["score_tile_count"]]
        st.score_tiles[q] = held
