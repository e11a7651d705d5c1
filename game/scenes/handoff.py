"""``Handoff``: the privacy screen between two players at one screen.

    services.stack.push(Handoff(services, "Blue", 1, "Enter your secret bid", on_continue=...))

It is opaque, so nothing of the table shows: "Pass to Blue" with the player's piece (their
colour and shape), an optional message, and "Press any key or click to continue".  The
message is an English sentence marked ``N_`` (or a ``Sentence``), shown in the player's
language; every word is rendered again when the language changes.  Any click,
key or controller button removes it and then calls ``on_continue``.  ``recap`` (a function
giving ``(seat colour, line)`` pairs, public lines only: everyone sees this screen) adds what
the others did since the player's last turn under the message.  It takes input only once it
has shown ``GRACE`` seconds and ``GRACE`` seconds have passed without input (those of the
table just before it count): a player still clicking or pressing keys after their turn ended,
who has not seen it come up, cannot pass it on; whoever takes the screen does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from game import assets, i18n
from game.engine.messages import localized
from game.scenes.base import Scene
from game.ui import intents as I
from game.ui import players, stillness, theme
from game.ui.glance import below, recap_block
from game.ui.tween import Tween, ease_out_back, ease_out_cubic

GRACE = 0.4  # seconds during which input is ignored
PIECE_SIZE = 300
MESSAGE_WIDTH = 1300  # at 100 %
MESSAGE_WIDTH_MOST = 1700
TITLE_SIZE = 104
TITLE_LEAST = 60
TITLE_W = 1920 - 160  # the widest the title may be

# Intents that continue: clicks, keys and buttons (not pointer moves, wheel or releases).
_CONTINUE = {I.CLICK, I.CONFIRM, I.BACK, I.MENU, I.KEY, I.TEXT, I.ROTATE, I.NEXT, I.PREV}


def _bright(colour: tuple[int, int, int], k: float = 0.35) -> tuple[int, int, int]:
    """The seat colour lifted towards white, to read on the dark screen."""
    r, g, b = (round(c + (255 - c) * k) for c in colour)
    return r, g, b


def message_width() -> int:
    """The message's lines: wider at a larger text size, as far as the screen allows."""
    return min(MESSAGE_WIDTH_MOST, theme.scaled(MESSAGE_WIDTH))


@lru_cache(maxsize=16)
def _title_px(text: str, scale: float) -> int:
    """The title's size: the Text size's, or less when ``text`` (a long name, a long
    language) would not fit across the screen.  ``scale``: the cache key of the text size."""
    px = theme.scaled(TITLE_SIZE)
    while px > TITLE_LEAST and theme.font(px, display=True, fixed=True).size(text)[0] > TITLE_W:
        px -= 2
    return px


