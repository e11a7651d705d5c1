"""What the Colorado County table asks: the acting human's prompt for their half-made move
(``ColoradoChoices``), and while the viewer may not act, whose move or secret bid it waits
for."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from game.games.colorado.engine.cards import CARDS
from game.games.colorado.engine.events import FLAG_TERMS
from game.games.colorado.engine.grid import cell_name
from game.games.colorado.engine.phases import Phase
from game.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from game.games.colorado.table.choices import ColoradoChoices

SIMULTANEOUS = (Phase.BID, Phase.AUCTION)  # the secret bids: everyone acts at once
# Where the card's flag goes, one whole sentence per flag colour
CLICK_FLAG = {
    "red": N_("Click a red flag on the board for this card."),
    "green": N_("Click a green flag on the board for this card."),
    "orange": N_("Click an orange flag on the board for this card."),
    "blue": N_("Click a blue flag on the board for this card."),
}


def choice_prompt(c: ColoradoChoices) -> str:
    """What the acting human is asked to do now ("" when nobody acts)."""
    p = c.source.acting
    if p is None:
        return ""
    v = c.source.sview()
    phase = c.phase
    names = c.source.names
    if phase == Phase.FLAGS:
        left = len(v["my_flags"] or [])
        return _("Place a flag face down ({n} in hand): pick a colour below, then click a "
                 "glowing cell. No two flags side by side.").format(n=left)
    if phase == Phase.OFFER:
        if c.sel_cell:
            return _("Sell {cell}? The cube leaves the board and you draw 2 cowboys."
                     ).format(cell=cell_name(c.sel_cell))
        left = v["sale_tokens"][p]
        return ngettext("Market: click one of your cubes to put it up for sale ({n} For "
                        "Sale token left), or pass.",
                        "Market: click one of your cubes to put it up for sale ({n} For "
                        "Sale tokens left), or pass.", left).format(n=left)
    if phase == Phase.INTEREST:
        s = v["sale"]
        return _("{player} sells {cell}. Do you want it? (it costs cowboys)").format(
            player=names[s["seller"]], cell=cell_name(tuple(s["cell"])))
    if phase == Phase.GIVE:
        s = v["sale"]
        if c.sel_tokens:
            return _("Give cowboy {cowboy} to {player}?").format(
                cowboy=c.sel_tokens[0], player=names[s["seller"]])
        return _("You alone want {cell}: pick one cowboy to give {player}.").format(
            cell=cell_name(tuple(s["cell"])), player=names[s["seller"]])
    if phase == Phase.AUCTION:
        return _bid_prompt(c, _("Land auction (secret): pick at least one cowboy."))
    if phase == Phase.BID:
        return _bid_prompt(c, _("Secret bid for the cards: pick cowboys, or bid "
                                  "nothing."))
    if phase == Phase.TAKE:
        return _take_prompt(c)
    return ""

def _bid_prompt(c: ColoradoChoices, head: str) -> str:
    if not c.sel_tokens:
        return head
    k = len(c.sel_tokens)
    return ngettext("Your bid: {n} cowboy, best {best}. Confirm when ready.",
                    "Your bid: {n} cowboys, best {best}. Confirm when ready.", k).format(
                        n=k, best=max(c.sel_tokens))

def _take_prompt(c: ColoradoChoices) -> str:
    if c.sel_card is None:
        return _("You choose now: click a revealed card.")
    card = CARDS[c.sel_card]
    if not c.use_flags():
        return _("No {flag} is on the board: take the card without cubes.").format(
            flag=_(FLAG_TERMS[card.colour]))
    if c.use_flag is None:
        return _(CLICK_FLAG[card.colour])
    pv = c.card_preview()
    if pv and not pv["legal"]:
        return c.said(pv["reason"])
    k = len(pv["cells"]) if pv else 0
    sentences = []
    note = c.star_note()
    if note:
        sentences += [note, ngettext("{n} cube on the glowing cells.",
                                     "{n} cubes on the glowing cells.", k).format(n=k)]
    else:
        sentences.append(ngettext("{n} cube on the glowing cells (click to toggle).",
                                  "{n} cubes on the glowing cells (click to toggle).",
                                  k).format(n=k))
        if card.num_stars == 2:
            sentences.append(_("Turn it with R, the wheel or right click."))
    if pv and pv["lake_changes"]:
        values = [str(c["value"]) for c in pv["lake_changes"]]
        sentences.append(ngettext("Lake {lakes} changes owner.",
                                  "Lakes {lakes} change owner.", len(values)).format(
                                      lakes=", ".join(values)))
    return " ".join(sentences)


def waiting_prompt(state: Any, viewer: int | None, names: list[str],
                   pending: list[int] | None, bots: Collection[int], busy: bool) -> str:
    """The prompt while the viewer may not act: whose move or secret bid the table waits
    for (``pending``: the viewer's own bid, already in; ``bots``: the seats bots play;
    ``busy``: steps are still being shown)."""
    ta = state.to_act()
    if busy and state.phase not in SIMULTANEOUS:
        return ""
    waiting = [q for q in ta if q != viewer]
    others = ", ".join(names[q] for q in waiting)
    if state.phase in SIMULTANEOUS:
        if viewer is not None and viewer not in ta and waiting:
            if pending:
                return _("Your bid (cowboys {cowboys}) is in. Waiting for {players}.").format(
                    cowboys=", ".join(map(str, pending)), players=others)
            return _("Your bid is in. Waiting for {players}.").format(players=others)
        return _("Secret bids: waiting for {players}.").format(players=others)
    if ta and ta[0] in bots:
        return _("{player} is thinking...").format(player=names[ta[0]])
    return _("Waiting for {player}.").format(player=names[ta[0]]) if ta else ""
