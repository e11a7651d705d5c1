"""Background music: one calm theme per screen, cross-faded, under the effects.

Scenes only name a theme (``Scene.music``, one of ``THEMES``); each frame the app hands the
theme of the topmost scene that names one to ``Music.update`` (a string comparison when
nothing changed).  The themes are ``music/<name>.ogg``, made by ``tools/make_music.py``.

Why two channels rather than ``pygame.mixer.music``: that streams a single file, so a change
of theme could only fade one out and then the next in, with a gap between.  Here each theme
is a ``Sound`` looping (sample-exact, the files loop seamlessly) on one of two reserved
channels, and a change fades the old channel out while the new one fades in.  The price is
memory: a theme is decoded whole (about 28 MB for its 160 s of 44.1 kHz stereo), so only the theme
playing and the one fading out are kept, and decoding runs on a worker thread (pygame lets go
of the GIL meanwhile) so a scene change never waits for it; the old theme plays on until the
new one is ready.

Demo games and kiosks (``--demo``, ``--kiosk``) use ``StreamedMusic`` instead: the theme streams
from its file through ``pygame.mixer.music`` (a few hundred KiB, not 28 MB per theme and two
during a fade, in a process that runs for days), and a change of theme fades the old one out,
then the new one in: a short gap between them, unheard in an unattended loop.

Levels: the files sit well under the effects (about -22 dBFS); the ``Sound`` volume is the
player's music gain (master x music, ``ATTRACT_LEVEL`` of it in ``--demo`` and ``--kiosk``),
the channel volume is left to SDL's fades.  A gain of 0 (``--mute``, a slider at zero) stops
the music and decodes nothing; raising it starts the wanted theme again.  Without a mixer
nothing is loaded or played; a theme that cannot be loaded is logged once and stays silent.
"""

from __future__ import annotations

import logging
import threading

import pygame

from game import PROJECT_ROOT
from game.registry import GAMES

log = logging.getLogger(__name__)

MUSIC_DIR = PROJECT_ROOT / "music"

#: The themes in music/ (file stems) and where they play (a game without a theme of its
#: own in music/ plays none).
THEMES: dict[str, str] = {
    "title": "the title, menus and seat setup",
    **{g.music: f"{g.name}'s table, replay and how-to card" for g in GAMES.values()
       if (MUSIC_DIR / f"{g.music}.ogg").is_file()},
}

FADE_MS = 1800  # a cross-fade between themes
STOP_MS = 600  # fading out when the music is turned off
ATTRACT_LEVEL = 0.5  # demo games and kiosks play the music this much quieter
CHANNELS = (0, 1)  # reserved: effects never take them


def _warn_unknown(theme: str | None, failed: set[str]) -> None:
    """Log a theme that is not in ``THEMES`` once (``failed`` remembers it)."""
    if theme is not None and theme not in THEMES and theme not in failed:
        log.warning("No music theme %r; playing none", theme)
        failed.add(theme)


