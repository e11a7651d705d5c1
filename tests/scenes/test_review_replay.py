"""The post-game review on the replay bar: its progress, the three costliest moves marked on
the timeline, jumps to them by mouse, keyboard and controller, the words of a verdict in
every language (whole and inside the bar), a game with nobody to review, and a replay that
stops its review when it closes."""

import threading

import pygame
import pytest
from finished_games import finished as finished_game
from language_check import english_words, speaking
from shipped_games import SHIPPED
from text_boxes import CANVAS
from text_boxes import WholeTextRecorder as Recorder

import game.games.colorado.bots.normal as colorado_bots
import game.games.oregon.bots.normal as oregon_bots
from game import i18n
from game.bots import review as rv
from game.bots.search import Analysis, Budget, Choice
from game.config import Config
from game.i18n import LANGUAGES
from game.registry import GAMES
from game.scenes import review as ui
from game.scenes.replay import ReplayScene
from game.scenes.services import Services
from game.seats import BOT, HUMAN, make_seat
from game.settings import Settings
from game.ui import intents as I
from game.ui import theme

PLAYERS = 3  # of every game reviewed here
TINY = Budget(seconds=None, iterations=2)


def finished(game_id):
    return finished_game(game_id, PLAYERS)


def seats_for(game_id, humans):
    return [make_seat(game_id, i, HUMAN if i in humans else BOT)
            for i in range(PLAYERS)]


class Opinions:
    """A search process that answers at once: the hard bot prefers another move than the one
    played, by a loss the search's seed decides (0 to 6 points; 0: it agrees)."""

    def run(self, fn, game_id, seed, budget, view, legal, played, timeout):
        loss = seed % 7
        best = played if loss == 0 else next(a for a in reversed(legal) if a != played)
        choices = [Choice(best, 9, 12.0, 0.7)]
        if best != played:
            choices.append(Choice(played, 3, 12.0 - loss, 0.4))
        return Analysis(view["viewer"], choices, 12, 0.0)

    def close(self):
        pass


def replay_scene(services, game_id, humans=(0,), process=None, budget=TINY):
    """A replay of ``game_id`` with its review started on ``process`` (default: at once)."""
    scene = ReplayScene(services, finished(game_id), seats_for(game_id, humans))
    if scene.panel.review is not None:
        scene.panel.review = rv.Review(scene.record, scene.panel.humans,
                                       process or Opinions(), budget)
    return scene


def reviewed(services, game_id, humans=(0,)):
    scene = replay_scene(services, game_id, humans)
    scene.panel.start()
    assert scene.panel.review.join(60)
    scene.update(1 / 60)
    return scene


@pytest.fixture
def scenes():
    made = []
    yield made
    for scene in made:
        scene.on_exit()


def press(scene, key):
    scene.handle(I.key(key, source=I.PAD if isinstance(key, str) else I.KEYBOARD))


def row_texts(scene):
    rec = Recorder()
    scene.bar.draw(rec)
    return [(m, r) for m, r in rec.texts if r.colliderect(scene.bar.review_rect)]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_costliest_moves_are_marked_and_a_click_jumps_there(services, display, scenes,
                                                                  game_id):
    scene = reviewed(services, game_id)
    scenes.append(scene)
    review = scene.panel.review
    marks = scene.panel.marks()
    assert len(marks) == 3 and marks == rv.costliest(review.verdicts)
    assert review.verdicts, "human decisions were reviewed"
    xs = ui.spread(scene.bar.mark_xs())
    gap = 2 * ui.MARK_RADIUS + 2  # marks of moves close together are moved apart
    assert all(abs(x - scene.bar.track_x(v.move)) <= 2 * gap for x, v in zip(xs, marks,
                                                                          strict=True))
    assert all(abs(a - b) >= gap for i, a in enumerate(xs) for b in xs[i + 1:])
    for rank in (2, 0, 1):
        scene.handle(I.click((xs[rank], scene.bar.track_rect.centery)))
        scene.handle(I.release((xs[rank], scene.bar.track_rect.centery)))
        v = marks[rank]
        assert scene.move == v.move and not scene.playing and not scene.dragging
        line = scene.panel.line_at(scene.move, False)
        assert line == scene.panel.verdict_line(v)
        assert line.startswith("You played: ") and "The hard bot prefers: " in line
        assert f"(about {round(v.loss)} point" in line
        drawn = " ".join(m for m, _r in row_texts(scene))
        assert drawn.split() == line.split()
        scene.draw(display)


