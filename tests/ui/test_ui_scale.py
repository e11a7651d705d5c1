"""The "Text size" setting (UI scale 100-150 %): saved, clamped, applied live, and at 150 %
every text drawn on the menus and tables stays inside the box it belongs to."""

import pygame
import pytest
from shipped_games import SHIPPED
from text_boxes import Recorder, check_boxes, open_table, record_panel_blits

from game.config import Config
from game.registry import GAMES
from game.scenes.confirm import quit_confirmation
from game.scenes.overlay import MenuOverlay
from game.scenes.pause import PauseMenu
from game.scenes.seat_setup import SeatSetupScene
from game.scenes.services import Services
from game.scenes.settings import SettingsScene
from game.scenes.table import screen as table_screen
from game.scenes.title import TitleScene
from game.settings import Settings, load_settings, save_settings
from game.ui import theme
from game.ui.table_common import prompt_fit
from game.ui.widgets import Button, button_label


@pytest.fixture(autouse=True)
def scale_back():
    yield
    theme.set_ui_scale(1.0)


def services_at(scale: float) -> Services:
    return Services.standalone(Config(), Settings(ui_scale=scale))


# --- the setting --------------------------------------------------------------------------------
def test_setting_clamps_and_persists(tmp_path):
    path = tmp_path / "settings.json"
    assert Settings().ui_scale == 1.0
    assert Settings.from_json({"ui_scale": 3}).ui_scale == 1.5
    assert Settings.from_json({"ui_scale": 0.5}).ui_scale == 1.0
    assert Settings.from_json({"ui_scale": "big"}).ui_scale == 1.0
    s = Settings.from_json({"ui_scale": 1.25, "from_a_newer_version": [1, 2]})
    assert save_settings(s, path)
    back = load_settings(path)
    assert back.ui_scale == 1.25
    assert back.extra == {"from_a_newer_version": [1, 2]}


def test_theme_scale_is_clamped_and_exact_at_100():
    theme.set_ui_scale(9)
    assert theme.ui_scale() == 1.5
    theme.set_ui_scale(0.2)
    assert theme.ui_scale() == 1.0
    assert theme.scaled(37) == 37
    theme.set_ui_scale(1.5)
    assert theme.scaled(40) == 60
    assert theme.scaled(40, cap=1.2) == 48


def test_text_renders_larger_at_150_but_board_text_does_not(display):
    theme.set_ui_scale(1.0)
    small = theme.text("Place a farmer", 28)
    board = theme.text("25", 20, fixed=True)
    theme.set_ui_scale(1.5)
    big = theme.text("Place a farmer", 28)
    assert big.get_height() >= small.get_height() * 1.4
    assert big.get_width() >= small.get_width() * 1.4
    assert theme.text("25", 20, fixed=True).get_size() == board.get_size()
    assert len(theme.wrap("one two three four five six seven", 28, 300)) > len(
        theme.wrap("one two three four five six seven", 28, 450))


def test_a_no_break_space_keeps_its_words_on_one_line(display):
    """French puts a no-break space before a colon: a line never starts with the colon."""
    theme.set_ui_scale(1.5)
    for width in (60, 150, 250):
        lines = theme.wrap("Départage\u00a0: fermiers « placés\u00a0»", 28, width, bold=True)
        assert not [line for line in lines if line[:1] in ":»"], lines
        assert "Départage\u00a0:" in lines


def test_fit_text_shrinks_to_its_box_but_not_far_below_100(display):
    theme.set_ui_scale(1.5)
    wide = theme.fit_text("Landscape 38", 22, 10_000)
    assert wide.get_height() == theme.text("Landscape 38", 22).get_height()
    fitted = theme.fit_text("Landscape 38", 22, 140)
    assert fitted.get_width() <= 140
    at_100 = theme.text("Landscape 38", 22, fixed=True)
    just = theme.fit_text("Landscape 38", 22, at_100.get_width())
    assert just.get_size() == at_100.get_size()  # fits at 100 %: no smaller
    tight = theme.fit_text("Landscape 38", 22, at_100.get_width() - 10)
    assert tight.get_width() <= at_100.get_width() - 10  # too long for its frame: a bit smaller
    floor = theme.fit_text("Landscape 38", 22, 5)
    least = theme.text("Landscape 38", round(22 * theme.FIT_LEAST), fixed=True)
    assert floor.get_size() == least.get_size()


