"""A game plugs in through the registry alone: the tests' own games (``tests/games/<id>/``,
registered by ``tests/conftest.py``) open a table, are played by bots to the results, have
their log written for each viewer, and run as demo games without a lesson, while no line
outside their own folder (and the tests that are about them) names them.  The generic
tests (contract, bots, saves, registry...) meet them through ``GAMES``."""

from __future__ import annotations

import re

import pygame
import pytest
from shipped_games import SHIPPED

from game import PROJECT_ROOT
from game.app import App
from game.config import Config
from game.registry import GAMES
from game.scenes.demo import DemoLoop, DemoOverlay, Playlist
from game.scenes.results import ResultsScene
from game.scenes.table import open_table
from game.scenes.table import screen as table_screen
from game.seats import make_seat

OWN = [g for g in GAMES if g not in SHIPPED]
"""The games of the tests' own."""
FAST = 60.0  # animation speed beyond the menu's range: tests only
# Where a game of the tests' own may be named: its folder and the tests about it.
MAY_NAME = ("tests/",)


def test_the_tests_register_games_of_their_own():
    assert OWN
    assert all(GAMES[g].package.startswith("tests.games.") for g in OWN)


@pytest.mark.parametrize("game_id", OWN)
def test_nothing_outside_the_tests_names_it(game_id):
    word = re.compile(rf"\b{re.escape(game_id)}\b", re.IGNORECASE)
    files = [PROJECT_ROOT / "main.py", PROJECT_ROOT / "pyproject.toml",
             *(p for folder in ("game", "tools", "rules", "maps", "music") if
               (PROJECT_ROOT / folder).is_dir() for p in (PROJECT_ROOT / folder).rglob("*")
               if p.is_file() and p.suffix in (".py", ".md", ".po", ".pot", ".json", ".tmx",
                                                ".toml", ".txt"))]
    named = [p.relative_to(PROJECT_ROOT).as_posix() for p in files
             if p.is_file() and word.search(p.read_text(encoding="utf-8", errors="replace"))]
    assert named == []


def _bot_table(services, game_id: str, players: int, seed: int):
    seats = [make_seat(game_id, q, "bot", ("easy", "normal")[q % 2]) for q in range(players)]
    services.settings.animation_speed = FAST
    table = open_table(services, game_id, seats, seed)
    services.stack.reset(table)
    services.stack.apply_pending()
    return table


def _play_out(services, table, surface, limit: int = 20000) -> None:
    for _ in range(limit):
        if isinstance(services.stack.top, ResultsScene):
            return
        services.stack.update(1 / 30)
        services.stack.apply_pending()
        services.stack.top.draw(surface)
    raise AssertionError("the table never reached its results")


@pytest.mark.parametrize("game_id", OWN)
def test_a_table_of_bots_plays_it_to_the_results(services, display, game_id):
    info = GAMES[game_id]
    for players in (info.min_players, info.max_players):
        table = _bot_table(services, game_id, players, seed=5 + players)
        _play_out(services, table, display)
        assert table.session.state.is_over() and table.results_shown
        rows = services.stack.top.rows
        assert len(rows) == players and any(r.winner for r in rows)
        assert sorted(r.total for r in rows) == sorted(table.session.state.scores())


@pytest.mark.parametrize("game_id", OWN)
def test_its_log_is_written_for_each_viewer(services, display, game_id):
    info = GAMES[game_id]
    table = _bot_table(services, game_id, info.max_players, seed=3)
    _play_out(services, table, display)
    seen = {}
    for viewer in (None, *range(table.n)):
        table.log.set_viewer(viewer)
        table_screen.draw_log(table, display)
        lines = table.log.lines
        assert lines and not any("{" in line for line in lines), lines
        assert any(table.names[0] in line for line in lines)
        seen[viewer] = lines
    # a private line (a hand, a draw) reads differently for its owner than for the others
    assert len({tuple(lines) for lines in seen.values()}) == table.n + 1
    assert any(e.cells for e in table.log.entries)  # pointing at a line lights its cells


@pytest.mark.parametrize("game_id", OWN)
def test_it_runs_as_a_demo_game_without_a_lesson(game_id):
    assert not GAMES[game_id].lesson
    app = App(Config(mute=True, seed=7, demo=True))
    try:
        app.settings.animation_speed = FAST
        pygame.event.clear()
        loop = DemoLoop(app.services, Playlist(7, order=(game_id,)))
        app.stack.reset_to(loop.demo_scenes)
        app.stack.apply_pending()
        table = app.stack.scenes[0]
        assert table.game_id == game_id and all(s.is_bot for s in table.seats)
        for _ in range(20000):
            overlay = app.stack.find(DemoOverlay)
            if overlay is not None and overlay.finished:
                break
            app.step(0.05)
        assert table.session.state.is_over()
        assert "ResultsScene" not in [type(s).__name__ for s in app.stack.scenes]
    finally:
        app.close()
