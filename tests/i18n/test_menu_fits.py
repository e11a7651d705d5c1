"""Every menu, dialog and caption around the tables, in every language at Text size 100 % and
150 %: each text stays inside the canvas, its panel and the widget it belongs to, and each
button's label fits its button.  In Italian, Spanish and French the same screens look up no
sentence the catalogs lack and show no English word.  The menus are those of the games that
ship (``shipped_games_only``: the tests' own games speak English only)."""

from types import SimpleNamespace

import pygame
import pytest
from language_check import english_words, speaking
from shipped_games import SHIPPED
from text_boxes import Recorder, check_boxes, colliding_texts, control_misfits, row_misfits

from game import i18n, saves
from game.config import Config
from game.i18n import LANGUAGES
from game.registry import GAMES
from game.scenes import game_select
from game.scenes.attract import AttractCaption
from game.scenes.confirm import quit_confirmation
from game.scenes.demo import DemoGame, DemoOverlay
from game.scenes.game_select import SEAT_ROW_SPACE, GameSelectScene
from game.scenes.howto import STEPS_BOTTOM, HowToScene, _steps_layout, howto_card
from game.scenes.pause import PauseMenu
from game.scenes.rules_overlay import RulesOverlay
from game.scenes.seat_setup import SeatSetupScene
from game.scenes.services import Services
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.scenes.tutorial.offer import LessonOffer
from game.seats import parse_players
from game.settings import Settings
from game.ui import theme

SCALES = [1.0, 1.5]
CANVAS = pygame.Rect(0, 0, 1920, 1080)


@pytest.fixture(autouse=True)
def scale_back():
    yield
    theme.set_ui_scale(1.0)


def services_at(scale: float, code: str | None = None) -> Services:
    """Services at a text size, speaking ``code`` (the language spoken now when None)."""
    return Services.standalone(Config(), Settings(ui_scale=scale,
                                                  language=code or i18n.language()))


def with_unfinished_save(svc: Services) -> Services:
    """An autosave of a game in progress: the title offers Continue and names the game."""
    state = GAMES["colorado"].new(4, 7)
    while len(state.history) < 12:
        player = state.to_act()[0]
        state.apply(state.legal_actions(player)[0], player)
    svc.config.saves_dir.mkdir(parents=True, exist_ok=True)
    (svc.config.saves_dir / saves.AUTOSAVE).write_text(
        saves.dumps(state, parse_players("human,human,bot,bot:easy", GAMES["colorado"])))
    return svc


def with_lessons_left(svc: Services) -> Services:
    """Every game's lesson left at its 12th step: game select offers to resume each."""
    from game.registry import GAMES as REGISTRY
    from game.scenes.tutorial import progress
    from game.scenes.tutorial.coach import lesson_of

    for game_id in (g.id for g in REGISTRY.values() if g.lesson):
        progress.save(svc.config, lesson_of(game_id), 11, 0, [])
    svc.config.writer.flush()
    return svc


def with_damaged_saves(svc: Services) -> Services:
    """Both autosaves damaged: the title's notice names the two files and why."""
    svc.config.saves_dir.mkdir(parents=True, exist_ok=True)
    (svc.config.saves_dir / saves.AUTOSAVE).write_text('{"format": "landgrab-save"}')
    (svc.config.saves_dir / saves.PREVIOUS).write_text('{"format": "landgrab-save", '
                                                       '"version": 1, "game": "chess"}')
    return svc


def _new_game_question(svc):
    title = TitleScene(with_unfinished_save(svc))
    title.new_game()
    svc.stack.apply_pending()
    return svc.stack.top


def _pause_question(svc, saved):
    pause = PauseMenu(svc, "oasis", lambda: None, saved=saved)
    pause.ask_quit()
    svc.stack.apply_pending()
    return svc.stack.top


