"""The hard bot at the table: its thinking time (Settings), the app's one search process,
hard seats seated as bots searching there, and the one-ply bot's move whenever a search fails
(raises, hangs, or its worker dies): a table never freezes on a search."""

from __future__ import annotations

import functools
import logging
import multiprocessing
import os
import signal
import threading

import pytest
import search_jobs

from game import i18n
from game.bots import bots_module, make_bot
from game.bots.remote import (
    GRACE_SECONDS,
    RemoteBot,
    SearchCancelled,
    SearchFailed,
    SearchProcess,
    search_choice,
)
from game.bots.search import Budget
from game.registry import GAMES
from game.scenes.settings import SettingsScene
from game.scenes.table.table import Table
from game.seats import make_seat
from game.settings import Settings
from game.ui.rows import Choice

GAME_IDS = list(GAMES)


def table(services, game_id, kinds, seed=5):
    """A table of ``game_id`` whose seats are ``kinds`` ("human" or a bot level)."""
    seats = [make_seat(game_id, i, "human") if k == "human" else make_seat(game_id, i, "bot", k)
             for i, k in enumerate(kinds)]
    scene = Table(services, game_id, seats, seed)
    services.stack.reset(scene)
    services.stack.apply_pending()
    return scene


# --- the setting --------------------------------------------------------------------------------
@pytest.mark.parametrize("raw, kept", [(0.5, 0.5), (1, 1.0), (3, 3.0), (2.0, 1.0), (0, 1.0),
                                       (-3, 1.0), ("3", 1.0), (True, 1.0), (None, 1.0)])
def test_bot_seconds_are_one_of_the_three_choices(raw, kept):
    assert Settings.from_json({"bot_seconds": raw}).bot_seconds == kept
    assert Settings().bot_seconds == 1.0


def test_bot_seconds_are_saved_and_read_back():
    s = Settings.from_json(Settings(bot_seconds=3.0).to_json())
    assert s.bot_seconds == 3.0


def bot_time_row(services) -> Choice:
    scene = SettingsScene(services)
    return next(w for w in scene.group.widgets if w.key == "bot_seconds")


def test_settings_row_chooses_the_bot_thinking_time(services):
    row = bot_time_row(services)
    assert row.label == "Bot thinking time"
    assert [label for _v, label in row.options] == ["0.5 s", "1 s", "3 s"]
    assert row.value == 1.0
    row.step(1)
    assert services.settings.bot_seconds == 3.0
    row.step(1)  # the last choice stays (no wrapping round to the shortest)
    assert services.settings.bot_seconds == 3.0
    row.step(-2)
    assert services.settings.bot_seconds == 0.5
    assert bot_time_row(services).value == 0.5


def test_settings_row_writes_numbers_as_the_language_does(services):
    i18n.set_language("it")
    labels = [label for _v, label in bot_time_row(services).options]
    assert labels[0].startswith("0,5") and labels[2].startswith("3")


# --- seating and the process -----------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hard_seats_search_in_the_apps_process(services, game_id, monkeypatch):
    started = []
    monkeypatch.setattr(SearchProcess, "start", lambda self: started.append(self))
    services.settings.bot_seconds = 3.0
    scene = table(services, game_id, ["hard", "normal", "hard"])
    hard = [scene.bots[0], scene.bots[2]]
    assert all(isinstance(b, RemoteBot) for b in hard)
    assert all(b.process is services.search for b in hard)
    assert all(b.budget == Budget(seconds=3.0) for b in hard)
    assert hard[0].seed != hard[1].seed
    assert not isinstance(scene.bots[1], RemoteBot)
    assert started == [services.search]  # warmed up as the table opened


def test_a_table_without_hard_seats_or_humans_starts_no_process(services, monkeypatch):
    started = []
    monkeypatch.setattr(SearchProcess, "start", lambda self: started.append(self))
    table(services, "oregon", ["normal", "easy"])
    assert started == []
    table(services, "oregon", ["human", "easy"])  # hints search there
    assert started == [services.search]


def test_one_process_per_app(services):
    assert services.search is services.search


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hard_bots_play_at_the_table(services, display, game_id):
    """With hard seats the turn loop goes on as with any bot (tests search at once)."""
    scene = table(services, game_id, ["hard"] * GAMES[game_id].min_players, seed=11)
    for _ in range(600):
        scene.update(1 / 60)
        if len(scene.session.state.history) >= 4:
            break
    assert len(scene.session.state.history) >= 4


