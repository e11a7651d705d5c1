"""The replay viewer: the same game again, move for move, with every control.

Each game is played to its end at the engine (random legal moves from a fixed seed), then
watched in a ``ReplayScene``: played to the end it must equal the original, and every jump
(step back, Start/End, ±10, the scrubber) must land on exactly ``replay(state, upto=k)``.
"""


import pygame
import pytest
from finished_games import finished as finished_game
from finished_games import results_of
from game_hooks import games_with, hooks

from game import saves
from game.engine.save_files import replay
from game.registry import GAMES
from game.scenes.base import Scene
from game.scenes.replay import DRAG_REBUILD, SPEEDS, ReplayScene, open_replay
from game.seats import BOT, HUMAN, make_seat
from game.ui import intents as I
from game.ui.log_lines import log_line


def players(game_id: str) -> int:
    """The seats of the finished game a test watches (its hooks' ``replay_players``)."""
    return hooks(game_id).replay_players


def finished(game_id: str):
    return finished_game(game_id, players(game_id))


def seats_for(game_id: str):
    # Humans too: a replay still shows the public view only, never a hand.
    n = players(game_id)
    return [make_seat(game_id, i, HUMAN if i < 2 else BOT, None if i < 2 else "easy")
            for i in range(n)]


@pytest.fixture
def viewer(services):
    made = []

    def make(game_id: str, state=None):
        scene = ReplayScene(services, state or finished(game_id), seats_for(game_id))
        made.append(scene)
        return scene

    yield make
    for scene in made:
        scene.on_exit()


def snap(scene):
    return scene.table.session.state.snapshot()


def settle(scene, frames: int = 400) -> None:
    for _ in range(frames):
        scene.update(1 / 60)
        if not scene.table.timeline.busy:
            return


@pytest.mark.parametrize("game_id", sorted(games_with("replay_players")))
def test_playing_to_the_end_rebuilds_the_same_game(services, viewer, display, game_id):
    original = finished(game_id)
    services.settings.animation_speed = 500.0  # beyond the menu's range: tests only
    scene = viewer(game_id)
    assert scene.move == 0 and scene.total == len(original.history)
    assert scene.table.passive and scene.table.viewer is None
    scene.toggle_play()
    for frame in range(20 * scene.total + 100):
        scene.update(1 / 60)
        if frame % 25 == 0:
            scene.draw(display)
        if scene.at_end and not scene.table.timeline.busy and not scene.playing:
            break
    assert scene.at_end and not scene.playing
    st = scene.table.session.state
    assert st.is_over()
    assert st.history == original.history
    assert st.scores() == original.scores()
    assert st.winners() == original.winners()
    assert st.snapshot() == original.snapshot()
    settle(scene)
    scene.update(1 / 60)
    assert not services.stack.pending  # no results screen at the end of a replay
    assert scene.who()[1].startswith("Game over")
    scene.draw(display)


@pytest.mark.parametrize("game_id", sorted(games_with("replay_players")))
def test_steps_and_jumps_land_on_the_recorded_position(viewer, display, game_id):
    original = finished(game_id)
    scene = viewer(game_id)
    k = scene.total // 2
    scene.jump(k)
    assert scene.move == k and snap(scene) == replay(original, upto=k).snapshot()
    scene.step_forward()
    assert scene.move == k + 1 and snap(scene) == replay(original, upto=k + 1).snapshot()
    scene.step_forward()  # while the previous move still animates
    settle(scene)
    assert snap(scene) == replay(original, upto=k + 2).snapshot()
    scene.step_back()
    scene.step_back()
    assert scene.move == k and snap(scene) == replay(original, upto=k).snapshot()
    scene.draw(display)
    scene.jump(scene.total)
    assert snap(scene) == original.snapshot()
    scene.step_forward()  # nothing after the end
    assert scene.move == scene.total
    scene.jump(0)
    assert snap(scene) == replay(original, upto=0).snapshot()
    scene.step_back()
    assert scene.move == 0


