"""``landgrab-server`` from the outside: bad arguments give the usage and status 2; SIGTERM
stops it cleanly and its tables are there after a restart; ``--check`` replays every stored
table (status 0), and names a damaged one (status 1)."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys

import pytest
from net_tables import ROOT, TEST_GAME_PACKAGES, Driver, ServerProcess, game_over

from game.registry import GAMES
from game.server.store import SQLiteStore

GAME = next(iter(GAMES))


def run(*args: str) -> subprocess.CompletedProcess:
    extra = [a for p in TEST_GAME_PACKAGES for a in ("--game", p)]
    return subprocess.run([sys.executable, "-m", "game.server", *args, *extra], cwd=ROOT,
                          capture_output=True, text=True, timeout=60,
                          env={"PYTHONPATH": str(ROOT)})


@pytest.mark.parametrize("args", [["--port", "nope"], ["--port", "70000"], ["--frobnicate"],
                                  ["--rate", "0"], ["--db-connections", "0"]])
def test_bad_arguments_print_the_usage_and_exit_2(args):
    out = run(*args)
    assert out.returncode == 2 and "usage: landgrab-server" in out.stderr


def test_sigterm_stops_cleanly_the_tables_persist_and_check_replays_them(tmp_path):
    server = ServerProcess(tmp_path / "data")
    driver = Driver()
    host = driver.client(server.url, "host")
    host.send({"type": "create", "game": GAME, "players": 2,
               "seats": [{"kind": "host"}, {"kind": "bot"}]})
    driver.until(lambda: host.of_type("created"), "the table")
    created = host.of_type("created")[0]
    code, token = created["table"], created["seats"][0]["token"]
    host.plays.add((code, 0))
    driver.until(lambda: host.latest.get((code, 0), {}).get("moves", 0) >= 12, "a few moves")
    host.paused = True
    driver.close()
    assert server.stop() == 0 and "stopped" in server.log()
    moves = len(SQLiteStore(server.data).load(code).actions)
    server = ServerProcess(server.data)
    driver = Driver()
    back = driver.client(server.url, "back")
    back.send({"type": "sit", "table": code, "seat": 0, "token": token})
    back.plays.add((code, 0))
    driver.until(lambda: back.of_type("table"), "the table again")
    assert back.of_type("table")[0]["moves"] == moves
    driver.until(lambda: game_over(back, code), "the end")
    driver.close()
    assert server.stop() == 0

    report = run("--check", "--data", str(server.data))
    assert report.returncode == 0 and "1 tables, 1 replay, 0 do not" in report.stdout
    damaged = tmp_path / "damaged"
    shutil.copytree(server.data, damaged)
    db = sqlite3.connect(damaged / SQLiteStore.FILE_NAME)
    db.execute("UPDATE actions SET action = '{\"type\": \"Cheat\"}' WHERE n = 3")
    db.commit()
    db.close()
    report = run("--check", "--data", str(damaged))
    assert report.returncode == 1 and f"table {code}:" in report.stdout
    assert "Cheat" in report.stdout and "1 do not" in report.stdout
    assert run("--check", "--data", str(tmp_path / "nothing")).returncode == 1


def test_the_console_script_is_the_command_line():
    import importlib
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    module, _sep, name = scripts["landgrab-server"].partition(":")
    from game.server.cli import main

    assert getattr(importlib.import_module(module), name) is main
    assert "websockets>=13" in tomllib.loads((ROOT / "pyproject.toml").read_text())[
        "project"]["dependencies"]
