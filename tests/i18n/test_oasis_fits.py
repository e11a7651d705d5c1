"""The Oasis table in every language at Text size 100 % and 150 %: every text drawn stays
inside the box it belongs to (prompt, buttons, panels, supply, log) at each kind of decision
of a seeded game; button labels are never drawn smaller than the English ones; every card's
words in the zoom are whole; the score-tile peek holds its words."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pygame
import pytest
from oasis_table_play import decisions, open_oasis
from text_boxes import Recorder, check_boxes

from game import assets, i18n
from game.games.oasis.art import zoom
from game.games.oasis.art.layout import BUTTON_H, BUTTON_W, RIGHT_X
from game.games.oasis.engine.cards import CARDS
from game.games.oasis.table import choices, models
from game.games.oasis.table.panels import render_panel, render_supply
from game.i18n import _
from game.scenes.table import screen as table_screen
from game.ui import theme

LANGUAGES = list(i18n.LANGUAGES)
SCALES = [1.0, 1.5]
# Every label an Oasis button may carry (English, as marked)
BUTTON_LABELS = [*choices.BONUS_LABELS.values(), *choices.DISABLED, "Skip bonus",
                 "Ignore the rest", "Leave uncontrolled", "Cancel"]




@pytest.fixture(autouse=True)
def scale_back():
    yield
    theme.set_ui_scale(1.0)


def _state_key(s) -> tuple:
    """The kind of decision: what the prompt and the buttons depend on."""
    c = s.controls.choice
    return (s.session.state.step(), c.pending_tile is not None, c.move_src is not None, c.bonus_mode)


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_oasis_table_text_fits(display, code, scale):
    svc, s = open_oasis("human,bot:easy,bot:normal,bot:easy", 11, code, scale)
    lay = s.layout
    seen: set[tuple] = set()
    bad: list[str] = []
    for k in decisions(svc, s, random.Random(11)):
        key = _state_key(s)
        if key in seen and k % 7:
            continue
        seen.add(key)
        s.game.peek = k % 2 == 0
        rec = Recorder()
        s.draw(rec)
        peeking = s.game.peek_lines() is not None
        s.game.peek = False
        boxes = {"message": table_screen.prompt_box(s)[0], "log": lay.log_rect, "supply": lay.supply_rect}
        boxes.update({f"button {i}": r for i, r in enumerate(lay.buttons)})
        boxes.update({f"panel {i}": r for i, r in enumerate(lay.panels)})
        if not s.game.carry_cards():  # what the empty places are for
            boxes["cards"] = lay.carry_cards[0].union(lay.carry_cards[-1])
        bad += [f"{key}: {m!r} {r} leaves its card" for m, r in rec.texts if m == _("done")
                and not any(c.contains(r) for c in lay.carry_cards)]
        if not peeking:
            bad += [f"{key}: {b}" for b in check_boxes(rec, boxes)]
        else:  # the peek lies over the panels: only the canvas counts then
            bad += [f"{key}: {b}" for b in check_boxes(rec, {})]
        assert not any(table_screen.prompt_box(s)[0].colliderect(b) for b in lay.buttons)
        bad += [f"{key}: {b}" for b in _panel_and_supply_problems(s)]
        bad += [f"{key}: {b}" for b in _shrunk_labels(s)]
    assert len(seen) >= 6, seen
    assert not bad, "\n".join(sorted(set(bad))[:40])


class Sheet(pygame.Surface):
    """A surface that notes where each text (made by ``theme``) is blitted on it."""

    made: list[Sheet] = []

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.texts: list[tuple[str, pygame.Rect]] = []
        Sheet.made.append(self)

    def blit(self, source, dest, area=None, special_flags=0):
        message = theme.TEXT_SURFACES.get(id(source))
        if message is not None and message.strip():
            at = dest.topleft if isinstance(dest, pygame.Rect) else dest
            ink = source.get_bounding_rect().move(at)
            self.texts.append((message, ink))
        return super().blit(source, dest, area, special_flags)


def _texts_on(render, *args) -> tuple[pygame.Surface, list[tuple[str, pygame.Rect]]]:
    """What ``render(*args)`` draws, with where each of its texts lies on it."""
    render.cache_clear()
    Sheet.made = []
    real = pygame.Surface
    pygame.Surface = Sheet
    try:
        surf = render(*args)
    finally:
        pygame.Surface = real
    return surf, surf.texts if isinstance(surf, Sheet) else []


def _clashes(texts, pictures: dict[str, pygame.Rect], frame: pygame.Rect) -> list[str]:
    """Texts outside ``frame``, over one another, or over a picture."""
    bad = [f"{m!r} {r} leaves {frame}" for m, r in texts if not frame.contains(r)]
    for i, (m, r) in enumerate(texts):
        bad += [f"{m!r} {r} over {m2!r} {r2}" for m2, r2 in texts[i + 1:] if r.colliderect(r2)]
        bad += [f"{m!r} {r} over the {name} {p}" for name, p in pictures.items()
                if r.colliderect(p)]
    return bad


def _panel_and_supply_problems(s) -> list[str]:
    lay = s.layout
    bad = []
    sup = lay.supply_rect
    surf, texts = _texts_on(render_supply, models.supply_model(s.dview()), s.game.layout_key)
    pictures = {f"stack {i}": r.move(-sup.x, -sup.y)
                for i, r in enumerate(lay.land_stacks + lay.score_stacks)}
    pictures.update({"draw deck": lay.draw_deck.move(-sup.x, -sup.y),
                     "discards": lay.discard_pile.move(-sup.x, -sup.y)})
    bad += [f"supply: {b}" for b in _clashes(texts, pictures, surf.get_rect())]
    for q in range(s.n):
        p = lay.panels[q]
        key = s.game.layout_key.with_index(q)
        surf, texts = _texts_on(render_panel, models.panel_model(s, q), key)
        at = (6 - p.x, 6 - p.y)
        pictures = {"deck": lay.decks[q], "disc": lay.discs[q], "handed disc": lay.handed[q],
                    "score tiles": lay.piles[q]}
        pictures.update({f"offer card {k}": r for k, r in enumerate(lay.offer_cards[q])})
        pictures = {n: r.move(at) for n, r in pictures.items()}
        # the deck's count and "taken by" are drawn on their pictures on purpose
        texts = [(m, r) for m, r in texts if not r.colliderect(pictures["deck"])
                 and not r.colliderect(lay.offer_areas[q].move(at))]
        bad += [f"panel {q}: {b}" for b in _clashes(texts, pictures, p.move(at))]
    return bad


def _shrunk_labels(s) -> list[str]:
    """The table's buttons whose label is drawn smaller than its size (shrunk to fit its
    button) while the button row had room to give it, and buttons that overlap or leave
    the row."""
    bad = []
    buttons = s.controls.buttons()
    rects = [s.layout.button_rect(i) for i in range(len(buttons))]
    row = s.layout.track_rect
    for (label, *_rest), r in zip(buttons, rects, strict=True):
        full = min(theme.scaled(round(BUTTON_H * 0.46)), round(BUTTON_H * 0.6))
        width = assets.font(full, display=True).size(label)[0]
        if width > round(r.w * 0.86) and sum(b.w for b in rects) < row.w - 40 * len(rects):
            bad.append(f"button {label!r} {r} shrinks its label with room to spare")
        if r.x < row.x or r.right > row.right:
            bad.append(f"button {label!r} {r} leaves the row {row}")
    bad += [f"buttons {a} and {b} overlap" for i, a in enumerate(rects) for b in rects[i + 1:]
            if a.colliderect(b)]
    return bad


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_offer_buttons_keep_their_labels_full_size(display, code, scale):
    """"Turn up a card" and "Stop here" (and any two labels) take the width their words need
    at the text size, instead of shrinking them into a fixed slot."""
    from game.games.oasis.art.layout import TableLayout

    i18n.set_language(code)
    theme.set_ui_scale(scale)
    lay = TableLayout(4)
    labels = [_("Turn up a card"), _("Stop here")]
    lay.size_buttons(labels)
    s = SimpleNamespace(layout=lay,
                        controls=SimpleNamespace(buttons=lambda: [(label,) for label in labels]))
    assert not _shrunk_labels(s)


def _label_px(label: str) -> float:
    """The size a button's label is drawn at, once shrunk to the button's width."""
    size = min(theme.scaled(round(BUTTON_H * 0.46)), round(BUTTON_H * 0.6))
    width = assets.font(size, display=True).size(label)[0]
    return size * min(1.0, round(BUTTON_W * 0.86) / width)


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_oasis_button_labels_are_no_smaller_than_in_english(display, code, scale):
    theme.set_ui_scale(scale)
    english = min(_label_px(label) for label in BUTTON_LABELS)
    i18n.set_language(code)
    small = {(_(label)): round(_label_px(_(label)), 1) for label in BUTTON_LABELS
             if _label_px(_(label)) < english}
    assert not small, (round(english, 1), small)


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_oasis_zoom_words_are_whole(display, code, scale):
    """Every card's name fits its column of the zoom without shrinking (the columns are
    as wide as the card at the Text size, or the widest name), its words (with "(done)")
    are drawn whole, with room for every line; three cards' zoom fits beside a panel."""
    i18n.set_language(code)
    theme.set_ui_scale(scale)
    for card in CARDS:
        name, detail = zoom.card_words(card)
        col = zoom.column_width(name)
        assert col <= theme.scaled(zoom.ZOOM_CARD[0]) * 1.3, name
        assert theme.font(zoom.NAME_SIZE, bold=True).size(name)[0] <= col + zoom.GAP - 6, name
        for state in ("current", "done"):
            words = zoom.effect_words(detail, state)
            lines = theme.wrap(words, zoom.DETAIL_SIZE, col - 8)
            assert " ".join(lines) == words
            assert all(theme.font(zoom.DETAIL_SIZE).size(line)[0] <= col - 8 for line in lines)
        title = _("{player}'s offer").format(player="Arancione")
        tall = zoom.render_zoom(zoom.ZoomModel(title, (card,), states=("done",))).get_height()
        short = zoom.render_zoom(zoom.ZoomModel(title, (card,))).get_height()
        done = theme.wrap(zoom.effect_words(detail, "done"), zoom.DETAIL_SIZE, col - 8)
        plain = theme.wrap(detail, zoom.DETAIL_SIZE, col - 8)
        step = zoom.DETAIL_SIZE + 4 + theme.grown(zoom.DETAIL_SIZE)
        assert tall - short == (max(2, len(done)) - max(2, len(plain))) * step, card


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_oasis_zoom_note_and_title_stay_inside(display, code, scale):
    """The zoom over a whole offer, with the longest note, holds its title and note."""
    i18n.set_language(code)
    theme.set_ui_scale(scale)
    note = _("Taking it: {player} hands disc #{disc} to {owner}.").format(
        player="Arancione", disc=5, owner="Marrone")
    m = zoom.ZoomModel(_("Cards {player} carries out").format(player="Arancione"),
                       ("stone1", "goods2", "draw3"), states=("done", "current", ""), note=note)
    rec = Recorder()
    img = zoom.render_zoom(m)
    rect = img.get_rect(topleft=(100, 100))
    rec.blit(img, rect)
    assert pygame.Rect(0, 0, 1920, 1080).contains(rect)
    assert img.get_width() <= RIGHT_X - 16  # beside a panel, over the board


