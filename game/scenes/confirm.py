"""A yes/no question as an overlay; ``quit_confirmation`` is the "Quit Landgrab?" one.

Its texts are English marked with ``N_`` (or a ``Sentence``): they are shown in the language
spoken at the time, and again in a new one after a change."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import N_
from game.scenes.menu import MenuScene, shown
from game.ui import layout, theme
from game.ui.widgets import Button, button_width


class ConfirmScene(MenuScene):
    opaque = False
    dim = 140

    def __init__(
        self,
        services,
        title: str,
        message: str,
        yes_label: str,
        on_yes: Callable[[], None],
        no_label: str = N_("Cancel"),
        *,
        focus_yes: bool = False,
    ):
        self.title, self.message = title, message
        self.yes_label, self.no_label = yes_label, no_label
        self.on_yes = on_yes
        self.focus_yes = focus_yes
        super().__init__(services)

    def size_panels(self) -> None:
        width = theme.scaled(820)
        self._button_h = theme.scaled(theme.BUTTON_HEIGHT, cap=1.25)
        self._grow_title = theme.grown(theme.H2_SIZE, display=True)
        lines = theme.wrap(shown(self.message), theme.BODY_SIZE, width - 120)
        text_h = len(lines) * (theme.line_height(theme.BODY_SIZE) + 4)
        height = max(380, 130 + self._grow_title + text_h + 30 + self._button_h + 40)
        self.panel_rect = layout.centered((width, height))

    def build(self) -> None:
        p = self.panel_rect
        # As wide as the longer label needs (a long language, a large text size), within the
        # panel: both labels keep one size.
        need = max(button_width(shown(label), 320) for label in (self.no_label, self.yes_label))
        width = min((p.width - 120) // 2, need)
        no_rect, yes_rect = layout.row(
            (p.centerx, p.bottom - 40 - self._button_h // 2), (width, self._button_h), 2, 40
        )
        self.no_button = self.group.add(
            Button(no_rect, shown(self.no_label), self.back, key="no", sound=None)
        )
        self.yes_button = self.group.add(
            Button(yes_rect, shown(self.yes_label), self._yes, primary=True, key="yes")
        )
        if self.focus_yes:
            self.group.focus(self.yes_button)

    def _yes(self) -> None:
        self.services.stack.remove(self)
        self.on_yes()

    def draw_static(self, surface: pygame.Surface) -> None:
        p = self.panel_rect
        theme.draw_panel(surface, p)
        t = theme.fit_text(shown(self.title), theme.H2_SIZE, p.width - 80, theme.INK,
                           display=True)
        surface.blit(t, t.get_rect(midtop=(p.centerx, p.y + 44)))
        y = p.y + 130 + self._grow_title
        for line in theme.wrap(shown(self.message), theme.BODY_SIZE, p.width - 120):
            m = theme.text(line, theme.BODY_SIZE, theme.INK_SOFT)
            surface.blit(m, m.get_rect(midtop=(p.centerx, y)))
            y += m.get_height() + 4


def quit_confirmation(services) -> ConfirmScene:
    return ConfirmScene(
        services,
        N_("Quit Landgrab?"),
        N_("Your settings are kept for next time."),
        N_("Quit"),
        services.quit,
        N_("Cancel"),
    )
