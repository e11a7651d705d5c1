"""The Oasis table, headless: a whole game played by posted mouse events, and the table's
privacy rules (offer decks never face up, score tiles only for their owner), hot-seat
hand-off, start/extend cells, illegal-click reasons and overlays."""

import dataclasses
import random

import pygame
import pytest
from table_driver import made_tables
from table_plans import OasisMouseTable, escape_pauses_and_f1_shows_rules, play_to_results

from game.games.oasis.engine import BonusTile, PlaceTile, SkipBonus, TakeOffer, TurnCard
from game.games.oasis.engine.cards import CARDS
from game.scenes.table import screen as table_screen
from game.scenes.table.table import Table


@pytest.fixture
def tables():
    yield from made_tables(OasisMouseTable)


def _pick(rng, legal):
    """A human who plays sensibly enough to finish: offers 1-2 cards, takes, places."""
    tiles = [a for a in legal if isinstance(a, (PlaceTile, BonusTile))]
    marker = [a for a in tiles if a.marker_from is not None]
    if marker and rng.random() < 0.5:
        return rng.choice(marker)
    if any(isinstance(a, SkipBonus) for a in legal) and len(legal) > 1:
        legal = [a for a in legal if not isinstance(a, SkipBonus)]
    return rng.choice(legal)


def test_whole_game_by_mouse_to_results(tables):
    t = tables("human,bot:easy,bot:easy", seed=11)
    s = t.scene
    rng = random.Random(5)
    seen = play_to_results(t, lambda legal, _seen: _pick(rng, legal), 600)
    assert {TurnCard, TakeOffer, PlaceTile} <= seen
    rows = s.game.result_rows()
    assert [r[2] for r in rows] == [1, 2, 3]
    assert rows[0][5] and not any(r[5] for r in rows[1:])
    assert all(set(r[4]) >= {"Camels", "Oases", "Steppe", "Stone", "Total",
                               "Tie-break: disc"}
               for r in rows)
    assert [r[3] for r in rows] == [s.session.state.final[q]["total"] for q in s.session.state.ranking]
    assert s.disp_score == [f["total"] for f in s.session.state.final]  # counted up on the table
    assert all(s.game.panel_model(q).markers_left >= 0 for q in range(s.n))


def test_offer_decks_never_face_up(tables):
    t = tables("human,bot:easy,bot:easy", seed=3)
    s = t.scene
    for _ in range(3):
        t.until_human()
        for q in range(s.n):
            m = s.game.panel_model(q)
            assert m.deck_size == len(s.shown.offer_decks[q])
            assert not any(x.startswith("deck ") and not x[5:].isdigit() for x in m.texts())
            # the panel only knows the size; the cards in an offer deck never reach it
            assert not hasattr(m, "deck_cards")
        if s.session.state.phase != "offer":
            break
        t.play(TurnCard())
        # clicking one's own deck during someone else's step explains, never shows
    t.until_human()
    if s.session.state.phase == "choose":
        other = next(q for q in range(s.n) if q != s.acting)
        t.click(s.layout.decks[other].center)
        assert "face down" in s.message


def test_score_tiles_show_only_to_their_owner(tables):
    t = tables("human,bot:easy,bot:easy", seed=3)
    s = t.scene
    s.session.state.score_tiles[0]["goods"] = 2
    s.session.state.score_tiles[1]["springs"] = 3
    s.shown_views = s.views_now()
    s.shown_version += 1
    mine = s.game.panel_model(0)
    assert mine.score_tiles is not None and ("goods", 2) in mine.score_tiles
    for q in (1, 2):
        assert s.game.panel_model(q).score_tiles is None
    assert s.game.panel_model(1).score_count == 3
    t.step()
    t.move(s.layout.piles[0].center)
    assert ("goods", 2) in (s.game.peek_lines() or [])
    t.move(s.layout.piles[1].center)
    assert s.game.peek_lines() is None


def test_two_humans_hand_off_and_hide_score_tiles(tables):
    t = tables("human,human,bot:easy", seed=8)
    s = t.scene
    t.until(lambda: type(t.top).__name__ == "Handoff", 3000)
    assert s.viewer is None
    assert all(s.game.panel_model(q).score_tiles is None for q in range(s.n))
    first = s.acting
    t.pass_handoff()
    assert isinstance(t.top, Table)
    assert s.viewer == first
    assert s.game.panel_model(first).score_tiles is not None
    # play until the other human must act: a hand-off comes first
    other = 1 - first
    for _ in range(400):
        if type(t.top).__name__ == "Handoff":
            break
        if s.human_can_act:
            t.play(_pick(random.Random(1), s.session.state.legal_actions(s.acting)))
        else:
            t.step()
    assert type(t.top).__name__ == "Handoff"
    assert s.viewer is None
    t.pass_handoff()
    assert s.viewer == s.acting == other


def _to_tiles(t):
    """Play until the human places tiles (a tile card being carried out)."""
    s = t.scene
    rng = random.Random(2)
    for _ in range(400):
        t.until_human()
        st = s.session.state
        if st.step() == "place_tiles":
            return
        legal = st.legal_actions(s.acting)
        if st.step() == "choose":  # take an offer with a tile card when there is one
            tiles = [a for a in legal if any(CARDS[c].effect == "tiles" for c in st.offers[a.owner])]
            legal = tiles or legal
        if st.step() == "pick_card":
            tiles = [a for a in legal if CARDS[a.card].effect == "tiles"]
            legal = tiles or legal
        t.play(_pick(rng, legal))
    raise AssertionError("never reached a tile placement")


