"""The results screen's score chart: offered after every game (2-5 seats), switched to and
back by mouse, keyboard and pad, drawn once, each seat's line and bars in its own colour,
and every text inside the chart at Text size 100 % and 150 % in every language."""

from types import SimpleNamespace

import pygame
import pytest
from finished_games import finished, results_of
from game_hooks import games_with, hooks
from language_check import english_words, speaking
from shipped_games import SHIPPED
from text_boxes import Recorder

from game import i18n
from game.config import Config
from game.games.oregon.table.results import COLUMNS as OREGON_COLUMNS
from game.games.oregon.table.results import POINT_COLUMNS as OREGON_POINTS
from game.games.oregon.table.results import result_rows as oregon_rows
from game.i18n import LANGUAGES
from game.registry import GAMES
from game.scenes import results as results_mod
from game.scenes.replay import ReplayScene
from game.scenes.results import ResultRow, ResultsScene
from game.scenes.score_chart import chart_of, draw_chart
from game.scenes.services import Services
from game.seats import BOT, make_seat
from game.session import LocalSession
from game.settings import Settings
from game.ui import intents as I
from game.ui import theme
from game.ui.intents import InputMapper
from game.ui.widgets import button_label

# every game with results (2-5 seats), at every number of seats it takes
SEATS = [(g, n) for g in games_with("results")
         for n in range(GAMES[g].min_players, GAMES[g].max_players + 1)]
E = pygame.event.Event


@pytest.fixture(autouse=True)
def scale_back():
    yield
    theme.set_ui_scale(1.0)
    i18n.set_language("en")


def press(services, mapper: InputMapper, event) -> None:
    for intent in mapper.translate(event):
        services.stack.handle(intent)
    services.stack.apply_pending()


@pytest.mark.parametrize(("game_id", "players"), SEATS)
def test_every_game_offers_its_chart_and_draws_it_once(services, display, monkeypatch,
                                                       game_id, players):
    scene = results_of(services, game_id, players)
    chart = scene.chart
    assert chart is not None and scene.chart_button is not None
    table = scene.services.stack.scenes[-2]
    assert chart.seats == tuple((table.names[q], table.colour[q]) for q in range(players))
    assert [line[-1] for line in chart.series.points] == list(chart.totals)
    assert chart.order == tuple(sorted(range(players), key=lambda q: -chart.totals[q])) or \
        len(set(chart.totals)) < players  # a tie keeps the table's order
    drawn = []
    real = results_mod.draw_chart
    monkeypatch.setattr(results_mod, "draw_chart", lambda *a: drawn.append(a) or real(*a))
    scene.skip_intro()
    scene.group.focus(scene.chart_button)
    scene.handle(I.simple(I.CONFIRM))
    assert scene.showing_chart and scene.chart_button.label != scene.again_button.label
    for _ in range(5):
        scene.update(1 / 60)
        scene.draw(display)
    assert len(drawn) == 1  # once, not per frame
    # the chart stands where the table stood, between the headline and the buttons
    assert scene.chart_rect.bottom < min(b.rect.top for b in scene.group.widgets)
    assert scene.chart_rect.top > 190
    scene.handle(I.simple(I.CONFIRM))  # the focus stayed on the button
    assert not scene.showing_chart
    services.stack.reset()
    services.stack.apply_pending()


