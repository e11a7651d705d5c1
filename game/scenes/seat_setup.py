"""Seat setup: who plays (a name, a colour, human or bot with a level), the seed, then Start.

Seat ``i`` plays engine player ``i``.  A seat starts in the game's ``i``-th colour, named after
it; a player may type another name (cleaned by ``seats.clean_name``; an empty field means the
colour's name) and pick another of the game's colours: a colour another seat wears passes to
that seat in exchange, so colours stay unique.  When a seat is removed the ones after it move up
and keep their names and colours.  Start opens the game's table (``game.scenes.table``) and
keeps the names and colours for the next game (in the settings); when the table cannot be
opened, the reason is shown here instead.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial

import pygame

from game.bots import LEVELS
from game.i18n import N_, _
from game.palette import game_colours
from game.registry import GAMES
from game.scenes.menu import MenuScene, shown
from game.scenes.table import start_game
from game.seats import (
    BOT,
    HUMAN,
    NAME_MAX,
    Seat,
    default_seats,
    free_colour,
    has_default_name,
    in_language,
    make_seat,
    memory,
    player_name,
    recoloured,
    remembered,
    renamed,
)
from game.ui import players, theme
from game.ui.rows import Choice, TextField
from game.ui.widgets import Button, button_width

ROW_HEIGHT = 84
ROW_STEP = 94
PANEL_WIDTH = 1680
# A seat's row, left to right (x from the panel's left edge, width): the colour swatch sits
# at SWATCH_X; then the name, the colour, human or bot, Remove.
SWATCH_X = 60
NAME_COL, COLOUR_COL, KIND_COL, REMOVE_COL = (100, 440), (556, 350), (922, 450), (1388, 272)
MAX_SEED = 999_999_999

# Who plays a seat, as the seat's row offers it (translated when the row is built).
BOT_WORDS = {"easy": N_("Bot · easy"), "normal": N_("Bot · normal"), "hard": N_("Bot · hard")}


def kind_options() -> list[tuple[str, str]]:
    """The human and each bot level, in the current language."""
    return [(HUMAN, _("Human"))] + [
        (f"{BOT}:{lvl}", _(BOT_WORDS[lvl]) if lvl in BOT_WORDS else f"Bot · {lvl}")
        for lvl in LEVELS]


def option_width(label: str, choices: list[tuple[str, str]], most: int) -> int:
    """A setup choice's row: 820 px, or wider (up to ``most``) when a language's words need
    it, so that each choice fits between the arrows at its full size."""
    words = max(theme.font(theme.BODY_SIZE, bold=True, fixed=True).size(w)[0]
                for _v, w in choices)
    return min(most, max(820, Choice.label_need(label) + words + 140))


def new_seed(rng: random.Random | None = None) -> int:
    return (rng or random.SystemRandom()).randrange(1, MAX_SEED)


class SeatSetupScene(MenuScene):
    choose_colours = True  # a colour column (hosting online: every seat wears its own)
    footer_rows = 1  # rows under the seats and options: the seed
    COLUMNS = (NAME_COL, COLOUR_COL, KIND_COL, REMOVE_COL)

    def __init__(self, services, game_id: str, seats: list[Seat] | None = None, message: str = ""):
        self.game = GAMES[game_id]
        settings = services.settings
        self.seats: list[Seat] = list(seats) if seats else remembered(
            self.game, default_seats(self.game), settings.seat_names,
            settings.seat_colours.get(game_id, []))
        # What is typed in each name field (spaces kept while typing; the seat holds it cleaned)
        self.name_text = ["" if has_default_name(s) else s.name for s in self.seats]
        seed = services.config.seed
        self.seed_text = str(seed if seed is not None else new_seed())
        self.message = message
        # The game's setup choices (e.g. Colorado County's lakes), from the command line if given.
        self.options = self.game.default_options()
        if services.config.game == game_id:
            self.options.update(services.config.options)
        # Room for every seat the game allows, so the layout does not jump as seats come and go.
        height = (30 + ROW_STEP * (self.game.max_players + 1 + len(self.game.options))
                  + 24 + ROW_HEIGHT * self.footer_rows + 30)
        self.panel_rect = pygame.Rect(0, 182, PANEL_WIDTH, height)
        self.panel_rect.centerx = 960
        super().__init__(services)
        if message:
            self.group.focus_key("back")

    def on_enter(self) -> None:
        """Someone who never finished this game is offered its lesson, once."""
        super().on_enter()
        from game.scenes.tutorial.offer import LessonOffer, should_offer

        if should_offer(self.services, self.game.id, self.seats):
            self.services.stack.push(LessonOffer(self.services, self.game.id))

    # --- widgets ----------------------------------------------------------------------------
    def build(self) -> None:
        p = self.panel_rect
        add = self.group.add
        can_remove = len(self.seats) > self.game.min_players
        # A seat called by its colour's name is called by it in the language spoken now.
        self.seats = [in_language(s) for s in self.seats]
        colours = [(c, player_name(c)) for c in game_colours(self.game.id)]
        kinds = self.kind_choices()
        for i, seat in enumerate(self.seats):
            y = p.y + 30 + i * ROW_STEP

            def col(spec, y=y, inset=0):
                return (p.x + spec[0], y + inset, spec[1], ROW_HEIGHT - 2 * inset)

            add(
                TextField(
                    col(self.COLUMNS[0]),
                    "",
                    self.name_text[i],
                    max_len=NAME_MAX,
                    digits_only=False,
                    placeholder=self.name_hint(seat),
                    on_change=partial(self.set_name, i),
                    key=f"name{i}",
                    enabled=self.names_typed(seat),
                )
            )
            if self.choose_colours:
                add(Choice(col(self.COLUMNS[1]), "", colours, seat.colour,
                           partial(self.set_colour, i), key=f"colour{i}"))
            add(
                Choice(
                    col(self.COLUMNS[2]),
                    "",
                    kinds,
                    self.kind_value(seat),
                    partial(self.set_kind, i),
                    key=f"seat{i}",
                )
            )
            add(
                Button(
                    col(self.COLUMNS[3], inset=4),
                    _("Remove"),
                    partial(self.remove, i),
                    key=f"remove{i}",
                    enabled=can_remove,
                    sound=None,
                )
            )
        self.group.focus_key("seat0")  # Enter / A on the first row changes who plays
        y = p.y + 30 + len(self.seats) * ROW_STEP
        add(
            Button(
                (p.x + 120, y + 4, button_width(_("+ Add seat"), 360), ROW_HEIGHT - 8),
                _("+ Add seat"),
                self.add_seat,
                key="add",
                enabled=len(self.seats) < self.game.max_players,
            )
        )
        for k, option in enumerate(self.game.options):
            y = p.y + 30 + ROW_STEP * (self.game.max_players + 1 + k)
            label = _(option.label)
            choices = [(value, _(words)) for value, words in option.choices]
            add(
                Choice(
                    (p.x + 20, y, option_width(label, choices, p.width - 40), ROW_HEIGHT),
                    label,
                    choices,
                    self.options[option.name],
                    partial(self.set_option, option.name),
                    key=f"option_{option.name}",
                )
            )
        self.build_footer()

    def build_footer(self) -> None:
        """Under the seats: the seed, Back and Start."""
        p, add = self.panel_rect, self.group.add
        y = p.bottom - 30 - ROW_HEIGHT
        add(
            TextField(
                (p.x + 20, y, 820, ROW_HEIGHT),
                # Translators: the number that fixes the deal (the same seed, the same game)
                _("Seed"),
                self.seed_text,
                max_len=9,
                # Translators: shown in the empty seed field: a seed is drawn at random
                placeholder=_("random"),
                on_change=self.set_seed_text,
                key="seed",
            )
        )
        add(
            Button(
                (p.right - 330, y + 4, 290, ROW_HEIGHT - 8),
                # Translators: the button that draws a new seed
                _("Random"),
                self.random_seed,
                key="random",
            )
        )
        back = pygame.Rect(80, 1040 - theme.BUTTON_HEIGHT, 260, theme.BUTTON_HEIGHT)
        add(Button(back, _("Back"), self.back, key="back", sound=None))
        start = pygame.Rect(0, 0, 360, theme.BUTTON_HEIGHT)
        start.bottomright = (1840, 1040)
        add(Button(start, _("Start"), self.start, primary=True, key="start"))

    def kind_choices(self) -> list[tuple[str, str]]:
        """Who may play a seat: a human here or a bot of each level."""
        return kind_options()

    def kind_value(self, seat: Seat) -> str:
        return f"{BOT}:{seat.level}" if seat.is_bot else HUMAN

    def names_typed(self, seat: Seat) -> bool:
        """Whether the seat's name is typed here."""
        return True

    def name_hint(self, seat: Seat) -> str:
        """What an empty name field says: the name the seat gets (its colour's)."""
        return player_name(seat.colour)

    def draw_static(self, surface: pygame.Surface) -> None:
        surface.blit(theme.table_background(), (0, 0))
        # The title is large already and the seats panel sits under it: neither moves.
        title = theme.shadowed_text(self.game.name, theme.H1_SIZE, fixed=True)
        surface.blit(title, title.get_rect(midtop=(960, 30)))
        sub = theme.fit_text(
            _("Seats  ·  {players}").format(players=self.game.players_text), theme.BODY_SIZE,
            1800, theme.ON_TABLE_SOFT,
            max_height=self.panel_rect.y - 128 - 4,
        )
        surface.blit(sub, sub.get_rect(midtop=(960, 128)))
        theme.draw_panel(surface, self.panel_rect)
        for i, seat in enumerate(self.seats):
            y = self.panel_rect.y + 30 + i * ROW_STEP + ROW_HEIGHT // 2
            players.draw_swatch(surface, seat.colour, (self.panel_rect.x + SWATCH_X, y), 30)
        y = self.panel_rect.bottom - 30 - ROW_HEIGHT * self.footer_rows - 22
        if self.footer_rows:
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

    def set_name(self, i: int, text: str) -> None:
        self.name_text[i] = text
        self.seats[i] = renamed(self.seats[i], text)
        self.message = ""

    def set_colour(self, i: int, colour: int) -> None:
        self.seats = recoloured(self.seats, i, colour)
        self.message = ""
        self.rebuild()  # a seat that gave up the colour shows its new one, and so do names

    def add_seat(self) -> None:
        n = len(self.seats)
        if n >= self.game.max_players:
            return
        colour = free_colour(self.game, n, [s.colour for s in self.seats])
        seat = replace(make_seat(self.game, n, BOT), colour=colour, name=player_name(colour))
        names = self.services.settings.seat_names
        self.seats.append(renamed(seat, names[n]) if n < len(names) and names[n] else seat)
        self.name_text.append("" if has_default_name(self.seats[-1]) else self.seats[-1].name)
        self.message = ""
        self.rebuild()
        if not self.group.focus_key("add"):
            self.group.focus_key(f"seat{len(self.seats) - 1}")

    def remove(self, i: int) -> None:
        if len(self.seats) <= self.game.min_players:
            return
        del self.seats[i]
        del self.name_text[i]
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
        if not error:
            self.remember()
        else:
            self.message = error
            self.services.audio.play("error")

    def remember(self) -> None:
        """Keep the names and colours for the next game (seats beyond this table's keep
        theirs)."""
        settings = self.services.settings
        names, colours = memory(self.seats)
        settings.seat_names = names + settings.seat_names[len(names):]
        settings.seat_colours[self.game.id] = colours
        self.services.save_settings()

    # --- frame ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.message:
            t = theme.fit_text(shown(self.message), theme.BODY_SIZE, 1800, theme.ERROR, bold=True)
            box = t.get_rect(center=(960, 1000)).inflate(56, 28)
            surface.blit(theme.panel(box.size, theme.CREAM, 14, theme.ERROR), box)
            surface.blit(t, t.get_rect(center=box.center))
