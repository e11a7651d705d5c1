"""Where a lesson is opened from: game select's Learn to play, ``--tutorial GAME``, and seat
setup's suggestion (once, to someone who never finished the game)."""

import pygame
import pytest
from lessons import with_lesson
from scrap_lessons import SCRAP

from game.app import initial_scenes
from game.cli import main, parse_config
from game.config import Config
from game.registry import GAMES
from game.scenes.game_select import GameSelectScene
from game.scenes.seat_setup import SeatSetupScene
from game.scenes.services import Services
from game.scenes.title import TitleScene
from game.scenes.tutorial import progress
from game.scenes.tutorial.offer import LessonOffer
from game.seats import parse_players
from game.settings import Settings
from game.ui import theme


@pytest.fixture
def svc(display):
    services = Services.standalone(Config(mute=True))
    yield services
    services.close()


@pytest.fixture
def no_lessons(monkeypatch):
    """No game's registry entry names a lesson (whatever lessons this version has)."""
    for game_id in list(GAMES):
        with_lesson(monkeypatch, game_id, "")


@pytest.fixture
def oregon_lesson(monkeypatch, no_lessons):
    with_lesson(monkeypatch, "oregon", "scrap_lessons:OREGON")


def on_stack(svc, scene):
    svc.stack.reset(TitleScene(svc), scene)
    svc.stack.apply_pending()
    return scene


# --- game select --------------------------------------------------------------------------------
def learn_buttons(scene):
    return {w.key: w for w in scene.group.widgets if str(w.key).startswith("learn_")}


def test_game_select_offers_learn_to_play_only_for_games_with_a_lesson(svc, oregon_lesson):
    scene = on_stack(svc, GameSelectScene(svc))
    buttons = learn_buttons(scene)
    assert list(buttons) == ["learn_oregon"]
    assert buttons["learn_oregon"].label == "Learn to play"
    buttons["learn_oregon"].activate()
    svc.stack.apply_pending()
    table = svc.stack.top
    assert table.coach is not None and table.coach.lesson.game_id == "oregon"
    assert len(svc.stack.scenes) == 1  # in place of every scene


def left_at_second_step(svc):
    """The Oregon lesson was left on its second step (the first was read)."""
    from scrap_lessons import OREGON

    progress.save(svc.config, OREGON, 1, 0, [])
    svc.config.writer.flush()
    return len(OREGON.steps)


def test_game_select_shows_where_a_lesson_in_progress_was_left(svc, oregon_lesson):
    total = left_at_second_step(svc)
    scene = on_stack(svc, GameSelectScene(svc))
    button = learn_buttons(scene)["learn_oregon"]
    assert button.label == f"Resume · 2/{total}"
    button.activate()
    svc.stack.apply_pending()
    assert svc.stack.top.coach.guide.index == 1


def test_game_select_without_lessons_is_as_before(svc, no_lessons):
    scene = on_stack(svc, GameSelectScene(svc))
    assert learn_buttons(scene) == {}


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_learn_to_play_sits_under_its_card_and_clear_of_the_other_buttons(svc, monkeypatch,
                                                                          scale):
    for g, path in SCRAP.items():
        with_lesson(monkeypatch, g, path)
    theme.set_ui_scale(scale)
    try:
        scene = on_stack(svc, GameSelectScene(svc))
        widgets = scene.group.widgets
        cards = {w.key: w.rect for w in widgets if w.key in SCRAP}
        learn = {k.removeprefix("learn_"): w.rect for k, w in learn_buttons(scene).items()}
        back = next(w.rect for w in widgets if w.key == "back")
        canvas = pygame.Rect(0, 0, 1920, 1080)
        for g, rect in learn.items():
            assert rect.top > cards[g].bottom and rect.centerx == cards[g].centerx
            assert canvas.contains(rect) and not rect.colliderect(back)
            label = theme.font(theme.BUTTON_SIZE).size("Learn to play")[0]
            assert label < rect.width
    finally:
        theme.set_ui_scale(1.0)


def test_a_lesson_that_cannot_open_is_said_on_game_select(svc, monkeypatch):
    with_lesson(monkeypatch, "oregon", "scrap_lessons:NO_SUCH_LESSON")
    scene = on_stack(svc, GameSelectScene(svc))
    learn_buttons(scene)["learn_oregon"].activate()
    svc.stack.apply_pending()
    assert svc.stack.top is scene
    assert "The lesson could not be loaded" in scene.problem


