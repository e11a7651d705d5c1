"""Hover tips of the Colorado County table: panel figures, revealed cards, the viewer's flags
and cowboys, and what lies on a board cell, worded for the seat looking now (cowboy numbers
and face-down flag colours only for their owner)."""

from __future__ import annotations

import pygame

from game.engine.colorado.cards import CARDS
from game.engine.colorado.grid import cell_name
from game.ui.colorado.panels import PanelModel, icon_spots
from game.ui.colorado.projection import change_words
from game.ui.tooltip import Tip


def _plural(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def panel_tips(table, m: PanelModel, q: int) -> list[Tip]:
    v = table.dview()
    who = m.name
    you = q == table.viewer
    badge = f"{who}'s sign\nIt marks {who}'s cubes, markers and lines in the game log"
    if v["start_player"] == q and not v["is_over"]:
        badge += f"; {who} starts this round"
    score = f"{who}: {_plural(m.score, 'point')}"
    if m.round_points is not None:
        score += (f"\nIf round {max(1, v['round'])} were scored now: "
                  f"{change_words(dict(m.round_points))}")
    cowboys = f"Cowboys: {m.cowboys}\n" + (
        "Yours are in the strip below: bid them for the revealed cards" if you else
        "Bid for the revealed cards; only their owner sees the numbers")
    texts = {
        "badge": badge,
        "score": score,
        "cubes": f"Cubes left: {m.cubes_left}\nA card taken puts cubes on its starred cells",
        "cowboys": cowboys,
        "sale": f"For Sale tokens: {m.sale_tokens}\nEach puts one of {who}'s cubes up for "
                f"sale, at most twice a round ({m.sales_this_round} this round)",
        "flags": f"Flags in hand: {m.flags_in_hand}\nPlaced face down at the start of the "
                 "round, then turned up",
        "lakes": f"Lakes owned: {m.lakes}\nMost cubes around a lake owns it; owned lakes "
                 "score each round",
        "bid": f"{who}'s bid: {m.bid}",
    }
    rect = table.layout.panels[q]
    ox, oy = rect.x - 6, rect.y - 6  # the panel surface is blitted 6 px up and left
    return [Tip(f"panel{q}_{name}", r.move(ox, oy), texts[name]) for name, r in icon_spots(m)]


def card_text(card: dict) -> str:
    stars = len(card["stars"]) if "stars" in card else CARDS[card["id"]].num_stars
    colour = card["colour"]
    if stars == 1:
        use = f"a cube on a {colour} flag's cell"
    else:
        use = f"cubes on both stars, one of them on a {colour} flag (turn the card to fit)"
    return f"{colour.title()} card, {_plural(stars, 'star')}\nThe bid's winners take cards: {use}"


def table_tips(table) -> list[Tip]:
    v = table.dview()
    lay = table.layout
    out = []
    for q in range(table.n):
        out += panel_tips(table, table.panel_model(q), q)
    title = pygame.Rect(lay.cards_rect.x, lay.cards_rect.y, lay.cards_rect.w, 46)
    out.append(Tip("round", title, f"Round {v['round']} of 4: "
                                   f"{_plural(v['round_deck_left'], 'card')} left to reveal\n"
                                   "Each turn reveals cards; the round scores when they run out"))
    for i, (cid, rect) in enumerate(table.card_rects()):
        card = next((c for c in table.table_cards if c["id"] == cid), None)
        if card is not None and cid not in table.hidden_cards:
            out.append(Tip(f"card{i}", rect, card_text(card)))
    if table.viewer is None:
        return out
    if v["phase"] == "flags":
        for i, colour in enumerate(table.my_flags()):
            out.append(Tip(f"flag{i}", lay.flag_rect(i),
                           f"Your {colour} flag\nPlace it face down: only you know its colour "
                           "until all flags are turned up"))
    else:
        for i, (c, rect) in enumerate(table.token_rects()):
            out.append(Tip(f"token{i}", rect, f"Your cowboy {c}\nBid any number of cowboys; "
                                              "a tie goes to the bid with the highest number"))
    return out


def cell_text(table, cell) -> str:
    """What lies on ``cell``: a lake, a flag, someone's land, land for sale."""
    v = table.dview()
    x, y = cell
    where = cell_name(cell)
    for lake in v["lakes"]:
        if [x, y] in lake["cells"] or (x, y) in map(tuple, lake["cells"]):
            owner = lake["owner"]
            whose = f"owned by {table.names[owner]}" if owner >= 0 else "owned by nobody yet"
            return (f"{where}: lake worth {lake['value']}, {whose}\nThe most cubes on the "
                    "cells around it own it")
    lines = []
    owner = v["owners"][y][x]
    if owner >= 0:
        lines.append(f"{where}: {table.names[owner]}'s land")
    for f in v["flags"]:
        if tuple(f["cell"]) == (x, y):
            colour = f"{f['colour']} flag" if f["colour"] else "face-down flag"
            lines.append(f"{where}: {colour} placed by {table.names[f['placed_by']]}")
    sale = v["sale"]
    if sale and tuple(sale["cell"]) == (x, y):
        lines.append(f"For sale by {table.names[sale['seller']]}")
    return "\n".join(lines)


def placement_text(table, change) -> str:
    """The gain of the cubes laid now, for the round scoring: the acting player first."""
    p = table.acting
    lines = [f"You: {change_words(change[p])} at the round's scoring"]
    for q, c in enumerate(change):
        if q != p and c["total"]:
            lines.append(f"{table.names[q]}: {change_words(c)}")
    return "\n".join(lines)
