"""The Oregon bots' tuning (``Weights``: points, shares and pace) and the pace of a game
(``turns_left``): how many turns the players may expect before it ends."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Weights:
    """The normal bot's tuning knobs (points, shares and pace)."""

    joker: float = 2.5  # a joker turning active again / the joker spent
    extra: float = 3.0  # an extra-turn token turning active again / spent
    opp_token: float = 1.5  # a token of another player turning active again
    next_turn_share: float = 0.2  # the best play of the cards left, on the next turn
    extra_play_share: float = 0.95  # ... made at once in the extra turn
    pair: float = 1.8  # a side-connected pair of own unscored farmers with room to grow
    # chance that a free building site beside a farmer gets built on
    site_base: float = 0.2
    site_per_farmer: float = 0.12
    site_per_own_farmer: float = 0.12
    site_cap: float = 1.0
    # free land beside a new building: future farmer spots (per unit of the building)
    building_site: float = 0.0
    farmer_cost: float = 2.0  # one farmer, when farmers will run short
    # game pace: building and farmer placements per player turn, plays per own turn
    buildings_per_turn: float = 0.45
    farmers_per_turn: float = 1.1
    plays_per_turn: float = 1.3
    horizon: float = 5.0  # own turns after which later pay-offs count in full
    # weights of the others' gains: every opponent, the strongest, a close one
    opp_base: tuple[float, float, float] = (1.0, 0.5, 0.35)  # by player count 2, 3, 4
    opp_top: tuple[float, float, float] = (1.0, 0.75, 0.6)
    opp_close: float = 0.1
    # ending the game: lead wanted, and per player still to play
    end_margin: float = 2.0
    end_margin_per_player: float = 2.5
    # what a new farmer takes away (0 for the normal bot, which looks at its own gains only):
    # the building site its cell was, to the farmers beside it (the others' loss is the
    # viewer's gain, its own farmers' loss a cost), and the points the others' farmers
    # would have scored on that cell from the buildings beside it
    deny_site: float = 0.0
    deny_spot: float = 0.0


DEFAULT_WEIGHTS = Weights()

def turns_left(stacks: list[int], farmers_left: list[int], end_triggered: bool,
               wt: Weights = DEFAULT_WEIGHTS) -> float:
    """How many more turns each player may expect before the game ends, by the pace of
    ``wt``: building stacks run out (as many as there are players) or farmers do."""
    if end_triggered:
        return 0.0
    n = len(farmers_left)
    live = sorted(s for s in stacks if s > 0)
    need = n - sum(1 for s in stacks if s == 0)
    tiles = sum(live[:need]) if need > 0 else 0
    by_stacks = tiles / wt.buildings_per_turn
    by_farmers = min(farmers_left) / wt.farmers_per_turn * n
    return max(0.0, min(by_stacks, by_farmers) / n)
