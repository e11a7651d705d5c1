"""Hover tips of the Oregon table: what each panel figure, token, stack, deck, symbol band,
card and piece on the board is, worded for the seat looking now (token values only for
their owner)."""

from __future__ import annotations

import pygame

from game.games.oregon.art import pictures as oregon_art
from game.games.oregon.engine import card_info
from game.games.oregon.engine.cards import BUILDING_NAMES
from game.games.oregon.engine.geometry import cell_name
from game.games.oregon.table.panels import PanelModel, icon_spots
from game.i18n import N_, _, ngettext
from game.ui.board_labels import column_label, row_label
from game.ui.tooltip import Tip

# What a building earns a farmer next to it (the rules' scoring table, in short).
BUILDING_EFFECT = {
    "post_office": N_("Gives +3 points for each farmer next to it (in the 8 cells around)"),
    "harbour": N_("Gives +4 points for each farmer next to it (in the 8 cells around)"),
    "church": N_("Gives, for each farmer next to it (in the 8 cells around), +1 point per "
                 "farmer around the church"),
    "coal_mine": N_("Gives a coal token (worth 1-3 at the end) for each farmer next to it "
                    "(in the 8 cells around)"),
    "gold_mine": N_("Gives a gold token (worth 3-5 at the end) for each farmer next to it "
                    "(in the 8 cells around)"),
    "store": N_("Gives +1 point, and the joker turns active, for each farmer next to it "
                "(in the 8 cells around)"),
    "station": N_("Gives +1 point, and the extra-turn token turns active, for each farmer "
                  "next to it (in the 8 cells around)"),
}


def building_word(kind: str) -> str:
    """A building's or a symbol's name as its card shows it ("Post Office"), translated."""
    return _(oregon_art.DISPLAY_NAMES[kind])


def _tokens(kind: str, count: int, values) -> str:
    if kind == "coal":
        title = _("Coal tokens: {n}").format(n=count)
    else:
        title = _("Gold tokens: {n}").format(n=count)
    if values is None:
        return title + "\n" + _("Face down: their values count at the end")
    if not values:
        return title + "\n" + _("None yet: their values are added at the end (only you see "
                                 "them)")
    total = sum(values)
    worth = ngettext("Yours: {values} = {n} point, added at the end (only you see the values)",
                     "Yours: {values} = {n} points, added at the end (only you see the values)",
                     total).format(values=", ".join(map(str, values)), n=total)
    return title + "\n" + worth


def panel_tips(m: PanelModel, rect: pygame.Rect, q: int) -> list[Tip]:
    """Tips for the figures on one player's panel."""
    who = m.name
    if m.joker:
        joker = _("Joker: active\nStands in for one landscape card; a store turns it active "
                  "again")
    else:
        joker = _("Joker: spent\nStands in for one landscape card; a store turns it active "
                  "again")
    if m.extra:
        extra = _("Extra turn: active\nPlay again with the cards left in hand; a station turns "
                  "it active again")
    else:
        extra = _("Extra turn: spent\nPlay again with the cards left in hand; a station turns "
                  "it active again")
    texts = {
        "badge": _("{player}'s sign\nIt marks {player}'s lines in the game log").format(
            player=who),
        "score": ngettext("{player}: {n} point\nCoal and gold token values are added at the "
                          "end",
                          "{player}: {n} points\nCoal and gold token values are added at the "
                          "end", m.score).format(player=who, n=m.score),
        "farmers": _("Farmers left: {n}\nPlacing the last of the 14 farmers ends the game "
                     "after the round").format(n=m.farmers_left),
        "joker": joker,
        "extra": extra,
        "coal": _tokens("coal", m.coal_count, m.coal_values),
        "gold": _tokens("gold", m.gold_count, m.gold_values),
    }
    ox, oy = rect.x - 6, rect.y - 6  # the panel surface is blitted 6 px up and left
    return [Tip(f"panel{q}_{name}", r.move(ox, oy), texts[name]) for name, r in icon_spots(m)]


def _deck_texts(deck: str, size: int, pile: int) -> tuple[str, str]:
    """The tips of a deck and of its discard pile."""
    if deck == "landscape":
        return (ngettext("Landscape deck: {n} card\nDraw until you hold 4 cards; an empty "
                         "deck reshuffles its discards",
                         "Landscape deck: {n} cards\nDraw until you hold 4 cards; an empty "
                         "deck reshuffles its discards", size).format(n=size),
                ngettext("Landscape discards: {n} card\nPlayed and discarded cards, face up",
                         "Landscape discards: {n} cards\nPlayed and discarded cards, face up",
                         pile).format(n=pile))
    return (ngettext("Building deck: {n} card\nDraw until you hold 4 cards; an empty "
                     "deck reshuffles its discards",
                     "Building deck: {n} cards\nDraw until you hold 4 cards; an empty "
                     "deck reshuffles its discards", size).format(n=size),
            ngettext("Building discards: {n} card\nPlayed and discarded cards, face up",
                     "Building discards: {n} cards\nPlayed and discarded cards, face up",
                     pile).format(n=pile))


