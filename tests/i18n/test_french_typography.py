"""French typography: a no-break space (U+00A0) before : ; ! ? and » and after «, and text
wrapping that never breaks at one, so a mark never starts a line ("Ventes" / ": cliquez")."""

import pygame
import pytest

from game.scenes import rules_overlay
from game.ui import theme

NBSP = "\u00a0"
SIZE = 24


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()


def test_wrapping_breaks_only_at_breaking_spaces():
    assert theme.words_of(f"Ventes{NBSP}: cliquez sur «{NBSP}For Sale{NBSP}»") == [
        f"Ventes{NBSP}:", "cliquez", "sur", f"«{NBSP}For", f"Sale{NBSP}»"]
    word = theme.font(SIZE).size("Ventes")[0]
    assert theme.wrap(f"Ventes{NBSP}: cliquez", SIZE, word + 2) == [f"Ventes{NBSP}:", "cliquez"]


def test_the_rules_summary_keeps_a_mark_with_its_word():
    words = rules_overlay.runs(f"**Ventes**{NBSP}: cliquez sur un cube")
    assert [w for w, _bold, _space in words] == ["Ventes", f"{NBSP}:", "cliquez", "sur", "un",
                                                   "cube"]
    assert words[1][2] is False  # no breaking space before the colon: no line starts with it
    narrow = theme.font(rules_overlay.BODY, bold=True).size("Ventes")[0] + 2
    lines = rules_overlay._wrap_runs(words, rules_overlay.BODY, narrow)
    assert [w for _x, w, _b in lines[0]] == ["Ventes", f"{NBSP}:"]
