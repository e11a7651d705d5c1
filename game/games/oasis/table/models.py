"""What the Oasis table's panels, supply, card zoom, score-tile peek and results show, as
plain data built from the shown state for the seat looking now (drawn by ``renderer``,
checked by tests).  Offer decks never reach a model face up; score-tile kinds only reach
their owner's panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.games.oasis.art.projection import best_case, own_score, public_counts
from game.games.oasis.art.zoom import ZoomModel
from game.games.oasis.engine.cards import LAND_KINDS, SCORE_KINDS
from game.games.oasis.engine.phases import Phase
from game.games.oasis.table.choices import carry_cards, take_note
from game.games.oasis.table.panels import PanelModel, SupplyModel
from game.i18n import N_, _
from game.ui import art

if TYPE_CHECKING:
    from game.games.oasis.table.parts import OasisTable

ZoomTarget = tuple[str, int, int | None]
# The results' breakdown columns (English, as marked: the results screen translates them)
# Translators: the final ranking's columns: the points of camels and of each land kind
RESULT_COLUMNS = [N_("Camels"), N_("Oases"), N_("Steppe"), N_("Stone")]
POINT_COLUMNS = RESULT_COLUMNS  # the columns of points: the score chart's bars
# Translators: a results column after the total: the priority disc each player holds at the
# end, whose lowest number wins a tie on points (the rules' tie-break); two short lines
TIE_BREAK = N_("Tie-break: disc")


def seat_kind(seat) -> str:
    """"Human" or "Bot (easy)", in the player's language."""
    return seat.kind_text()


def panel_model(t: OasisTable, q: int) -> PanelModel:
    """Player ``q``'s panel as the viewer may see it."""
    v = t.dview()
    pv = v["players"][q]
    seat = t.seats[q]
    own = q == t.viewer and "score_tiles" in pv
    taken = pv["offer_taken_by"]
    offer = () if q in t.game.landed.hidden_offers else tuple(pv["offer"])
    final = t.game.scored[q] if t.game.scored[q] else None
    return PanelModel(
        name=t.names[q], kind=seat_kind(seat),
        colour=t.colour[q], disc=pv["disc"] or None,
        handed=pv["handed"] if v["phase"] in (Phase.CHOOSE, Phase.CARRY) else None,
        camels_left=pv["camels_left"] - sum(1 for c, _ in t.game.landed.camels
                                            if c == t.colour[q]),
        markers_left=pv["markers_left"] - t.game.landed.new_markers.count(q),
        score_count=pv["score_tile_count"],
        score_tiles=tuple(pv["score_tiles"].items()) if own else None,
        deck_size=pv["offer_deck"], offer=offer,
        offer_taken_by=t.names[taken] if taken is not None and offer else None,
        active=q == t.game.shown_actor(), size=t.layout.panels[q].size,
        you=q == t.viewer and len(t.humans) > 0,
        score=t.disp_score[q] if final else None,
        **projection(t, q, pv, final),
    )


def score_counts(t: OasisTable) -> list:
    """Each player's public score counts on the shown board (cached per shown state)."""
    key = ("counts", t.shown_version)
    counts = t._cache.get(key)
    if counts is None:
        t._cache = {k: x for k, x in t._cache.items() if k[0] != "counts"}
        counts = t._cache[key] = [public_counts(t.shown, q) for q in range(t.n)]
    return counts


def projection(t: OasisTable, q: int, pv: dict[str, Any], final) -> dict[str, Any]:
    """The score so far for ``q``'s panel: exact with the viewer's own score tiles,
    otherwise the most their face-down tiles could make (never their kinds)."""
    if final or t.shown.phase == Phase.OVER:
        return {}
    counts = score_counts(t)[q]
    if "score_tiles" in pv:
        return {"projected": own_score(counts, pv["score_tiles"]), "projected_exact": True}
    return {"projected": best_case(counts, pv["score_tile_count"])}


def supply_model(v: dict[str, Any]) -> SupplyModel:
    return SupplyModel(
        land=tuple((k, v["supply"][k]) for k in LAND_KINDS),
        score=tuple((k, v["score_supply"][k]) for k in SCORE_KINDS),
        draw_deck=v["draw_deck"],
        discard_top=v["discards"][-1] if v["discards"] else None,
        discards=len(v["discards"]))


