"""Hover tips of the Oasis table: panel figures (discs, camels, markers, score tiles, offer
deck, the score so far), the supply and what lies on a board cell, worded for the seat
looking now (score-tile kinds only for their owner), in the player's language.  Face-up
offer cards and the cards being carried out have their own large view (``zoom``) instead."""

from __future__ import annotations

import pygame

from game.games.oasis.art.projection import counts_words
from game.games.oasis.art.terms import score_name
from game.games.oasis.engine.cards import SCORE_FOR_LAND
from game.games.oasis.engine.geometry import cell_name
from game.games.oasis.table.panels import PanelModel
from game.i18n import N_, NN_, _, ngettext
from game.ui.tooltip import Tip

LAND_LEFT = {
    "oasis": N_("Oasis tiles left: {n}\nScored × {times}; placing the last of a kind ends the "
                "game after the round"),
    "steppe": N_("Steppe tiles left: {n}\nScored × {times}; placing the last of a kind ends "
                 "the game after the round"),
    "stone": N_("Stone tiles left: {n}\nScored × {times}; placing the last of a kind ends the "
                "game after the round"),
}
SCORE_LEFT = {
    "goods": N_("Goods score tiles left: {n}\nEach multiplies your largest camel group"),
    "springs": N_("Springs score tiles left: {n}\nEach multiplies your oasis tiles"),
    "horses": N_("Horses score tiles left: {n}\nEach multiplies your steppe tiles"),
    "ovoo": N_("Ovoo score tiles left: {n}\nEach multiplies your stone tiles"),
}
# what lies on a cell of an area: (land kind, a bonus square?, under a marker?)
IN_AREA = {
    ("oasis", False, True): NN_("{cell}: oasis tile, in {player}'s oasis area of {n} tile",
                                "{cell}: oasis tile, in {player}'s oasis area of {n} tiles"),
    ("oasis", False, False): NN_("{cell}: oasis tile, in an uncontrolled oasis area of {n} "
                                 "tile",
                                 "{cell}: oasis tile, in an uncontrolled oasis area of {n} "
                                 "tiles"),
    ("oasis", True, True): NN_("{cell}: oasis bonus square, in {player}'s oasis area of {n} "
                               "tile",
                               "{cell}: oasis bonus square, in {player}'s oasis area of {n} "
                               "tiles"),
    ("oasis", True, False): NN_("{cell}: oasis bonus square, in an uncontrolled oasis area of "
                                "{n} tile",
                                "{cell}: oasis bonus square, in an uncontrolled oasis area of "
                                "{n} tiles"),
    ("steppe", False, True): NN_("{cell}: steppe tile, in {player}'s steppe area of {n} tile",
                                 "{cell}: steppe tile, in {player}'s steppe area of {n} "
                                 "tiles"),
    ("steppe", False, False): NN_("{cell}: steppe tile, in an uncontrolled steppe area of {n} "
                                  "tile",
                                  "{cell}: steppe tile, in an uncontrolled steppe area of {n} "
                                  "tiles"),
    ("steppe", True, True): NN_("{cell}: steppe bonus square, in {player}'s steppe area of "
                                "{n} tile",
                                "{cell}: steppe bonus square, in {player}'s steppe area of "
                                "{n} tiles"),
    ("steppe", True, False): NN_("{cell}: steppe bonus square, in an uncontrolled steppe area "
                                 "of {n} tile",
                                 "{cell}: steppe bonus square, in an uncontrolled steppe area "
                                 "of {n} tiles"),
    ("stone", False, True): NN_("{cell}: stone tile, in {player}'s stone area of {n} tile",
                                "{cell}: stone tile, in {player}'s stone area of {n} tiles"),
    ("stone", False, False): NN_("{cell}: stone tile, in an uncontrolled stone area of {n} "
                                 "tile",
                                 "{cell}: stone tile, in an uncontrolled stone area of {n} "
                                 "tiles"),
    ("stone", True, True): NN_("{cell}: stone bonus square, in {player}'s stone area of {n} "
                               "tile",
                               "{cell}: stone bonus square, in {player}'s stone area of {n} "
                               "tiles"),
    ("stone", True, False): NN_("{cell}: stone bonus square, in an uncontrolled stone area of "
                                "{n} tile",
                                "{cell}: stone bonus square, in an uncontrolled stone area of "
                                "{n} tiles"),
}
# an empty bonus square, by its land kind
BONUS_SQUARE = {
    "oasis": N_("{cell}: oasis bonus square\nAn oasis area may start next to it"),
    "steppe": N_("{cell}: steppe bonus square\nA steppe area may start next to it"),
    "stone": N_("{cell}: stone bonus square\nA stone area may start next to it"),
}


def disc_text(disc: int) -> str:
    if disc == 1:
        return _("Disc #1\nChooses offers in this order; #1 also gives a bonus tile or camel")
    return _("Disc #{disc}\nChooses offers in this order").format(disc=disc)


