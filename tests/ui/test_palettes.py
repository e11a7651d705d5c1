"""Each game seats its players in the rules' colours, named as the engine names them."""

import itertools
import os
import subprocess
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402
from game_hooks import games_with, hooks  # noqa: E402

from game import (  # noqa: E402
    PROJECT_ROOT,
    assets,
    palette,  # noqa: E402
)
from game.registry import GAMES  # noqa: E402
from game.seats import BOT, HUMAN, default_seats, make_seat, parse_players  # noqa: E402
from game.ui import art, players, sdf  # noqa: E402

RULES = sorted(games_with("rule_colours"))  # games whose hooks give their rules' colours


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    yield


def lab(rgb) -> np.ndarray:
    """CIE L*a*b* of an sRGB colour (D65)."""
    c = np.asarray(rgb, float) / 255
    c = np.where(c > 0.04045, ((c + 0.055) / 1.055) ** 2.4, c / 12.92)
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = m @ c / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def test_every_game_has_a_colour_per_seat():
    assert set(palette.GAME_SEAT_COLOURS) == set(GAMES)
    for game in GAMES.values():
        assert len(palette.GAME_SEAT_COLOURS[game.id]) >= game.max_players
    assert art.GAME_SEAT_COLOURS is palette.GAME_SEAT_COLOURS


@pytest.mark.parametrize("game_id", RULES)
def test_seats_wear_the_rules_colours_in_order(game_id):
    game = GAMES[game_id]
    n = game.max_players
    seats = [make_seat(game, i, BOT) for i in range(n)]
    names = [s.name for s in seats]
    assert names == list(hooks(game_id).rule_colours[:n])
    assert names == hooks(game_id).engine_names(n)
    for s in seats:
        assert art.PLAYER_NAMES[s.colour] == s.name
    assert [s.colour for s in seats] == list(palette.seat_colours(game_id)[:n])
    # the same through every way seats are made
    assert [s.name for s in default_seats(game)] == names[: game.min_players]
    parsed = parse_players(",".join(["human"] + ["bot:easy"] * (n - 1)), game)
    assert [(s.name, s.colour) for s in parsed] == [(s.name, s.colour) for s in seats]
    assert make_seat(game_id, 0, HUMAN) == make_seat(game, 0, HUMAN)
    with pytest.raises(IndexError):
        make_seat(game, len(palette.seat_colours(game_id)), BOT)


def test_too_many_players_is_a_value_error():
    with pytest.raises(ValueError, match="takes"):
        parse_players(",".join(["bot"] * 5), GAMES["oregon"])


@pytest.mark.parametrize("game_id", RULES)
def test_colours_and_shapes_differ_within_a_game(game_id):
    indices = palette.seat_colours(game_id)
    shapes = [art.PLAYER_SHAPES[i] for i in indices]
    assert len(set(shapes)) == len(shapes)
    x, y = sdf.grid(64, 64)
    masks = [sdf.coverage(sdf.sd_shape(x, y, s, 32, 32, 20)) > 0.5 for s in shapes]
    for a, b in itertools.combinations(masks, 2):
        assert np.mean(a != b) > 0.03
    for a, b in itertools.combinations(indices, 2):
        ca, cb = art.PLAYER_COLOURS[a], art.PLAYER_COLOURS[b]
        assert np.linalg.norm(lab(ca) - lab(cb)) > 25, (art.PLAYER_NAMES[a], art.PLAYER_NAMES[b])


def test_palette_tables_line_up():
    n = len(palette.PLAYER_NAMES)
    assert n == 8
    for table in (palette.PLAYER_COLOURS, palette.PLAYER_SHAPES, palette.PLAYER_RIMS):
        assert len(table) == n
    assert len(set(palette.PLAYER_NAMES)) == len(set(palette.PLAYER_SHAPES)) == n
    # the first five are the palette drawn before the games had their own colours
    assert palette.PLAYER_NAMES[:5] == ("Yellow", "Blue", "Green", "Red", "Purple")


def test_dark_colours_have_a_light_rim():
    table_dark = (70, 42, 26)
    for i, c in enumerate(art.PLAYER_COLOURS):
        rim = art.player_rim(i)
        if lab(c)[0] < 30:  # near-black pieces would vanish on the walnut with a dark rim
            assert lab(rim)[0] > lab(table_dark)[0] + 40, art.PLAYER_NAMES[i]
    assert art.player_rim(palette.BLACK) == palette.PLAYER_RIMS[palette.BLACK]


@pytest.mark.parametrize("index", range(len(palette.PLAYER_NAMES)))
def test_every_palette_index_draws(index):
    for kind in assets.PIECE_KINDS:
        assert assets.piece(index, 48, kind).get_size() == (48, 48)
        assert assets.piece(index, 48, kind, shadow=True).get_size() == (48, 48)
        assert assets.piece_shadow(index, 48, kind).get_size() == (48, 48)
    assert art.player_badge(index, 30).get_size() == (30, 30)
    assert players.colour(index) == art.PLAYER_COLOURS[index]
    assert players.shape(index) == art.PLAYER_SHAPES[index]
    assert players.badge(index, 12) is not None
    assert players.shape_points(players.shape(index), (20, 20), 10) or index == 0
    surf = pygame.Surface((60, 60), pygame.SRCALPHA)
    players.draw_swatch(surf, index, (30, 30), 20)
    assert pygame.transform.average_color(surf)[3] > 0


def test_seats_module_stays_free_of_pygame():
    code = (
        "import sys, game.seats\n"
        "assert not [m for m in sys.modules if m.split('.')[0] == 'pygame']"
    )
    subprocess.run([sys.executable, "-c", code], cwd=PROJECT_ROOT, check=True, timeout=60)
