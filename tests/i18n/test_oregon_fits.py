"""Oregon's table in every language at Text size 100 % and 150 %: each prompt and refusal the
table words keeps inside its panel (clear of the buttons), the buttons' labels stay inside
their buttons and legible, the panels and the supply keep every word inside and clear of the
icons, and the names printed on the cards stay on their ribbons, under the pictogram."""

import pygame
import pytest
from text_boxes import inside

from game import i18n
from game.config import Config
from game.games.oregon.art import pictures as oregon_art
from game.games.oregon.art.layout import CARD
from game.games.oregon.engine import Draw, new_game
from game.games.oregon.engine.cards import BUILDING_INDEX, BUILDINGS, SYMBOLS
from game.games.oregon.engine.phases import Phase
from game.games.oregon.engine.positions import blank_position, card_of, give_hand, move_cards
from game.games.oregon.table import panels
from game.games.oregon.table.choices import OregonChoices
from game.registry import GAMES
from game.scenes import table as table_mod
from game.scenes.services import Services
from game.scenes.table import screen as table_screen
from game.seats import parse_players
from game.settings import Settings
from game.ui import art, theme

LANGUAGES = list(i18n.LANGUAGES)
SCALES = [1.0, 1.5]
CANVAS = pygame.Rect(0, 0, 1920, 1080)


@pytest.fixture(autouse=True)
def scale_back():
    yield
    theme.set_ui_scale(1.0)
    i18n.set_language("en")


@pytest.fixture(params=[(c, s) for c in LANGUAGES for s in SCALES],
                ids=[f"{c}-{round(s * 100)}" for c in LANGUAGES for s in SCALES])
def speaking_at(request, display):
    """(language, Text size), both applied."""
    code, scale = request.param
    i18n.set_language(code)
    theme.set_ui_scale(scale)
    return code, scale


def _table(code: str, scale: float):
    svc = Services.standalone(Config(), Settings(ui_scale=scale, language=code))
    svc.settings.animation_speed = 60.0  # beyond the menu's range: tests only
    seats = parse_players("human,bot:easy,bot:normal,bot:normal", GAMES["oregon"])
    scene = table_mod.open_table(svc, "oregon", seats, 3)
    svc.stack.reset(scene)
    svc.stack.apply_pending()
    for _frame in range(20000):  # until the human may act (the bots play first)
        if scene.human_can_act and scene.controls.prompt() and not svc.stack.pending:
            return scene
        svc.stack.update(1 / 60)
        svc.stack.apply_pending()
    raise AssertionError("the human never got to act")


class Recorder(pygame.Surface):
    """A canvas that remembers where each text made by ``theme`` was blitted (its ink)."""

    def __init__(self, size=(1920, 1080)):
        super().__init__(size, pygame.SRCALPHA)
        self.texts: list[tuple[str, pygame.Rect]] = []
        self.others: list[pygame.Rect] = []  # every other picture, as its ink

    def blit(self, source, dest, area=None, special_flags=0):
        at = dest.topleft if isinstance(dest, pygame.Rect) else dest
        ink = source.get_bounding_rect().move(at)
        message = theme.TEXT_SURFACES.get(id(source))
        if message is not None and message.strip():
            self.texts.append((message, ink))
        elif ink.size != self.get_size():
            self.others.append(ink)
        return super().blit(source, dest, area, special_flags)


# --- what the table asks and answers, made by the choice model in real positions -------------
def _to_draw(st, hand):
    give_hand(st, 0, hand)
    st.current, st.phase, st.plays, st.drawn_any, st.pending = 0, Phase.DRAW, 1, False, -1


