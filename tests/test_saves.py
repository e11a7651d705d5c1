"""Saved games: the autosave (atomic, previous kept), reading back exactly, and bad files
(corrupt, truncated, foreign, wrong version) reported and moved aside, never lost."""

import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest
from game_hooks import games_with, hooks

from game import saves
from game.config import Config
from game.engine.save_files import SaveError
from game.registry import GAMES
from game.seats import make_seat


def played(game_id: str, moves: int, seed: int = 11):
    """A game of ``game_id`` after ``moves`` random legal actions (or at its end)."""
    info = GAMES[game_id]
    state = info.new(hooks(game_id).save_players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        p = state.to_act()[0]
        state.apply(rng.choice(state.legal_actions(p)), p)
    return state


def finished(game_id: str, seed: int = 5):
    return played(game_id, 10**6, seed)


def seats_for(game_id: str, n: int):
    return [make_seat(game_id, i, "human" if i == 0 else "bot", "easy" if i == 1 else None)
            for i in range(n)]


@pytest.fixture
def config(tmp_path):
    return Config(config_dir=tmp_path / "config", data_dir=tmp_path / "data")


@pytest.mark.parametrize("game_id", sorted(games_with("save_players")))
def test_a_save_reads_back_exactly_with_its_seats(game_id, tmp_path):
    state = played(game_id, 40)
    seats = seats_for(game_id, state.num_players)
    path = tmp_path / "game.json"
    assert saves.save_game(path, state, seats)
    back = saves.load_game(path)
    assert back.state.snapshot() == state.snapshot()
    assert back.state.history == state.history
    assert back.seats == seats
    assert not back.finished
    assert GAMES[game_id].name in back.summary and "move 40" in back.summary


def test_autosave_keeps_the_previous_save(config):
    seats = seats_for("oregon", 3)
    first, second = played("oregon", 10), played("oregon", 11)
    saves.autosave(config, first, seats)
    saves.autosave(config, second, seats)
    saves.flush(config)
    folder = config.saves_dir
    assert len(saves.load_game(folder / saves.AUTOSAVE).state.history) == 11
    assert len(saves.load_game(folder / saves.PREVIOUS).state.history) == 10
    assert sorted(p.name for p in folder.iterdir()) == [saves.AUTOSAVE, saves.PREVIOUS]


def test_unfinished_game_is_offered_and_a_finished_one_is_not(config):
    seats = seats_for("oasis", 5)
    saves.autosave(config, played("oasis", 30), seats)
    saved, message = saves.unfinished_game(config)
    assert saved is not None and message is None
    saves.autosave(config, finished("oasis"), seats)
    saved, message = saves.unfinished_game(config)
    assert saved is None and message is None
    assert saves.read_autosave(config)[0].finished


BAD_FILES = {
    "corrupt": lambda good: "{not json at all",
    "truncated": lambda good: good[: len(good) // 2],
    "foreign": lambda good: json.dumps({"name": "some-package", "version": "1.0"}),
    "future version": lambda good: good.replace('"version":1', '"version":99'),
    "tampered": lambda good: good.replace('"actions":[[', '"actions":[[9,{}],['),
    "binary": lambda good: "\udcff\udcfe",
}


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_a_bad_autosave_is_reported_and_moved_aside(kind, config, caplog):
    seats = seats_for("oregon", 3)
    saves.autosave(config, played("oregon", 12), seats)
    saves.flush(config)
    path = config.saves_dir / saves.AUTOSAVE
    good = path.read_text()
    bad = BAD_FILES[kind](good)
    path.write_bytes(bad.encode("utf-8", "surrogateescape"))
    (config.saves_dir / saves.PREVIOUS).unlink(missing_ok=True)
    with caplog.at_level("WARNING"):
        saved, message = saves.read_autosave(config)
    assert saved is None
    assert message and "moved to autosave.json.corrupt" in message
    assert not path.exists()
    aside = config.saves_dir / "autosave.json.corrupt"
    assert aside.read_bytes() == bad.encode("utf-8", "surrogateescape")  # nothing lost
    assert len([r for r in caplog.records if r.levelname == "WARNING"]) == 1


def test_a_damaged_autosave_falls_back_to_the_previous_one(config):
    seats = seats_for("colorado", 4)
    saves.autosave(config, played("colorado", 20), seats)
    saves.autosave(config, played("colorado", 21), seats)
    saves.flush(config)
    (config.saves_dir / saves.AUTOSAVE).write_text('{"format": "landgrab-save", "vers')
    saved, message = saves.read_autosave(config)
    assert saved is not None and len(saved.state.history) == 20
    assert "moved to autosave.json.corrupt" in message


def test_a_second_bad_file_does_not_overwrite_the_first_one_set_aside(config):
    folder = config.saves_dir
    folder.mkdir(parents=True)
    for text in ("first bad", "second bad"):
        (folder / saves.AUTOSAVE).write_text(text)
        saves.read_autosave(config)
    kept = sorted(p.read_text() for p in folder.iterdir())
    assert kept == ["first bad", "second bad"]


def test_seats_that_do_not_fit_the_game_are_refused(tmp_path):
    state = played("oregon", 5)
    data = json.loads(saves.dumps(state, seats_for("oregon", 3)))
    data["seats"] = data["seats"][:2]
    with pytest.raises(SaveError, match="seats 2 players for a 3-player game"):
        saves.loads(json.dumps(data))
    data["seats"] = [{"kind": "bot", "level": "genius"}] * 3
    with pytest.raises(SaveError, match="unknown bot level"):
        saves.loads(json.dumps(data))


def test_a_save_without_seats_opens_with_every_seat_human():
    from game.engine.save_files import dumps

    state = played("oasis", 7)
    saved = saves.loads(dumps(state))
    assert [s.kind for s in saved.seats] == ["human"] * 5


def test_an_unwritable_folder_is_reported_not_raised(tmp_path, caplog):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with caplog.at_level("WARNING"):
        ok = saves.save_game(blocker / "save.json", played("oregon", 3), seats_for("oregon", 3))
    assert not ok and "could not be saved" in caplog.text


_WRITER = """
import os
import sys
import threading
from pathlib import Path
from game import saves
from game.registry import GAMES

state = GAMES["oregon"].new(3, 5)
for _ in range(30):
    p = state.to_act()[0]
    state.apply(state.legal_actions(p)[0], p)
folder = Path(sys.argv[1])
seats = [saves.make_seat("oregon", i, "human") for i in range(3)]
saves._write_autosave(folder, saves.dumps(state, seats))


def held_mid_write(fd):  # the next autosave's text is in its temporary file: hold it there
    print("writing", flush=True)
    threading.Event().wait()


os.fsync = held_mid_write
saves._write_autosave(folder, saves.dumps(state, seats))
"""


def test_temporary_files_of_a_killed_autosave_are_removed_at_start(tmp_path):
    """``kill -9`` while the autosave is written leaves its temporary file; the next start
    removes it, and the autosave (or the one before it) still opens."""
    from game.app import App  # opens a (dummy) window: only here
    from game.scenes.title import TitleScene

    config = Config(config_dir=tmp_path / "config", data_dir=tmp_path / "data", mute=True)
    folder = config.saves_dir
    folder.mkdir(parents=True)
    proc = subprocess.Popen([sys.executable, "-c", _WRITER, str(folder)],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "writing"  # the second autosave, held mid-write
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    proc.stdout.close()
    left = list(folder.glob(".autosave.json.*.tmp"))
    assert len(left) == 1, "the kill left the autosave's temporary file"
    for path in left:  # as at the next start, a while later
        os.utime(path, (time.time() - 60, time.time() - 60))
    app = App(config)
    try:
        assert not list(folder.glob("*.tmp"))
        assert isinstance(app.stack.top, TitleScene)
        assert "continue" in [w.key for w in app.stack.top.group.widgets]
        assert {p.name for p in folder.iterdir()} <= {saves.AUTOSAVE, saves.PREVIOUS}
    finally:
        app.close()
