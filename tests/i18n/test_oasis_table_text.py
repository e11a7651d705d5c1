"""A seeded random game of Oasis at the table in Italian, Spanish and French: at every decision
of the human seat, everything the table says (prompt, buttons and why a greyed-out one cannot
be used, tips, panels, the card zoom, refusals of a wrong click, the log) comes from the
catalogs, and no English is left in it; so does the log once the final count has run."""

from __future__ import annotations

import random

import pygame
import pytest
from language_check import english_words, speaking
from oasis_table_play import decisions, open_oasis

from game.engine.messages import localized
from game.games.oasis.art.layout import COLS, ROWS
from game.games.oasis.engine import TurnCard, new_game
from game.games.oasis.engine.scenario import put_camels, start_bonus, start_carrying
from game.games.oasis.table import choices, presenter
from game.games.oasis.table import tips as oasis_tips
from game.games.oasis.table.choices import Choice
from game.i18n import _
from game.scenes.table import screen as table_screen
from game.ui import theme
from game.ui.log_lines import LINE_ENDS

LANGUAGES = ["it", "es", "fr"]


class Reader:
    """Collects what the table says, with where it was said, and the English found in it."""

    def __init__(self, scene, code: str):
        self.scene = scene
        self.code = code
        self.seen: set[str] = set()
        self.english: list[str] = []

    def read(self, where: str, text) -> None:
        text = localized(text, self.scene.names, self.code)
        if not text or text in self.seen:
            return
        self.seen.add(text)
        found = english_words(text)
        if found:
            self.english.append(f"{where}: {text!r} {found}")

    def decision(self, surface: pygame.Surface, k: int) -> None:
        """Everything a human choosing now may read (and the frame drawn)."""
        s = self.scene
        self.read("prompt", table_screen.prompt_line(s))
        for label, _action, enabled, _primary in s.controls.buttons():
            self.read("button", label)
            if not enabled:
                self.read("why greyed out", s.controls.disabled_reason(label))
        for tip in s.game.tips():
            self.read("tip", tip.text)
        for q in range(s.n):
            for text in s.game.panel_model(q).texts():
                self.read("panel", text)
        self.zooms()
        if k % 5 == 0:  # every cell's tip now and then
            for x in range(COLS):
                for y in range(ROWS):
                    self.read("cell tip", oasis_tips.cell_text(s, (x, y)))
        s.game.peek = k % 3 == 0
        s.draw(surface)
        s.game.peek = False
        self.log()

    def zooms(self) -> None:
        """The card zoom over each offer on the table and over the cards being carried out."""
        s = self.scene
        keyboard, hover = s.keyboard, s.hover
        s.keyboard = False
        for pos in [s.layout.offer_cards[q][0].center for q in range(s.n)] + [
                s.layout.carry_cards[0].center]:
            s.hover = pos
            m = s.game.zoom_model()
            for text in m.texts() if m else ():
                self.read("zoom", text)
        s.keyboard, s.hover = keyboard, hover

    def log(self) -> None:
        for entry in self.scene.log.entries:
            self.read("log", entry.text)
            # one rule in every language: a log line ends with one full stop (or ! ? …)
            assert entry.text[-1:] in LINE_ENDS and not entry.text.endswith(".."), entry.text


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_game_of_oasis_at_the_table_speaks_only_the_language(display, code):
    with speaking(code) as missing:
        svc, s = open_oasis("human,bot:easy,bot:normal", 7, code)
        reader = Reader(s, code)
        count = 0
        for k in decisions(svc, s, random.Random(7)):
            reader.decision(display, k)
            count += 1
        reader.log()
        s.draw(display)
        # the final count's lines, one per category of each player, are in the log too
        for cat, line in presenter.COUNT_LINES.items():
            start = _(line).split("{points}")[0].format(player=s.names[0])
            assert any(e.text.startswith(start) for e in s.log.entries), (cat, start)
        missing = set(missing)
    assert s.session.state.is_over(), "the game did not reach its end"
    assert count > 40, count
    assert not missing, f"{len(missing)} sentences without a translation:\n" + "\n".join(
        sorted(missing)[:60])
    assert not reader.english, "\n".join(reader.english[:60])


def _choice_sayings(ch, st, p) -> list[str]:
    """The prompt, the buttons and why each greyed one is, and the refusal of an empty
    cell, for the choice ``ch`` of ``p`` now."""
    out = [ch.prompt(st, p)]
    for b in ch.buttons(st, p, st.legal_actions(p)):
        out += [_(b.label), choices.disabled_reason(b.label)]
    targets = ch.cell_targets(st, p)
    free = [c for c in st.camel_targets() if c not in targets]
    if free:
        out.append(ch.click_cell(st, p, free[0], targets).error or "")
    return out


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_prompt_of_the_camel_moves_and_the_bonus_speaks_the_language(code):
    """The steps a random game may miss: camels moved (all of them out), every bonus kind,
    every number of tiles or camels to go, every offer size."""
    with speaking(code) as missing:
        said: list[str] = []
        for n in (1, 2, 3):
            st = new_game(3, 3)
            p = st.order[0]
            start_carrying(st, p, ["camels3"])
            st.left = n
            said.append(Choice().prompt(st, p))
            put_camels(st, p, st.camel_targets()[:st.camels_left[p]])
            ch = Choice(names=["Rosso", "Blu", "Verde"])
            said += _choice_sayings(ch, st, p)
            ch.move_src = next(iter(ch.cell_targets(st, p)))
            said += _choice_sayings(ch, st, p)
        for kind in ("oasis2", "steppe2", "stone1"):
            st = new_game(3, 3)
            p = st.order[0]
            start_carrying(st, p, [kind])
            said.append(Choice().prompt(st, p))
        st = new_game(3, 4)
        start_bonus(st, 1)
        ch = Choice()
        said += _choice_sayings(ch, st, 1)
        for mode in choices.BONUS_MODES:
            ch.choose_bonus(mode)
            said += _choice_sayings(ch, st, 1)
        st = new_game(3, 5)
        for _turned in range(3):
            said.append(Choice().prompt(st, st.actor()))
            said += [choices.disabled_reason(label) for label in choices.DISABLED]
            st.apply(TurnCard())
        missing = set(missing)
    assert not missing, sorted(missing)
    english = [(text, english_words(text)) for text in said if english_words(text)]
    assert not english, english


def test_a_change_of_language_shows_at_once_on_the_table(display):
    """Settings -> Language during a game: the supply, panels and prompt are drawn in the new
    language at the next frame (their cached pictures are dropped)."""
    svc, s = open_oasis("human,bot:easy,bot:normal", 7, "en")
    for _k in decisions(svc, s, random.Random(7)):
        break
    s.draw(display)
    deck = "Deck {n}".format(n=s.dview()["draw_deck"])
    assert deck in theme.TEXT_SURFACES.values()
    svc.set_language("it")
    rec_before = set(theme.TEXT_SURFACES.values())
    s.draw(display)
    drawn = set(theme.TEXT_SURFACES.values()) - rec_before
    n = s.dview()["draw_deck"]
    assert _("Deck {n}").format(n=n) != deck and _("Deck {n}").format(n=n) in drawn
    assert table_screen.prompt_line(s) == _("Make your offer: turn up the top card of your deck (1 to 3 "
                                "cards).")
    assert _("Human") in s.game.panel_model(s.humans[0]).texts()
