"""The table talks to a game through one session (``game.session``): the view of the seat
looking, that seat's legal actions and the rules' refusals, moves handed in and arriving,
take back, and the events as a viewer may see them.  The local session answers from a
``GameState``; the table and the game's parts ask it (and the rules about the game rebuilt
from the viewer's view), never the game itself.  Every game in ``GAMES`` plays whole games
through a session that refuses the game behind it to anyone else."""

from __future__ import annotations

import random
import sys

import pytest

from game.config import Config
from game.registry import GAMES
from game.scenes import table as table_mod
from game.scenes.handoff import Handoff
from game.scenes.results import ResultsScene
from game.scenes.services import Services
from game.seats import make_seat
from game.session import LocalSession
from game.settings import Settings

DT = 1 / 30
DRAW_EVERY = 5  # frames between two pictures of the screen (and before each human's choice)

# What may read the game itself: the session.  The table, its parts and the game's parts ask
# the session, and the game's rules about the game rebuilt from the viewer's view.
MAY_READ_THE_GAME = ("game.session",)


class WatchedSession(LocalSession):
    """A local session that refuses the game behind it, from the deal to the results, to
    any module but those of ``MAY_READ_THE_GAME``: the table (its turn loop, bots, hints,
    hand-off, glance, log, undo, results) and the game's parts must ask the interface."""

    def __init__(self, session: LocalSession) -> None:
        super().__init__(session.state, session.kept)

    @property  # type: ignore[override]
    def state(self):
        module = sys._getframe(1).f_globals.get("__name__", "")
        if not module.startswith(MAY_READ_THE_GAME):
            raise AssertionError(f"{module} read the game behind the session")
        return self._state

    @state.setter
    def state(self, value) -> None:
        self._state = value


def new_state(game_id: str, players: int, seed: int):
    return GAMES[game_id].new(players, seed)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_local_session_plays_moves_handed_in_and_renders_events_per_viewer(game_id):
    info = GAMES[game_id]
    session = LocalSession(new_state(game_id, info.min_players, 4))
    rng = random.Random(4)
    seen_private = 0
    played = []
    while not session.is_over() and session.moves < 400:
        p = session.to_act()[0]
        legal = session.legal_actions(p)
        action = rng.choice(legal)
        assert session.refusal(action, p) is None
        before = session.version
        session.submit(action, p)
        [move] = session.poll()  # a local session plays a move handed in at once
        assert move.seat == p and move.action == action and session.poll() == []
        assert session.version == before + 1 and session.last_mover() == p
        events = move.events
        played.append(move)
        for viewer in (None, *range(info.min_players)):
            for e, shown in zip(events, session.events_for(events, viewer), strict=True):
                assert shown == e.seen_by(viewer)
                if e.is_hidden_from(viewer):
                    seen_private += 1
                    assert shown.data != e.data or shown.text != e.text
    assert seen_private, "no event hidden from anyone in a whole game"
    assert session.past_moves() == played


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_taking_back_goes_back_one_action_while_nothing_was_revealed(game_id):
    """Wherever the game allows it (an action that drew nothing, revealed nothing)."""
    session = LocalSession(new_state(game_id, GAMES[game_id].min_players, 2))
    rng = random.Random(2)
    taken_back = 0
    while not session.is_over():
        p = session.to_act()[0]
        session.apply(rng.choice(session.legal_actions(p)), p)
        state = session.state
        assert session.can_take_back() == state.is_undoable(len(state.history) - 1)
        if session.can_take_back() and not taken_back:
            moves, version, history = session.moves, session.version, state.history[:-1]
            left = session.take_back()
            assert [(m.seat, m.action) for m in left] == history
            assert session.moves == moves - 1 and session.version == version + 1
            assert session.state.history == history
            taken_back += 1


def seats_for(game_id: str) -> list:
    """Two hot-seat humans and bots in the other seats."""
    info = GAMES[game_id]
    n = max(info.min_players, 3)
    return [make_seat(game_id, i, "human" if i < 2 else "bot", "easy") for i in range(n)]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_whole_games_play_through_the_session_with_bots_and_hot_seat_humans(game_id, display):
    """Bots think over their own seat's view from the session; the humans (two, in hot
    seat) choose from the session's legal actions for the seat looking; nothing of the table
    or of the game's parts (the turn loop, the hand-offs, the glance, the hints, the log, the
    prompt, the previews, the autosave, the results) reads the game behind the session."""
    svc = Services.standalone(Config(), Settings())
    svc.settings.animation_speed = 60.0
    table = table_mod.open_table(svc, game_id, seats_for(game_id), 7)
    table.session = WatchedSession(table.session)
    svc.stack.reset(table)
    svc.stack.apply_pending()
    rng = random.Random(7)
    for frame in range(60000):
        top = svc.stack.top
        if frame % DRAW_EVERY == 0 or (top is table and table.human_can_act):
            svc.stack.draw(display)  # the prompt, the previews, the panels, the tips
        if isinstance(top, ResultsScene):  # the whole game is public now: chart, replay
            assert top.chart is not None and top.on_replay is not None
            break
        if isinstance(top, Handoff) and top.ready:
            top.proceed()
        elif top is table and table.human_can_act:
            p = table.chooser
            assert p == table.viewer  # only the seat looking chooses
            table.controls.try_action(rng.choice(table.session.legal_actions(p)))
        elif top is table and getattr(table.game, "scores_held", False):
            table.game.close_scores()
        svc.stack.update(DT)
        svc.stack.apply_pending()
    else:
        raise AssertionError("the game did not reach its results")
    assert table.session.is_over()
