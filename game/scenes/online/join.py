"""Join a table: the server's address (remembered), the table's code and the name to sit
under; Join takes the table's free seat (its token is kept in ``online.json``, the way back
to the seat) and opens the table; Watch opens it as a spectator.  Every failure is said in
a box above the buttons: no server at that address, a server of another version, no such
table, no free seat, no spectators."""

from __future__ import annotations

from functools import partial

import pygame

from game.engine.messages import N_, say
from game.i18n import _
from game.net.ask import Ask
from game.net.protocol import CODE_LENGTH
from game.online import HeldSeat, server_url, table_code
from game.scenes.online.common import OnlineScreen
from game.seats import NAME_MAX, clean_name
from game.ui import theme
from game.ui.rows import TextField, align_rows
from game.ui.widgets import Button, button_width

PANEL = pygame.Rect(0, 200, 1300, 30 + 3 * 94 + 20 + 84 + 30)
PANEL.centerx = 960
ROW_HEIGHT, ROW_STEP = 84, 94

BAD_ADDRESS = N_("Type the server's address: a name or a number, with :port if it has one.")
BAD_CODE = N_("A table code has {n} letters and digits, as the host gave it.")


def code_character(ch: str) -> bool:
    """What a table code may be typed with: letters, digits, spaces and dashes."""
    return ch.isascii() and (ch.isalnum() or ch in " -")


class JoinScene(OnlineScreen):
    heading = N_("Join a table")

    def __init__(self, services) -> None:
        memory = services.online
        self.address = memory.address
        self.code = ""
        names = services.settings.seat_names
        self.name = memory.name or (names[0] if names else "")
        super().__init__(services)
        self.group.focus_key("code" if self.address else "address")

    def build(self) -> None:
        p, add = PANEL, self.group.add
        rows = [("address", _("Address"), self.address, 100, None, _("host:port")),
                ("code", _("Table code"), self.code, CODE_LENGTH + 3, code_character,
                 _("6 letters and digits")),
                ("name", _("Your name"), self.name, NAME_MAX, None, _("Player"))]
        for i, (key, label, text, most, allowed, hint) in enumerate(rows):
            add(TextField((p.x + 20, p.y + 30 + i * ROW_STEP, p.width - 40, ROW_HEIGHT), label,
                          text, max_len=most, digits_only=False, allowed=allowed,
                          placeholder=hint, on_change=partial(self.typed, key),
                          on_submit=self.join, key=key))
        align_rows(self.group.widgets)
        y = p.bottom - 30 - ROW_HEIGHT + 4
        watch_w = button_width(_("Watch"), 260)
        join_w = button_width(_("Join"), 320)
        add(Button((p.right - 40 - join_w, y, join_w, ROW_HEIGHT - 8), _("Join"), self.join,
                   primary=True, key="join"))
        add(Button((p.right - 40 - join_w - 30 - watch_w, y, watch_w, ROW_HEIGHT - 8),
                   _("Watch"), self.watch, key="watch"))
        self.add_back()

    def draw_static(self, surface) -> None:
        super().draw_static(surface)
        theme.draw_panel(surface, PANEL)
        hint = theme.fit_text(_("Ask the host for the address and the table code."),
                              theme.BODY_SIZE, 1700, theme.ON_TABLE_SOFT)
        surface.blit(hint, hint.get_rect(midtop=(960, PANEL.bottom + 24)))

    # --- actions ----------------------------------------------------------------------------
    def typed(self, key: str, text: str) -> None:
        if key == "code" and text != text.upper():
            text = text.upper()
            field = next(w for w in self.group.widgets if w.key == "code")
            assert isinstance(field, TextField)
            field.text = text
        setattr(self, key, text)
        self.message = ""

    def _where(self) -> tuple[str, str] | None:
        """The server's URL and the table's code, or None (a message says what is wrong)."""
        url = server_url(self.address)
        if url is None:
            self.fail(say(BAD_ADDRESS))
            self.group.focus_key("address")
            return None
        code = table_code(self.code)
        if code is None:
            self.fail(say(BAD_CODE, n=CODE_LENGTH))
            self.group.focus_key("code")
            return None
        memory = self.memory
        memory.address, memory.name = self.address.strip(), clean_name(self.name, "")
        self.services.save_online()
        return url, code

    def join(self) -> None:
        where = self._where()
        if where is not None:
            url, code = where
            self.ask(url, {"type": "join", "table": code, "name": self.memory.name},
                     ("table",), lambda asked: self.joined(url, code, asked))

    def joined(self, url: str, code: str, asked: Ask) -> None:
        """Sat down: the seat's token is kept before the table opens."""
        table = asked.answer or {}
        seat = next((m for m in asked.received if m.get("type") == "joined"), None)
        if seat is None:  # a table without a seat: no server of this version does that
            self.fail(say(N_("The server did not give a seat.")))
            return
        self.memory.keep(HeldSeat(url, code, seat["seat"], seat["token"], table.get("game", "")))
        self.services.save_online()
        self.open(url, code, {seat["seat"]: seat["token"]})

    def watch(self) -> None:
        where = self._where()
        if where is not None:
            url, code = where
            self.ask(url, {"type": "watch", "table": code}, ("table",),
                     lambda _asked: self.open(url, code, None, watch=True))