# --- the command line ---------------------------------------------------------------------------
def test_tutorial_opens_the_lesson_table(svc, oregon_lesson):
    config = parse_config(["--tutorial", "oregon"])
    assert config.extra["tutorial"] == "oregon"
    svc.config = config
    scenes = initial_scenes(svc)
    assert len(scenes) == 1 and scenes[0].coach.lesson.game_id == "oregon"
    scenes[0].on_exit()


@pytest.mark.parametrize(("argv", "reason"), [
    (["--tutorial", "chess"], "invalid choice"),
    (["--tutorial", "colorado"], "the Colorado County lesson is not in this version yet"),
    (["--tutorial", "oregon", "--game", "oregon"], "--tutorial cannot be combined with --game"),
    (["--tutorial", "oregon", "--demo"], "not allowed with argument"),
])
def test_bad_tutorial_values_exit_2_with_usage_and_reason(argv, reason, capsys,
                                                          oregon_lesson):
    with pytest.raises(SystemExit) as info:
        main(argv)
    err = capsys.readouterr().err
    assert info.value.code == 2
    assert err.startswith("usage: landgrab")
    assert reason in err.strip().splitlines()[-1]


# --- seat setup's suggestion --------------------------------------------------------------------
def seat_setup(svc, spec="human,bot"):
    return on_stack(svc, SeatSetupScene(svc, "oregon", parse_players(spec, _oregon())))


def _oregon():
    from game.registry import GAMES

    return GAMES["oregon"]


@pytest.mark.lesson_offer
def test_seat_setup_suggests_the_lesson_once_and_remembers_the_dismissal(svc, oregon_lesson):
    seat_setup(svc)
    offer = svc.stack.top
    assert isinstance(offer, LessonOffer)
    assert offer.yes_label == "Learn to play" and offer.no_label == "Not now"
    offer.back()  # Not now (or Esc, or pad B)
    svc.stack.apply_pending()
    assert isinstance(svc.stack.top, SeatSetupScene)
    assert svc.settings.lessons_offered == ["oregon"]
    # kept in the settings file: a new run does not suggest it again
    saved = Settings.from_json(svc.settings.to_json())
    assert saved.lessons_offered == ["oregon"]
    seat_setup(svc)
    assert isinstance(svc.stack.top, SeatSetupScene)


@pytest.mark.lesson_offer
def test_a_lesson_in_progress_is_offered_for_resuming_not_as_new(svc, oregon_lesson):
    total = left_at_second_step(svc)
    seat_setup(svc)
    offer = svc.stack.top
    assert isinstance(offer, LessonOffer)
    assert offer.yes_label == "Resume lesson"
    assert "New to" not in offer.title and f"at step 2 of {total}" in offer.message
    offer._yes()
    svc.stack.apply_pending()
    assert svc.stack.top.coach.guide.index == 1


@pytest.mark.lesson_offer
def test_taking_the_suggestion_opens_the_lesson(svc, oregon_lesson):
    seat_setup(svc)
    svc.stack.top._yes()
    svc.stack.apply_pending()
    assert svc.stack.top.coach is not None
    assert svc.settings.lessons_offered == ["oregon"]


@pytest.mark.lesson_offer
def test_no_suggestion_when_every_human_finished_the_game_or_there_is_no_lesson(
        svc, monkeypatch, oregon_lesson):
    finished = {"n": 1}
    monkeypatch.setattr(type(svc.history), "finished_games",
                        lambda self, game_id, name=None: finished["n"])
    seat_setup(svc)
    assert isinstance(svc.stack.top, SeatSetupScene)
    finished["n"] = 0
    seat_setup(svc, "bot,bot")  # no human to teach
    assert isinstance(svc.stack.top, SeatSetupScene)
    assert on_stack(svc, SeatSetupScene(svc, "oasis")) is svc.stack.top  # no Oasis lesson


@pytest.mark.lesson_offer
def test_a_human_who_never_finished_it_is_asked_by_name(svc, oregon_lesson, monkeypatch):
    asked = []

    def finished(self, game_id, name=None):
        asked.append((game_id, name))
        return 0 if name == "Ann" else 3

    monkeypatch.setattr(type(svc.history), "finished_games", finished)
    seats = parse_players("human,human", _oregon())
    seats[1] = seats[1].__class__(kind="human", name="Ann", colour=seats[1].colour)
    on_stack(svc, SeatSetupScene(svc, "oregon", seats))
    assert isinstance(svc.stack.top, LessonOffer)
    assert ("oregon", "Ann") in asked
