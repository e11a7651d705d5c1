"""The on-screen keyboard: how a game controller types into a text field (an address, a
table code, a chat line, a player's name, a seed).

A on a focused ``TextField`` of any menu screen opens it (``MenuScene`` does; the field's
own screen stays beneath, dimmed).  It is a grid of keys, each a button of the house: the
d-pad or the left stick moves over it (off one edge, on at the other), A types the key under
the focus into the field at once, B erases the last character (and closes the keyboard
when there is nothing left to erase), X is Shift (the next letter in capitals), Y types a
space and Start closes it, as Done does.  A key the field takes no character of (a letter
in a port number, an accent in a table code) is greyed out and skipped.  The mouse clicks
keys and a keyboard types as in the field itself (Esc closes).

The keys are the digits, the letters, what an address needs (``. : / -``), some
punctuation, and the accented letters of Italian, Spanish and French (and a few more for
names); the grid is ``COLUMNS`` keys wide and fits the canvas at every text size.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import N_, _
from game.scenes.menu import MenuScene
from game.ui import intents as I
from game.ui import theme
from game.ui.rows import TextField
from game.ui.widgets import Button, Widget

ROWS = (
    "1234567890-/:",
    "qwertyuiop.@_",
    "asdfghjkl',!?",
    "zxcvbnmñç¿¡;&",
    "àáâäæèéêëìíîï",
    "òóôöœùúûüÿ()+",
)
COLUMNS = 13
# the last row: (key, label, columns it spans)
SHIFT, SPACE, ERASE, DONE = "shift", "space", "erase", "done"
LAST_ROW = (
    # Translators: the on-screen keyboard's keys (a controller types with it)
    (SHIFT, N_("Shift"), 2),
    (SPACE, N_("Space"), 6),
    (ERASE, N_("Erase"), 2),
    (DONE, N_("Done"), 3),
)
KEY_SIZE = (100, 76)  # at 100 % text; grows with it up to ``GROWTH``
GROWTH = 1.3
GAP = 10
MARGIN = 30


def open_keyboard(services, field: TextField) -> None:
    """Put the keyboard over the screen, typing into ``field``."""
    services.stack.push(PadKeyboard(services, field))


class Key(Button):
    """A character's key: named by its character (a focus that stays on it stays armed),
    it reads that character in capitals while Shift is on."""

    def __init__(self, rect, char: str, on_type: Callable[[str], None],
                 capitals: Callable[[], bool], *, enabled: bool) -> None:
        super().__init__(rect, char, lambda: on_type(self.face_label), key=f"key:{char}",
                         enabled=enabled, sound=None)  # the field ticks as it takes it
        self.capitals = capitals

    @property
    def face_label(self) -> str:
        return self.label.upper() if self.capitals() else self.label


class PadKeyboard(MenuScene):
    opaque = False
    dim = 120

    def __init__(self, services, field: TextField) -> None:
        self.field = field
        self.shift = False
        self._shift_key: Button | None = None
        super().__init__(services)

    # --- layout ---------------------------------------------------------------------------------
    def size_panels(self) -> None:
        self._key = (theme.scaled(KEY_SIZE[0], cap=GROWTH), theme.scaled(KEY_SIZE[1], cap=GROWTH))
        self._box_h = theme.line_height(theme.BODY_SIZE, bold=True) + 28
        self._hint_h = theme.line_height(theme.SMALL_SIZE) + 8
        kw, kh = self._key
        width = COLUMNS * kw + (COLUMNS - 1) * GAP + 2 * MARGIN
        rows = len(ROWS) + 1
        height = MARGIN + self._box_h + 20 + rows * kh + (rows - 1) * GAP + 14 + self._hint_h \
            + MARGIN - 10
        self.panel_rect = pygame.Rect(0, 0, width, height)
        self.panel_rect.midbottom = (theme.CANVAS_SIZE[0] // 2, theme.CANVAS_SIZE[1] - 10)

    @property
    def text_box(self) -> pygame.Rect:
        """Where the field's text shows (the field itself may be under the keyboard)."""
        p = self.panel_rect
        return pygame.Rect(p.x + MARGIN, p.y + MARGIN, p.width - 2 * MARGIN, self._box_h)

    def key_rect(self, row: int, column: int, span: int = 1) -> pygame.Rect:
        kw, kh = self._key
        x = self.panel_rect.x + MARGIN + column * (kw + GAP)
        y = self.text_box.bottom + 20 + row * (kh + GAP)
        return pygame.Rect(x, y, span * kw + (span - 1) * GAP, kh)

    def build(self) -> None:
        add, field = self.group.add, self.field
        for r, chars in enumerate(ROWS):
            for c, ch in enumerate(chars):
                add(Key(self.key_rect(r, c), ch, self.type, lambda: self.shift,
                        enabled=field.fits(ch) or field.fits(ch.upper())))
        actions = {SHIFT: self.toggle_shift, SPACE: lambda: self.type(" "),
                   ERASE: self.erase, DONE: self.back}
        column = 0
        for key, label, span in LAST_ROW:
            button = Button(self.key_rect(len(ROWS), column, span), _(label), actions[key],
                            key=key, primary=key == DONE or (key == SHIFT and self.shift),
                            sound=None if key in (DONE, SPACE) else "tick",
                            enabled=key != SPACE or field.fits(" "))
            add(button)
            if key == SHIFT:
                self._shift_key = button
            column += span
        first = next((w for w in self.group.widgets if w.can_focus), None)
        self.group.focus(first)

    def draw_static(self, surface: pygame.Surface) -> None:
        p = self.panel_rect
        theme.draw_panel(surface, p)
        hint = theme.fit_text(_("A types · B erases · X Shift · Y space · Start: done"),
                              theme.SMALL_SIZE, p.width - 2 * MARGIN, theme.INK_SOFT)
        surface.blit(hint, hint.get_rect(midbottom=(p.centerx, p.bottom - MARGIN + 10)))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_text(surface)

    def draw_text(self, surface: pygame.Surface) -> None:
        """The field's name and what it holds, with the caret at its end."""
        box, field = self.text_box, self.field
        surface.blit(theme.panel(box.size, (255, 252, 244), 14, theme.ACCENT), box)
        name = field.label or field.placeholder
        label = theme.fit_text(name, theme.SMALL_SIZE, box.width // 3, theme.INK_SOFT)
        surface.blit(label, label.get_rect(midleft=(box.x + 20, box.centery)))
        left = box.x + 20 + (label.get_width() + 24 if name else 0)
        room = box.right - 30 - left
        t = theme.text(field.text or " ", theme.BODY_SIZE, theme.INK, bold=True)
        if t.get_width() > room:  # the end of a long text, where the caret is
            t = t.subsurface(pygame.Rect(t.get_width() - room, 0, room, t.get_height()))
        r = surface.blit(t, t.get_rect(midleft=(left, box.centery)))
        x = r.right + 3 if field.text else left
        pygame.draw.line(surface, theme.INK, (x, box.centery - 18), (x, box.centery + 18), 3)

    # --- what the keys do ----------------------------------------------------------------------
    def type(self, text: str) -> None:
        self.field.type(text)
        if text != " ":
            self.set_shift(False)

    def erase(self) -> None:
        self.field.set_text(self.field.text[:-1])

    def toggle_shift(self) -> None:
        self.set_shift(not self.shift)

    def set_shift(self, on: bool) -> None:
        """Shift on (the next letter in capitals; its key lit) or off."""
        self.shift = on
        if self._shift_key is not None:
            self._shift_key.primary = on

    # --- the frame -----------------------------------------------------------------------------
    def handle(self, intent: I.Intent) -> bool:
        k = intent.kind
        if k == I.BACK and intent.source == I.PAD and self.field.text:
            self.erase()
            return True
        if k == I.MENU:
            self.back()
            return True
        if k == I.KEY and intent.key in ("pad_x", "pad_y"):
            (self.toggle_shift if intent.key == "pad_x" else lambda: self.type(" "))()
            return True
        if k in (I.TEXT, I.KEY) and self.field.handle(intent):
            return True  # a keyboard types, erases and pastes as in the field
        if k == I.CONFIRM and intent.key == pygame.K_SPACE:
            return True  # the space bar's space comes as text
        if k == I.MOVE:
            return self.group.handle(intent) or self.wrap(intent.dx, intent.dy)
        return super().handle(intent)

    def wrap(self, dx: int, dy: int) -> bool:
        """Off one edge of the grid, on at the other: the farthest key the other way in
        the focus's row (or column)."""
        cur = self.group.focused
        if cur is None:
            return False

        def in_line(w: Widget) -> bool:
            if dx:
                return w.rect.top < cur.rect.bottom and cur.rect.top < w.rect.bottom
            return w.rect.left < cur.rect.right and cur.rect.left < w.rect.right

        line = [w for w in self.group.widgets if w.can_focus and w is not cur and in_line(w)]
        if not line:
            return False
        edge = (min if (dx or dy) > 0 else max)(
            line, key=lambda w: w.rect.centerx if dx else w.rect.centery)
        self.group.focus(edge)
        self.services.audio.play("tick")
        return True
