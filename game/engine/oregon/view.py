"""What each player may see, and the way back from a view to a playable state.

``make_view(state, viewer)`` is a JSON-able dict (keys listed in ``make_view``).  Public to
all: board, buildings, farmers, scores, token sides, stacks, deck and discard sizes, the
discard piles, coal/gold counts, hand sizes with their landscape/building split, start
tiles, the phase and whose turn it is.  Private to ``viewer``: their hand, their own
coal/gold values and the building card they just drew if it may be redrawn.  Hidden from
all: deck order, other hands, token supplies and other players' token values (all token
values are shown once the game is over).

``state_from_view(view, seed)`` rebuilds an ``OregonState`` that agrees with everything the
view shows, filling the hidden parts with the unseen cards and tokens (shuffled when a seed
is given: a determinisation for search bots).  ``legal_actions_from_view`` uses it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from game.engine.core import Action, Event
from game.engine.oregon.cards import (
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
from game.engine.oregon.geometry import bits, make_board
from game.engine.oregon.phases import OVER

if TYPE_CHECKING:
    from game.engine.oregon.state import OregonState

# keys of Event.data that only the event's private_to player may read
PRIVATE_EVENT_KEYS = frozenset({"card", "value", "dead"})


def make_view(st: OregonState, viewer: int | None) -> dict[str, Any]:
    """The view of ``viewer`` (None: an onlooker who sees public information only)."""
    n = st.num_players
    b = st.board
    xy = b.xy

    def cells(mask: int) -> list[list[int]]:
        return [list(xy[i]) for i in bits(mask)]

    players = []
    for q in range(n):
        land, build = st.hand_split(q)
        sc = st.start_cells[q]
        players.append({
            "colour": PLAYER_COLOURS[q],
            "name": player_name(q),
            "score": st.score[q],
            "farmers": cells(st.farmers[q]),
            "farmers_left": st.farmers_left[q],
            "farmers_on_board": FARMERS_PER_PLAYER - st.farmers_left[q],
            "scored_group_cells": cells(st.marked[q]),
            "joker_active": st.joker[q],
            "extra_active": st.extra[q],
            "coal_count": len(st.coal[q]),
            "gold_count": len(st.gold[q]),
            "hand_size": land + build,
            "hand_landscape": land,
            "hand_building": build,
            "start_tile": BUILDINGS[st.start_tiles[q]] if st.start_tiles[q] >= 0 else None,
            "start_cell": list(xy[sc]) if sc >= 0 else None,
        })
    view: dict[str, Any] = {
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
        "plays": st.plays,
        "extra_used": st.extra_used,
        "drawn_any": st.drawn_any,
        "board": b.to_json(),
        "buildings": [{"cell": list(xy[i]), "building": BUILDINGS[st.tile[i]],
                       "start": bool(st.start_mask >> i & 1)} for i in bits(st.buildings)],
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
    if st.phase == OVER and st.final_scores is not None:
        view["final"] = {
            "scores": list(st.final_scores),
            "ranking": list(st.ranking),
            "winners": list(st._winners),
            "coal": [list(c) for c in st.coal],
            "gold": [list(g) for g in st.gold],
        }
    return view


def event_for(event: Event, viewer: int | None) -> Event:
    """``event`` as ``viewer`` may see it: a private event of another player loses its
    private data (drawn card, token value) and shows its public text."""
    if event.private_to is None or event.private_to == viewer:
        return event
    data = {k: v for k, v in event.data.items() if k not in PRIVATE_EVENT_KEYS}
    return Event(event.kind, event.text_for(viewer), event.player, data)


def events_for(events: list[Event], viewer: int | None) -> list[Event]:
    return [event_for(e, viewer) for e in events]


# --- from a view back to a state -----------------------------------------------------------
def state_from_view(view: dict[str, Any], seed: int | None = None) -> OregonState:
    """A full state consistent with ``view``; hidden parts are filled with the unseen cards
    and token values (in a fixed order, or shuffled with ``seed``)."""
    from game.engine.oregon.state import OregonState

    bj = view["board"]
    board = make_board(bj["terrain"], bj["column_symbols"], bj["row_symbols"])
    n = int(view["num_players"])
    st = OregonState(n, 0 if seed is None else seed, {}, board)
    rng = random.Random(seed) if seed is not None else None
    viewer = view.get("viewer")
    idx = board.index

    st.phase = view["phase"]
    st.current = view["current"]
    st.start_player = view["start_player"]
    st.turn = view["turn"]
    st.plays = view["plays"]
    st.extra_used = view["extra_used"]
    st.drawn_any = view["drawn_any"]
    for entry in view["buildings"]:
        i = idx(entry["cell"])
        t = BUILDING_INDEX[entry["building"]]
        bit = 1 << i
        st.bmask[t] |= bit
        st.buildings |= bit
        st.occupied |= bit
        st.tile[i] = t
        if entry["start"]:
            st.start_mask |= bit
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
    st.discard = [list(view["discards"]["landscape"]), list(view["discards"]["building"])]
    st.removed = list(view["removed"])
    end = view["end"]
    st.end_triggered = end["triggered"]
    st.end_reason = end["reason"] or ""
    st.end_by = end["by"] if end["by"] is not None else -1

    # cards: what the viewer cannot see is dealt from the unseen ones
    own_hand = list(view["hand"]) if view.get("hand") is not None else None
    seen = set(st.discard[0]) | set(st.discard[1]) | set(st.removed)
    if own_hand is not None:
        seen |= set(own_hand)
    unseen_land = [c for c in LANDSCAPE_CARDS if c not in seen]
    unseen_build = [c for c in BUILDING_CARDS if c not in seen]
    if rng is not None:
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

    # tokens
    final = view.get("final")
    for attr, values, supply_attr in (("coal", COAL_VALUES, "coal_supply"),
                                      ("gold", GOLD_VALUES, "gold_supply")):
        if final is not None:
            held = [list(v) for v in final[attr]]
        else:
            pool = Counter(values)
            own = view.get(attr) if viewer is not None else None
            if own is not None:
                pool.subtract(own)
            rest = sorted(pool.elements())
            if rng is not None:
                rng.shuffle(rest)
            held = []
            for q, pv in enumerate(view["players"]):
                if own is not None and q == viewer:
                    held.append(list(own))
                else:
                    k = pv[f"{attr}_count"]
                    held.append([rest.pop() for _ in range(k)])
            supply = rest
        if final is not None:
            pool = Counter(values)
            for h in held:
                pool.subtract(h)
            supply = sorted(pool.elements())
        setattr(st, attr, held)
        setattr(st, supply_attr, supply)
    if final is not None:
        st.final_scores = list(final["scores"])
        st.ranking = list(final["ranking"])
        st._winners = list(final["winners"])
    return st


def legal_actions_from_view(view: dict[str, Any]) -> list[Action]:
    """The viewer's legal actions, from their own view alone."""
    viewer = view.get("viewer")
    if viewer is None or viewer not in view["to_act"]:
        return []
    return state_from_view(view).legal_actions(viewer)
