"""The settings overlay: volumes, fullscreen, animation speed, text size, language and how
long a hard bot thinks.

Changes apply at once (a new text size lays out every scene on the stack again).  They are saved (atomically) half a second after the last change and
again when the overlay closes, so dragging a slider does not write the file sixty times.
"""

from __future__ import annotations

import pygame
from babel.numbers import format_decimal

from game import i18n
from game.i18n import LANGUAGES, _
from game.scenes.menu import MenuScene
from game.settings import ANIMATION_SPEED_RANGE, BOT_SECONDS
from game.ui import layout, theme
from game.ui.rows import Choice, Slider, Toggle, align_rows
from game.ui.widgets import Button

SAVE_DELAY = 0.5
TEXT_SIZES = (1.0, 1.1, 1.25, 1.5)
ROWS, ROW_HEIGHT, ROW_GAP = 8, 80, 4
CONTROL_WIDTH = 440  # the least a row's slider or choice keeps beside the widest label


def _speed_text(v: float) -> str:
    return f"{v:g}×"


def seconds_text(v: float) -> str:
    """"0.5 s", "1 s", written as the player's language writes numbers ("0,5 s")."""
    # Translators: a bot's thinking time in seconds, e.g. "0.5 s" (the number is formatted)
    return _("{seconds} s").format(seconds=format_decimal(v, locale=i18n.language()))


class SettingsScene(MenuScene):
    opaque = False
    dim = 140

    def __init__(self, services):
        self._dirty = 0.0  # seconds until an unsaved change is written; 0 = nothing to save
        super().__init__(services)

    @property
    def row_count(self) -> int:
        return ROWS - 1 if self.services.config.kiosk else ROWS

    def size_panels(self) -> None:
        self._rows_top = 40 + max(110, theme.line_height(theme.H1_SIZE, display=True) + 20)
        self._button_h = theme.scaled(theme.BUTTON_HEIGHT, cap=1.25)
        n = self.row_count
        rows = n * ROW_HEIGHT + (n - 1) * ROW_GAP
        height = self._rows_top + rows + 44 + self._button_h + 40
        labels = max(Choice.label_need(label) for label in self._labels())
        width = max(theme.scaled(1040), labels + theme.scaled(CONTROL_WIDTH) + 100)
        self.panel_rect = layout.centered((min(1800, width), height))

    @staticmethod
    def _labels() -> list[str]:
        """The rows' labels, in the language spoken now (the panel makes room for them)."""
        return [_("Master volume"), _("Music"), _("Effects"), _("Fullscreen (F11)"),
                _("Animation speed"), _("Text size"), _("Language"), _("Bot thinking time")]

    def build(self) -> None:
        s = self.services.settings
        p = self.panel_rect
        top = p.y + self._rows_top
        rows: list[pygame.Rect | None] = list(layout.column(
            (p.centerx, top), (p.width - 100, ROW_HEIGHT), self.row_count, ROW_GAP))
        if self.services.config.kiosk:
            rows.insert(3, None)  # no Fullscreen row: a kiosk stays fullscreen
        add = self.group.add
        add(
            Slider(
                rows[0],
                _("Master volume"),
                s.master_volume,
                on_change=self._setter("master_volume"),
                key="master",
            )
        )
        add(
            Slider(
                rows[1],
                _("Music"),
                s.music_volume,
                on_change=self._setter("music_volume"),
                key="music",
            )
        )
        add(Slider(rows[2], _("Effects"), s.effects_volume, on_change=self._effects, key="effects"))
        if rows[3] is not None:
            add(Toggle(rows[3], _("Fullscreen (F11)"), self.services.fullscreen,
                       on_change=self._fullscreen, key="fullscreen"))
        lo, hi = ANIMATION_SPEED_RANGE
        add(
            Slider(
                rows[4],
                _("Animation speed"),
                s.animation_speed,
                lo,
                hi,
                0.25,
                on_change=self._setter("animation_speed"),
                fmt=_speed_text,
                key="speed",
            )
        )
        # Translators: a text size, e.g. "150%" (French writes "150 %")
        sizes = [(k, _("{n}%").format(n=round(k * 100))) for k in sorted({*TEXT_SIZES, s.ui_scale})]
        add(Choice(rows[5], _("Text size"), sizes, s.ui_scale, self._text_size, wrap=False,
                   key="text_size"))
        languages = list(LANGUAGES.items())  # each in its own name: found by who reads it
        add(Choice(rows[6], _("Language"), languages, i18n.language(), self._language,
                   key="language"))
        thinking = [(v, seconds_text(v)) for v in BOT_SECONDS]
        add(Choice(rows[7], _("Bot thinking time"), thinking, s.bot_seconds,
                   self._bot_seconds, wrap=False, key="bot_seconds"))
        align_rows(self.group.widgets)  # sliders, toggle and choice start on one line
        done = pygame.Rect(0, 0, 320, self._button_h)
        done.midbottom = (p.centerx, p.bottom - 40)
        add(Button(done, _("Done"), self.back, primary=True, key="done"))

    def _setter(self, name: str):
        def set_value(value: float) -> None:
            setattr(self.services.settings, name, value)
            self.services.audio.apply_volumes()
            self._dirty = SAVE_DELAY

        return set_value

    def _text_size(self, value: float) -> None:
        self.services.set_ui_scale(value)
        self._dirty = SAVE_DELAY

    def _language(self, code: str) -> None:
        self.services.set_language(code)
        self._dirty = SAVE_DELAY

    def _bot_seconds(self, value: float) -> None:
        self.services.settings.bot_seconds = value  # the next table's hard bots think so long
        self._dirty = SAVE_DELAY

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
        t = theme.text(_("Settings"), theme.H1_SIZE, theme.INK, display=True)
        surface.blit(t, t.get_rect(midtop=(p.centerx, p.y + 40)))
