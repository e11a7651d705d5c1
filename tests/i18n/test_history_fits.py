"""The History and Statistics screens in every language at Text size 100 % and 150 %: every
text stays on the canvas and inside the box it belongs to (a row's cell, a column heading, a
button), and in Italian, Spanish and French no sentence falls back to English."""

import pygame
import pytest
from histories import write_history
from language_check import english_words, speaking
from text_boxes import CANVAS, Recorder, check_boxes, control_misfits

from game import i18n
from game.config import Config
from game.i18n import LANGUAGES
from game.registry import GAMES
from game.scenes.history import HistoryScene, StatisticsScene
from game.scenes.look_back import STATUS_W
from game.scenes.services import Services
from game.settings import Settings
from game.ui import theme
from game.ui.widgets import Button

SCALES = [1.0, 1.5]


@pytest.fixture(autouse=True)
def scale_back():
    yield
    theme.set_ui_scale(1.0)


@pytest.fixture(scope="module")
def saves_folder(tmp_path_factory):
    """A dozen finished games, written once for the whole file."""
    folder = tmp_path_factory.mktemp("history") / "saves"
    write_history(folder)
    return folder


def services_at(scale: float, folder=None) -> Services:
    config = Config()
    if folder is not None:
        config.data_dir = folder.parent
    return Services.standalone(config, Settings(ui_scale=scale, language=i18n.language()))


class FaceRecorder(Recorder):
    """A row's face that remembers where its texts went."""

    def __init__(self, size):
        pygame.Surface.__init__(self, size, pygame.SRCALPHA)
        self.texts, self.sources = [], []


def row_misfits(row) -> list[str]:
    face = FaceRecorder(row.rect.size)
    row.paint(face)
    assert face.texts, "nothing recorded: the check would prove nothing"
    cells = row.cells()
    whole = face.get_rect()
    return [f"{row.key}: {m!r} {r} leaves its cell" for m, r in face.texts
            if not whole.contains(r) or not any(c.contains(r) for c in cells)]


def screen_misfits(scene) -> list[str]:
    rec = Recorder()
    scene.draw_static(rec)
    scene.group.draw(rec)
    line = scene._status_line()
    bad = []
    if line is not None:
        rect = line.get_rect(center=(960, 1040 - theme.BUTTON_HEIGHT // 2))
        if line.get_width() > STATUS_W:
            bad.append(f"the line between the buttons is {line.get_width()} px wide")
        bad += [f"the line between the buttons overlaps {w.key}" for w in scene.group.widgets
                if isinstance(w, Button) and w.rect.colliderect(rect)]
    boxes = {f"widget {w.key}": w.rect for w in scene.group.widgets
             if w.focusable and w not in scene.rows.rows}
    bad += check_boxes(rec, boxes)
    bad += control_misfits(scene.group.widgets)
    for row in scene.rows.rows:
        bad += row_misfits(row)
    window = scene.rows.window
    if not CANVAS.contains(window):
        bad.append(f"the list's window {window} leaves the canvas")
    for w in scene.group.widgets:
        if w not in scene.rows.rows and w.rect.colliderect(window):
            bad.append(f"widget {w.key} {w.rect} covers the list {window}")
    return bad


def heading_misfits(scene) -> list[str]:
    bad = []
    rec = Recorder()
    scene.draw_head(rec)
    assert rec.texts
    boxes = [box for _words, box, _bold in scene.heading_boxes()]
    for message, r in rec.texts:
        if not any(b.inflate(0, 8).contains(r) for b in boxes):
            bad.append(f"heading {message!r} {r} leaves its column")
        if r.colliderect(scene.choice_rect()) or r.bottom > scene.rows.window.top:
            bad.append(f"heading {message!r} {r} runs into the filter or the list")
    sizes = {message: source.get_height() for message, _r, source in rec.sources}
    if len(set(sizes.values())) > 1:  # one shrunk to its column beside others that were not
        bad.append(f"the headings are drawn at different sizes: {sizes}")
    return bad


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_history_fits(display, saves_folder, code, scale):
    i18n.set_language(code)
    svc = services_at(scale, saves_folder)
    scene = HistoryScene(svc)
    assert len(scene.rows.rows) == 12
    bad = screen_misfits(scene)
    scene.status = i18n._("The replay of this game is missing.")
    bad += screen_misfits(scene)
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_statistics_fit(display, saves_folder, code, scale):
    i18n.set_language(code)
    svc = services_at(scale, saves_folder)
    scene = StatisticsScene(svc)
    assert scene.rows.rows
    bad = screen_misfits(scene) + heading_misfits(scene)
    for game in GAMES:
        scene.choose_game(game)
        bad += screen_misfits(scene)
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_empty_screens_fit(display, code, scale):
    i18n.set_language(code)
    for scene in (HistoryScene(services_at(scale)), StatisticsScene(services_at(scale))):
        rec = Recorder()
        scene.draw_static(rec)
        assert len(rec.texts) >= 2  # the title and what fills the list
        assert not check_boxes(rec, {})


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != i18n.SOURCE_LANGUAGE])
def test_the_screens_speak_the_language(display, saves_folder, code):
    with speaking(code) as missing:
        english = []
        for make in (HistoryScene, StatisticsScene):
            for folder in (saves_folder, None):
                scene = make(services_at(1.0, folder))
                scene.status = i18n._("The replay of this game is missing.")
                rec = Recorder()
                scene.draw_static(rec)
                scene.group.draw(rec)
                rec.blit(scene._status_line(), (0, 0))
                texts = [m for m, _r in rec.texts]
                for row in scene.rows.rows:
                    face = FaceRecorder(row.rect.size)
                    row.paint(face)
                    texts += [m for m, _r in face.texts]
                names = {"Anna", "Bruno", "Chiara", "Maximiliano Jr"}
                english += [(m, w) for m in texts if m not in names
                            for w in english_words(m)]
    assert not english, english
    assert not missing, sorted(missing)
