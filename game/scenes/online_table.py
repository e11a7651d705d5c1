"""An online table: the shared ``Table`` playing a game held by a server, through a
``RemoteSession`` (``game.session.remote``).

``open_online_table(services, url, table, seats, watch)`` connects to the server at ``url``,
sits in the ``seats`` this player holds (seat -> token: one, or two at one screen) or watches
(``watch``: the public view, no actions), and shows "Joining…" until the server has sent the
table; then the table opens in its place.  A key that does not fit, a table that is gone or
that takes no spectators is said there, with a way back.

``OnlineTable`` is the table of every game with a remote session: the seats this client
holds are its humans (two of them pass the screen with the hand-off, as at one screen), the
others are played elsewhere (``Seat.kind == "remote"``: another player's client, or a bot on
the server).  The server keeps the game (this table writes no autosave); a refusal comes back
with its reason.  An undo is the server's to grant: the table says "Taken back." and shows
the game again once the server has taken the move back, or its reason when it refuses (a
reconnection that missed an undo shows the game again too).  The
presence strip (``online_presence``) says who is connected, whose turn it is and for how
long, and the chat; the chat overlay (``online_chat``) takes lines, reactions, mutes and the
host's choice for an away seat.  Once the game is over the server sends it whole (its
record): the results show its score chart and Watch replay as at one screen, and a client
that holds a seat keeps it in the history of games played, with its replay (once: a game
opened again is the same game).
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game.engine.messages import N_, say
from game.net.client import CONNECTED, REFUSED, Connection
from game.net.protocol import decode_sentence
from game.palette import seat_colour
from game.registry import GAMES
from game.scenes.menu import MenuScene, shown
from game.scenes.online.menu import OnlineMenuScene
from game.scenes.online_chat import CHAT_TITLE
from game.scenes.online_presence import PresenceStrip
from game.scenes.table import load_parts
from game.scenes.table.table import Table
from game.scenes.table.undo import CATCHING_UP, TAKEN_BACK_TIME
from game.seats import HUMAN, REMOTE, Seat, as_played, player_name
from game.session.remote import RemoteSession
from game.ui import intents as I
from game.ui import layout, theme
from game.ui.widgets import Button

log = logging.getLogger(__name__)

JOINING = N_("Joining the table…")
CONNECTING = N_("Connecting to the server…")
NOT_AVAILABLE = say(N_("This game cannot be played on this computer."))
# Translators: the prompt while the server of an online game decides on an undo
ASKING_UNDO = say(N_("Asking the table's server to take it back…"))
# Translators: what leaving an online table means (asked before leaving it)
LEAVE_NOTE = N_("The table goes on without you: come back to it from My online games.")


def open_online_table(services, url: str, table: str, seats: dict[int, str] | None,
                      watch: bool = False) -> None:
    """Open table ``table`` of the server at ``url`` (``ws://host:port``) in the seats of
    ``seats`` (seat -> token) or, with ``watch``, as a spectator.  Shows "Joining…" over the
    screen below (and there, what went wrong, with Back to it); the table replaces it once
    the server has sent it."""
    services.stack.push(Joining(services, url, table, dict(seats or {}), watch))


def online_seats(session: RemoteSession) -> list[Seat]:
    """The table's seats: those this client holds are its humans; the others are played
    elsewhere.  Names as the server has them (an open seat: its colour's name)."""
    seats = []
    for i in range(session.players):
        colour = seat_colour(session.game_id, i)
        who = session.presence.seats[i] if i < len(session.presence.seats) else {}
        name = str(who.get("name") or "") or player_name(colour)
        level = who.get("level") if who.get("kind") == "bot" else None
        seats.append(Seat(HUMAN if i in session.held else REMOTE, level, name, colour))
    return seats


class Joining(MenuScene):
    """"Joining the table…" while the connection is made and the table comes; what went
    wrong, with Back."""

    opaque = False
    dim = 150

    def __init__(self, services, url: str, table: str, seats: dict[int, str],
                 watch: bool) -> None:
        self.url, self.code, self.seats, self.watch = url, table, seats, watch
        self.problem: str | None = None
        self.received: list[dict[str, Any]] = []
        self.connection = Connection(url)
        for seat, token in seats.items():
            self.connection.send({"type": "sit", "table": table, "seat": seat, "token": token})
        if watch or not seats:
            self.connection.send({"type": "watch", "table": table})
        self.opened = False
        super().__init__(services)

    def size_panels(self) -> None:
        width = theme.scaled(760)
        self._lines = theme.wrap(shown(self.words()), theme.BODY_SIZE, width - 80)
        step = theme.line_height(theme.BODY_SIZE) + 6
        button = theme.scaled(theme.BUTTON_HEIGHT, cap=1.25)
        self.panel_rect = layout.centered((width, 120 + step * len(self._lines) + button + 60))

    def words(self) -> str:
        if self.problem is not None:
            return self.problem
        return JOINING if self.connection.status == CONNECTED else CONNECTING

    def build(self) -> None:
        p = self.panel_rect
        h = theme.scaled(theme.BUTTON_HEIGHT, cap=1.25)
        rect = pygame.Rect(0, 0, theme.scaled(320), h)
        rect.midbottom = (p.centerx, p.bottom - 36)
        self.group.add(Button(rect, shown(N_("Back")), self.back, key="back"))

    def draw_static(self, surface: pygame.Surface) -> None:
        p = self.panel_rect
        theme.draw_panel(surface, p)
        y = p.y + 50
        ink = theme.ERROR if self.problem is not None else theme.INK
        for line in self._lines:
            t = theme.text(line, theme.BODY_SIZE, ink)
            surface.blit(t, t.get_rect(midtop=(p.centerx, y)))
            y += theme.line_height(theme.BODY_SIZE) + 6

    def back(self) -> None:
        self.connection.close()
        super().back()

    def update(self, dt: float) -> None:
        before = self.words()
        self.read()
        if self.words() != before:
            self.on_ui_scale()  # its words changed: laid out again

    def read(self) -> None:
        """What the server sent: the table (then it opens), or why not."""
        if self.opened or self.problem is not None:
            return
        if self.connection.status == REFUSED:
            self.problem = self.connection.refusal or say(N_("The server refused this game."))
            return
        for m in self.connection.poll():
            self.received.append(m)
            if m.get("type") == "error" and m.get("code") not in ("rate",):
                self.problem = decode_sentence(m.get("reason"))
                log.warning("Online table %s of %s: %s", self.code, self.url, m)
                return
        wanted = 1 if self.watch or not self.seats else len(self.seats)
        tables = {m["seat"] for m in self.received if m.get("type") == "table"}
        if len(tables) >= wanted:
            self.open_table()

    def open_table(self) -> None:
        self.opened = True
        session = RemoteSession(self.connection, self.received)
        if session.game_id not in GAMES:
            self.problem = NOT_AVAILABLE
            return
        table = OnlineTable(self.services, session)
        log.info("Online table %s of %s open, seats %s", session.code, self.url, session.held)
        self.services.stack.replace(table)


class OnlineTable(Table):
    """The shared table over a ``RemoteSession`` (see the module)."""

    autosave = False  # the server keeps the game

    def __init__(self, services, session: RemoteSession) -> None:
        self.remote = session
        load_parts(session.game_id)
        super().__init__(services, session.game_id, online_seats(session), 0,
                         session.known_game(), session)
        self.resumed_at = None  # not resumed here: the game goes on on the server
        if session.moves:
            self.rebuild_log()
        self.muted: set[int] = set()
        self.recorded = False  # kept in the history of games played
        self.presence = PresenceStrip(self)
        self._seats_from = session.presence  # the server's word the seats were named from
        self.pause_items = {"extra": (CHAT_TITLE, self.presence.open_chat),
                            "leave_note": LEAVE_NOTE}

    # --- the frame -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        remote = self.remote
        if remote.take_resync():  # an undo, or moves missed while away: shown again
            self.resync()
            self.rebuild_log()
        if remote.take_taken_back():  # the server took the move back: now it is said
            self.message, self.message_error, self.message_time = "", False, 0.0
            self.taken_back_time = TAKEN_BACK_TIME
            self.services.audio.play("swish")
        for reason in remote.take_refusals():
            self.error(reason)
        if self.message is ASKING_UNDO and not remote.undo_asked:
            self.message = ""  # answered (a reconnection may answer with the table alone)
        self.follow_seats()
        self.presence.update(dt, remote.take_reactions())
        if remote.is_over() and not self.recorded:
            self.recorded = True
            self.keep_in_history()

    def follow_seats(self) -> None:
        """A player who sat down after this table opened, or a seat the server's bot
        plays, is shown as the server now names it.  The lists change in place, so the
        panels, the log and the hand-off show the new names."""
        if self.remote.presence is self._seats_from:
            return
        self._seats_from = self.remote.presence
        for i, seat in enumerate(online_seats(self.remote)):
            if seat != self.seats[i]:
                self.seats[i], self.names[i] = seat, seat.name

    def draw(self, surface: pygame.Surface) -> None:
        self.log_head = self.presence.lay_out()  # the log and its buttons go below it
        super().draw(surface)
        self.presence.draw(surface)

    def handle(self, intent: I.Intent) -> bool:
        if self.presence.handle(intent):
            return True
        return super().handle(intent)

    def on_ui_scale(self) -> None:
        super().on_ui_scale()
        self.presence.on_ui_scale()

    def on_exit(self) -> None:
        super().on_exit()
        self.remote.close()

    # --- what differs from a table at one screen -----------------------------------------------
    @property
    def speaker(self) -> int | None:
        """The seat that chats and reacts from this screen: the one looking (hot-seat), else
        the first this client holds (None: a spectator)."""
        viewer = self.viewer
        if viewer is not None:
            return viewer
        held = [s for s in self.remote.held if s is not None]
        return held[0] if held else None

    @property
    def chooser(self) -> int | None:
        """Nobody here chooses while the server answers an undo."""
        return None if self.remote.undo_asked else super().chooser

    def undo_reason(self) -> str | None:
        """As at one screen, and nothing more while the server answers an undo."""
        if self.remote.undo_asked:
            return CATCHING_UP
        return super().undo_reason()

    def undo(self) -> bool:
        """Ask the server to take the viewer's last action back; nothing changes here
        until it answers (``update``: "Taken back." and the game shown again, or its
        reason).  A refusal of this table's own rule is said at once, as at one screen."""
        if self.undo_reason() is not None:
            return super().undo()  # says why
        self.remote.take_back()
        self.message, self.message_error, self.message_time = ASKING_UNDO, False, 0.0
        return True

    def play_again(self) -> None:
        """An online game's rematch is a new table, hosted anew: the Online menu (Host a
        table), over the title."""
        self.services.to_title()
        self.services.stack.push(OnlineMenuScene(self.services))

    def keep_in_history(self) -> None:
        """The finished game in the history of games played, with its replay, when this
        client holds a seat (a spectator played none).  A record that did not replay
        leaves the final view's scores and winners, without a replay."""
        if None in self.remote.held:
            return
        state = self.remote.finished_game()
        if state is not None:
            self.services.history.add(state, [as_played(s) for s in self.seats])
            return
        known = self.remote.known_game()
        self.services.history.add_online(self.game_id, self.seats, known.scores(),
                                         known.winners(),
                                         f"{self.remote.connection.url}/{self.remote.code}")
