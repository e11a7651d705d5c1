"""Music: the themes are what tools/make_music.py makes, loop seamlessly, sit calmly under the
effects, and the music follows the screen, the volumes, --mute, demo/kiosk mode and a missing
audio device.  Sounds are compared as decoded samples with a tolerance, never byte for byte."""

import functools
import logging
import subprocess
import sys
import wave

import numpy as np
import pygame
import pytest
import soundfile

from game import PROJECT_ROOT
from game.app import App
from game.config import Config
from game.registry import GAMES
from game.scenes.attract import RestingScene
from game.scenes.game_select import GameSelectScene
from game.scenes.howto import HowToScene
from game.scenes.settings import SettingsScene
from game.scenes.table import open_table
from game.seats import make_seat
from game.settings import Settings
from game.ui import music
from game.ui.music import (
    ATTRACT_LEVEL,
    CHANNELS,
    FADE_MS,
    STOP_MS,
    THEMES,
    Music,
    StreamedMusic,
)

TOOLS = PROJECT_ROOT / "tools"
DT = 1 / 60


def decoded(path):
    x, rate = soundfile.read(str(path), dtype="float64", always_2d=True)
    return x, rate


@pytest.fixture(scope="module")
def make_music():
    sys.path.insert(0, str(TOOLS))
    try:
        import make_music as module
    finally:
        sys.path.remove(str(TOOLS))
    return module


@pytest.fixture(scope="module")
def rendered(make_music):
    """A theme as the generator renders it (float samples, before encoding), once each."""
    return functools.cache(lambda name: make_music.THEMES[name]())


def seam_steps(x):
    """Per channel: the step and the bend (second difference) from the last sample to the
    first, as a loop plays them."""
    joint = np.concatenate([x[-2:], x[:2]])
    return np.abs(joint[2] - joint[1]), np.abs(np.diff(joint, 2, axis=0)).max(axis=0)


# --- the files ---------------------------------------------------------------------------------
def test_theme_files_are_listed_small_and_loop_lengths(make_music):
    files = sorted(music.MUSIC_DIR.glob("*"))
    assert {p.name for p in files} == {f"{name}.ogg" for name in THEMES}
    assert set(make_music.THEMES) == set(THEMES)
    assert sum(p.stat().st_size for p in files) < 6_000_000
    for p in files:
        info = soundfile.info(str(p))
        assert (info.format, info.subtype) == ("OGG", "VORBIS")
        assert info.samplerate == 44100 and info.channels == 2  # the mixer's: no resampling
        assert 150 <= info.duration <= 200, p.name  # minutes of music, not a short loop


def test_music_is_credited_as_the_projects_own():
    credits = (PROJECT_ROOT / "CREDITS.md").read_text(encoding="utf-8")
    assert "tools/make_music.py" in credits
    for name in THEMES:
        assert f"`{name}.ogg`" in credits


@pytest.mark.parametrize("name", list(THEMES))
def test_committed_theme_is_what_the_generator_makes(rendered, name):
    x, rate = decoded(music.MUSIC_DIR / f"{name}.ogg")
    fresh = rendered(name)
    assert rate == 44100 and x.shape == fresh.shape
    # Vorbis is lossy: the decoded file differs from the render by its coding noise only.
    error = np.sqrt(np.mean((x - fresh) ** 2)) / np.sqrt(np.mean(fresh**2))
    assert error < 0.1, f"music/{name}.ogg is not what tools/make_music.py makes ({error:.2f})"


def test_generator_run_writes_the_same_decoded_samples(tmp_path):
    subprocess.run(
        [sys.executable, str(TOOLS / "make_music.py"), "--out", str(tmp_path), "--theme", "title"],
        check=True, capture_output=True, timeout=600,
    )
    made = sorted((tmp_path / "music").iterdir())
    assert [p.name for p in made] == ["title.ogg"]
    fresh, _ = decoded(made[0])
    committed, _ = decoded(music.MUSIC_DIR / "title.ogg")
    assert fresh.shape == committed.shape
    assert np.max(np.abs(fresh - committed)) < 0.01


