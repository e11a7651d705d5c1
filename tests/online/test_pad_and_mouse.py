"""The Online screens by controller alone (host a table on this computer from the title to
the code and Open) and by mouse (My online games: a click opens a table), and the focus
ring shows on every control of every Online screen."""

from __future__ import annotations

import pygame
from online_screens import create_table, join_table, pad_to
from test_couch_screens import _menu_focus_shows

from game.online import HeldSeat
from game.registry import GAMES
from game.scenes.online.host import HostSeatsScene, HostTableScene
from game.scenes.online.join import JoinScene
from game.scenes.online.menu import OnlineMenuScene
from game.scenes.online.mine import MyGamesScene, TableRow
from game.scenes.online.share import ShareScene


def pad_press(s, key: str, frames: int = 3) -> None:
    pad_to(s, key)
    for _ in range(60):
        if s.top.group.armed(s.top.group.focused, by_pointer=False):
            break
        s.step()
    s.button("a", frames=frames)


def test_host_a_table_by_controller(screens, opened):
    s = screens()
    s.app.services.online.port = 0  # any free port: the field shows it, nothing is typed
    s.via = "pad"
    pad_press(s, "online")
    assert isinstance(s.top, OnlineMenuScene)
    pad_press(s, "host")
    pad_press(s, "oregon")
    assert isinstance(s.top, HostSeatsScene)
    pad_press(s, "next")
    assert isinstance(s.top, HostTableScene)
    pad_press(s, "create")
    s.answered()
    assert isinstance(s.top, ShareScene)
    pad_press(s, "open")
    assert opened and opened[0][1] == s.top.code
    s.button("b", frames=3)
    assert isinstance(s.top, OnlineMenuScene)


def test_my_games_by_mouse(screens, server, opened):
    code, _host = create_table(server.url, [{"kind": "host", "name": "Ann"}, {"kind": "open"}])
    s = screens()
    seat, token = join_table(server.url, code, "Bob")
    s.app.services.online.keep(HeldSeat(server.url, code, seat, token, "oregon"))
    s.press("online")
    s.press("mine")
    s.answered()
    [row] = [w for w in s.top.group.widgets if isinstance(w, TableRow)]
    for _ in range(60):  # a row that just appeared under the pointer waits a moment
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=row.rect.center,
                                             rel=(0, 0), buttons=(0, 0, 0)))
        s.step()
        if s.top.group.armed(row, by_pointer=True):
            break
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.rect.center,
                                         button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=row.rect.center, button=1))
    s.step(2)
    assert opened == [(server.url, code, {seat: token}, False)]


def test_every_online_focus_shows_its_ring(screens):
    s = screens()
    services = s.app.services
    for scene in (OnlineMenuScene(services), JoinScene(services),
                  HostSeatsScene(services, GAMES["oregon"]),
                  HostTableScene(services, "oregon", [], {}),
                  ShareScene(services, "ws://127.0.0.1:7373", "ABCDEF", {0: "t"}, True),
                  MyGamesScene(services)):
        services.stack.push(scene)
        s.step(30)
        _menu_focus_shows(s, scene)
        services.stack.remove(scene)
        s.step(2)
