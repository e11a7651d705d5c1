"""The turn loop of a table: each frame, the game's end, the bots, the humans.

Whoever the session's ``to_act()`` lists acts, one seat or several at once (secret bids): the bots
among them think (``bots.BotDriver``) and play after a pace once the table has caught up; the
humans get the hand-off screen (hot-seat play: the first of them who is not already looking)
or, for the one looking at the screen, the focus when their turn begins.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from game.scenes.table.bots import BotDriver

if TYPE_CHECKING:
    from game.scenes.table.table import Table

_log = logging.getLogger(__name__)


class TurnLoop:
    def __init__(self, table: Table, driver: BotDriver) -> None:
        self.table = table
        self.driver = driver
        self.last_turn_key: Hashable = None  # the viewer's turn the focus was last set for

    def drive(self, adt: float) -> None:
        """One frame of the loop (``adt``: the frame's animation time)."""
        t = self.table
        session = t.session
        if session.is_over():
            if (not t.timeline.busy and not t.results_shown and not t.game.end_waits()
                    and not self.final_board_waits()):
                t.results_shown = True
                t.game_over()
            return
        if t.passive:
            return
        t.seat_change.check()
        if t.seat_change.looking():
            return  # the human who just got something private still looks at it
        acting = session.to_act()
        bots = [p for p in acting if t.seats[p].is_bot]
        # this screen's humans: a remote seat (an online table's) is played elsewhere
        humans = [p for p in acting if p in t.humans]
        if not humans and len(t.humans) > 1 and not t.timeline.busy:
            t.revealed = None  # only bots act: nobody's private things show meanwhile
        if bots and not self.bots_wait():
            self._drive_bots(bots, adt)
        if humans and not t.timeline.busy:
            self._drive_humans(humans)

    def _drive_bots(self, bots: list[int], adt: float) -> None:
        t = self.table
        game = t.game
        pace = game.bid_pace if t.simultaneous() and game.bid_pace is not None else game.bot_pace
        move = self.driver.step(t.session, bots, pace, t.timeline.busy, adt)
        if move is None:
            return
        p, action = move
        if not self.bot_action_legal(action, p):
            _log.warning("Bot chose an illegal move %s; playing a legal one", action)
            action = self.driver.offered[0]
        t.play(action, p)

    def _drive_humans(self, humans: list[int]) -> None:
        t = self.table
        if len(t.humans) > 1 and t.revealed not in humans:
            if not t.privacy.handoff_open and not t.game.handoff_waits():
                t.seat_change.hand_off(humans[0])
            return
        viewer = t.viewer
        if viewer in humans:
            key = t.game.turn_key(viewer)
            if key != self.last_turn_key:
                self.last_turn_key = key
                t.controls.focus_default()

    def bots_wait(self) -> bool:
        """Whether the bots hold their moves (a lesson's reading step is up)."""
        return self.table.coach is not None and self.table.coach.reading

    def final_board_waits(self) -> bool:
        """Whether the final board is still held before the results (not in a replay)."""
        return not self.table.passive and self.table.final_hold.waits

    def bot_action_legal(self, action: Any, p: int) -> bool:
        """Whether a bot's choice may be played (if not, its first legal move is)."""
        own = self.table.game.bot_action_legal(action, p)
        if own is not None:
            return own
        return (action in self.table.bot_driver.offered
                or self.table.session.refusal(action, p) is None)
