"""Settings -> Language applies at once: by mouse, keyboard or controller, every screen under
the settings (title, game choice, seat setup, pause menu, rules summary, how-to card) speaks the
new language without a restart; seats called by their colour follow it; ``--lang`` beats the
settings, a bad value exits 2 with the usage, and ``--help`` speaks the language asked for."""

import pygame
import pytest
from sibling_tests import load
from text_boxes import Recorder

from game import i18n, saves
from game.cli import parse_config
from game.config import Config
from game.engine.messages import localized
from game.registry import GAMES
from game.scenes import table as table_mod
from game.scenes.game_select import GameSelectScene
from game.scenes.howto import HowToScene
from game.scenes.pause import PauseMenu
from game.scenes.rules_overlay import RulesOverlay
from game.scenes.seat_setup import SeatSetupScene
from game.scenes.services import Services
from game.scenes.settings import SettingsScene
from game.seats import Seat, has_default_name, in_language, parse_players
from game.settings import Settings, save_settings
from game.ui import theme


def said(code: str, message: str) -> str:
    """``message`` as the catalog of ``code`` gives it (a test's expectation)."""
    return i18n.translation(code).gettext(message)


def widget(scene, key):
    return next(w for w in scene.group.widgets if w.key == key)


# --- the Language row, in the real app loop -----------------------------------------------------
smoke = load("scenes/test_smoke.py")
driver = smoke.driver  # the app, driven by posted pygame events


def pad(d, button) -> None:
    """A press of a controller button."""
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0,
                                         button=button))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0,
                                         button=button))
    d.run(4)


def change_language(d, how: str) -> None:
    """Move to the next language on the Language row the way a player of ``how`` would."""
    settings = d.top
    assert isinstance(settings, SettingsScene)
    if how == "mouse":
        row = widget(settings, "language")
        box = row.control_rect.inflate(-16, -16)
        d.click((box.right - 30, box.centery))  # the right arrow
        return
    step = {"keyboard": lambda: d.key(pygame.K_DOWN, frames=4),
            "controller": lambda: pad(d, pygame.CONTROLLER_BUTTON_DPAD_DOWN)}[how]
    for _ in range(12):
        if settings.group.focused.key == "language":
            break
        step()
    assert settings.group.focused.key == "language"
    if how == "keyboard":
        d.key(pygame.K_RIGHT)
    else:
        pad(d, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)


@pytest.mark.parametrize("how", ["keyboard", "mouse", "controller"])
def test_the_language_row_changes_every_menu_under_it_at_once(driver, how):
    d = driver
    services = d.app.services
    d.run(2)
    services.stack.push(GameSelectScene(services))
    services.stack.push(SeatSetupScene(services, "oregon"))
    d.run(2)
    services.open_settings()
    d.run(2)
    assert i18n.language() == "en"
    cards = [(d.face, d.angle, d.image) for d in services.stack.scenes[0].drifters]
    change_language(d, how)
    code = i18n.language()
    assert code == "it"  # English is last in the list: the row wraps round to Italiano
    assert services.settings.language == code
    title, select, seats, settings = services.stack.scenes
    # Each screen reads as the catalog says, and not as English any more.
    expected = [(title, "new", "New game"), (title, "settings", "Settings"),
                (select, "back", "Back"), (seats, "start", "Start"), (seats, "add", "+ Add seat"),
                (settings, "done", "Done")]
    for scene, key, english in expected:
        label = widget(scene, key).label
        assert label == said(code, english) != english, (key, label)
    assert widget(settings, "language").label == said(code, "Language")
    # The cards drifting over the title (their names written on them) are drawn again, the
    # same cards turned the same way.
    assert [(d.face, d.angle) for d in title.drifters] == [(f, a) for f, a, _i in cards]
    assert all(d.image is not image
               for d, (_f, _a, image) in zip(title.drifters, cards, strict=True))
    assert settings.group.focused.key == "language"  # the row in use keeps the focus
    # A seat called by its colour is called by it in the new language, in its field too.
    assert seats.seats[0].name == said(code, "Yellow") == "Giallo"
    assert widget(seats, "name0").placeholder == "Giallo"
    assert widget(seats, "seat0").options[0][1] == said(code, "Human")
    # Drawing every screen works in the new language (the static layers were dropped).
    d.run(2)
    d.key(pygame.K_ESCAPE)  # close the settings: the seat setup is on top, in Italian
    assert d.top is seats and i18n.language() == "it"


