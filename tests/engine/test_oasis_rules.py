"""Oasis game flow, rule by rule: setup, offers (1-3 cards, draw-back to the bottom, the
keep-one limit, refilling the deck), choosing (own offer, last takes last, discs handed face
down), carrying out cards (camels, score tiles, draw 3), the bonus action, the next round's
order and both ways the game ends."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine import save_files
from game.engine.core import IllegalAction
from game.games.oasis.engine import (
    ACTION_TYPES,
    BonusCamel,
    BonusTile,
    CarryOut,
    IgnoreCard,
    MoveCamel,
    OasisState,
    PlaceCamel,
    PlaceTile,
    SkipBonus,
    StopOffer,
    TakeOffer,
    TurnCard,
    flow,
    new_game,
    scenario,
)
from game.games.oasis.engine.cards import CARDS, DECK_SIZE, full_deck
from game.registry import GAMES

SCORE_CARDS = ["goods1", "spring1", "horse1", "ovoo2", "goods2", "horse2"]


def put_on_top(st, p, cards):
    """Rig ``p``'s offer deck: ``cards`` on top (taken from the draw deck or other offer
    decks); the displaced bottom cards go to the draw deck, so every card stays."""
    for card in reversed(cards):
        for pile in (st.draw, *[d for q, d in enumerate(st.offer_decks) if q != p]):
            if card in pile:
                pile.remove(card)
                pile.append(st.offer_decks[p].pop())
                break
        else:
            st.offer_decks[p].remove(card)
        st.offer_decks[p].insert(0, card)


def make_offers(st, sizes):
    """Everyone offers: ``sizes[i]`` cards for the i-th player in disc order."""
    for p, size in zip(list(st.order), sizes, strict=True):
        for _ in range(size):
            if st.actor() != p:
                break
            st.apply(TurnCard(), p)
        if st.actor() == p and st.phase == "offer":
            st.apply(StopOffer(), p)
    assert st.phase == "choose"


def total_cards(st):
    return sum(st.card_locations().values())


# --- setup ---------------------------------------------------------------------------------

def test_the_deck_has_the_54_cards_of_the_rules():
    assert DECK_SIZE == 54 == len(full_deck())
    assert Counter(full_deck()) == {
        "camels2": 4, "camels3": 4, "oasis2": 8, "steppe2": 8, "stone1": 8, "goods2": 1,
        "goods1": 4, "spring1": 5, "horse1": 4, "horse2": 1, "ovoo2": 4, "draw3": 3}
    assert (CARDS["oasis2"].amount, CARDS["stone1"].amount, CARDS["camels3"].amount) == (2, 1, 3)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_setup(n):
    st = GAMES["oasis"].new(n, 11)
    assert isinstance(st, OasisState)
    assert sorted(st.disc) == list(range(1, n + 1))
    assert st.order == sorted(range(n), key=lambda q: st.disc[q])
    assert [len(d) for d in st.offer_decks] == [5] * n
    assert len(st.draw) == 54 - 5 * n and total_cards(st) == 54
    assert Counter(st.draw + sum(st.offer_decks, [])) == Counter(full_deck())
    assert st.supply[1:] == [34, 34, 20]
    assert st.score_supply == {"goods": 14, "springs": 12, "horses": 16, "ovoo": 20}
    assert st.camels_left == [20] * n and st.markers == [[] for _ in range(n)]
    assert [st.a_size[st.area[c]] for c in st.board.bonus_cells] == [1] * 9
    assert all(st.a_owner[st.area[c]] == -1 for c in st.board.bonus_cells)
    assert st.phase == "offer" and st.to_act() == [st.order[0]]
    assert st.legal_actions() == [TurnCard()]


def test_player_counts_and_determinism():
    for bad in (2, 6):
        with pytest.raises(ValueError):
            GAMES["oasis"].new(bad, 1)
    with pytest.raises(ValueError, match="unknown Oasis options: speed"):
        new_game(3, 1, speed=2)
    assert new_game(4, 7).snapshot() == new_game(4, 7).snapshot()
    assert new_game(4, 7).snapshot() != new_game(4, 8).snapshot()


def test_actions_survive_json():
    for action in (TurnCard(), StopOffer(), TakeOffer(2), CarryOut("oasis2"),
                   PlaceTile("oasis", (3, 4)), PlaceTile("stone", (1, 2), (5, 6)),
                   PlaceTile("steppe", (0, 0), "none"), PlaceCamel((8, 12)),
                   MoveCamel((8, 12), (3, 0)), IgnoreCard(), BonusTile("stone", (0, 0)),
                   BonusCamel((3, 0)), SkipBonus()):
        back = save_files.action_from_json(action.to_json(), ACTION_TYPES)
        assert back == action and str(back) == str(action) and str(action)


# --- offers --------------------------------------------------------------------------------

def test_offer_of_one_card_draws_two_to_the_bottom():
    st = new_game(3, 1)
    p = st.order[0]
    deck = list(st.offer_decks[p])
    top = st.draw[-2:][::-1]
    events = st.apply(TurnCard(), p)
    assert st.offers[p] == deck[:1]
    assert [e.kind for e in events] == ["card_turned"]
    assert st.legal_actions() == [TurnCard(), StopOffer()]
    events = st.apply(StopOffer(), p)
    assert st.offer_decks[p] == deck[1:] + top
    drawn = [e for e in events if e.kind == "cards_drawn"][0]
    assert drawn.data["count"] == 2 and not any(c in drawn.text for c in CARDS)
    assert st.to_act() == [st.order[1]]


def test_offer_of_two_cards_draws_one_and_three_cards_stop_by_themselves():
    st = new_game(3, 2)
    p, q = st.order[0], st.order[1]
    deck_p, deck_q = list(st.offer_decks[p]), list(st.offer_decks[q])
    top = st.draw[-1]
    st.apply(TurnCard(), p)
    st.apply(TurnCard(), p)
    st.apply(StopOffer(), p)
    assert st.offers[p] == deck_p[:2] and st.offer_decks[p] == deck_p[2:] + [top]
    st.apply(TurnCard(), q)
    st.apply(TurnCard(), q)
    events = st.apply(TurnCard(), q)
    assert "offer_stopped" in [e.kind for e in events]
    assert st.offers[q] == deck_q[:3] and st.offer_decks[q] == deck_q[3:]
    assert st.actor() == st.order[2]


def test_with_exactly_three_cards_an_offer_holds_one_or_two():
    st = new_game(3, 3)
    p = st.order[0]
    while len(st.offer_decks[p]) > 3:
        st.draw.append(st.offer_decks[p].pop())
    deck = list(st.offer_decks[p])
    top = st.draw[-1]
    st.apply(TurnCard(), p)
    assert TurnCard() in st.legal_actions(p)
    st.apply(TurnCard(), p)  # the third card would leave none: the offer stops here
    assert st.actor() != p
    assert st.offers[p] == deck[:2] and st.offer_decks[p] == deck[2:] + [top]


def test_the_keep_one_limit_counts_only_cards_that_can_be_drawn():
    st = new_game(3, 4)
    p, q = st.order[0], st.order[1]
    while len(st.offer_decks[p]) > 2:
        st.offer_decks[q].append(st.offer_decks[p].pop())
    st.offer_decks[q].extend(st.draw)
    st.draw.clear()
    st.apply(TurnCard(), p)  # a second card would leave 0 cards and nothing to draw
    assert st.actor() == q and len(st.offers[p]) == 1 and len(st.offer_decks[p]) == 1
    assert total_cards(st) == 54


def test_an_empty_draw_deck_is_refilled_from_the_discards():
    st = new_game(3, 5)
    p = st.order[0]
    st.discards.extend(st.draw[:-1])
    del st.draw[:-1]
    discards = Counter(st.discards)
    last = st.draw[-1]
    st.apply(TurnCard(), p)
    events = st.apply(StopOffer(), p)
    kinds = [e.kind for e in events]
    assert kinds.index("deck_refilled") < kinds.index("cards_drawn")
    assert st.offer_decks[p][-2] == last
    assert st.discards == []
    assert Counter(st.draw) + Counter(st.offer_decks[p][-1:]) == discards
    assert total_cards(st) == 54


def test_a_player_without_cards_offers_nothing():
    st = new_game(3, 6)
    p, q = st.order[0], st.order[1]
    st.offer_decks[q].extend(st.offer_decks[p])
    st.offer_decks[p] = []
    flow.start_round(st)
    events = flow.advance(st)
    assert [e.kind for e in events][:2] == ["no_offer", "offer_stopped"]
    assert st.actor() == q and st.offers[p] == []


# --- choosing ------------------------------------------------------------------------------

def test_choosing_in_disc_order_and_discs_handed_face_down():
    st = new_game(3, 7)
    a, b, c = st.order
    for p, card in zip(st.order, ("goods1", "spring1", "horse1"), strict=True):
        put_on_top(st, p, [card])
    make_offers(st, [1, 1, 1])
    assert st.to_act() == [a]
    assert set(st.legal_actions()) == {TakeOffer(b), TakeOffer(c)}
    with pytest.raises(IllegalAction, match="own offer only when it is the only one left"):
        st.apply(TakeOffer(a), a)
    events = st.apply(TakeOffer(c), a)
    handed = [e for e in events if e.kind == "disc_handed"][0]
    assert "face down" in handed.text and handed.data == {"disc": 1, "from": a, "to": c}
    assert st.handed[c] == 1 and st.took[a] == c and st.taken_by[c] == a
    assert st.score_tiles[a]["horses"] == 1  # one card: carried out by itself
    assert st.to_act() == [b]
    assert st.legal_actions() == [TakeOffer(a)]  # b's own offer is not the only one left
    with pytest.raises(IllegalAction, match="already taken"):
        st.apply(TakeOffer(c), b)
    events = st.apply(TakeOffer(a), b)
    # The last player takes the last offer (b's) by themselves; then the discs turn up.
    kinds = [e.kind for e in events]
    assert kinds.count("offer_taken") == 2 and "discs_revealed" in kinds
    assert (st.took[b], st.took[c]) == (a, b)
    assert (st.handed[c], st.handed[a], st.handed[b]) == (1, 2, 3)
    assert st.disc == st.handed and st.phase == "bonus"
    assert st.bonus_player == c


def test_the_last_player_takes_the_last_offer_even_their_own():
    st = new_game(3, 7)
    a, b, c = st.order
    for p, card in zip(st.order, ("goods1", "spring1", "horse1"), strict=True):
        put_on_top(st, p, [card])
    make_offers(st, [1, 1, 1])
    st.apply(TakeOffer(b), a)
    assert set(st.legal_actions()) == {TakeOffer(a), TakeOffer(c)}
    events = st.apply(TakeOffer(a), b)
    taken = [e for e in events if e.kind == "offer_taken"]
    assert taken[-1].player == c and taken[-1].data["owner"] == c
    assert "their own offer" in taken[-1].text
    assert st.took[c] == c and st.handed[c] == 3
    assert st.score_tiles[c]["horses"] == 1
    assert st.disc == [st.handed[q] for q in range(3)] and st.phase == "bonus"


def test_carry_out_cards_in_any_order_then_discard():
    st = new_game(3, 8)
    p = st.order[0]
    events = scenario.start_carrying(st, p, ["spring1", "camels2", "goods2"])
    assert events == [] and st.current is None
    assert st.legal_actions() == [CarryOut("spring1"), CarryOut("camels2"), CarryOut("goods2")]
    st.apply(CarryOut("camels2"), p)
    with pytest.raises(IllegalAction, match="Finish Camels ×2 first"):
        st.apply(CarryOut("goods2"), p)
    st.apply(PlaceCamel((8, 12)), p)
    st.apply(PlaceCamel((8, 11)), p)
    assert st.current is None and st.pending == ["spring1", "goods2"]
    events = st.apply(CarryOut("goods2"), p)
    assert st.score_tiles[p]["goods"] == 2
    assert st.score_tiles[p]["springs"] == 1  # the last card is carried out by itself
    assert sorted(st.discards[-3:]) == ["camels2", "goods2", "spring1"]
    assert "cards_discarded" in [e.kind for e in events]
    assert st.phase == "choose" and st.actor() == st.order[1]


def test_score_tiles_are_private_and_run_out():
    st = new_game(3, 9)
    p = st.order[0]
    st.score_supply["goods"] = 1
    events = scenario.start_carrying(st, p, ["goods2"])
    taken = [e for e in events if e.kind == "score_tiles_taken"][0]
    assert taken.private_to == p and taken.data == {"kind": "goods", "count": 1}
    assert "goods" in taken.text_for(p) and "goods" not in taken.text_for(None)
    assert "goods" not in taken.text_for((p + 1) % 3)
    assert st.score_tiles[p]["goods"] == 1 and st.score_supply["goods"] == 0
    p2 = st.order[1]
    events = scenario.start_carrying(st, p2, ["goods1"])
    assert st.score_tiles[p2]["goods"] == 0
    assert "No goods score tiles are left" in events[-3].text or any(
        "No goods score tiles" in e.text for e in events)


def test_draw_three_goes_to_the_bottom_of_the_own_offer_deck():
    st = new_game(3, 10)
    p = st.order[0]
    deck = list(st.offer_decks[p])
    top3 = st.draw[-3:][::-1]
    scenario.start_carrying(st, p, ["draw3", "goods1"])
    st.apply(CarryOut("draw3"), p)
    assert st.offer_decks[p] == deck + top3
    assert not st.is_undoable(len(st.history) - 1)


# --- camels --------------------------------------------------------------------------------

def test_camels_go_on_empty_path_cells():
    st = new_game(3, 12)
    p = st.order[0]
    scenario.start_carrying(st, p, ["camels3"])
    assert {a.cell for a in st.legal_actions(p)} == set(st.camel_targets())
    assert len(st.camel_targets()) == 40
    st.apply(PlaceCamel((8, 12)), p)
    with pytest.raises(IllegalAction, match="already holds a camel"):
        st.apply(PlaceCamel((8, 12)), p)
    with pytest.raises(IllegalAction, match="must be on the camel path"):
        st.apply(PlaceCamel((0, 0)), p)
    with pytest.raises(IllegalAction, match="camels move only once all 20"):
        st.apply(MoveCamel((8, 12), (8, 11)), p)
    with pytest.raises(IllegalAction, match="must be placed"):
        st.apply(IgnoreCard(), p)
    st.apply(PlaceCamel((8, 11)), p)
    st.apply(PlaceCamel((3, 0)), p)
    assert st.camels_left[p] == 17 and st.current is None


def test_with_all_camels_out_move_them_or_ignore_the_card():
    st = new_game(3, 13)
    p = st.order[0]
    cells = [st.board.xy[c] for c in st.board.path_cells]
    scenario.put_camels(st, p, cells[:19])
    scenario.start_carrying(st, p, ["camels3"])
    st.apply(PlaceCamel(cells[30]), p)  # the 20th camel
    assert st.camels_left[p] == 0 and st.left == 2
    legal = st.legal_actions(p)
    assert IgnoreCard() in legal and not any(isinstance(a, PlaceCamel) for a in legal)
    assert len(legal) == 20 * 20 + 1  # 20 own camels x 20 empty cells, or ignore
    with pytest.raises(IllegalAction, match="All your camels are on the path"):
        st.apply(PlaceCamel(cells[31]), p)
    with pytest.raises(IllegalAction, match="none of your camels"):
        st.apply(MoveCamel(cells[31], cells[32]), p)
    st.apply(MoveCamel(cells[0], cells[35]), p)
    assert st.camel_at[st.board.index(cells[35])] == p
    assert st.camel_at[st.board.index(cells[0])] == -1
    events = st.apply(IgnoreCard(), p)
    assert events[0].kind == "card_ignored" and st.current is None


def test_a_camel_card_on_a_full_path_is_ignored():
    st = new_game(5, 14)
    p = st.order[0]
    scenario.fill_path(st, st.order[1])
    assert st.path_free == 0
    events = scenario.start_carrying(st, p, ["camels2"])
    assert [e.kind for e in events][:2] == ["card_carried_out", "card_ignored"]
    assert st.current is None and st.phase == "choose"


# --- bonus and the next round --------------------------------------------------------------

def finish_choosing(st):
    """Play the choosing phase with the first legal option each time (score cards only)."""
    while st.phase in ("choose", "carry"):
        st.apply(st.legal_actions()[0])


def test_bonus_action_and_the_next_rounds_order():
    st = new_game(4, 15)
    for p, card in zip(st.order, ("goods1", "spring1", "horse1", "ovoo2"), strict=True):
        put_on_top(st, p, [card])
    make_offers(st, [1, 1, 1, 1])
    finish_choosing(st)
    assert st.phase == "bonus"
    b = st.bonus_player
    assert st.disc[b] == 1 and st.disc == st.handed
    legal = st.legal_actions(b)
    assert SkipBonus() in legal and BonusCamel((8, 12)) in legal
    assert {a.kind for a in legal if isinstance(a, BonusTile)} == {"oasis", "steppe", "stone"}
    with pytest.raises(IllegalAction, match="not possible now: the bonus action"):
        st.apply(PlaceTile("stone", (0, 0)), b)
    discs = list(st.disc)
    events = st.apply(BonusTile("stone", (0, 0)), b)
    assert st.tiles[st.board.index((0, 0))] == 3 and len(st.markers[b]) == 1
    assert events[0].text.startswith("Bonus:")
    assert st.round == 2 and st.phase == "offer"
    assert st.order == sorted(range(4), key=lambda q: discs[q]) and st.order[0] == b
    assert st.handed == [0] * 4 and st.took == [-1] * 4


def test_bonus_camel_and_skip():
    st = new_game(3, 16)
    scenario.start_bonus(st, 2)
    st.apply(BonusCamel((8, 12)), 2)
    assert st.camel_at[st.board.index((8, 12))] == 2 and st.camels_left[2] == 19
    st = new_game(3, 16)
    scenario.start_bonus(st, 1)
    st.apply(SkipBonus(), 1)
    assert st.phase == "offer" and st.order[0] == 1


def test_a_bonus_with_nothing_to_place_is_skipped():
    st = new_game(3, 17, board_rows=["=.", ".."])
    scenario.fill_path(st, 0)
    scenario.put_area(st, "stone", [(1, 0), (0, 1), (1, 1)])
    events = scenario.start_bonus(st, 0)
    assert [e.kind for e in events][:2] == ["bonus_skipped", "round_started"]


# --- the end -------------------------------------------------------------------------------

def test_the_last_tile_of_a_kind_ends_the_game_at_the_end_of_the_round():
    st = new_game(3, 18)
    a, b, c = st.order
    for p, card in zip(st.order, ("stone1", "spring1", "horse1"), strict=True):
        put_on_top(st, p, [card])
    make_offers(st, [1, 1, 1])
    st.supply[3] = 1
    st.apply(TakeOffer(b), a)  # spring
    st.apply(TakeOffer(a), b)  # stone: the last one
    events = st.apply(PlaceTile("stone", (0, 0)), b)
    ends = [e for e in events if e.kind == "end_triggered"]
    assert ends and "last stone tile" in ends[0].text
    assert not st.is_over() and st.phase == "bonus"  # c took the last offer by itself
    events = st.apply(SkipBonus(), st.bonus_player)
    assert st.is_over() and st.to_act() == [] and st.legal_actions() == []
    kinds = [e.kind for e in events]
    assert kinds.count("final_score") == 3 and kinds[-2:] == ["ranking", "game_over"]
    assert st.winners() == st.ranking[:1]
    with pytest.raises(IllegalAction, match="game is over"):
        st.apply(SkipBonus())


def test_a_taken_tile_that_cannot_be_placed_ends_the_game_at_the_end_of_the_round():
    # Oasis can start only on edge cells (all taken by stone) or beside uncontrolled oasis.
    st = new_game(3, 19, board_rows=["=...=", "=...=", "=...="])
    scenario.put_area(st, "stone", [(1, 0), (2, 0), (3, 0)])
    scenario.put_area(st, "stone", [(1, 2), (2, 2), (3, 2)])
    p = st.order[0]
    events = scenario.start_carrying(st, p, ["oasis2"])
    kinds = [e.kind for e in events]
    assert "tile_unplaceable" in kinds and "end_triggered" in kinds
    assert "cannot be placed" in st.end_reason
    assert st.phase == "choose" and not st.is_over()
    finish_choosing(st)
    st.apply(SkipBonus(), st.bonus_player)
    assert st.is_over()


def test_no_tiles_left_means_a_tile_cannot_be_placed():
    st = new_game(3, 20)
    st.supply[1] = 0
    events = scenario.start_carrying(st, st.order[0], ["oasis2"])
    unplaceable = [e for e in events if e.kind == "tile_unplaceable"][0]
    assert "no oasis tiles are left" in unplaceable.text and st.end_reason