def test_text_size_row_applies_live(display):
    svc = services_at(1.0)
    title = TitleScene(svc)
    svc.stack.push(title)
    svc.stack.apply_pending()
    svc.open_settings()
    svc.stack.apply_pending()
    settings = svc.stack.top
    assert isinstance(settings, SettingsScene)
    before = settings.panel_rect.copy()
    settings.group.focus_key("text_size")
    settings.handle(_move(1))
    assert theme.ui_scale() == 1.1
    assert svc.settings.ui_scale == 1.1
    settings = svc.stack.top
    assert settings.panel_rect.width > before.width
    assert settings.group.focused.key == "text_size"  # focus stays on the row
    for _ in range(5):
        settings.handle(_move(1))
    assert theme.ui_scale() == 1.5
    settings.update(1.0)  # the delayed save
    assert load_settings(svc.config.settings_path).ui_scale == 1.5


@pytest.mark.parametrize("side", ["right", "left"])
def test_a_growing_dialog_keeps_the_control_under_the_pointer(display, side):
    """Clicking an arrow of Text size again and again at one spot keeps changing the size: the
    settings panel grows around the pointer instead of carrying the arrow away."""
    from game.ui import intents as I

    svc = services_at(1.0 if side == "right" else 1.5)
    svc.open_settings()
    svc.stack.apply_pending()
    settings = svc.stack.top
    row = next(w for w in settings.group.widgets if w.key == "text_size")
    box = row.control_rect.inflate(-16, -16)
    pos = (box.right - 30, box.centery) if side == "right" else (box.x + 30, box.centery)
    settings.handle(I.Intent(I.POINT, pos=pos))
    seen = [theme.ui_scale()]
    for _ in range(3):
        settings.handle(I.Intent(I.CLICK, pos=pos, button=1))
        seen.append(theme.ui_scale())
        row = next(w for w in settings.group.widgets if w.key == "text_size")
        box = row.control_rect.inflate(-16, -16)
        arrow = (box.right - 30, box.centery) if side == "right" else (box.x + 30, box.centery)
        canvas = pygame.Rect(0, 0, 1920, 1080)
        assert canvas.contains(settings.panel_rect)
        assert abs(arrow[1] - pos[1]) <= 2, (seen, arrow, pos)
        if settings.panel_rect.x > 0 and settings.panel_rect.right < canvas.right:
            assert abs(arrow[0] - pos[0]) <= 2, (seen, arrow, pos)
        else:  # held by the canvas edge: the pointer is still on that half of the control
            control = row.control_rect
            assert control.collidepoint(pos) and (pos[0] >= control.centerx) == (side == "right")
    assert seen == ([1.0, 1.1, 1.25, 1.5] if side == "right" else [1.5, 1.25, 1.1, 1.0])


def test_a_dialog_held_for_the_pointer_is_centred_again_once_the_pointer_leaves(display):
    from game.ui import intents as I

    svc = services_at(1.0)
    svc.open_settings()
    svc.stack.apply_pending()
    settings = svc.stack.top
    for _ in range(3):  # the right arrow of Text size, clicked where it now is
        box = next(w for w in settings.group.widgets
                   if w.key == "text_size").control_rect.inflate(-16, -16)
        pos = (box.right - 30, box.centery)
        settings.handle(I.Intent(I.POINT, pos=pos))
        settings.handle(I.Intent(I.CLICK, pos=pos, button=1))
    assert theme.ui_scale() == 1.5
    centred = pygame.Rect(settings.panel_rect)
    centred.center = (960, 540)
    assert settings.panel_rect != centred  # held under the pointer while it is on the arrow
    settings.handle(I.Intent(I.POINT, pos=(pos[0], pos[1] - 300)))  # off the row
    assert settings.panel_rect == centred
    row = next(w for w in settings.group.widgets if w.key == "text_size")
    assert row.rect.centerx == 960


def test_a_dialog_held_for_the_focus_is_centred_again_when_the_focus_moves_on(display):
    svc = services_at(1.0)
    svc.open_settings()
    svc.stack.apply_pending()
    settings = svc.stack.top
    settings.group.focus_key("text_size")
    for _ in range(3):
        settings.handle(_move(1))
    assert settings.panel_rect.center != (960, 540)
    settings.handle(_move(0, 1))
    assert settings.group.focused.key != "text_size"
    assert settings.panel_rect.center == (960, 540)


