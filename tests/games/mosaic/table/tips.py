"""Hover tips of the Mosaic table, worded for the seat looking now."""

from __future__ import annotations

from typing import Any

from game.i18n import _
from game.ui.tooltip import Tip

from ..engine import SIZE, cell_name


def table_tips(t: Any) -> list[Tip]:
    v = t.dview()
    tips = [Tip(f"panel{q}", r, _("{name}: {n} points").format(name=t.names[q],
                                                               n=v["scores"][q]))
            for q, r in enumerate(t.layout.panels)]
    for i, kind in enumerate(t.controls.hand()):
        tips.append(Tip(f"tile{i}", t.layout.hand[i],
                        _("A {tile} tile of your hand").format(tile=_(kind))))
    return tips


def cell_text(t: Any, cell: tuple[int, int]) -> str:
    kind = t.dview()["board"][cell[1] * SIZE + cell[0]]
    if kind is None:
        return _("{cell}: empty").format(cell=cell_name(cell))
    return _("{cell}: a {tile} tile").format(cell=cell_name(cell), tile=_(kind))
