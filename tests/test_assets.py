"""Art and sound: everything loads at its size, sounds are sane, generators are deterministic."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import wave  # noqa: E402

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402
from same_content import assert_same_tree  # noqa: E402

from game import PROJECT_ROOT, assets  # noqa: E402
from game.games.oregon.art import pictures as oregon_art  # noqa: E402
from game.ui import art, sdf  # noqa: E402

TOOLS = PROJECT_ROOT / "tools"


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def visible(surf: pygame.Surface) -> float:
    """Share of pixels that are not fully transparent."""
    return float(np.mean(pygame.surfarray.array_alpha(surf) > 0))


# --- palette -----------------------------------------------------------------------------


def test_player_palette_is_distinct_in_colour_and_shape():
    n = len(art.PLAYER_NAMES)
    assert n == 8
    assert len(art.PLAYER_COLOURS) == len(art.PLAYER_SHAPES) == n
    assert art.PLAYER_NAMES == (
        "Yellow",
        "Blue",
        "Green",
        "Red",
        "Purple",
        "Orange",
        "Brown",
        "Black",
    )
    assert len(set(art.PLAYER_SHAPES)) == n
    assert len(set(art.PLAYER_COLOURS)) == n
    # colours that share a game differ more (tests/ui/test_palettes.py)
    for a, b in itertools.combinations(art.PLAYER_COLOURS, 2):
        assert np.linalg.norm(np.subtract(a, b)) > 50, (a, b)


def test_player_shapes_differ_in_silhouette():
    x, y = sdf.grid(64, 64)
    masks = [sdf.coverage(sdf.sd_shape(x, y, s, 32, 32, 20)) > 0.5 for s in art.PLAYER_SHAPES]
    for a, b in itertools.combinations(masks, 2):
        assert np.mean(a != b) > 0.03


# --- sprites -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", assets.PICTOGRAMS)
def test_pictogram_renders_at_any_size(name):
    for size in (24, 64, 150):
        surf = assets.pictogram(name, size)
        assert surf.get_size() == (size, size)
        assert 0.08 < visible(surf) < 0.95
    assert assets.pictogram(name, (80, 40)).get_size() == (80, 40)


def test_pictogram_by_openmoji_code_and_unknown_name():
    assert assets.pictogram("1F42A", 32).get_size() == (32, 32)  # camel, straight from OpenMoji
    with pytest.raises(KeyError):
        assets.pictogram("no_such_picture", 32)


def test_pictogram_files_match_the_list():
    files = {p.stem for p in (PROJECT_ROOT / "sprites" / "pictograms").glob("*.svg")}
    assert files == set(assets.PICTOGRAMS)
    for name in oregon_art.LANDSCAPE_SYMBOLS + oregon_art.BUILDINGS:
        assert name in files


@pytest.mark.parametrize("kind", assets.PIECE_KINDS)
def test_pieces(kind):
    for player in range(len(art.PLAYER_NAMES)):
        stem = f"{kind}_{art.PLAYER_NAMES[player].lower()}"
        raw = pygame.image.load(str(assets.PIECES_DIR / f"{stem}.png"))
        assert raw.get_size() == (assets.PIECE_SPRITE_SIZE,) * 2
        shadow = pygame.image.load(str(assets.PIECES_DIR / f"{stem}_shadow.png"))
        assert shadow.get_size() == raw.get_size()
        for size in (32, 64, 128):
            surf = assets.piece(player, size, kind)
            assert surf.get_size() == (size, size)
            assert 0.2 < visible(surf) < 0.9
            assert assets.piece(player, size, kind, shadow=True).get_size() == (size, size)
            assert assets.piece_shadow(player, size, kind).get_size() == (size, size)
        # the figure has its seat colour
        rgb = pygame.surfarray.array3d(raw)[pygame.surfarray.array_alpha(raw) == 255]
        assert np.linalg.norm(np.median(rgb, axis=0) - art.PLAYER_COLOURS[player]) < 60
    with pytest.raises(IndexError):
        assets.piece(len(art.PLAYER_NAMES), 64, kind)


def test_piece_kind_is_checked():
    with pytest.raises(ValueError):
        assets.piece(0, 64, "wizard")


def test_table_background():
    surf = assets.table_background()
    assert surf.get_size() == (1920, 1080)
    mean = pygame.transform.average_color(surf)
    assert mean[0] > mean[2] + 20  # warm: more red than blue
    assert 40 < sum(mean[:3]) / 3 < 140  # a dark-ish table that light cards stand out on


@pytest.mark.parametrize("kind", oregon_art.BUILDINGS)
def test_building_tiles(kind):
    for start in (False, True):
        for size in (40, 64, 96):
            surf = oregon_art.building_tile(kind, size, start)
            assert surf.get_size() == (size, size)
            assert visible(surf) > 0.9
    assert oregon_art.tile_back(64).get_size() == oregon_art.tile_back(64, True).get_size() == (64, 64)


def test_cards():
    for s in oregon_art.LANDSCAPE_SYMBOLS:
        assert oregon_art.card_surface("landscape", s).get_size() == oregon_art.CARD_SIZE
    for b in oregon_art.BUILDINGS:
        surf = oregon_art.card_surface("building", b, (100, 140), selected=True)
        assert surf.get_size() == (100, 140)
    for deck in oregon_art.DECK_COLOURS:
        assert oregon_art.card_surface("back", deck).get_size() == oregon_art.CARD_SIZE
    plain = oregon_art.card_surface("landscape", "bison")
    chosen = oregon_art.card_surface("landscape", "bison", selected=True)
    assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(chosen, "RGBA")
    shadow, (dx, dy) = oregon_art.card_shadow(oregon_art.CARD_SIZE)
    assert shadow.get_width() > oregon_art.CARD_SIZE[0] and dx < 0 and dy < 0
    dest = pygame.Surface((400, 400), pygame.SRCALPHA)
    assert oregon_art.blit_card(dest, "building", "church", (20, 20)).size == oregon_art.CARD_SIZE
    with pytest.raises(ValueError):
        oregon_art.card_surface("landscape", "church")
    with pytest.raises(ValueError):
        oregon_art.card_surface("spell", "bison")


def test_tokens():
    for kind in ("joker", "extra_turn"):
        on, off = oregon_art.action_token(kind, 64, True), oregon_art.action_token(kind, 64, False)
        assert on.get_size() == off.get_size() == (64, 64)
        assert pygame.transform.average_color(on) != pygame.transform.average_color(off)
    assert oregon_art.joker_token(48).get_size() == oregon_art.extra_turn_token(48, False).get_size() == (48, 48)
    for kind in ("coal", "gold"):
        assert oregon_art.mine_token(kind, 56).get_size() == (56, 56)
        faces = {pygame.image.tobytes(oregon_art.mine_token(kind, 56, v), "RGBA") for v in range(1, 6)}
        assert len(faces) == 5
    with pytest.raises(ValueError):
        oregon_art.mine_token("coal", 56, 6)
    assert art.token_shadow(64)[0].get_width() > 64


def test_panels_and_buttons():
    for style in art.PANEL_STYLES:
        for size in ((60, 60), (300, 120), (900, 600)):
            assert art.panel_surface(size, style).get_size() == size
    for style in art.BUTTON_STYLES:
        for state in art.BUTTON_STATES:
            assert art.button_surface((180, 52), "Play", state, style).get_size() == (180, 52)
    assert art.player_badge(2, 24).get_size() == (24, 24)


# --- sounds ------------------------------------------------------------------------------


def read_wav(path):
    with wave.open(str(path)) as w:
        params = w.getparams()
        data = np.frombuffer(w.readframes(w.getnframes()), "<i2")
    return params, data


@pytest.mark.parametrize("name", list(assets.SOUND_NAMES))
def test_sound_files(name):
    params, data = read_wav(assets.SOUNDS_DIR / f"{name}.wav")
    assert params.framerate == 44100
    assert params.nchannels == 1
    assert params.sampwidth == 2
    seconds = params.nframes / 44100
    assert 0.02 < seconds <= (4.0 if name == "fanfare" else 3.0)
    peak = np.max(np.abs(data.astype(np.int32)))
    assert 0.2 * 32767 < peak < 0.98 * 32767  # audible, never clipping
    assert abs(int(data[0])) < 200 and abs(int(data[-1])) < 200  # faded: no click at the ends


def test_sounds_are_small_and_listed():
    files = sorted(assets.SOUNDS_DIR.glob("*.wav"))
    assert {p.stem for p in files} == set(assets.SOUND_NAMES)
    assert sum(p.stat().st_size for p in files) < 2_000_000


def test_sound_without_mixer_is_silent():
    pygame.mixer.quit()
    assert assets.sound("coin") is None
    with pytest.raises(KeyError):
        assets.sound("kazoo")


def test_sound_with_mixer():
    try:
        pygame.mixer.init(44100, -16, 1, 512)
    except pygame.error:
        pytest.skip("no audio driver here")
    try:
        snd = assets.sound("bell")
        assert isinstance(snd, pygame.mixer.Sound)
        assert snd.get_length() == pytest.approx(1.3, abs=0.05)
    finally:
        pygame.mixer.quit()


# --- generators ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("script", "folder"), [("make_sprites.py", "sprites"), ("make_sounds.py", "sounds")]
)
def test_generators_reproduce_committed_files(tmp_path, script, folder):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    subprocess.run(
        [sys.executable, str(TOOLS / script), "--out", str(tmp_path)],
        check=True,
        capture_output=True,
        env=env,
        timeout=300,
    )
    assert_same_tree(tmp_path / folder, PROJECT_ROOT / folder)