def test_a_growing_dialog_keeps_the_keyboard_focus_in_place(display):
    svc = services_at(1.0)
    svc.open_settings()
    svc.stack.apply_pending()
    settings = svc.stack.top
    settings.group.focus_key("text_size")
    before = settings.group.focused.rect.center
    for scale in (1.1, 1.25, 1.5):
        settings.handle(_move(1))
        assert theme.ui_scale() == scale
        assert settings.group.focused.key == "text_size"
        after = settings.group.focused.rect.center
        assert abs(after[1] - before[1]) <= 2 and abs(after[0] - before[0]) <= 2, scale


@pytest.mark.parametrize("scale", [1.0, 1.1, 1.25, 1.5])
def test_title_letters_stay_clear_of_the_games_line_and_the_buttons(display, scale):
    svc = services_at(scale)
    title = TitleScene(svc)
    title.intro.update(10)
    title.fade_in.update(10)
    rec = Recorder()
    title.draw(rec)
    glyphs = {m: r for m, r, _src in rec.glyphs(min_alpha=100)}
    big = glyphs["Landgrab"]
    line = glyphs[" · ".join(g.name for g in GAMES.values())]
    assert big.bottom < line.top, (big, line)  # the "g" does not reach the games line
    first = min(w.rect.top for w in title.group.widgets)
    assert line.bottom < first
    if scale == 1.0:  # the 100 % title is where it always was
        assert title._title_y == 250 and title._sub_y == 395


@pytest.mark.parametrize("scale", [1.0, 1.1, 1.25, 1.5])
def test_settings_controls_line_up(display, scale):
    """The sliders' tracks start and end on one line, and so does the Text size box."""
    from game.ui.rows import Choice, Slider

    settings = SettingsScene(services_at(scale))
    sliders = [w for w in settings.group.widgets if isinstance(w, Slider)]
    choice = next(w for w in settings.group.widgets if isinstance(w, Choice))
    assert len(sliders) >= 3
    assert len({(w.track.x, w.track.right) for w in sliders}) == 1, [w.track for w in sliders]
    assert choice.control_rect.x == sliders[0].control_rect.x


def _card_name_ink(ident: str) -> pygame.Rect:
    """The box of the light lettering on a hand card's name ribbon."""
    from game.games.oregon.art import pictures as oregon_art
    card = oregon_art.card_surface("building" if ident in oregon_art.BUILDINGS else "landscape", ident,
                            (140, 196))
    ribbon = pygame.Rect(0, 140, 140, 56)
    ink = pygame.mask.from_threshold(card.subsurface(ribbon), (255, 250, 238, 255),
                                     (6, 6, 6, 255))  # the lettering's own colour only
    boxes = ink.get_bounding_rects()
    return boxes[0].unionall(boxes).move(ribbon.topleft)


@pytest.mark.parametrize("ident", ["gold_mine", "post_office", "campfire", "eagle"])
def test_card_names_grow_with_the_text_size(display, ident):
    theme.set_ui_scale(1.0)
    small = _card_name_ink(ident)
    theme.set_ui_scale(1.5)
    big = _card_name_ink(ident)
    assert big.h >= small.h * 1.3 and big.w > small.w, (small, big)
    assert big.x >= 4 and big.right <= 136  # still on the card, inside its frame


@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_colorado_panel_counts_keep_clear_of_the_next_icon(display, monkeypatch, scale):
    """Cubes, cowboys, For Sale tokens and flags in hand: at every text size each count ends
    a clear gap before the next icon starts (as at 100 %)."""
    from game.games.colorado.table import panels
    blits = record_panel_blits(monkeypatch, panels)
    theme.set_ui_scale(scale)
    panels.render_panel.cache_clear()
    model = panels.PanelModel("Orange", "Human", 5, 0, 40, 5, 0, 15, 4, 0, "", True,
                              (630, 104), you=True)
    panels.render_panel(model)
    row = [(m, r) for m, r in blits if r.top >= 50 and r.h]  # the counters' line
    row.sort(key=lambda item: item[1].x)
    counts = [i for i, (m, _r) in enumerate(row) if m in ("40", "×15", "5")]
    assert len(counts) == 3, row
    for i in counts:
        count, icon = row[i][1], row[i + 1][1]
        assert row[i + 1][0] is None and icon.left - count.right >= 10, (row[i], row[i + 1])


