"""Seat names are cleaned before they are drawn or saved."""

from game.seats import NAME_MAX, clean_name


def test_control_characters_and_lone_surrogates_are_dropped():
    assert clean_name("Bo\x00b", "Red") == "Bo b"
    assert clean_name("Ann\ud800e", "Red") == "Ann e"
    assert clean_name("Tab\there\u200b", "Red") == "Tab here"


def test_length_is_limited_and_spaces_collapsed():
    name = clean_name("  Maria   " + "x" * 40, "Red")
    assert name.startswith("Maria x") and len(name) == NAME_MAX


def test_nothing_left_or_not_text_gives_the_fallback():
    for raw in ("", "   ", "\x00\x01", None, 7, ["Bob"]):
        assert clean_name(raw, "Blue") == "Blue"


def test_letters_of_every_language_are_kept():
    assert clean_name("Zoë Ñandú Çœ", "Red") == "Zoë Ñandú Çœ"
