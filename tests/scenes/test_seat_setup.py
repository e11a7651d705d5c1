"""Seat setup: typed names (cleaned on entry), colours picked from the game's own (unique at a
table), both carried to the table, the hand-off, the save, and kept for the next game."""

import pygame
import pytest

from game import palette, saves
from game.app import App
from game.config import Config
from game.palette import BLACK, BLUE, GREEN, PURPLE, RED, YELLOW, game_colours
from game.registry import GAMES
from game.scenes.seat_setup import SeatSetupScene
from game.seats import NAME_MAX, Seat, default_seats, remembered, wearing
from game.settings import Settings, load_settings, save_settings

DT = 1 / 60


class Keys:
    """The real app loop fed with posted keyboard events, as a player types."""

    def __init__(self, app):
        self.app = app

    def run(self, n=2):
        for _ in range(n):
            self.app.step(DT)

    def key(self, key, frames=2):
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
        self.run(frames)

    def type(self, text):
        """What SDL sends for typed text: a key press (Space also confirms) and TEXTINPUT."""
        for ch in text:
            code = pygame.K_SPACE if ch == " " else pygame.K_a
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=ch,
                                                 scancode=0))
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode=ch,
                                                 scancode=0))
            self.run(1)

    @property
    def top(self):
        return self.app.stack.top

    def tab_to(self, key):
        for _ in range(60):
            if self.top.group.focused.key == key:
                return
            self.key(pygame.K_TAB, frames=1)
        raise AssertionError(f"Tab never reached {key!r}")


@pytest.fixture
def keys():
    app = App(Config(mute=True, game="oregon"))
    pygame.event.clear()
    k = Keys(app)
    k.run(3)
    assert isinstance(k.top, SeatSetupScene)
    yield k
    app.close()


def test_names_are_typed_with_the_keyboard_and_cleaned(keys):
    setup = keys.top
    assert [s.name for s in setup.seats] == ["Yellow", "Blue"]
    keys.tab_to("name0")
    keys.type("  Ann  Marie ")
    assert setup.seats[0].name == "Ann Marie"  # spaces collapsed, ends trimmed
    assert setup.seats[0].colour == YELLOW and setup.seats[0].kind == "human"  # Space typed
    keys.key(pygame.K_BACKSPACE)
    keys.type("x" * 40)
    assert len(setup.seats[0].name) <= NAME_MAX and setup.seats[0].name.startswith("Ann")
    for _ in range(NAME_MAX + 4):
        keys.key(pygame.K_BACKSPACE, frames=1)
    assert setup.seats[0].name == "Yellow"  # an empty field: the colour's name
    keys.type("Zoë")
    # a name with a character no keyboard sends (from a paste or an IME) is cleaned too
    setup.set_name(1, "Bo\x00b\ud800")
    assert setup.seats[1].name == "Bo b"
    assert setup.seats[0].name == "Zoë"


def test_a_controller_player_keeps_the_default_names(display):
    app = App(Config(mute=True, game="colorado"))
    try:
        setup = app.stack.top
        assert [s.name for s in setup.seats] == ["Orange", "Brown", "Red"]
        names = [w for w in setup.group.widgets if (w.key or "").startswith("name")]
        assert [w.text for w in names] == ["", "", ""]  # nothing to delete before typing
        assert [w.placeholder for w in names] == ["Orange", "Brown", "Red"]
        assert setup.group.focused.key == "seat0"  # A still changes who plays first
    finally:
        app.close()


def test_colours_are_the_games_and_stay_unique(keys):
    setup = keys.top
    choice = next(w for w in setup.group.widgets if w.key == "colour0")
    assert [v for v, _ in choice.options] == list(game_colours("oregon"))
    setup.set_name(1, "Bea")
    keys.tab_to("colour0")
    keys.key(pygame.K_RIGHT)  # Yellow -> Blue, which seat 2 wears: they swap
    assert [(s.name, s.colour) for s in setup.seats] == [("Blue", BLUE), ("Bea", YELLOW)]
    assert keys.top.group.focused.key == "colour0"  # the rebuilt row keeps the focus
    for _ in range(3):
        keys.key(pygame.K_RIGHT)  # Green, Red, Purple
    assert setup.seats[0].colour == PURPLE and setup.seats[0].name == "Purple"
    assert setup.seats[1].colour == YELLOW
    keys.tab_to("add")
    keys.key(pygame.K_RETURN)
    keys.key(pygame.K_RETURN)
    colours = [s.colour for s in setup.seats]
    assert len(setup.seats) == 4 and len(set(colours)) == 4
    assert colours[2:] == [GREEN, RED]  # new seats take their own colours while free
    setup.remove(0)  # the others move up and keep their names and colours
    assert [(s.name, s.colour) for s in setup.seats] == [("Bea", YELLOW), ("Green", GREEN),
                                                         ("Red", RED)]
    assert [w.text for w in setup.group.widgets if (w.key or "").startswith("name")] == [
        "Bea", "", ""]
    for game in GAMES.values():  # every game offers a colour per seat, its rules' ones first
        offered = game_colours(game.id)
        assert offered[:game.max_players] == palette.seat_colours(game.id)[:game.max_players]
        assert len(set(offered)) == len(offered)