def shown_carry_cards(t: OasisTable) -> list[tuple[str, str]]:
    """The cards of the offer being carried out, as shown (see ``choices.carry_cards``)."""
    return carry_cards(t.dview(), t.game.landed.hidden_offers)


def zoom_target(t: OasisTable) -> ZoomTarget | None:
    """What the zoom shows: ("offer", owner, card) or ("carry", 0, card) for the face-up
    cards under the pointer, else those with the keyboard/pad focus.  Never a deck."""
    if t.hover is not None and not t.keyboard:
        return _pointed_cards(t, t.hover)
    if t.keyboard and t.human_can_act:
        f = t.focus
        if f.startswith("offer"):
            return ("offer", int(f[5:]), None)
        if f.startswith("card") and int(f[4:]) < len(shown_carry_cards(t)):
            return ("carry", 0, int(f[4:]))
    return None


def _pointed_cards(t: OasisTable, pos) -> ZoomTarget | None:
    lay = t.layout
    v = t.dview()
    for q in range(t.n):
        if q in t.game.landed.hidden_offers or not lay.offer_areas[q].collidepoint(pos):
            continue
        m = len(v["players"][q]["offer"])
        if not m:
            continue
        k = next((k for k, r in enumerate(lay.offer_cards[q][:m]) if r.collidepoint(pos)),
                 None)
        return ("offer", q, k)
    n = len(shown_carry_cards(t))
    for i, r in enumerate(lay.carry_cards[:n]):
        if r.collidepoint(pos):
            return ("carry", 0, i)
    return None


def zoom_model(t: OasisTable) -> ZoomModel | None:
    """The large card view for what the pointer or focus is on (None for nothing, or a
    face-down deck)."""
    target = zoom_target(t)
    if target is None:
        return None
    what, q, k = target
    v = t.dview()
    if what == "carry":
        cards = shown_carry_cards(t)
        if not cards:
            return None
        who = v["carrying"]["player"]
        return ZoomModel(
            title=_("Cards {player} carries out").format(player=t.names[who]),
            cards=tuple(c for c, _ in cards),
            states=tuple("" if st == "pending" else st for _c, st in cards),
            selected=k, colour=art.PLAYER_COLOURS[t.colour[who]])
    pv = v["players"][q]
    offer = tuple(pv["offer"]) if q not in t.game.landed.hidden_offers else ()
    if not offer:
        return None
    note = ""
    taken = pv["offer_taken_by"]
    if taken is not None:
        note = _("Taken by {player}.").format(player=t.names[taken])
    elif t.known.phase == Phase.CHOOSE and v["phase"] == Phase.CHOOSE and t.acting is not None:
        p = t.acting
        note = take_note(t.known, q, p, t.names, p == t.viewer and not t.seats[p].is_bot)
    return ZoomModel(title=_("{player}'s offer").format(player=t.names[q]), cards=offer,
                     selected=k, note=note,
                     colour=art.PLAYER_COLOURS[t.colour[q]])


def peek_lines(t: OasisTable) -> list[tuple[str, int]] | None:
    """The viewer's own score tiles by kind, while they look at their pile."""
    q = t.viewer
    if q is None:
        return None
    hovering = t.hover is not None and t.layout.piles[q].collidepoint(t.hover) \
        and not t.keyboard
    if not (t.game.peek or hovering):
        return None
    own = panel_model(t, q).score_tiles
    return list(own) if own is not None else None


def result_rows(t: OasisTable) -> list:
    """(name, colour, place, total, points by column, winner?) per player, best first."""
    st = t.known
    final = st.final or []
    rows = []
    for rank, q in enumerate(st.ranking):
        f = final[q]
        points = [f[cat]["points"] for cat in ("camels", *LAND_KINDS)]
        breakdown = {**dict(zip(RESULT_COLUMNS, points, strict=True)), "Total": f["total"],
                     TIE_BREAK: f"#{st.disc[q]}"}
        rows.append((t.names[q], t.colour[q], rank + 1, f["total"], breakdown, rank == 0))
    return rows
