"""Hover tips of the Colorado County table: panel figures, revealed cards, the viewer's flags
and cowboys, and what lies on a board cell, worded for the seat looking now (cowboy numbers
and face-down flag colours only for their owner)."""

from __future__ import annotations

import pygame

from game.games.colorado.art.projection import change_words
from game.games.colorado.engine.cards import CARDS
from game.games.colorado.engine.events import FLAG_TERMS
from game.games.colorado.engine.grid import cell_name
from game.games.colorado.engine.phases import Phase
from game.games.colorado.table.panels import PanelModel, icon_spots
from game.i18n import N_, _, ngettext
from game.ui.tooltip import Tip

# A revealed card's name in its tip, one per colour
CARD_NAMES = {"red": N_("Red card"), "green": N_("Green card"), "orange": N_("Orange card"),
              "blue": N_("Blue card")}


def panel_tips(table, m: PanelModel, q: int) -> list[Tip]:
    v = table.dview()
    who = m.name
    you = q == table.viewer
    if v["start_player"] == q and not v["is_over"]:
        badge = _("{player}'s sign\nIt marks {player}'s cubes, markers and lines in the game "
                  "log; {player} starts this round").format(player=who)
    else:
        badge = _("{player}'s sign\nIt marks {player}'s cubes, markers and lines in the game "
                  "log").format(player=who)
    score = ngettext("{player}: {n} point", "{player}: {n} points", m.score).format(
        player=who, n=m.score)
    if m.round_points is not None:
        score += "\n" + _("If round {round} were scored now: {change}").format(
            round=max(1, v["round"]), change=change_words(dict(m.round_points)))
    cowboys = _("Cowboys: {n}").format(n=m.cowboys) + "\n" + (
        _("Yours are in the strip below: bid them for the revealed cards") if you else
        _("Bid for the revealed cards; only their owner sees the numbers"))
    texts = {
        "badge": badge,
        "score": score,
        "cubes": _("Cubes left: {n}\nA card taken puts cubes on its starred cells").format(
            n=m.cubes_left),
        "cowboys": cowboys,
        "sale": _("For Sale tokens: {n}\nEach puts one of {player}'s cubes up for sale, at "
                  "most twice a round ({sold} this round)").format(
                      n=m.sale_tokens, player=who, sold=m.sales_this_round),
        "flags": _("Flags in hand: {n}\nPlaced face down at the start of the round, then "
                   "turned up").format(n=m.flags_in_hand),
        "lakes": _("Lakes owned: {n}\nMost cubes around a lake owns it; owned lakes score "
                   "each round").format(n=m.lakes),
        "bid": _("{player}'s bid: {bid}").format(player=who, bid=m.bid),
    }
    rect = table.layout.panels[q]
    ox, oy = rect.x - 6, rect.y - 6  # the panel surface is blitted 6 px up and left
    return [Tip(f"panel{q}_{name}", r.move(ox, oy), texts[name]) for name, r in icon_spots(m)]


def card_text(card: dict) -> str:
    stars = len(card["stars"]) if "stars" in card else CARDS[card["id"]].num_stars
    colour = card["colour"]
    name = _(CARD_NAMES[colour])
    if stars == 1:
        return _("{card}, one star\nThe bid's winners take cards: a cube on the cell of a "
                 "flag of its colour").format(card=name)
    return _("{card}, two stars\nThe bid's winners take cards: cubes on both stars, one of "
             "them on a flag of its colour (turn the card to fit)").format(card=name)


def table_tips(table) -> list[Tip]:
    v = table.dview()
    lay = table.layout
    out = []
    for q in range(table.n):
        out += panel_tips(table, table.game.panel_model(q), q)
    title = pygame.Rect(lay.cards_rect.x, lay.cards_rect.y, lay.cards_rect.w, 46)
    left = v["round_deck_left"]
    out.append(Tip("round", title, ngettext(
        "Round {round} of 4: {n} card left to reveal\nEach turn reveals cards; the round "
        "scores when they run out",
        "Round {round} of 4: {n} cards left to reveal\nEach turn reveals cards; the round "
        "scores when they run out", left).format(round=v["round"], n=left)))
    for i, (cid, rect) in enumerate(table.controls.card_rects()):
        card = next((c for c in table.game.table_cards if c["id"] == cid), None)
        if card is not None and cid not in table.game.hidden_cards:
            out.append(Tip(f"card{i}", rect, card_text(card)))
    if table.viewer is None:
        return out
    if v["phase"] == Phase.FLAGS:
        for i, colour in enumerate(table.controls.my_flags()):
            out.append(Tip(f"flag{i}", lay.flag_rect(i),
                           _("Your {flag}\nPlace it face down: only you know its colour "
                             "until all flags are turned up").format(
                                 flag=_(FLAG_TERMS[colour]))))
    else:
        for i, (c, rect) in enumerate(table.controls.token_rects()):
            out.append(Tip(f"token{i}", rect, _(
                "Your cowboy {cowboy}\nBid any number of cowboys; a tie goes to the bid "
                "with the highest number").format(cowboy=c)))
    return out


def cell_text(table, cell) -> str:
    """What lies on ``cell``: a lake, a flag, someone's land, land for sale."""
    v = table.dview()
    x, y = cell
    where = cell_name(cell)
    for lake in v["lakes"]:
        if [x, y] in lake["cells"] or (x, y) in map(tuple, lake["cells"]):
            owner = lake["owner"]
            if owner >= 0:
                return _("{cell}: lake worth {value}, owned by {player}\nThe most cubes on "
                         "the cells around it own it").format(
                             cell=where, value=lake["value"], player=table.names[owner])
            return _("{cell}: lake worth {value}, owned by nobody yet\nThe most cubes on the "
                     "cells around it own it").format(cell=where, value=lake["value"])
    lines = []
    owner = v["owners"][y][x]
    if owner >= 0:
        lines.append(_("{cell}: {player}'s land").format(cell=where,
                                                         player=table.names[owner]))
    for f in v["flags"]:
        if tuple(f["cell"]) == (x, y):
            placer, colour = table.names[f["placed_by"]], f["colour"]
            if colour:
                lines.append(_("{cell}: {flag} placed by {player}").format(
                    cell=where, flag=_(FLAG_TERMS[colour]), player=placer))
            else:
                lines.append(_("{cell}: face-down flag placed by {player}").format(
                    cell=where, player=placer))
    sale = v["sale"]
    if sale and tuple(sale["cell"]) == (x, y):
        lines.append(_("For sale by {player}").format(player=table.names[sale["seller"]]))
    return "\n".join(lines)


def placement_text(table, change) -> str:
    """The gain of the cubes laid now, for the round scoring: the acting player first."""
    p = table.chooser
    lines = [_("You: {change} at the round's scoring").format(change=change_words(change[p]))]
    for q, c in enumerate(change):
        if q != p and c["total"]:
            lines.append(_("{player}: {change}").format(player=table.names[q],
                                                         change=change_words(c)))
    return "\n".join(lines)
