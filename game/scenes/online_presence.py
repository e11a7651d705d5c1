"""The presence strip of an online table: who sits there and whether they are connected,
whose turn it is and how long the table has waited for them, "Bob is disconnected" (and
back), "Reconnecting…" while this client's connection is lost, the last chat lines and
quick reactions, and the Chat button (also C on the keyboard; the pause menu's "Chat and
players" for a controller).

It is drawn over the top of the log's panel (its newest lines stay in view at its bottom),
in the table's own text sizes: it grows with Text size, its seats wrapping onto more rows.
A muted player's chat lines and reactions are not shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.net.client import CONNECTED, REFUSED
from game.ui import intents as I
from game.ui import theme
from game.ui.players import colour as player_colour

if TYPE_CHECKING:
    from game.scenes.online_table import OnlineTable

NOTICE_SECONDS = 8.0  # how long "Bob is disconnected" stays
CHAT_SECONDS = 14.0  # how long a chat line stays on the table (the chat overlay keeps them)
REACTION_SECONDS = 5.0
CHAT_SHOWN = 3  # chat lines shown on the table at once
PAD = 14

# Translators: quick reactions players send at an online table
REACTION_WORDS = {"thumbs_up": N_("Nice!"), "laugh": N_("Ha ha!"), "wow": N_("Wow!"),
                  "sad": N_("Oh no…"), "think": N_("Hmm…"), "well_played": N_("Well played!")}


def clock_words(seconds: float) -> str:
    """A duration as the strip shows it: 0:42, 12:05, 2 h 10."""
    s = max(0, int(seconds))
    if s >= 3600:
        return f"{s // 3600} h {s % 3600 // 60:02d}"
    return f"{s // 60}:{s % 60:02d}"


@dataclass
class Said:
    """A line shown for a while: a notice, a chat line, a reaction."""

    text: str
    left: float
    seat: int | None = None


class PresenceStrip:
    """The strip of one online table (see the module)."""

    def __init__(self, table: OnlineTable) -> None:
        self.table = table
        self.notices: list[Said] = []
        self.lines: list[Said] = []
        self._connected = [bool(s.get("connected")) or s.get("kind") != "human"
                           for s in table.remote.presence.seats]
        self._chat_seen = len(table.remote.chat)
        self.chat_rect = pygame.Rect(0, 0, 0, 0)
        self.rect = pygame.Rect(0, 0, 0, 0)

    # --- what happened ----------------------------------------------------------------------
    def update(self, dt: float, reactions: list[tuple[int, str]]) -> None:
        remote, names = self.table.remote, self.table.names
        for said in (*self.notices, *self.lines):
            said.left -= dt
        self.notices = [s for s in self.notices if s.left > 0]
        self.lines = [s for s in self.lines if s.left > 0]
        for i, seat in enumerate(remote.presence.seats):
            connected = bool(seat.get("connected")) or seat.get("kind") != "human"
            was = self._connected[i] if i < len(self._connected) else connected
            if was != connected and i not in remote.held:
                words = (_("{name} is back.") if connected
                         else _("{name} is disconnected.")).format(name=names[i])
                self.notices.append(Said(words, NOTICE_SECONDS, i))
        self._connected = [bool(s.get("connected")) or s.get("kind") != "human"
                           for s in remote.presence.seats]
        chat = remote.chat
        fresh = chat[self._chat_seen:] if len(chat) >= self._chat_seen else chat[-1:]
        self._chat_seen = len(chat)
        for line in fresh:
            if line.seat not in self.table.muted:
                self.lines.append(Said(f"{names[line.seat]}: {line.text}", CHAT_SECONDS,
                                       line.seat))
        for sender, reaction in reactions:
            if sender not in self.table.muted and reaction in REACTION_WORDS:
                self.lines.append(Said(f"{names[sender]}: {_(REACTION_WORDS[reaction])}",
                                       REACTION_SECONDS, sender))
        self.lines = self.lines[-CHAT_SHOWN:]

    def handle(self, intent: I.Intent) -> bool:
        """C, or a click on the Chat button, opens the chat."""
        if intent.kind == I.KEY and intent.key == pygame.K_c:
            return self.open_chat()
        if (intent.kind == I.CLICK and intent.button == 1
                and self.chat_rect.collidepoint(intent.xy)):
            return self.open_chat()
        return False

    def open_chat(self) -> bool:
        from game.scenes.online_chat import ChatOverlay

        self.table.services.stack.push(ChatOverlay(self.table.services, self.table))
        return True

    def on_ui_scale(self) -> None:
        """Text size or language changed: everything is measured again when drawn."""

    # --- what the strip says ------------------------------------------------------------------
    def seat_words(self, i: int) -> str:
        """One seat's state: a bot plays it for now, its player has been away for how long,
        or has been thinking for how long (whose turn it is shows in bold)."""
        remote = self.table.remote
        seat = remote.presence.seats[i] if i < len(remote.presence.seats) else {}
        if seat.get("kind") == "open":
            return _("free seat")
        if seat.get("bot_playing"):
            return _("a bot plays for now")
        away = remote.away_seconds(i)
        if away is not None:
            return _("away {time}").format(time=clock_words(away))
        if not remote.is_over() and i in remote.presence.to_act:
            return _("thinking {time}").format(time=clock_words(remote.waiting_seconds()))
        return ""

    def status_words(self) -> str | None:
        """This client's own connection, when it is not up."""
        status = self.table.remote.connection.status
        if status == CONNECTED:
            return None
        if status == REFUSED:
            return _("The server refused this game.")
        return _("Reconnecting…")

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Over the top of the log's panel (every game's layout has one; the log's newest
        lines are at its bottom), as wide as it, as tall as its rows need."""
        area = self.table.layout.log_rect
        chips = self._chips()
        size = theme.SMALL_SIZE
        row_h = theme.line_height(size) + 8
        rows = self._rows(chips, area.width - 2 * PAD)
        lines = [s.text for s in self.notices] + [s.text for s in self.lines]
        status = self.status_words()
        if status is not None:
            lines.insert(0, status)
        wrapped = [(w, k == 0 and status is not None) for k, line in enumerate(lines)
                   for w in theme.wrap(line, size, area.width - 2 * PAD)]
        step = theme.line_height(size) + 2
        room = max(0, (area.height - row_h * len(rows) - 12) // step)
        if len(wrapped) > room:  # the newest lines, "Reconnecting…" first, in the log's panel
            first = wrapped[:1] if status is not None else []
            wrapped = (first + wrapped[len(wrapped) - room + len(first):]) if room else []
        self.rect = pygame.Rect(area.x, area.y, area.width,
                                row_h * len(rows) + step * len(wrapped) + 12)
        theme.draw_panel(surface, self.rect, theme.CREAM, shadowed=True)
        y = self.rect.y + 6
        for row in rows:
            x = self.rect.x + PAD
            for chip in row:
                surface.blit(chip, (x, y + (row_h - chip.get_height()) // 2))
                if chip is chips[-1]:
                    self.chat_rect = pygame.Rect(x, y, chip.get_width(), row_h)
                x += chip.get_width() + PAD
            y += row_h
        for w, alarm in wrapped:
            t = theme.text(w, size, theme.ERROR if alarm else theme.INK)
            surface.blit(t, (self.rect.x + PAD, y))
            y += step

    def _chips(self) -> list[pygame.Surface]:
        """A chip per seat (a coloured dot, the name, its state) and the Chat button."""
        t, size = self.table, theme.SMALL_SIZE
        chips = []
        acting = set(t.remote.presence.to_act) if not t.remote.is_over() else set()
        for i, name in enumerate(t.names):
            words = self.seat_words(i)
            label = f"{name} · {words}" if words else name
            text = theme.text(label, size, theme.INK, bold=i in acting)
            dot = max(10, text.get_height() // 2)
            chip = pygame.Surface((dot + 8 + text.get_width(), text.get_height()),
                                  pygame.SRCALPHA)
            centre = (dot // 2, text.get_height() // 2)
            pygame.draw.circle(chip, player_colour(t.colour[i]), centre, dot // 2)
            if i < len(self._connected) and not self._connected[i]:  # away: a hollow dot
                pygame.draw.circle(chip, theme.CREAM, centre, max(2, dot // 4))
            chip.blit(text, (dot + 8, 0))
            chips.append(chip)
        button = theme.text(_("Chat (C)"), size, theme.ACCENT, bold=True)
        chips.append(button)
        return chips

    @staticmethod
    def _rows(chips: list[pygame.Surface], width: int) -> list[list[pygame.Surface]]:
        rows: list[list[pygame.Surface]] = [[]]
        used = 0
        for chip in chips:
            need = chip.get_width() + PAD
            if rows[-1] and used + need > width:
                rows.append([])
                used = 0
            rows[-1].append(chip)
            used += need
        return rows
