"""The settings overlay: volumes, fullscreen and animation speed.

Changes apply at once.  They are saved (atomically) half a second after the last change and
again when the overlay closes, so dragging a slider does not write the file sixty times.
"""

from __future__ import annotations

import pygame

from game.scenes.menu import MenuScene
from game.settings import ANIMATION_SPEED_RANGE
from game.ui import layout, theme
from game.ui.widgets import Button, Slider, Toggle

SAVE_DELAY = 0.5


def _speed_text(v: float) -> str:
    return f"{v:g}×"


class SettingsScene(MenuScene):
    opaque = False
    dim = 140

    def __init__(self, services):
        self.panel_rect = layout.centered((1040, 860))
        self._dirty = 0.0  # seconds until an unsaved change is written; 0 = nothing to save
        super().__init__(services)

    def build(self) -> None:
        s = self.services.settings
        p = self.panel_rect
        rows = layout.column((p.centerx, p.y + 150), (p.width - 100, 96), 5, 16)
        add = self.group.add
        add(
            Slider(
                rows[0],
                "Master volume",
                s.master_volume,
                on_change=self._setter("master_volume"),
                key="master",
            )
        )
        add(
            Slider(
                rows[1],
                "Music",
                s.music_volume,
                on_change=self._setter("music_volume"),
                key="music",
            )
        )
        add(Slider(rows[2], "Effects", s.effects_volume, on_change=self._effects, key="effects"))
        add(
            Toggle(
                rows[3],
                "Fullscreen (F11)",
                self.services.fullscreen,
                on_change=self._fullscreen,
                key="fullscreen",
            )
        )
        lo, hi = ANIMATION_SPEED_RANGE
        add(
            Slider(
                rows[4],
                "Animation speed",
                s.animation_speed,
                lo,
                hi,
                0.25,
                on_change=self._setter("animation_speed"),
                fmt=_speed_text,
                key="speed",
            )
        )
        done = pygame.Rect(0, 0, 320, theme.BUTTON_HEIGHT)
        done.midbottom = (p.centerx, p.bottom - 40)
        add(Button(done, "Done", self.back, primary=True, key="done"))

    def _setter(self, name: str):
        def set_value(value: float) -> None:
            setattr(self.services.settings, name, value)
            self.services.audio.apply_volumes()
            self._dirty = SAVE_DELAY

        return set_value

    def _effects(self, value: float) -> None:
        self._setter("effects_volume")(value)

    def _fullscreen(self, on: bool) -> None:
        self.services.set_fullscreen(on)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._dirty > 0:
            self._dirty -= dt
            if self._dirty <= 0:
                self._save()

    def _save(self) -> None:
        self._dirty = 0.0
        self.services.save_settings()

    def on_exit(self) -> None:
        self._save()

    def draw_static(self, surface: pygame.Surface) -> None:
        p = self.panel_rect
        theme.draw_panel(surface, p)
        t = theme.text("Settings", theme.H1_SIZE, theme.INK, display=True)
        surface.blit(t, t.get_rect(midtop=(p.centerx, p.y + 40)))
