"""The screen parts every table draws alike: the prompt panel and what it says, the button
slots, the banner, the focus ring, the log with its Undo and "Suggest a move" buttons and
recap card, and the board cells a log line names.  Each is a function of the table; a
game's renderer calls the ``draw_*`` ones in its drawing order."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.engine.messages import localized
from game.i18n import _
from game.scenes.table.autosave import SAVE_FAILED
from game.ui import art, theme
from game.ui.table_common import banner_back, focus_ring, log_cell_light, message_panel, prompt_fit

if TYPE_CHECKING:  # the scene imports this module
    from game.scenes.table.table import Table


def waiting_prompt(t: Table) -> str | None:
    """The prompt while the viewer does not choose: the latest message, the game's end,
    who acts now.  None when the viewer acts (the game then says what to do)."""
    if t.seat_change.looking() and not t.human_can_act:
        return i18n._(t.game.look_prompt)
    if t.message and (t.message_time > 0 or not t.message_error):
        return shown_message(t)
    p = t.acting
    if p is None:
        return i18n._("The game is over.")
    if not t.human_can_act:
        if t.timeline.busy:
            return ""
        if t.seats[p].is_bot:
            return i18n._("{player} is thinking...").format(player=t.names[p])
        return i18n._("Waiting for {player}.").format(player=t.names[p])
    return None


def shown_message(t: Table) -> str:
    """The latest message (a refusal, what just happened) in the player's language: a
    ``Sentence`` is rendered again after a change of language."""
    return localized(t.message, t.names, i18n.language())


def prompt_line(t: Table) -> str:
    """The prompt as the panel shows it: just after an undo, "Taken back." and then what
    to do again; while a suggestion is worked out or shown, what it says."""
    if t.coach is not None and t.coach.reading:
        return i18n._("Read what the coach says, then press Continue.")
    if t.hints.thinking and t.suggest.offered:
        return i18n._("Looking for a good move...")
    hint = t.suggest.hint
    if hint is not None:
        return hint.line()
    text = localized(t.controls.prompt(), t.names, i18n.language())
    if t.taken_back_time > 0 and text:
        return i18n._("Taken back. {prompt}").format(prompt=text)
    return text


def prompt_style(t: Table) -> tuple[str, bool, bool, pygame.Surface | None]:
    """What the prompt panel shows now: (text, error?, bold?, icon or None)."""
    text = prompt_line(t)
    err = t.message_error and t.message_time > 0
    bold = bool(t.message_error if t.game.prompt_bold_after_error else err)
    icon = None if err or not text else t.game.message_icon()
    return text, err, bold, icon


def prompt_box(t: Table) -> tuple[pygame.Rect, int, list[str], int]:
    """The prompt panel as drawn now and its text: (rect, px, lines, step).  The panel keeps
    its bottom edge and grows upwards for a long prompt or a large text size."""
    text, _err, bold, icon = prompt_style(t)
    r = t.layout.message_rect
    width = r.w - 32 - (90 if icon is not None else 0)
    px, lines, step, height = prompt_fit(text, width, r.h, bold, theme.ui_scale(),
                                         t.layout.prompt_room)
    return pygame.Rect(r.x, r.bottom - height, r.w, height), px, lines, step


def draw_message(t: Table, surface: pygame.Surface) -> None:
    """The prompt, or the latest message, in its panel; red while an error shows."""
    text, err, bold, icon = prompt_style(t)
    if not text:
        return
    r, px, lines, step = prompt_box(t)
    surface.blit(message_panel(r.size, err), r)
    if icon is not None:
        surface.blit(icon, icon.get_rect(midright=(r.right - 14, r.centery)))
    colour = theme.ERROR if err else theme.INK
    y = r.y + (r.h - step * len(lines)) // 2
    for line in lines:
        surface.blit(theme.text(line, px, colour, bold, fixed=True), (r.x + 16, y))
        y += step


def draw_buttons(t: Table, surface: pygame.Surface) -> None:
    """The button slots (the focus ring is drawn last, over everything, by ``draw_focus``)."""
    for i, (label, action, enabled, primary) in enumerate(t.controls.buttons()):
        r = t.layout.button_rect(i)
        if enabled and t.coach is not None and t.coach.refuses_button(action):
            enabled = False  # a move the lesson's step does not want now: shown unlit
        hot = t.hover is not None and r.collidepoint(t.hover) and not t.keyboard
        state = "disabled" if not enabled else ("hover" if hot else "normal")
        if t.keyboard and t.focus == f"btn{i}" and enabled:
            state = "focus"
        surface.blit(art.button_surface(r.size, label, state,
                                        "primary" if primary else "secondary"), r)


def draw_focus(t: Table, surface: pygame.Surface) -> None:
    """The suggested move, and the focus ring on the focused thing outside the board (the
    board has its cursor)."""
    t.suggest.draw(surface)
    if t.keyboard and t.focus != "board":
        rect = dict(t.controls.targets()).get(t.focus)
        if rect is not None:
            focus_ring(surface, rect)


def draw_banner(t: Table, surface: pygame.Surface) -> None:
    """The banner, the autosave's notice, the turn's banner, and over them a lesson's
    coach: every table draws this last."""
    draw_banner_line(t, surface)
    draw_save_notice(t, surface)
    if not t.game.cue_waits():  # an overlay of the game's is up: the banner gives way
        t.turn_banner.draw(surface, t.layout.board_rect)
    if t.coach is not None:
        t.coach.draw(surface)


def draw_banner_line(t: Table, surface: pygame.Surface) -> None:
    """The banner line over the board's top, while its time runs."""
    if t.banner_time <= 0 or not t.banner:
        return
    s = theme.shadowed_text(t.banner, 44, (255, 236, 170), display=True)
    board = t.layout.board_rect
    r = s.get_rect(center=(board.centerx, board.y + t.game.banner_y))
    surface.blit(banner_back((r.w + 40, r.h + 4)), r.inflate(40, 4))
    surface.blit(s, r)