def test_keys_and_the_controller_go_from_mark_to_mark(services, scenes):
    scene = reviewed(services, "oregon")
    scenes.append(scene)
    marks = [v.move for v in scene.panel.marks()]
    seen = []
    for _ in range(4):
        press(scene, pygame.K_m)
        seen.append(scene.move)
    assert seen == [marks[0], marks[1], marks[2], marks[0]]
    press(scene, "pad_y")
    assert scene.move == marks[1]
    press(scene, pygame.K_3)
    assert scene.move == marks[2]
    press(scene, pygame.K_1)
    assert scene.move == marks[0]
    scene.toggle_play()
    press(scene, pygame.K_2)
    assert scene.move == marks[1] and not scene.playing
    scene.jump(0)  # away from the marks: the row says where they are
    assert "costliest moves are marked" in scene.panel.line_at(0, False)
    assert "press Y" in scene.panel.line_at(0, True)


def test_a_move_the_hard_bot_agrees_with_says_so(services, scenes):
    scene = reviewed(services, "oasis")
    scenes.append(scene)
    v = next(v for v in scene.panel.review.verdicts if v.agrees)
    assert v.loss == 0
    scene.jump(v.move)
    assert scene.panel.line_at(scene.move, False).endswith(
        "The hard bot would have done the same.")


def test_several_humans_are_named(services, scenes):
    scene = reviewed(services, "oregon", humans=(0, 2))
    scenes.append(scene)
    seats = {v.seat for v in scene.panel.review.verdicts}
    assert seats == {0, 2}
    for v in scene.panel.review.verdicts[:6]:
        assert scene.panel.verdict_line(v).startswith(f"{scene.names[v.seat]} played: ")


class Gate(Opinions):
    """Answers one search each time the test lets it."""

    def __init__(self):
        self.go = threading.Semaphore(0)
        self.asked = threading.Semaphore(0)

    def run(self, *args, timeout):
        self.asked.release()
        self.go.acquire()
        return super().run(*args, timeout=timeout)


def test_the_progress_bar_advances_while_the_review_runs(services, display, scenes):
    gate = Gate()
    scene = replay_scene(services, "oregon", process=gate)
    scenes.append(scene)
    assert scene.panel.line_at(0, False) == "The hard bot is reading the game..."
    scene.panel.start()
    total = len(rv.decisions(scene.record, {0}))
    fractions = []
    for k in range(3):
        assert gate.asked.acquire(timeout=30)
        scene.update(1 / 60)
        assert scene.panel.running and scene.panel.marks() == []
        assert scene.panel.line_at(scene.move, False) == \
            f"The hard bot reviews the moves: {k} / {total}"
        fractions.append(scene.panel.fraction())
        drawn = [m for m, _r in row_texts(scene)]
        assert " ".join(drawn).split() == scene.panel.line_at(scene.move, False).split()
        scene.draw(display)
        gate.go.release()
    assert fractions == [0.0, 1 / total, 2 / total]
    assert gate.asked.acquire(timeout=30)
    scene.on_exit()  # leaving: the search under way is the last
    gate.go.release()
    assert scene.panel.review.join(30)
    assert scene.panel.review.progress[0] == 4 and not scene.panel.complete


def test_a_game_without_human_seats_has_nothing_to_review(services, display, scenes):
    scene = replay_scene(services, "colorado", humans=())
    scenes.append(scene)
    assert scene.panel.review is None
    scene.panel.start()
    scene.update(1 / 60)
    line = scene.panel.line_at(scene.move, False)
    assert line.startswith("Nothing to review")
    assert " ".join(m for m, _r in row_texts(scene)).split() == line.split()
    press(scene, pygame.K_m)
    assert scene.move == 0 and scene.bar.mark_xs() == []
    scene.draw(display)


