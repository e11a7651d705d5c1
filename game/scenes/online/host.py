"""Host a table: choose a game (the game choice, without lessons), then its seats as in
seat setup with a third kind of seat, a *remote player* (an open seat for whoever joins with
the code), then the table's settings and where it is hosted (``HostTableScene``): on this
computer (the client starts its own server, ``game.hosting``) or on a server (an address).
Create makes the table, keeps the host's seat tokens in ``online.json`` and shows the code
and the address to share (``game.scenes.online.share``)."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.messages import N_, say
from game.hosting import FAILED, LISTENING, LocalServer
from game.i18n import _
from game.net.ask import Ask
from game.online import HeldSeat, server_url
from game.registry import GAMES, GameInfo
from game.scenes.game_select import GameSelectScene
from game.scenes.menu import MenuScene
from game.scenes.online.common import OnlineScreen
from game.scenes.online.join import BAD_ADDRESS
from game.scenes.seat_setup import (
    COLOUR_COL,
    REMOVE_COL,
    ROW_HEIGHT,
    SeatSetupScene,
    kind_options,
)
from game.seats import BOT, HUMAN, REMOTE, Seat, default_seats, remembered
from game.ui import theme
from game.ui.rows import Choice, TextField, align_rows
from game.ui.widgets import Button

TAKEOVER = ((120, N_("After 2 minutes")), (600, N_("After 10 minutes")),
            (None, N_("Wait for the host")))
HERE, ON_SERVER = "here", "server"


def choose_game_to_host(services) -> None:
    services.stack.push(GameSelectScene(
        services, lambda game: services.stack.push(HostSeatsScene(services, game))))


class HostSeatsScene(SeatSetupScene):
    """The seats of a table to host: a human here, a remote player or a bot in each.  Every
    seat wears its own colour (the table online shows them so)."""

    choose_colours = False
    footer_rows = 0
    COLUMNS = ((100, 560), COLOUR_COL, (700, 640), REMOVE_COL)

    def __init__(self, services, game: GameInfo) -> None:
        seats = remembered(game, default_seats(game), services.settings.seat_names, [])
        seats = [Seat(HUMAN, None, seats[0].name, seats[0].colour),
                 Seat(REMOTE, None, seats[1].name, seats[1].colour), *seats[2:]]
        super().__init__(services, game.id, seats)

    def on_enter(self) -> None:
        MenuScene.on_enter(self)  # no lesson is offered here

    def kind_choices(self) -> list[tuple[str, str]]:
        human, *bots = kind_options()
        return [(HUMAN, _("Human, here")), (REMOTE, _("Remote player")), *bots]

    def kind_value(self, seat: Seat) -> str:
        return REMOTE if seat.kind == REMOTE else super().kind_value(seat)

    def names_typed(self, seat: Seat) -> bool:
        return seat.kind != REMOTE  # who joins gives their own

    def name_hint(self, seat: Seat) -> str:
        return _("Who joins") if seat.kind == REMOTE else super().name_hint(seat)

    def set_kind(self, i: int, value: str) -> None:
        super().set_kind(i, value)
        self.rebuild()  # a remote seat's name is not typed here

    def build_footer(self) -> None:
        back = pygame.Rect(80, 1040 - theme.BUTTON_HEIGHT, 260, theme.BUTTON_HEIGHT)
        self.group.add(Button(back, _("Back"), self.back, key="back", sound=None))
        next_ = pygame.Rect(0, 0, 360, theme.BUTTON_HEIGHT)
        next_.bottomright = (1840, 1040)
        self.group.add(Button(next_, _("Next"), self.next, primary=True, key="next"))

    def next(self) -> None:
        kinds = [s.kind for s in self.seats]
        if HUMAN not in kinds:
            self.message = N_("Keep a seat for yourself: Human, here.")
        elif REMOTE not in kinds:
            self.message = N_("Leave a seat to a remote player.")
        else:
            self.remember()
            self.services.stack.push(HostTableScene(self.services, self.game.id,
                                                    list(self.seats), dict(self.options)))
            return
        self.services.audio.play("error")


PANEL = pygame.Rect(0, 200, 1500, 30 + 4 * 94 + 30)
PANEL.centerx = 960


class HostTableScene(OnlineScreen):
    """The table's settings, where it is hosted, and Create."""

    heading = N_("Host a table")

    def __init__(self, services, game_id: str, seats: list[Seat], options: dict[str, str]):
        self.game = GAMES[game_id]
        self.seats, self.options = seats, options
        memory = services.online
        self.spectators = True
        self.takeover: int | None = TAKEOVER[0][0]
        self.where = HERE
        running = services.hosting
        self.port = str(running.port if running is not None and running.running
                        else memory.port)
        self.address = memory.address
        self.starting: LocalServer | None = None  # this computer's server, until it listens
        super().__init__(services)

    @property
    def busy(self) -> bool:
        return self.starting is not None

    @property
    def keeps_awake(self) -> bool:  # type: ignore[override]
        return self.pending is not None or self.starting is not None

    def build(self) -> None:
        p, add = PANEL, self.group.add

        def row(i: int) -> tuple[int, int, int, int]:
            return (p.x + 20, p.y + 30 + i * 94, p.width - 40, ROW_HEIGHT)

        add(Choice(row(0), _("Spectators"), [(True, _("Allowed")), (False, _("Not allowed"))],
                   self.spectators, lambda v: self.set("spectators", v), key="spectators"))
        add(Choice(row(1), _("An away player's seat goes to a bot"),
                   [(v, _(words)) for v, words in TAKEOVER], self.takeover,
                   lambda v: self.set("takeover", v), key="takeover"))
        add(Choice(row(2), _("Hosted"), [(HERE, _("On this computer")),
                                         (ON_SERVER, _("On a server"))],
                   self.where, self.set_where, key="where"))
        running = self.services.hosting
        if self.where == HERE:
            add(TextField(row(3), _("Port"), self.port, max_len=5,
                          on_change=lambda t: self.set("port", t), on_submit=self.create,
                          key="port",
                          enabled=running is None or not running.running))
        else:
            add(TextField(row(3), _("Server address"), self.address, max_len=100,
                          digits_only=False, placeholder=_("host:port"),
                          on_change=lambda t: self.set("address", t), on_submit=self.create,
                          key="address"))
        align_rows(self.group.widgets)
        self.add_back()
        create = pygame.Rect(0, 0, 420, theme.BUTTON_HEIGHT)
        create.bottomright = (1840, 1040)
        add(Button(create, _("Create the table"), self.create, primary=True, key="create"))
        self.group.focus_key("create")

    def draw_static(self, surface) -> None:
        super().draw_static(surface)
        theme.draw_panel(surface, PANEL)
        if self.where == HERE:
            hint = _("The others join at this computer's address and port: on another "
                     "network, the port must be open to them (forwarded by the router).")
        else:
            hint = _("A server runs landgrab-server; the table lives on there without you.")
        px, lines, step = theme.fit_wrap(hint, theme.BODY_SIZE, 1500, 200)
        for i, line in enumerate(lines):
            t = theme.text(line, px, theme.ON_TABLE_SOFT, fixed=True)
            surface.blit(t, t.get_rect(midtop=(960, PANEL.bottom + 24 + i * step)))

    # --- choices ----------------------------------------------------------------------------
    def set(self, name: str, value: Any) -> None:
        setattr(self, name, value)
        self.message = ""

    def set_where(self, where: str) -> None:
        self.set("where", where)
        self.rebuild()

    # --- creating ---------------------------------------------------------------------------
    def create(self) -> None:
        if self.pending is not None or self.starting is not None:
            return
        self.message = ""
        if self.where == ON_SERVER:
            url = server_url(self.address)
            if url is None:
                self.fail(say(BAD_ADDRESS))
                return
            self.memory.address = self.address.strip()
            self.services.save_online()
            self.send_create(url)
            return
        if not self.port.isdigit() or int(self.port) > 65535:
            self.fail(say(N_("A port is a number up to 65535.")))
            return
        self.memory.port = int(self.port) or self.memory.port
        self.services.save_online()
        self.starting = self.services.host_on(int(self.port))
        self.status = say(N_("Starting the server on this computer…"))

    def update(self, dt: float) -> None:
        super().update(dt)
        server = self.starting
        if server is None:
            return
        if server.status == LISTENING:
            self.starting = None
            self.send_create(server.url)
        elif server.status == FAILED:
            self.starting = None
            self.fail(server.problem or say(N_("The server of this computer stopped.")))

    def cancel(self) -> None:
        super().cancel()
        self.starting = None  # a server started stays up: Create again uses it

    def send_create(self, url: str) -> None:
        kinds = {HUMAN: "host", REMOTE: "open", BOT: "bot"}
        seats = [{"kind": kinds[s.kind], "name": s.name, "level": s.level or "normal"}
                 for s in self.seats]
        self.ask(url, {"type": "create", "game": self.game.id, "players": len(seats),
                       "seats": seats, "options": self.options, "spectators": self.spectators,
                       "takeover_after": self.takeover},
                 ("created",), lambda asked: self.created(url, asked))

    def created(self, url: str, asked: Ask) -> None:
        """The table exists: the host's tokens are kept, then the code is shown."""
        from game.scenes.online.share import ShareScene

        answer = asked.answer or {}
        code = answer["table"]
        here = self.where == HERE
        tokens = {int(s["seat"]): str(s["token"]) for s in answer.get("seats", [])}
        for seat, token in tokens.items():
            self.memory.keep(HeldSeat(url, code, seat, token, self.game.id, here))
        self.services.save_online()
        self.services.stack.replace(ShareScene(self.services, url, code, tokens, here))
