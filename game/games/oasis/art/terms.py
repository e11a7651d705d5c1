"""Oasis game terms the table shows on their own (a label under a tile, a tip's title), marked
for the catalogs and translated where they are drawn."""

from __future__ import annotations

from game.i18n import N_, _, pgettext

# Translators: the kinds of score tile, as labels under their pictures
SCORE_NAMES = {"springs": N_("springs"), "horses": N_("horses"), "ovoo": N_("ovoo")}


def score_name(kind: str) -> str:
    """A score-tile kind ("springs") in the player's language."""
    if kind == "goods":
        # The bare "goods" is one tile's kind ("Tessera punti Mercanzia"); the label names
        # them all, as "springs" does (Italian "mercanzie").
        # Translators: the goods score tiles, as a label under their picture
        return pgettext("score tiles", "goods")
    return _(SCORE_NAMES[kind]) if kind in SCORE_NAMES else kind
