"""The table is made: its code and the address to give the others, large enough to read out
from the sofa, then Open the table.  Back returns to the Online menu (the table stays: My
online games opens it later)."""

from __future__ import annotations

import pygame

from game.engine.messages import N_
from game.hosting import lan_address
from game.i18n import _
from game.net.ask import where
from game.online import shown_code
from game.scenes.online.common import OnlineScreen
from game.ui import theme
from game.ui.widgets import Button, button_width

CARD_WIDTH, CARD_BOTTOM = 1400, 940


class ShareScene(OnlineScreen):
    heading = N_("Your table is ready")

    def __init__(self, services, url: str, code: str, tokens: dict[int, str],
                 here: bool) -> None:
        self.url, self.code, self.tokens, self.here = url, code, tokens, here
        # what the others type: this computer's address on its network, or the server's
        port = url.rsplit(":", 1)[-1]
        self.address = f"{lan_address()}:{port}" if here else where(url)
        self.port = port
        super().__init__(services)

    def build(self) -> None:
        self.add_back()
        label = _("Open the table")
        rect = pygame.Rect(0, 0, button_width(label, 420), theme.BUTTON_HEIGHT)
        rect.bottomright = (1840, 1040)
        self.group.add(Button(rect, label, self.open_table, primary=True, key="open"))
        self.group.focus_key("open")

    def open_table(self) -> None:
        self.open(self.url, self.code, dict(self.tokens))

    def back(self) -> None:
        """To the Online menu: the game choice and the seats behind this are done with."""
        from game.scenes.online.menu import OnlineMenuScene

        stack = self.services.stack
        menu = stack.find(OnlineMenuScene)
        if menu is None:
            super().back()
            return
        self.services.audio.play("back")
        for _above in range(len(stack.scenes) - 1 - stack.scenes.index(menu)):
            stack.pop()

    def draw_static(self, surface: pygame.Surface) -> None:
        super().draw_static(surface)
        card = pygame.Rect(0, self.content_top, CARD_WIDTH, CARD_BOTTOM - self.content_top)
        card.centerx = 960
        theme.draw_panel(surface, card)
        y = card.y + 24
        for label, value, size in ((_("Table code"), shown_code(self.code), theme.TITLE_SIZE),
                                   (_("Address"), self.address, theme.H1_SIZE)):
            words = theme.fit_text(label, theme.H2_SIZE, card.width - 80, theme.INK_SOFT,
                                   cap=1.2)
            surface.blit(words, words.get_rect(midtop=(960, y)))
            y += words.get_height()
            big = theme.fit_text(value, size, card.width - 80, theme.INK, display=True,
                                 cap=1.0)
            surface.blit(big, big.get_rect(midtop=(960, y)))
            y += big.get_height() + 12
        how = _("The others choose Online, then Join a table, and type the address and the "
                "code.")
        if self.here:
            how += " " + _("Outside this network they need port {port} of this computer "
                           "open to them; the table lives while this game runs.").format(
                port=self.port)
        px, lines, step = theme.fit_wrap(how, theme.BODY_SIZE, card.width - 100,
                                         card.bottom - y - 20)
        for line in lines:
            t = theme.text(line, px, theme.INK, fixed=True)
            surface.blit(t, t.get_rect(midtop=(960, y)))
            y += step