SAVE_NOTICE_WIDTH = 820  # the autosave notice's widest, over the board's foot
SAVE_NOTICE_MARGIN = 24  # between the notice and the board's edges


def save_notice_box(t: Table) -> tuple[pygame.Rect, int, list[str], int] | None:
    """The autosave notice as drawn now, over the foot of the board (where it hides no
    prompt, button or banner): (rect, px, lines, step); None when none shows."""
    if t.save_notice is None or t.save_notice_time <= 0:
        return None
    text = localized(t.save_notice, t.names, i18n.language())
    board = t.layout.board_rect
    w = min(SAVE_NOTICE_WIDTH, board.w - 2 * SAVE_NOTICE_MARGIN)
    px, lines, step, h = prompt_fit(text, w - 32, 112, True, theme.ui_scale())
    r = pygame.Rect(0, 0, w, h)
    r.midbottom = (board.centerx, board.bottom - SAVE_NOTICE_MARGIN)
    return r, px, lines, step


def draw_save_notice(t: Table, surface: pygame.Surface) -> None:
    """What the table says about the autosave: red while it fails."""
    box = save_notice_box(t)
    if box is None:
        return
    r, px, lines, step = box
    err = t.save_notice is SAVE_FAILED
    surface.blit(message_panel(r.size, err), r)
    y = r.y + (r.h - step * len(lines)) // 2
    for line in lines:
        surface.blit(theme.text(line, px, theme.ERROR if err else theme.INK, True, fixed=True),
                     (r.x + 16, y))
        y += step


UNDO_SIZE = (180, 56)  # the Undo button, wider when its label needs it


def undo_label() -> str:
    return _("Undo (U)")


@lru_cache(maxsize=16)
def undo_width(label: str, scale: float) -> int:
    """The Undo button's width: its label whole at the size the button draws it (``scale``:
    the cache key of the text size)."""
    h = UNDO_SIZE[1]
    px = min(theme.scaled(round(h * 0.46)), round(h * 0.6))  # as art.button_surface
    need = math.ceil(theme.font(px, display=True, fixed=True).size(label)[0] / 0.86) + 4
    return max(UNDO_SIZE[0], need)


