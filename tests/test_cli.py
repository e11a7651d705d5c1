"""The command line: good flags build a Config, bad ones exit 2 with usage and a reason."""

import subprocess
import sys

import pytest

from game import PROJECT_ROOT, __version__
from game.cli import build_parser, main, parse_config
from game.registry import GAMES


def _exit_code(argv, capsys):
    with pytest.raises(SystemExit) as info:
        main(argv)
    out, err = capsys.readouterr()
    return info.value.code, out, err


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["--game", "chess"], "invalid choice"),
        (["--game", "oregon", "--players", "human"], "takes 2-4 players, not 1"),
        (["--game", "oregon", "--players", "human,bot,bot,bot,bot"], "not 5"),
        (["--game", "oregon", "--players", "human,bot:genius"], "unknown bot level 'genius'"),
        (["--game", "oregon", "--players", "human,,bot"], "malformed"),
        (["--game", "oregon", "--players", "human,robot"], "malformed seat 'robot'"),
        (["--game", "oregon", "--players", "human:easy,bot"], "malformed seat"),
        (["--game", "oregon", "--players", ""], "malformed"),
        (["--players", "human,bot"], "--players needs --game"),
        (["--fullscreen", "--windowed"], "not allowed with argument"),
        (["--seed", "-3"], "must be 0 or more"),
        (["--seed", "abc"], "not a whole number"),
        (["--seed", str(2**63)], f"must be at most {2**63 - 1}"),
        (["--quit-after", "-1"], "must be 0 or more seconds"),
        (["--quit-after", "soon"], "not a number of seconds"),
        (["--screenshot", "shot.jpg"], "must end in .png"),
        (["--bogus"], "unrecognized arguments"),
        (["--load", "/no/such/save.json"], "--load: no such file"),
        (["--load", "x.json", "--demo"], "not allowed with argument"),
        (["--demo", "--kiosk"], "not allowed with argument"),
        (["--demo", "--game", "oasis"], "--demo cannot be combined with --game"),
        (["--kiosk", "--game", "oasis"], "--kiosk cannot be combined with --game"),
        (["--idle-timeout", "30"], "--idle-timeout is a kiosk option"),
        (["--kiosk", "--idle-timeout", "2"], "at least 5 seconds"),
        (["--kiosk", "--idle-timeout", "later"], "not a number of seconds"),
    ],
)
def test_bad_values_exit_2_with_usage_and_reason(argv, reason, capsys):
    code, out, err = _exit_code(argv, capsys)
    assert code == 2
    assert err.startswith("usage: landgrab")
    last = err.strip().splitlines()[-1]
    assert last.startswith("landgrab: error: ")
    assert reason in last


def test_version(capsys):
    code, out, _ = _exit_code(["--version"], capsys)
    assert code == 0
    assert out.strip() == f"Landgrab {__version__}"


def test_game_choices_come_from_the_registry():
    action = next(a for a in build_parser()._actions if "--game" in a.option_strings)
    assert sorted(action.choices) == sorted(GAMES)


def test_good_flags_build_the_config(tmp_path):
    config = parse_config(
        [
            "--game",
            "oregon",
            "--players",
            "human, bot:easy ,bot",
            "--seed",
            "7",
            "--windowed",
            "--mute",
            "--quit-after",
            "2.5",
            "--screenshot",
            str(tmp_path / "a.png"),
        ]
    )
    assert config.game == "oregon"
    assert [(s.kind, s.level, s.colour) for s in config.seats] == [
        ("human", None, 0),
        ("bot", "easy", 1),
        ("bot", "normal", 2),
    ]
    assert all(s.name for s in config.seats)
    assert config.seed == 7
    assert config.fullscreen is False
    assert config.mute is True
    assert config.quit_after == 2.5
    assert config.screenshot == tmp_path / "a.png"


def test_defaults_leave_choices_to_the_settings():
    config = parse_config([])
    assert config.game is None and config.seats is None and config.seed is None
    assert config.fullscreen is None and config.mute is False
    assert parse_config(["--fullscreen"]).fullscreen is True


def test_user_folders_follow_landgrab_home_then_xdg(monkeypatch, tmp_path):
    from game.config import config_dir, data_dir

    monkeypatch.setenv("LANDGRAB_HOME", str(tmp_path / "h"))
    assert config_dir() == tmp_path / "h" / "config"
    assert data_dir() == tmp_path / "h" / "data"
    monkeypatch.delenv("LANDGRAB_HOME")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "c"))
    monkeypatch.setenv("XDG_DATA_HOME", "relative/is/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert config_dir() == tmp_path / "c" / "landgrab"
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "landgrab"


def _run(args, home, timeout=120):
    env = {
        **__import__("os").environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "LANDGRAB_HOME": str(home),
    }
    return subprocess.run(
        [sys.executable, str(PROJECT_ROOT / "main.py"), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        cwd=home.parent,
    )


def test_main_py_reports_bad_values_as_a_program(tmp_path):
    result = _run(["--game", "oregon", "--players", "bot:wizard,human"], tmp_path / "home")
    assert result.returncode == 2
    assert "usage:" in result.stderr and "unknown bot level 'wizard'" in result.stderr
    assert "pygame-ce" not in result.stdout  # the support banner stays hidden


def test_quit_after_with_screenshot_writes_a_png(tmp_path):
    import pygame

    shot = tmp_path / "out" / "frame.png"
    result = _run(["--quit-after", "1", "--screenshot", str(shot), "--mute"], tmp_path / "home")
    assert result.returncode == 0, result.stderr
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pygame.image.load(str(shot)).get_size() == (1920, 1080)
    log = (tmp_path / "home" / "data" / "landgrab.log").read_text()
    assert "First frame" in log


def test_game_without_a_table_is_refused(capsys, monkeypatch):
    from game.cli import main
    from game.scenes import table as table_hook

    monkeypatch.setattr(table_hook, "table_module_name", lambda gid: f"game.scenes.{gid}_no_table")
    with pytest.raises(SystemExit) as exc:
        main(["--game", "oregon"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and "Oregon table is not in this version yet" in err


def test_game_options_come_from_the_registry(capsys):
    from game.cli import parse_config

    config = parse_config(["--game", "colorado", "--lakes", "random"])
    assert config.options == {"lakes": "random"}
    with pytest.raises(SystemExit) as exc:
        parse_config(["--game", "oregon", "--lakes", "random"])
    assert exc.value.code == 2
    assert "--lakes is an option of Colorado County" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        parse_config(["--game", "colorado", "--lakes", "square"])
    assert exc.value.code == 2


def test_mode_flags_build_the_config(tmp_path):
    save = tmp_path / "game.json"
    save.write_text("{}")
    assert parse_config(["--load", str(save)]).load == save
    demo = parse_config(["--demo"])
    assert demo.demo and not demo.kiosk and demo.fullscreen is None
    kiosk = parse_config(["--kiosk", "--idle-timeout", "30"])
    assert kiosk.kiosk and kiosk.idle_timeout == 30 and kiosk.fullscreen is True
    assert parse_config(["--kiosk", "--windowed"]).fullscreen is False
    assert parse_config(["--kiosk"]).idle_timeout == 90
