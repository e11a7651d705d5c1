""""Suggest a move" at a table: when it is offered, the position a suggestion belongs to,
asking the search for one (``hints.Hints``), and showing it (its cells lit, the targets and
buttons it would use ringed, the focus moved to where it starts)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.scenes.table import screen
from game.scenes.table.hints import Hint, action_cells
from game.ui.table_common import focus_ring

if TYPE_CHECKING:  # the table imports this module
    from game.scenes.table.table import Table


class Suggestions:
    def __init__(self, table: Table) -> None:
        self.table = table
        # (version seen, chooser, its legal actions, the version its position began at)
        self._position: tuple[int, int | None, tuple, int] = (-1, None, (), -1)

    @property
    def offered(self) -> bool:
        """Whether "Suggest a move" is offered now: a human chooses at this table (not a
        kiosk's, a demo's or a replay's)."""
        t = self.table
        config = t.services.config
        return (t.chooser is not None and not t.passive and not config.kiosk
                and not config.demo and not (t.coach is not None and t.coach.guided))

    def key(self) -> tuple[int, int | None]:
        """The position a hint belongs to: the seat choosing now and the state it chooses in.
        In a simultaneous step another seat's secret bid changes neither what the chooser may
        know nor its choices, so the position (and a hint worked out for it) stays."""
        t = self.table
        p = t.chooser
        v = self._position
        if v[0] != t.version:
            legal = tuple(t.session.legal_actions(p)) if p is not None else ()
            kept = (v[1] == p and p is not None and legal == v[2] and t.simultaneous())
            v = self._position = (t.version, p, legal, v[3] if kept else t.version)
        return (v[3], p)

    def ask(self) -> None:
        """Work out a suggestion for the human choosing now, from their own view and legal
        actions, in the app's search process (a second press while it thinks does nothing)."""
        t = self.table
        p = t.chooser
        if p is None or not self.offered:
            return
        session = t.session
        if t.hints.ask(t.services.search, t.game_id, t.seed * 7919 + t.version,
                       t.services.settings.bot_seconds, p, self.key(), session.view(p),
                       session.legal_actions(p)):
            t.services.audio.play("click")

    @property
    def hint(self) -> Hint | None:
        """The suggestion shown now, only to the seat it was made for."""
        h = self.table.hints.shown
        if h is None or h.key != self.key() or h.seat != self.table.viewer:
            return None
        return h

    def poll(self) -> None:
        """Each frame: a suggestion that came moves the focus to where it starts."""
        hints = self.table.hints
        before = hints.shown
        hints.poll(self.key())
        hint = self.hint
        if hints.shown is not before and hint is not None:
            self.focus(hint.action)

    def focus(self, action: Any) -> None:
        """The keyboard and pad focus moves to where ``action`` starts (its first card, deck
        or token, else its cell), so Enter or A takes its first step."""
        t = self.table
        keys = [k for k in t.controls.hint_keys(action) if k in dict(t.controls.targets())]
        cells = action_cells(action)
        if keys:
            t.focus = keys[0]
        elif cells:
            t.focus = "board"
            t.cursor = cells[0]

    def draw(self, surface: pygame.Surface) -> None:
        """The suggested action on the table: its cells lit as a log line's are, the targets
        and buttons it would use ringed as the focus is."""
        h = self.hint
        if h is None:
            return
        cells = action_cells(h.action)
        if cells:
            screen.draw_log_cells(self.table, surface, cells)
        for rect in self.action_rects(h.action):
            focus_ring(surface, rect)

    def action_rects(self, action: Any) -> list[pygame.Rect]:
        """Where ``action`` is made on the table now: the targets it uses (its cards, decks,
        tokens...), its board cells and the buttons that play it.  A hint rings them; a
        lesson's step points at them."""
        t = self.table
        targets = dict(t.controls.targets())
        rects = [targets[k] for k in t.controls.hint_keys(action) if k in targets]
        rects += [t.layout.cell_rect(*cell) for cell in action_cells(action)]
        rects += [t.layout.button_rect(i) for i, b in enumerate(t.controls.buttons())
                  if b[1] == action]
        return rects
