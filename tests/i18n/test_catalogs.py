"""The catalogs: complete, in step with the source, and faithful to each sentence's
placeholders; the language machinery: system locale, plural rules, settings, ``--lang``."""

import i18n_tool  # tools/i18n.py, loaded by tests/helpers/i18n_tool.py
import pytest
from babel.messages.catalog import Message

from game import i18n
from game.i18n import LANGUAGES, SOURCE_LANGUAGE
from game.settings import Settings, save_settings, saved_language

TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]


def test_the_template_holds_every_sentence_the_source_marks():
    """Whoever marks a new sentence runs ``tools/i18n.py extract`` and ``update``."""
    source = {m.id if isinstance(m.id, str) else m.id[0] for m in i18n_tool.extract() if m.id}
    template = {m.id if isinstance(m.id, str) else m.id[0]
                for m in i18n_tool._read(i18n_tool.TEMPLATE) if m.id}
    assert sorted(source - template) == [], "run tools/i18n.py extract and update"
    assert sorted(template - source) == [], "run tools/i18n.py extract and update"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_entry_is_translated_and_keeps_its_placeholders(code):
    problems = i18n_tool.catalog_problems(code)
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


def test_the_check_finds_each_kind_of_problem():
    ok = Message("{player} builds a {building}.", "{player} costruisce: {building}.")
    assert i18n_tool.entry_problems(ok) == []
    assert i18n_tool.entry_problems(Message("Play", ""))[0].startswith("untranslated")
    fuzzy = Message("Play", "Gioca", flags=["fuzzy"])
    assert i18n_tool.entry_problems(fuzzy)[0].startswith("fuzzy")
    wrong = Message("{player} builds.", "{giocatore} costruisce.")
    assert i18n_tool.entry_problems(wrong)[0].startswith("placeholders")
    percent = Message("usage: %(prog)s", "uso: %(programma)s")
    assert i18n_tool.entry_problems(percent)[0].startswith("placeholders")
    plural = Message(("{n} card", "{n} cards"), ("una carta", "{n} carte"))
    assert i18n_tool.entry_problems(plural) == []  # a singular may say the number in words
    plural_bad = Message(("{n} card", "{n} cards"), ("una carta", "{n} carte {x}"))
    assert i18n_tool.entry_problems(plural_bad)[0].startswith("placeholders")
    half = Message(("{n} card", "{n} cards"), ("{n} carta", ""))
    assert i18n_tool.entry_problems(half)[0].startswith("untranslated")


@pytest.mark.parametrize("environ,expected", [
    ({"LC_ALL": "it_IT.UTF-8", "LANG": "fr_FR.UTF-8"}, "it"),
    ({"LC_MESSAGES": "es_AR@euro", "LANG": "fr_FR"}, "es"),
    ({"LANG": "fr_CA.UTF-8"}, "fr"),
    ({"LANG": "de_DE.UTF-8"}, "en"),  # a language we do not have
    ({"LC_ALL": "C", "LANG": "it_IT"}, "en"),  # LC_ALL decides, and C is no language of ours
    ({}, "en"),
])
def test_the_first_run_takes_the_system_locale(environ, expected):
    assert i18n.system_language(environ) == expected


@pytest.mark.parametrize("code,n,expected", [
    ("fr", 0, 0), ("fr", 1, 0), ("fr", 2, 1),  # French: 0 and 1 are singular
    ("it", 0, 1), ("it", 1, 0), ("it", 2, 1),
    ("es", 0, 1), ("es", 1, 0), ("es", 2, 1),
])
def test_each_language_has_its_own_plural_rule(code, n, expected):
    catalog = i18n_tool._read(i18n.catalog_path(code), code)
    assert catalog.plural_expr and catalog.num_plurals == 2
    rule = eval("lambda n: int(" + catalog.plural_expr + ")")  # noqa: S307 (our own file)
    assert rule(n) == expected


def test_set_language_refuses_a_code_it_does_not_know():
    with pytest.raises(ValueError):
        i18n.set_language("de")
    assert i18n.language() == "en"


def test_a_language_change_is_seen_by_caches():
    before = i18n.generation()
    i18n.set_language("it")
    assert i18n.generation() == before + 1
    i18n.set_language("it")
    assert i18n.generation() == before + 1


def test_the_settings_keep_a_language_and_drop_an_unknown_one(tmp_path):
    path = tmp_path / "settings.json"
    assert saved_language(path) == ""
    save_settings(Settings(language="fr"), path)
    assert saved_language(path) == "fr"
    assert Settings.from_json({"language": "fr"}).language == "fr"
    assert Settings.from_json({"language": "klingon"}).language == ""
    assert Settings.from_json({"language": 3}).language == ""
    path.write_text("{not json", encoding="utf-8")
    assert saved_language(path) == "" and path.exists()  # read only: nothing moved


def test_a_missing_catalog_shows_english(monkeypatch, tmp_path, caplog):
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.translation.cache_clear()
    try:
        assert i18n.translation("it").gettext("Play") == "Play"
        assert "cannot be read" in caplog.text
    finally:
        i18n.translation.cache_clear()