SECTIONS = 4  # each theme: the tune, an answer, the tune varied, a part in another key


@pytest.mark.parametrize("name", list(THEMES))
def test_theme_sections_are_different_music(name):
    """A long game does not hear one passage over and over: no section of a theme is another
    one again.  The same section played twice differs only by the echo carried over into it
    (the old 40 s loop heard four times: 0.00 of its level); the tune varied over the same
    accompaniment differs by about half its level (title: 0.55), other sections by more."""
    x, _ = decoded(music.MUSIC_DIR / f"{name}.ogg")
    mono = x.mean(axis=1)
    n = len(mono) // SECTIONS
    parts = [mono[i * n : (i + 1) * n] for i in range(SECTIONS)]
    for i in range(SECTIONS):
        for j in range(i + 1, SECTIONS):
            apart = np.sqrt(np.mean((parts[i] - parts[j]) ** 2))
            assert apart > 0.4 * np.sqrt(np.mean(parts[i] ** 2)), (name, i, j)


# --- seamless loops ----------------------------------------------------------------------------
def test_loop_folds_what_runs_past_the_end_onto_the_start(make_music):
    loop = make_music.Loop(bpm=120, bars=1, per_bar=4)
    clip = np.hanning(2000)
    loop.add("t", clip, loop.beats - 1000 / (loop.beat_s * 44100))  # starts 1000 samples early
    x = loop.track("t")[:, 0]
    assert x.shape == (loop.n,)
    assert np.allclose(np.concatenate([x[-1000:], x[:1000]]), clip * np.cos(np.pi / 4))
    assert np.allclose(x[1000:-1000], 0)


def _assert_loops_without_a_click(x, rate, what):
    step, bend = seam_steps(x)
    # The seam is no larger a step, nor a sharper bend, than 999 in 1000 steps inside the
    # loop (a cut or mismatched ends make a step about the size of the waveform itself) ...
    assert np.all(step <= np.percentile(np.abs(np.diff(x, axis=0)), 99.9, axis=0)), what
    assert np.all(bend <= np.percentile(np.abs(np.diff(x, 2, axis=0)), 99.9, axis=0)), what
    # ... and the music does not fade out and in again around it.
    k = int(0.01 * rate)
    around = np.concatenate([x[-k:], x[:k]])
    assert np.sqrt(np.mean(around**2)) > 0.1 * np.sqrt(np.mean(x**2)), what


@pytest.mark.parametrize("name", list(THEMES))
def test_theme_loops_without_a_click(rendered, name):
    _assert_loops_without_a_click(rendered(name), 44100, f"{name} as rendered")
    x, rate = decoded(music.MUSIC_DIR / f"{name}.ogg")
    _assert_loops_without_a_click(x, rate, f"music/{name}.ogg")


@pytest.fixture
def stereo_mixer():
    """The game's own mixer format (44.1 kHz, 16-bit, stereo) on the dummy audio driver."""
    pygame.mixer.quit()
    try:
        pygame.mixer.init(44100, -16, 2, 512)
    except pygame.error:
        pytest.skip("no audio driver here")
    yield
    pygame.mixer.quit()


@pytest.mark.usefixtures("stereo_mixer")
@pytest.mark.parametrize("name", list(THEMES))
def test_pygame_loads_each_theme_sample_exact(name):
    sound = pygame.mixer.Sound(str(music.MUSIC_DIR / f"{name}.ogg"))
    played = pygame.sndarray.array(sound).astype(np.float64) / 32768
    x, rate = decoded(music.MUSIC_DIR / f"{name}.ogg")
    assert played.shape == x.shape  # no resampling, no padding: the loop keeps its length
    _assert_loops_without_a_click(played, rate, name)


# --- levels ------------------------------------------------------------------------------------
def _loudest(x, seconds=0.05, rate=44100):
    """RMS of the loudest window of ``seconds``."""
    n = min(len(x), int(seconds * rate))
    c = np.cumsum(np.concatenate([[0.0], x**2]))
    return float(np.sqrt(np.max((c[n:] - c[:-n]) / n)))


