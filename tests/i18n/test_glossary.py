"""Each catalog keeps to its glossary: where an English sentence uses a term of
``game/locale/glossary/*.md`` ("Checked terms"), its translation uses that language's term, and
no translation uses a word the glossary rules out, so the game terms cannot drift again.

A game's glossary (``oasis.md``...) holds the sentences whose source is that game's code or
rules summary (a path with the game's name in it); ``interface.md`` holds every sentence.
"""

import re

import i18n_tool  # tools/i18n.py, loaded by tests/helpers/i18n_tool.py
import pytest
from shipped_games import SHIPPED

from game import i18n
from game.i18n import LANGUAGES, SOURCE_LANGUAGE

GLOSSARY_DIR = i18n.LOCALE_DIR / "glossary"
TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
COLUMNS = {"it": 1, "es": 2, "fr": 3}  # a language's column in the table (English is 0)
NEVER = "never"
PLACEHOLDER = re.compile(r"\{[^}]*\}")


def checked_terms(path) -> list[list[list[str]]]:
    """The rows of the file's "Checked terms" table, each cell the list of its forms."""
    text = path.read_text(encoding="utf-8").split("## Checked terms", 1)[1]
    rows = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or cells[0] in ("English", "") or set(cells[0]) <= set("-"):
            continue
        rows.append([[] if c == "—" else [f.strip() for f in c.split(" / ")] for c in cells])
    return rows


def _readable(text: str) -> str:
    """What the words are matched in: no placeholders, no bold marks, plain spaces."""
    return PLACEHOLDER.sub(" ", text).replace("**", "").replace("\u00a0", " ")


def uses(text: str, forms: list[str]) -> bool:
    """Whether ``text`` holds one of ``forms`` as a whole word, in any case (a form ending in
    an apostrophe, "clicca l'", runs on into its word)."""
    return any(re.search(_pattern(f), _readable(text), re.IGNORECASE) for f in forms)


def _pattern(form: str) -> str:
    end = r"(?!\w)" if form[-1].isalnum() else ""
    return rf"(?<!\w){re.escape(form)}{end}"


def in_scope(glossary, locations) -> bool:
    if glossary.stem == "interface":
        return True
    return any(re.search(rf"(^|/){glossary.stem}(/|\.)", where) for where, _line in locations)


def term_problems(code: str, glossary) -> list[str]:
    """Each translated sentence that leaves the glossary's terms, with the term it misses."""
    column = COLUMNS[code]
    rows = checked_terms(glossary)
    problems = []
    for message in i18n_tool._read(i18n.catalog_path(code), code):
        if not message.id or not in_scope(glossary, message.locations):
            continue
        english = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for row in rows:
            forms = row[column]
            if not forms:
                continue
            if row[0] == [NEVER]:
                bad = [s for s in strings if uses(s, forms)]
                why = f"uses one of {forms}"
            elif any(uses(e, row[0]) for e in english):
                bad = [s for s in strings if not uses(s, forms)]
                why = f"{row[0][0]!r} is not {forms}"
            else:
                continue
            problems += [f"{why}: {english[0]!r} -> {s!r}" for s in bad[:1]]
    return problems


GLOSSARIES = sorted(GLOSSARY_DIR.glob("*.md"))


def test_every_glossary_has_checked_terms():
    assert {g.stem for g in GLOSSARIES} >= {*SHIPPED, "interface"}
    for glossary in GLOSSARIES:
        assert len(checked_terms(glossary)) >= 3, glossary.name


@pytest.mark.parametrize("glossary", GLOSSARIES, ids=lambda g: g.stem)
@pytest.mark.parametrize("code", TRANSLATED)
def test_each_translation_uses_the_glossary_terms(code, glossary):
    problems = term_problems(code, glossary)
    assert not problems, f"{len(problems)} sentences:\n" + "\n".join(problems)


def test_a_form_is_matched_as_a_whole_word_in_any_case_and_elided():
    assert uses("Le tour de Rouge", ["tour"]) and uses("TOUR 2", ["tour"])
    assert uses("l'enchère la plus basse", ["enchère"])
    assert not uses("Retournez une carte", ["tour"])
    assert not uses("{tour} pose", ["tour"])  # a placeholder is not a word
    assert uses("Passez\u00a0à Rouge", ["Passez à"])
    assert uses("Clicca l'offerta", ["clicca l'"]) and not uses("Clicca la carta", ["clicca l'"])


def test_a_drifted_term_is_found():
    """The check itself: a round called "manche" in a French Oasis lesson is reported."""
    rows = [[["round"], [], [], ["tour"]], [[NEVER], [], [], ["manche"]]]
    english, french = "Round 3, and you offer first.", "Manche 3, et vous offrez en premier."
    assert uses(english, rows[0][0]) and not uses(french, rows[0][3])
    assert uses(french, rows[1][3])


@pytest.mark.parametrize(("code", "expected"), [
    ("it", "1 tessera punti mercanzia"), ("es", "1 loseta de puntos de mercancías"),
    ("fr", "1 tuile de points marchandises")])
def test_a_score_tile_taken_is_named_as_the_rulebook_names_it(code, expected):
    """The Oasis log names a score tile with the kind's own word ("Tessera punti Mercanzia")."""
    language = i18n.translation(code)
    sentence = language.ngettext("{player} takes {n} {kind} score tile face down",
                                 "{player} takes {n} {kind} score tiles face down", 1)
    said = sentence.format(player="Rosso", n=1, kind=language.gettext("goods"))
    assert expected in said.replace("\u00a0", " ")
