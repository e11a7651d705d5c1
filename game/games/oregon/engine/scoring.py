"""What a placement earns, computed once and used twice: ``plays`` applies it,
``rules.preview`` shows it before the player commits (so the two always agree).

Farmer placed: only the active player scores, once per building among the farmer's 8
neighbours; plus the group bonus.  Building placed: every player with adjacent farmers
scores per own adjacent farmer, in turn order from the active player (the order in which
coal and gold tokens are taken while the supply lasts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from game.engine.actions import Action
from game.engine.messages import N_
from game.games.oregon.engine.actions import PlaceBuilding, PlaceFarmer
from game.games.oregon.engine.cards import (
    BUILDING_INDEX,
    BUILDINGS,
    CHURCH,
    COAL_MINE,
    GOLD_MINE,
    HARBOUR,
    POST_OFFICE,
    STATION,
    STORE,
    card_building,
)

if TYPE_CHECKING:
    from game.games.oregon.engine.state import OregonState

GROUP_BONUS = 5
GROUP = "group"


class Gain(NamedTuple):
    """One scoring item for one player."""

    player: int
    reason: str  # a building id ("church"...) or "group"
    cell: int  # the building's cell (group bonus: the new farmer's cell)
    points: int
    coal: int  # tokens taken (as far as the supply lasts)
    gold: int
    coal_short: int  # tokens owed that an empty supply could not give
    gold_short: int
    joker: bool  # the joker turns from spent to active
    extra: bool  # the extra-turn token turns from spent to active
    farmers: int  # own farmers adjacent to the building (1 for a farmer placement)
    group: int  # group bonus: cell mask of the group


class Outcome(NamedTuple):
    gains: list[Gain]
    mark: int  # cells the active player's group marking grows by (0: none)


def _take(left: int, wanted: int) -> tuple[int, int, int]:
    got = wanted if wanted <= left else left
    return got, wanted - got, left - got


def farmer_outcome(st: OregonState, p: int, cell: int, joker_spent: bool) -> Outcome:
    """Gains of ``p`` putting a farmer on ``cell`` (``joker_spent``: the joker is used for
    this very play, so a store turns it active again)."""
    b = st.board
    n8 = b.n8
    bit = 1 << cell
    allf = st.all_farmers | bit
    joker_on = st.joker[p] and not joker_spent
    extra_on = st.extra[p]
    coal_left = len(st.coal_supply)
    gold_left = len(st.gold_supply)
    tile = st.tile
    gains: list[Gain] = []
    m = st.buildings & n8[cell]
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        t = tile[c]
        pts = coal = gold = coal_short = gold_short = 0
        jk = ex = False
        if t == POST_OFFICE:
            pts = 3
        elif t == HARBOUR:
            pts = 4
        elif t == CHURCH:
            pts = (allf & n8[c]).bit_count()
        elif t == COAL_MINE:
            coal, coal_short, coal_left = _take(coal_left, 1)
        elif t == GOLD_MINE:
            gold, gold_short, gold_left = _take(gold_left, 1)
        elif t == STORE:
            pts = 1
            if not joker_on:
                jk = joker_on = True
        elif t == STATION:
            pts = 1
            if not extra_on:
                ex = extra_on = True
        gains.append(Gain(p, BUILDINGS[t], c, pts, coal, gold, coal_short, gold_short,
                          jk, ex, 1, 0))
    own = st.farmers[p] | bit
    comp = b.group_of(cell, own)
    mark = 0
    if comp & st.marked[p]:
        mark = comp
    elif comp.bit_count() >= 3:
        mark = comp
        gains.append(Gain(p, GROUP, cell, GROUP_BONUS, 0, 0, 0, 0, False, False, 1, comp))
    return Outcome(gains, mark)


def building_outcome(st: OregonState, p: int, t: int, cell: int,
                     joker_spent: bool) -> Outcome:
    """Gains of every player when ``p`` puts a building of type ``t`` on ``cell``."""
    b = st.board
    around = b.n8[cell]
    n = st.num_players
    everyone = (st.all_farmers & around).bit_count()
    coal_left = len(st.coal_supply)
    gold_left = len(st.gold_supply)
    gains: list[Gain] = []
    if not everyone:
        return Outcome(gains, 0)
    for k in range(n):
        q = (p + k) % n
        cnt = (st.farmers[q] & around).bit_count()
        if not cnt:
            continue
        pts = coal = gold = coal_short = gold_short = 0
        jk = ex = False
        if t == POST_OFFICE:
            pts = 3 * cnt
        elif t == HARBOUR:
            pts = 4 * cnt
        elif t == CHURCH:
            pts = everyone * cnt
        elif t == COAL_MINE:
            coal, coal_short, coal_left = _take(coal_left, cnt)
        elif t == GOLD_MINE:
            gold, gold_short, gold_left = _take(gold_left, cnt)
        elif t == STORE:
            pts = cnt
            jk = not (st.joker[q] and not (q == p and joker_spent))
        elif t == STATION:
            pts = cnt
            ex = not st.extra[q]
        gains.append(Gain(q, BUILDINGS[t], cell, pts, coal, gold, coal_short, gold_short,
                          jk, ex, cnt, 0))
    return Outcome(gains, 0)


def placement_outcome(st: OregonState, action: Action, p: int) -> Outcome:
    """The outcome of a (legal) play; empty for a discard."""
    if isinstance(action, PlaceFarmer):
        return farmer_outcome(st, p, st.board.index(action.cell), action.uses_joker)
    if isinstance(action, PlaceBuilding):
        return building_outcome(st, p, card_building(action.cards[-1]),
                                st.board.index(action.cell), action.uses_joker)
    return Outcome([], 0)


def would_end(st: OregonState, action: Action, p: int) -> str | None:
    """``"last_farmer"`` / ``"stacks"`` if this play triggers the end of the game."""
    if st.end_triggered:
        return None
    if isinstance(action, PlaceFarmer) and st.farmers_left[p] == 1:
        return "last_farmer"
    if isinstance(action, PlaceBuilding):
        t = card_building(action.cards[-1])
        if st.stacks[t] == 1 and st.empty_stacks() + 1 >= st.num_players:
            return "stacks"
    return None


def gain_json(st: OregonState, g: Gain) -> dict[str, Any]:
    return {
        "player": g.player, "reason": g.reason, "cell": list(st.board.xy[g.cell]),
        "points": g.points, "coal": g.coal, "gold": g.gold,
        "coal_short": g.coal_short, "gold_short": g.gold_short,
        "joker": g.joker, "extra": g.extra, "farmers": g.farmers,
        "cells": [list(c) for c in st.board.cells_of(g.group)],
    }


def summarise(st: OregonState, gains: list[Gain]) -> list[dict[str, Any]]:
    """Per player: points, coal, gold, joker/extra reactivation, group bonus."""
    out = [{"points": 0, "coal": 0, "gold": 0, "joker": False, "extra": False,
            "group_bonus": 0} for _ in range(st.num_players)]
    for g in gains:
        d = out[g.player]
        d["points"] += g.points
        d["coal"] += g.coal
        d["gold"] += g.gold
        d["joker"] = d["joker"] or g.joker
        d["extra"] = d["extra"] or g.extra
        if g.reason == GROUP:
            d["group_bonus"] += g.points
    return out


# --- points by category (the breakdown of ``OregonState.outcome``) ------------------------
SLOTS = len(BUILDINGS) + 1
"""Points a player earned are counted in one slot per building type and one for groups."""
GROUP_SLOT = len(BUILDINGS)
POINT_CATEGORIES: tuple[tuple[int, str], ...] = (
    (POST_OFFICE, N_("post office")), (HARBOUR, N_("harbour")), (CHURCH, N_("church")),
    (STORE, N_("store")), (STATION, N_("station")), (GROUP_SLOT, N_("group bonus")),
)
"""The slots that can hold points (mines give tokens, no points), with their terms."""
COAL_CATEGORY = N_("coal tokens")
GOLD_CATEGORY = N_("gold tokens")


def slot_of(reason: str) -> int:
    """The slot of a gain's reason (a building id or ``GROUP``)."""
    return GROUP_SLOT if reason == GROUP else BUILDING_INDEX[reason]