def _effects():
    out = {}
    for path in sorted((PROJECT_ROOT / "sounds").glob("*.wav")):
        with wave.open(str(path)) as w:
            x = np.frombuffer(w.readframes(w.getnframes()), "<i2") / 32767
        out[path.stem] = (_loudest(x), float(np.max(np.abs(x))))
    return out


@pytest.mark.parametrize("name", list(THEMES))
def test_theme_is_calm_soft_and_under_the_effects(name):
    x, rate = decoded(music.MUSIC_DIR / f"{name}.ogg")
    peak = np.max(np.abs(x))
    rms = np.sqrt(np.mean(x**2))
    assert peak < 0.4  # no clipping, and room for the effects on top
    assert 0.04 < rms < 0.12  # audible, never loud
    mono = x.mean(axis=1)
    power = np.abs(np.fft.rfft(mono)) ** 2
    freqs = np.fft.rfftfreq(len(mono), 1 / rate)
    assert power[freqs < 2000].sum() > 0.9 * power.sum()  # warm, not harsh
    assert power[freqs > 6000].sum() < 0.001 * power.sum()
    # At the default volumes (master applies to both), the music is well under the effects
    # and the two together never clip.
    level = Settings().music_volume
    effects = _effects()
    assert rms * level < 0.5 * float(np.median([loud for loud, _ in effects.values()]))
    assert peak * level + max(p for _, p in effects.values()) < 1.0


# --- which theme plays -------------------------------------------------------------------------
def _seats(game_id):
    return [make_seat(game_id, i, "bot", "easy") for i in range(GAMES[game_id].min_players)]


def _run(app, frames=2):
    for _ in range(frames):
        app.step(DT)


def test_each_screen_names_its_theme():
    app = App(Config(mute=True))
    services, stack, player = app.services, app.services.stack, app.services.audio.music
    _run(app)
    assert player.wanted == "title"
    stack.push(GameSelectScene(services))
    _run(app)
    assert player.wanted == "title"  # menus pushed over the title keep its theme
    for game_id in GAMES:
        stack.reset(open_table(services, game_id, _seats(game_id), 3))
        _run(app)
        assert player.wanted == game_id
        services.open_settings()
        _run(app)
        assert isinstance(stack.top, SettingsScene) and player.wanted == game_id
        stack.reset(HowToScene(services, game_id, lambda: None, lambda: None))
        _run(app)
        assert player.wanted == game_id
    stack.reset(RestingScene(services, lambda: None))
    _run(app)
    assert player.wanted == "title"
    services.to_title()
    _run(app)
    assert player.wanted == "title"
    assert player.playing is None  # muted: nothing plays
    app.close()


def test_replay_plays_its_games_theme():
    from game.scenes.replay import ReplayScene

    app = App(Config(mute=True))
    table = open_table(app.services, "colorado", _seats("colorado"), 8)
    app.services.stack.reset(ReplayScene(app.services, table.session.state, _seats("colorado")))
    _run(app)
    assert app.services.audio.music.wanted == "colorado"
    app.close()


def test_demo_and_kiosk_name_their_screens_themes_and_play_quietly():
    normal = App(Config())
    demo = App(Config(demo=True))
    kiosk = App(Config(kiosk=True, fullscreen=False))
    try:
        for app in (normal, demo, kiosk):
            _run(app)
        assert demo.services.audio.music.wanted == demo.services.stack.scenes[0].game_id
        assert kiosk.services.audio.music.wanted == "title"
        full = normal.services.audio.music.gain
        assert full == pytest.approx(Settings().master_volume * Settings().music_volume)
        assert demo.services.audio.music.gain == pytest.approx(ATTRACT_LEVEL * full)
        assert kiosk.services.audio.music.gain == pytest.approx(ATTRACT_LEVEL * full)
    finally:
        for app in (normal, demo, kiosk):
            app.close()