def undo_rect(t: Table) -> pygame.Rect:
    """The Undo button: the top right corner of the log (under what holds its panel's top,
    ``Table.log_head``), which fills from the bottom."""
    log_rect = t.layout.log_rect
    w = undo_width(undo_label(), theme.ui_scale())
    return pygame.Rect(log_rect.right - 16 - w, log_rect.y + t.log_head + 12, w, UNDO_SIZE[1])


def hint_label(thinking: bool) -> str:
    return _("Thinking...") if thinking else _("Suggest a move (H)")


def hint_rect(t: Table) -> pygame.Rect:
    """"Suggest a move": the top left corner of the log, beside Undo."""
    log_rect = t.layout.log_rect
    w = undo_width(hint_label(False), theme.ui_scale())
    return pygame.Rect(log_rect.x + 16, log_rect.y + t.log_head + 12, w, UNDO_SIZE[1])


def draw_hint_button(t: Table, surface: pygame.Surface) -> None:
    r = hint_rect(t)
    thinking = t.hints.thinking
    focused = t.keyboard and t.focus == "hint"
    hot = not t.keyboard and t.hover is not None and r.collidepoint(t.hover)
    state = "disabled" if thinking else "focus" if focused else ("hover" if hot else "normal")
    surface.blit(art.button_surface(r.size, hint_label(thinking), state, "secondary"), r)
    if focused:
        focus_ring(surface, r)


def draw_log(t: Table, surface: pygame.Surface) -> None:
    """The game log, and over its top the Suggest a move button while a human chooses and
    the Undo button when something can be taken back (the log then keeps that strip free);
    the cells the line under the pointer names, lit up; the recap card over it."""
    can_undo = t.can_undo
    hint = t.suggest.offered
    t.log.set_top_inset(undo_rect(t).bottom - t.log.rect.y if can_undo or hint else t.log_head)
    t.log.draw(surface)
    if hint:
        draw_hint_button(t, surface)
    if can_undo:
        draw_undo(t, surface)
    cells = log_cells(t)
    if cells:
        draw_log_cells(t, surface, cells)
    if t.recap_card is not None:
        t.recap_card.draw(surface, recap_area(t))


def recap_area(t: Table) -> pygame.Rect:
    """Where the recap card may go: over the log, under its buttons (left usable), and
    above the game's button slots that reach into it (Oasis' row may, at a large text
    size)."""
    log_rect = t.layout.log_rect
    top = undo_rect(t).bottom + 6
    area = pygame.Rect(log_rect.x, top, log_rect.w, log_rect.bottom - top)
    for slot in getattr(t.layout, "buttons", ()):
        if slot.colliderect(area):
            area.height = max(0, slot.top - 6 - area.top)
    return area


def log_cells(t: Table) -> tuple[tuple[int, int], ...]:
    """The board cells named by the log line under the pointer (from the event's data)."""
    if t.keyboard or t.hover is None:
        return ()
    return t.log.cells_at(t.hover)


def undo_target(t: Table) -> list[tuple[str, pygame.Rect]]:
    """The buttons over the log (for a game's ``targets``): ``("hint", rect)`` while
    "Suggest a move" is offered, ``("undo", rect)`` while the viewer can take something
    back."""
    out = [("hint", hint_rect(t))] if t.suggest.offered else []
    return out + ([("undo", undo_rect(t))] if t.can_undo else [])


def button_rects(t: Table) -> dict[str, pygame.Rect]:
    """Each button slot's rect by its label."""
    return {b[0]: t.layout.button_rect(i) for i, b in enumerate(t.controls.buttons())}


def draw_log_cells(t: Table, surface: pygame.Surface, cells) -> None:
    cols, rows = t.game.board_size
    for x, y in cells:
        if 0 <= x < cols and 0 <= y < rows:
            r = t.layout.cell_rect(x, y)
            surface.blit(log_cell_light(r.size), r)


def draw_undo(t: Table, surface: pygame.Surface) -> None:
    r = undo_rect(t)
    focused = t.keyboard and t.focus == "undo"
    hot = not t.keyboard and t.hover is not None and r.collidepoint(t.hover)
    state = "focus" if focused else ("hover" if hot else "normal")
    surface.blit(art.button_surface(r.size, undo_label(), state, "secondary"), r)
    if focused:
        focus_ring(surface, r)