def test_the_bar_makes_room_for_the_finished_review(services, scenes):
    scene = replay_scene(services, "oregon")
    scenes.append(scene)
    top = scene.bar.rect.top
    scene.panel.start()
    assert scene.panel.review.join(60)
    scene.update(1 / 60)
    longest = max((scene.panel.verdict_line(v) for v in scene.panel.review.verdicts), key=len)
    lines = theme.wrap(longest, theme.SMALL_SIZE, scene.bar.review_rect.w, fixed=True)
    assert scene.bar.review_rect.h >= len(lines) * theme.font(
        theme.SMALL_SIZE, fixed=True).get_linesize()
    assert scene.bar.rect.bottom == 1068 and (scene.bar.rect.top <= top or scene.bar.rect.w > 1300)
    assert CANVAS.contains(scene.bar.rect)
    assert scene.bar.rect.top > scene.table.layout.board_rect.bottom  # the board stays in sight


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_review_speaks_the_players_language_and_fits(display, code, scale):
    svc = Services.standalone(Config(), Settings(ui_scale=scale))
    try:
        with speaking(code) as missing:
            for game_id in sorted(SHIPPED):  # their words are in the catalogs
                scene = replay_scene(svc, game_id)
                try:
                    texts = [(row_texts(scene), scene.bar.review_rect.copy())]
                    scene.panel.start()
                    assert scene.panel.review.join(60)
                    scene.update(1 / 60)
                    for v in scene.panel.marks() + scene.panel.review.verdicts[:8]:
                        scene.jump(v.move)
                        texts.append((row_texts(scene), scene.bar.review_rect.copy()))
                    scene.jump(0)
                    texts.append((row_texts(scene), scene.bar.review_rect.copy()))
                    for drawn, row in texts:
                        assert drawn
                        for m, r in drawn:
                            assert row.contains(r), (m, r, row)
                            if code != "en":
                                assert not english_words(m), m
                    assert CANVAS.contains(scene.bar.rect)
                    # the bar keeps off the board: its last rows stay in sight
                    board = scene.table.layout.board_rect
                    assert scene.bar.rect.top > board.bottom, (game_id, scene.bar.rect, board)
                finally:
                    scene.on_exit()
        ours = {m for m in missing if m in REVIEW_SENTENCES}
        assert code == "en" or not ours, sorted(ours)
    finally:
        theme.set_ui_scale(1.0)
        i18n.set_language("en")


REVIEW_SENTENCES = {
    ui.READING, ui.REVIEWING, ui.NOTHING, ui.FAILED, ui.ALL_AGREED, ui.MARKED[0],
    ui.YOU_AGREE, ui.YOU_CLOSE, ui.YOU_LOSS[0], ui.PLAYER_AGREE, ui.PLAYER_CLOSE,
    ui.PLAYER_LOSS[0], ui.MOVE_JOIN, colorado_bots.BID[0], colorado_bots.BID_NOTHING,
    oregon_bots.KEEP_CARD_WORDS}


@pytest.mark.search_process
def test_leaving_the_replay_stops_its_review(services, monkeypatch):
    """The review starts with the replay, in the app's search process or one of its own;
    closing the replay ends it: nothing is left searching."""
    monkeypatch.setattr(ReplayScene, "review_on_open", True)
    scene = ReplayScene(services, finished("oregon"), seats_for("oregon", (0,)))
    services.stack.push(scene)
    services.stack.apply_pending()
    review = scene.panel.review
    for _ in range(600):
        if review.progress[0] >= 1:
            break
        review.join(0.1)
    assert review.progress[0] >= 1, "the review searched in the background"
    proc = review.process._proc
    scene.handle(I.simple(I.BACK))
    services.stack.apply_pending()
    assert review.join(30)
    assert review.finished and not review.complete
    done = review.progress[0]
    review.join(1)
    assert review.progress[0] == done
    if review.own_process:
        assert proc is not None and not proc.is_alive()