class Handoff(Scene):
    opaque = True

    def __init__(
        self,
        services,
        player_name: str,
        colour_index: int,
        message: str = "",
        on_continue: Callable[[], None] | None = None,
        *,
        sound: str | None = None,
        names: Sequence[str] | None = None,
        recap: Callable[[], Sequence[tuple[int, str]]] | None = None,
    ):
        super().__init__(services)
        self.player_name = player_name
        self.colour_index = colour_index
        self.message = message
        self.on_continue = on_continue
        self.sound = sound
        self.names = names  # the seats' names, for a message naming seats
        self.recap = recap
        self.age = 0.0
        # seconds without a click, key or button (from the table's last input)
        self.quiet = services.idle_seconds
        self.ready_for = 0.0  # seconds it has taken input: its prompt fades in over them
        self.done = False
        self.drop = Tween(-1.0, 0.0, 0.55, ease_out_back)
        self.fade = Tween(0.0, 1.0, 0.45, ease_out_cubic, delay=0.1)
        self._static: pygame.Surface | None = None
        self._render_texts()

    def _render_texts(self) -> None:
        self._prompt = theme.shadowed_text(
            i18n._("Press any key or click to continue"),
            theme.BODY_SIZE + 4,
            theme.ON_TABLE,
            display=False,
            offset=3,
        )
        self._texts = self._make_texts()

    def on_ui_scale(self) -> None:
        """A new language or text size: every line is rendered again."""
        self._render_texts()

    # --- input ---------------------------------------------------------------------------------
    @property
    def ready(self) -> bool:
        return self.age >= GRACE and self.quiet >= GRACE

    def handle(self, intent: I.Intent) -> bool:
        k = intent.kind
        pressed = k in _CONTINUE or k == I.MOVE
        if self.done or not self.ready:
            if pressed:
                self.quiet = 0.0  # someone is still at it: wait for a pause
            return True  # swallow: nothing reaches the hidden table
        if k in _CONTINUE or (k == I.MOVE and not intent.repeat):
            self.proceed()
        return True

    def proceed(self) -> None:
        """Close the screen and call ``on_continue`` (once)."""
        if self.done:
            return
        self.done = True
        self.services.audio.play("click")
        self.services.stack.remove(self)
        if self.on_continue is not None:
            self.on_continue()

    def on_enter(self) -> None:
        if self.sound:
            self.services.audio.play(self.sound)

    # --- frame ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.age += dt
        self.quiet += dt
        self.ready_for = self.ready_for + dt if self.ready else 0.0
        self.drop.update(dt)
        self.fade.update(dt)

    def message_text(self) -> str:
        """The message in the player's language."""
        if not self.message:
            return ""
        shown = localized(self.message, self.names, i18n.language())
        return shown if shown is not self.message else i18n._(self.message)

    def _make_texts(self) -> tuple[pygame.Surface, pygame.Surface | None]:
        title = self._title()
        message = None
        text = self.message_text()
        if text:  # wrapped to at most MESSAGE_WIDTH, lines centred
            lines = [
                theme.shadowed_text(line, theme.H2_SIZE, theme.ON_TABLE_SOFT, False, 3)
                for line in theme.wrap(text, theme.H2_SIZE, message_width())
                if line
            ]
            step = theme.font(theme.H2_SIZE).get_linesize()
            pad = lines[0].get_height() - step if lines else 0
            width = max((img.get_width() for img in lines), default=1)
            message = pygame.Surface((width, step * len(lines) + pad), pygame.SRCALPHA)
            for i, img in enumerate(lines):
                message.blit(img, img.get_rect(midtop=(width // 2, i * step)))
        if self.recap is not None:
            message = below(message, recap_block(self.recap(), message_width()))
        return title, message

    def _title(self) -> pygame.Surface:
        """ "Pass to Blue": the sentence in the player's language, the name in the seat's
        colour wherever the language puts it."""
        # Translators: the hand-off screen's title; {player} is shown in the seat's colour
        sentence = i18n._("Pass to {player}")
        before, _mark, after = sentence.partition("{player}")
        colour = players.colour(self.colour_index)
        px = _title_px(sentence.replace("{player}", self.player_name), theme.ui_scale())
        parts = [theme.shadowed_text(text, px, ink, offset=5, fixed=True)
                 for text, ink in ((before, theme.ON_TABLE), (self.player_name, _bright(colour)),
                                   (after, theme.ON_TABLE)) if text]
        # each part carries 15 px of shadow margin each side: they overlap by 30 px
        width = sum(p.get_width() for p in parts) - 30 * (len(parts) - 1)
        title = pygame.Surface((width, max(p.get_height() for p in parts)), pygame.SRCALPHA)
        x = 0
        for p in parts:
            title.blit(p, (x, 0))
            x += p.get_width() - 30
        return title

    def positions(self, h: int) -> tuple[int, int, int, int]:
        """Where things go on a screen ``h`` tall: (piece centre, title centre, message top,
        prompt centre).  The prompt stays below the message however many lines it takes; a
        column that would run off the screen moves up."""
        title, message = self._texts
        title_y = round(h * 0.55)
        message_top = title_y + title.get_height() // 2 + 6
        message_bottom = message_top + (message.get_height() if message is not None else 0)
        half = self._prompt.get_height() // 2
        prompt_y = max(round(h * 0.84), message_bottom + 12 + half)
        shift = max(0, prompt_y + half - (h - 24))
        return round(h * 0.30) - shift, title_y - shift, message_top - shift, prompt_y - shift

    def _static_layer(self, size: tuple[int, int]) -> pygame.Surface:
        if self._static is None:
            w, h = size
            layer = theme.table_background(size).copy()
            layer.fill((70, 62, 56), special_flags=pygame.BLEND_RGB_MULT)
            colour = players.colour(self.colour_index)
            # A soft pool of the player's colour behind the piece: a radial gradient drawn
            # small (concentric rings, alpha falling off smoothly) and scaled up.
            q = 4
            small = pygame.Surface((w // q, h // q), pygame.SRCALPHA)
            cx, cy = w // (2 * q), round(h * 0.30) // q
            radius = 520 // q
            for i in range(radius, 0, -2):
                t = i / radius
                a = round(96 * (1 - t) ** 1.8)
                pygame.draw.circle(small, (*colour, a), (cx, cy), i)
            layer.blit(pygame.transform.smoothscale(small, (w, h)), (0, 0))
            layer.blit(theme.vignette(size, 190), (0, 0))
            # A band in the player's colour along the top and bottom edges.
            band = pygame.Surface((w, 14), pygame.SRCALPHA)
            band.fill((*colour, 210))
            layer.blit(band, (0, 0))
            layer.blit(band, (0, h - 14))
            self._static = layer.convert() if pygame.display.get_surface() else layer
        return self._static

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(self._static_layer((w, h)), (0, 0))
        cx = w // 2
        piece_at, title_at, message_at, prompt_at = self.positions(h)
        piece_y = round(piece_at + 260 * self.drop.value)
        piece = assets.piece(self.colour_index, PIECE_SIZE, shadow=True)
        surface.blit(piece, piece.get_rect(center=(cx, piece_y)))
        a = round(255 * self.fade.value)
        title, message = self._texts
        title.set_alpha(a)
        surface.blit(title, title.get_rect(center=(cx, title_at)))
        title.set_alpha(255)
        if message is not None:
            message.set_alpha(a)
            surface.blit(message, message.get_rect(midtop=(cx, message_at)))
            message.set_alpha(255)
        if self.ready:
            t = self.ready_for
            pulse = 0.72 + 0.28 * stillness.wave(t, 3.2)
            k = min(1.0, t / 0.3)
            self._prompt.set_alpha(round(255 * k * pulse))
            surface.blit(self._prompt, self._prompt.get_rect(center=(cx, prompt_at)))
            self._prompt.set_alpha(255)
