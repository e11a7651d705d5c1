"""``HowToScene``: one "how to play" card per game, for the kiosk's attract loop.

    services.stack.reset(HowToScene(services, "oasis", on_done, on_input))

A single screen readable from across a room: the game's name, its board (rendered from the
game's Tiled map, as in the menus), the seat pieces, the player count and four numbered steps
taken from the rules summary (the game's ``GameInfo.howto``).  It stays ``duration`` seconds, then calls ``on_done``; any key,
click or controller button/stick calls ``on_input``.  The scene paints its card when it is
made and drops it when it goes: a full-screen card is 8 MiB, and a kiosk shows one for a few
seconds per round of its loop.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.palette import seat_colours
from game.registry import GAMES
from game.scenes.demo import CAPTION_INK, AttractScene, blink, fitting_px
from game.ui import players, previews, theme

HOWTO_TIME = 15.0  # seconds a card stays up
HEAD_PX, BODY_PX = 50, 34  # a step's bold line and its explanation, at Text size 100 %
HEAD_STEP, BODY_STEP = 58, 40  # px from a step's top to its text, and per line of text
MIN_PX = 24  # no text of the card is made smaller than this to fit
STEPS_BOTTOM = 1000  # the steps end above the footer
FOOT_WIDTH = 1860

STEP_INK = (255, 246, 226)
STEP_SOFT = (232, 218, 192)
NUMBER_FILL = (214, 96, 36)


class HowToScene(AttractScene):
    def __init__(self, services, game_id: str, on_done: Callable[[], None],
                 on_input: Callable[[], None], duration: float = HOWTO_TIME,
                 footer: str | None = None):
        super().__init__(services, on_done, on_input, duration)
        self.game_id = game_id
        self.music = game_id  # a foretaste of the game shown next
        self._footer = footer  # None: the game shown next (in the language spoken then)
        self.on_ui_scale()

    @property
    def footer(self) -> str:
        return self._footer or _("Next: a game of {game}").format(game=GAMES[self.game_id].name)

    def on_ui_scale(self) -> None:
        """The card and its footer in the language and text size of now."""
        self.card = howto_card(self.game_id)
        self._foot = _shadowed_fit(_("{footer}  ·  Press any key to play").format(
            footer=self.footer), theme.scaled(44), FOOT_WIDTH, CAPTION_INK, display=True,
            offset=3)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.card, (0, 0))
        w, h = self.services.canvas_size
        # How long until the demo: a thin gold line filling along the bottom.
        k = min(1.0, self.t / self.duration) if self.duration else 1.0
        pygame.draw.rect(surface, (60, 40, 24), (0, h - 8, w, 8))
        pygame.draw.rect(surface, theme.FOCUS, (0, h - 8, round(w * k), 8))
        foot = self._foot
        foot.set_alpha(blink(self.t))
        surface.blit(foot, foot.get_rect(midbottom=(w // 2, h - 28)))
        foot.set_alpha(255)


def _shadowed_fit(message: str, px: int, width: int, colour, *, display: bool,
                  offset: int) -> pygame.Surface:
    px = fitting_px(message, px, width - offset * 6, display=display, floor=MIN_PX)
    return theme.shadowed_text(message, px, colour, display=display, offset=offset, fixed=True)


def _steps_layout(steps: list[tuple[str, str]], width: int, room: int
                  ) -> tuple[float, list[tuple[str, int, list[str]]]]:
    """How the numbered steps fit ``room`` px of height: the text size (1 = the card's own,
    larger with the Text size setting, smaller when a language runs long) and, per step, its
    head's size in px and its body's lines."""
    k = theme.ui_scale()
    while True:
        body_px, head_px = round(BODY_PX * k), round(HEAD_PX * k)
        laid = []
        for head, text in steps:
            lines = theme.wrap(text, body_px, width, fixed=True)
            laid.append((head, fitting_px(head, head_px, width, display=True, floor=MIN_PX),
                         lines))
        height = sum(_step_height(k, len(lines)) for _h, _px, lines in laid)
        if height <= room or body_px <= MIN_PX:
            return k, laid
        k -= 0.05


def _step_height(k: float, lines: int) -> int:
    return max(round(HEAD_STEP * k) + round(BODY_STEP * k) * lines, round(100 * k)) + 26


def howto_card(game_id: str) -> pygame.Surface:
    """The card's still part (a new surface each call)."""
    game = GAMES[game_id]
    size = theme.CANVAS_SIZE
    w, h = size
    card = pygame.Surface(size)
    # Background: the game's own board, darkened, under the table vignette.
    back = previews.board_picture(game, size)
    back.fill((92, 80, 70), special_flags=pygame.BLEND_RGB_MULT)
    card.blit(back, (0, 0))
    card.blit(theme.vignette(), (0, 0))

    # The heading is big for a room already: it keeps its size (shrunk only to fit).
    label = _shadowed_fit(_("HOW TO PLAY"), 40, w - 200, (255, 206, 120), display=False,
                          offset=3)
    card.blit(label, label.get_rect(midtop=(w // 2, 34)))
    title = _shadowed_fit(game.name, 132, w - 120, theme.ON_TABLE, display=True, offset=6)
    card.blit(title, title.get_rect(midtop=(w // 2, 70)))

    # Left: the board in a frame, the seat pieces and the player count under it.
    board = pygame.Rect(130, 280, 700, 520)
    theme.draw_shadow(card, board, radius=18, spread=26, lift=10, alpha=170)
    pic = previews.board_picture(game, board.size)
    mask = pygame.Surface(board.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=18)
    rounded = pic.convert_alpha() if pygame.display.get_surface() else pic.copy()
    rounded.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    card.blit(rounded, board)
    pygame.draw.rect(card, (250, 226, 170), board.inflate(8, 8), 4, border_radius=22)
    colours = seat_colours(game_id)[: game.max_players]
    step = 84
    x0 = board.centerx - (len(colours) - 1) * step // 2
    for i, colour in enumerate(colours):
        players.draw_swatch(card, colour, (x0 + i * step, board.bottom + 62), 30)
    count = _shadowed_fit(game.players_text, theme.scaled(44, cap=1.2), board.width + 100, theme.ON_TABLE,
                          display=False, offset=3)
    card.blit(count, count.get_rect(midtop=(board.centerx, board.bottom + 100)))

    # Right: four numbered steps, big enough to read from a sofa, as large as the room allows.
    x, y, width = 940, 290, 880
    steps = [(_(how.title), _(how.text)) for how in game.howto]
    k, laid = _steps_layout(steps, width - 110, STEPS_BOTTOM - y)
    r = round(40 * min(k, 1.0))
    for n, (head, head_px, lines) in enumerate(laid, start=1):
        cx, cy = x + 42, y + 42
        pygame.draw.circle(card, (30, 18, 8), (cx, cy + 4), r + 2)
        pygame.draw.circle(card, NUMBER_FILL, (cx, cy), r)
        pygame.draw.circle(card, (255, 214, 150), (cx, cy), r, 3)
        num = theme.text(str(n), round(52 * min(k, 1.0)), theme.ACCENT_INK, display=True,
                         fixed=True)
        card.blit(num, num.get_rect(center=(cx, cy + 2)))
        head_img = theme.shadowed_text(head, head_px, STEP_INK, offset=3, fixed=True)
        card.blit(head_img, (x + 104, y - 12))
        ty = y + round(HEAD_STEP * k)
        body_px = round(BODY_PX * k)
        for line in lines:
            t = theme.shadowed_text(line, body_px, STEP_SOFT, display=False, offset=2,
                                    fixed=True)
            card.blit(t, (x + 108, ty))
            ty += round(BODY_STEP * k)
        y += _step_height(k, len(lines))
    return card.convert() if pygame.display.get_surface() else card