# --- fallback ---------------------------------------------------------------------------------------
def opening(game_id):
    """The first position of a seeded game where the acting seat has a choice."""
    state = GAMES[game_id].new(GAMES[game_id].min_players, 9)
    while len(state.legal_actions(state.to_act()[0])) < 2:
        p = state.to_act()[0]
        state.apply(state.legal_actions(p)[0], p)
    p = state.to_act()[0]
    return state.view(p), state.legal_actions(p)


@pytest.fixture
def process():
    proc = SearchProcess()
    yield proc
    proc.close()


def remote_bot(process, game_id, search):
    bot = RemoteBot(game_id, 4, Budget(seconds=0.2), process)
    bot.search = search
    return bot


def warm(process):
    """The worker answers once (a fresh worker may take longer: it imports the engines)."""
    assert process.run(search_jobs.worker_pid, timeout=30) > 0


@pytest.mark.search_process
def test_a_search_that_raises_plays_the_normal_bots_move(process, caplog):
    game_id = "oregon"
    view, legal = opening(game_id)
    bot = remote_bot(process, game_id, search_jobs.raises)
    with caplog.at_level(logging.WARNING, "game.bots.remote"):
        move = bot.choose(view, legal)
    assert move == bots_module(game_id).NormalBot(4).choose(view, legal)
    assert "the search broke" in caplog.text and "one-ply bot" in caplog.text


@pytest.fixture
def events():
    """Events shared with the worker (``search_jobs.held``): the test and the job take turns
    through them, never through the clock."""
    manager = multiprocessing.get_context("spawn").Manager()
    yield manager.Event
    manager.shutdown()


def kill_once_started(pid_of, started):
    """A thread that kills the worker as soon as its job says it started (``pid_of()``: the
    worker's pid then)."""
    def kill():
        assert started.wait(60), "the job never started"
        os.kill(pid_of(), signal.SIGKILL)

    killer = threading.Thread(target=kill)
    killer.start()
    return killer


@pytest.mark.search_process
def test_a_hung_search_is_stopped_and_the_normal_bot_plays(process, caplog):
    """A search that never answers is given up at its budget and the grace (the deadline the
    log names: the worker is warm, so no start-up allowance), not at a fixed long time."""
    game_id = "colorado"
    view, legal = opening(game_id)
    warm(process)
    first = process._proc.pid
    bot = remote_bot(process, game_id, search_jobs.hangs)
    with caplog.at_level(logging.WARNING, "game.bots.remote"):
        move = bot.choose(view, legal)
    assert move == bots_module(game_id).NormalBot(4).choose(view, legal)
    assert f"no answer in {0.2 + GRACE_SECONDS:.1f} s" in caplog.text
    bot.search = search_choice  # a new worker took over: the real search answers again
    assert process.run(search_jobs.worker_pid, timeout=30) != first
    assert bot.choose(view, legal) in legal


@pytest.mark.search_process
def test_a_killed_worker_plays_the_normal_bots_move_and_is_replaced(process, events, caplog):
    """A worker killed during a job: the job fails as a death (not as a deadline passed),
    the next job gets a new worker, and a hard bot plays the one-ply bot's move."""
    game_id = "oasis"
    view, legal = opening(game_id)
    warm(process)
    started, release = events(), events()
    killer = kill_once_started(lambda: process._proc.pid, started)
    with pytest.raises(SearchFailed, match="the search process ended: killed by signal 9"):
        process.run(search_jobs.held, started, release, "late", timeout=60)
    killer.join()
    assert process.run(search_jobs.worker_pid, timeout=30) > 0  # a new worker answers
    started.clear()
    bot = remote_bot(process, game_id, functools.partial(search_jobs.held, started, release,
                                                         None))
    killer = kill_once_started(lambda: process._proc.pid, started)
    with caplog.at_level(logging.WARNING, "game.bots.remote"):
        move = bot.choose(view, legal)
    killer.join()
    assert move == bots_module(game_id).NormalBot(4).choose(view, legal)
    assert "ended" in caplog.text and "no answer" not in caplog.text  # seen as it died


def run_held_job(process, started, release):
    """Run ``search_jobs.held`` in ``process`` from a thread; what it answers (or the
    ``SearchFailed`` it ends with) goes into the returned list."""
    outcome: list = []

    def job():
        try:
            outcome.append(process.run(search_jobs.held, started, release, "done",
                                       timeout=600))
        except SearchFailed as exc:
            outcome.append(exc)

    worker = threading.Thread(target=job)
    worker.start()
    return worker, outcome


