"""The shared table on a remote session, headless, against a real server on loopback: a
whole game of every game with this client's one human and the server's bots in the other
seats, its results with the score chart and Watch replay of the whole game (the server's
record, sent once it is over), kept once in the history with its replay, also when the
finished table is opened again; two seats of one table on this client (the hand-off screen
between them, as at one screen) with the client cut off and reconnected mid-game; a
spectator's table; an undo said only once the server has taken the move back, or the
server's reason when it refuses."""

from __future__ import annotations

import pytest
from net_tables import WAIT, ServerProcess
from online_tables import Screen, create

from game.net.client import CONNECTED
from game.registry import GAMES
from game.scenes import online_table
from game.scenes.pad_keyboard import PadKeyboard
from game.scenes.replay import ReplayScene
from game.scenes.results import ResultsScene
from game.scenes.table import screen
from game.ui import intents as I


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = ServerProcess(tmp_path_factory.mktemp("server") / "data")
    yield srv
    assert srv.stop() == 0


def bots(n: int) -> list[dict]:
    return [{"kind": "bot", "name": f"Bot {i}", "level": "normal"} for i in range(n)]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_whole_online_game_at_the_table(server, game_id, monkeypatch, display):
    n = max(GAMES[game_id].min_players, 3)
    code, tokens = create(server.url, game_id, [{"kind": "host", "name": "Ann"}] + bots(n - 1))
    screen = Screen(monkeypatch, server.url, code, tokens)
    hinted = []

    def hint_once(s: Screen, _frame: int) -> None:  # searched from Ann's own view
        t = s.table
        if hinted or t is None or s.svc.stack.top is not t or not t.human_can_act:
            return
        t.suggest.ask()
        t.hints.wait(WAIT)
        t.suggest.poll()
        hinted.append(t.suggest.hint)

    try:
        results = screen.until_results(display, during=hint_once)
        assert hinted and hinted[0] is not None and hinted[0].seat == 0
        table = screen.table
        assert isinstance(results, ResultsScene) and table is not None
        assert table.humans == [0] and not table.bots and table.session.is_over()
        assert table.viewer == 0 and screen.hand_offs == 0
        assert results.rows and len(table.log.entries) > 2
        record = screen.svc.history.records[-1]  # kept in the history, once
        assert [s.is_bot for s in record.seats] == [False] + [True] * (n - 1)
        assert record.game == game_id and record.seats[0].name == "Ann"
        assert list(record.winners) == table.known.winners() and len(
            screen.svc.history.records) == 1
        whole = table.session.finished_game()  # the server's record, rebuilt
        assert whole is not None and whole.is_over() and len(whole.history) == table.session.moves
        assert list(record.winners) == whole.winners()
        assert results.chart is not None and results.on_replay is not None
        screen.svc.history.writer.flush()
        assert screen.svc.history.has_replay(record)  # the whole game, kept here
        results.on_replay()  # Watch replay: the whole game, every seat's hand shown in turn
        screen.svc.stack.apply_pending()
        replay = screen.svc.stack.top
        assert isinstance(replay, ReplayScene) and replay.total == len(whole.history)
        assert [s.kind for s in replay.seats] == ["human"] + ["bot"] * (n - 1)
        replay.close()
        screen.svc.stack.apply_pending()
        assert screen.svc.stack.top is results
        table.play_again()  # a rematch is hosted anew: the Online menu
        screen.svc.stack.apply_pending()
        assert type(screen.svc.stack.top).__name__ == "OnlineMenuScene"
        # opened again from My online games: the finished table and its record come again,
        # and the game stays in the history once
        online_table.open_online_table(screen.svc, server.url, code, tokens)
        again = screen.until_results(display)
        assert again is not results and again.chart is not None and again.on_replay
        assert screen.table is not table and len(screen.svc.history.records) == 1
    finally:
        screen.close()


