"""Catch English left on screen in another language.

``speaking(code)`` switches the client to ``code`` and records every sentence looked up in the
catalogs that has no translation there (gettext would show the English).  ``english_words``
finds common English words in a finished text: they reveal a sentence that never went through
the catalogs at all.  A test uses both on everything it renders.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator

from shipped_games import SHIPPED

from game import i18n
from game.registry import GAMES

# Words of English that no Italian, Spanish or French sentence of this client uses.
ENGLISH = frozenset({
    "the", "your", "you", "and", "of", "with", "click", "choose", "select", "play", "plays",
    "played", "turn", "turns", "cards", "card", "tile", "tiles", "player", "players",
    "scored", "placed", "takes", "take", "wins", "round", "bid", "bids", "flag", "flags",
    "farmer", "farmers", "building", "buildings", "nobody", "cannot", "can't", "isn't",
    "doesn't", "won't", "here", "there", "this", "that", "these", "those", "which",
})
# ("score", "cube", "place" and "joker" are French words too, so they are not listed.)
# Words spelt the same in a language of ours (names of games, "Oasis" in Italian...).
SHARED = frozenset({w.lower() for g in SHIPPED for w in GAMES[g].name.split()}
                   | {"ok", "elo", "tutorial"})
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")  # whole words, accents included


def english_words(text: str) -> list[str]:
    """The common English words in ``text`` (lower case), in order."""
    return [w for w in (m.group(0).lower() for m in _WORD.finditer(text))
            if w in ENGLISH and w not in SHARED]


class _Recording:
    """A translation that notes each id its catalog does not hold."""

    def __init__(self, real, missing: set[str]):
        self.real = real
        self.missing = missing
        self.known = getattr(real, "_catalog", {})

    def gettext(self, message: str) -> str:
        if message and message not in self.known:
            self.missing.add(message)
        return self.real.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        if (singular, 0) not in self.known:
            self.missing.add(singular)
        return self.real.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        if f"{context}\x04{message}" not in self.known:
            self.missing.add(f"{context}|{message}")
        return self.real.pgettext(context, message)


@contextlib.contextmanager
def speaking(code: str) -> Iterator[set[str]]:
    """Speak ``code`` inside the block; yields the set of ids looked up without a
    translation (English comes back as the language afterwards)."""
    missing: set[str] = set()
    real = i18n.translation
    recording = _Recording(real(code), missing)

    def translation(language: str):
        return recording if language == code else real(language)

    i18n.translation = translation  # type: ignore[assignment]
    try:
        i18n.set_language(code)
        yield missing
    finally:
        i18n.translation = real
        i18n.set_language("en")
