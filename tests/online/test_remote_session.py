"""``RemoteSession`` against a real server on loopback: whole games of every game with two
seats held by one client (hot-seat plus remote), a third joined by code from another client
and a server bot where the game seats four; the client cut off and reconnected mid-game; an
old move sent again (refused, with its reason in the player's language); an undo; a
spectator; a move the server cannot store for now (its database restarting), shown as busy
and sent again by the client until it is played, once.  Every move is handed over once, in order, with its events as each viewer of
this client may see them (checked against an independent replay of the stored table), and
once the game is over the whole game is the stored one (the server's record)."""

from __future__ import annotations

import json
import threading

import pytest
from net_tables import BotClient, InProcessServer, ServerProcess, seats_of
from online_sessions import Pump, SessionBots, seated, watching

from game.engine.messages import localized
from game.engine.save_files import read_action, save_dict
from game.registry import GAMES
from game.server.store import SQLiteStore


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = ServerProcess(tmp_path_factory.mktemp("server") / "data")
    yield srv
    assert srv.stop() == 0


def shown(events, viewer):
    """What a viewer reads of events: kind, data and line."""
    return [(e.kind, json.loads(json.dumps(dict(e.data))), e.text_for(viewer)) for e in events]


def replayed(server, code):
    """The stored table replayed from its seed (which only the server and this test know):
    its moves' seats and events."""
    store = SQLiteStore(server.data)
    record = store.load(code)
    store.close()
    state = GAMES[record.game].new(record.num_players, record.seed, **record.options)
    moves = []
    for seat, action_json in record.actions:
        moves.append((seat, state.apply(read_action(seat, action_json, state.ACTION_TYPES)[1],
                                        seat)))
    return state, moves


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_whole_game_through_a_remote_session(server, game_id):
    wake = threading.Event()
    session = seated(server.url, game_id, seats_of(game_id), wake, spectators=True)
    code = session.code
    assert session.held == [0, 1] and session.moves == 0
    joiner = BotClient(server.url, wake, "joiner")
    joiner.send({"type": "join", "table": code, "name": "Cat"})
    bots = SessionBots(session)
    watcher = SessionBots(watching(server.url, code, wake))
    pump = Pump(wake, bots, joiner, watcher)
    pump.until(lambda: joiner.of_type("joined"), "the joined seat")
    joiner.plays.add((code, 2))
    try:
        pump.until(lambda: any(m.action is not None for m in bots.moves), "a move of its own")
        resent = next(m for m in bots.moves if m.action is not None)
        # sent again after it was played (as after a reconnection): the server refuses it
        session.connection.send({"type": "act", "table": code, "seat": resent.seat,
                                 "action": resent.action.to_json(), "own_moves": 0})
        refusals: list = []
        pump.until(lambda: refusals.extend(session.take_refusals()) or refusals, "a refusal")
        assert localized(refusals[0], language="fr") != localized(refusals[0], language="en")
        cut_at = session.moves
        session.connection.kill()  # the network drops: the client comes back by itself
        pump.until(lambda: session.connection.reconnections >= 1
                   and session.moves > cut_at + 2, "moves after the reconnection")
        pump.until(lambda: session.is_over() and watcher.session.is_over()
                   and joiner.latest[(code, 2)]["turn"]["over"], "the end")
    finally:
        for part in (session, watcher.session, joiner):
            part.close()
    state, moves = replayed(server, code)
    assert [m.seat for m in bots.moves] == [seat for seat, _ in moves]
    assert [m.seat for m in watcher.moves] == [seat for seat, _ in moves[-len(watcher.moves):]]
    for viewer, part in ((0, bots), (1, bots), (None, bots), (None, watcher)):
        got, want = dict(part.session.view(viewer)), json.loads(json.dumps(state.view(viewer)))
        assert got == want, (viewer, [(k, str(got.get(k))[:200], str(want[k])[:200])
                                      for k in want if got.get(k) != want[k]])
        assert part.session.moves == len(moves)
        for move, (_seat, events) in zip(part.session.past_moves(), moves, strict=True):
            got = part.session.events_for(move.events, viewer)
            assert shown(got, viewer) == shown([e.seen_by(viewer) for e in events], viewer)
    assert watcher.session.legal_actions(0) == [] and session.legal_actions(2) == []
    for part in (bots, watcher):  # the whole game, from the record sent once it was over
        whole = part.session.finished_game()
        assert whole is not None and save_dict(whole) == save_dict(state)


def test_an_undo_is_the_servers_and_the_table_is_sent_again(server):
    """Every seat held by one client, random moves, until the server lets one be taken
    back: the session asks for it, and shows the table again once the server has."""
    import random

    wake = threading.Event()
    undone = 0
    for game_id in GAMES:
        info = GAMES[game_id]
        seats = [{"kind": "host", "name": f"P{i}"} for i in range(info.min_players)]
        session = seated(server.url, game_id, seats, wake)
        rng = random.Random(3)
        try:
            while not session.is_over() and not undone:
                if session.can_take_back():
                    before = session.moves
                    session.take_back()
                    Pump(wake).until(lambda: session.pump() or session.take_resync(),  # noqa: B023
                                     "the table after the undo", steps=50)
                    session.poll()
                    assert session.moves == before - 1 and session.poll() == []
                    undone += 1
                    break
                seat = session.to_act()[0]
                session.submit(rng.choice(session.legal_actions(seat)), seat)
                moved = session.moves
                Pump(wake).until(lambda: session.poll() or session.moves > moved,  # noqa: B023
                                 "the move")
        finally:
            session.close()
        if undone:
            break
    assert undone, "no game let a move be taken back"


class Unreachable(Exception):
    """What a store raises while its database cannot be reached (here: made up)."""


def test_a_move_the_server_cannot_store_for_now_is_sent_again_and_played_once(tmp_path):
    served = InProcessServer(tmp_path / "data")
    store = served.server.store.sync  # what the server's store threads call
    stored, tried = store.append_action, []

    down = {0: 2, 2: 1}  # tries the database is down for, by move: two outages

    def append_action(code, index, seat, action, status):
        tried.append(index)
        if tried.count(index) <= down.get(index, 0):
            raise Unreachable("the database is restarting")
        stored(code, index, seat, action, status)

    store.unavailable, store.append_action = (Unreachable,), append_action
    wake = threading.Event()
    game_id = next(iter(GAMES))
    session = seated(served.url, game_id, [{"kind": "host", "name": "Ann"},
                                           {"kind": "host", "name": "Ben"}], wake)
    bots, notices = SessionBots(session), []
    try:
        Pump(wake, bots).until(lambda: notices.extend(session.take_refusals())
                               or session.moves >= 3, "three moves")
    finally:
        session.close()
        served.stop()
    assert [localized(n, language="en") for n in notices] == [
        "The server is busy; trying again…"] * 2  # once an outage, in the player's language
    assert localized(notices[0], language="fr") == "Le serveur est occupé\u00a0; nouvel essai…"
    assert tried[:3] == [0, 0, 0]  # the same move sent again, played once
    actions = SQLiteStore(tmp_path / "data").load(session.code).actions
    assert len(actions) == len(tried) - 3 and actions[:len(bots.moves)] == [
        (m.seat, m.action.to_json()) for m in bots.moves]