def panel_tips(table, m: PanelModel, q: int) -> list[Tip]:
    lay = table.layout
    rect = lay.panels[q]
    who = m.name
    own = m.score_tiles is not None
    out = [Tip(f"panel{q}_badge", pygame.Rect(rect.x + 22, rect.y + 6, 44, 44),
               _("{player}'s sign\nIt marks {player}'s camels, markers, areas and log "
                 "lines").format(player=who))]
    if m.disc:
        out.append(Tip(f"panel{q}_disc", lay.discs[q], disc_text(m.disc)))
    if m.handed:
        out.append(Tip(f"panel{q}_handed", lay.handed[q],
                       _("Disc #{disc}, handed over this round\nTaking someone's offer hands "
                         "them your disc; it turns up next round").format(disc=m.handed)))
    d = lay.discs[q]
    out.append(Tip(f"panel{q}_camels", pygame.Rect(rect.x + 140, d.y - 2, 96, 44),
                   _("Camels left: {n}\nThe largest group along the path scores once per "
                     "goods tile").format(n=m.camels_left)))
    out.append(Tip(f"panel{q}_markers", pygame.Rect(rect.x + 244, d.y - 4, 74, 48),
                   _("Control markers left: {n}\nA new area takes a marker; only areas under "
                     "markers score").format(n=m.markers_left)))
    if m.score_tiles is not None:
        kinds = ", ".join(f"{score_name(k)} ×{n}" for k, n in m.score_tiles if n) \
            or _("none yet")
        pile = _("Your score tiles: {n}\n{kinds} (only you see the kinds)").format(
            n=m.score_count, kinds=kinds)
    else:
        pile = _("Score tiles: {n}\nFace down: only {player} knows their kinds").format(
            n=m.score_count, player=who)
    key = "pile" if own and q == table.acting else f"panel{q}_pile"
    out.append(Tip(key, lay.piles[q].inflate(60, 8).move(28, 0), pile))
    deck_key = "deck" if q == table.acting and table.human_can_act else f"panel{q}_deck"
    out.append(Tip(deck_key, lay.decks[q],
                   ngettext("{player}'s offer deck: {n} card\nFace down; offers are turned up "
                            "from it",
                            "{player}'s offer deck: {n} cards\nFace down; offers are turned up "
                            "from it", m.deck_size).format(player=who, n=m.deck_size)))
    if m.projected is not None:
        counts = table.game.score_counts()[q]
        if m.projected_exact:
            text = _("Your score now: {score}\n{counts}").format(score=m.projected,
                                                                 counts=counts_words(counts))
        else:
            text = ngettext("{player} could have up to {score} now\n{counts}, times {n} "
                            "face-down score tile",
                            "{player} could have up to {score} now\n{counts}, times {n} "
                            "face-down score tiles", m.score_count).format(
                player=who, score=m.projected, counts=counts_words(counts), n=m.score_count)
        right = lay.decks[q].x - 14
        out.append(Tip(f"panel{q}_score", pygame.Rect(right - 120, rect.y + 4, 120, 48), text))
    return out


def supply_tips(layout, v: dict) -> list[Tip]:
    out = []
    for kind, rect in zip(("oasis", "steppe", "stone"), layout.land_stacks, strict=False):
        out.append(Tip(f"land_{kind}", rect.inflate(8, 34).move(0, 13),
                       _(LAND_LEFT[kind]).format(n=v["supply"][kind],
                                                 times=score_name(SCORE_FOR_LAND[kind]))))
    for kind, rect in zip(("goods", "springs", "horses", "ovoo"), layout.score_stacks,
                          strict=False):
        out.append(Tip(f"score_{kind}", rect.inflate(8, 34).move(0, 13),
                       _(SCORE_LEFT[kind]).format(n=v["score_supply"][kind])))
    n = v["draw_deck"]
    out.append(Tip("draw_deck", layout.draw_deck.inflate(120, 0).move(-60, 0),
                   ngettext("Draw deck: {n} card\nFace down; cards go to the bottom of offer "
                            "decks",
                            "Draw deck: {n} cards\nFace down; cards go to the bottom of offer "
                            "decks", n).format(n=n)))
    n = len(v["discards"])
    out.append(Tip("discards", layout.discard_pile.inflate(60, 0).move(30, 0),
                   ngettext("Discards: {n} card\nCards carried out",
                            "Discards: {n} cards\nCards carried out", n).format(n=n)))
    return out


def table_tips(table) -> list[Tip]:
    out = supply_tips(table.layout, table.dview())
    for q in range(table.n):
        out += panel_tips(table, table.game.panel_model(q), q)
    return out


def cell_text(table, cell) -> str:
    """What lies on ``cell``: a tile in someone's area, a bonus square, a camel, a marker."""
    v = table.dview()
    x, y = cell
    w = v["board"]["width"]
    i = y * w + x
    where = cell_name(cell)
    lines = []
    bonus = {(bx, by): k for bx, by, k in v["board"]["bonus"]}
    for area in v["areas"]:
        if (x, y) in map(tuple, area["cells"]):
            owner = area["owner"]
            player = table.names[owner] if owner >= 0 else ""
            line = IN_AREA[(area["kind"], (x, y) in bonus, owner >= 0)]
            lines.append(ngettext(*line, area["size"]).format(cell=where, player=player,
                                                              n=area["size"]))
            if tuple(area["marker"] or ()) == (x, y):
                lines.append(_("{player}'s control marker").format(player=player))
            break
    else:
        if (x, y) in bonus:
            lines.append(_(BONUS_SQUARE[bonus[(x, y)]]).format(cell=where))
    owner = v["camel"][i]
    if owner >= 0:
        lines.append(_("{cell}: {player}'s camel").format(cell=where, player=table.names[owner]))
    return "\n".join(lines)