def oregon_prompts() -> list[str]:
    """Every kind of prompt and refusal the Oregon table words, in the current language,
    with the longest values its placeholders take."""
    c = OregonChoices()
    out = []
    st = new_game(4, 3)
    p = st.to_act()[0]
    out.append(c.prompt(st, p, st.legal_actions(p)))  # the start tile
    st = blank_position(2)
    st.extra_used = True
    bison, eagle, church = card_of("bison"), card_of("eagle"), card_of("church")
    give_hand(st, 0, [bison, eagle, church, card_of("wagon")])
    legal = st.legal_actions(0)
    out.append(c.prompt(st, 0, legal))  # choose 2 cards (extra turn)
    c.toggle_card(bison)
    out.append(c.prompt(st, 0, legal))
    out.append(c.cell_action(st, (0, 0))[1])  # a cell before two cards
    out.append(c.toggle_joker(joker_active=False))
    c.toggle_card(eagle)
    out.append(c.prompt(st, 0, legal))  # place the farmer
    c.clear()
    for card in (bison, church):
        c.toggle_card(card)
    out.append(c.prompt(st, 0, legal))  # place the building
    _to_draw(st, [bison, eagle])
    legal = st.legal_actions(0)
    out += [c.prompt(st, 0, legal), c.cell_action(st, (3, 3))[1],
            c.deck_refusal(st, "landscape"), c.deck_refusal(st, "building")]
    st = blank_position(2)
    _to_draw(st, [bison, card_of("post_office")])
    move_cards(st, [card_of("post_office", 1)], st.deck[1])
    st.apply(Draw("building"), 0)
    out.append(c.prompt(st, 0, st.legal_actions(0)))  # keep or redraw
    st = blank_position(2)
    _to_draw(st, [card_of("coal_mine"), card_of("gold_mine"), card_of("station")])
    st.stacks[BUILDING_INDEX["coal_mine"]] = 0
    out.append(c.prompt(st, 0, st.legal_actions(0)))  # one deck only / a dead card
    st.phase = Phase.EXTRA_TURN
    out += [c.prompt(st, 0, []), c.cell_action(st, (0, 0))[1]]
    return [text for text in out if text]


def oregon_button_labels() -> list[str]:
    """Every button label of the Oregon table, in the current language."""
    c = OregonChoices()
    st = blank_position(2)
    st.phase = Phase.EXTRA_TURN
    labels = [b.label for b in c.buttons(st, [])]
    _to_draw(st, [card_of("bison"), card_of("post_office")])
    move_cards(st, [card_of("post_office", 1)], st.deck[1])
    st.apply(Draw("building"), 0)
    labels += [b.label for b in c.buttons(st, st.legal_actions(0))]
    bison, bison2 = card_of("bison"), card_of("bison", 1)
    st = blank_position(2)
    give_hand(st, 0, [bison, bison2, card_of("eagle"), card_of("church")])
    from game.games.oregon.engine import DiscardDead, DiscardNoPlacement

    legal = [DiscardNoPlacement((bison, bison2))] + [
        DiscardDead(card_of(b)) for b in BUILDINGS]
    c.toggle_card(bison)
    labels += [b.label for b in c._play_buttons(legal)]
    st.phase = Phase.DRAW
    labels += [b.label for k in range(0, len(BUILDINGS), 2)
               for b in c.buttons(st, legal[1 + k:3 + k])]
    return labels


# --- the table -----------------------------------------------------------------------------------
def test_every_oregon_prompt_fits_its_panel_clear_of_the_buttons(speaking_at):
    code, scale = speaking_at
    scene = _table(code, scale)
    texts = oregon_prompts()
    assert len(texts) >= 14
    for i, text in enumerate(texts):
        if i % 2:
            scene.error(text)
        else:
            scene.message, scene.message_error = text, False
        rec = Recorder()
        scene.draw(rec)
        box = table_screen.prompt_box(scene)[0]
        lines = [(m, r) for m, r in rec.texts if m in text and box.colliderect(r)]
        assert " ".join(m for m, _r in lines) == text, (text, lines)
        assert all(box.contains(r) for _m, r in lines), (text, box, lines)
        assert CANVAS.contains(box), (text, box)
        assert not any(box.colliderect(b) for b in scene.layout.buttons), (text, box)