# --- playing -----------------------------------------------------------------------------------
def _until(app, condition, frames=100):
    """Run frames until ``condition()``.  A theme is decoded on a worker thread: between
    frames its load is waited for (a bounded join), so the frames it takes do not depend on
    the machine's speed."""
    for _ in range(frames):
        if condition():
            return
        app.step(DT)
        loader = getattr(app.services.audio.music, "_loader", None)
        if loader is not None:
            loader.join(30)
    assert condition(), f"not after {frames} frames"


@pytest.fixture
def fades(monkeypatch):
    """The fade-outs ``Music`` asks of its channels, as ``(channel index, ms)``: what the
    tests check of a fade (SDL's own timing of it is not theirs to wait for)."""
    asked: list[tuple[int, int]] = []
    real = Music._fade_out

    def fade_out(channel, ms):
        asked.append((CHANNELS.index(channel.id), ms))
        real(channel, ms)

    monkeypatch.setattr(Music, "_fade_out", staticmethod(fade_out))
    return asked


def _busy():
    return [pygame.mixer.Channel(i).get_busy() for i in CHANNELS]


def _audio_app(**config):
    app = App(Config(**config))
    if not app.services.audio.enabled:
        app.close()
        pytest.skip("no audio driver here")
    return app


def test_themes_cross_fade_at_the_music_volume(fades):
    app = _audio_app()
    player = app.services.audio.music
    try:
        _until(app, lambda: player.playing == "title")
        assert player._sounds["title"].get_volume() == pytest.approx(player.gain, abs=1 / 128)
        title_channel = _busy().index(True)
        assert fades == []
        app.services.stack.reset(open_table(app.services, "oasis", _seats("oasis"), 5))
        _until(app, lambda: player.playing == "oasis")
        # the title fades out (SDL stops its channel at the fade's end) while the oasis
        # theme loops on the other channel
        assert fades == [(title_channel, FADE_MS)]
        assert _busy()[1 - title_channel]
        _run(app)
        assert fades == [(title_channel, FADE_MS)]  # asked once
        assert set(player._sounds) <= {"title", "oasis"}  # only two themes are kept decoded
        for _ in range(40):  # more effects than channels: they never take the music's
            app.services.audio.play("click")
        assert _busy()[1 - title_channel]
    finally:
        app.close()


def test_mute_and_zero_volumes_play_and_decode_nothing(fades):
    app = _audio_app(mute=True)
    try:
        _run(app, 10)
        assert app.services.audio.music.playing is None and not any(_busy())
        assert app.services.audio.music._loader is None  # nothing decoded either
    finally:
        app.close()
    app = _audio_app()
    settings, audio = app.services.settings, app.services.audio
    try:
        _until(app, lambda: audio.music.playing == "title")
        for name in ("master_volume", "music_volume"):
            before = getattr(settings, name)
            live = audio.music._live
            fades.clear()
            setattr(settings, name, 0.0)
            audio.apply_volumes()
            _run(app)
            assert audio.music.playing is None
            assert fades == [(live, STOP_MS)], name  # SDL stops the channel at its end
            setattr(settings, name, before)
            audio.apply_volumes()
            _until(app, lambda: audio.music.playing == "title")
        settings.effects_volume = 0.0  # the effects' own volume leaves the music alone
        audio.apply_volumes()
        _run(app)
        assert audio.music.playing == "title"
    finally:
        app.close()