# name -> how to make the screen (services at the text size)
MENUS = {
    "title": TitleScene,
    "title-continue": lambda svc: TitleScene(with_unfinished_save(svc)),
    "title-notice": lambda svc: TitleScene(with_damaged_saves(svc)),
    "new-game-question": _new_game_question,
    "game-select": GameSelectScene,
    "game-select-lessons-left": lambda svc: GameSelectScene(with_lessons_left(svc)),
    "lesson-resume-offer": lambda svc: LessonOffer(with_lessons_left(svc), "colorado"),
    **{f"seats-{g}": (lambda svc, g=g: SeatSetupScene(svc, g)) for g in SHIPPED},
    "seats-full": lambda svc: SeatSetupScene(
        svc, "oasis", parse_players("human,bot,bot:easy,human,bot", GAMES["oasis"])),
    "settings": SettingsScene,
    "pause": lambda svc: PauseMenu(svc, "colorado", lambda: None),
    "leave-saved": lambda svc: _pause_question(svc, True),
    "leave-unsaved": lambda svc: _pause_question(svc, False),
    "quit": quit_confirmation,
    **{f"rules-{g}": (lambda svc, g=g: RulesOverlay(svc, g)) for g in SHIPPED},
}


def draw_menu(scene) -> Recorder:
    rec = Recorder()
    if isinstance(scene, TitleScene):
        scene.intro.update(10)
        scene.fade_in.update(10)
        scene.draw(rec)
    else:
        scene.draw_static(rec)
        scene.group.draw(rec)
    return rec


def misfits(scene, rec: Recorder) -> list[str]:
    assert rec.texts, "nothing recorded: the check would prove nothing"
    boxes = {f"widget {w.key}": w.rect for w in scene.group.widgets if w.focusable}
    bad = check_boxes(rec, boxes)
    panel = getattr(scene, "panel_rect", None)
    if panel is not None and not scene.opaque:
        bad += [f"{m!r} {r} outside the panel {panel}" for m, r in rec.texts
                if r.colliderect(panel) and not panel.contains(r)]
    bad += control_misfits(scene.group.widgets)
    bad += row_misfits(scene.group.widgets, rec)
    bad += colliding_texts(rec)
    return bad


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("code", list(LANGUAGES))
@pytest.mark.parametrize("name", list(MENUS))
def test_menu_text_fits_in_every_language(display, shipped_games_only, name, code, scale):
    i18n.set_language(code)
    svc = services_at(scale)
    scene = MENUS[name](svc)
    bad = misfits(scene, draw_menu(scene))
    assert not bad, "\n".join(bad)


