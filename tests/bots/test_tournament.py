"""The tournament's statistics: confidence intervals and Elo-style ratings."""

import math
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import tournament  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def test_wilson_interval_matches_the_textbook_values():
    low, high = tournament.wilson(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    low, high = tournament.wilson(0.0, 20)  # no wins still leaves room above zero
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-3)
    assert tournament.wilson(0.9, 400)[0] > tournament.wilson(0.9, 40)[0]  # narrows with n


def test_elo_rates_an_even_field_equal_and_a_stronger_level_higher():
    even = tournament.elo({("a", "b"): 50.0, ("b", "a"): 50.0},
                          {("a", "b"): 100, ("b", "a"): 100}, ["a", "b"])
    assert even["a"] == pytest.approx(even["b"])
    rated = tournament.elo({("hard", "normal"): 750.0, ("normal", "hard"): 250.0},
                           {("hard", "normal"): 1000, ("normal", "hard"): 1000},
                           ["hard", "normal"])
    assert rated["normal"] == tournament.ANCHOR
    # 75 % expected score is 400 * log10(3) ~ 191 Elo points (the prior shrinks it a little)
    assert rated["hard"] - rated["normal"] == pytest.approx(400 * math.log10(3), abs=3)


def test_seats_rotate_so_every_level_sits_everywhere():
    levels = ["hard", "normal", "easy"]
    seen = {tuple(tournament.seat_levels(levels, s)) for s in range(3)}
    assert {lv[0] for lv in seen} == set(levels)


def test_a_short_tournament_prints_every_line():
    run = subprocess.run([sys.executable, "tools/tournament.py", "--game", "oasis", "--seats",
                          "normal,easy,easy", "--games", "2", "--jobs", "1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    lines = dict(line.split(": ", 1) for line in run.stdout.splitlines())
    for key in ("win_rate.normal", "win_rate.easy", "elo.normal", "elo.easy",
                "mean_points.easy"):
        assert key in lines
    assert "95% CI" in lines["win_rate.normal"]


def test_bad_arguments_print_usage_and_exit_2():
    run = subprocess.run([sys.executable, "tools/tournament.py", "--game", "oasis", "--seats",
                          "normal,genius,easy"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "unknown bot level" in run.stderr
