"""Host a table from the client: a game, seats with a remote player, the table's settings,
on this computer (the client's own server process, on loopback here) or on a server; the
code is shown to share, the host's tokens are kept, a second client joins by that code and
the table opens for both."""

from __future__ import annotations

import json

import pygame

from game.scenes.game_select import GameSelectScene
from game.scenes.online.host import REMOTE, HostSeatsScene, HostTableScene
from game.scenes.online.join import JoinScene
from game.scenes.online.menu import OnlineMenuScene
from game.scenes.online.mine import TableRow
from game.scenes.online.share import ShareScene
from game.scenes.title import TitleScene


def to_host_seats(s, game: str = "oregon") -> HostSeatsScene:
    assert isinstance(s.top, TitleScene)
    s.press("online")
    assert isinstance(s.top, OnlineMenuScene)
    s.press("host")
    assert isinstance(s.top, GameSelectScene)
    assert not [w for w in s.top.group.widgets if (w.key or "").startswith("learn_")]
    s.press(game)
    assert isinstance(s.top, HostSeatsScene)
    return s.top


def test_host_on_this_computer_then_a_second_client_joins(screens, opened):
    s = screens()
    seats = to_host_seats(s)
    assert [x.kind for x in seats.seats] == ["human", REMOTE]
    assert not next(w for w in seats.group.widgets if w.key == "name1").enabled
    s.fill("name0", "Ann")
    s.press("next")
    table = s.top
    assert isinstance(table, HostTableScene) and table.where == "here"
    s.fill("port", "0")  # any free port (a player keeps the one shown)
    s.press("create")
    s.answered()
    share = s.top
    assert isinstance(share, ShareScene), table.message
    code = share.code
    port = s.app.services.hosting.port
    assert port and share.address.endswith(f":{port}") and share.here
    kept = json.loads((s.app.config.config_dir / "online.json").read_text())
    [held] = kept["seats"]
    assert (held["table"], held["seat"], held["here"]) == (code, 0, True)
    s.press("open")
    assert opened == [(f"ws://127.0.0.1:{port}", code, {0: held["token"]}, False)]
    # a second client joins by the code shown
    guest = screens()
    guest.press("online")
    guest.press("join")
    assert isinstance(guest.top, JoinScene)
    guest.fill("address", f"localhost:{port}")
    guest.fill("code", code.lower())
    guest.fill("name", "Bob")
    guest.press("join")
    guest.answered()
    assert not guest.top.message and opened[-1][1] == code and list(opened[-1][2]) == [1]
    # the host quits (its server stops with it) and comes back: My online games starts
    # this computer's server again for the table
    s.close()
    back = screens()
    back.press("online")
    back.press("mine")
    back.answered()
    [row] = [w for w in back.top.group.widgets if isinstance(w, TableRow)
             and w.entry.url == f"ws://127.0.0.1:{port}"]  # (the guest kept its seat too)
    assert row.entry.table == code and row.entry.told is not None
    assert row.lines()[1].startswith("Ann (you) · Bob ·")


def test_host_on_a_server_and_every_failure(screens, server, opened):
    s = screens()
    seats = to_host_seats(s)
    s.tab_to("seat1")
    s.key(pygame.K_RIGHT)  # remote -> a bot: no seat left to join
    assert seats.seats[1].is_bot
    s.press("next")
    assert seats.message.startswith("Leave a seat") and s.top is seats
    s.tab_to("seat1")
    s.key(pygame.K_LEFT)  # ... no: back to the remote player
    assert seats.seats[1].kind == REMOTE
    s.tab_to("seat0")
    s.key(pygame.K_RIGHT)  # the host's own seat goes remote
    s.press("next")
    assert seats.message.startswith("Keep a seat for yourself") and s.top is seats
    s.tab_to("seat0")
    s.key(pygame.K_LEFT)
    s.press("next")
    table = s.top
    assert isinstance(table, HostTableScene)
    s.tab_to("where")
    s.key(pygame.K_RIGHT)
    assert table.where == "server"
    s.fill("address", "no address at all")
    s.press("create")
    assert str(table.message).startswith("Type the server's address")
    s.fill("address", server.url)
    s.tab_to("spectators")
    s.key(pygame.K_RIGHT)
    assert table.spectators is False
    s.press("create")
    s.answered()
    share = s.top
    assert isinstance(share, ShareScene) and not share.here
    assert share.address == f"127.0.0.1:{server.port}"
    s.press("back")
    assert isinstance(s.top, OnlineMenuScene)


def test_a_port_in_use_is_said(screens, server, opened):
    s = screens()
    to_host_seats(s)
    s.press("next")
    table = s.top
    s.fill("port", str(server.port))  # the test's server holds it
    s.press("create")
    s.answered()
    assert table.message and f"Port {server.port} is in use" in str(table.message)
    assert isinstance(s.top, HostTableScene) and opened == []