def test_two_seats_at_one_screen_and_a_reconnection(server, monkeypatch, display):
    """Two humans of one table on this client pass the screen with the hand-off, each
    seeing only their own hand; the connection is cut mid-game, the table says so, and
    picks up where it was once the client is back."""
    game_id = next(iter(GAMES))
    seats = [{"kind": "host", "name": "Ann"}, {"kind": "host", "name": "Ben"}] + bots(1)
    code, tokens = create(server.url, game_id, seats)
    screen = Screen(monkeypatch, server.url, code, tokens)
    seen: dict[str, object] = {}

    def cut_once(s: Screen, _frame: int) -> None:
        table = s.table
        if table is None or "cut" in seen or table.session.moves < 6:
            return
        seen["cut"] = table.session.moves
        table.remote.connection.kill()
        while table.remote.connection.status == CONNECTED:  # the cut is seen by its thread
            assert s.wake.wait(WAIT)
            s.wake.clear()
        seen["status"] = table.presence.status_words()
        table.draw(display)  # the strip says so

    try:
        screen.until_results(display, during=cut_once)
        table = screen.table
        assert table.humans == [0, 1] and screen.hand_offs >= 2
        assert table.remote.connection.reconnections >= 1
        assert seen["status"] == "Reconnecting…"
        assert table.session.moves > seen["cut"] and table.session.is_over()
        for viewer in (0, 1):  # each reads their own secrets and no other's
            assert table.session.view(viewer)["viewer"] == viewer
        records = screen.svc.history.records  # once, reconnection or not
        screen.svc.history.writer.flush()
        assert len(records) == 1 and screen.svc.history.has_replay(records[0])
        assert [s.kind for s in records[0].seats] == ["human", "human", "bot"]
    finally:
        screen.close()


def test_a_spectator_watches_a_whole_game(server, monkeypatch, display):
    game_id = next(iter(GAMES))
    code, _tokens = create(server.url, game_id, bots(3), spectators=True)
    screen = Screen(monkeypatch, server.url, code, None, watch=True)
    try:
        results = screen.until_results(display)
        table = screen.table
        assert isinstance(results, ResultsScene)
        assert table.humans == [] and table.viewer is None and table.speaker is None
        assert table.remote.held == [None] and table.session.legal_actions(0) == []
        assert len(table.log.entries) > 2
        assert results.chart is not None and results.on_replay is not None
        assert screen.svc.history.records == []  # a spectator played no game
    finally:
        screen.close()


