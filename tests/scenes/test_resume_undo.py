"""Safety nets at the table: the autosave after every action, Continue and ``--load`` resuming
exactly, undo within the engine's boundaries, and the hot-seat privacy screen after a minute
without input."""

import random

import pygame
import pytest
from game_hooks import games_with, hooks

from game import saves
from game.app import App
from game.config import Config
from game.engine.save_files import replay
from game.registry import GAMES
from game.scenes.handoff import Handoff
from game.scenes.table import open_table
from game.scenes.title import TitleScene
from game.seats import make_seat
from game.ui.table_common import PRIVACY_IDLE

SEATS = 3  # of every game's tables here


def seats_for(game_id, humans=1, n=None):
    n = n or SEATS
    return [make_seat(game_id, i, "human" if i < humans else "bot", "easy") for i in range(n)]


def step_all(scene, rng, until=None):
    """Play random legal moves for every seat through the table, animations flushed."""
    state = scene.session.state
    while not state.is_over() and (until is None or not until(scene)):
        for p in list(state.to_act()):
            if p in state.to_act():
                scene.play(rng.choice(state.legal_actions(p)), p)
        scene.timeline.flush()


@pytest.mark.parametrize("game_id", sorted(games_with("takes_back")))
def test_undo_follows_the_engine_and_restores_exactly(game_id, services):
    """Through a whole game: Undo is offered exactly when the viewer's own last action of this
    turn is undoable in the engine, and taking it back gives the position before it."""
    rng = random.Random(3)
    scene = open_table(services, game_id, seats_for(game_id), 7)
    state = scene.session.state
    offered = refused = 0
    while not scene.session.state.is_over():
        state = scene.session.state
        for p in list(state.to_act()):
            if p not in state.to_act():
                continue
            before = state.snapshot()
            moves = len(state.history)
            scene.play(rng.choice(state.legal_actions(p)), p)
            scene.timeline.flush()
            if p != 0:
                assert not scene.can_undo
                continue
            expect = p in state.to_act() and state.is_undoable(moves)
            assert scene.can_undo == expect
            if expect:
                offered += 1
                if rng.random() < 0.5:
                    assert scene.undo()
                    assert scene.session.state.snapshot() == before
                    assert len(scene.session.state.history) == moves
                    assert scene.session.state.snapshot() == replay(state, moves).snapshot()
                    saves.flush(services.config)
                    saved = saves.load_game(services.config.saves_dir / saves.AUTOSAVE)
                    assert len(saved.state.history) == moves
                    break  # the state object was replaced: look at the new one
            else:
                refused += 1
                assert not scene.undo()
                assert scene.message_error and scene.message
    assert offered > 3 and refused > 3
    scene.on_exit()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_autosave_follows_every_action_and_continue_resumes_exactly(game_id, services):
    rng = random.Random(5)
    scene = open_table(services, game_id, seats_for(game_id), 9)
    moves = hooks(game_id).resume_after
    step_all(scene, rng, until=lambda s: len(s.session.state.history) >= moves)
    scene.on_exit()
    saved, message = saves.unfinished_game(services.config)
    assert message is None and saved.state.history == scene.session.state.history
    assert saved.seats == scene.seats
    # the title offers Continue; Enter (the first button) resumes the very same position
    app = App(Config(mute=True))
    try:
        title = app.stack.top
        assert isinstance(title, TitleScene)
        assert title.group.focused.key == "continue"
        for t in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(t, key=pygame.K_RETURN, mod=0, unicode="\r",
                                                 scancode=0))
        app.step(1 / 60)
        app.step(1 / 60)
        table = app.stack.top
        assert type(table) is type(scene)
        assert table.session.state.snapshot() == scene.session.state.snapshot()
        assert table.session.state.history == scene.session.state.history
        assert [s.kind for s in table.seats] == [s.kind for s in scene.seats]
    finally:
        app.close()


