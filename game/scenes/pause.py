"""``PauseMenu``: the table's pause overlay (Esc or Start during a game).

    services.stack.push(PauseMenu(services, "oregon", on_quit_to_menu=services.to_title))

Resume, Rules (the game's ``RulesOverlay``), Settings (the shared settings overlay) and Quit to
menu (asks "Leave this game?" first; yes calls ``on_quit_to_menu``); at a lesson's table, Leave
lesson (its place is kept).  ``saved``: the autosave
holds this game, so the question says Continue picks it up; otherwise (a kiosk or demo game,
a game without a move yet) it says the game ends here.  Rules and Settings open
on top of the pause menu, so closing them comes back here.  Esc, pad B, Start and Resume close
it; F1 opens the rules.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import N_, _
from game.registry import GAMES
from game.scenes.confirm import ConfirmScene
from game.scenes.menu import MenuScene
from game.scenes.rules_overlay import RulesOverlay
from game.ui import intents as I
from game.ui import layout, theme
from game.ui.widgets import Button

BUTTON_SIZE = (520, 84)
GAP = 22


class PauseMenu(MenuScene):
    opaque = False
    dim = 150

    def __init__(self, services, game_id: str, on_quit_to_menu: Callable[[], None], *,
                 saved: bool = False, lesson: bool = False,
                 extra: tuple[str, Callable[[], None]] | None = None,
                 leave_note: str | None = None):
        """``extra``: one more item (its label, marked with ``N_``, and what it opens)
        after Rules; ``leave_note``: what leaving means, when it is neither a saved game nor
        a game that ends here (an online table goes on without this player)."""
        self.game_id = game_id
        self.extra = extra
        self.leave_note = leave_note
        self.saved = saved
        self.lesson = lesson  # a lesson's table: "Leave lesson", its place is kept
        self.game_name = GAMES[game_id].name if game_id in GAMES else game_id.title()
        self.on_quit_to_menu = on_quit_to_menu
        super().__init__(services)

    def size_panels(self) -> None:
        self._grow_title = theme.grown(theme.H1_SIZE, display=True)
        self._grow_sub = theme.grown(theme.BODY_SIZE, bold=True)
        self._button = (BUTTON_SIZE[0], theme.scaled(BUTTON_SIZE[1], cap=1.25))
        n = 5 if self.extra is not None else 4
        height = (250 + self._grow_title + self._grow_sub + n * self._button[1] + (n - 1) * GAP
                  + 110
                  + theme.grown(theme.SMALL_SIZE))
        self.panel_rect = layout.centered((theme.scaled(700, cap=1.25), height))

    def build(self) -> None:
        p = self.panel_rect
        top = p.y + 230 + self._grow_title + self._grow_sub
        rects = layout.column((p.centerx, top), self._button, 5 if self.extra else 4, GAP)
        add = self.group.add
        add(Button(rects[0], _("Resume"), self.resume, primary=True, key="resume",
                   sound="back"))
        add(Button(rects[1], _("Rules"), self.open_rules, key="rules"))
        if self.extra is not None:
            label, opens = self.extra
            add(Button(rects.pop(2), _(label), self._opening(opens), key="extra"))
        add(Button(rects[2], _("Settings"), self.services.open_settings, key="settings"))
        add(Button(rects[3], _("Leave lesson") if self.lesson else _("Quit to menu"),
                   self.ask_quit, key="quit"))

    def _opening(self, opens: Callable[[], None]) -> Callable[[], None]:
        """The extra item: the pause menu closes, then it opens."""
        def choose() -> None:
            self.services.stack.remove(self)
            opens()
        return choose

    # --- actions ------------------------------------------------------------------------------
    def resume(self) -> None:
        self.services.stack.remove(self)

    def back(self) -> None:
        self.services.audio.play("back")
        self.resume()

    def open_rules(self) -> None:

        self.services.stack.push(RulesOverlay(self.services, self.game_id))

    def ask_quit(self) -> None:
        if self.lesson:
            self.services.stack.push(ConfirmScene(
                self.services, N_("Leave the lesson?"),
                N_("Your place is kept: Learn to play picks the lesson up at the same step."),
                N_("Leave"), self._quit, N_("Keep learning")))
            return
        self.services.stack.push(
            ConfirmScene(
                self.services,
                N_("Leave this game?"),
                self.leave_note if self.leave_note is not None else
                N_("Your game is saved: Continue on the title screen picks it up where you "
                   "left it.")
                if self.saved else
                N_("This game is not saved: it ends here and you go back to the main menu."),
                N_("Leave"),
                self._quit,
                N_("Keep playing"),
            )
        )

    def _quit(self) -> None:
        self.services.stack.remove(self)
        self.on_quit_to_menu()

    # --- input and drawing ---------------------------------------------------------------------
    def handle(self, intent: I.Intent) -> bool:
        if intent.kind == I.MENU:
            self.back()
            return True
        if intent.kind == I.KEY and intent.key in (pygame.K_F1, "pad_back"):
            self.open_rules()
            return True
        return super().handle(intent)

    def draw_static(self, surface: pygame.Surface) -> None:
        p = self.panel_rect
        theme.draw_panel(surface, p)
        t = theme.fit_text(_("Paused"), theme.H1_SIZE, p.width - 60, theme.INK, display=True)
        surface.blit(t, t.get_rect(midtop=(p.centerx, p.y + 38)))
        sub = theme.text(self.game_name, theme.BODY_SIZE, theme.INK_SOFT, bold=True)
        surface.blit(sub, sub.get_rect(midtop=(p.centerx, p.y + 132 + self._grow_title)))
        hint = theme.fit_text(_("Esc to resume  ·  F1 rules"), theme.SMALL_SIZE, p.width - 60,
                              theme.INK_SOFT)
        surface.blit(hint, hint.get_rect(midbottom=(p.centerx, p.bottom - 34)))