def test_chat_reactions_mutes_and_the_hosts_choice_for_an_away_player(server, monkeypatch,
                                                                      display):
    """Ann's table (the host) shows Bob's chat line and reaction in its strip, hides them
    once she mutes him, says when he is gone, and her choice lets a bot of the server play
    his seat until he is back."""
    import threading

    from online_sessions import sat

    from game.scenes.online_chat import ChatOverlay
    from game.scenes.online_presence import Said

    game_id = next(iter(GAMES))
    seats = [{"kind": "host", "name": "Ann"}, {"kind": "host", "name": "Bob"}] + bots(1)
    code, tokens = create(server.url, game_id, seats)
    wake = threading.Event()
    bob = sat(server.url, code, {1: tokens[1]}, wake)
    ann = Screen(monkeypatch, server.url, code, {0: tokens[0]}, wake=wake)
    try:
        ann.until(lambda: ann.table is not None, "the table")
        table = ann.table
        strip = table.presence
        bob.say("  hello   Ann " + "x" * 300, 1)  # spaces folded, cut to a line's length
        bob.react("well_played", 1)
        ann.until(lambda: len(strip.lines) == 2, "Bob's line and reaction", surface=display)
        assert strip.lines[0].text.startswith("Bob: hello Ann xxx")
        assert strip.lines[1].text == "Bob: Well played!"
        ann.svc.stack.push(ChatOverlay(ann.svc, table))
        ann.svc.stack.apply_pending()
        overlay = ann.svc.stack.top
        overlay.draw(display)
        # a controller writes: A on the line opens the on-screen keyboard, Send sends
        overlay.group.focus_key("say")
        overlay.handle(I.Intent(I.CONFIRM, source=I.PAD))
        ann.svc.stack.apply_pending()
        board = ann.svc.stack.top
        assert isinstance(board, PadKeyboard) and board.field.key == "say"
        for ch in "ça":
            board.group.focus_key(f"key:{ch}")
            board.handle(I.Intent(I.CONFIRM, source=I.PAD))
        board.draw(display)
        board.handle(I.Intent(I.MENU, source=I.PAD))  # Start: done
        ann.svc.stack.apply_pending()
        assert ann.svc.stack.top is overlay and overlay.typed == "ça"
        overlay.group.focus_key("send")
        overlay.handle(I.Intent(I.CONFIRM, source=I.PAD))
        ann.until(lambda: table.remote.chat[-1].text == "ça", "Ann's line")
        overlay.toggle_mute(1)
        assert table.muted == {1}
        bob.say("still there?", 1)
        ann.until(lambda: table.remote.chat[-1].text == "still there?", "the next line")
        ann.frame(display)
        overlay.back()
        ann.svc.stack.apply_pending()
        ann.frame(display)
        assert not any("still there" in s.text for s in strip.lines)  # muted
        bob.close()
        ann.until(lambda: any(s.text == "Bob is disconnected." for s in strip.notices),
                  "the notice")
        ann.svc.stack.push(ChatOverlay(ann.svc, table))
        ann.svc.stack.apply_pending()
        overlay = ann.svc.stack.top
        keys = {w.key for w in overlay.group.widgets}
        assert "hand:1" in keys
        overlay.hand_over(1, True)
        ann.until(lambda: table.remote.presence.seats[1]["bot_playing"], "a bot for Bob")
        overlay.back()
        ann.svc.stack.apply_pending()
        assert strip.seat_words(1) == "a bot plays for now"
        table.input.open_pause()  # a controller reaches the chat through the pause menu
        ann.svc.stack.apply_pending()
        pause = ann.svc.stack.top
        pause.group.focus_key("extra")
        pause.handle(I.Intent(I.CONFIRM))  # pad A
        ann.svc.stack.apply_pending()
        assert isinstance(ann.svc.stack.top, ChatOverlay)
        chat = ann.svc.stack.top
        try:  # the strip and the chat fit at the largest text, in every language
            for k in range(8):  # more notices and lines than the panel holds
                strip.notices.append(Said(f"Bob is disconnected. ({k})", 60.0, 1))
                strip.lines.append(Said(f"Bob: a line of chat long enough to wrap ({k})",
                                        60.0, 1))
            for code, scale in (("it", 1.5), ("es", 1.5), ("fr", 1.5), ("en", 1.5),
                                ("en", 1.0), ("fr", 1.25)):
                ann.svc.set_language(code)
                ann.svc.set_ui_scale(scale)
                table.draw(display)
                chat.draw(display)
                area = table.layout.log_rect
                assert strip.rect.width == area.width and strip.rect.bottom < area.bottom
                # the log's lines and its buttons are under the strip, never beneath it
                assert strip.rect.bottom < table.log.view.top < area.bottom - 100
                for button in (screen.undo_rect(table), screen.hint_rect(table)):
                    assert not button.colliderect(strip.rect)
                assert display.get_rect().contains(chat.panel_rect)
                assert all(chat.panel_rect.contains(w.rect) for w in chat.group.widgets)
        finally:
            ann.svc.set_ui_scale(1.0)
            ann.svc.set_language("en")
        chat.back()
        ann.svc.stack.apply_pending()
        ann.until_results(display)  # the server's bot plays Bob's seat to the end
    finally:
        ann.close()
        bob.close()


class OtherDevice:
    """The same player's other device, holding her seat with its key: it plays random
    legal moves there until her last move can no longer be taken back."""

    def __init__(self, session, seat: int) -> None:
        import random

        self.session, self.seat, self.rng = session, seat, random.Random(5)
        self.played = 0
        self.done = False

    def step(self) -> None:
        s = self.session
        s.poll()
        if self.done:
            return
        if self.played and (s.last_mover() != self.seat or not s.can_take_back()):
            self.done = True
            return
        legal = s.legal_actions(self.seat)
        if legal:
            s.submit(self.rng.choice(legal), self.seat)
            self.played += 1