def _move(dx: int, dy: int = 0):
    from game.ui import intents as I

    return I.Intent(I.MOVE, dx=dx, dy=dy)


# --- menus: every text inside its panel and rows -------------------------------------------------
def menu_scenes(svc):
    yield "settings", SettingsScene(svc)
    yield "pause", PauseMenu(svc, "oregon", lambda: None)
    yield "confirm", quit_confirmation(svc)
    yield "overlay", MenuOverlay(svc, "Leave the game?", [("Stay", None), ("Leave", None)],
                                 "The game is saved after every move; Continue picks it up.")
    yield "seats", SeatSetupScene(svc, "colorado")


@pytest.mark.parametrize("name", ["settings", "pause", "confirm", "overlay", "seats"])
def test_menu_text_fits_at_150(display, name):
    svc = services_at(1.5)
    scene = dict(menu_scenes(svc))[name]
    rec = Recorder()
    scene.draw_static(rec)
    scene.group.draw(rec)
    assert rec.texts, "nothing recorded: the check would prove nothing"
    boxes = {f"widget {w.key}": w.rect for w in scene.group.widgets if w.focusable}
    panel = getattr(scene, "panel_rect", None)
    bad = check_boxes(rec, boxes)
    if panel is not None:
        bad += [f"{m!r} {r} outside the panel {panel}" for m, r in rec.texts
                if r.colliderect(panel) and not panel.contains(r)]
    assert not bad, "\n".join(bad)
    for w in scene.group.widgets:
        if isinstance(w, Button):
            label = button_label(w.label, w.rect.size, w.text_size, theme.INK)
            assert label.get_width() <= w.rect.w - 24 and label.get_height() <= w.rect.h, w.label


def test_menus_grow_at_150(display):
    small = {n: s.panel_rect for n, s in menu_scenes(services_at(1.0)) if n != "seats"}
    big = {n: s.panel_rect for n, s in menu_scenes(services_at(1.5)) if n != "seats"}
    for n in small:
        assert big[n].h > small[n].h or big[n].w > small[n].w, n
        assert pygame.Rect(0, 0, 1920, 1080).contains(big[n]), n


# --- tables: prompt, buttons, log, panels ---------------------------------------------------------
# every shipped game's table (the layouts that ship) at its most seats
TABLES = [(g, ",".join(["human"] + ["bot"] * (GAMES[g].max_players - 1))) for g in sorted(SHIPPED)]
# Colorado County's longest kind of prompt: a two-star card with a lake that changes owner
LONG_PROMPT = ("Your start star takes no cube: 3 cubes on the glowing cells (click to toggle). "
               "Turn it with R, the wheel or right click. Lake 6 changes owner.")


def prompt_lines(rec: Recorder, scene, text: str):
    """The prompt's lines as drawn (texts in the prompt's column that are pieces of it)."""
    r = scene.layout.message_rect
    column = pygame.Rect(r.x, r.bottom - 400, r.w, 400)
    return [(m, rect, src) for m, rect, src in rec.sources
            if m.strip() and m in text and column.contains(rect)]


@pytest.mark.parametrize("game_id,players", TABLES)
def test_table_text_fits_at_150(display, game_id, players):
    svc = services_at(1.5)
    scene = open_table(svc, game_id, players)
    assert scene.human_can_act and scene.controls.prompt()
    scene.error("That cell is not next to one of your farmers, so it cannot take one now.")
    rec = Recorder()
    scene.draw(rec)
    lay = scene.layout
    box = table_screen.prompt_box(scene)[0]
    boxes = {"message": box, "log": lay.log_rect}
    boxes.update({f"button {i}": r for i, r in enumerate(lay.buttons)})
    boxes.update({f"panel {i}": r for i, r in enumerate(lay.panels)})
    inside = [m for m, r in rec.texts if box.contains(r)]
    assert inside, "the prompt was not drawn as text in its panel"
    bad = check_boxes(rec, boxes)
    assert not bad, "\n".join(bad)
    assert box.bottom == lay.message_rect.bottom and box.x == lay.message_rect.x
    assert not any(box.colliderect(b) for b in lay.buttons)
    big = max(r.h for m, r in rec.texts if box.contains(r))
    theme.set_ui_scale(1.0)
    assert big > theme.line_height(28) * 0.75  # the prompt did not shrink below 100 %