def test_a_name_equal_to_a_colour_name_and_colours_reach_the_table(keys):
    setup = keys.top
    setup.set_colour(0, RED)
    setup.set_name(0, "Blue")  # Red seat called Blue; the Blue seat keeps its name
    setup.set_kind(1, "human")
    setup.seed_text = "7"
    keys.tab_to("start")
    keys.key(pygame.K_RETURN, frames=3)
    from game.scenes.handoff import Handoff

    table = next(s for s in keys.app.stack.scenes if hasattr(s, "names"))
    assert table.names == ["Blue", "Blue"]
    assert table.colour == [RED, BLUE]
    # the hand-off names the player in their own colour
    for _ in range(600):
        if any(isinstance(s, Handoff) for s in keys.app.stack.scenes):
            break
        keys.run(1)
    handoff = next(s for s in keys.app.stack.scenes if isinstance(s, Handoff))
    assert (handoff.player_name, handoff.colour_index) in {("Blue", RED), ("Blue", BLUE)}
    # the save keeps both, and reads them back
    text = saves.dumps(table.session.state, table.seats)
    back = saves.loads(text).seats
    assert [(s.name, s.colour) for s in back] == [("Blue", RED), ("Blue", BLUE)]


def test_names_and_colours_are_kept_for_the_next_game(keys):
    setup = keys.top
    keys.tab_to("name0")
    keys.type("Ann")
    setup.set_colour(1, GREEN)
    keys.tab_to("start")
    keys.key(pygame.K_RETURN, frames=3)
    path = keys.app.config.settings_path
    kept = load_settings(path)
    assert kept.seat_names[:2] == ["Ann", ""]
    assert kept.seat_colours["oregon"] == [YELLOW, GREEN]
    again = SeatSetupScene(keys.app.services, "oregon")
    assert [(s.name, s.colour) for s in again.seats] == [("Ann", YELLOW), ("Green", GREEN)]
    other = SeatSetupScene(keys.app.services, "oasis")  # names follow, colours are per game
    assert [(s.name, s.colour) for s in other.seats] == [("Ann", RED), ("Blue", BLUE),
                                                          ("Green", GREEN)]


def test_kept_names_and_colours_are_checked_when_read(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"seat_names": ["Ann\\u0000", 7, "  ", "x' + "y" * 40 + '"],'
                    ' "seat_colours": {"oregon": [99, true, "red", 1], "x": 3}}')
    s = load_settings(path)
    assert s.seat_names == ["Ann", "", "", "x" + "y" * (NAME_MAX - 1)]
    assert s.seat_colours == {"oregon": [-1, -1, -1, 1]}
    assert save_settings(s, path) and load_settings(path).seat_names == s.seat_names
    game = GAMES["oregon"]
    seats = remembered(game, default_seats(game), s.seat_names, s.seat_colours["oregon"])
    assert [(x.name, x.colour) for x in seats] == [("Ann", YELLOW), ("Blue", BLUE)]
    # a colour the game does not offer is not kept; a kept one passes from seat to seat
    colorado = GAMES["colorado"]
    seats = remembered(colorado, default_seats(colorado), [], [BLUE, palette.ORANGE])
    assert [x.colour for x in seats] == [palette.BROWN, palette.ORANGE, RED]
    assert Settings.from_json({"seat_names": "Ann", "seat_colours": [1]}).seat_names == []


def test_a_save_with_odd_colours_still_seats_everyone_in_unique_colours():
    seats = [Seat("human", name="A", colour=YELLOW), Seat("bot", "easy", "B", BLUE),
             Seat("bot", "easy", "C", GREEN)]
    assert [s.colour for s in wearing("oregon", seats, [BLACK, BLACK, "red"])] == [
        BLACK, BLUE, GREEN]
    assert [s.name for s in wearing("oregon", seats, [])] == ["A", "B", "C"]