class Music:
    """Plays the wanted theme at ``gain``; ``update(theme)`` once per frame."""

    def __init__(self, enabled: bool, gain: float = 1.0):
        self.enabled = enabled  # a mixer is open
        self.gain = gain
        self.wanted: str | None = None  # the theme the screen asks for
        self.playing: str | None = None  # the theme on the live channel (fading in or looping)
        self._live = 0  # index in CHANNELS of the playing theme's channel
        self._sounds: dict[str, pygame.mixer.Sound] = {}  # playing and fading out, at most
        self._failed: set[str] = set()  # unknown themes and those that could not be loaded
        self._loader: threading.Thread | None = None
        self._loaded: tuple[str, pygame.mixer.Sound | None] | None = None  # set by the loader
        if enabled:
            pygame.mixer.set_reserved(len(CHANNELS))

    # --- asked by the app and the settings ----------------------------------------------------
    def update(self, theme: str | None) -> None:
        """The theme the screen wants now (None: silence); picks up a finished load."""
        if self._loaded is not None:
            name, sound = self._loaded
            self._loaded = None
            if sound is None:
                self._failed.add(name)
            else:
                sound.set_volume(self.gain)
                self._sounds[name] = sound
        _warn_unknown(theme, self._failed)
        self.wanted = theme
        self._sync()

    def set_gain(self, gain: float) -> None:
        """The player's music level, 0..1; applies at once to what is playing."""
        self.gain = max(0.0, min(1.0, gain))
        for sound in self._sounds.values():
            sound.set_volume(self.gain)
        self._sync()

    def close(self) -> None:
        """Stop playing and wait for a load in progress (before the mixer is shut down)."""
        if self._loader is not None:
            self._loader.join(timeout=5)
        if self.enabled and pygame.mixer.get_init():
            for index in CHANNELS:
                pygame.mixer.Channel(index).stop()
        self.playing = None
        self._sounds.clear()

    # --- playing ------------------------------------------------------------------------------
    @property
    def audible(self) -> str | None:
        """The theme that should sound now: the wanted one, unless there is no mixer, the gain
        is zero or the theme is unknown or cannot be loaded."""
        if not self.enabled or self.gain <= 0 or self.wanted in self._failed:
            return None
        return self.wanted

    def _sync(self) -> None:
        target = self.audible
        if target == self.playing:
            return
        if target is None:
            self._fade_out(self._channel(self._live), STOP_MS)
            self.playing = None
            return
        sound = self._sounds.get(target)
        if sound is None:
            self._load(target)  # the current theme plays on until this one is ready
            return
        self._cross_fade(target, sound)

    def _cross_fade(self, theme: str, sound: pygame.mixer.Sound) -> None:
        if self.playing is not None:
            self._fade_out(self._channel(self._live), FADE_MS)
        self._live = 1 - self._live
        new = self._channel(self._live)
        new.stop()  # a theme still fading out here ends; stopping also resets a fade's volume
        new.set_volume(1.0)  # the level SDL fades in to; the player's gain is the Sound's
        new.play(sound, loops=-1, fade_ms=FADE_MS)
        keep = {theme, self.playing}
        self._sounds = {name: s for name, s in self._sounds.items() if name in keep}
        self.playing = theme

    @staticmethod
    def _channel(index: int) -> pygame.mixer.Channel:
        return pygame.mixer.Channel(CHANNELS[index])

    @staticmethod
    def _fade_out(channel: pygame.mixer.Channel, ms: int) -> None:
        # SDL ignores a fade-out while a channel's volume is 0, as it is when its fade-in has
        # only just begun: such a channel is silent, so it simply stops.
        if channel.get_volume() > 0:
            channel.fadeout(ms)
        else:
            channel.stop()

    # --- loading ------------------------------------------------------------------------------
    def _load(self, theme: str) -> None:
        """Decode ``theme`` on a worker thread; ``update`` collects it.  One load at a time:
        a theme asked for meanwhile is loaded after it."""
        if self._loader is not None and self._loader.is_alive():
            return
        self._loader = threading.Thread(target=self._decode, args=(theme,),
                                        name=f"music {theme}", daemon=True)
        self._loader.start()

    def _decode(self, theme: str) -> None:
        path = MUSIC_DIR / f"{theme}.ogg"
        try:
            sound = pygame.mixer.Sound(str(path))
        except (pygame.error, OSError) as exc:
            log.warning("Music %s cannot be played: %s", path.name, exc)
            sound = None
        self._loaded = (theme, sound)


class StreamedMusic:
    """``Music`` for demo games and kiosks: the same ``update``, ``set_gain`` and ``close``,
    the wanted theme streamed from its file rather than decoded whole.  A change of theme
    fades the old one out; the new one starts, fading in, once that has ended."""

    def __init__(self, enabled: bool, gain: float = 1.0):
        self.enabled = enabled  # a mixer is open
        self.gain = gain
        self.wanted: str | None = None  # the theme the screen asks for
        self.playing: str | None = None  # the theme streaming (fading in or looping)
        self._fading = False  # the last theme is fading out: the next waits for its end
        self._failed: set[str] = set()  # unknown themes and those that could not be played

    def update(self, theme: str | None) -> None:
        """The theme the screen wants now (None: silence)."""
        _warn_unknown(theme, self._failed)
        self.wanted = theme
        self._sync()

    def set_gain(self, gain: float) -> None:
        """The music level, 0..1; applies at once to what is playing."""
        self.gain = max(0.0, min(1.0, gain))
        if self.enabled:
            pygame.mixer.music.set_volume(self.gain)  # SDL's fades scale this level
        self._sync()

    def close(self) -> None:
        """Stop playing (before the mixer is shut down)."""
        if self.enabled and pygame.mixer.get_init():
            pygame.mixer.music.stop()
            pygame.mixer.music.unload()
        self.playing = None
        self._fading = False

    @property
    def audible(self) -> str | None:
        """The theme that should sound now (as ``Music.audible``)."""
        if not self.enabled or self.gain <= 0 or self.wanted in self._failed:
            return None
        return self.wanted

    def _sync(self) -> None:
        target = self.audible
        if self._fading:
            if pygame.mixer.music.get_busy():
                return
            self._fading = False
        if target == self.playing:
            return
        if self.playing is not None:
            pygame.mixer.music.fadeout(FADE_MS if target is not None else STOP_MS)
            self._fading = True
            self.playing = None
            return
        if target is not None:
            self._start(target)

    def _start(self, theme: str) -> None:
        path = MUSIC_DIR / f"{theme}.ogg"
        try:
            pygame.mixer.music.load(str(path))
        except (pygame.error, OSError) as exc:
            log.warning("Music %s cannot be played: %s", path.name, exc)
            self._failed.add(theme)
            return
        pygame.mixer.music.set_volume(self.gain)
        pygame.mixer.music.play(loops=-1, fade_ms=FADE_MS)
        self.playing = theme
