"""The Oasis table's choice model without a display: prompts, buttons and whether each may
be used, the half-made move (marker choice, a camel picked up, the bonus kind), clicks and
the rules' reasons for refusing them."""

import subprocess
import sys

import pytest

from game.engine.core import GameState, IllegalAction
from game.games.oasis.engine import (
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
    new_game,
)
from game.games.oasis.engine.cards import MARKERS_EACH, colour
from game.games.oasis.engine.scenario import put_area, put_camels, start_bonus, start_carrying
from game.games.oasis.table import choices
from game.games.oasis.table.choices import Choice, Command, Reply, carry_cards


def _labels(buttons):
    return [(b.label, b.enabled) for b in buttons]


def _offers_made(seed=3) -> OasisState:
    """A 3-player game where every offer is on the table: disc #1 chooses."""
    st = new_game(3, seed)
    while st.phase == "offer":
        st.apply(TurnCard())
    assert st.step() == "choose"
    return st


def _carrying(cards, seed=3) -> tuple[OasisState, int]:
    st = new_game(3, seed)
    p = st.order[0]
    start_carrying(st, p, cards)
    return st, p


def _taken(cards, seed=3) -> tuple[OasisState, int]:
    """Disc #1 has taken another player's offer of ``cards`` (swapped with draw-deck cards,
    so every card still lies somewhere)."""
    st = _offers_made(seed)
    p = st.actor()
    q = next(x for x in range(3) if x != p)
    st.draw += st.offers[q]
    st.offers[q] = []
    for card in cards:
        st.draw.remove(card)
        st.offers[q].append(card)
    st.apply(TakeOffer(q), p)
    return st, p


def _all_markers_out(st: OasisState, p: int) -> None:
    """Give ``p`` four small stone areas far from each other."""
    used: set = set()
    for c in list(st.empty):
        if len(st.markers[p]) == MARKERS_EACH:
            return
        cell = st.board.xy[c]
        near = {st.board.xy[nb] for nb in st.board.nbrs[c]}
        if st.board.is_path[c] or near & used or cell in used:
            continue
        try:
            put_area(st, "stone", [cell], owner=p)
        except ValueError:
            continue
        used |= near | {cell}
    assert len(st.markers[p]) == MARKERS_EACH


# --- offers -------------------------------------------------------------------------------
def test_offer_buttons_follow_the_cards_turned_up():
    st = new_game(3, 5)
    p = st.actor()
    ch = Choice()
    assert _labels(ch.buttons(st, p, st.legal_actions(p))) == [
        ("Turn up a card", True), ("Stop here", False)]
    assert ch.prompt(st, p) == ("Make your offer: turn up the top card of your deck "
                                "(1 to 3 cards).")
    st.apply(TurnCard(), p)
    buttons = ch.buttons(st, p, st.legal_actions(p))
    assert _labels(buttons) == [("Turn up a card", True), ("Stop here", True)]
    assert [b.action for b in buttons] == [TurnCard(), StopOffer()]
    assert buttons[0].primary and not buttons[1].primary
    assert ch.prompt(st, p) == "1 card offered. Turn up another, or stop (you then draw 2)."
    st.apply(TurnCard(), p)
    assert ch.prompt(st, p) == "2 cards offered. Turn up another, or stop (you then draw 1)."


def test_disabled_buttons_say_why():
    assert choices.disabled_reason("Stop here") == ("An offer holds at least one card: turn "
                                                    "one up first.")
    assert choices.disabled_reason("Turn up a card") == "No further card may be turned up."
    assert "camel" in choices.disabled_reason("Camel")
    assert choices.disabled_reason("Steppe tile") == ("There is no legal cell for a steppe "
                                                      "tile.")
    assert choices.disabled_reason("Skip bonus") == "Not possible now."


def test_a_click_on_an_offer_deck_never_shows_it():
    assert choices.deck_refusal(1, 0) == "Offer decks stay face down: nobody may look at them."
    assert "while you make your offer" in choices.deck_refusal(0, 0)


