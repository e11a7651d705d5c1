"""Sound for the scenes: effects and music at the player's volumes, silent without a device.

``Audio.play(name, volume)`` plays ``assets.sound(name)`` at
``volume * effects_volume * master_volume``; an unknown name or a missing sound is quiet.
``Audio.music`` (``game.ui.music.Music``; ``StreamedMusic`` in demo games and kiosks: ``quiet``)
plays the theme the scenes name, at ``music_volume * master_volume`` (less when ``quiet``).
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game import assets
from game.settings import Settings
from game.ui.music import ATTRACT_LEVEL, Music, StreamedMusic

log = logging.getLogger(__name__)


def start_mixer() -> bool:
    """Open the audio device.  Without one, log ONE line and return False: the game runs silent."""
    try:
        pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        pygame.mixer.set_num_channels(24)
        return True
    except pygame.error as exc:
        log.warning("No audio device (%s): Landgrab runs silent", str(exc).strip() or "unknown")
        return False


class Audio:
    def __init__(self, settings: Settings, enabled: bool, muted: bool = False,
                 quiet: bool = False):
        self.settings = settings
        self.enabled = enabled  # a device is open
        self.muted = muted
        self.quiet = quiet  # demo games and kiosks: the music plays softer
        self._sounds: dict[str, Any] = {}
        # demo games and kiosks run for days: their music streams rather than being decoded
        self.music: Music | StreamedMusic = (StreamedMusic if quiet else Music)(
            enabled, self.music_gain)

    @property
    def effects_gain(self) -> float:
        return 0.0 if self.muted else self.settings.master_volume * self.settings.effects_volume

    @property
    def music_gain(self) -> float:
        if self.muted:
            return 0.0
        level = self.settings.master_volume * self.settings.music_volume
        return level * ATTRACT_LEVEL if self.quiet else level

    def _sound(self, name: str):
        if name not in self._sounds:
            snd = None
            try:
                snd = assets.sound(name)
            except Exception as exc:  # noqa: BLE001 - a missing sound is never fatal
                log.debug("Sound %r unavailable: %s", name, exc)
            self._sounds[name] = snd
        return self._sounds[name]

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play an effect by name; quiet when muted, without a device, or for unknown names."""
        gain = self.effects_gain * volume
        if not self.enabled or gain <= 0:
            return
        snd = self._sound(name)
        if snd is None:
            return
        channel = snd.play()
        if channel is not None:
            channel.set_volume(min(1.0, gain))

    def set_muted(self, muted: bool) -> None:
        self.muted = muted
        self.apply_volumes()

    def apply_volumes(self) -> None:
        """Call after volumes change: the music follows at once; effects pick theirs up on
        the next ``play``."""
        self.music.set_gain(self.music_gain)
