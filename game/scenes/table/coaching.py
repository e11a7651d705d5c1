"""What a lesson's coach (``game.scenes.tutorial.coach``) asks of a table: the moves its step
lets through (``gate``, ``lit``) and the places its bubbles point at (``lesson_rect``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.scenes.table import screen
from game.scenes.table.hints import action_cells

if TYPE_CHECKING:  # the table imports this module
    from game.scenes.table.table import Table


class Coaching:
    def __init__(self, table: Table) -> None:
        self.table = table

    def lit(self, cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Of the board ``cells`` a table lights for the acting human, those a move the
        lesson's step lets through names (all of them outside a lesson's steps): for a table
        that lights cells from the rules' previews rather than from ``legal()``."""
        if self.table.coach is None or not self.table.coach.guided:
            return cells
        key = ("lit", self.table.version, self.gate_key())
        named = self.table._cache.get(key)
        if named is None:
            named = {c for a in self.table.legal() for c in action_cells(a)}
            self.table._cache = {k: x for k, x in self.table._cache.items() if k[0] != "lit"}
            self.table._cache[key] = named
        return [c for c in cells if c in named]

    def gate_key(self) -> int | None:
        """Changes when a lesson's gate lets other moves through in the same state (the
        lesson's step): part of the key of what is worked out from the moves offered."""
        return self.table.coach.guide.index if self.table.coach is not None else None

    def gate(self, action: Any) -> bool:
        """Whether a lesson's step refuses the acting human's legal ``action`` (it then says
        why, as the rules' refusals are said).  Each table asks after the rules' check."""
        why = self.table.coach.refusal(action) if self.table.coach is not None else None
        if why is not None:
            self.table.error(why)
        return why is not None

    def lesson_rect(self, name: str) -> pygame.Rect | None:
        """The place a lesson's step points at by ``name``, where it is drawn now (so it
        follows the Text size and the layout); None when this table cannot resolve it.
        Names: any ``targets()`` key (cards, decks, buttons, tokens... as each table names
        them); ``"cell:x,y"`` a board cell; ``"action"`` what the step's expected move uses
        (its cells, cards, decks, buttons, as a hint lights them); ``"panel:N"`` seat N's
        panel; ``"log"``; ``"prompt"`` the prompt line; ``"scores"`` the viewer's space on the
        score track; and a
        table's own names (``lesson_places``)."""
        rects = self.lesson_rects(name)
        return rects[0].unionall(rects[1:]) if rects else None

    def lesson_rects(self, name: str) -> list[pygame.Rect] | None:
        """``lesson_rect``'s parts (an ``"action"`` may use a card and a cell)."""
        kind, _sep, arg = name.partition(":")
        try:
            if kind == "cell":
                x, y = (int(v) for v in arg.split(","))
                cols, rows = self.table.game.board_size
                return [self.table.layout.cell_rect(x, y)] if 0 <= x < cols and 0 <= y < rows else None
            if kind == "panel":
                return [self.table.layout.panels[int(arg)]] if 0 <= int(arg) < self.table.n else None
        except ValueError:
            return None
        fixed = {"log": lambda: self.table.layout.log_rect, "prompt": lambda: screen.prompt_box(self.table)[0],
                 "scores": lambda: self.table.layout.track_space(self.table.disp_score[self.table.viewer or 0])}
        if name in fixed:
            return [fixed[name]()]
        if name == "action":  # where the step's expected move is made (None: it has none)
            action = self.table.coach.demo() if self.table.coach is not None else None
            return (self.table.suggest.action_rects(action) or None) if action is not None else None
        rect = dict(self.table.controls.targets()).get(name) or self.table.controls.lesson_places().get(name)
        return [rect] if rect is not None else None

