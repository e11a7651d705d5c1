"""Leaving a game and starting another: "Quit to menu" says whether Continue picks the game up
(a kiosk game keeps no save, so there it really ends), and New game on the title asks before
an unfinished game is replaced."""

import random

import pytest

from game import saves
from game.app import initial_scenes
from game.registry import GAMES
from game.scenes.confirm import ConfirmScene
from game.scenes.game_select import GameSelectScene
from game.scenes.pause import PauseMenu
from game.scenes.seat_setup import SeatSetupScene
from game.scenes.table import open_table
from game.scenes.title import TitleScene
from game.seats import make_seat, parse_players
from game.ui import intents as I


def settle(services):
    services.stack.apply_pending()


def send(services, *intents):
    for intent in intents:
        services.stack.handle(intent)
    settle(services)


def table_after(services, game_id, moves, seed=9):
    """A table of ``game_id`` (one human, bots) after ``moves`` random legal moves."""
    n = 3
    seats = [make_seat(game_id, i, "human" if i == 0 else "bot", "easy") for i in range(n)]
    table = open_table(services, game_id, seats, seed)
    services.stack.reset(table)
    settle(services)
    rng = random.Random(seed)
    state = table.session.state
    while len(state.history) < moves:
        p = state.to_act()[0]
        table.play(rng.choice(state.legal_actions(p)), p)
        table.timeline.flush()
    return table


def leave_question(services, table) -> ConfirmScene:
    table.input.open_pause()
    settle(services)
    pause = services.stack.top
    assert isinstance(pause, PauseMenu)
    pause.ask_quit()
    settle(services)
    confirm = services.stack.top
    assert isinstance(confirm, ConfirmScene) and confirm.title == "Leave this game?"
    return confirm


@pytest.mark.parametrize("game_id", list(GAMES))
def test_leaving_a_saved_game_says_continue_picks_it_up_and_it_does(game_id, services):
    table = table_after(services, game_id, 6)
    confirm = leave_question(services, table)
    assert "Continue" in confirm.message and "ends here" not in confirm.message
    send(services, I.click(confirm.yes_button.rect.center))
    title = services.stack.top
    assert isinstance(title, TitleScene)
    assert "continue" in [w.key for w in title.group.widgets]
    assert title.saved.state.history == table.session.state.history


def test_a_kiosk_game_keeps_no_save_so_leaving_it_ends_it(services):
    services.config.kiosk = True
    table = table_after(services, "oasis", 6)
    confirm = leave_question(services, table)
    assert "ends here" in confirm.message and "Continue" not in confirm.message
    saves.flush(services.config)
    assert not (services.config.saves_dir / saves.AUTOSAVE).exists()


def test_a_game_without_a_move_is_not_saved_yet(services):
    table = table_after(services, "colorado", 0)
    confirm = leave_question(services, table)
    assert "ends here" in confirm.message and "Continue" not in confirm.message


def test_a_demo_table_keeps_no_save(services):
    table = table_after(services, "oregon", 4)
    table.autosave = False  # as the demo and the replay viewer set it
    assert "ends here" in leave_question(services, table).message


# --- New game over an unfinished one ------------------------------------------------------
def unfinished_on_title(services, game_id="oregon", moves=6):
    table = table_after(services, game_id, moves)
    table.on_exit()
    services.to_title()
    settle(services)
    title = services.stack.top
    assert isinstance(title, TitleScene) and title.saved is not None
    return title, table


def test_new_game_asks_before_replacing_an_unfinished_one_and_cancel_keeps_it(services):
    title, table = unfinished_on_title(services)
    before = (services.config.saves_dir / saves.AUTOSAVE).read_bytes()
    title.new_game()
    settle(services)
    confirm = services.stack.top
    assert isinstance(confirm, ConfirmScene)
    assert title.saved.summary in confirm.message  # names the game it would replace
    assert "Oregon" in confirm.message and "move 6" in confirm.message
    assert confirm.group.focused.key == "no"  # Enter keeps the game
    send(services, I.simple(I.CONFIRM))
    assert services.stack.top is title
    assert "continue" in [w.key for w in title.group.widgets]
    assert (services.config.saves_dir / saves.AUTOSAVE).read_bytes() == before
    title.new_game()
    settle(services)
    send(services, I.click(services.stack.top.yes_button.rect.center))
    assert isinstance(services.stack.top, GameSelectScene)


