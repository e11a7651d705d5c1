"""Colorado County's table fits in every language at Text size 100 % and 150 %: through a
whole seeded game, at every decision of its human and over the bids and round scoring
overlays, each text stays inside the box it belongs to (prompt, buttons, panels, strip, the
revealed cards, log, overlays) without running into another, and every button label stays
readable; a player's panel keeps its counts clear of the next icon and its words apart."""


import pygame
import pytest
from colorado_table_game import Watcher, open_colorado, play_through
from language_check import speaking
from text_boxes import CANVAS, inside, record_panel_blits
from text_boxes import WholeTextRecorder as Recorder

from game import assets
from game.games.colorado.table import panels
from game.games.colorado.table.renderer import (
    BID_IN,
    FLAG_LABEL_MARGIN,
    kind_label,
    ordinal,
    score_panel,
)
from game.i18n import LANGUAGES, _
from game.scenes.table import screen as table_screen
from game.seats import Seat
from game.ui import theme

SCALES = [1.0, 1.5]
CODES = list(LANGUAGES)
SMALLEST_LABEL = 22  # px: a button label shrunk below this is too small to read from a sofa


@pytest.fixture(autouse=True)
def scale_back():
    yield
    theme.set_ui_scale(1.0)


def label_px(label: str, size: tuple[int, int]) -> int:
    """The size a table button draws ``label`` at (``art.button_surface``: its scaled size,
    shrunk until the label is no wider than 86 % of the button)."""
    w, h = size
    px = min(theme.scaled(round(h * 0.46)), round(h * 0.6))
    while px > 8 and assets.font(px, display=True).size(label)[0] > round(w * 0.86):
        px -= 1
    return px


def overlaps(texts: list[tuple[str, pygame.Rect]], area: pygame.Rect) -> list[str]:
    """Texts inside ``area`` that run into one another."""
    inside = [(m, r) for m, r in texts if r.colliderect(area)]
    return [f"{a!r} {ra} runs into {b!r} {rb}" for i, (a, ra) in enumerate(inside)
            for b, rb in inside[i + 1:] if ra.colliderect(rb)]


class Fitter(Watcher):
    """Draws the table at each step and notes every text out of its place."""

    def __init__(self, scene):
        super().__init__(scene)
        self.bad: list[str] = []
        self.checked = 0
        self.overlays: set[str] = set()

    def decision(self, where: str) -> None:
        super().decision(where)
        self.check(where)

    def refused(self, where: str) -> None:
        self.check(where)

    def overlay(self, where: str) -> None:
        self.overlays.add(where)
        self.check(where)

    def check(self, where: str) -> None:
        s = self.scene
        lay = s.layout
        if s.game.bid_show or s.game.score_show:
            s.banner_time = 0  # at the tests' speed a round's banner would still be up
        rec = Recorder()
        s.draw(rec)
        self.checked += 1
        boxes = {"prompt": table_screen.prompt_box(s)[0], "log": lay.log_rect, "strip": lay.strip_rect,
                 "cards": lay.cards_rect}
        boxes.update({f"button {i}": r for i, r in enumerate(lay.buttons)})
        boxes.update({f"panel {i}": r.inflate(12, 12) for i, r in enumerate(lay.panels)})
        if s.game.bid_show or s.game.score_show:  # the overlay lies over the board, alone
            panel = pygame.Rect(lay.bid_panel)
            if s.game.bid_show:
                panel.h = 110 + 86 * len(s.game.bid_show["rows"])
                panel.center = lay.board_rect.center
            else:
                panel = score_panel(s)[0]
            boxes = {"overlay": panel}
            self.bad += [f"{where}: {m}" for m in overlaps(rec.texts, panel)]
        for message, r in rec.texts:
            if not CANVAS.contains(r):
                self.bad.append(f"{where}: {message!r} {r} leaves the screen")
            for name, box in boxes.items():
                room = box if name.startswith(("button", "panel")) else inside(box)
                if r.colliderect(box) and not room.contains(r):
                    self.bad.append(f"{where}: {message!r} {r} overflows the {name} {box}")
        for i in range(len(s.controls.my_flags())):  # a colour's name stays on its light slot
            r = lay.flag_rect(i).inflate(-FLAG_LABEL_MARGIN, 0)
            self.bad += [f"{where}: flag {i}: {m}" for m, t in rec.texts
                         if t.colliderect(r) and not r.contains(t)]
        for i, (label, *_rest) in enumerate(s.controls.buttons()):
            px = label_px(label, lay.button_rect(i).size)
            if px < SMALLEST_LABEL:
                self.bad.append(f"{where}: the button {label!r} shrinks to {px} px")


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("code", CODES)
def test_every_text_of_a_whole_game_fits(display, code, scale):
    with speaking(code):
        svc, scene = open_colorado(scale, seed=11)
        fitter = Fitter(scene)
        play_through(svc, scene, 11, fitter)
    assert {"flags", "offer", "bid", "take"} <= fitter.phases, fitter.phases
    assert {"bids revealed", "round scoring"} <= fitter.overlays
    assert fitter.checked > 60
    bad = sorted(set(fitter.bad))
    assert not bad, f"{len(bad)} texts out of place:\n" + "\n".join(bad[:40])