class _FaceRecorder(Recorder):
    """A game card's face that remembers where its texts went."""

    def __init__(self, size):
        pygame.Surface.__init__(self, size, pygame.SRCALPHA)
        self.texts, self.sources = [], []


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_game_cards_keep_their_words_above_the_seats(display, shipped_games_only, monkeypatch,
                                                     code, scale):
    i18n.set_language(code)
    faces: list[_FaceRecorder] = []
    panel = theme.panel
    svc = services_at(scale)  # sets the text size the heights below depend on
    card_heights = {game_select.card_height() - game_select.lesson_room(lessons)
                    for lessons in (False, True)}

    class Face:
        def __init__(self, size):
            self.size = size

        def copy(self):
            faces.append(_FaceRecorder(self.size))
            return faces[-1]

    monkeypatch.setattr(game_select.theme, "panel", lambda size, *a, **k: Face(size)
                        if tuple(size)[1] in card_heights else panel(size, *a, **k))
    GameSelectScene(svc)
    assert len(faces) == len(GAMES)
    for face in faces:
        w, h = face.get_size()
        words = pygame.Rect(0, 0, w, h - SEAT_ROW_SPACE)
        assert len(face.texts) >= 3, face.texts  # name, players, at least a line of pitch
        bad = [f"{m!r} {r} leaves {words}" for m, r in face.texts if not words.contains(r)]
        assert not bad, "\n".join(bad)


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("code", list(LANGUAGES))
@pytest.mark.parametrize("game_id", list(GAMES))
def test_how_to_cards_fit(display, game_id, code, scale):
    """The four steps end above the footer; each step's head fits its line; the footer fits
    the screen."""
    i18n.set_language(code)
    svc = services_at(scale)
    steps = [(i18n._(s.title), i18n._(s.text)) for s in GAMES[game_id].howto]
    k, laid = _steps_layout(steps, 880 - 110, STEPS_BOTTOM - 290)
    assert k >= 0.8, k  # shrunk only a little to fit, never to something unreadable
    from game.scenes.howto import _step_height

    assert 290 + sum(_step_height(k, len(lines)) for _h, _px, lines in laid) <= STEPS_BOTTOM
    for head, px, _lines in laid:
        assert theme.font(px, display=True, fixed=True).size(head)[0] <= 880 - 110, head
    scene = HowToScene(svc, game_id, lambda: None, lambda: None)
    assert scene._foot.get_width() <= 1900
    howto_card(game_id)  # draws whole


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_kiosk_and_demo_captions_fit_their_room(display, code, scale):
    i18n.set_language(code)
    svc = services_at(scale)
    assert AttractCaption(svc, lambda: None)._band.get_width() <= 1880
    for game_id, info in GAMES.items():
        for n in range(info.min_players, info.max_players + 1):
            overlay = SimpleNamespace(demo=DemoGame(game_id, n, 1), services=svc)
            band = DemoOverlay._caption_band(overlay)
            x, _y = info.demo_caption
            room = 2 * min(x, 1920 - x)
            assert band.get_width() <= room, (game_id, n, band.get_width(), room)


# --- every word in the language ----------------------------------------------------------------
@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != i18n.SOURCE_LANGUAGE])
def test_the_menus_speak_the_language(display, shipped_games_only, code):
    """Every screen of this file, drawn in ``code``: no sentence falls back to English."""
    with speaking(code) as missing:
        english = []
        for name, make in MENUS.items():
            svc = services_at(1.0)
            scene = make(svc)
            for message, _rect in draw_menu(scene).texts:
                english += [(name, message, w) for w in english_words(message)]
        for game_id in GAMES:
            GameSelectScene(services_at(1.0))
            svc = services_at(1.0)
            HowToScene(svc, game_id, lambda: None, lambda: None)
            DemoGame(game_id, 3, 1).caption  # noqa: B018 - looked up in the catalogs
        AttractCaption(services_at(1.0), lambda: None)
    assert not english, english
    assert not missing, sorted(missing)


def test_a_demo_caption_reads_in_the_language(display):
    i18n.set_language("it")
    assert DemoGame("oregon", 1, 1).caption == "Oregon  ·  1 giocatore del computer"
    assert DemoGame("oasis", 5, 1).caption == "Oasis  ·  5 giocatori del computer"
    i18n.set_language("fr")
    assert DemoGame("oasis", 5, 1).caption == "Oasis  ·  5 joueurs ordinateur"


def test_the_continue_line_and_a_save_notice_follow_the_language(display):
    svc = with_unfinished_save(services_at(1.0))
    title = TitleScene(svc)
    assert title._continue_line() == "Continue: Colorado County · 2 humans · 2 bots · move 12"
    svc.stack.reset(title)
    svc.stack.apply_pending()
    svc.set_language("es")
    assert title._continue_line() == (
        "Continuar: Colorado County · 2 humanos · 2 bots · jugada 12")
    damaged = TitleScene(with_damaged_saves(services_at(1.0)))
    lines = damaged._notice_lines()
    assert lines[0].startswith("No se ha podido leer una partida guardada: autosave.json:"), lines
    i18n.set_language("fr")
    assert damaged._notice_lines()[0].startswith(
        "Impossible de lire une partie sauvegardée\u00a0: autosave.json\u00a0:")
