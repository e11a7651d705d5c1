"""Who looks at a hot-seat table, as it changes: the hand-off screen covering the table until
the next human takes it, the minute without input after which private things are covered
again, the look a human gets at what they just drew (``privacy.Privacy`` keeps the state)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.scenes.handoff import Handoff

if TYPE_CHECKING:  # the table imports this module
    from game.scenes.table.table import Table


class SeatChange:
    def __init__(self, table: Table) -> None:
        self.table = table

    def looking(self) -> bool:
        """Whether the hand-off waits: the viewer is still looking at what they just got."""
        return self.table.privacy.looking(self.table.viewer)

    def check(self) -> None:
        """In hot-seat play, hide private things again after a minute without input."""
        p = self.table.privacy.to_cover(self.table.services.idle_seconds, self.table.session.is_over())
        if p is not None:
            self.hide_private(p)

    def hide_private(self, p: int) -> None:
        """Cover the table with the hand-off screen for ``p`` (who comes back to it)."""
        self.hand_off(p)

    def hand_off(self, p: int) -> None:
        """Cover the table until ``p`` takes it (hot-seat play)."""
        self.table.game.on_hand_off(p)
        self.table.revealed = None
        self.table.privacy.begin_hand_off()
        self.table.services.stack.push(Handoff(self.table.services, self.table.names[p], self.table.colour[p],
                                         self.table.game.handoff_message, names=self.table.names,
                                         on_continue=lambda: self.handed_over(p),
                                         recap=lambda: self.table.follow.handoff_recap(p)))

    def handed_over(self, p: int) -> None:
        self.table.privacy.handed_over(p)
        self.table.sync_viewer()
        self.table.turns.last_turn_key = self.table.game.turn_key(p)
        if not self.table.glance.due(p):  # else the turn's chime comes at once
            self.table.services.audio.play("bell")
        self.table.controls.focus_default()