@pytest.mark.search_process
def test_closing_does_not_wait_for_a_running_search(process, events):
    """Closing under a job that will never answer by itself ends it: the job's caller gets
    ``SearchCancelled`` (were close to wait for the job, nothing would release it)."""
    warm(process)
    started, release = events(), events()
    worker, outcome = run_held_job(process, started, release)
    assert started.wait(60)
    closer = threading.Thread(target=process.close)
    closer.start()
    closer.join(60)
    closed_at_once = not closer.is_alive()
    release.set()  # a close that waited for the job ends too (the test fails below)
    worker.join(60)
    assert closed_at_once, "closing waited for the running job"
    assert not worker.is_alive() and outcome
    assert isinstance(outcome[0], SearchCancelled)


@pytest.mark.search_process
@pytest.mark.parametrize("game_id", GAME_IDS[:1])
def test_closing_under_a_thinking_bot_is_quiet(process, events, caplog, game_id):
    """Quitting while a hard bot thinks is no failure: the bot plays the normal move and
    nothing is logged as a warning; a worker that dies on its own still is."""
    warm(process)
    view, legal = opening(game_id)
    started, release = events(), events()
    bot = remote_bot(process, game_id, functools.partial(search_jobs.held, started, release,
                                                         None))
    moves = []
    worker = threading.Thread(target=lambda: moves.append(bot.choose(view, legal)))
    with caplog.at_level(logging.WARNING):
        worker.start()
        assert started.wait(60)
        process.close()
        worker.join(60)
    assert moves == [bots_module(game_id).NormalBot(4).choose(view, legal)]
    assert "failed" not in caplog.text
    warm(process)  # a closed process starts again when asked
    with pytest.raises(SearchFailed) as died:
        process.run(search_jobs.dies, timeout=10)
    assert not isinstance(died.value, SearchCancelled)


class HeldSearchProcess:
    """A search process whose searches answer when the test says: each ``run`` notes the
    thread it runs on and its deadline, then fails as a search that never answered."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.threads: list[threading.Thread] = []
        self.released_in_time = True

    def run(self, fn, *args, timeout):
        self.threads.append(threading.current_thread())
        self.started.set()
        # Bounded: a frame that waited here for the search would hold the release back.
        self.released_in_time = self.release.wait(60)
        raise SearchFailed(f"no answer in {timeout:.1f} s")


@pytest.mark.search_process  # the table's bots think on its worker thread, as in the app
def test_a_hung_search_never_freezes_the_table(services, display, caplog, monkeypatch):
    """A hard bot whose search hangs: frames go on ("thinking") while the search runs off
    the frame's thread, then once it fails the one-ply bot's move is played."""
    monkeypatch.setattr(SearchProcess, "start", lambda self: None)
    game_id = "oregon"
    services.settings.bot_seconds = 0.5
    scene = table(services, game_id, ["hard", "normal", "normal"])
    bot = scene.bots[0]
    bot.process = held = HeldSearchProcess()
    state = scene.session.state.clone()
    expected = bot.fallback.choose(state.view(0), state.legal_actions(0))
    with caplog.at_level(logging.WARNING, "game.bots.remote"):
        for _ in range(30):
            scene.update(1 / 60)
            scene.draw(display)
        assert held.started.wait(60)
        assert not scene.session.state.history  # still thinking, and the frames went on
        held.release.set()
        assert scene.runner.wait(60)
        for _ in range(600):
            if scene.session.state.history:
                break
            scene.update(1 / 60)
            scene.draw(display)
    assert held.released_in_time, "a frame waited for the search"
    assert held.threads and threading.main_thread() not in held.threads
    assert scene.session.state.history, "the table froze"
    assert scene.session.state.history[0] == (0, expected)
    assert f"no answer in {0.5 + GRACE_SECONDS:.1f} s" in caplog.text and "one-ply bot" in caplog.text


@pytest.mark.search_process
def test_the_app_closes_its_search_process_on_quit():
    from game.app import App
    from game.config import Config

    app = App(Config())
    app.services.start_search()
    warm(app.services.search)
    proc = app.services.search._proc
    app.close()
    proc.join(5)
    assert not proc.is_alive()


@pytest.mark.search_process
def test_a_dead_worker_is_logged_with_how_it_ended(process, caplog):
    """The log says which signal killed the worker, or the code it exited with, not an empty
    "ended:"."""
    game_id = "oregon"
    view, legal = opening(game_id)
    warm(process)
    bot = remote_bot(process, game_id, search_jobs.killed)
    with caplog.at_level(logging.WARNING, "game.bots.remote"):
        assert bot.choose(view, legal) == bots_module(game_id).NormalBot(4).choose(view, legal)
    assert "the search process ended: killed by signal 9 (SIGKILL)" in caplog.text
    with pytest.raises(SearchFailed) as died:
        process.run(search_jobs.dies, timeout=30)
    assert str(died.value) == "the search process ended: exit code 3"


# --- a worker killed, in each game --------------------------------------------------------------
def searched_position(game_id):
    """The first decision of a seeded game of normal bots where the hard bot's search weighs
    two or more moves (Oregon's far from the end weighs one: its ranking's best play)."""
    from game.bots import bots_module

    rules = bots_module(game_id).search_rules()
    state = GAMES[game_id].new(GAMES[game_id].min_players, 9)
    bots = [make_bot(game_id, "normal", q) for q in range(state.num_players)]
    while not state.is_over():
        p = state.to_act()[0]
        view, legal = state.view(p), state.legal_actions(p)
        if len(legal) > 1 and len(rules.candidates(view, legal)) > 1:
            return view, legal
        state.apply(bots[p].choose(view, legal), p)
    raise AssertionError("no searched decision in the game")


@pytest.mark.search_process
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_worker_killed_mid_search_is_logged_and_the_normal_bot_plays(process, caplog,
                                                                      game_id):
    """Each game's hard bot, its real search killed by a signal as its first rollout starts:
    the failure is logged, the one-ply bot's move is played, and a new worker answers."""
    view, legal = searched_position(game_id)
    bot = remote_bot(process, game_id, search_jobs.search_killed_at_first_rollout)
    bot.budget = Budget(seconds=5.0)
    with caplog.at_level(logging.WARNING, "game.bots.remote"):
        move = bot.choose(view, legal)
    assert move == bots_module(game_id).NormalBot(4).choose(view, legal)
    assert "one-ply bot" in caplog.text
    assert process.run(search_jobs.worker_pid, timeout=30) > 0


