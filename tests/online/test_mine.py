"""My online games: the tables this client sits at, as their servers tell them (whose turn,
"Your turn" first, the names, the moves), opened with every seat held there or forgotten;
a server that does not answer and a table gone from its server are said on their rows; a
damaged online.json is reported and set aside."""

from __future__ import annotations

import pygame
from online_screens import create_table, join_table

from game.online import HeldSeat, load_online, online_path
from game.scenes.confirm import ConfirmScene
from game.scenes.online.menu import OnlineMenuScene
from game.scenes.online.mine import MyGamesScene, TableRow
from game.scenes.title import TitleScene


def rows(scene) -> list[TableRow]:
    return [w for w in scene.group.widgets if isinstance(w, TableRow)]


def test_my_games_lists_whose_turn_opens_and_forgets(screens, server, opened):
    # hot seat: this client holds both seats, so the turn is its own whoever starts
    both, tokens = create_table(server.url, [{"kind": "host", "name": "Bob"},
                                             {"kind": "host", "name": "Di"}])
    waiting, _ = create_table(server.url, [{"kind": "host", "name": "Ann"}, {"kind": "open"}])
    s = screens()
    memory = s.app.services.online
    for seat, token in tokens.items():
        memory.keep(HeldSeat(server.url, both, seat, token, "oregon"))
    seat, token = join_table(server.url, waiting, "Bob")
    memory.keep(HeldSeat(server.url, waiting, seat, token, "oregon"))
    memory.keep(HeldSeat("ws://127.0.0.1:9", "ZZZZZZ", 0, "t" * 22, "oregon"))  # no server
    memory.keep(HeldSeat(server.url, "YYYYYY", 0, "u" * 22, "oregon"))  # not on the server
    s.app.services.save_online()
    s.press("online")
    s.press("mine")
    scene = s.top
    assert isinstance(scene, MyGamesScene)
    s.answered()
    shown = {r.entry.table: r.lines() for r in rows(scene)}
    assert shown[both][0] == "Your turn"
    assert shown[both][1].startswith("Bob (you) · Di (you) · 0 moves ·")
    told = next(r.entry.told for r in rows(scene) if r.entry.table == waiting)
    assert shown[waiting][0] == ("Your turn" if told["your_turn"] else "Waiting for Ann")
    assert shown[waiting][1].startswith("Ann · Bob (you) · 0 moves ·")
    assert shown["ZZZZZZ"][0] == "No Landgrab server answers at 127.0.0.1:9."
    assert shown["YYYYYY"][0] == "This table is no longer on its server."
    turns = [r.entry.your_turn for r in rows(scene)]
    assert turns == sorted(turns, reverse=True)  # "Your turn" first
    # a silent server's table does not open; a told one opens with its seat
    s.tab_to("table_ws://127.0.0.1:9_ZZZZZZ")
    s.key(pygame.K_RETURN)
    assert opened == []
    s.press(f"table_{server.url}_{both}")
    assert opened == [(server.url, both, tokens, False)]
    # forgetting asks first
    s.press(f"forget_{server.url}_YYYYYY")
    assert isinstance(s.top, ConfirmScene)
    s.press("yes")
    assert s.top is scene and "YYYYYY" not in [r.entry.table for r in rows(scene)]
    assert all(h.table != "YYYYYY" for h in memory.seats)
    kept, problem = load_online(online_path(s.app.config))  # the file holds the change
    assert problem is None and {h.table for h in kept.seats} == {both, waiting, "ZZZZZZ"}


def test_a_damaged_file_is_reported_and_set_aside(screens, landgrab_home):
    path = landgrab_home / "config" / "online.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    s = screens()
    assert isinstance(s.top, TitleScene)
    s.press("online")
    menu = s.top
    assert isinstance(menu, OnlineMenuScene)
    from game.scenes.menu import shown

    assert shown(menu.message) == ("Your online games could not be read; the file was moved "
                                   "to online.json.corrupt.")
    assert (path.parent / "online.json.corrupt").read_text() == "{not json"
    s.press("mine")
    assert isinstance(s.top, MyGamesScene) and s.top.entries == []
