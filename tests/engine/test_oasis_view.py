"""What each Oasis player may see: offer decks unknown even to their owners, score tile kinds
private to their holder, everything else on the table public."""

from __future__ import annotations

import json

from game.engine.messages import render
from game.games.oasis.engine import StopOffer, TakeOffer, TurnCard, new_game, scenario


def test_offer_decks_are_hidden_even_from_their_owner():
    st = new_game(4, 21)
    p = st.order[0]
    before = {v: st.view(v) for v in (None, 0, 1, 2, 3)}
    assert before[p]["players"][p]["offer_deck"] == 5
    # Another five cards in p's deck (from the draw deck): nobody can tell, p included.
    mine = list(st.offer_decks[p])
    other = []
    for card in mine:  # a different card in every position
        swap = next(c for c in st.draw if c != card)
        st.draw.remove(swap)
        other.append(swap)
    st.draw.extend(mine)
    st.offer_decks[p] = other
    assert all(a != b for a, b in zip(mine, other, strict=True))
    for viewer, view in before.items():
        assert st.view(viewer) == view
    text = json.dumps(before[p])
    assert "offer_decks" not in text


def test_turned_cards_offers_and_handed_discs_are_public():
    st = new_game(3, 22)
    a, b, c = st.order
    card = st.offer_decks[a][0]
    st.apply(TurnCard(), a)
    st.apply(StopOffer(), a)
    for viewer in (None, a, b, c):
        view = st.view(viewer)
        assert view["players"][a]["offer"] == [card]
        assert view["players"][a]["offer_deck"] == 6
        assert view["draw_deck"] == len(st.draw) and view["offering"] == b
    for p in (b, c):
        st.apply(TurnCard(), p)
        st.apply(StopOffer(), p)
    st.apply(TakeOffer(c), a)
    view = st.view(b)
    assert view["players"][a]["took"] == c and view["players"][c]["offer_taken_by"] == a
    assert view["players"][c]["handed"] == 1  # the disc went face down, but openly
    if st.phase == "carry" and st.actor() == a:
        assert view["carrying"]["player"] == a
        assert view["carrying"]["current"] == st.current


def test_score_tile_kinds_are_private():
    st = new_game(3, 23)
    p, q = st.order[0], st.order[1]
    events = scenario.start_carrying(st, p, ["ovoo2"])
    assert st.view(p)["players"][p]["score_tiles"]["ovoo"] == 2
    for viewer in (None, q):
        entry = st.view(viewer)["players"][p]
        assert "score_tiles" not in entry and entry["score_tile_count"] == 2
    taken = [e for e in events if e.kind == "score_tiles_taken"][0]
    assert taken.text_for(q) == render(taken.public_msg, taken.public_args)
    assert "ovoo" not in taken.text_for(q) and "2 score tiles face down" in taken.text_for(q)
    assert "ovoo" in taken.text_for(p)
    # Supplies are public: the supply of ovoo tiles shows two fewer.
    assert st.view(q)["score_supply"]["ovoo"] == 18


def test_views_carry_what_a_bot_needs():
    st = new_game(5, 24)
    view = st.view(2)
    json.dumps(view)
    assert view["phase"] == "offer" and view["step"] == "offer"
    assert view["to_act"] == [st.order[0]] and view["order"] == st.order
    assert view["supply"] == {"oasis": 34, "steppe": 34, "stone": 20}
    assert sum(view["unseen"].values()) == 54
    assert len(view["tile"]) == len(view["area"]) == len(view["camel"]) == 17 * 13
    assert len(view["board"]["path"]) == 40 and len(view["board"]["bonus"]) == 9
    assert {a["kind"] for a in view["areas"]} == {"oasis", "steppe", "stone"}
    assert all(a["owner"] == -1 and a["size"] == 1 for a in view["areas"])
    assert [p["camels_left"] for p in view["players"]] == [20] * 5
    assert [p["markers_left"] for p in view["players"]] == [4] * 5