# --- choosing -----------------------------------------------------------------------------
def test_choosing_prompt_refusals_and_the_disc_note():
    st = _offers_made()
    p = st.actor()
    q = next(x for x in range(3) if x != p)
    ch = Choice()
    assert ch.prompt(st, p) == "You hold disc #1: click an offer to take it."
    assert ch.buttons(st, p, st.legal_actions(p)) == []
    assert ch.offer_refusal(st, p, p) == ("You may take your own offer only when it is the "
                                          "only one left")
    assert ch.offer_refusal(st, p, q) == ""  # a legal take is no refusal
    names = ["Ann", "Bob", "Cyd"]
    assert choices.take_note(st, q, p, names, True) == (
        f"Taking it hands your disc #1 to {names[q]}.")
    assert choices.take_note(st, q, p, names, False) == (
        f"Taking it: {names[p]} hands disc #1 to {names[q]}.")
    assert choices.take_note(st, p, p, names, True) == "Taking your own offer: you keep disc #1."
    early = new_game(3, 3)
    assert ch.offer_refusal(early, early.actor(), 0) == ("Offers are chosen once every offer "
                                                         "is on the table.")


def test_refusals_speak_the_seats_names():
    st = _offers_made()
    p = st.actor()
    q = next(x for x in range(3) if x != p)
    st.apply(TakeOffer(q), p)
    while st.phase == "carry":  # carry the offer out, any way
        st.apply(st.legal_actions()[0])
    engine_name = colour(q)
    names = ["Zed" if x == q else colour(x) for x in range(3)]
    ch = Choice(rename=lambda text: text.replace(engine_name, "Zed"), names=names)
    why = ch.offer_refusal(st, st.actor(), q)
    assert why == "Zed's offer was already taken"


# --- carrying out -------------------------------------------------------------------------
def test_cards_being_carried_out_and_clicks_on_them():
    st, p = _taken(["oasis2", "goods1", "camels2"])
    ch = Choice()
    assert st.step() == "pick_card"
    assert ch.prompt(st, p) == "Click the card to carry out next."
    cards = carry_cards(st.view(p))
    assert cards == [("oasis2", "pending"), ("goods1", "pending"), ("camels2", "pending")]
    assert carry_cards(st.view(p), {st.took[p]}) == []  # still flying to the carrier
    assert choices.card_reply(cards, 1) == Reply(action=CarryOut("goods1"))
    st.apply(CarryOut("goods1"), p)  # score tiles: taken at once
    st.apply(CarryOut("oasis2"), p)
    cards = carry_cards(st.view(None))
    assert cards == [("oasis2", "current"), ("goods1", "done"), ("camels2", "pending")]
    assert choices.card_reply(cards, 0).error == "That card is being carried out."
    assert choices.card_reply(cards, 1).error == "That card is already carried out."
    assert choices.card_reply(cards, 3) == Reply()


def test_tile_cells_clicks_and_the_rules_reason():
    st, p = _carrying(["oasis2"])
    ch = Choice()
    assert st.step() == "place_tiles" and ch.tile_kind(st) == "oasis"
    assert ch.prompt(st, p) == ("Place an oasis tile (2 to go): a yellow cell extends an "
                                "area, a cell marked + starts a new one.")
    targets = ch.cell_targets(st, p)
    assert targets == st.tile_targets("oasis", p) and targets
    path = st.board.xy[st.board.path_cells[0]]
    reply = ch.click_cell(st, p, path, targets)
    assert reply.action is None and "path" in reply.error.lower()
    cell = next(iter(targets))
    reply = ch.click_cell(st, p, cell, targets)
    assert reply == Reply(action=PlaceTile("oasis", cell, None))
    assert ch.why(st, reply.action, p) is None


