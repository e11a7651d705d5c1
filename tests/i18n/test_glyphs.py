"""Every character a player may read has a real glyph in the client's fonts.

A font without a character draws its "missing glyph" (an empty box, or nothing at all in
Fredoka One) and pygame says nothing: ``Font.metrics`` and ``Font.size`` answer for it as for
any other.  So each character is rendered and compared with the rendering of U+E000, a
private-use character no font of ours has: a character drawn exactly like it is missing.
"""

import pygame
import pytest

from game import assets, i18n
from game.i18n import LANGUAGES, SOURCE_LANGUAGE

FONTS = {"Lato": {}, "Lato Bold": {"bold": True}, "Fredoka One": {"display": True}}
# The accents and punctuation of Italian, Spanish and French, whichever sentences use them.
REQUIRED = "àèéìòùçñ¿¡œ«»ÈÉÀÇ"
NO_FONT_HAS = "\ue000"
SIZE = 40


def catalog_characters() -> set[str]:
    """Every character of every sentence of every catalog, source and translations."""
    chars: set[str] = set()
    for code in LANGUAGES:
        if code == SOURCE_LANGUAGE:
            continue
        catalog = i18n.translation(code)._catalog  # type: ignore[attr-defined]
        for msgid, msgstr in catalog.items():
            for text in (msgid if isinstance(msgid, str) else msgid[0], msgstr):
                chars.update(text)
    return {c for c in chars if c.isprintable()}


def _drawn(font: pygame.font.Font, char: str) -> tuple[tuple[int, int], bytes]:
    """What ``char`` looks like in ``font``: its size and its coverage, pixel by pixel."""
    surface = font.render(char, True, (255, 255, 255))
    mask = pygame.mask.from_surface(surface, 1)
    return surface.get_size(), mask.to_surface().get_view("2").raw


def missing_glyphs(chars, **face) -> list[str]:
    """The characters of ``chars`` that the font ``face`` (``assets.font`` arguments) draws
    as its missing glyph."""
    font = assets.font(SIZE, **face)
    nothing = _drawn(font, NO_FONT_HAS)
    return sorted(c for c in set(chars) if _drawn(font, c) == nothing)


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()


def test_the_catalogs_are_read():
    chars = catalog_characters()
    assert "a" in chars and len(chars) > 60  # the catalogs were found and hold sentences


@pytest.mark.parametrize("name", FONTS)
def test_every_character_players_read_has_a_glyph(name):
    chars = catalog_characters() | set(REQUIRED)
    missing = missing_glyphs(chars, **FONTS[name])
    assert not missing, f"{name} has no glyph for " + " ".join(
        f"{c!r} (U+{ord(c):04X})" for c in missing)


@pytest.mark.parametrize("name", FONTS)
def test_a_character_the_font_lacks_is_found(name):
    """The check itself: CJK, which none of our fonts covers, is reported; letters are not."""
    assert missing_glyphs("中a", **FONTS[name]) == ["中"]