def test_load_flag_opens_a_save_and_a_bad_one_is_reported(tmp_path):
    rng = random.Random(1)
    info = GAMES["oasis"]
    state = info.new(4, 21)
    for _ in range(30):
        p = state.to_act()[0]
        state.apply(rng.choice(state.legal_actions(p)), p)
    path = tmp_path / "mine.json"
    saves.save_game(path, state, seats_for("oasis", humans=2, n=4))
    app = App(Config(mute=True, load=path))
    try:
        table = app.stack.top
        assert table.session.state.snapshot() == state.snapshot()
        assert table.humans == [0, 1]
    finally:
        app.close()
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "landgrab-save", "version": 1, "game": "chess"}')
    app = App(Config(mute=True, load=bad))
    try:
        title = app.stack.top
        assert isinstance(title, TitleScene)
        assert "unknown game 'chess'" in title.notice
        assert not bad.exists() and (tmp_path / "bad.json.corrupt").exists()
        app.step(1 / 60)  # the notice is drawn without trouble
    finally:
        app.close()


def test_title_names_a_corrupt_autosave_and_offers_nothing_to_continue(services):
    folder = services.config.saves_dir
    folder.mkdir(parents=True)
    (folder / saves.AUTOSAVE).write_text('{"format": "landgrab-save", "version": 1, "ga')
    title = TitleScene(services)
    assert "could not be read" in title.notice and "moved to" in title.notice
    assert "continue" not in [w.key for w in title.group.widgets]
    assert (folder / "autosave.json.corrupt").exists()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_privacy_screen_returns_after_a_minute_without_input(game_id):
    seats = [make_seat(game_id, i, "human" if i < 2 else "bot", "easy") for i in range(3)]
    app = App(Config(mute=True, game=game_id, seats=seats, seed=4))
    app.settings.animation_speed = 60
    try:
        table = app.stack.top
        for _ in range(5000):  # up to the first hand-off
            app.step(1 / 60)
            if isinstance(app.stack.top, Handoff):
                break
        assert isinstance(app.stack.top, Handoff)
        while not app.stack.top.ready:
            app.step(1 / 60)
        for t in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(t, key=pygame.K_RETURN, mod=0, unicode="\r",
                                                 scancode=0))
        for _ in range(40):
            app.step(1 / 60)
            if app.stack.top is table and table.revealed is not None:
                break
        p = table.revealed
        assert p is not None and app.stack.top is table
        app.step(PRIVACY_IDLE - 5)  # a while without input: private things still show
        app.step(1 / 60)
        assert app.stack.top is table and table.revealed == p
        app.step(6.0)  # past the minute: the hand-off screen covers them again
        app.step(1 / 60)
        app.step(1 / 60)
        assert isinstance(app.stack.top, Handoff)
        assert table.revealed is None
        assert table.viewer is None
    finally:
        app.close()


def test_privacy_screen_also_covers_a_paused_table():
    seats = [make_seat("oregon", i, "human") for i in range(2)]
    app = App(Config(mute=True, game="oregon", seats=seats, seed=4))
    app.settings.animation_speed = 60
    try:
        table = app.stack.top
        for _ in range(600):
            app.step(1 / 60)
            if isinstance(app.stack.top, Handoff) and app.stack.top.ready:
                break
        app.stack.top.proceed()
        app.step(1 / 60)
        assert table.revealed is not None
        for t in (pygame.KEYDOWN, pygame.KEYUP):  # Esc: the pause menu over the hand
            pygame.event.post(pygame.event.Event(t, key=pygame.K_ESCAPE, mod=0, unicode="",
                                                 scancode=0))
        app.step(1 / 60)
        app.step(1 / 60)
        assert type(app.stack.top).__name__ == "PauseMenu"
        app.step(PRIVACY_IDLE + 1)
        app.step(1 / 60)
        assert isinstance(app.stack.top, Handoff) and table.revealed is None
    finally:
        app.close()
