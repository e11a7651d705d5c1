"""Input routing of a table: the keys every table knows (pause, rules, undo), the game log,
pointer moves and clicks, and keyboard / pad focus over the scene's targets and board.

The router works through the table's methods, so a game's table may override any step
(``table_intent`` for its own keys, ``click``, ``right_click``, ``on_back``...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import intents as I

if TYPE_CHECKING:  # the scene imports this module
    from game.scenes.table.scene import SharedTable

NAV_KINDS = (I.NEXT, I.PREV, I.MOVE, I.CONFIRM)


def is_undo_key(intent: I.Intent) -> bool:
    """U, Ctrl+Z, Backspace or pad Y."""
    if intent.kind != I.KEY:
        return False
    key = intent.key
    return key in (pygame.K_u, pygame.K_BACKSPACE, "pad_y") or (
        key == pygame.K_z and bool(intent.mod & pygame.KMOD_CTRL))


def is_hint_key(intent: I.Intent) -> bool:
    """H or pad X: "Suggest a move"."""
    return intent.kind == I.KEY and intent.key in (pygame.K_h, "pad_x")


class InputRouter:
    def __init__(self, table: SharedTable) -> None:
        self.table = table

    def handle(self, intent: I.Intent) -> bool:
        t = self.table
        k = intent.kind
        if k == I.BACK:
            return t.on_back()
        if k == I.MENU:  # Start always opens the pause menu; Esc and B first close a card
            t.open_pause()
            return True
        if k == I.KEY and intent.key in (pygame.K_F1, "pad_back"):
            t.open_rules()
            return True
        if t.is_undo_key(intent):
            t.undo()
            return True
        if is_hint_key(intent) and t.hints_offered:
            t.ask_hint()
            return True
        if k in (I.CLICK, I.CONFIRM, I.KEY) and t.looking() and not t.human_can_act:
            t.look_for = None  # done looking: the table passes on
            return True
        if t.table_intent(intent) or t.pointer_input(intent):
            return True
        if k in NAV_KINDS:
            t.keyboard = True
            if not t.human_can_act:
                return True
            return t.navigate(intent)
        return False

    def pointer(self, intent: I.Intent) -> bool:
        """The game log, pointer moves and clicks; True if ``intent`` was taken."""
        t = self.table
        k = intent.kind
        if k == I.CLICK and intent.button == 1 and t.can_undo and intent.pos is not None and \
                t.undo_rect().collidepoint(intent.pos):
            # the button sits over the log, which would take the click for scrolling
            t.keyboard = False
            t.hover = intent.pos
            if not t.control_armed("undo", by_pointer=True):
                return True
            t.focus = "undo"
            t.services.audio.play("click")
            t.undo()
            return True
        if k == I.CLICK and intent.button == 1 and t.hints_offered and intent.pos is not None \
                and t.hint_rect().collidepoint(intent.pos):
            t.keyboard = False  # over the log too, which would take the click
            t.hover = intent.pos
            if not t.control_armed("hint", by_pointer=True):
                return True
            t.focus = "hint"
            t.ask_hint()
            return True
        if t.log.handle(intent):
            return True
        if k == I.POINT:
            t.keyboard = False
            t.hover = intent.pos
            t.hover_cell = self.cell_at(intent.pos)
            return True
        if k == I.CLICK:
            t.keyboard = False
            t.hover = intent.pos
            if intent.button == 3:
                t.right_click()
            elif intent.button == 1:
                t.click(intent.pos)
            return True
        return False

    def click_target(self, pos) -> bool:
        """Use the focus target, or else the board cell, under ``pos``; False if none is."""
        t = self.table
        for key, rect in reversed(t.targets()):
            if key != "board" and rect.collidepoint(pos):
                if not t.control_armed(key, by_pointer=True):
                    return True  # it just appeared under the pointer: not this click
                t.focus = key
                self.use(key)
                return True
        cell = self.cell_at(pos)
        if cell is None:
            return False
        t.cursor = cell
        t.click_cell(cell)
        return True

    def cell_at(self, pos) -> tuple[int, int] | None:
        """The board cell under ``pos``, unless the prompt's panel covers it there (a prompt
        too long for its room grows over the board's edge: a click on it is not a move)."""
        t = self.table
        if t._prompt_style()[0] and t.prompt_box()[0].collidepoint(pos):
            return None
        return t.layout.cell_at(pos)

    def use(self, key: str) -> None:
        """Use the focus target ``key``: "Suggest a move" is the table's, the rest the game's."""
        if key == "hint":
            self.table.ask_hint()
        else:
            self.table.activate(key)

    def navigate(self, intent: I.Intent) -> bool:
        """Next/previous, arrows and confirm over the scene's focus targets."""
        t = self.table
        k = intent.kind
        keys = [key for key, _ in t.targets()]
        if not keys:
            return True
        if t.focus not in keys:
            t.focus = keys[0]
        if k in (I.NEXT, I.PREV):
            i = keys.index(t.focus)
            t.focus = keys[(i + (1 if k == I.NEXT else -1)) % len(keys)]
            if t.focus == "board":
                t._focus_board()
            t.services.audio.play("tick")
        elif k == I.CONFIRM:
            if t.control_armed(t.focus, by_pointer=False):
                self.use(t.focus)
        else:
            t._move(intent.dx, intent.dy, keys)
        return True

    def move(self, dx: int, dy: int, keys: list[str]) -> None:
        """An arrow: the cursor on the board (down off its last row to the strip), or along
        the strip below it (up back to the board unless ``strip_keeps``)."""
        t = self.table
        cols, rows = t.board_size
        if t.focus == "board":
            x, y = t.cursor
            if dy > 0 and y == rows - 1:
                others = [key for key in keys if key != "board"]
                if others:
                    t.focus = others[0]
                return
            t.cursor = (min(cols - 1, max(0, x + dx)), min(rows - 1, max(0, y + dy)))
            t.services.audio.play("tick")
            return
        keeps = t.strip_keeps is not None and t.focus.startswith(t.strip_keeps)
        if dy < 0 and "board" in keys and not keeps:
            t._focus_board()
            return
        strip = [key for key in keys if key != "board"]
        step = (dx or dy) if t.strip_vertical else dx
        if t.focus in strip and step:
            i = strip.index(t.focus)
            t.focus = strip[max(0, min(len(strip) - 1, i + step))]
            t.services.audio.play("tick")