@pytest.mark.parametrize("scale", SCALES)
def test_points_fly_to_the_score_clear_of_the_other_words(display, monkeypatch, scale):
    """A seat's points land on its score (the figure beside the offer deck), not on its name,
    its kind of player or its counters."""
    from types import SimpleNamespace as NS

    from game.games.oasis.table import panels
    theme.set_ui_scale(scale)
    blits: list[tuple[str | None, pygame.Rect]] = []

    class Canvas(pygame.Surface):
        def blit(self, source, dest, area=None, special_flags=0):
            at = pygame.Rect(dest).topleft if isinstance(dest, pygame.Rect) else dest
            blits.append((theme.TEXT_SURFACES.get(id(source)),
                          source.get_bounding_rect().move(at)))
            return super().blit(source, dest, area, special_flags)

    names = {name: getattr(pygame, name) for name in dir(pygame) if not name.startswith("_")}
    monkeypatch.setattr(panels, "pygame", NS(**{**names, "Surface": Canvas}))
    _svc, s = open_oasis("human,bot:easy,bot:normal,bot:easy", 11, "en", scale)
    lay = s.layout
    model = s.game.panel_model(0)
    panels.render_panel.cache_clear()
    render_panel(model, s.game.layout_key.with_index(0))
    texts = [(m, r.move(lay.panels[0].x - 6, lay.panels[0].y - 6)) for m, r in blits if m]
    point = lay.score_point(0)
    on = [m for m, r in texts if r.inflate(8, 8).collidepoint(point)]
    assert on and all(m.strip().isdigit() for m in on), (on, point, texts)