def test_start_and_extend_cells_differ_and_illegal_clicks_explain(tables):
    t = tables("human,bot:easy,bot:easy", seed=4)
    s = t.scene
    _to_tiles(t)
    targets = s.controls.cell_targets()
    kind = s.controls.tile_kind()
    assert targets == s.session.state.tile_targets(kind, s.acting)
    from game.games.oasis.art import pictures as oart
    assert oart.glow("start", 54).get_at((27, 27)) != oart.glow("extend", 54).get_at((27, 27))
    path = s.session.state.view(None)["board"]["path"]
    bad = next(tuple(c) for c in path)
    t.cell(bad)
    assert s.message_error and "path" in s.message.lower()
    assert s.controls.prompt() == s.message
    # a start cell while markers are free places at once
    start = next((c for c, m in targets.items() if m == "start"), None)
    if start is not None:
        before = s.human_actions
        t.cell(start)
        assert s.human_actions == before + 1


def test_marker_choice_when_all_markers_are_in_use(tables):
    t = tables("human,bot:easy,bot:easy", seed=4)
    s = t.scene
    _to_tiles(t)
    st = s.session.state
    p = s.acting
    kind = s.controls.tile_kind()
    # pretend all four markers are out: put them on the bonus areas
    st.markers[p] = [st.board.index((x, y)) for x, y, _k in st.view(None)["board"]["bonus"][:4]]
    s.version += 1
    s._cache.clear()
    targets = s.controls.cell_targets()
    start = next((c for c, m in targets.items() if m == "start"), None)
    assert start is not None, "seed 4 offers a start cell here"
    t.cell(start)
    assert s.controls.pending_tile == (kind, start)
    assert set(s.controls.cell_targets().values()) == {"marker"}
    assert "Leave uncontrolled" in table_screen.button_rects(s)
    t.btn("Cancel")
    assert s.controls.pending_tile is None


def test_escape_opens_pause_and_f1_rules(tables):
    escape_pauses_and_f1_shows_rules(tables("human,bot:easy,bot:easy", seed=2))


def test_keyboard_turns_a_card(tables):
    t = tables("human,bot:easy,bot:easy", seed=4)
    s = t.scene
    _to_offering(t)
    before = s.human_actions
    t.wait_armed(None)  # the deck just appeared under the focus: Enter waits a moment
    t.key(pygame.K_RETURN)  # focus starts on the own offer deck
    assert s.human_actions == before + 1


def _to_offering(t):
    """Play until the human makes an offer (turns a card of their deck)."""
    s = t.scene
    rng = random.Random(4)
    for _ in range(200):
        t.until_human()
        if s.session.state.step() == "offer":
            return
        t.play(_pick(rng, s.session.state.legal_actions(s.acting)))
    raise AssertionError("never reached an offer of the human's")


def _to_choosing(t):
    """Play until the human chooses an offer (every offer face up on the table)."""
    s = t.scene
    rng = random.Random(3)
    for _ in range(200):
        t.until_human()
        if s.session.state.step() == "choose":
            return
        t.play(_pick(rng, s.session.state.legal_actions(s.acting)))
    raise AssertionError("never reached the choosing")


def test_hovered_offer_zooms_with_card_names_and_the_disc_handed(tables):
    from game.games.oasis.art.zoom import card_words

    assert card_words("oasis2") == ("Oasis tiles ×2", "place 2 oasis tiles")
    assert card_words("goods1")[0] == "Goods ×1"
    assert card_words("draw3")[0] == "Draw 3 cards"
    assert card_words("stone1")[0] == "Stone tile ×1"
    t = tables("human,bot:easy,bot:easy", seed=4)
    s = t.scene
    _to_choosing(t)
    q = next(a.owner for a in s.legal() if a.owner != s.acting)
    offer = s.session.state.offers[q]
    assert offer
    t.move(s.layout.offer_cards[q][0].center)
    m = s.game.zoom_model()
    assert m is not None and m.cards == tuple(offer) and m.selected == 0
    texts = m.texts()
    assert texts[0] == f"{s.names[q]}'s offer"
    assert all(card_words(c)[0] in texts for c in offer)
    disc = s.session.state.pos + 1
    assert m.note == f"Taking it hands your disc #{disc} to {s.names[q]}."
    # the keyboard focus on an offer zooms it as well
    t.key(pygame.K_TAB)
    s.focus = f"offer{q}"
    assert s.keyboard and s.game.zoom_model() == dataclasses.replace(m, selected=None)
    t.step()  # drawn in a frame without trouble
    # once taken, the cards being carried out zoom under the pointer too
    t.play(TakeOffer(q))
    t.until_human()
    if s.session.state.step() == "pick_card":
        t.move(s.layout.carry_cards[0].center)
        z = s.game.zoom_model()
        assert z is not None and z.cards == tuple(c for c, _ in s.game.carry_cards())
        assert z.title == f"Cards {s.names[s.acting]} carries out" and not z.note


def test_no_zoom_for_a_face_down_offer_deck(tables):
    t = tables("human,bot:easy,bot:easy", seed=3)
    s = t.scene
    t.until_human()
    for q in range(s.n):
        t.move(s.layout.decks[q].center)
        assert s.game.zoom_model() is None
    # nor for an empty offer place, nor the empty carry row
    empty = next((q for q in range(s.n) if not s.game.panel_model(q).offer), None)
    if empty is not None:
        t.move(s.layout.offer_cards[empty][1].center)
        assert s.game.zoom_model() is None
    if not s.game.carry_cards():
        t.move(s.layout.carry_cards[0].center)
        assert s.game.zoom_model() is None