def supply_tips(layout, v: dict) -> list[Tip]:
    out = []
    for (kind, count), rect in zip(v["stacks"].items(), layout.stacks, strict=False):
        if count:
            left = ngettext("{n} tile left", "{n} tiles left", count).format(n=count)
        else:
            left = _("No tiles left: its cards cannot be played")
        out.append(Tip(f"stack_{kind}", rect, "\n".join(
            (building_word(kind), left, _(BUILDING_EFFECT[kind])))))
    for deck in ("landscape", "building"):
        deck_tip, pile_tip = _deck_texts(deck, v["decks"][deck], len(v["discards"][deck]))
        out.append(Tip(f"deck_{deck}", layout.decks[deck], deck_tip))
        out.append(Tip(f"discard_{deck}", layout.discards[deck], pile_tip))
    return out


def symbol_tips(layout, board_view) -> list[Tip]:
    """The landscape symbols over each band of 3 columns and beside each band of 2 rows."""
    out = []
    for i, s in enumerate(board_view.column_symbols):
        band = f"{column_label(3 * i)}-{column_label(3 * i + 2)}"
        text = _("{symbol}: columns {band}\nA card with this symbol places a farmer or a "
                 "building in these columns")
        out.append(Tip(f"colsym{i}", layout.column_symbol_rect(i), text.format(
            symbol=building_word(board_view._symbol_name(s)), band=band)))
    for i, s in enumerate(board_view.row_symbols):
        band = f"{row_label(2 * i)}-{row_label(2 * i + 1)}"
        text = _("{symbol}: rows {band}\nA card with this symbol places a farmer or a "
                 "building in these rows")
        out.append(Tip(f"rowsym{i}", layout.row_symbol_rect(i), text.format(
            symbol=building_word(board_view._symbol_name(s)), band=band)))
    return out


def card_text(card: int) -> str:
    info = card_info(card)
    if info["kind"] == "landscape":
        return building_word(info["symbol"]) + "\n" + _(
            "Landscape card: played with another landscape card, it places a farmer where the "
            "two symbols' rows and columns cross; played with a building card, it places that "
            "building in this symbol's rows or columns")
    kind = info["building"]
    return "\n".join((building_word(kind), _(
        "Building card: played with a landscape card, it places this building in the rows or "
        "columns of that card's symbol"), _(BUILDING_EFFECT[kind])))


def hand_tips(table) -> list[Tip]:
    """The viewer's cards, their joker and the drawn card waiting beside the prompt."""
    if table.viewer is None:
        return []
    lay = table.layout
    hand = table.controls.hand()
    out = [Tip(f"card{i}", table.controls.card_rect(i, hand), card_text(c)) for i, c in enumerate(hand)]
    v = table.dview()
    q = table.viewer
    if v["players"][q]["joker_active"]:
        joker = _("Your joker: active\nChoose it with one landscape card: it stands in for the "
                  "other landscape card")
    else:
        joker = _("Your joker: spent\nChoose it with one landscape card: it stands in for the "
                  "other landscape card")
    out.append(Tip("joker", lay.joker_rect(len(hand)), joker))
    pending = v.get("pending_card")
    if pending is not None and table.human_can_act:
        out.append(Tip("pending", lay.pending_rect, card_text(pending)))
    return out


def table_tips(table) -> list[Tip]:
    v = table.dview()
    lay = table.layout
    out = symbol_tips(lay, table.game.board_view) + supply_tips(lay, v)
    for q in range(table.n):
        out += panel_tips(table.game.panel_model(q), lay.panels[q], q)
    return out + hand_tips(table)


def piece_text(table, cell) -> str:
    """What stands on ``cell``: a building or start tile, or a player's farmer."""
    v = table.dview()
    where = cell_name(cell)
    for b in v["buildings"]:
        if tuple(b["cell"]) == tuple(cell):
            kind = b["building"]
            if b.get("start"):
                title = _("{cell}: start tile ({building})")
            else:
                title = _("{cell}: {building} tile")
            building = _(BUILDING_NAMES[kind])
            return title.format(cell=where, building=building) + "\n" + _(BUILDING_EFFECT[kind])
    for q, pv in enumerate(v["players"]):
        if any(tuple(c) == tuple(cell) for c in pv["farmers"]):
            return _("{cell}: {player}'s farmer").format(cell=where, player=table.names[q])
    return ""