@pytest.mark.parametrize("game_id", sorted(games_with("replay_players")))
def test_scrubbing_rebuilds_throttled_and_exactly_on_release(viewer, display, game_id):
    original = finished(game_id)
    scene = viewer(game_id)
    rebuilds = []
    restore = scene.table.restore

    def counting(state):
        rebuilds.append(len(state.history))
        restore(state)

    scene.table.restore = counting
    y = scene.bar.track_rect.centery
    a, b, c = scene.total // 4, scene.total // 2, (3 * scene.total) // 4
    scene.handle(I.click((scene.bar.track_x(a), y)))
    assert rebuilds == [a] and scene.dragging
    for k in range(a, b + 1):  # a quick drag: the table is not rebuilt for every pixel
        scene.handle(I.point((scene.bar.track_x(k), y), held=True))
    assert rebuilds == [a]
    assert scene.info_line().startswith(f"Move {b} / ")  # the bar follows the pointer at once
    scene.update(DRAG_REBUILD / 2)
    assert rebuilds == [a]
    scene.update(DRAG_REBUILD)
    assert rebuilds == [a, b]
    scene.draw(display)
    scene.handle(I.point((scene.bar.track_x(c), y), held=True))
    scene.handle(I.release((scene.bar.track_x(c), y)))
    assert rebuilds == [a, b, c] and not scene.dragging
    assert scene.move == c and snap(scene) == replay(original, upto=c).snapshot()


def test_keyboard_controls(services, viewer):
    scene = viewer("oregon")
    mapper = I.InputMapper()

    def press(key):
        for intent in mapper.translate(pygame.event.Event(
                pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)):
            scene.handle(intent)
        mapper.translate(pygame.event.Event(pygame.KEYUP, key=key, mod=0))

    assert scene.focus == "play"
    press(pygame.K_SPACE)
    assert scene.playing
    press(pygame.K_SPACE)
    assert not scene.playing
    press(pygame.K_p)
    assert scene.playing
    press(pygame.K_RIGHT)  # a step pauses
    assert not scene.playing and scene.move == 1
    press(pygame.K_RIGHT)
    press(pygame.K_LEFT)
    assert scene.move == 1
    press(pygame.K_PAGEDOWN)
    assert scene.move == 11
    press(pygame.K_END)
    assert scene.move == scene.total
    press(pygame.K_HOME)
    assert scene.move == 0
    speed = scene.speed
    press(pygame.K_s)
    assert scene.speed != speed
    press(pygame.K_TAB)
    assert scene.focus == "forward"
    press(pygame.K_RETURN)
    assert scene.move == 1
    press(pygame.K_ESCAPE)
    assert scene.closed


def test_pad_controls_and_close_returns_below(services, viewer):
    below = Scene(services)
    scene = viewer("colorado")
    services.stack.push(below)
    services.stack.push(scene)
    services.stack.apply_pending()
    scene.handle(I.simple(I.CONFIRM, I.PAD))  # A on the focused Play
    assert scene.playing
    scene.handle(I.simple(I.MENU, I.PAD))  # Start
    assert not scene.playing
    scene.handle(I.move(1, 0, I.PAD))
    assert scene.move == 1
    scene.handle(I.rotate(1, I.PAD))
    assert scene.move == 11
    scene.handle(I.rotate(-1, I.PAD))
    scene.handle(I.move(-1, 0, I.PAD))
    assert scene.move == 0
    before = scene.speed_index
    scene.handle(I.key("pad_x", source=I.PAD))
    assert scene.speed_index == (before + 1) % len(SPEEDS)
    scene.handle(I.move(0, 1, I.PAD))
    assert scene.focus == "forward" and scene.pad
    scene.handle(I.simple(I.BACK, I.PAD))
    services.stack.apply_pending()
    assert services.stack.top is below


