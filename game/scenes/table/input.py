"""Input routing of a table: the keys every table knows (pause, rules, undo), the game log,
pointer moves and clicks, and keyboard / pad focus over the scene's targets and board.

The router works through the table's methods, so a game's table may override any step
(``table_intent`` for its own keys, ``click``, ``right_click``, ``on_back``...).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game.engine.messages import N_, P, say
from game.scenes.pause import PauseMenu
from game.scenes.rules_overlay import RulesOverlay
from game.scenes.table import screen
from game.ui import intents as I

if TYPE_CHECKING:  # the scene imports this module
    from game.scenes.table.table import Table

NAV_KINDS = (I.NEXT, I.PREV, I.MOVE, I.CONFIRM)


def is_undo_key(intent: I.Intent) -> bool:
    """U, Ctrl+Z, Backspace or pad Y."""
    if intent.kind != I.KEY:
        return False
    key = intent.key
    return key in (pygame.K_u, pygame.K_BACKSPACE, "pad_y") or (
        key == pygame.K_z and bool(intent.mod & pygame.KMOD_CTRL))


def is_button(key: str) -> bool:
    """Whether the target ``key`` is a button (a slot, Undo, Suggest a move)."""
    return key.startswith("btn") or key in ("undo", "hint")


def is_hint_key(intent: I.Intent) -> bool:
    """H or pad X: "Suggest a move"."""
    return intent.kind == I.KEY and intent.key in (pygame.K_h, "pad_x")


class InputRouter:
    def __init__(self, table: Table) -> None:
        self.table = table

    def handle(self, intent: I.Intent) -> bool:
        t = self.table
        k = intent.kind
        if k == I.BACK:
            return self.on_back()
        if k == I.MENU:  # Start always opens the pause menu; Esc and B first close a card
            self.open_pause()
            return True
        if k == I.KEY and intent.key in (pygame.K_F1, "pad_back"):
            self.open_rules()
            return True
        if is_undo_key(intent):
            t.undo()
            return True
        if is_hint_key(intent) and t.suggest.offered:
            t.suggest.ask()
            return True
        if k in (I.CLICK, I.CONFIRM, I.KEY) and t.seat_change.looking() and not t.human_can_act:
            t.privacy.look_for = None  # done looking: the table passes on
            return True
        if t.controls.table_intent(intent) or self.pointer(intent):
            return True
        if k in NAV_KINDS:
            t.keyboard = True
            if not t.human_can_act:
                return True
            return self.navigate(intent)
        return False

    def pointer(self, intent: I.Intent) -> bool:
        """The game log, pointer moves and clicks; True if ``intent`` was taken."""
        t = self.table
        k = intent.kind
        if k == I.CLICK and intent.button == 1 and t.can_undo and intent.pos is not None and \
                screen.undo_rect(t).collidepoint(intent.pos):
            # the button sits over the log, which would take the click for scrolling
            t.keyboard = False
            t.hover = intent.pos
            if not self.control_armed("undo", by_pointer=True):
                return True
            t.focus = "undo"
            t.services.audio.play("click")
            t.undo()
            return True
        if k == I.CLICK and intent.button == 1 and t.suggest.offered and intent.pos is not None \
                and screen.hint_rect(t).collidepoint(intent.pos):
            t.keyboard = False  # over the log too, which would take the click
            t.hover = intent.pos
            if not self.control_armed("hint", by_pointer=True):
                return True
            t.focus = "hint"
            t.suggest.ask()
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
                t.controls.right_click()
            elif intent.button == 1:
                self.click(intent.pos)
            return True
        return False

    def click_target(self, pos) -> bool:
        """Use the focus target, or else the board cell, under ``pos``; False if none is."""
        t = self.table
        for key, rect in reversed(t.controls.targets()):
            if key != "board" and rect.collidepoint(pos):
                if not self.control_armed(key, by_pointer=True):
                    return True  # it just appeared under the pointer: not this click
                t.focus = key
                self.use(key)
                return True
        cell = self.cell_at(pos)
        if cell is None:
            return False
        t.cursor = cell
        t.controls.click_cell(cell)
        return True

    def cell_at(self, pos) -> tuple[int, int] | None:
        """The board cell under ``pos``, unless the prompt's panel covers it there (a prompt
        too long for its room grows over the board's edge: a click on it is not a move)."""
        t = self.table
        if screen.prompt_style(t)[0] and screen.prompt_box(t)[0].collidepoint(pos):
            return None
        return t.layout.cell_at(pos)

    def use(self, key: str) -> None:
        """Use the focus target ``key``: "Suggest a move" is the table's, the rest the game's."""
        if key == "hint":
            self.table.suggest.ask()
        else:
            self.table.controls.activate(key)

    def navigate(self, intent: I.Intent) -> bool:
        """Next/previous, arrows and confirm over the scene's focus targets."""
        t = self.table
        k = intent.kind
        keys = [key for key, _ in t.controls.targets()]
        if not keys:
            return True
        if t.focus not in keys:
            t.focus = keys[0]
        if k in (I.NEXT, I.PREV):
            i = keys.index(t.focus)
            t.focus = keys[(i + (1 if k == I.NEXT else -1)) % len(keys)]
            if t.focus == "board":
                t.controls.focus_board()
            t.services.audio.play("tick")
        elif k == I.CONFIRM:
            if self.control_armed(t.focus, by_pointer=False):
                self.use(t.focus)
        else:
            self.move(intent.dx, intent.dy, keys)
        return True

    def move(self, dx: int, dy: int, keys: list[str]) -> None:
        """An arrow: the cursor on the board (down off its last row to the strip), or along
        the strip below it (up back to the board unless ``strip_keeps``)."""
        t = self.table
        cols, rows = t.game.board_size
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
        keeps = t.game.strip_keeps is not None and t.focus.startswith(t.game.strip_keeps)
        if dy < 0 and "board" in keys and not keeps:
            t.controls.focus_board()
            return
        strip = [key for key in keys if key != "board"]
        step = (dx or dy) if t.game.strip_vertical else dx
        if t.focus in strip and step:
            i = strip.index(t.focus)
            t.focus = strip[max(0, min(len(strip) - 1, i + step))]
            t.services.audio.play("tick")

    def controls(self) -> list[tuple[str, Hashable, pygame.Rect]]:
        """The buttons on screen (the slots, Undo, Suggest a move), each with what using
        it means now, for ``arming``.  Cards, tokens and cells are what the player points
        at to choose: they are not held."""
        buttons = self.table.controls.buttons()
        return [(key, self.control_meaning(key, buttons), rect)
                for key, rect in self.table.controls.targets() if is_button(key)]

    def control_meaning(self, key: str, buttons: list | None = None) -> Hashable:
        """What using the target ``key`` would do now: a button slot's label and move (a
        new label or move in the slot is a new control); any other target, its key."""
        if key.startswith("btn"):
            buttons = self.table.controls.buttons() if buttons is None else buttons
            i = int(key[3:])
            if i < len(buttons):
                label, action, _enabled, primary = buttons[i]
                return (label, primary, None if callable(action) else action)
        return key

    def control_armed(self, key: str, by_pointer: bool) -> bool:
        """Whether a click (``by_pointer``) or a confirming key may use the target ``key``:
        not one that just appeared, or changed meaning, under the pointer or the focus
        (``game.ui.arming``).  The board's cells are not held."""
        return not is_button(key) or self.table.arming.armed(key, self.control_meaning(key),
                                                       by_pointer)

    def press_button(self, i: int) -> None:
        """Button slot ``i``: its move is tried, its callable called; a disabled one says why."""
        b = self.table.controls.buttons()
        if i >= len(b):
            return
        label, action, enabled, _ = b[i]
        if not enabled or action is None:
            self.table.error(self.table.controls.disabled_reason(label))
        elif callable(action):
            self.table.services.audio.play("click")
            action()
        else:
            self.table.controls.try_button(action)

    def click(self, pos) -> None:
        if self.table.controls.click(pos):
            return
        if not self.table.human_can_act:
            p = self.table.acting
            if p is not None and not self.table.timeline.busy and self.table.seats[p].is_bot:
                self.table.message = say(N_("{player} is playing..."), player=P(p, self.table.names[p]))
                self.table.message_error = False
            return
        if not self.table.input.click_target(pos):
            self.table.controls.click_elsewhere(pos)

    def on_back(self) -> bool:
        """Esc / pad B.  A game may first cancel a half-made move."""
        if self.table.controls.on_back() or self.table.follow.close_recap():
            return True
        self.open_pause()
        return True

    def open_pause(self) -> None:
        # The autosave holds this game once a move was made in it (before that, it still
        # holds whatever was saved earlier).
        saved = self.table.writes_autosave and bool(self.table.session.moves)
        self.table.services.stack.push(PauseMenu(
            self.table.services, self.table.game_id, self.table.services.to_title, saved=saved,
            lesson=self.table.coach is not None, **self.table.pause_items))

    def open_rules(self) -> None:
        self.table.services.stack.push(RulesOverlay(self.table.services, self.table.game_id))
