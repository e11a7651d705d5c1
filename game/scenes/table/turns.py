"""The turn loop of a table: each frame, the game's end, the bots, the humans.

Whoever ``state.to_act()`` lists acts, one seat or several at once (secret bids): the bots
among them think (``bots.BotDriver``) and play after a pace once the table has caught up; the
humans get the hand-off screen (hot-seat play: the first of them who is not already looking)
or, for the one looking at the screen, the focus when their turn begins.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable

from game.scenes.table.bots import BotDriver
from game.scenes.table.hooks import TurnHost

_log = logging.getLogger(__name__)


class TurnLoop:
    def __init__(self, table: TurnHost, driver: BotDriver) -> None:
        self.table = table
        self.driver = driver
        self.last_turn_key: Hashable = None  # the viewer's turn the focus was last set for

    def drive(self, adt: float) -> None:
        """One frame of the loop (``adt``: the frame's animation time)."""
        t = self.table
        state = t.state
        if state.is_over():
            if (not t.timeline.busy and not t.results_shown and not t.end_waits()
                    and not t.final_board_waits()):
                t.results_shown = True
                t.game_over()
            return
        if t.passive:
            return
        t.check_privacy()
        if t.looking():
            return  # the human who just got something private still looks at it
        acting = state.to_act()
        bots = [p for p in acting if t.seats[p].is_bot]
        humans = [p for p in acting if not t.seats[p].is_bot]
        if not humans and len(t.humans) > 1 and not t.timeline.busy:
            t.revealed = None  # only bots act: nobody's private things show meanwhile
        if bots and not t.bots_wait():
            self._drive_bots(bots, adt)
        if humans and not t.timeline.busy:
            self._drive_humans(humans)

    def _drive_bots(self, bots: list[int], adt: float) -> None:
        t = self.table
        pace = t.bid_pace if t.simultaneous() and t.bid_pace is not None else t.bot_pace
        move = self.driver.step(t.state, bots, pace, t.timeline.busy, adt)
        if move is None:
            return
        p, action = move
        if not t.bot_action_legal(action, p):
            _log.warning("Bot chose an illegal move %s; playing a legal one", action)
            action = self.driver.offered[0]
        t._apply(action, p)

    def _drive_humans(self, humans: list[int]) -> None:
        t = self.table
        if len(t.humans) > 1 and t.revealed not in humans:
            if not t.handoff_open and not t.handoff_waits():
                t._hand_off(humans[0])
            return
        viewer = t.viewer
        if viewer in humans:
            key = t.turn_key(viewer)
            if key != self.last_turn_key:
                self.last_turn_key = key
                t._focus_default()
