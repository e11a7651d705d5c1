"""Following the game at a glance on a table (``glance``): each seat's last move on the board,
the turn's banner and chime when the turn comes to a human, the recap card of what the others
did since, the final board's hold before the results."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.engine.events import Event
from game.ui import glance as glance_view
from game.ui import intents as I

if TYPE_CHECKING:  # the table imports this module
    from game.scenes.table.table import Table


class Follow:
    def __init__(self, table: Table) -> None:
        self.table = table

    def moved(self, events: Sequence[Event], p: int) -> None:
        """After ``p``'s action (``play`` calls this once its steps are queued): once they have shown, its cells are ``p``'s last move and the journal of
        the recaps has it; ``p``'s own recap card goes."""
        if self.table.recap_card is not None and self.table.recap_card.seat == p:
            self.table.recap_card = None
        if p in self.table.humans:
            self.table.turn_banner.leave()
        events = list(events)
        self.table.timeline.add(lambda: self.table.glance.note(p, events), 0.0, "glance")

    def update(self, dt: float) -> None:
        """Each frame: the turn banner's clock, the cue when the turn comes to a human, and
        the final board's hold once the last step has shown."""
        self.table.turn_banner.update(dt)
        if self.table.session.is_over():
            if not (self.table.timeline.busy or self.table.results_shown or self.table.game.end_waits()):
                self.table.final_hold.tick(dt)
            return
        h = self.table.chooser
        if h is not None and not self.table.passive and self.table.glance.due(h) and not self.table.game.cue_waits():
            self.cue_turn(h)

    def cue_turn(self, h: int) -> None:
        """The turn came to human ``h``: a banner, a chime (once per turn, not per action)
        and, outside a lesson (the coach speaks there), what the others did since."""
        self.table.glance.cued(h)
        self.table.turn_banner.show(lambda: glance_view.turn_text(self.table.names[h], len(self.table.humans) > 1))
        self.table.services.audio.play("chime")
        if self.table.coach is None:
            self.table.recap_card = self.make_recap(h, h)

    def make_recap(self, h: int, viewer: int | None) -> glance_view.RecapCard | None:
        """The recap card for human ``h`` as ``viewer`` may read it (None: nothing to tell)."""
        lines, left_out = self.table.glance.recap(h, viewer, self.table.names, i18n.language())
        if not lines:
            return None
        return glance_view.RecapCard(h, [(self.table.colour[q], text) for q, text in lines],
                                     left_out)

    def handoff_recap(self, p: int) -> list[tuple[int, str]]:
        """What the others did since ``p``'s last turn, for the hand-off screen everyone
        sees: the lines an onlooker reads (nothing private, not even ``p``'s)."""
        if self.table.coach is not None:
            return []
        lines, _left_out = self.table.glance.recap(p, None, self.table.names, i18n.language())
        return [(self.table.colour[q], text) for q, text in lines]

    def draw_last_moves(self, surface: pygame.Surface) -> None:
        """Each seat's last move on the board, as the viewer may know it (each table's
        renderer calls this over its pieces)."""
        glance_view.draw_marks(surface, self.table.glance.marks(self.table.viewer), self.table.layout.cell_rect,
                               self.table.colour)

    def close_recap(self) -> bool:
        """Close the recap card; True when one was up."""
        was = self.table.recap_card is not None
        self.table.recap_card = None
        return was

    def glance_intent(self, intent: I.Intent) -> bool:
        """A click or key skips the final board's hold; a click on the recap closes it."""
        if (intent.kind in (I.CLICK, I.CONFIRM, I.KEY, I.BACK) and self.table.session.is_over()
                and not self.table.results_shown and self.table.turns.final_board_waits()):
            self.table.final_hold.skip()
            return True
        card = self.table.recap_card
        if (card is not None and intent.kind == I.CLICK and intent.pos is not None
                and card.rect.collidepoint(intent.pos)):
            self.table.recap_card = None
            return True
        return False

