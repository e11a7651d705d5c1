"""Hover tips of the Oregon table: what each panel figure, token, stack, deck, symbol band,
card and piece on the board is, worded for the seat looking now (token values only for
their owner)."""

from __future__ import annotations

import pygame

from game.engine.oregon import card_info
from game.engine.oregon.geometry import cell_name
from game.ui.board_labels import column_label, row_label
from game.ui.oregon import art as oregon_art
from game.ui.oregon.panels import PanelModel, icon_spots
from game.ui.tooltip import Tip

# What a building earns a farmer next to it (the rules' scoring table, in short).
BUILDING_EFFECT = {
    "post_office": "+3 points",
    "harbour": "+4 points",
    "church": "+1 point per farmer around the church",
    "coal_mine": "a coal token (worth 1-3 at the end)",
    "gold_mine": "a gold token (worth 3-5 at the end)",
    "store": "+1 point, and the joker turns active",
    "station": "+1 point, and the extra-turn token turns active",
}
ADJACENT = "for each farmer next to it (in the 8 cells around)"


def building_word(kind: str) -> str:
    return oregon_art.DISPLAY_NAMES.get(kind, kind.replace("_", " ").title())


def _plural(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def _tokens(kind: str, count: int, values) -> str:
    title = f"{kind.title()} tokens: {count}"
    if values is not None:
        worth = f"yours: {', '.join(map(str, values))} = {sum(values)} points" if values \
            else "none yet"
        return f"{title}\n{worth}, added at the end (only you see the values)"
    return f"{title}\nFace down: their values count at the end"


def panel_tips(m: PanelModel, rect: pygame.Rect, q: int) -> list[Tip]:
    """Tips for the figures on one player's panel."""
    who = m.name
    texts = {
        "badge": f"{who}'s sign\nIt marks {who}'s lines in the game log",
        "score": f"{who}: {_plural(m.score, 'point')}\n"
                 "Coal and gold token values are added at the end",
        "farmers": f"Farmers left: {m.farmers_left}\nPlacing the last of the 14 farmers "
                   "ends the game after the round",
        "joker": f"Joker: {'active' if m.joker else 'spent'}\nStands in for one landscape "
                 "card; a store turns it active again",
        "extra": f"Extra turn: {'active' if m.extra else 'spent'}\nPlay again with the cards "
                 "left in hand; a station turns it active again",
        "coal": _tokens("coal", m.coal_count, m.coal_values),
        "gold": _tokens("gold", m.gold_count, m.gold_values),
    }
    ox, oy = rect.x - 6, rect.y - 6  # the panel surface is blitted 6 px up and left
    return [Tip(f"panel{q}_{name}", r.move(ox, oy), texts[name]) for name, r in icon_spots(m)]


def supply_tips(layout, v: dict) -> list[Tip]:
    out = []
    for (kind, count), rect in zip(v["stacks"].items(), layout.stacks, strict=False):
        left = f"{count} left" if count else "empty: its cards cannot be played"
        out.append(Tip(f"stack_{kind}", rect, f"{building_word(kind)} tiles: {left}\n"
                                              f"Gives {BUILDING_EFFECT[kind]} {ADJACENT}"))
    for deck in ("landscape", "building"):
        size = v["decks"][deck]
        pile = v["discards"][deck]
        out.append(Tip(f"deck_{deck}", layout.decks[deck],
                       f"{deck.title()} deck: {_plural(size, 'card')}\n"
                       "Draw until you hold 4 cards; an empty deck reshuffles its discards"))
        out.append(Tip(f"discard_{deck}", layout.discards[deck],
                       f"{deck.title()} discards: {_plural(len(pile), 'card')}\n"
                       "Played and discarded cards, face up"))
    return out


def symbol_tips(layout, board_view) -> list[Tip]:
    """The landscape symbols over each band of 3 columns and beside each band of 2 rows."""
    out = []
    for key, symbols, span, rect_of, label, word in (
            ("colsym", board_view.column_symbols, 3, layout.column_symbol_rect, column_label,
             "columns"),
            ("rowsym", board_view.row_symbols, 2, layout.row_symbol_rect, row_label, "rows")):
        for i, s in enumerate(symbols):
            name = building_word(board_view._symbol_name(s))
            band = f"{label(span * i)}-{label(span * i + span - 1)}"
            out.append(Tip(f"{key}{i}", rect_of(i),
                           f"{name}: {word} {band}\nA {name.lower()} card places a farmer or "
                           f"building in these {word}"))
    return out


def card_text(card: int) -> str:
    info = card_info(card)
    if info["kind"] == "landscape":
        name = building_word(info["symbol"])
        return (f"{name} card (landscape)\nWith another landscape card: a farmer where the "
                "two symbols' rows and columns cross; with a building card: that building in "
                "this symbol's rows or columns")
    name = building_word(info["building"])
    return (f"{name} card (building)\nWith a landscape card: a {name.lower()} tile in that "
            f"symbol's rows or columns; it gives {BUILDING_EFFECT[info['building']]} {ADJACENT}")


def hand_tips(table) -> list[Tip]:
    """The viewer's cards, their joker and the drawn card waiting beside the prompt."""
    if table.viewer is None:
        return []
    lay = table.layout
    hand = table.hand()
    out = [Tip(f"card{i}", table.card_rect(i, hand), card_text(c)) for i, c in enumerate(hand)]
    v = table.dview()
    q = table.viewer
    on = v["players"][q]["joker_active"]
    out.append(Tip("joker", lay.joker_rect(len(hand)),
                   f"Your joker: {'active' if on else 'spent'}\nChoose it with one landscape "
                   "card: it stands in for the other landscape card"))
    pending = v.get("pending_card")
    if pending is not None and table.human_can_act:
        out.append(Tip("pending", lay.pending_rect, card_text(pending)))
    return out


def table_tips(table) -> list[Tip]:
    v = table.dview()
    lay = table.layout
    out = symbol_tips(lay, table.board_view) + supply_tips(lay, v)
    for q in range(table.n):
        out += panel_tips(table.panel_model(q), lay.panels[q], q)
    return out + hand_tips(table)


def piece_text(table, cell) -> str:
    """What stands on ``cell``: a building or start tile, or a player's farmer."""
    v = table.dview()
    where = cell_name(cell)
    for b in v["buildings"]:
        if tuple(b["cell"]) == tuple(cell):
            kind = "start tile" if b.get("start") else "tile"
            return (f"{where}: {building_word(b['building'])} {kind}\n"
                    f"Gives {BUILDING_EFFECT[b['building']]} {ADJACENT}")
    for q, pv in enumerate(v["players"]):
        if any(tuple(c) == tuple(cell) for c in pv["farmers"]):
            return f"{where}: {table.names[q]}'s farmer"
    return ""
