"""Sound for the scenes: effects and music at the player's volumes, silent without a device.

``Audio.play(name, volume)`` plays ``assets.sound(name)`` at
``volume * effects_volume * master_volume``; an unknown name or a missing sound is quiet.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game import assets
from game.settings import Settings

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
    def __init__(self, settings: Settings, enabled: bool, muted: bool = False):
        self.settings = settings
        self.enabled = enabled  # a device is open
        self.muted = muted
        self._sounds: dict[str, Any] = {}
        self._music: str | None = None

    @property
    def effects_gain(self) -> float:
        return 0.0 if self.muted else self.settings.master_volume * self.settings.effects_volume

    @property
    def music_gain(self) -> float:
        return 0.0 if self.muted else self.settings.master_volume * self.settings.music_volume

    def _sound(self, name: str):
        if name not in self._sounds:
            loader = getattr(assets, "sound", None)
            snd = None
            if loader is not None:
                try:
                    snd = loader(name)
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

    def play_music(self, path: str, loops: int = -1) -> None:
        """Loop a music file (path from the package's sounds folder) at the music volume."""
        if not self.enabled or path == self._music:
            return
        try:
            pygame.mixer.music.load(str(assets.SOUNDS_DIR / path))
            pygame.mixer.music.set_volume(self.music_gain)
            pygame.mixer.music.play(loops, fade_ms=800)
            self._music = path
        except (pygame.error, FileNotFoundError) as exc:
            log.info("Music %s unavailable: %s", path, exc)

    def stop_music(self, fade_ms: int = 500) -> None:
        if self.enabled and self._music is not None:
            pygame.mixer.music.fadeout(fade_ms)
            self._music = None

    def set_muted(self, muted: bool) -> None:
        self.muted = muted
        self.apply_volumes()

    def apply_volumes(self) -> None:
        """Call after volumes change; effects pick theirs up on the next ``play``."""
        if self.enabled and self._music is not None:
            pygame.mixer.music.set_volume(self.music_gain)
