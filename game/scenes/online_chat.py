"""The chat of an online table, over the table: the last lines, a line to type (Enter or
Send sends it; a line holds at most ``MAX_CHAT_CHARS``; a controller types it with the
on-screen keyboard, A on the line), the quick reactions, a mute per player (their
lines and reactions are no longer shown here), and for the host a choice for each away
player: let a bot of the server play their seat until they are back, or wait for them.

Every control is a button or a field of the menu's focus: mouse, keyboard (Tab, arrows,
Enter) and controller (d-pad, A) reach them all.  A spectator reads and cannot write.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.net.protocol import MAX_CHAT_CHARS, REACTIONS
from game.scenes.menu import MenuScene
from game.scenes.online_presence import REACTION_WORDS
from game.ui import intents as I
from game.ui import layout, theme
from game.ui.rows import TextField
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.scenes.online_table import OnlineTable

LINES_SHOWN = 8
GAP = 14


class ChatOverlay(MenuScene):
    opaque = False
    dim = 120

    def __init__(self, services, table: OnlineTable) -> None:
        self.table = table
        self.typed = ""
        self._send_pending = False  # Enter pressed; a space also confirms, and types " "
        self._seen: object = None  # the chat and the presence the panel shows
        super().__init__(services)
        if self.speaker is not None:
            self.group.focus_key("say")

    @property
    def speaker(self) -> int | None:
        return self.table.speaker

    # --- layout -------------------------------------------------------------------------------
    def size_panels(self) -> None:
        self._width = min(theme.scaled(1200), 1880)
        self._line_h = theme.line_height(theme.BODY_SIZE) + 4
        self._button_h = theme.scaled(64, cap=1.4)
        rows = self._button_rows()
        self._top = 24 + theme.line_height(theme.H2_SIZE, display=True) + 16  # under the title
        height = (self._top + LINES_SHOWN * self._line_h + 30
                  + (self._button_h + GAP) * (len(rows) + 1) + 60)
        self.panel_rect = layout.centered((self._width, min(height, 1070)))

    def _button_rows(self) -> list[list[tuple[str, str, Callable[[], None]]]]:
        """(key, label, action) of every button, row by row: reactions, then each other
        player's mute (and the host's choice for an away player), then Close."""
        t = self.table
        rows: list[list[tuple[str, str, Callable[[], None]]]] = []
        if self.speaker is not None:
            reactions = [(f"react:{r}", _(REACTION_WORDS[r]), partial(self.react, r))
                         for r in REACTIONS]
            rows += self._fit(reactions)
        for i, name in enumerate(t.names):
            if i in t.remote.held or not t.seats[i].is_remote:
                continue
            who = t.remote.presence.seats[i] if i < len(t.remote.presence.seats) else {}
            if who.get("kind") != "human":
                continue
            row = [(f"mute:{i}", (_("Unmute {name}") if i in t.muted
                                  else _("Mute {name}")).format(name=name),
                    partial(self.toggle_mute, i))]
            if t.remote.host in t.remote.held and not who.get("connected"):
                row.append((f"hand:{i}", (_("Wait for {name}") if who.get("bot_playing")
                                          else _("Let a bot play for {name}")).format(name=name),
                            partial(self.hand_over, i, not who.get("bot_playing"))))
            rows += self._fit(row)
        rows.append([("close", _("Close"), self.back)])
        return rows

    def _fit(self, buttons: Sequence[tuple[str, str, Callable[[], None]]]
             ) -> list[list[tuple[str, str, Callable[[], None]]]]:
        """``buttons`` in rows that fit the panel's width at the text size."""
        return layout.in_rows(buttons, self._width - 60,
                              lambda b: self._button_width(b[1]) + GAP)

    @staticmethod
    def _button_width(label: str) -> int:
        return theme.font(theme.SMALL_SIZE, bold=True).size(label)[0] + theme.scaled(48)

    def build(self) -> None:
        p = self.panel_rect
        y = p.y + self._top + LINES_SHOWN * self._line_h + 20
        if self.speaker is not None:
            send_w = self._button_width(_("Send"))
            field = TextField((p.x + 30, y, p.width - 60 - send_w - GAP, self._button_h),
                              _("Say"), self.typed, max_len=MAX_CHAT_CHARS, digits_only=False,
                              placeholder=_("type, then Enter"), on_change=self._typed,
                              key="say")
            self.group.add(field)
            self.group.add(Button((p.right - 30 - send_w, y, send_w, self._button_h),
                                  _("Send"), self.send, key="send",
                                  text_size=theme.SMALL_SIZE))
        y += self._button_h + GAP
        for row in self._button_rows():
            widths = [self._button_width(label) for _key, label, _do in row]
            x = p.centerx - (sum(widths) + GAP * (len(row) - 1)) // 2
            for (key, label, do), w in zip(row, widths, strict=True):
                self.group.add(Button((x, y, w, self._button_h), label, do, key=key,
                                      text_size=theme.SMALL_SIZE, primary=key == "close"))
                x += w + GAP
            y += self._button_h + GAP

    def draw_static(self, surface: pygame.Surface) -> None:
        p = self.panel_rect
        theme.draw_panel(surface, p)
        title = theme.fit_text(_("Chat"), theme.H2_SIZE, p.width - 80, theme.INK, display=True)
        surface.blit(title, title.get_rect(midtop=(p.centerx, p.y + 24)))
        y = p.y + self._top
        for line in self._shown_lines():
            t = theme.text(line, theme.BODY_SIZE, theme.INK)
            surface.blit(t, (p.x + 40, y))
            y += self._line_h
        if self.speaker is None:
            note = theme.fit_text(_("Spectators read the chat; only players write."),
                                  theme.SMALL_SIZE, p.width - 80, theme.INK_SOFT)
            surface.blit(note, note.get_rect(midtop=(p.centerx, y + 10)))

    def _shown_lines(self) -> list[str]:
        t = self.table
        out: list[str] = []
        for line in t.remote.chat:
            if line.seat in t.muted:
                continue
            name = t.names[line.seat] if 0 <= line.seat < len(t.names) else line.name
            out += theme.wrap(f"{name}: {line.text}", theme.BODY_SIZE, self.panel_rect.width - 80)
        return out[-LINES_SHOWN:] or [_("No one has written yet.")]

    # --- what the buttons do ---------------------------------------------------------------------
    def _typed(self, text: str) -> None:
        self.typed = text

    def send(self) -> None:
        if self.speaker is not None and self.typed.strip():
            self.table.remote.say(self.typed, self.speaker)
            self.typed = ""
            self.rebuild()
            self.group.focus_key("say")

    def react(self, reaction: str) -> None:
        if self.speaker is not None:
            self.table.remote.react(reaction, self.speaker)
        self.back()

    def toggle_mute(self, seat: int) -> None:
        self.table.muted ^= {seat}
        self.rebuild()

    def hand_over(self, seat: int, to_bot: bool) -> None:
        self.table.remote.hand_over(seat, to_bot)

    # --- the frame --------------------------------------------------------------------------------
    def handle(self, intent: I.Intent) -> bool:
        focused = self.group.focused
        on_field = focused is not None and focused.key == "say"
        if on_field and intent.kind == I.CONFIRM and intent.source != I.PAD:
            self._send_pending = True  # (a controller's A opens the on-screen keyboard)
            return True
        if on_field and intent.kind == I.TEXT and intent.char == " ":
            self._send_pending = False  # the space bar: a space, not Enter
        return super().handle(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._send_pending:
            self._send_pending = False
            self.send()
        self.table.remote.pump()
        seen = (len(self.table.remote.chat), tuple(
            (s.get("connected"), s.get("bot_playing")) for s in self.table.remote.presence.seats))
        if self._seen is not None and seen != self._seen:
            self.rebuild()  # new lines, or someone came or went
        self._seen = seen


CHAT_TITLE = N_("Chat and players")  # the pause menu's item that opens this