def test_a_new_area_with_every_marker_out_waits_for_the_marker_choice():
    st, p = _carrying(["stone1"])
    _all_markers_out(st, p)
    ch = Choice()
    targets = ch.cell_targets(st, p)
    start = next(c for c, mode in targets.items() if mode == "start")
    assert ch.click_cell(st, p, start, targets) == Reply(picked=True)
    assert ch.pending_tile == ("stone", start)
    assert ch.prompt(st, p).startswith("All 4 control markers are in use")
    buttons = ch.buttons(st, p, st.legal_actions(p))
    assert [(b.label, b.action) for b in buttons] == [
        ("Leave uncontrolled", Command("leave_uncontrolled")), ("Cancel", Command("cancel"))]
    markers = ch.cell_targets(st, p)
    assert set(markers.values()) == {"marker"}
    assert set(markers) == {st.board.xy[m] for m in st.markers[p]}
    assert "control markers" in ch.click_cell(st, p, start, markers).error
    marker = next(iter(markers))
    move = ch.click_cell(st, p, marker, markers).action
    assert move == PlaceTile("stone", start, marker) and ch.why(st, move, p) is None
    leave = ch.leave_uncontrolled(st)
    assert leave == PlaceTile("stone", start, "none") and ch.why(st, leave, p) is None
    ch.cancel()
    assert ch.pending_tile is None and ch.leave_uncontrolled(st) is None


def test_camels_are_placed_then_moved():
    st, p = _carrying(["camels2"])
    ch = Choice()
    assert st.step() == "place_camels"
    assert ch.prompt(st, p) == "Place a camel on an empty path cell (2 to go)."
    targets = ch.cell_targets(st, p)
    assert set(targets) == set(st.camel_targets()) and set(targets.values()) == {"camel"}
    cell = next(iter(targets))
    assert ch.click_cell(st, p, cell, targets) == Reply(action=PlaceCamel(cell))

    st, p = _carrying(["camels2"])
    free = st.camel_targets()
    put_camels(st, p, free[:st.camels_left[p]])
    assert st.step() == "move_camels"
    own = ch.cell_targets(st, p)
    assert set(own) == set(free[:len(own)]) and set(own.values()) == {"marker"}
    assert ch.prompt(st, p).startswith("All your camels are out")
    assert _labels(ch.buttons(st, p, st.legal_actions(p))) == [("Ignore the rest", True)]
    empty = st.camel_targets()[0]
    assert "your camels" in ch.click_cell(st, p, empty, own).error
    src = next(iter(own))
    assert ch.click_cell(st, p, src, own) == Reply(picked=True) and ch.move_src == src
    buttons = ch.buttons(st, p, st.legal_actions(p))
    assert [(b.label, b.action) for b in buttons] == [
        ("Ignore the rest", IgnoreCard()), ("Cancel", Command("cancel"))]
    assert ch.prompt(st, p) == "Click an empty path cell to move the camel to."
    dst_targets = ch.cell_targets(st, p)
    assert set(dst_targets) == set(st.camel_targets())
    move = ch.click_cell(st, p, empty, dst_targets).action
    assert move == MoveCamel(src, empty) and ch.why(st, move, p) is None


