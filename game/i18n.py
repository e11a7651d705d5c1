"""The player's language: gettext catalogs for Italian, Spanish and French; English is the source.

Every sentence a player reads is written in English in the source, marked for the catalogs, and
looked up in the chosen language when it is shown:

- ``_("Play")`` translates now (code that draws, or builds text each time it is shown);
- ``N_("Play")`` only marks a sentence kept for later (a module constant, a descriptor field):
  whoever shows it calls ``_(...)`` then, so a language change applies at once;
- ``ngettext(singular, plural, n)`` / ``NN_(singular, plural)`` for sentences with a number:
  each language has its own plural rule (French says "0 carte", Italian "0 carte");
- ``pgettext(context, message)`` where one English word needs two translations.

Placeholders are named (``"{player} builds a {building}"``) and filled with ``str.format``
after the lookup, so a translation may put them in any order.  Sentences are never glued
together from pieces.

The catalogs are the ``.po`` files under ``game/locale/<code>/LC_MESSAGES/``, edited by
translators (``tools/i18n.py`` extracts, updates and checks them; see the README's
"Translating").  They are compiled in memory the first time a language is used: there are no
``.mo`` files to keep in step.
"""

from __future__ import annotations

import gettext
import io
import logging
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

log = logging.getLogger(__name__)

SOURCE_LANGUAGE = "en"
# Each language by its code and its own name: the name a player looks for in a list.
LANGUAGES: dict[str, str] = {"it": "Italiano", "es": "Español", "fr": "Français", "en": "English"}
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "messages"
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  # the order POSIX gives them

_state = {"language": SOURCE_LANGUAGE, "generation": 0}


def N_(message: str) -> str:
    """Marks an English sentence for the catalogs; the sentence itself is its id."""
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a sentence with a plural form, chosen later by a count."""
    return (singular, plural)


def language() -> str:
    """The code of the language the client speaks now ("it", "es", "fr" or "en")."""
    return _state["language"]  # type: ignore[return-value]


def generation() -> int:
    """Goes up by one at every change of language: a cache of drawn text keys on it."""
    return _state["generation"]  # type: ignore[return-value]


def set_language(code: str) -> None:
    """Speak ``code`` from now on (a key of ``LANGUAGES``)."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r} (choose from {', '.join(LANGUAGES)})")
    if code != _state["language"]:
        _state["language"] = code
        _state["generation"] = generation() + 1


def language_of_locale(value: str) -> str | None:
    """The language of a POSIX locale name ("it_IT.UTF-8", "fr", "es_AR@euro"), if we have it."""
    code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    return code if code in LANGUAGES else None


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the system asks for: the first of LC_ALL, LC_MESSAGES and LANG that is
    set decides (as POSIX reads them); English when it names a language we do not have."""
    env = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        value = env.get(name, "")
        if value:
            return language_of_locale(value) or SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def catalog_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translation(code: str) -> gettext.NullTranslations:
    """The compiled catalog of ``code``; English (the source) translates nothing.

    A catalog that is missing or cannot be read is logged once and shown in English rather
    than stopping the game.  Fuzzy entries are left out: a guess is not a translation."""
    if code == SOURCE_LANGUAGE or code not in LANGUAGES:
        return gettext.NullTranslations()
    path = catalog_path(code)
    try:
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=code, domain=DOMAIN)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        buffer.seek(0)
        return gettext.GNUTranslations(buffer)
    except (OSError, ValueError) as exc:
        log.warning("The %s catalog %s cannot be read (%s); showing English", code, path, exc)
        return gettext.NullTranslations()


def _(message: str) -> str:
    """``message`` in the current language."""
    return translation(language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence with a number ``n``, in the current language."""
    return translation(language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where ``context`` tells two uses apart."""
    return translation(language()).pgettext(context, message)
