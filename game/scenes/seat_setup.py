"""Seat setup: who plays (humans and bots with a level), the seed, then Start.

Seats always wear the game's colours in the game's order (seat ``i`` plays engine player ``i``,
whom the rules and the log name by that colour): a new seat takes the next colour, and when
a seat is removed the ones after it move up and take the colours of their new places.
Start opens the game's table (``game.scenes.table``); when that cannot be done, the reason
is shown here instead.
"""

from __future__ import annotations

import random

import pygame

from game.bots import LEVELS
from game.engine import GAMES
from game.scenes.menu import MenuScene
from game.scenes.seats import BOT, HUMAN, Seat, default_seats, make_seat
from game.scenes.table import start_game
from game.ui import players, theme
from game.ui.widgets import Button, Choice, Label, TextField

ROW_HEIGHT = 84
ROW_STEP = 94
PANEL_WIDTH = 1240
MAX_SEED = 999_999_999

KIND_OPTIONS = [(HUMAN, "Human")] + [(f"{BOT}:{lvl}", f"Bot · {lvl}") for lvl in LEVELS]


def _kind_value(seat: Seat) -> str:
    return f"{BOT}:{seat.level}" if seat.is_bot else HUMAN


def new_seed(rng: random.Random | None = None) -> int:
    return (rng or random.SystemRandom()).randrange(1, MAX_SEED)


