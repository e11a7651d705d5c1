"""French typography: a no-break space (U+00A0) before : ; ! ? and » and after «, and text
wrapping that never breaks at one, so a mark never starts a line ("Ventes" / ": cliquez")."""

import re
from itertools import pairwise

import pygame
import pytest

from game import assets, i18n
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


MARKS = ":;!?»"  # French puts a no-break space before each, and after «
WIDTHS = (140, 260, 420)  # px: narrow enough that most sentences wrap somewhere
PLACEHOLDER = re.compile(r"\{[^}]*\}|%\([a-z_]+\)[sd]")


def french_sentences() -> list[str]:
    """Every French sentence of the catalog (each plural form)."""
    catalog = i18n.translation("fr")._catalog  # type: ignore[attr-defined]
    return sorted({text for key, text in catalog.items() if key and text})


def typography_problems(sentence: str) -> list[str]:
    """Each : ; ! ? » without a no-break space before it, and each « without one after it (a
    placeholder counts as a word: "{cell}\u00a0:")."""
    text = PLACEHOLDER.sub("x", sentence)
    problems = []
    for i, char in enumerate(text):
        if char in MARKS and i > 0 and text[i - 1] != NBSP and text[i - 1] not in MARKS:
            if char == ":" and text[i + 1:i + 2] not in ("", " ", "\n"):
                continue  # "12:30", "https://": not a colon of the sentence
            problems.append(text[max(0, i - 9):i + 1])
        if char == "«" and text[i + 1:i + 2] != NBSP:
            problems.append(text[i:i + 12])
    return problems


def test_every_french_sentence_has_its_no_break_spaces():
    bad = {s: p for s in french_sentences() if (p := typography_problems(s))}
    assert not bad, f"{len(bad)} sentences:\n" + "\n".join(
        f"{s[:70]!r}: {p}" for s, p in list(bad.items())[:30])


def test_a_missing_no_break_space_is_found():
    assert typography_problems(f"Ventes : cliquez «{NBSP}For Sale »") == ["Ventes :", "For Sale »"]
    assert typography_problems(f"« For Sale{NBSP}»") == [f"« For Sale{NBSP}»"]
    assert typography_problems("{cell}: à 12:30") == ["x:"]
    assert typography_problems(f"Ventes{NBSP}: {{n}}{NBSP}! Vraiment{NBSP}?!") == []


def broken_lines(lines: list[list[str]]) -> list[str]:
    """The line breaks that part a mark from its word: a line starting with : ; ! ? », or
    ending with «."""
    return [f"{' '.join(a)!r} / {' '.join(b)!r}" for a, b in pairwise(lines)
            if starts_with_mark(b) or (a and a[-1].endswith("«"))]


def starts_with_mark(line: list[str]) -> bool:
    return bool(line) and line[0][:1] != "" and line[0][0] in MARKS


@pytest.mark.parametrize("width", WIDTHS)
def test_no_french_sentence_wraps_a_mark_away_from_its_word(width):
    broken = []
    for sentence in french_sentences():
        broken += broken_lines([line.split(" ") for line in theme.wrap(sentence, SIZE, width)])
        lines = rules_overlay._wrap_runs(rules_overlay.runs(sentence), SIZE, width)
        broken += broken_lines([[word for _x, word, _bold in line] for line in lines])
    assert not broken, f"{len(broken)} breaks:\n" + "\n".join(broken[:30])


@pytest.mark.parametrize("face", [{}, {"bold": True}, {"display": True}],
                         ids=["Lato", "Lato Bold", "Fredoka One"])
def test_a_no_break_space_draws_as_a_space(face):
    """No box where a French colon's space is: U+00A0 is drawn exactly as a plain space (the
    glyph check skips it, as it skips every space); U+202F, which Lato lacks, is not."""
    font = assets.font(40, **face)

    def drawn(text):
        surface = font.render(text, True, (255, 255, 255))
        return surface.get_size(), pygame.image.tobytes(surface, "RGBA")

    assert drawn(f"Ventes{NBSP}:") == drawn("Ventes :")
    if face == {}:
        assert drawn("Ventes\u202f:") != drawn("Ventes :")