@pytest.mark.parametrize("game_id,players", TABLES)
def test_the_prompt_grows_with_the_text_size(display, game_id, players):
    """At 150 % the prompt is drawn at 150 %, or, when that would not fit the room it has
    below the score track, it fills that room and the text still grows."""
    heights, panels = {}, {}
    for scale in (1.0, 1.5):
        theme.set_ui_scale(1.0)
        scene = open_table(services_at(scale), game_id, players)
        rec = Recorder()
        scene.draw(rec)
        lines = prompt_lines(rec, scene, scene.controls.prompt())
        assert " ".join(m for m, _r, _s in lines) == scene.controls.prompt()
        heights[scale] = min(src.get_height() for _m, _r, src in lines)
        panels[scale] = max(r.bottom for _m, r, _s in lines) - min(r.top for _m, r, _s in lines)
        room = scene.layout.prompt_room
        text, _err, bold, icon = table_screen.prompt_style(scene)
        width = scene.layout.message_rect.w - 32 - (90 if icon is not None else 0)
    # the panel the prompt would take at 150 % were the board not above it
    unbounded = prompt_fit(text, width, scene.layout.message_rect.h, bold, 1.5, 10_000)[3]
    assert heights[1.5] >= heights[1.0] * 1.4 or unbounded > room, (heights, panels, room)
    assert heights[1.5] >= heights[1.0]


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("game_id,players", TABLES)
def test_a_long_prompt_keeps_off_the_board_and_the_score_track(display, game_id, players,
                                                                scale):
    """The prompt's panel grows upwards only as far as the score track: the board's last row
    and the track stay in sight, and a click on them reaches them, not a hidden cell."""
    svc = services_at(scale)
    scene = open_table(svc, game_id, players)
    scene.error(LONG_PROMPT)
    box = table_screen.prompt_box(scene)[0]
    lay = scene.layout
    assert not box.colliderect(lay.track_rect), (box, lay.track_rect)
    assert not box.colliderect(lay.board_rect), (box, lay.board_rect)
    rec = Recorder()
    scene.draw(rec)
    lines = prompt_lines(rec, scene, LONG_PROMPT)
    assert " ".join(m for m, _r, _s in lines) == LONG_PROMPT
    least = theme.assets.font(round(28 * theme.FIT_LEAST)).get_height()
    assert all(src.get_height() >= least for _m, _r, src in lines)  # still legible


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("game_id,players", TABLES)
def test_a_long_prompt_is_never_cut(display, game_id, players, scale):
    """Every word of a long prompt is shown, in a panel that grows upwards as needed and
    keeps clear of the buttons."""
    svc = services_at(scale)
    scene = open_table(svc, game_id, players)
    for text, error in ((LONG_PROMPT, False), (LONG_PROMPT + " " + LONG_PROMPT, True)):
        if error:
            scene.error(text)
        else:
            scene.message, scene.message_error = text, False
        rec = Recorder()
        scene.draw(rec)
        lines = prompt_lines(rec, scene, text)
        assert " ".join(m for m, _r, _s in lines) == text
        box = table_screen.prompt_box(scene)[0]
        assert all(box.contains(r) for _m, r, _s in lines)
        assert pygame.Rect(0, 0, 1920, 1080).contains(box)
        assert not any(box.colliderect(b) for b in scene.layout.buttons)


def test_table_follows_a_live_change(display):
    svc = services_at(1.0)
    scene = open_table(svc, "oregon", "human,bot")
    wrap_before = scene.log.wrap_width
    lines_before = sum(len(e.lines) for e in scene.log.entries)
    svc.set_ui_scale(1.5)
    assert scene.log.line_height > theme.assets.font(28).get_linesize()
    assert sum(len(e.lines) for e in scene.log.entries) >= lines_before
    assert scene.log.wrap_width == wrap_before
    rec = Recorder()
    scene.draw(rec)
    assert not check_boxes(rec, {"message": table_screen.prompt_box(scene)[0],
                                 "log": scene.layout.log_rect})


