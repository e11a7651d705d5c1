"""Title -> Online -> Join a table, against a real server on loopback: joining by code
(typed in any case, with a dash) keeps the seat's token and opens the table; watching opens
it as a spectator; and every failure says why, in a box, without leaving the screen."""

from __future__ import annotations

import json

import pygame
from online_screens import create_table

from game.net import client
from game.scenes.online.join import JoinScene
from game.scenes.online.menu import OnlineMenuScene
from game.scenes.title import TitleScene


def to_join(s) -> JoinScene:
    assert isinstance(s.top, TitleScene)
    s.press("online")
    assert isinstance(s.top, OnlineMenuScene)
    s.press("join")
    assert isinstance(s.top, JoinScene)
    return s.top


def message(scene) -> str:
    from game.scenes.menu import shown

    return shown(scene.message)


def test_join_by_code_keeps_the_token_and_opens_the_table(screens, server, opened):
    code, _host = create_table(server.url, [{"kind": "host", "name": "Ann"}, {"kind": "open"}])
    s = screens()
    join = to_join(s)
    s.fill("address", f"127.0.0.1:{server.port}")
    s.fill("code", f"{code[:3].lower()}-{code[3:]}")
    assert join.code == f"{code[:3]}-{code[3:]}"  # shown in capitals as typed
    s.fill("name", "Bob")
    s.press("join")
    s.answered()
    assert not join.message, message(join)
    [(url, table, seats, watch)] = opened
    assert (url, table, watch) == (server.url, code, False)
    assert list(seats) == [1]
    kept = json.loads((s.app.config.config_dir / "online.json").read_text())
    assert kept["address"] == f"127.0.0.1:{server.port}" and kept["name"] == "Bob"
    assert kept["seats"] == [{"url": server.url, "table": code, "seat": 1, "token": seats[1],
                              "game": "oregon", "here": False}]
    # the table is full now: a second client is told so
    again = screens()
    second = to_join(again)
    assert second.address == f"127.0.0.1:{server.port}"  # remembered
    assert again.focused() == "code"
    again.type(code)
    again.press("join")
    again.answered()
    assert message(second) == "This table has no free seat."
    assert len(opened) == 1


def test_watch_opens_the_table_as_a_spectator(screens, server, opened):
    code, _host = create_table(server.url, [{"kind": "host"}, {"kind": "bot"}])
    private, _ = create_table(server.url, [{"kind": "host"}, {"kind": "bot"}],
                              spectators=False)
    s = screens()
    join = to_join(s)
    s.fill("address", server.url)
    s.fill("code", code)
    s.press("watch")
    s.answered()
    assert opened == [(server.url, code, None, True)]
    s.fill("code", private)
    s.press("watch")
    s.answered()
    assert message(join) == "This table does not allow spectators."
    assert len(opened) == 1


def test_every_failure_is_said(screens, server, opened, monkeypatch):
    s = screens()
    join = to_join(s)
    s.fill("address", "not an address")
    s.fill("code", "ABCDEF")
    s.press("join")
    assert message(join).startswith("Type the server's address")
    assert s.focused() == "address"
    s.fill("address", server.url)
    s.fill("code", "ABC")
    s.press("join")
    assert message(join).startswith("A table code has 6")
    s.fill("code", "ZZZ ZZZ")
    s.press("join")
    s.answered()
    assert message(join) == "There is no table ZZZZZZ on this server."
    closed = server.port  # a port with no server: the server is stopped
    server.stop()
    s.press("join")
    s.answered()
    assert message(join) == f"No Landgrab server answers at 127.0.0.1:{closed}."
    assert opened == [] and isinstance(s.top, JoinScene)


def test_a_server_of_another_version_is_refused_with_its_reason(screens, server, opened,
                                                                monkeypatch):
    monkeypatch.setattr(client, "PROTOCOL_VERSION", 99)
    s = screens()
    join = to_join(s)
    s.fill("address", server.url)
    s.fill("code", "ABCDEF")
    s.press("join")
    s.answered()
    assert "version 1 of the online protocol" in message(join)
    assert "99" in message(join) and opened == []


def test_paste_and_enter_in_a_field(screens, server, opened):
    code, _host = create_table(server.url, [{"kind": "host"}, {"kind": "open"}])
    s = screens()
    join = to_join(s)
    s.fill("address", server.url)
    s.tab_to("code")
    pygame.scrap.put_text(f" {code.lower()}\n")
    s.key(pygame.K_v, mod=pygame.KMOD_CTRL)
    assert join.code == code
    s.key(pygame.K_RETURN)  # Enter in a field joins
    s.answered()
    assert opened and opened[0][1] == code