def test_mouse_buttons(services, viewer):
    scene = viewer("oasis")
    for key, moved in (("forward", 1), ("forward", 2), ("back", 1), ("end", scene.total),
                       ("start", 0)):
        scene.handle(I.click(scene.bar.buttons[key].center))
        scene.handle(I.release(scene.bar.buttons[key].center))
        assert scene.move == moved, key
    assert scene.focus == "play"  # clicks leave the keyboard / pad focus on Play
    scene.handle(I.simple(I.CONFIRM))
    assert scene.playing
    scene.handle(I.click(scene.bar.buttons["play"].center))
    assert not scene.playing
    scene.handle(I.click(scene.bar.buttons["speed"].center))
    assert scene.speed == SPEEDS[2]
    assert not scene.enabled("start") and not scene.enabled("back")
    scene.handle(I.click(scene.bar.buttons["close"].center))
    assert scene.closed


def test_play_at_the_end_starts_again(viewer):
    scene = viewer("oregon")
    scene.jump(scene.total)
    scene.toggle_play()
    assert scene.playing and scene.move == 0


def test_an_unfinished_game_replays_what_was_played(services, viewer, display):
    original = finished("oasis")
    part = replay(original, upto=40)
    scene = viewer("oasis", part)
    scene.jump(scene.total)
    assert scene.total == 40 and snap(scene) == part.snapshot()
    assert "not finished" in scene.who()[1]
    scene.draw(display)


@pytest.mark.parametrize("game_id", sorted(games_with("replay_players")))
def test_results_screen_watch_replay(services, display, game_id):
    original = finished(game_id)
    results = results_of(services, game_id, players(game_id))
    assert results.again_button and results.menu_button and results.replay_button
    results.skip_intro()
    results.draw(display)
    results.group.focus(results.replay_button)
    results.handle(I.simple(I.CONFIRM))
    services.stack.apply_pending()
    scene = services.stack.top
    assert isinstance(scene, ReplayScene)
    assert scene.total == len(original.history) and scene.move == 0
    scene.update(1 / 60)
    scene.draw(display)
    scene.handle(I.simple(I.BACK))
    services.stack.apply_pending()
    assert services.stack.top is results and not results.chosen
    services.stack.reset()
    services.stack.apply_pending()


def test_open_replay_of_a_save(services, tmp_path):
    original = finished("colorado")
    seats = seats_for("colorado")
    path = tmp_path / "game.json"
    assert saves.save_game(path, original, seats)
    saved = saves.load_game(path)
    assert open_replay(services, saved) is None
    services.stack.apply_pending()
    scene = services.stack.top
    assert isinstance(scene, ReplayScene) and scene.total == len(original.history)
    scene.jump(scene.total)
    assert snap(scene) == original.snapshot()
    scene.close()  # nothing below it: the title
    services.stack.apply_pending()
    assert type(services.stack.top).__name__ == "TitleScene"
    services.stack.reset()
    services.stack.apply_pending()


@pytest.mark.parametrize("game_id", sorted(games_with("replay_players")))
def test_a_jump_fills_the_log_with_public_lines_only(viewer, game_id):
    original = finished(game_id)
    scene = viewer(game_id)
    k = scene.total // 2
    scene.jump(k)
    lines = scene.table.log.lines
    assert lines, "the moves before the jump are in the log"
    st = GAMES[game_id].new(original.num_players, original.seed, **original.options)
    secret, public = set(), set()
    for p, action in original.history[:k]:
        for e in st.apply(action, p):
            public.add(log_line(scene.table.rename(e.text_for(None))))
            if e.private_to is not None and e.text != e.text_for(None):
                secret.add(log_line(scene.table.rename(e.text)))
    assert set(lines) <= public
    assert not set(lines) & (secret - public)


def test_the_replay_bar_names_a_phase_as_the_game_describes_it():
    from game.scenes.replay_bar import phase_words

    for game_id, info in GAMES.items():
        assert phase_words(game_id, None) == ""
        for phase, words in info.phase_words:
            assert phase_words(game_id, phase) == words  # English: the words as written
        assert phase_words(game_id, "far_away") == "Far away"  # no words: its id