def _results(svc, columns):
    from game.scenes.results import ResultRow, ResultsScene

    rows = [ResultRow(f"Player {i}", i, i + 1, 120 - 10 * i,
                      {c: 10 * i + len(c) for c in columns}, i == 0) for i in range(4)]
    return ResultsScene(svc, "Colorado County", rows, lambda: None, lambda: None, columns)


@pytest.mark.parametrize("columns", [
    ["Track", "Coal", "Gold", "Farmers on board"],
    ["R1", "R2", "R3", "R4", "Borders", "Lakes", "Doubles", "Big domain", "Tie-break: cubes"],
])
def test_results_table_fits_the_canvas_at_150(display, columns):
    """A wide results table lowers its own text size (never below 100 %) until it fits."""
    normal = _results(services_at(1.0), columns).scores
    assert normal.cap is None
    scene = _results(services_at(1.5), columns)
    big = scene.scores
    canvas = pygame.Rect(0, 0, 1920, 1080)
    assert canvas.contains(big.rect), big.rect
    assert big.rect.width >= normal.rect.width  # bigger, or as big as fits
    rec = Recorder()
    scene.draw_static(rec)
    for i in range(len(big.rows)):
        rec.blit(big.row_images[i], big.row_rect(i))
    bad = [f"{m!r} {r}" for m, r in rec.texts if not canvas.contains(r)]
    bad += [f"{m!r} {r} outside the table" for m, r in rec.texts
            if r.colliderect(big.rect) and not big.rect.contains(r)]
    assert rec.texts and not bad, "\n".join(bad)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_oasis_zoom_words_are_whole_at_every_text_size(display, scale):
    """Every card's name fits its column of the zoom without shrinking and its words (with
    "(done)") are drawn whole, at 100 % and at 150 %."""
    from game.games.oasis.art import zoom
    from game.games.oasis.engine.cards import CARDS
    theme.set_ui_scale(scale)
    col = theme.scaled(zoom.ZOOM_CARD[0])
    for card in CARDS:
        name, detail = zoom.card_words(card)
        assert theme.font(zoom.NAME_SIZE, bold=True).size(name)[0] <= col + zoom.GAP - 6, name
        done = zoom.effect_words(detail, "done")
        lines = theme.wrap(done, zoom.DETAIL_SIZE, col - 8)
        assert " ".join(lines) == done
        model = zoom.ZoomModel("Red's offer", (card,), states=("done",))
        tall = zoom.render_zoom(model).get_height()
        short = zoom.render_zoom(zoom.ZoomModel("Red's offer", (card,))).get_height()
        assert tall - short == max(0, len(lines) - 2) * (zoom.DETAIL_SIZE + 4 + theme.grown(
            zoom.DETAIL_SIZE)), card  # room for every line
    big = zoom.render_zoom(zoom.ZoomModel("Red's offer", tuple(list(CARDS)[:3]), note="x"))
    theme.set_ui_scale(1.0)
    small = zoom.render_zoom(zoom.ZoomModel("Red's offer", tuple(list(CARDS)[:3]), note="x"))
    assert big.get_height() >= small.get_height() and (scale == 1.0) == (big.get_size() ==
                                                                          small.get_size())


@pytest.mark.parametrize("game_id,players", TABLES)
def test_a_click_on_the_prompt_never_reaches_a_cell_under_it(display, game_id, players):
    """A prompt too long even for its room grows over the board's edge: a click on its
    panel there is not a move on the hidden cell."""
    from game.ui import intents as I

    scene = open_table(services_at(1.5), game_id, players)
    scene.error(" ".join([LONG_PROMPT] * 4))
    box = table_screen.prompt_box(scene)[0]
    lay = scene.layout
    hidden = box.clip(lay.board_rect)
    assert hidden.h > 0, (box, lay.board_rect)  # the panel does cover the board there
    before = scene.cursor
    clicked: list = []
    scene.controls.click_cell = lambda cell: clicked.append(cell)
    scene.handle(I.Intent(I.POINT, pos=hidden.center))
    assert scene.hover_cell is None
    scene.handle(I.Intent(I.CLICK, pos=hidden.center, button=1))
    assert not clicked and scene.cursor == before
