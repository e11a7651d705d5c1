"""The Oregon table's choice model without a display: the half-made move, the prompt, the
buttons (and why a disabled one cannot be used), what a click means, the rules' reasons."""

import random
import subprocess
import sys

from game.games.oregon.engine import (
    DiscardDead,
    DiscardDrawn,
    DiscardNoPlacement,
    Draw,
    KeepCard,
    PlaceBuilding,
    PlaceFarmer,
    PlaceStartTile,
    SkipExtraTurn,
    UseExtraTurn,
    new_game,
    preview,
)
from game.games.oregon.engine.cards import BUILDING_INDEX, BUILDING_NAMES
from game.games.oregon.engine.phases import Phase
from game.games.oregon.engine.positions import (
    blank_position,
    card_of,
    give_hand,
    move_cards,
    put_farmer,
)
from game.games.oregon.table.choices import (
    CLEAR,
    DISCARD_FIRST,
    JOKER_SPENT,
    NEED_CARDS,
    OregonChoices,
    gains_text,
    why_illegal,
)


def _choose(choice, cards):
    for c in cards:
        choice.toggle_card(c)


def test_the_choice_model_needs_no_pygame():
    code = ("import sys, game.games.oregon.table.choices; "
            "assert 'pygame' not in sys.modules, 'pygame was imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_third_card_drops_the_oldest_and_a_second_click_puts_a_card_back():
    c = OregonChoices()
    _choose(c, [1, 2])
    assert c.complete and c.selected == [1, 2]
    c.toggle_card(3)
    assert c.selected == [2, 3]
    c.toggle_card(2)
    assert c.selected == [3] and not c.complete
    c.clear()
    assert c.empty and c.key() == ((), False)


def test_the_joker_stands_in_for_a_card_unless_it_is_spent():
    c = OregonChoices()
    assert c.toggle_joker(joker_active=False) == JOKER_SPENT and not c.joker
    _choose(c, [1, 2])
    assert c.toggle_joker(joker_active=True) is None
    assert c.joker and c.selected == [2] and c.complete
    c.toggle_card(5)  # a card with the joker chosen: still two choices at most
    assert c.selected == [5] and c.joker
    assert c.toggle_joker(joker_active=False) is None and not c.joker  # putting it back


def test_start_tile_prompt_cells_and_the_rules_reason_for_a_wrong_cell():
    st = new_game(2, 4)
    p = st.to_act()[0]
    assert st.phase == Phase.START_TILE
    legal = st.legal_actions(p)
    c = OregonChoices()
    kind, cells = c.legal_cells(st, p, legal)
    assert kind == "building" and set(cells) == {a.cell for a in legal}
    tile = st.view(p)["players"][p]["start_tile"]
    assert c.prompt(st, p, legal) == f"Place your start {BUILDING_NAMES[tile]}: click a glowing cell."
    wrong = next((x, y) for y in range(10) for x in range(15) if (x, y) not in cells)
    action, why = c.cell_action(st, wrong)
    assert action == PlaceStartTile(wrong) and why is None
    reason = why_illegal(st, action, p)
    assert reason and reason == st.why_illegal(action, p)
    assert why_illegal(st, legal[0], p) is None
    assert c.buttons(st, legal) == []


def test_play_two_landscapes_places_a_farmer_where_the_rules_allow():
    st = blank_position(2)
    bison, eagle = card_of("bison"), card_of("eagle")
    give_hand(st, 0, [bison, eagle, card_of("church"), card_of("wagon")])
    legal = st.legal_actions(0)
    c = OregonChoices()
    assert "Choose 2 cards" in c.prompt(st, 0, legal)
    assert c.cell_action(st, (0, 0)) == (None, NEED_CARDS)
    assert c.buttons(st, legal) == []  # nothing chosen: nothing to clear
    c.toggle_card(bison)
    assert c.prompt(st, 0, legal) == "Choose one more card (or the joker)."
    c.toggle_card(eagle)
    kind, cells = c.legal_cells(st, 0, legal)
    farmer_cells = {a.cell for a in legal if isinstance(a, PlaceFarmer)
                    and set(a.cards) == {bison, eagle}}
    assert kind == "farmer" and set(cells) == farmer_cells and cells
    assert c.prompt(st, 0, legal) == "Click a glowing cell to place your farmer."
    action, why = c.cell_action(st, cells[0])
    assert why is None and isinstance(action, PlaceFarmer) and action in legal
    [clear] = c.buttons(st, legal)
    assert (clear.label, clear.action, clear.enabled) == ("Clear choice", CLEAR, True)
    expected = gains_text(preview(st, action, 0)["players"][0])
    assert c.preview_text(st, 0, cells[0], ["Yellow", "Blue"]).split("\n")[0] == \
        f"You: {expected}"


def test_a_landscape_and_a_building_place_the_building():
    st = blank_position(2)
    bison, church = card_of("bison"), card_of("church")
    give_hand(st, 0, [bison, church, card_of("eagle"), card_of("wagon")])
    legal = st.legal_actions(0)
    c = OregonChoices()
    _choose(c, [church, bison])
    kind, cells = c.legal_cells(st, 0, legal)
    assert kind == "building" and cells
    assert c.prompt(st, 0, legal) == "Click a glowing cell to place the building."
    action, _ = c.cell_action(st, cells[0])
    assert isinstance(action, PlaceBuilding) and action in legal


def test_the_discard_button_says_why_until_two_discardable_cards_are_chosen():
    st = blank_position(2)
    bison, bison2, eagle = card_of("bison"), card_of("bison", 1), card_of("eagle")
    for cell in st.board.cells_of(st.board.area[3][3] & st.board.land):
        put_farmer(st, 1, cell)
    give_hand(st, 0, [bison, bison2, eagle, card_of("church")])
    legal = st.legal_actions(0)
    c = OregonChoices()
    _choose(c, [bison, eagle])
    discard = c.buttons(st, legal)[0]
    assert discard.label == "Discard 2 cards" and discard.primary
    assert not discard.enabled and discard.action is None and discard.why_not == DISCARD_FIRST
    c.clear()
    _choose(c, [bison, bison2])
    discard, clear = c.buttons(st, legal)
    assert discard.enabled and discard.action == DiscardNoPlacement((bison, bison2))
    assert discard.action in legal and clear.action == CLEAR
    assert c.prompt(st, 0, legal) == \
        "These cards place nothing here. Discard them, or choose others."


def test_a_hand_that_allows_nothing_is_told_to_discard():
    st = blank_position(2)
    st.joker[0] = False
    give_hand(st, 0, [card_of("harbour"), card_of("church"), card_of("station"),
                      card_of("bison")])
    for t in ("harbour", "church", "station"):
        st.stacks[BUILDING_INDEX[t]] = 0
    legal = st.legal_actions(0)
    c = OregonChoices()
    assert c.prompt(st, 0, legal) == \
        "No placement is possible: choose 2 cards and discard them."


def _to_draw(st, hand):
    give_hand(st, 0, hand)
    st.current, st.phase, st.plays, st.drawn_any, st.pending = 0, Phase.DRAW, 1, False, -1


def test_draw_prompt_decks_and_the_refused_deck():
    st = blank_position(2)
    _to_draw(st, [card_of("bison"), card_of("eagle")])
    legal = st.legal_actions(0)
    c = OregonChoices()
    assert c.draw_decks(st, legal) == [a.deck for a in legal if isinstance(a, Draw)]
    assert c.prompt(st, 0, legal) == "Draw 2 cards: click a deck."
    assert c.cell_action(st, (3, 3)) == (None, "Draw cards now: click a deck.")
    assert "landscape deck" in c.deck_refusal(st, "landscape")
    st.phase = Phase.PLAY
    assert c.deck_refusal(st, "landscape") is None


def test_a_drawn_duplicate_offers_keep_or_redraw():
    st = blank_position(2)
    _to_draw(st, [card_of("bison"), card_of("church")])
    move_cards(st, [card_of("church", 1)], st.deck[1])
    st.apply(Draw("building"), 0)
    legal = st.legal_actions(0)
    c = OregonChoices()
    keep, redraw = c.buttons(st, legal)
    assert (keep.label, keep.action) == ("Keep it", KeepCard())
    assert (redraw.label, redraw.action, redraw.primary) == ("Discard, redraw", DiscardDrawn(),
                                                             True)
    assert c.prompt(st, 0, legal) == ("You drew a church card, but you already hold one. "
                                      "Keep it, or discard and redraw?")


def _dead_card_position():
    """A random game at a draw where a dead building card may be discarded."""
    for seed in range(14, 40):
        rng = random.Random(seed)
        st = new_game(3, seed)
        while not st.is_over():
            p = st.to_act()[0]
            legal = st.legal_actions(p)
            if any(isinstance(a, DiscardDead) for a in legal):
                return st, legal
            st.apply(rng.choice(legal), p)
    raise AssertionError("no dead building card in these games")


def test_dead_building_cards_get_discard_buttons():
    st, legal = _dead_card_position()
    c = OregonChoices()
    buttons = c.buttons(st, legal)
    dead = [a for a in legal if isinstance(a, DiscardDead)][:2]
    assert [b.action for b in buttons] == dead and all(b.enabled for b in buttons)
    assert all(b.label.startswith("Discard ") and not b.label.endswith("card")
               for b in buttons)


def test_the_extra_turn_buttons():
    st = blank_position(2)
    st.phase = "extra_turn"
    c = OregonChoices()
    use, skip = c.buttons(st, [])
    assert (use.action, use.primary, skip.action) == (UseExtraTurn(), True, SkipExtraTurn())
    assert c.prompt(st, 0, []) == "Play again with your extra-turn token?"
    assert c.cell_action(st, (0, 0)) == (None, "Use or skip your extra turn first.")