def test_settings_music_slider_changes_the_music_volume_live():
    app = _audio_app()
    audio = app.services.audio
    try:
        _until(app, lambda: audio.music.playing == "title")
        app.services.open_settings()
        _run(app, 3)
        slider = next(w for w in app.services.stack.top.group.widgets if w.key == "music")
        track = slider.track

        def click(x):
            pos = (x, track.centery)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            _run(app, 2)

        click(track.x + track.width // 4)
        assert app.services.settings.music_volume == pytest.approx(0.25, abs=0.05)
        expected = app.services.settings.master_volume * app.services.settings.music_volume
        assert audio.music._sounds["title"].get_volume() == pytest.approx(expected, abs=1 / 64)
        click(track.x - 10)  # the left end: no music
        assert app.services.settings.music_volume == 0.0
        assert audio.music.playing is None
        click(track.right + 10)
        assert app.services.settings.music_volume == 1.0
        _until(app, lambda: audio.music.playing == "title")
        assert audio.music._sounds["title"].get_volume() == pytest.approx(
            app.services.settings.master_volume, abs=1 / 64)
    finally:
        app.close()


def test_demo_and_kiosk_stream_their_themes_without_decoding_them(monkeypatch):
    """A kiosk runs for days: its themes stream from the file (fading out, then the next in)
    rather than each being decoded whole into memory (28 MB a theme, two during a fade)."""
    decoded_files: list[str] = []
    sound = pygame.mixer.Sound

    def recording_sound(*args, **kwargs):
        decoded_files.extend(str(a) for a in args if isinstance(a, str))
        return sound(*args, **kwargs)

    monkeypatch.setattr(pygame.mixer, "Sound", recording_sound)
    app = _audio_app(kiosk=True, fullscreen=False)
    player = app.services.audio.music
    try:
        assert isinstance(player, StreamedMusic)
        _until(app, lambda: player.playing == "title")
        assert pygame.mixer.music.get_busy() and not any(_busy())
        assert pygame.mixer.music.get_volume() == pytest.approx(player.gain, abs=1 / 64)
        # A fade-out lasts until the test ends it (SDL's timing of it is not the test's).
        streaming = pygame.mixer.music.get_busy
        fading = [True]
        monkeypatch.setattr(pygame.mixer.music, "get_busy", lambda: fading[0] or streaming())

        def end_the_fade():
            pygame.mixer.music.stop()
            fading[0] = False
            _run(app)
            fading[0] = True

        app.services.stack.reset(open_table(app.services, "oasis", _seats("oasis"), 5))
        _run(app, 5)
        assert player.playing is None and player._fading  # the title fades out, and the
        end_the_fade()  # oasis theme waits for the fade's end, then comes
        assert player.playing == "oasis" and not player._fading
        assert streaming() and not any(_busy())
        app.services.settings.music_volume = 0.0
        app.services.audio.apply_volumes()
        _run(app, 5)
        assert player.playing is None and player._fading  # fading out to silence
        end_the_fade()
        assert player.playing is None and not player._fading and not streaming()
    finally:
        app.close()
    assert not [f for f in decoded_files if f.endswith(".ogg")]


# --- no device, no file, no such theme ---------------------------------------------------------
def test_without_an_audio_device_nothing_plays(monkeypatch):
    player = Music(enabled=False, gain=1.0)
    player.update("title")
    assert player.wanted == "title" and player.playing is None and player._loader is None

    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    pygame.mixer.quit()
    app = App(Config())
    try:
        app.services.stack.reset(open_table(app.services, "oregon", _seats("oregon"), 2))
        _run(app, 5)
        app.services.settings.music_volume = 0.3
        app.services.audio.apply_volumes()
        _run(app, 2)
        assert app.services.audio.music.wanted == "oregon"
        assert app.services.audio.music.playing is None
    finally:
        app.close()


def test_a_missing_theme_file_is_logged_once_and_silent(tmp_path, monkeypatch, caplog):
    app = _audio_app(mute=True)
    monkeypatch.setattr(music, "MUSIC_DIR", tmp_path)
    player = Music(enabled=True, gain=0.5)
    try:
        with caplog.at_level(logging.WARNING, logger="game.ui.music"):
            player.update("oregon")
            assert player._loader is not None
            player._loader.join(30)  # the load fails on the worker thread
            player.update("oregon")
            assert "oregon" in player._failed
            for _ in range(5):
                player.update("oregon")
            player.update("no-such-theme")
        assert player.playing is None and player.wanted == "no-such-theme"
        lines = [r.getMessage() for r in caplog.records]
        assert sum("oregon.ogg" in line for line in lines) == 1
        assert sum("no-such-theme" in line for line in lines) == 1
    finally:
        player.close()
        app.close()