def test_the_oregon_table_keeps_its_words_in_their_boxes(speaking_at):
    code, scale = speaking_at
    scene = _table(code, scale)
    rec = Recorder()
    scene.draw(rec)
    lay = scene.layout
    boxes = {"message": table_screen.prompt_box(scene)[0], "log": lay.log_rect, "supply": lay.supply_rect}
    boxes.update({f"panel {i}": r for i, r in enumerate(lay.panels)})
    bad = [f"{m!r} {r} leaves the canvas" for m, r in rec.texts if not CANVAS.contains(r)]
    bad += [f"{m!r} {r} overflows {name} {box}" for m, r in rec.texts
            for name, box in boxes.items() if r.colliderect(box) and not box.contains(r)]
    assert rec.texts and not bad, "\n".join(bad)
    joker = lay.joker_rect(len(scene.controls.hand()))
    label = [r for m, r in rec.texts if m == i18n._("Joker")]
    assert label and not label[0].colliderect(lay.card_rect(3))  # under its token, by the hand
    assert label[0].right < boxes["message"].x and abs(label[0].centerx - joker.centerx) <= 1


@pytest.mark.parametrize("who", ["you", "bot"])
def test_oregon_panel_words_stay_inside_and_clear_of_the_icons(speaking_at, monkeypatch, who):
    """A panel with the longest figures: 14 farmers, tokens (their values for their owner)."""
    from types import SimpleNamespace

    recorders = []

    class Canvas(Recorder):
        def __init__(self, size, *args):
            super().__init__(size)
            recorders.append(self)

    module = {name: getattr(pygame, name) for name in dir(pygame) if not name.startswith("_")}
    monkeypatch.setattr(panels, "pygame", SimpleNamespace(**{**module, "Surface": Canvas}))
    you = who == "you"
    model = panels.PanelModel(
        "Marie-Gwendoline", i18n._("Human") if you else i18n._("Bot (normal)"), 1, 100, 14,
        True, False, 3, 2, (1, 3, 2) if you else None, (4, 5) if you else None, True,
        (630, 104), you=you)
    panels.render_panel(model)
    rec = recorders[0]
    frame = pygame.Rect(6, 6, 630, 104)
    bad = [f"{m!r} {r} leaves the panel" for m, r in rec.texts if not frame.contains(r)]
    for m, r in rec.texts:
        bad += [f"{m!r} {r} covers a picture {o}" for o in rec.others if r.colliderect(o)]
        bad += [f"{m!r} {r} covers {n!r} {o}" for n, o in rec.texts
                if o is not r and r.colliderect(o)]
    assert len(rec.texts) >= 4 and not bad, "\n".join(bad)


def test_oregon_supply_words_stay_in_their_columns(speaking_at):
    from game.games.oregon.art.layout import TableLayout

    lay = TableLayout(4)
    model = panels.SupplyModel(
        stacks=tuple((b, 0 if k % 2 else 4) for k, b in enumerate(BUILDINGS)),
        decks=(41, 18), discard_tops=(None, None), discard_sizes=(12, 21))
    texts = _supply_texts(model, lay)
    step = lay.supply_rect.w // 7
    columns = [pygame.Rect(lay.supply_rect.x + i * step, lay.supply_rect.y, step,
                           lay.supply_rect.h) for i in range(7)]
    slot = lay.decks["building"].x - lay.decks["landscape"].x  # a deck or a pile, and a gap
    bad = []
    for m, r in texts:
        if not lay.supply_rect.contains(r):
            bad.append(f"{m!r} {r} leaves the supply")
        bad += [f"{m!r} {r} covers {n!r} {o}" for n, o in texts if o is not r
                and r.colliderect(o)]
        if r.bottom < lay.decks["landscape"].y:  # a stack's count or "empty"
            if not any(c.contains(r) for c in columns):
                bad.append(f"{m!r} {r} leaves its stack's column")
        elif r.w > slot // 2 + 8:
            bad.append(f"{m!r} {r} is wider than a pile's room")
        for pile in lay.discards.values():  # the word on an empty pile's place
            if r.colliderect(pile) and not inside(pile).contains(r):
                bad.append(f"{m!r} {r} runs over the empty pile's frame {pile}")
    assert sum(any(r.colliderect(p) for p in lay.discards.values()) for _m, r in texts) == 2
    assert len(texts) >= 13 and not bad, "\n".join(bad)


