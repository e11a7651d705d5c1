"""The table of Oregon's rules: for each action type its checker and its doer, and the legal
actions of each phase.  ``OregonState.why_illegal`` and ``_apply`` dispatch through
``RULES``; ``preview`` tells what a play would earn before it is made.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.core import IllegalAction
from game.engine.events import Event
from game.engine.messages import N_, say
from game.games.oregon.engine import draw, plays
from game.games.oregon.engine.actions import (
    DiscardDead,
    DiscardDrawn,
    DiscardNoPlacement,
    Draw,
    KeepCard,
    PlaceBuilding,
    PlaceFarmer,
    PlaceStartTile,
    SkipExtraTurn,
    UseExtraTurn,
)
from game.games.oregon.engine.cards import DECKS, card_building
from game.games.oregon.engine.flow import draw_decks
from game.games.oregon.engine.geometry import CELLS, bits
from game.games.oregon.engine.phases import Phase
from game.games.oregon.engine.placement import play_actions, start_tile_region
from game.games.oregon.engine.scoring import gain_json, placement_outcome, summarise, would_end

if TYPE_CHECKING:
    from game.games.oregon.engine.state import OregonState

Checker = Callable[["OregonState", Any, int], "str | None"]
Doer = Callable[["OregonState", Any, int], list[Event]]

RULES: dict[type[Action], tuple[Checker, Doer]] = {
    PlaceStartTile: (plays.check_start_tile, plays.do_start_tile),
    PlaceFarmer: (plays.check_farmer, plays.do_play),
    PlaceBuilding: (plays.check_building, plays.do_play),
    DiscardNoPlacement: (plays.check_discard, plays.do_play),
    UseExtraTurn: (plays.check_extra_turn, plays.do_use_extra),
    SkipExtraTurn: (plays.check_extra_turn, plays.do_skip_extra),
    Draw: (draw.check_draw, draw.do_draw),
    KeepCard: (draw.check_pending, draw.do_keep),
    DiscardDrawn: (draw.check_pending, draw.do_discard_drawn),
    DiscardDead: (draw.check_discard_dead, draw.do_discard_dead),
}


def why_illegal(st: OregonState, action: Action, p: int) -> str | None:
    """The rule ``action`` breaks, in plain words, or None when it is legal for ``p``."""
    if st.phase == Phase.OVER:
        return say(N_("The game is over"))
    rule = RULES.get(type(action))
    if rule is None:
        return say(N_("{action} is not an Oregon action"), action=str(action))
    return rule[0](st, action, p)


def apply(st: OregonState, action: Action, p: int) -> list[Event]:
    """Carry out a legal action; the events in the order they happened."""
    return RULES[type(action)][1](st, action, p)


# --- legal actions -------------------------------------------------------------------------
_KEEP = KeepCard()
_DISCARD_DRAWN = DiscardDrawn()
_USE_EXTRA = UseExtraTurn()
_SKIP_EXTRA = SkipExtraTurn()
_DRAWS = (Draw(DECKS[0]), Draw(DECKS[1]))
_START_TILES = tuple(PlaceStartTile(cell) for cell in CELLS)


def legal_actions(st: OregonState, p: int) -> list[Action]:
    phase = st.phase
    if phase == Phase.PLAY:
        return play_actions(st, p)
    if phase == Phase.DRAW:
        if st.pending >= 0:
            return [_KEEP, _DISCARD_DRAWN]
        out: list[Action] = []
        if not st.drawn_any:
            stacks = st.stacks
            dead = [c for c in st.hands[p] if c >= 50 and stacks[card_building(c)] == 0]
            if dead:
                out += [DiscardDead(c) for c in sorted(dead)]
        for d in draw_decks(st, p):
            out.append(_DRAWS[d])
        return out
    if phase == Phase.EXTRA_TURN:
        return [_USE_EXTRA, _SKIP_EXTRA]
    if phase == Phase.START_TILE:
        return [_START_TILES[i] for i in bits(start_tile_region(st, p))]
    return []


# --- preview -------------------------------------------------------------------------------
def preview(st: OregonState, action: Action, player: int) -> dict[str, Any]:
    """What ``action`` (a legal play by ``player``) would earn each player (see
    ``OregonState.preview``); raises ``IllegalAction`` with the rule's message."""
    if st.phase != Phase.PLAY or player != st.current:
        raise IllegalAction("Only the player playing cards can preview a placement")
    err = why_illegal(st, action, player)
    if err:
        raise IllegalAction(err)
    outcome = placement_outcome(st, action, player)
    kind = ("farmer" if isinstance(action, PlaceFarmer) else
            "building" if isinstance(action, PlaceBuilding) else
            "discard" if isinstance(action, DiscardNoPlacement) else "")
    return {
        "action": str(action),
        "kind": kind,
        "players": summarise(st, outcome.gains),
        "gains": [gain_json(st, g) for g in outcome.gains],
        "ends_game": would_end(st, action, player),
    }
