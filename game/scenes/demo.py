"""Demo games: bots play the three games in turn while a caption invites players in.

    loop = DemoLoop(services)          # ``--demo``: game after game until someone presses a key
    services.stack.reset(*loop.first_scenes())

A demo game is an ordinary table with bots in every seat and a ``DemoOverlay`` on top of it.
The table keeps playing under the overlay (``updates_when_covered``), never writes the
autosave, and tells the overlay when the game is over instead of opening the results screen.
The overlay draws the caption (game, seats, "Press any key to play"), then the final scores
for a few seconds, and calls ``on_done``; any key, click or controller button/stick calls
``on_input`` instead (mouse moves alone do not count: a nudged mouse should not end a demo).

``Playlist`` picks the games in the registry's order (Oregon, Colorado County, Oasis, Oregon...) with seat counts that
vary from one round to the next and seeds from one random generator.  The kiosk's attract loop
(``game.scenes.attract``) uses the same playlist and overlay.
"""

from __future__ import annotations

import logging
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game import assets
from game.i18n import _, ngettext
from game.registry import GAMES
from game.scenes.base import Scene
from game.scenes.results import ResultRow, headline
from game.scenes.table import TableUnavailable, open_table
from game.scenes.title import TitleScene
from game.seats import make_seat
from game.ui import intents as I
from game.ui import players, theme

log = logging.getLogger(__name__)

# The levels of a demo game's seats: one of each in turn, the first seat moving on from
# game to game, so the loop shows every level playing from every place at the table.
DEMO_LEVELS = ("hard", "normal", "easy")
RESULTS_TIME = 8.0  # seconds the final scores stay up before the next game
CAPTION_INK = (255, 236, 170)

# What does not count as "a player wants to play": pointer moves and releases.
_NOT_INPUT = (I.POINT, I.RELEASE)


def interrupts(intent: I.Intent) -> bool:
    """Whether ``intent`` is a player asking to play: a key, click, wheel, button or stick."""
    return intent.kind not in _NOT_INPUT


@dataclass(frozen=True)
class DemoGame:
    game_id: str
    players: int
    seed: int
    first_level: int = 0  # the index in DEMO_LEVELS of the first seat's level

    @property
    def levels(self) -> list[str]:
        """Each seat's bot level."""
        return [DEMO_LEVELS[(self.first_level + i) % len(DEMO_LEVELS)]
                for i in range(self.players)]

    @property
    def name(self) -> str:
        return GAMES[self.game_id].name

    @property
    def caption(self) -> str:
        """The game and its seats, in the current language."""
        return ngettext("{game}  ·  {n} computer player", "{game}  ·  {n} computer players",
                        self.players).format(game=self.name, n=self.players)


class Playlist:
    """The demo games in order: the registered games in turn (``order``: some of them),
    seat counts varying per round."""

    def __init__(self, seed: int | None = None, order: tuple[str, ...] | None = None):
        self.order = tuple(g for g in (GAMES if order is None else order) if g in GAMES)
        self.rng = random.Random(seed)
        self.index = 0

    def peek(self) -> str:
        """The game id of the next demo game."""
        return self.order[self.index % len(self.order)]

    def next(self) -> DemoGame:
        game = GAMES[self.peek()]
        rnd = self.index // len(self.order)
        span = game.max_players - game.min_players + 1
        # Start each game at its largest table, then walk down through the other sizes.
        players_ = game.max_players - (rnd % span)
        self.index += 1
        return DemoGame(game.id, players_, self.rng.randrange(1, 10**6),
                        self.index % len(DEMO_LEVELS))


def open_demo_table(services, demo: DemoGame) -> Scene:
    """The table of ``demo`` with bots in every seat; it never touches the player's autosave.
    Its hard bots search in a fresh worker: one game after another for days, the old one's
    memory would only grow."""

    services.search.recycle()
    seats = [make_seat(demo.game_id, i, "bot", level) for i, level in enumerate(demo.levels)]
    table: Any = open_table(services, demo.game_id, seats, demo.seed, GAMES[demo.game_id]
                       .default_options())
    table.autosave = False
    table.updates_when_covered = True  # it plays on under the caption
    log.info("Demo game: %s, seats %s, seed %d", demo.game_id, ",".join(demo.levels), demo.seed)
    return table


