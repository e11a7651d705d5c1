"""Oasis game terms the table shows on their own (a label under a tile, a tip's title), marked
for the catalogs and translated where they are drawn."""

from __future__ import annotations

from game.i18n import N_, _

# Translators: the kinds of score tile, as labels under their pictures
SCORE_NAMES = {"goods": N_("goods"), "springs": N_("springs"), "horses": N_("horses"),
               "ovoo": N_("ovoo")}


def score_name(kind: str) -> str:
    """A score-tile kind ("springs") in the player's language."""
    return _(SCORE_NAMES[kind]) if kind in SCORE_NAMES else kind
