"""``MenuScene``: the shared shape of menus and overlays built from widgets.

Subclasses fill ``self.group`` (a FocusGroup) in ``build()`` and paint what never moves in
``draw_static(surface)``; that layer is rendered once and blitted each frame, then the
widgets are drawn over it.  BACK (Esc, pad B) calls ``back()``, which pops the scene.
While another scene covers this one the focus is hidden (call super() when overriding
``on_pause`` / ``on_resume``).  A controller's A on a text field opens the on-screen
keyboard (``pad_types``).

A dialog (a scene that is not opaque, with a ``panel_rect``) that grows with the text size
moves its panel so the control in use stays where it was: under the pointer when the mouse
is on it (e.g. the Text size arrow just clicked), else where the eye last saw the focus.
Once that control is left (the pointer moves off it, the focus goes to another), the panel
is centred again.
"""

from __future__ import annotations

import pygame

from game import i18n
from game.engine.messages import Sentence, localized
from game.i18n import _
from game.scenes.base import Scene
from game.ui import intents as I
from game.ui import theme
from game.ui.focus import FocusGroup
from game.ui.rows import TextField


def shown(text: str) -> str:
    """A text given to a menu or dialog, in the current language: an English sentence marked
    with ``N_`` is looked up now, a ``Sentence`` (``say``) is rendered again in it."""
    if isinstance(text, Sentence):
        return localized(text, None, i18n.language())
    return _(text) if text else text


class MenuScene(Scene):
    panel_rect: pygame.Rect  # dialogs (scenes that are not opaque) set it in ``size_panels``

    def __init__(self, services):
        super().__init__(services)
        # (key, held by the pointer?) of the control the panel was moved to keep in place
        self._held: tuple[str, bool] | None = None
        self.group = FocusGroup(play=services.audio.play)
        self.group.pointer = services.pointer  # a control opening under it waits a moment
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
        pointer, arming = self.group.pointer, self.group.arming
        self.group = FocusGroup(play=self.services.audio.play)
        self.group.pointer, self.group.arming = pointer, arming
        self.group.shown = arming.clock > 0
        self._static = None
        self.build()
        self.group.set_active(active)
        if key is not None:
            self.group.focus_key(key)

    def size_panels(self) -> None:
        """Size the panel for the current text size (called before ``build`` and on a change)."""

    def on_ui_scale(self) -> None:
        anchor = self._anchor()
        self.size_panels()
        self.rebuild()
        if anchor is not None:
            self._keep_anchor(*anchor)

    # --- keeping the control in use in place when a dialog grows ------------------------------
    @staticmethod
    def _anchor_point(widget, pointer) -> tuple[tuple[int, int], tuple[str, int, int]]:
        """A point of ``widget`` to hold still: the pointer, measured from the nearer side of
        the widget's control (a row's label column grows at larger text, its arrows stay at
        the control's ends), or the widget's centre for the keyboard."""
        control = getattr(widget, "control_rect", widget.rect)
        if pointer is None:
            return widget.rect.center, ("center", 0, 0)
        side = "right" if pointer[0] >= control.centerx else "left"
        edge = control.right if side == "right" else control.left
        return pointer, (side, pointer[0] - edge, pointer[1] - control.centery)

    def _anchor(self):
        if self.opaque or getattr(self, "panel_rect", None) is None:
            return None
        w = self.group.focused
        if w is None or w.key is None:
            return None
        pointer = self.group.pointer
        if pointer is not None and not w.rect.collidepoint(pointer):
            pointer = None
        point, how = self._anchor_point(w, pointer)
        return w.key, point, how

    def _keep_anchor(self, key, point, how) -> None:
        w = next((x for x in self.group.widgets if x.key == key), None)
        if w is None:
            return
        side, dx, dy = how
        control = getattr(w, "control_rect", w.rect)
        if side == "center":
            now = w.rect.center
        else:
            now = ((control.right if side == "right" else control.left) + dx,
                   control.centery + dy)
        panel = self.panel_rect
        moved = panel.move(point[0] - now[0], point[1] - now[1]).clamp(
            pygame.Rect((0, 0), self.services.canvas_size))
        if moved.topleft != panel.topleft:
            self.panel_rect = moved
            self._held = (key, side != "center")
            self.rebuild()

    def _release_held(self) -> None:
        """Centre the panel again once the control it was held for is no longer in use."""
        if self._held is None:
            return
        key, by_pointer = self._held
        w = self.group.focused
        pointer = self.group.pointer
        left = w is None or w.key != key or (
            by_pointer and pointer is not None and not w.rect.collidepoint(pointer))
        if left:
            self._held = None
            self.size_panels()
            self.rebuild()

    def on_pause(self) -> None:
        self.group.set_active(False)

    def on_resume(self) -> None:
        self.group.set_active(True)

    def handle(self, intent: I.Intent) -> bool:
        if self.pad_types(intent):
            return True
        if self.group.handle(intent):
            self._release_held()
            return True
        self._release_held()
        if intent.kind == I.BACK:
            self.back()
            return True
        return False

    def pad_types(self, intent: I.Intent) -> bool:
        """A controller's A on a text field opens the on-screen keyboard over this screen
        (``game.scenes.pad_keyboard``)."""
        field = self.group.focused
        if not (intent.kind == I.CONFIRM and intent.source == I.PAD
                and isinstance(field, TextField) and field.enabled):
            return False
        if self.group.armed(field, by_pointer=False):
            from game.scenes.pad_keyboard import open_keyboard  # it is a menu scene too

            open_keyboard(self.services, field)
        return True

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
        if self.services.input_source == I.PAD and self.is_top:
            self.draw_pad_hint(surface)

    def draw_pad_hint(self, surface: pygame.Surface) -> None:
        """"A: keyboard" at the end of the focused text field, for a controller's player."""
        field = self.group.focused
        if not isinstance(field, TextField) or not field.enabled or not field.visible:
            return
        box = field.control_rect.inflate(-16, -16)
        t = theme.text(_("A: keyboard"), theme.SMALL_SIZE, theme.ACCENT_INK, bold=True)
        chip = t.get_rect().inflate(24, 8)
        if chip.width > box.width // 2 or chip.height > box.height:
            return  # no room beside what is typed
        chip.midright = (box.right - 8, box.centery)
        typed = theme.font(theme.BODY_SIZE, bold=True).size(field.text)[0] if field.text else 0
        if box.x + 20 + typed + 12 > chip.left:
            return  # it would cover the end of what is typed
        surface.blit(theme.panel(chip.size, theme.ACCENT, chip.height // 2, None), chip)
        surface.blit(t, t.get_rect(center=chip.center))

    def draw_background(self, surface: pygame.Surface) -> None:
        layer = self.static_layer()
        surface.blit(layer, self._static_pos)
