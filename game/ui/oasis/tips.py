"""Hover tips of the Oasis table: panel figures (discs, camels, markers, score tiles, offer
deck, the score so far), the supply and what lies on a board cell, worded for the seat
looking now (score-tile kinds only for their owner).  Face-up offer cards and the cards
being carried out have their own large view (``zoom``) instead."""

from __future__ import annotations

import pygame

from game.engine.oasis.cards import SCORE_FOR_LAND
from game.engine.oasis.geometry import cell_name
from game.ui.oasis.panels import PanelModel
from game.ui.oasis.projection import counts_words
from game.ui.tooltip import Tip

SCORE_USE = {"goods": "largest camel group", "springs": "oasis tiles",
             "horses": "steppe tiles", "ovoo": "stone tiles"}


def _plural(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def disc_text(disc: int) -> str:
    bonus = "; #1 also gives a bonus tile or camel" if disc == 1 else ""
    return f"Disc #{disc}\nChooses offers in this order{bonus}"


def panel_tips(table, m: PanelModel, q: int) -> list[Tip]:
    lay = table.layout
    rect = lay.panels[q]
    who = m.name
    own = m.score_tiles is not None
    out = [Tip(f"panel{q}_badge", pygame.Rect(rect.x + 22, rect.y + 6, 44, 44),
               f"{who}'s sign\nIt marks {who}'s camels, markers, areas and log lines")]
    if m.disc:
        out.append(Tip(f"panel{q}_disc", lay.discs[q], disc_text(m.disc)))
    if m.handed:
        out.append(Tip(f"panel{q}_handed", lay.handed[q],
                       f"Disc #{m.handed}, handed over this round\nTaking someone's offer "
                       "hands them your disc; it turns up next round"))
    d = lay.discs[q]
    out.append(Tip(f"panel{q}_camels", pygame.Rect(rect.x + 140, d.y - 2, 96, 44),
                   f"Camels left: {m.camels_left}\nThe largest group along the path "
                   "scores once per goods tile"))
    out.append(Tip(f"panel{q}_markers", pygame.Rect(rect.x + 244, d.y - 4, 74, 48),
                   f"Control markers left: {m.markers_left}\nA new area takes a marker; "
                   "only areas under markers score"))
    if m.score_tiles is not None:
        kinds = ", ".join(f"{n} {k}" for k, n in m.score_tiles if n) or "none yet"
        pile = f"Your score tiles: {m.score_count}\n{kinds} (only you see the kinds)"
    else:
        pile = f"Score tiles: {m.score_count}\nFace down: only {who} knows their kinds"
    key = "pile" if own and q == table.acting else f"panel{q}_pile"
    out.append(Tip(key, lay.piles[q].inflate(60, 8).move(28, 0), pile))
    deck_key = "deck" if q == table.acting and table.human_can_act else f"panel{q}_deck"
    out.append(Tip(deck_key, lay.decks[q], f"{who}'s offer deck: {_plural(m.deck_size, 'card')}"
                                           "\nFace down; offers are turned up from it"))
    if m.projected is not None:
        counts = table.score_counts()[q]
        if m.projected_exact:
            text = f"Your score now: {m.projected}\n{counts_words(counts)}"
        else:
            text = (f"{who} could have up to {m.projected} now\n{counts_words(counts)}, "
                    f"times {_plural(m.score_count, 'face-down score tile')}")
        right = lay.decks[q].x - 14
        out.append(Tip(f"panel{q}_score", pygame.Rect(right - 120, rect.y + 4, 120, 48), text))
    return out


def supply_tips(layout, v: dict) -> list[Tip]:
    out = []
    for kind, rect in zip(("oasis", "steppe", "stone"), layout.land_stacks, strict=False):
        n = v["supply"][kind]
        out.append(Tip(f"land_{kind}", rect.inflate(8, 34).move(0, 13),
                       f"{kind.title()} tiles left: {n}\nScored × {SCORE_FOR_LAND[kind]}; "
                       "placing the last of a kind ends the game after the round"))
    for kind, rect in zip(("goods", "springs", "horses", "ovoo"), layout.score_stacks,
                          strict=False):
        n = v["score_supply"][kind]
        out.append(Tip(f"score_{kind}", rect.inflate(8, 34).move(0, 13),
                       f"{kind.title()} score tiles left: {n}\nEach multiplies your "
                       f"{SCORE_USE[kind]}"))
    out.append(Tip("draw_deck", layout.draw_deck.inflate(120, 0).move(-60, 0),
                   f"Draw deck: {_plural(v['draw_deck'], 'card')}\nFace down; cards go to "
                   "the bottom of offer decks"))
    out.append(Tip("discards", layout.discard_pile.inflate(60, 0).move(30, 0),
                   f"Discards: {_plural(len(v['discards']), 'card')}\nCards carried out"))
    return out


def table_tips(table) -> list[Tip]:
    out = supply_tips(table.layout, table.dview())
    for q in range(table.n):
        out += panel_tips(table, table.panel_model(q), q)
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
            kind = area["kind"]
            whose = f"{table.names[area['owner']]}'s" if area["owner"] >= 0 else \
                "an uncontrolled"
            what = f"{kind} bonus square" if (x, y) in bonus else f"{kind} tile"
            lines.append(f"{where}: {what}, in {whose} {kind} area of "
                         f"{_plural(area['size'], 'tile')}")
            if tuple(area["marker"] or ()) == (x, y):
                lines.append(f"{table.names[area['owner']]}'s control marker")
            break
    else:
        if (x, y) in bonus:
            lines.append(f"{where}: {bonus[(x, y)]} bonus square\nA {bonus[(x, y)]} area may "
                         "start next to it")
    owner = v["camel"][i]
    if owner >= 0:
        lines.append(f"{where}: {table.names[owner]}'s camel")
    return "\n".join(lines)