def _supply_texts(model, lay) -> list[tuple[str, pygame.Rect]]:
    """The words ``render_supply`` draws and where, in table coordinates."""
    from types import SimpleNamespace

    recorders = []

    class Canvas(Recorder):
        def __init__(self, size, *args):
            super().__init__(size)
            recorders.append(self)

    module = {name: getattr(pygame, name) for name in dir(pygame) if not name.startswith("_")}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(panels, "pygame", SimpleNamespace(**{**module, "Surface": Canvas}))
        panels.render_supply.cache_clear()
        panels.render_supply(model, panels.LayoutKey(lay))
    panels.render_supply.cache_clear()
    return [(m, r.move(lay.supply_rect.topleft)) for m, r in recorders[0].texts]


# --- buttons and cards ---------------------------------------------------------------------------
def test_oregon_button_labels_stay_inside_and_legible(speaking_at):
    """Each label's lettering lies inside its button, never smaller than half the label's size
    at 100 % (a long one goes on two lines)."""
    labels = oregon_button_labels()
    assert len(labels) >= 12
    size = (222, 76)
    least = _cap_height(round(size[1] * 0.23))
    blank = art.button_surface(size, "", "normal", "secondary")
    for label in labels:
        surf = art.button_surface(size, label, "normal", "secondary")
        mask = pygame.mask.Mask(size)
        for x in range(size[0]):  # the lettering: every pixel the label changed
            for y in range(size[1]):
                a, b = surf.get_at((x, y)), blank.get_at((x, y))
                if sum(abs(a[i] - b[i]) for i in range(3)) > 60:
                    mask.set_at((x, y))
        boxes = mask.get_bounding_rects()
        assert boxes, label
        lettering = boxes[0].unionall(boxes)
        assert pygame.Rect(6, 4, size[0] - 12, size[1] - 8).contains(lettering), \
            (label, lettering)
        assert lettering.h >= least, (label, lettering, least)


def _cap_height(px: int) -> int:
    """The ink height of a capital at ``px`` (what a legible line's lettering reaches)."""
    return art.assets.font(px, display=True).render("H", True, (0, 0, 0)).get_bounding_rect().h


def test_oregon_card_names_stay_on_their_ribbon_under_the_pictogram(speaking_at):
    """The names on the hand's cards (the piles show the same faces smaller)."""
    size = w, h = CARD
    for kind, idents in (("landscape", SYMBOLS), ("building", BUILDINGS)):
        for ident in idents:
            card = oregon_art.card_surface(kind, ident, size)
            ink = pygame.mask.from_threshold(card, (255, 250, 238, 255), (6, 6, 6, 255))
            boxes = [b for b in ink.get_bounding_rects() if b.y > h * 0.55]
            assert boxes, ident
            lettering = boxes[0].unionall(boxes)
            inside = pygame.Rect(round(w * 0.06), round(h * 0.43 + w * 0.29),
                                 w - 2 * round(w * 0.06), h)
            inside.bottom = h - round(w * 0.06)
            assert inside.contains(lettering), (ident, lettering, inside)
            # legible: at least two thirds of the height "Bison" has on one line
            assert lettering.h >= _name_height(size) * 0.66, (ident, lettering)


def _name_height(size) -> int:
    """The lettering height of a short name on one line, at the current Text size."""
    language = i18n.language()
    i18n.set_language("en")
    try:
        card = oregon_art.card_surface("landscape", "bison", size)
    finally:
        i18n.set_language(language)
    w, h = size
    ink = pygame.mask.from_threshold(card, (255, 250, 238, 255), (6, 6, 6, 255))
    boxes = [b for b in ink.get_bounding_rects() if b.y > h * 0.55]
    return boxes[0].unionall(boxes).h