def test_the_table_overlays_and_the_how_to_card_follow_a_change(display):
    svc = Services.standalone()
    svc.settings.animation_speed = 60.0
    table = table_mod.open_table(svc, "oregon", parse_players("human,bot", GAMES["oregon"]), 3)
    svc.stack.reset(table)
    svc.stack.push(PauseMenu(svc, "oregon", svc.to_title, saved=True))
    svc.stack.push(RulesOverlay(svc, "oregon"))
    svc.stack.apply_pending()
    svc.open_settings()
    svc.stack.apply_pending()
    settings = svc.stack.top
    rules = svc.stack.scenes[-2]
    pause = svc.stack.scenes[-3]
    settings.group.focus_key("language")
    while widget(settings, "language").value != "fr":
        settings.handle(_move(1))
    assert i18n.language() == "fr"
    assert widget(pause, "resume").label == said("fr", "Resume") == "Reprendre"
    assert widget(pause, "quit").label == "Retour au menu"
    assert widget(rules, "close").label == "Fermer"
    original = [b.text for b in _rules_blocks("oregon")]
    assert [b.text for b in rules.blocks] == [said("fr", t) for t in original]
    assert rules.blocks[1].text.startswith("Colonisez la frontière")  # laid out again
    drawn = _drawn_texts(rules)
    assert said("fr", "{game} rules").format(game="Oregon") in drawn
    assert said("fr", "Wheel, arrows or drag to scroll  ·  Esc or F1 to close") in drawn
    for scene in svc.stack.scenes:
        scene.draw(pygame.Surface((1920, 1080)))

    svc.stack.reset(HowToScene(svc, "oasis", lambda: None, lambda: None))
    svc.stack.apply_pending()
    howto = svc.stack.top
    svc.set_language("es")
    footer = said("es", "Next: a game of {game}").format(game="Oasis")
    assert theme.TEXT_SURFACES[id(howto._foot)] == said(
        "es", "{footer}  ·  Press any key to play").format(footer=footer)
    assert footer.startswith("A continuación")


def _move(dx):
    from game.ui import intents as I

    return I.Intent(I.MOVE, dx=dx, dy=0)


def _rules_blocks(game_id):
    from game.rules_text import parse, rules_text

    return parse(rules_text(game_id))


def _drawn_texts(scene) -> set[str]:
    """Every text ``scene`` paints on its still layer."""
    rec = Recorder()
    scene.draw_static(rec)
    return {message for message, _rect in rec.texts}


# --- seats called by their colour -------------------------------------------------------------------
def test_a_colour_name_follows_the_language_and_a_typed_name_stays(display):
    i18n.set_language("it")
    yellow = Seat("human", None, "Giallo", 0)
    typed = Seat("human", None, "Anna", 1)
    assert has_default_name(yellow) and not has_default_name(typed)
    i18n.set_language("en")
    assert in_language(yellow).name == "Yellow"
    assert in_language(typed).name == "Anna"
    assert has_default_name(Seat("human", None, "Jaune", 0))  # French too
    assert not has_default_name(Seat("human", None, "Jaune", 1))  # but not another colour's


def test_a_game_saved_in_italian_opens_with_the_colours_named_in_french(tmp_path):
    i18n.set_language("it")
    state = GAMES["oregon"].new(2, 5)
    seats = parse_players("human,bot", GAMES["oregon"])
    assert [s.name for s in seats] == ["Giallo", "Blu"]
    seats[1] = Seat(seats[1].kind, seats[1].level, "Marta", seats[1].colour)
    text = saves.dumps(state, seats)
    i18n.set_language("fr")
    back = saves.loads(text)
    assert [s.name for s in back.seats] == ["Jaune", "Marta"]


def test_a_save_notice_is_shown_in_the_language_spoken_when_it_is_read(tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "landgrab-save", "version": 1, "game": "chess"}')
    saved, message = saves.open_save(bad)
    assert saved is None and "unknown game 'chess'" in message and "moved to" in message
    assert localized(message, None, "it") == (
        "broken.json: gioco sconosciuto 'chess'; spostato in broken.json.corrupt")
    assert localized(message, None, "fr").startswith("broken.json\u00a0: jeu inconnu 'chess'\u00a0;")


# --- the command line -----------------------------------------------------------------------------
def test_lang_beats_the_language_kept_in_the_settings():
    config = Config()
    save_settings(Settings(language="fr"), config.settings_path)
    assert parse_config([]).language is None
    assert i18n.language() == "fr"  # no --lang: the settings' choice speaks
    chosen = parse_config(["--lang", "it"])
    assert chosen.language == "it" and i18n.language() == "it"
    i18n.set_language("en")
    Services.standalone(chosen, Settings(language="fr"))
    assert i18n.language() == "it"


@pytest.mark.parametrize("argv", [["--lang", "de"], ["--lang=klingon"], ["--lang"]])
def test_a_bad_lang_exits_2_with_the_usage(capsys, argv):
    with pytest.raises(SystemExit) as stop:
        parse_config(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: landgrab") and "--lang" in err


def test_help_speaks_italian_with_lang_it(capsys):
    with pytest.raises(SystemExit) as stop:
        parse_config(["--lang", "it", "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("uso: landgrab")
    for english in ("show this help message and exit", "open a saved game", "display and sound",
                    "options:"):
        assert english not in out
    for italian in ("mostra questo aiuto ed esce", "apre una partita salvata", "schermo e suono",
                    "opzioni:"):
        assert italian in out


def test_an_error_speaks_the_language_of_lang(capsys):
    with pytest.raises(SystemExit) as stop:
        parse_config(["--lang", "es", "--game", "oregon", "--players", "human"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("uso: landgrab")
    assert "landgrab: error: --players: Oregon es para 2-4 jugadores, no 1" in err
