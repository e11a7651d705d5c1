"""Choose a game: one card per registered game (board preview, name, players, pitch), and
under each game that has a lesson, **Learn to play** (its guided first game)."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from game.engine.messages import localized
from game.i18n import _, language
from game.palette import seat_colours
from game.registry import GAMES, GameInfo
from game.scenes.menu import MenuScene
from game.scenes.seat_setup import SeatSetupScene
from game.scenes.table import table_available
from game.ui import intents as I
from game.ui import layout, players, previews, theme
from game.ui.widgets import Button, Widget

CARD_GAP = 56
MAX_CARD_WIDTH = 540
CARD_HEIGHT = 660
PREVIEW_HEIGHT = 300
SEAT_ROW_SPACE = 84  # at the bottom of a card: its row of seat tokens
LEARN_HEIGHT = 64  # "Learn to play" under a card (at 100 % Text size) ...
LEARN_GAP = 16  # ... this far below it: the card's preview gives up that room


def card_height() -> int:
    """A card grows by what its name and player count grow with the text size, so that its
    pitch keeps the room it has at 100 %."""
    return (CARD_HEIGHT + theme.grown(theme.H2_SIZE, display=True)
            + theme.grown(theme.BODY_SIZE, bold=True))


class GameCard(Widget):
    """A big focusable card; its face is rendered once."""

    def __init__(self, rect, game: GameInfo, index: int, on_choose,
                 preview_height: int = PREVIEW_HEIGHT):
        super().__init__(rect, key=game.id)
        self.game = game
        self.preview_height = preview_height
        self.on_choose = on_choose
        self.playable = table_available(game.id)
        self.face = self._render(index)

    def _render(self, index: int) -> pygame.Surface:
        w, h = self.rect.size
        face = theme.panel((w, h)).copy()
        pad = 22
        pw, ph = w - pad * 2, self.preview_height
        preview = previews.map_preview(self.game, (pw, ph), index)
        # Rounded preview: draw it through a rounded mask.
        mask = pygame.Surface((pw, ph), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, pw, ph), border_radius=12)
        rounded = preview.convert_alpha() if pygame.display.get_surface() else preview.copy()
        rounded.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        face.blit(rounded, (pad, pad))
        pygame.draw.rect(face, theme.CREAM_LINE, (pad, pad, pw, ph), 2, border_radius=12)
        y = pad + ph + 22
        name = theme.fit_text(self.game.name, theme.H2_SIZE, w - pad * 2, theme.INK, display=True)
        face.blit(name, name.get_rect(midtop=(w // 2, y)))
        y += name.get_height() + 6
        count = theme.fit_text(
            self.game.players_text, theme.BODY_SIZE, w - pad * 2, theme.ACCENT, bold=True
        )
        face.blit(count, count.get_rect(midtop=(w // 2, y)))
        y += count.get_height() + 16
        room = h - SEAT_ROW_SPACE - y  # the seat tokens sit along the bottom
        px, lines, step = theme.fit_wrap(_(self.game.pitch), theme.SMALL_SIZE, w - pad * 3, room,
                                         leading=2)
        for line in lines:
            t = theme.text(line, px, theme.INK_SOFT, fixed=True)
            face.blit(t, t.get_rect(midtop=(w // 2, y)))
            y += step
        self._draw_seats(face)
        if not self.playable:
            # The rules engine is there but its table is not: say so on the card itself.
            veil = pygame.Surface((w, h), pygame.SRCALPHA)
            veil.fill((250, 244, 230, 150))
            face.blit(veil, (0, 0))
            tag = theme.fit_text(_("Coming in a later version"), theme.SMALL_SIZE, w - pad * 2,
                                 theme.INK, bold=True)
            face.blit(tag, tag.get_rect(center=(w // 2, pad + ph // 2)))
        return face

    def _draw_seats(self, face: pygame.Surface) -> None:
        """One token per seat along the bottom; seats beyond the minimum are faded."""
        w, h = face.get_size()
        n, step = self.game.max_players, 62
        x0 = w // 2 - (n - 1) * step // 2
        for i in range(n):
            token = pygame.Surface((60, 60), pygame.SRCALPHA)
            players.draw_swatch(token, seat_colours(self.game.id)[i], (30, 30), 20)
            if i >= self.game.min_players:
                token.set_alpha(90)
            face.blit(token, token.get_rect(center=(x0 + i * step, h - 50)))

    @property
    def focus_rect(self) -> pygame.Rect:
        return self.rect.move(0, -round(10 * self.hot.value))

    def handle(self, intent: I.Intent) -> bool:
        if intent.kind == I.CONFIRM or self._clicked(intent, self.rect):
            self.bump()
            if not self.playable:
                self.play("error")
                return True
            self.play("click")
            self.on_choose(self.game)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        lift = round(10 * self.hot.value - 6 * self.press.value)
        theme.draw_shadow(surface, self.rect, spread=22, lift=8 + lift, alpha=120)
        surface.blit(self.face, self.rect.move(0, -lift))


def lesson_room(lessons: bool) -> int:
    """What "Learn to play" buttons take from the cards' previews (nothing without lessons):
    the cards keep their top and their words, the buttons end where the cards did."""
    return theme.scaled(LEARN_HEIGHT, cap=1.25) + LEARN_GAP if lessons else 0


def learn_label(services, game_id: str) -> str:
    """"Learn to play", or where the lesson was left when it is in progress."""
    from game.scenes.tutorial.coach import lesson_left_at, resume_label

    left_at = lesson_left_at(services, game_id)
    return resume_label(left_at) if left_at is not None else _("Learn to play")


class GameSelectScene(MenuScene):
    def __init__(self, services, then: Callable[[GameInfo], None] | None = None) -> None:
        """``then(game)``: what choosing a game leads to (hosting it online: no lessons
        then); by default the game's seat setup."""
        self.then = then
        super().__init__(services)

    def build(self) -> None:
        games = list(GAMES.values())
        n = max(1, len(games))
        width = min(MAX_CARD_WIDTH, (1920 - 160 - CARD_GAP * (n - 1)) // n)
        lessons = [g for g in games if g.lesson and table_available(g.id) and self.then is None]
        learn_h = theme.scaled(LEARN_HEIGHT, cap=1.25) if lessons else 0
        room = lesson_room(bool(lessons))
        rects = layout.row((960, 560 - room // 2), (width, card_height() - room), n, CARD_GAP)
        self.problem: str | None = None
        for i, (game, rect) in enumerate(zip(games, rects, strict=True)):
            self.group.add(GameCard(rect, game, i, self.choose, PREVIEW_HEIGHT - room))
            if game in lessons:
                learn = pygame.Rect(rect.x, rect.bottom + LEARN_GAP, rect.width, learn_h)
                self.group.add(Button(learn, learn_label(self.services, game.id),
                                      functools.partial(self.learn, game.id),
                                      key=f"learn_{game.id}"))
        back = pygame.Rect(0, 0, 260, theme.BUTTON_HEIGHT)
        back.bottomleft = (80, 1040)
        self.group.add(Button(back, _("Back"), self.back, key="back", sound=None))

    def choose(self, game: GameInfo) -> None:
        if self.then is not None:
            self.then(game)
            return

        self.services.stack.push(SeatSetupScene(self.services, game.id))

    def learn(self, game_id: str) -> None:
        """Open the game's lesson (where it was left); say why when it cannot open."""
        from game.scenes.tutorial.coach import open_lesson

        problem = open_lesson(self.services, game_id)
        if problem is not None:
            self.problem = localized(problem, [], language())
            self.services.audio.play("error")

    def draw_static(self, surface: pygame.Surface) -> None:
        surface.blit(theme.table_background(), (0, 0))
        title = theme.shadowed_text(_("Choose a game"), theme.H1_SIZE)
        surface.blit(title, title.get_rect(midtop=(960, 40)))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.problem:
            line = theme.fit_text(self.problem, theme.BODY_SIZE, 1500, theme.ERROR, bold=True)
            back = line.get_rect(midbottom=(1100, 1020)).inflate(40, 20)
            theme.draw_panel(surface, back)
            surface.blit(line, line.get_rect(center=back.center))
