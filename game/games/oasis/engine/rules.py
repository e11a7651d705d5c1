"""One table from each action to the rule that checks it and the rule that carries it out:
``why_illegal`` and ``apply`` of ``OasisState`` both go through it.

A checker ``check_x(state, action, player)`` returns why the rules refuse the action (or None);
it is given an Oasis action with fields of the right types, by the player who acts.  A doer
``do_x(state, action, player)`` carries out an action its checker allowed and returns the
events; the steps that follow by themselves are ``flow.advance``'s."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.events import Event
from game.games.oasis.engine import camels, carrying, flow, offers, tiles
from game.games.oasis.engine.actions import (
    BonusCamel,
    BonusTile,
    CarryOut,
    IgnoreCard,
    MoveCamel,
    PlaceCamel,
    PlaceTile,
    SkipBonus,
    StopOffer,
    TakeOffer,
    TurnCard,
)

if TYPE_CHECKING:
    from game.games.oasis.engine.state import OasisState

Checker = Callable[["OasisState", Any, int], "str | None"]
Doer = Callable[["OasisState", Any, int], list[Event]]

RULES: dict[type[Action], tuple[Checker, Doer]] = {
    TurnCard: (offers.check_turn, offers.do_turn),
    StopOffer: (offers.check_stop, offers.do_stop),
    TakeOffer: (offers.check_take, offers.do_take),
    CarryOut: (carrying.check_carry, carrying.do_carry),
    PlaceCamel: (camels.check_place_camel, camels.do_place_camel),
    MoveCamel: (camels.check_move_camel, camels.do_move_camel),
    IgnoreCard: (camels.check_ignore, camels.do_ignore),
    PlaceTile: (tiles.check_place_tile, tiles.do_place_tile),
    BonusTile: (tiles.check_bonus_tile, tiles.do_bonus_tile),
    BonusCamel: (camels.check_bonus_camel, camels.do_bonus_camel),
    SkipBonus: (flow.check_skip_bonus, flow.do_skip_bonus),
}

