"""What each player may see, and the way back from a view to a playable state.

``make_view(state, viewer)`` is a JSON-able dict (its schema is ``OregonView``).  Public to
all: board, buildings, farmers, scores, token sides, stacks, deck and discard sizes, the
discard piles, coal/gold counts, hand sizes with their landscape/building split, start
tiles, the phase and whose turn it is.  Private to ``viewer``: their hand, their own
coal/gold values and the building card they just drew if it may be redrawn.  Hidden from
all: deck order, other hands, token supplies and other players' token values (all token
values are shown once the game is over).

``rebuild_state(cls, view, rng)`` (``OregonState.state_from_view``) rebuilds a state that
agrees with everything the view shows, dealing the hidden parts at random from the unseen
cards and tokens: a determinisation for search bots.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, TypedDict

from game.engine.core import CommonView
from game.games.oregon.engine.cards import (
    BUILDING_CARDS,
    BUILDING_INDEX,
    BUILDINGS,
    COAL_VALUES,
    FARMERS_PER_PLAYER,
    GOLD_VALUES,
    LANDSCAPE_CARDS,
    PLAYER_COLOURS,
    player_name,
)
from game.games.oregon.engine.geometry import bits, make_board
from game.games.oregon.engine.phases import Phase
from game.games.oregon.engine.scoring import POINT_CATEGORIES, SLOTS

if TYPE_CHECKING:
    from game.games.oregon.engine.state import OregonState


class PlayerView(TypedDict):
    """What everyone sees of one player."""

    colour: str
    name: str
    score: int
    farmers: list[list[int]]
    farmers_left: int
    farmers_on_board: int
    scored_group_cells: list[list[int]]
    joker_active: bool
    extra_active: bool
    coal_count: int
    gold_count: int
    hand_size: int
    hand_landscape: int
    hand_building: int
    start_tile: str | None
    start_cell: list[int] | None


class BuildingView(TypedDict):
    cell: list[int]
    building: str
    start: bool


class EndView(TypedDict):
    triggered: bool
    reason: str | None  # "last_farmer" or "stacks"
    by: int | None


class FinalView(TypedDict):
    """The result, once the game is over (every token is revealed)."""

    scores: list[int]
    ranking: list[int]
    winners: list[int]
    coal: list[list[int]]
    gold: list[list[int]]


class OregonView(CommonView):
    """What one seat (or an onlooker: ``viewer`` None) may know of an Oregon game."""

    current: int
    start_player: int
    last_player: int
    turn: int
    plays: int
    extra_used: bool
    drawn_any: bool
    board: dict[str, Any]
    buildings: list[BuildingView]
    stacks: dict[str, int]
    empty_stacks: int
    unused_start_tiles: list[str]
    players: list[PlayerView]
    decks: dict[str, int]  # cards left per deck
    discards: dict[str, list[int]]
    removed: list[int]
    supply: dict[str, int]  # tokens left per kind
    end: EndView
    breakdown: list[dict[str, int]]  # points per scoring category (tokens once revealed)
    hand: list[int] | None  # the viewer's own
    coal: list[int] | None
    gold: list[int] | None
    pending_card: int | None  # the viewer's drawn building card that may be redrawn
    final: FinalView | None

# keys of Event.data that only the event's private_to player may read (the rest is its
# public_data: see ``Event.seen_by``)
PRIVATE_EVENT_KEYS = frozenset({"card", "value", "dead"})


def _cells(st: OregonState, mask: int) -> list[list[int]]:
    xy = st.board.xy
    return [list(xy[i]) for i in bits(mask)]


def _player_view(st: OregonState, q: int) -> PlayerView:
    land, build = st.hand_split(q)
    sc = st.start_cells[q]
    return {
        "colour": PLAYER_COLOURS[q],
        "name": player_name(q),
        "score": st.score[q],
        "farmers": _cells(st, st.farmers[q]),
        "farmers_left": st.farmers_left[q],
        "farmers_on_board": FARMERS_PER_PLAYER - st.farmers_left[q],
        "scored_group_cells": _cells(st, st.marked[q]),
        "joker_active": st.joker[q],
        "extra_active": st.extra[q],
        "coal_count": len(st.coal[q]),
        "gold_count": len(st.gold[q]),
        "hand_size": land + build,
        "hand_landscape": land,
        "hand_building": build,
        "start_tile": BUILDINGS[st.start_tiles[q]] if st.start_tiles[q] >= 0 else None,
        "start_cell": list(st.board.xy[sc]) if sc >= 0 else None,
    }


def make_view(st: OregonState, viewer: int | None) -> OregonView:
    """The view of ``viewer`` (None: an onlooker who sees public information only)."""
    n = st.num_players
    b = st.board
    xy = b.xy
    players = [_player_view(st, q) for q in range(n)]
    tile = st.tile
    starts = bits(st.start_mask)
    result = st.outcome()
    view: OregonView = {
        "game": "oregon",
        "viewer": viewer,
        "num_players": n,
        "phase": st.phase,
        "current": st.current,
        "to_act": st.to_act(),
        "start_player": st.start_player,
        "last_player": st.last_player,
        "turn": st.turn,
        "round": (st.turn - 1) // n + 1 if st.turn > 0 else 0,
        "scores": result.scores,
        "plays": st.plays,
        "extra_used": st.extra_used,
        "drawn_any": st.drawn_any,
        "board": b.to_json(),
        "buildings": [{"cell": list(xy[i]), "building": BUILDINGS[tile[i]], "start": i in starts}
                      for i in bits(st.buildings)],
        "stacks": {BUILDINGS[t]: st.stacks[t] for t in range(len(BUILDINGS))},
        "empty_stacks": st.empty_stacks(),
        "unused_start_tiles": [BUILDINGS[t] for t in st.unused_start],
        "players": players,
        "decks": {"landscape": len(st.deck[0]), "building": len(st.deck[1])},
        "discards": {"landscape": list(st.discard[0]), "building": list(st.discard[1])},
        "removed": list(st.removed),
        "supply": {"coal": len(st.coal_supply), "gold": len(st.gold_supply)},
        "end": {"triggered": st.end_triggered, "reason": st.end_reason or None,
                "by": st.end_by if st.end_triggered else None},
        "breakdown": result.breakdown,
        "hand": None,
        "coal": None,
        "gold": None,
        "pending_card": None,
        "final": None,
    }
    if viewer is not None and 0 <= viewer < n:
        view["hand"] = list(st.hands[viewer])
        view["coal"] = list(st.coal[viewer])
        view["gold"] = list(st.gold[viewer])
        if st.pending >= 0 and st.current == viewer:
            view["pending_card"] = st.pending
    if st.phase == Phase.OVER:
        view["final"] = {
            "scores": list(result.scores),
            "ranking": list(result.ranking),
            "winners": list(result.winners),
            "coal": [list(c) for c in st.coal],
            "gold": [list(g) for g in st.gold],
        }
    return view


# --- from a view back to a state -----------------------------------------------------------
def rebuild_state(cls: type[OregonState], view: dict[str, Any],
                  rng: random.Random) -> OregonState:
    """A full state of class ``cls`` consistent with ``view``: what the viewer cannot see
    (other hands, deck order, token values, the state's own generator) is drawn with
    ``rng`` from the cards and tokens the view does not show."""
    bj = view["board"]
    board = make_board(bj["terrain"], bj["column_symbols"], bj["row_symbols"])
    n = int(view["num_players"])
    st = cls(n, rng.getrandbits(63), {}, board)
    _public_parts(st, view)
    _cards(st, view, rng)
    _tokens(st, view, rng)
    return st


def _public_parts(st: OregonState, view: dict[str, Any]) -> None:
    """Everything every seat sees: phase, board, pieces, scores, tokens' sides."""
    idx = st.board.index
    st.phase = Phase(view["phase"])
    st.current = view["current"]
    st.start_player = view["start_player"]
    st.turn = view["turn"]
    st.plays = view["plays"]
    st.extra_used = view["extra_used"]
    st.drawn_any = view["drawn_any"]
    for entry in view["buildings"]:
        i = idx(entry["cell"])
        st.put_tile(BUILDING_INDEX[entry["building"]], i)
        if entry["start"]:
            st.start_mask |= 1 << i
    st.stacks = [view["stacks"][name] for name in BUILDINGS]
    st.unused_start = [BUILDING_INDEX[name] for name in view["unused_start_tiles"]]
    for q, pv in enumerate(view["players"]):
        m = 0
        for c in pv["farmers"]:
            m |= 1 << idx(c)
        st.farmers[q] = m
        st.all_farmers |= m
        st.occupied |= m
        g = 0
        for c in pv["scored_group_cells"]:
            g |= 1 << idx(c)
        st.marked[q] = g
        st.farmers_left[q] = pv["farmers_left"]
        st.score[q] = pv["score"]
        st.joker[q] = pv["joker_active"]
        st.extra[q] = pv["extra_active"]
        st.start_tiles[q] = BUILDING_INDEX[pv["start_tile"]] if pv["start_tile"] else -1
        st.start_cells[q] = idx(pv["start_cell"]) if pv["start_cell"] else -1
        for slot, term in POINT_CATEGORIES:
            st.earned[q * SLOTS + slot] = view["breakdown"][q][term]
    st.discard = [list(view["discards"]["landscape"]), list(view["discards"]["building"])]
    st.removed = list(view["removed"])
    end = view["end"]
    st.end_triggered = end["triggered"]
    st.end_reason = end["reason"] or ""
    st.end_by = end["by"] if end["by"] is not None else -1


def _cards(st: OregonState, view: dict[str, Any], rng: random.Random) -> None:
    """Hands the viewer cannot see and the decks, dealt from the unseen cards."""
    viewer = view.get("viewer")
    own_hand = list(view["hand"]) if view.get("hand") is not None else None
    seen = set(st.discard[0]) | set(st.discard[1]) | set(st.removed)
    if own_hand is not None:
        seen |= set(own_hand)
    unseen_land = [c for c in LANDSCAPE_CARDS if c not in seen]
    unseen_build = [c for c in BUILDING_CARDS if c not in seen]
    rng.shuffle(unseen_land)
    rng.shuffle(unseen_build)
    for q, pv in enumerate(view["players"]):
        if own_hand is not None and q == viewer:
            st.hands[q] = own_hand
            continue
        land = [unseen_land.pop() for _ in range(pv["hand_landscape"])]
        build = [unseen_build.pop() for _ in range(pv["hand_building"])]
        st.hands[q] = land + build
    st.deck = [unseen_land, unseen_build]
    if len(unseen_land) != view["decks"]["landscape"] or \
            len(unseen_build) != view["decks"]["building"]:
        raise ValueError("the view's card counts do not add up")
    if view.get("pending_card") is not None and viewer == st.current:
        st.pending = view["pending_card"]


def _tokens(st: OregonState, view: dict[str, Any], rng: random.Random) -> None:
    """Token values: the viewer's own and, once the game is over, everyone's are shown;
    the others are dealt from the values not shown, the rest is the supply."""
    viewer = view.get("viewer")
    final = view.get("final")
    for attr, values in (("coal", COAL_VALUES), ("gold", GOLD_VALUES)):
        pool = Counter(values)
        if final is not None:
            held = [list(v) for v in final[attr]]
            for h in held:
                pool.subtract(h)
            supply = sorted(pool.elements())
        else:
            own = view.get(attr) if viewer is not None else None
            if own is not None:
                pool.subtract(own)
            supply = sorted(pool.elements())
            rng.shuffle(supply)
            held = []
            for q, pv in enumerate(view["players"]):
                if own is not None and q == viewer:
                    held.append(list(own))
                else:
                    held.append([supply.pop() for _ in range(pv[f"{attr}_count"])])
        setattr(st, attr, held)
        setattr(st, f"{attr}_supply", supply)
