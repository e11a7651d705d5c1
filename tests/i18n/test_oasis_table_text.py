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
from game.i18n import _
from game.scenes.oasis import presenter
from game.ui.oasis import tips as oasis_tips
from game.ui.oasis.layout import COLS, ROWS

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
        self.read("prompt", s.prompt_line())
        for label, _action, enabled, _primary in s.buttons():
            self.read("button", label)
            if not enabled:
                self.read("why greyed out", s.disabled_reason(label))
        for tip in s.tips():
            self.read("tip", tip.text)
        for q in range(s.n):
            for text in s.panel_model(q).texts():
                self.read("panel", text)
        self.zooms()
        if k % 5 == 0:  # every cell's tip now and then
            for x in range(COLS):
                for y in range(ROWS):
                    self.read("cell tip", oasis_tips.cell_text(s, (x, y)))
        s.peek = k % 3 == 0
        s.draw(surface)
        s.peek = False
        self.log()

    def zooms(self) -> None:
        """The card zoom over each offer on the table and over the cards being carried out."""
        s = self.scene
        keyboard, hover = s.keyboard, s.hover
        s.keyboard = False
        for pos in [s.layout.offer_cards[q][0].center for q in range(s.n)] + [
                s.layout.carry_cards[0].center]:
            s.hover = pos
            m = s.zoom_model()
            for text in m.texts() if m else ():
                self.read("zoom", text)
        s.keyboard, s.hover = keyboard, hover

    def log(self) -> None:
        for entry in self.scene.log.entries:
            self.read("log", entry.text)


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
    assert s.state.is_over(), "the game did not reach its end"
    assert count > 40, count
    assert not missing, f"{len(missing)} sentences without a translation:\n" + "\n".join(
        sorted(missing)[:60])
    assert not reader.english, "\n".join(reader.english[:60])