class SeatSetupScene(MenuScene):
    def __init__(self, services, game_id: str, seats: list[Seat] | None = None, message: str = ""):
        self.game = GAMES[game_id]
        self.seats: list[Seat] = list(seats) if seats else default_seats(self.game)
        seed = services.config.seed
        self.seed_text = str(seed if seed is not None else new_seed())
        self.message = message
        # The game's setup choices (e.g. Colorado County's lakes), from the command line if given.
        self.options = self.game.default_options()
        if services.config.game == game_id:
            self.options.update(services.config.options)
        # Room for every seat the game allows, so the layout does not jump as seats come and go.
        height = (30 + ROW_STEP * (self.game.max_players + 1 + len(self.game.options))
                  + 24 + ROW_HEIGHT + 30)
        self.panel_rect = pygame.Rect(0, 182, PANEL_WIDTH, height)
        self.panel_rect.centerx = 960
        super().__init__(services)
        if message:
            self.group.focus_key("back")

    # --- widgets ----------------------------------------------------------------------------
    def build(self) -> None:
        p = self.panel_rect
        add = self.group.add
        can_remove = len(self.seats) > self.game.min_players
        for i, seat in enumerate(self.seats):
            y = p.y + 30 + i * ROW_STEP
            add(
                Label(
                    (p.x + 120, y, 300, ROW_HEIGHT), seat.name, size=theme.BODY_SIZE + 4, bold=True
                )
            )
            add(
                Choice(
                    (p.x + 420, y, 460, ROW_HEIGHT),
                    "",
                    KIND_OPTIONS,
                    _kind_value(seat),
                    lambda v, i=i: self.set_kind(i, v),
                    key=f"seat{i}",
                )
            )
            add(
                Button(
                    (p.right - 330, y + 4, 290, ROW_HEIGHT - 8),
                    "Remove",
                    lambda i=i: self.remove(i),
                    key=f"remove{i}",
                    enabled=can_remove,
                    sound=None,
                )
            )
        y = p.y + 30 + len(self.seats) * ROW_STEP
        add(
            Button(
                (p.x + 120, y + 4, 360, ROW_HEIGHT - 8),
                "+ Add seat",
                self.add_seat,
                key="add",
                enabled=len(self.seats) < self.game.max_players,
            )
        )
        for k, option in enumerate(self.game.options):
            y = p.y + 30 + ROW_STEP * (self.game.max_players + 1 + k)
            add(
                Choice(
                    (p.x + 20, y, 820, ROW_HEIGHT),
                    option.label,
                    list(option.choices),
                    self.options[option.name],
                    lambda v, name=option.name: self.set_option(name, v),
                    key=f"option_{option.name}",
                )
            )
        y = p.bottom - 30 - ROW_HEIGHT
        add(
            TextField(
                (p.x + 20, y, 820, ROW_HEIGHT),
                "Seed",
                self.seed_text,
                max_len=9,
                placeholder="random",
                on_change=self.set_seed_text,
                key="seed",
            )
        )
        add(
            Button(
                (p.right - 330, y + 4, 290, ROW_HEIGHT - 8),
                "Random",
                self.random_seed,
                key="random",
            )
        )
        back = pygame.Rect(80, 1040 - theme.BUTTON_HEIGHT, 260, theme.BUTTON_HEIGHT)
        add(Button(back, "Back", self.back, key="back", sound=None))
        start = pygame.Rect(0, 0, 360, theme.BUTTON_HEIGHT)
        start.bottomright = (1840, 1040)
        add(Button(start, "Start", self.start, primary=True, key="start"))

    def draw_static(self, surface: pygame.Surface) -> None:
        surface.blit(theme.table_background(), (0, 0))
        # The title is large already and the seats panel sits under it: neither moves.
        title = theme.shadowed_text(self.game.name, theme.H1_SIZE, fixed=True)
        surface.blit(title, title.get_rect(midtop=(960, 30)))
        sub = theme.fit_text(
            f"Seats  ·  {self.game.players_text}", theme.BODY_SIZE, 1800, theme.ON_TABLE_SOFT,
            max_height=self.panel_rect.y - 128 - 4,
        )
        surface.blit(sub, sub.get_rect(midtop=(960, 128)))
        theme.draw_panel(surface, self.panel_rect)
        for i, seat in enumerate(self.seats):
            y = self.panel_rect.y + 30 + i * ROW_STEP + ROW_HEIGHT // 2
            players.draw_swatch(surface, seat.colour, (self.panel_rect.x + 70, y), 30)
        y = self.panel_rect.bottom - 30 - ROW_HEIGHT - 22
        pygame.draw.line(
            surface,
            theme.CREAM_LINE,
            (self.panel_rect.x + 40, y),
            (self.panel_rect.right - 40, y),
            2,
        )

    # --- actions ------------------------------------------------------------------------------
    def set_kind(self, i: int, value: str) -> None:
        kind, _, level = value.partition(":")
        seat = self.seats[i]
        self.seats[i] = Seat(kind=kind, level=level or None, name=seat.name, colour=seat.colour)
        self.message = ""

    def add_seat(self) -> None:
        if len(self.seats) >= self.game.max_players:
            return
        self.seats.append(make_seat(self.game, len(self.seats), BOT))
        self.message = ""
        self.rebuild()
        if not self.group.focus_key("add"):
            self.group.focus_key(f"seat{len(self.seats) - 1}")

    def remove(self, i: int) -> None:
        if len(self.seats) <= self.game.min_players:
            return
        del self.seats[i]
        self.seats = [make_seat(self.game, j, s.kind, s.level) for j, s in enumerate(self.seats)]
        self.message = ""
        self.rebuild()
        for key in (f"remove{i}", f"remove{i - 1}", "add"):
            if self.group.focus_key(key):
                break
        else:
            self.group.focus_key(f"seat{max(0, i - 1)}")

    def set_option(self, name: str, value: str) -> None:
        self.options[name] = value
        self.message = ""

    def set_seed_text(self, text: str) -> None:
        self.seed_text = text

    def random_seed(self) -> None:
        self.seed_text = str(new_seed())
        for w in self.group.widgets:
            if isinstance(w, TextField):
                w.text = self.seed_text

    @property
    def seed(self) -> int:
        return int(self.seed_text) if self.seed_text else new_seed()

    def start(self) -> None:
        if not self.seed_text:
            self.random_seed()
        error = start_game(self.services, self.game.id, list(self.seats), self.seed,
                           dict(self.options))
        if error:
            self.message = error
            self.services.audio.play("error")

    # --- frame ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.message:
            t = theme.text(self.message, theme.BODY_SIZE, theme.ERROR, bold=True)
            box = t.get_rect(center=(960, 1000)).inflate(56, 28)
            surface.blit(theme.panel(box.size, theme.CREAM, 14, theme.ERROR), box)
            surface.blit(t, t.get_rect(center=box.center))
