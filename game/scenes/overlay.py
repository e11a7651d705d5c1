"""``MenuOverlay``: a titled column of buttons over a dimmed scene (pause menus and the like).

    services.stack.push(MenuOverlay(services, "Paused", [
        ("Resume", None),                       # None: just close the overlay
        ("Settings", services.open_settings),
        ("Leave game", services.to_title),
    ]))

Choosing an item closes the overlay first, then calls its action.  Esc / pad B / Start close it.
The title, labels and message are English marked with ``N_`` (or ``Sentence``s): they are
shown in the language spoken at the time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame

from game.scenes.menu import MenuScene, shown
from game.ui import intents as I
from game.ui import layout, theme
from game.ui.widgets import Button

Item = tuple[str, Callable[[], object] | None]

BUTTON_SIZE = (520, 84)
GAP = 22


class MenuOverlay(MenuScene):
    opaque = False
    dim = 140

    def __init__(self, services, title: str, items: Sequence[Item], message: str = ""):
        self.title, self.items, self.message = title, list(items), message
        super().__init__(services)

    def size_panels(self) -> None:
        width = theme.scaled(680)
        message = shown(self.message)
        lines = theme.wrap(message, theme.BODY_SIZE, width - 40) if message else []
        self._lines = lines
        self._step = theme.line_height(theme.BODY_SIZE) + 5
        self._grow_title = theme.grown(theme.H2_SIZE + 8, display=True)
        self._text_height = self._step * len(lines) + (24 if lines else 0) + self._grow_title
        self._button = (BUTTON_SIZE[0], theme.scaled(BUTTON_SIZE[1], cap=1.25))
        height = 150 + self._text_height + len(self.items) * (self._button[1] + GAP) + 40
        self.panel_rect = layout.centered((width, height))

    def build(self) -> None:
        p = self.panel_rect
        top = p.y + 140 + self._text_height
        rects = layout.column((p.centerx, top), self._button, len(self.items), GAP)
        for i, ((label, action), rect) in enumerate(zip(self.items, rects, strict=True)):
            self.group.add(Button(rect, shown(label), partial(self.choose, action),
                                  primary=i == 0, key=label))

    def choose(self, action: Callable[[], object] | None) -> None:
        self.services.stack.remove(self)
        if action is not None:
            action()

    def handle(self, intent: I.Intent) -> bool:
        if intent.kind == I.MENU:
            self.back()
            return True
        return super().handle(intent)

    def draw_static(self, surface: pygame.Surface) -> None:
        p = self.panel_rect
        theme.draw_panel(surface, p)
        t = theme.fit_text(shown(self.title), theme.H2_SIZE + 8, p.width - 80, theme.INK,
                           display=True)
        surface.blit(t, t.get_rect(midtop=(p.centerx, p.y + 40)))
        y = p.y + 124 + self._grow_title
        for line in self._lines:
            m = theme.text(line, theme.BODY_SIZE, theme.INK_SOFT)
            surface.blit(m, m.get_rect(midtop=(p.centerx, y)))
            y += self._step