def test_an_undo_is_said_once_the_server_has_taken_the_move_back(server, monkeypatch,
                                                                  display):
    """Ann asks to take a move back: her table says nothing and waits for the server, then
    "Taken back." once it has.  Later her next moves are played from her other device, which
    her table has not read yet: her undo is asked all the same, the server refuses it, and
    its reason shows in her language, without "Taken back."."""
    import threading

    from online_sessions import Pump, sat

    from game.engine.messages import localized
    from game.scenes.table import screen as table_screen
    from game.server import tables

    outcomes: set[str] = set()
    for game_id in GAMES:
        n = max(GAMES[game_id].min_players, 2)
        code, tokens = create(server.url, game_id, [{"kind": "host", "name": "Ann"}]
                              + bots(n - 1))
        wake = threading.Event()
        screen = Screen(monkeypatch, server.url, code, tokens, wake=wake)
        other = None
        said: list[float] = []
        try:
            def undo_chance() -> bool:
                t = screen.table  # noqa: B023
                return t is not None and (t.can_undo or t.session.is_over())

            screen.until(undo_chance, "a move Ann may take back")
            table = screen.table
            if not table.can_undo:
                continue  # this game let no move of hers be taken back
            before = table.session.moves
            assert table.undo() and table.remote.undo_asked
            assert table.taken_back_time == 0 and table.session.moves == before
            assert table.undo_reason() is not None  # asked once, the server answers
            screen.until(lambda: said.append(table.taken_back_time)  # noqa: B023
                         or table.taken_back_time > 0, "Taken back.")  # noqa: B023
            assert table.session.moves == before - 1 and not table.remote.undo_asked
            assert table_screen.prompt_line(table).startswith("Taken back. ")
            outcomes.add("taken back")

            screen.until(undo_chance, "another move Ann may take back")
            if not table.can_undo:
                continue
            before = table.session.moves
            other = sat(server.url, code, {0: tokens[0]}, wake)
            device = OtherDevice(other, 0)
            Pump(wake, device).until(lambda: device.done, "her moves from the other device")  # noqa: B023
            screen.svc.set_language("fr")
            assert table.undo()  # her table has not read those moves yet
            said.clear()
            screen.until(lambda: said.append(table.taken_back_time)  # noqa: B023
                         or (table.message_error and table.message_time > 0),  # noqa: B023
                         "the server's refusal")
            reasons = {localized(r, language="fr"): r for r in (tables.NOT_YOURS,
                                                                  tables.TOO_LATE)}
            assert table_screen.shown_message(table) in reasons
            assert table_screen.shown_message(table) != localized(
                reasons[table_screen.shown_message(table)], language="en")
            assert not any(said) and table.session.moves > before
            assert not table.remote.undo_asked
            outcomes.add("refused")
            break
        finally:
            screen.svc.set_language("en")
            screen.close()
            if other is not None:
                other.close()
    assert outcomes == {"taken back", "refused"}


def test_a_player_who_sits_down_later_is_shown_by_name(server, monkeypatch, display):
    """Ann's table opened before anyone took the open seat; once Bob has joined, her panels,
    log and strip call that seat Bob (and the server's bot by its name and level)."""
    from online_screens import join_table

    game_id = next(iter(GAMES))
    seats = [{"kind": "host", "name": "Ann"}, {"kind": "open"}] + bots(1)
    code, tokens = create(server.url, game_id, seats)
    ann = Screen(monkeypatch, server.url, code, {0: tokens[0]})
    try:
        ann.until(lambda: ann.table is not None, "the table")
        table = ann.table
        assert table.names[1] != "Bob" and table.seats[2].name == "Bot 0"
        names = table.names  # the list the panels and the log hold
        assert join_table(server.url, code, "Bob")[0] == 1
        ann.until(lambda: table.names[1] == "Bob", "Bob's name", surface=display)
        assert names is table.names and table.seats[1].name == "Bob"
        assert table.seats[1].is_remote and table.seats[2].level == "normal"
    finally:
        ann.close()