def test_new_game_goes_straight_on_when_nothing_is_unfinished(services):
    title = TitleScene(services)
    services.stack.reset(title)
    settle(services)
    assert title.saved is None
    title.new_game()
    settle(services)
    assert isinstance(services.stack.top, GameSelectScene)


# --- --game on the command line over an unfinished one -----------------------------------
def question(confirm: ConfirmScene) -> tuple:
    return confirm.title, confirm.message, confirm.yes_label, confirm.no_label


@pytest.mark.parametrize("players", ["", "human,bot:easy,bot:normal"])
def test_the_command_lines_game_asks_as_new_game_does_and_keep_it_keeps_the_game(
        services, players):
    title, table = unfinished_on_title(services)
    title.new_game()
    settle(services)
    new_games_question = question(services.stack.top)
    saves.flush(services.config)
    autosave = services.config.saves_dir / saves.AUTOSAVE
    before = autosave.read_bytes()
    config = services.config
    config.game = "colorado"
    config.seats = parse_players(players, GAMES["colorado"]) if players else None
    config.seed = 4
    # Keep it: the title, with Continue, and the unfinished game as it was
    services.stack.reset(*initial_scenes(services))
    settle(services)
    asked = services.stack.top
    assert isinstance(asked, ConfirmScene) and question(asked) == new_games_question
    assert asked.group.focused.key == "no"  # Enter keeps the game, as New game's does
    send(services, I.simple(I.CONFIRM))
    title = services.stack.top
    assert isinstance(title, TitleScene) and len(services.stack) == 1
    assert "continue" in [w.key for w in title.group.widgets]
    assert title.saved.state.history == table.session.state.history
    saves.flush(services.config)
    assert autosave.read_bytes() == before
    # New game: the game asked for, its seat setup or (with players) its table
    services.stack.reset(*initial_scenes(services))
    settle(services)
    send(services, I.click(services.stack.top.yes_button.rect.center))
    opened = services.stack.top
    if players:
        assert getattr(opened, "game_id", None) == "colorado" and len(services.stack) == 1
        assert [s.level for s in opened.seats] == [None, "easy", "normal"]
    else:
        assert isinstance(opened, SeatSetupScene) and opened.game.id == "colorado"
        assert isinstance(services.stack.scenes[0], TitleScene)


def test_the_command_lines_game_goes_straight_on_when_nothing_is_unfinished(services):
    services.config.game = "oasis"
    scenes = initial_scenes(services)
    assert [type(s) for s in scenes] == [TitleScene, SeatSetupScene]


# --- --load FILE over an unfinished one ---------------------------------------------------
def test_loading_another_saved_game_asks_first_and_keep_it_keeps_the_unfinished_one(
        services, tmp_path):
    title, table = unfinished_on_title(services)
    saves.flush(services.config)
    autosave = services.config.saves_dir / saves.AUTOSAVE
    before = autosave.read_bytes()
    other = table_after(services, "oasis", 4, seed=21)
    other_file = tmp_path / "friday.json"
    other_file.write_text(saves.dumps(other.session.state, other.seats))
    saves.flush(services.config)
    autosave.write_bytes(before)  # the Oasis table autosaved too: the Oregon game is the one kept
    services.config.load = other_file
    services.stack.reset(*initial_scenes(services))
    settle(services)
    asked = services.stack.top
    assert isinstance(asked, ConfirmScene) and asked.title == "Open this saved game?"
    assert "friday.json" in asked.message and "Oregon" in asked.message
    assert asked.group.focused.key == "no"  # Enter keeps the unfinished game
    send(services, I.simple(I.CONFIRM))
    assert isinstance(services.stack.top, TitleScene) and len(services.stack) == 1
    saves.flush(services.config)
    assert autosave.read_bytes() == before
    # Open it: the loaded game's table, where it stopped
    services.stack.reset(*initial_scenes(services))
    settle(services)
    send(services, I.click(services.stack.top.yes_button.rect.center))
    opened = services.stack.top
    assert getattr(opened, "game_id", None) == "oasis"
    assert opened.session.state.history == other.session.state.history


def test_loading_the_autosave_itself_asks_nothing(services):
    title, table = unfinished_on_title(services)
    saves.flush(services.config)
    services.config.load = services.config.saves_dir / saves.AUTOSAVE
    scenes = initial_scenes(services)
    assert len(scenes) == 1 and getattr(scenes[0], "game_id", None) == "oregon"
