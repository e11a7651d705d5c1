"""``MenuScene``: the shared shape of menus and overlays built from widgets.

Subclasses fill ``self.group`` (a FocusGroup) in ``build()`` and paint what never moves in
``draw_static(surface)``; that layer is rendered once and blitted each frame, then the
widgets are drawn over it.  BACK (Esc, pad B) calls ``back()``, which pops the scene.
While another scene covers this one the focus is hidden (call super() when overriding
``on_pause`` / ``on_resume``).
"""

from __future__ import annotations

import pygame

from game.scenes.base import Scene
from game.ui import intents as I
from game.ui import theme
from game.ui.widgets import FocusGroup


class MenuScene(Scene):
    def __init__(self, services):
        super().__init__(services)
        self.group = FocusGroup(play=services.audio.play)
        self._static: pygame.Surface | None = None
        self._static_pos = (0, 0)
        self.size_panels()
        self.build()

    # --- to override ------------------------------------------------------------------------
    def build(self) -> None:
        """Create the widgets (``self.group.add(...)``)."""

    def draw_static(self, surface: pygame.Surface) -> None:
        """Paint what does not move; opaque scenes paint the whole canvas."""
        if self.opaque:
            surface.blit(theme.table_background(), (0, 0))

    def back(self) -> None:
        self.services.audio.play("back")
        self.services.stack.remove(self)

    # --- machinery ----------------------------------------------------------------------------
    def rebuild(self) -> None:
        """Recreate widgets and static layer, keeping focus on the widget with the same key."""
        key = self.group.focused.key if self.group.focused else None
        active = self.group.active
        self.group = FocusGroup(play=self.services.audio.play)
        self._static = None
        self.build()
        self.group.set_active(active)
        if key is not None:
            self.group.focus_key(key)

    def size_panels(self) -> None:
        """Size the panel for the current text size (called before ``build`` and on a change)."""

    def on_ui_scale(self) -> None:
        self.size_panels()
        self.rebuild()

    def invalidate(self) -> None:
        """The static layer must be painted again (e.g. a title changed)."""
        self._static = None

    def on_pause(self) -> None:
        self.group.set_active(False)

    def on_resume(self) -> None:
        self.group.set_active(True)

    def handle(self, intent: I.Intent) -> bool:
        if self.group.handle(intent):
            return True
        if intent.kind == I.BACK:
            self.back()
            return True
        return False

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def static_layer(self) -> pygame.Surface:
        if self._static is None:
            size = self.services.canvas_size
            layer = pygame.Surface(size, 0 if self.opaque else pygame.SRCALPHA)
            if pygame.display.get_surface() is not None:
                layer = layer.convert() if self.opaque else layer.convert_alpha()
            self.draw_static(layer)
            if not self.opaque:  # keep only the painted part: overlays are mostly clear
                box = layer.get_bounding_rect()
                layer = layer.subsurface(box).copy()
                self._static_pos = box.topleft
            self._static = layer
        return self._static

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.group.draw(surface, ring=self.is_top)

    def draw_background(self, surface: pygame.Surface) -> None:
        layer = self.static_layer()
        surface.blit(layer, self._static_pos)