# --- drawing helpers --------------------------------------------------------------------------
SMALLEST = 0.7  # a caption line shrinks to fit its room, down to this share of its size


def fitting_px(message: str, px: int, width: int, *, bold: bool = False,
               display: bool = False, floor: int = 1) -> int:
    """The largest size from ``px`` down (not below ``floor``) at which ``message`` is at most
    ``width`` px wide: a caption in a long language keeps to its room."""
    while px > floor and assets.font(px, bold=bold, display=display).size(message)[0] > width:
        px -= 2
    return max(px, floor)


def caption_band(lines: list[tuple[str, int, tuple]], width: int | None = None,
                 pad: tuple[int, int] = (48, 18), max_width: int = 1840) -> pygame.Surface:
    """A dark rounded band with centred lines of (text, size, colour), for captions on top of
    anything; readable from across a room.  A line too long for ``max_width`` is made smaller
    (down to ``SMALLEST`` of its size)."""
    room = (width or max_width) - pad[0] * 2
    faces = []
    for t, size, colour in lines:
        px = fitting_px(t, theme.scaled(size), room, bold=True, floor=round(size * SMALLEST))
        faces.append(theme.text(t, px, colour, bold=True, fixed=True))
    w = width or max(f.get_width() for f in faces) + pad[0] * 2
    h = sum(f.get_height() for f in faces) + pad[1] * 2 + 4 * (len(faces) - 1)
    band = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(band, (26, 16, 8, 240), band.get_rect(), border_radius=min(34, h // 2))
    pygame.draw.rect(band, (255, 214, 120, 150), band.get_rect(), 3,
                     border_radius=min(34, h // 2))
    y = pad[1]
    for f in faces:
        band.blit(f, f.get_rect(midtop=(w // 2, y)))
        y += f.get_height() + 4
    return band


def blink(t: float) -> int:
    """Alpha of a gently pulsing line ("Press any key")."""

    return round(175 + 80 * (0.5 + 0.5 * math.sin(t * 3.2)))


class AttractScene(Scene):
    """A screen of the attract loop: any input calls ``on_input``, and after ``duration``
    seconds (None: until ``leave(on_done)`` is called) it calls ``on_done``; only the first
    of them counts."""

    attract = True  # part of the attract loop: no idle timeout applies while it shows

    def __init__(self, services, on_done: Callable[[], None], on_input: Callable[[], None],
                 duration: float | None = None):
        super().__init__(services)
        self.on_done = on_done
        self.on_input = on_input
        self.duration = duration
        self.t = 0.0
        self.left = False  # on_done / on_input was called: do nothing more

    def handle(self, intent: I.Intent) -> bool:
        if interrupts(intent):
            self.leave(self.on_input)
        return True  # nothing reaches the scenes below: nobody plays a demo game

    def leave(self, then: Callable[[], None]) -> None:
        if not self.left:
            self.left = True
            then()

    def update(self, dt: float) -> None:
        self.t += dt
        if self.duration is not None and self.t >= self.duration:
            self.leave(self.on_done)


class DemoOverlay(AttractScene):
    """The caption over a demo table, then its final scores; any input calls ``on_input``."""

    opaque = False

    def __init__(self, services, table: Any, demo: DemoGame,
                 on_done: Callable[[], None], on_input: Callable[[], None],
                 results_time: float = RESULTS_TIME):
        super().__init__(services, on_done, on_input)
        self.table = table  # a game's table scene: its hooks are the table's, not Scene's
        self.demo = demo
        self.results_time = results_time
        self.over_t: float | None = None  # seconds since the game ended
        self._caption = self._caption_band()
        self._results: pygame.Surface | None = None
        self.table.on_game_over = self._game_over

    def _caption_band(self) -> pygame.Surface:
        # As wide as the room around its centre allows (the caption keeps off the scores).
        x = GAMES[self.demo.game_id].demo_caption[0]
        room = 2 * min(x, self.services.canvas_size[0] - x) - 40
        return caption_band([(self.demo.caption, 36, theme.ON_TABLE),
                             (_("Press any key to play"), 46, CAPTION_INK)], max_width=room)

    def on_ui_scale(self) -> None:
        self._caption = self._caption_band()
        self._results = None  # made again when shown

    def on_exit(self) -> None:
        self.table.on_game_over = None  # no reference cycle keeps a finished table alive

    def _game_over(self, table) -> None:
        if self.over_t is None:
            self.over_t = 0.0
            self.services.audio.play("fanfare")

    @property
    def finished(self) -> bool:
        return self.over_t is not None

    def update(self, dt: float) -> None:
        self.t += dt
        if self.over_t is not None:
            self.over_t += dt
            if self.over_t >= self.results_time:
                self.leave(self.on_done)

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.services.canvas_size
        if self.over_t is not None:
            if self._results is None:
                self._results = self._results_card()
            surface.blit(self._results, self._results.get_rect(center=(w // 2, h // 2)))
        band = self._caption
        # Where the caption sits: the room a human's hand or prompt takes (empty in a game of
        # bots), so the board, the scores and the log stay in view.
        centre = GAMES[self.demo.game_id].demo_caption
        band.set_alpha(blink(self.t))
        surface.blit(band, band.get_rect(center=centre).clamp(surface.get_rect()))
        band.set_alpha(255)

    def _results_card(self) -> pygame.Surface:
        """The final ranking on a cream card: headline, then one line per player."""

        try:
            rows = [ResultRow(*r) for r in self.table.game.result_rows()]
        except Exception:  # noqa: BLE001 - a table without result rows still ends its demo
            log.exception("Demo results unavailable")
            rows = []
        width, row_h = 760, 74
        height = 150 + row_h * len(rows) + 40
        card = pygame.Surface((width + 40, height + 40), pygame.SRCALPHA)
        card.blit(theme.shadow((width, height), theme.RADIUS, 20, 150), (0, 8))
        box = pygame.Rect(20, 20, width, height)
        card.blit(theme.panel((width, height)), box)
        title = theme.fit_text(headline(rows) if rows else _("Game over"), theme.H1_SIZE,
                               width - 40, theme.INK, display=True)
        card.blit(title, title.get_rect(midtop=(box.centerx, box.y + 26)))
        sub = theme.text(_("Final scores  ·  {game}").format(game=self.demo.name),
                         theme.SMALL_SIZE, theme.INK_SOFT, bold=True)
        card.blit(sub, sub.get_rect(midtop=(box.centerx, box.y + 108)))
        y = box.y + 150
        for row in rows:
            line = pygame.Rect(box.x + 30, y, width - 60, row_h - 10)
            if row.winner:
                pygame.draw.rect(card, (255, 234, 170), line, border_radius=12)
                pygame.draw.rect(card, (214, 160, 40), line, 2, border_radius=12)
            rank = theme.text(f"{row.rank}.", 40, theme.INK, bold=True)
            card.blit(rank, rank.get_rect(midleft=(line.x + 18, line.centery)))
            players.draw_swatch(card, row.colour_index, (line.x + 108, line.centery), 22)
            name = theme.text(row.name, 40, theme.INK, bold=row.winner)
            card.blit(name, name.get_rect(midleft=(line.x + 150, line.centery)))
            total = theme.text(str(row.total), 44, theme.ACCENT, bold=True)
            card.blit(total, total.get_rect(midright=(line.right - 22, line.centery)))
            y += row_h
        return card


# --- --demo -------------------------------------------------------------------------------------
class DemoLoop:
    """``--demo``: one demo game after another; any input opens the title screen for good."""

    def __init__(self, services, playlist: Playlist | None = None):
        self.services = services
        self.playlist = playlist or Playlist(services.config.seed)
        self.games = 0  # demo games started

    def first_scenes(self) -> list[Scene]:
        return self.demo_scenes()

    def demo_scenes(self, tries: int = 3) -> list[Scene]:
        """The next demo game's table and overlay (skipping a game that cannot open)."""

        for _try in range(max(1, tries)):
            demo = self.playlist.next()
            try:
                table = open_demo_table(self.services, demo)
            except TableUnavailable as exc:
                log.warning("Demo game skipped: %s", exc)
                continue
            self.games += 1
            return [table, DemoOverlay(self.services, table, demo, self.next_game,
                                       self.services.to_title)]

        return [TitleScene(self.services)]

    def next_game(self) -> None:
        self.services.stack.reset(*self.demo_scenes())