def test_the_bonus_buttons_and_cells_follow_the_kind_chosen():
    st = new_game(3, 4)
    p = 1
    start_bonus(st, p)
    assert st.step() == "bonus"
    ch = Choice()
    legal = st.legal_actions(p)
    buttons = ch.buttons(st, p, legal)
    assert [b.label for b in buttons] == ["Oasis tile", "Steppe tile", "Stone tile", "Camel",
                                          "Skip bonus"]
    assert buttons[-1].action == SkipBonus() and all(b.enabled for b in buttons)
    assert not any(b.primary for b in buttons)
    assert ch.prompt(st, p).startswith("Bonus action (disc #1)")
    some = st.camel_targets()[0]
    assert ch.click_cell(st, p, some, ch.cell_targets(st, p)).error.startswith(
        "Choose what to place first")
    ch.choose_bonus("steppe")
    assert ch.tile_kind(st) == "steppe"
    assert ch.cell_targets(st, p) == st.tile_targets("steppe", p)
    assert [b.primary for b in ch.buttons(st, p, legal)] == [False, True, False, False, False]
    assert ch.prompt(st, p) == ("Bonus: click a glowing cell for your steppe tile, or choose "
                                "something else.")
    cell = next(iter(ch.cell_targets(st, p)))
    assert ch.click_cell(st, p, cell, ch.cell_targets(st, p)).action == BonusTile("steppe", cell)
    ch.choose_bonus("camel")
    assert ch.tile_kind(st) is None
    assert set(ch.cell_targets(st, p)) == set(st.camel_targets())
    assert ch.click_cell(st, p, some, ch.cell_targets(st, p)) == Reply(action=BonusCamel(some))
    ch.reset()
    assert ch.key() == (None, None, None)


def test_a_bonus_kind_that_cannot_be_placed_is_disabled():
    st = new_game(3, 4)
    start_bonus(st, 1)
    st.camels_left[1] = 0
    opts = choices.bonus_options(st, 1, st.legal_actions(1))
    assert opts["camel"] is False and opts["oasis"] is True


# --- the rules' reasons -------------------------------------------------------------------
def test_why_illegal_is_the_rules_reason_and_leaves_the_state_alone():
    st = _offers_made()
    p = st.actor()
    before = st.snapshot()
    why = choices.why_illegal(st, TakeOffer(p), p)
    with pytest.raises(IllegalAction) as exc:
        st.clone().apply(TakeOffer(p), p)
    assert why == str(exc.value)
    assert choices.why_illegal(st, TurnCard(), p)  # not during the choosing
    assert choices.why_illegal(st, next(a for a in st.legal_actions(p)), p) is None
    assert choices.why_illegal(st, "take", p) == "'take' is not an action of this game"
    assert st.snapshot() == before


class _SaysWhy(OasisState):
    """An engine that says why itself: the table must ask it, never try a copy."""

    def why_illegal(self, action, player):
        return "the rules say no" if isinstance(action, TakeOffer) else None

    def clone(self):
        raise AssertionError("the table tried a copy instead of asking the rules")


def test_why_illegal_asks_the_engine_when_it_can_say_why():
    st = _SaysWhy(3, 3)
    assert type(st).why_illegal is not GameState.why_illegal
    p = st.actor()
    assert choices.why_illegal(st, TakeOffer(0), p) == "the rules say no"
    assert choices.why_illegal(st, TurnCard(), p) is None


def test_the_choice_model_needs_no_pygame():
    code = ("import sys; import game.games.oasis.table.choices; "
            "sys.exit(1 if 'pygame' in sys.modules else 0)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_the_placing_prompt_names_the_cells_as_the_board_lights_them(display):
    """The prompt says "a yellow cell" and "a cell marked +": the glow that extends an area
    is a yellow wash, the one that starts an area carries a white plus at its middle (no
    other highlight shows a plus)."""
    from game.games.oasis.art import pictures as art
    from game.games.oasis.art.layout import CELL

    st, p = _carrying(["oasis2"])
    prompt = Choice().prompt(st, p)
    assert "a yellow cell extends an area" in prompt and "a cell marked + starts" in prompt
    extend, start = art.glow("extend", CELL), art.glow("start", CELL)
    middle = (CELL // 2, CELL // 2)
    r, g, b, _a = extend.get_at(middle)
    assert r > 200 and g > 170 and b < 120  # yellow
    assert tuple(start.get_at(middle))[:3] == (255, 255, 255)  # the plus
    arm = (CELL // 2 + 6, CELL // 2)
    assert tuple(start.get_at(arm))[:3] == (255, 255, 255)
    assert tuple(extend.get_at(arm)) == tuple(extend.get_at(middle))  # no plus there
