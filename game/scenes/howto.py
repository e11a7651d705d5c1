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
from game.scenes.demo import CAPTION_INK, AttractScene, blink
from game.ui import players, previews, theme

HOWTO_TIME = 15.0  # seconds a card stays up

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
        self.card = howto_card(game_id)

    @property
    def footer(self) -> str:
        return self._footer or _("Next: a game of {game}").format(game=GAMES[self.game_id].name)

    def on_ui_scale(self) -> None:
        self.card = howto_card(self.game_id)  # its steps, in the language spoken now

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.card, (0, 0))
        w, h = self.services.canvas_size
        # How long until the demo: a thin gold line filling along the bottom.
        k = min(1.0, self.t / self.duration) if self.duration else 1.0
        pygame.draw.rect(surface, (60, 40, 24), (0, h - 8, w, 8))
        pygame.draw.rect(surface, theme.FOCUS, (0, h - 8, round(w * k), 8))
        foot = theme.shadowed_text(
            _("{footer}  ·  Press any key to play").format(footer=self.footer), 44, CAPTION_INK,
            offset=3)
        foot.set_alpha(blink(self.t))
        surface.blit(foot, foot.get_rect(midbottom=(w // 2, h - 28)))
        foot.set_alpha(255)


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

    label = theme.shadowed_text(_("HOW TO PLAY"), 40, (255, 206, 120), display=False, offset=3)
    card.blit(label, label.get_rect(midtop=(w // 2, 34)))
    title = theme.shadowed_text(game.name, 132, theme.ON_TABLE, offset=6)
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
    count = theme.shadowed_text(game.players_text, 44,
                                theme.ON_TABLE, display=False, offset=3)
    card.blit(count, count.get_rect(midtop=(board.centerx, board.bottom + 100)))

    # Right: four numbered steps, big enough to read from a sofa.
    x, y, width = 940, 290, 880
    for n, how in enumerate(game.howto, start=1):
        head, body = _(how.title), _(how.text)
        pygame.draw.circle(card, (30, 18, 8), (x + 42, y + 46), 42)
        pygame.draw.circle(card, NUMBER_FILL, (x + 42, y + 42), 40)
        pygame.draw.circle(card, (255, 214, 150), (x + 42, y + 42), 40, 3)
        num = theme.text(str(n), 52, theme.ACCENT_INK, display=True)
        card.blit(num, num.get_rect(center=(x + 42, y + 44)))
        head_img = theme.shadowed_text(head, 50, STEP_INK, offset=3)
        card.blit(head_img, (x + 104, y - 12))
        ty = y + 58
        for line in theme.wrap(body, 34, width - 110):
            t = theme.shadowed_text(line, 34, STEP_SOFT, display=False, offset=2)
            card.blit(t, (x + 108, ty))
            ty += 40
        y = max(ty, y + 100) + 26
    return card.convert() if pygame.display.get_surface() else card