def test_the_chart_by_keyboard_pad_and_mouse(services, display):
    scene = results_of(services, "colorado", 4)
    mapper = InputMapper()
    press(services, mapper, E(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))  # skips the intro
    assert not scene.counting and not scene.showing_chart
    press(services, mapper, E(pygame.KEYDOWN, key=pygame.K_e, mod=0))
    assert scene.showing_chart
    press(services, mapper, E(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0))
    assert not scene.showing_chart
    # Tab through the buttons to the chart's and press it
    for _ in range(len(scene.group.widgets)):
        if scene.group.focused is scene.chart_button:
            break
        press(services, mapper, E(pygame.KEYDOWN, key=pygame.K_TAB, mod=0))
    assert scene.group.focused is scene.chart_button
    press(services, mapper, E(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert scene.showing_chart
    scene.draw(display)

    def pad(button):
        return E(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=button)

    press(services, mapper, pad(pygame.CONTROLLER_BUTTON_Y))
    assert not scene.showing_chart
    press(services, mapper, pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER))
    assert scene.showing_chart
    press(services, mapper, pad(pygame.CONTROLLER_BUTTON_A))  # the focused chart button
    assert not scene.showing_chart
    # and by mouse: a click on the button (the focus is elsewhere now)
    scene.group.focus(scene.again_button)
    click = scene.chart_button.rect.center
    press(services, mapper, E(pygame.MOUSEBUTTONDOWN, pos=click, button=1))
    press(services, mapper, E(pygame.MOUSEBUTTONUP, pos=click, button=1))
    assert scene.showing_chart
    # B goes to Menu as before; nothing was chosen on the way
    press(services, mapper, pad(pygame.CONTROLLER_BUTTON_B))
    assert scene.group.focused is scene.menu_button and not scene.chosen
    services.stack.reset()
    services.stack.apply_pending()


def test_the_chart_comes_back_with_the_results_after_the_replay(services, display):
    scene = results_of(services, "oasis", 3)
    scene.toggle_chart()
    scene.draw(display)
    image = scene.chart_image()
    scene.watch_replay()
    services.stack.apply_pending()
    assert isinstance(services.stack.top, ReplayScene)
    services.stack.top.handle(I.simple(I.BACK))
    services.stack.apply_pending()
    assert services.stack.top is scene and scene.showing_chart
    scene.draw(display)
    assert scene.chart_image() is image
    services.stack.reset()
    services.stack.apply_pending()


def test_results_over_a_replay_chart_its_whole_recording(services, display):
    """Results opened over a replay (at its end) chart the recorded game, whatever move the
    replay shows."""
    state = finished("oregon", 3)
    seats = [make_seat("oregon", i, BOT, "easy") for i in range(3)]
    replay = ReplayScene(services, state, seats)
    services.stack.push(replay)
    services.stack.apply_pending()
    rows = [ResultRow(*r) for r in oregon_rows(state, replay.names, replay.colours)]
    scene = ResultsScene(services, "Oregon", rows, lambda: None, lambda: None, OREGON_COLUMNS,
                         categories=OREGON_POINTS)
    assert scene.chart is not None
    assert [line[-1] for line in scene.chart.series.points] == state.scores()
    assert scene.chart.series.steps > 10
    scene.toggle_chart()
    scene.draw(display)
    services.stack.reset()
    services.stack.apply_pending()


def test_each_line_and_bar_is_its_own_seats(services, display):
    """Seats wearing other colours than their seat's: each line ends at the total of the
    row in its colour, each bar is that row's points, though the ranking is another order."""
    colours = [4, 0, 3]  # purple, yellow, red
    scene = results_of(services, "oasis", 3, colours)
    chart = scene.chart
    assert chart is not None
    state = scene.services.stack.scenes[-2].session.state
    totals = [f["total"] for f in state.final]
    assert len(set(totals)) == 3 and chart.order != (0, 1, 2)  # a mix-up would show
    for q in range(3):
        row = next(r for r in scene.rows if r.colour_index == colours[q])
        assert chart.series.points[q][-1] == row.total == totals[q]
        assert chart.seats[q][1] == colours[q]
        for label, points in chart.categories:
            assert points[q] == row.breakdown[label] == state.final[q][
                {"Camels": "camels", "Oases": "oasis", "Steppe": "steppe",
                 "Stone": "stone"}[label]]["points"]
    services.stack.reset()
    services.stack.apply_pending()


def test_no_recorded_game_no_chart(services, display):
    rows = [ResultRow("Ann", 1, 1, 30, {"Track": 30}, True), ResultRow("Bo", 0, 2, 20,
                                                                       {"Track": 20})]
    scene = ResultsScene(services, "Oregon", rows, lambda: None, lambda: None, ["Track"],
                         categories=["Track"])
    assert scene.chart is None and scene.chart_button is None
    scene.handle(I.rotate(1))
    assert not scene.showing_chart


# --- fitting at every text size, in every language -----------------------------------------
LONG_NAMES = ["Bartholomew Longname", "Maximiliana", "Constantinopolis", "Wilhelmina Q",
              "Evangelina R"]


def chart_model(game_id: str, players: int):
    """The chart of a finished game with long names, as the results screen builds it."""
    state = finished(game_id, players)
    names = LONG_NAMES[:players]
    colours = list(range(players))
    rows, columns, categories = hooks(game_id).results(state, names, colours)
    table = SimpleNamespace(session=LocalSession(state), names=names, colour=colours,
                            round_words=lambda r, _n: i18n.pgettext(
                                "Colorado County", "Round {round}").format(round=r))
    model = chart_of(table, [ResultRow(*r) for r in rows], categories)
    assert model is not None
    return model, [ResultRow(*r) for r in rows], columns


def overlaps(texts):
    out = []
    for i, (m1, r1) in enumerate(texts):
        for m2, r2 in texts[i + 1:]:
            if r1.colliderect(r2):
                out.append(f"{m1!r} {r1} overlaps {m2!r} {r2}")
    return out


@pytest.mark.parametrize("code", sorted(LANGUAGES))
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_chart_fits_at_every_text_size_in_every_language(display, code, scale):
    theme.set_ui_scale(scale)
    problems = []
    with speaking(code) as missing:
        for game_id in sorted(set(SHIPPED) & set(games_with("results"))):  # translated
            model, rows, columns = chart_model(game_id, GAMES[game_id].max_players)
            svc = Services.standalone(Config(), Settings(ui_scale=scale, language=code))
            scene = ResultsScene(svc, game_id, rows, lambda: None, lambda: None, columns,
                                 chart=model, on_replay=lambda: None)
            scene.toggle_chart()
            rect = scene.chart_rect
            rec = Recorder()
            draw_chart(rec, rect, model)
            for message, r in rec.texts:
                if not rect.contains(r):
                    problems.append(f"{game_id}: {message!r} {r} leaves the chart {rect}")
                if code != "en" and english_words(message):
                    problems.append(f"{game_id}: English {message!r}")
            problems += [f"{game_id}: {o}" for o in overlaps(rec.texts)]
            # the buttons' labels fit their buttons (in both views), and clear the chart
            for view in range(2):
                for button in scene.group.widgets:
                    label = button_label(button.label, button.rect.size, theme.BUTTON_SIZE,
                                         theme.INK)
                    if label.get_width() > button.rect.width - 24 or \
                            label.get_height() > button.rect.height - 6:
                        problems.append(f"{button.label!r} is larger than its button")
                    if view == 0 and button.rect.colliderect(rect):
                        problems.append(f"{button.label!r} covers the chart")
                    if not pygame.Rect(0, 0, 1920, 1080).contains(button.rect):
                        problems.append(f"{button.label!r} leaves the canvas")
                scene.toggle_chart()
            svc.close()
    if code != "en":
        problems += [f"no {code} translation for {m!r}" for m in sorted(missing)]
    assert not problems, "\n".join(problems)