@pytest.mark.search_process
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_worker_killed_between_searches_is_logged_and_replaced(process, caplog, game_id):
    """A worker killed while idle (where Oregon's hard bot, answering at once far from the
    end, leaves it nearly all the time) is logged when the next decision finds it dead, and
    a new worker searches that decision."""
    view, legal = opening(game_id)
    warm(process)
    dead = process._proc
    os.kill(dead.pid, signal.SIGKILL)
    dead.join(10)
    bot = remote_bot(process, game_id, search_choice)
    with caplog.at_level(logging.WARNING, "game.bots.remote"):
        move = bot.choose(view, legal)
    assert move in legal
    assert "search process had ended" in caplog.text
    assert process._proc is not dead and process._proc.is_alive()


# --- the worker's memory ---------------------------------------------------------------------------
WORKER_OF_A_HEAVY_MAIN = """
import sys
sys.path.insert(0, {tests!r})
import numpy, pygame  # what a tool or the app's entry may import before a table opens
import search_jobs
from game.bots.remote import SearchProcess

if __name__ == "__main__":
    process = SearchProcess()
    print(",".join(process.run(search_jobs.heavy_modules, timeout=60)) or "none")
    process.close()
"""


@pytest.mark.search_process
def test_the_worker_does_not_import_what_the_main_module_imports(tmp_path):
    import subprocess
    import sys

    script = tmp_path / "heavy_main.py"
    script.write_text(WORKER_OF_A_HEAVY_MAIN.format(tests=os.path.dirname(search_jobs.__file__)))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["none"]


@pytest.mark.search_process
def test_recycling_gives_the_next_job_a_fresh_worker(process):
    first = process.run(search_jobs.worker_pid, timeout=30)
    old = process._proc
    process.recycle()
    assert not old.is_alive()  # an idle worker ends at once: its memory goes back now
    second = process.run(search_jobs.worker_pid, timeout=30)
    assert second not in (first, 0)


@pytest.mark.search_process
def test_recycling_during_a_job_ends_the_worker_after_it(process, events):
    warm(process)
    first = process.run(search_jobs.worker_pid, timeout=30)
    started, release = events(), events()
    job, outcome = run_held_job(process, started, release)
    assert started.wait(60)
    process.recycle()  # does not wait for the job, nor break it
    process.start()  # nor does a table's warm-up
    release.set()
    job.join(60)
    assert outcome == ["done"]
    assert process.run(search_jobs.worker_pid, timeout=30) != first


def test_each_demo_table_recycles_the_search_worker(services, monkeypatch):
    from game.scenes.demo import Playlist, open_demo_table

    recycled: list = []
    monkeypatch.setattr(SearchProcess, "recycle", lambda self: recycled.append(self))
    playlist = Playlist(3)
    for _ in range(2):
        open_demo_table(services, playlist.next())
    assert recycled == [services.search, services.search]