def longest_panels() -> list[panels.PanelModel]:
    """Panels with every figure a phase shows and their longest words in the language spoken
    now: placing flags (flags in hand, no bid), after the bids (a revealed bid), bidding."""
    bot = kind_label(Seat(kind="bot", level="normal"))
    bid = _("bid {n} ({place})").format(n=12, place=ordinal(3))
    points = (("borders", 12), ("total", 48))
    return [panels.PanelModel("Orange", bot, 5, 118, 40, 5, 2, 15, 4, 3, "", True, (630, 104),
                              you=True, round_points=points),
            panels.PanelModel("Orange", bot, 5, 118, 40, 5, 2, 15, 0, 3, bid, True,
                              (630, 104), you=True, round_points=points),
            panels.PanelModel("Orange", _("Human"), 5, 0, 40, 5, 0, 15, 0, 0, _(BID_IN), True,
                              (630, 104), you=True, bid_in=True)]


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("code", CODES)
def test_colorado_panel_counts_keep_clear_of_the_next_icon(display, monkeypatch, code, scale):
    """Cubes, cowboys, For Sale tokens and flags in hand: in every language and text size each
    count ends a clear gap before the next icon starts; the name, the kind of player, the
    bid and the round's points stay inside the panel and clear of one another."""
    blits = record_panel_blits(monkeypatch, panels)
    theme.set_ui_scale(scale)
    with speaking(code):
        for model in longest_panels():
            blits.clear()
            panels.render_panel.cache_clear()
            panels.render_panel(model)
            row = sorted(((m, r) for m, r in blits if r.top >= 50 and r.h),
                         key=lambda item: item[1].x)  # the counters' line
            counts = [i for i, (m, _r) in enumerate(row)
                      if m in (str(model.cubes_left), f"×{model.cowboys}",
                               str(model.sale_tokens))]
            assert len(counts) >= 3, row
            for i in counts:  # the next icon, or the bid after the last count
                count, after = row[i][1], row[i + 1][1]
                assert after.left - count.right >= 10, (row[i], row[i + 1])
                assert row[i + 1][0] is None or row[i + 1][0] == model.bid, row[i + 1]
            frame = pygame.Rect(0, 0, model.size[0] + 12, model.size[1] + 12)
            texts = [(m, r) for m, r in blits if m]
            assert all(frame.contains(r) for _m, r in texts), texts
            assert not overlaps(texts, frame), overlaps(texts, frame)
            drawn = {m for m, _r in texts}
            assert model.kind in drawn and (model.bid in drawn or not model.bid), drawn


@pytest.mark.parametrize("scale", SCALES)
def test_every_seat_emblem_keeps_clear_of_its_name(display, monkeypatch, scale):
    """The emblem left of a seat's name (a circle, a star, a diamond...) never runs into the
    name's letters, whatever its shape, at every text size."""
    from types import SimpleNamespace

    from game.seats import game_colours

    drawn: list[tuple[str | None, pygame.Rect, pygame.Mask]] = []

    class Canvas(pygame.Surface):
        def blit(self, source, dest, area=None, special_flags=0):
            at = pygame.Rect(dest).topleft if isinstance(dest, pygame.Rect) else dest
            drawn.append((theme.TEXT_SURFACES.get(id(source)), source.get_rect(topleft=at),
                          pygame.mask.from_surface(source, 100)))
            return super().blit(source, dest, area, special_flags)

    names = {name: getattr(pygame, name) for name in dir(pygame) if not name.startswith("_")}
    monkeypatch.setattr(panels, "pygame", SimpleNamespace(**{**names, "Surface": Canvas}))
    theme.set_ui_scale(scale)
    for colour in game_colours("colorado"):
        drawn.clear()
        panels.render_panel.cache_clear()
        model = panels.PanelModel("Orange", "Bot (normal)", colour, 118, 40, 5, 2, 15, 4, 3,
                                  "", True, (630, 104), you=True)
        panels.render_panel(model)
        name = next((r, m) for t, r, m in drawn if t == panels.name_label(model))
        emblem = [(r, m) for t, r, m in drawn if t is None and r.w <= 80 and r.x < 60]
        assert emblem, colour
        for r, mask in emblem:  # a clear gap of 4 px at least, on either side
            touching = [dx for dx in range(-4, 5)
                        if mask.overlap(name[1], (name[0].x - r.x + dx, name[0].y - r.y))]
            assert not touching, (colour, r, name[0])


def test_points_fly_to_the_score_and_under_the_round_scoring(display, monkeypatch):
    """A seat's points land on its score, clear of its name and counters; the round scoring's
    table is drawn over any points still flying (it owns the screen while it shows)."""
    from game.games.colorado.art.layout import TableLayout
    from game.games.colorado.table import renderer

    blits = record_panel_blits(monkeypatch, panels)
    lay = TableLayout(4)
    model = panels.PanelModel("Orange", "Bot (normal)", 5, 118, 40, 5, 2, 15, 4, 3, "", True,
                              lay.panels[0].size, you=True)
    panels.render_panel.cache_clear()
    panels.render_panel(model)
    at = (lay.panels[0].x - 6, lay.panels[0].y - 6)
    texts = {m: r.move(at) for m, r in blits if m}
    point = lay.score_point(0)
    assert texts["118"].inflate(8, 8).collidepoint(point), (texts["118"], point)
    assert not any(r.collidepoint(point) for m, r in texts.items() if m != "118")
    calls: list[str] = []
    _svc, scene = open_colorado(1.0, seed=11)
    scene.game.score_show = {"round": 1}
    monkeypatch.setattr(renderer.ColoradoRenderer, "_scores",
                        lambda self, surface: calls.append("round scoring"))
    monkeypatch.setattr(scene.floaters, "draw", lambda surface: calls.append("points"))
    scene.draw(pygame.Surface((1920, 1080)))
    assert calls == ["points", "round scoring"]
