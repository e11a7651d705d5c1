"""The log never takes the game down: a full disk (here /dev/full, which answers every write
with ENOSPC) or a stream that cannot be written leaves the game running and quitting as
usual, without a "--- Logging error ---" per line nor a traceback at the end."""

import errno
import logging
import os
import sys
from pathlib import Path

import pytest

from game import app
from game.config import Config

FULL_DISK = Path("/dev/full")


class FullStream:
    """A stream whose every write, flush and close fails as on a full disk."""

    def write(self, text):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def flush(self):
        self.write("")

    def close(self):
        self.write("")


def on_a_full_disk(config: Config) -> None:
    """Make the log file ``/dev/full``: it opens, and each write to it fails (ENOSPC)."""
    config.data_dir.mkdir(parents=True, exist_ok=True)
    config.log_path.symlink_to(FULL_DISK)


@pytest.fixture
def config():
    if not FULL_DISK.exists():
        pytest.skip("no /dev/full here")
    config = Config()
    on_a_full_disk(config)
    return config


def test_a_full_disk_leaves_the_log_silent_and_its_handlers_close(config, capfd):
    handlers = app.setup_logging(config)
    try:
        for n in range(3):
            logging.getLogger("game.test").warning("line %d", n)
        for h in handlers:
            h.flush()
    finally:
        for h in handlers:
            logging.getLogger("game").removeHandler(h)
            h.close()  # flushing the file's buffer fails here: it must not raise
    err = capfd.readouterr().err
    assert "Logging error" not in err and "Traceback" not in err
    assert err.count("the log cannot be written") == 1  # said once, not per line
    assert "landgrab: line 2" in err  # stderr still takes the warnings


def test_a_terminal_that_cannot_be_written_is_quiet(tmp_path, capfd, monkeypatch):
    monkeypatch.setattr(sys, "stderr", FullStream())
    config = Config(data_dir=tmp_path)
    handlers = app.setup_logging(config)
    try:
        logging.getLogger("game.test").warning("lost on the terminal")
        for h in handlers:
            h.flush()
    finally:
        for h in handlers:
            logging.getLogger("game").removeHandler(h)
            h.close()
    assert capfd.readouterr().err == ""
    assert "lost on the terminal" in config.log_path.read_text(encoding="utf-8")


def test_the_game_quits_normally_when_the_disk_is_full(config, capfd, monkeypatch):
    class QuitAtOnce:
        def __init__(self, config):
            pass

        def run(self):
            logging.getLogger("game.app").info("played and quit")
            return 0

        def close(self):
            logging.getLogger("game.app").warning("closing")

    monkeypatch.setattr(app, "App", QuitAtOnce)
    # run() ends pygame as the game does; the worker's other tests keep their fonts
    monkeypatch.setattr(app.pygame, "quit", lambda: None)
    assert app.run(config) == 0
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Logging error" not in err
