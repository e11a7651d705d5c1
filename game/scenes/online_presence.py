"""The presence strip of an online table: who sits there and whether they are connected,
whose turn it is and how long the table has waited for them, "Bob is disconnected" (and
back), "Reconnecting…" while this client's connection is lost, the last chat lines and
quick reactions, and the Chat button (also C on the keyboard; the pause menu's "Chat and
players" for a controller).

It takes the top of the log's panel, which keeps its lines (and its Undo and Suggest
buttons) below it (``Table.log_head``): the two never overlap.  It is laid out in the
table's own text sizes: it grows with Text size, its seats wrapping onto more rows, and
takes at most ``MOST_OF_LOG`` of the panel (its newest lines show when more came).
A muted player's chat lines and reactions are not shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.net.client import CONNECTED, REFUSED
from game.ui import intents as I
from game.ui import layout, theme
from game.ui.players import colour as player_colour

if TYPE_CHECKING:
    from game.scenes.online_table import OnlineTable

NOTICE_SECONDS = 8.0  # how long "Bob is disconnected" stays
CHAT_SECONDS = 14.0  # how long a chat line stays on the table (the chat overlay keeps them)
REACTION_SECONDS = 5.0
CHAT_SHOWN = 3  # chat lines shown on the table at once
PAD = 14
MOST_OF_LOG = 0.5  # of the log's panel the strip may take: the log keeps the rest
GAP = 6  # between the strip and the log's first line or buttons

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
        # what ``lay_out`` measured for ``draw``
        self._chip_images: list[pygame.Surface] = []
        self._chip_rows: list[list[pygame.Surface]] = []
        self._wrapped: list[tuple[str, bool]] = []
        self._row_h = self._step = 0

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
    def lay_out(self) -> int:
        """Measure the strip for this frame, at the top of the log's panel (every game's
        layout has one), as wide as it, as tall as its rows need, at most ``MOST_OF_LOG``
        of it; returns the height of the panel's top it takes (with the gap under it)."""
        area = self.table.layout.log_rect
        self._chip_images = chips = self._chips()
        size = theme.SMALL_SIZE
        self._row_h = row_h = theme.line_height(size) + 8
        self._chip_rows = rows = self._rows(chips, area.width - 2 * PAD)
        lines = [s.text for s in self.notices] + [s.text for s in self.lines]
        status = self.status_words()
        if status is not None:
            lines.insert(0, status)
        wrapped = [(w, k == 0 and status is not None) for k, line in enumerate(lines)
                   for w in theme.wrap(line, size, area.width - 2 * PAD)]
        self._step = step = theme.line_height(size) + 2
        most = round(area.height * MOST_OF_LOG)
        room = max(0, (most - row_h * len(rows) - 12) // step)
        if len(wrapped) > room:  # the newest lines, "Reconnecting…" first
            first = wrapped[:1] if status is not None else []
            wrapped = (first + wrapped[len(wrapped) - room + len(first):]) if room else []
        self._wrapped = wrapped
        self.rect = pygame.Rect(area.x, area.y, area.width,
                                row_h * len(rows) + step * len(wrapped) + 12)
        return self.rect.height + GAP

    def draw(self, surface: pygame.Surface) -> None:
        """The strip as ``lay_out`` measured it (the table drew its log below it)."""
        theme.draw_panel(surface, self.rect, theme.CREAM, shadowed=True)
        y = self.rect.y + 6
        row_h, chips = self._row_h, self._chip_images
        for row in self._chip_rows:
            x = self.rect.x + PAD
            for chip in row:
                surface.blit(chip, (x, y + (row_h - chip.get_height()) // 2))
                if chip is chips[-1]:
                    self.chat_rect = pygame.Rect(x, y, chip.get_width(), row_h)
                x += chip.get_width() + PAD
            y += row_h
        for w, alarm in self._wrapped:
            t = theme.text(w, theme.SMALL_SIZE, theme.ERROR if alarm else theme.INK)
            surface.blit(t, (self.rect.x + PAD, y))
            y += self._step

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
        return layout.in_rows(chips, width, lambda chip: chip.get_width() + PAD)
