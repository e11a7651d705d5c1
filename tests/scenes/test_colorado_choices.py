"""The Colorado County choice model without a display: the half-made move, its prompt, the
buttons and whether they may be pressed, and the words for a refused move."""

import random
import subprocess
import sys
from dataclasses import dataclass, field

from game.engine.core import IllegalAction
from game.games.colorado.engine import (
    Bid,
    OfferForSale,
    PassSale,
    PlaceFlag,
    TakeCard,
    new_game,
)
from game.games.colorado.engine.cards import CARDS
from game.games.colorado.table.choices import ColoradoChoices, why_illegal
from game.games.colorado.table.prompts import waiting_prompt

NAMES = ["Ann", "Bob", "Cy"]


@dataclass
class Source:
    """The table as the choices see it: the game, who acts, the state's version."""

    state: object
    p: int | None
    version: int = 0
    names: list = field(default_factory=lambda: list(NAMES))

    @property
    def acting(self):
        return self.p

    def sview(self):
        return self.state.view(self.p)


def played_to(phase: str, seed: int = 4, want=None):
    """A 3-player game played (random legal moves) until ``phase`` with one player to act;
    ``want(state, p)`` may ask for more."""
    rng = random.Random(seed)
    s = new_game(3, seed)
    for _ in range(2000):
        ta = s.to_act()
        if s.phase == phase and (want is None or want(s, ta[0])):
            return s, ta[0]
        p = ta[0]
        legal = s.legal_actions(p)
        offers = [a for a in legal if isinstance(a, PassSale)]
        s.apply(offers[0] if offers and phase != "offer" else rng.choice(legal), p)
    raise AssertionError(f"no {phase} phase came")


def choices_at(state, p) -> ColoradoChoices:
    return ColoradoChoices(Source(state, p))


def test_the_choice_model_needs_no_pygame():
    code = ("import sys, game.games.colorado.table.choices; "
            "assert 'pygame' not in sys.modules, 'pygame was imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_nobody_acting_has_no_prompt_and_no_buttons():
    c = choices_at(new_game(3, 1), None)
    assert c.prompt() == "" and c.buttons() == []


def test_a_flag_click_places_the_chosen_colour():
    s = new_game(3, 1)
    p = s.to_act()[0]
    c = choices_at(s, p)
    flags = c.my_flags()
    assert c.pick_flag(len(flags)) is None  # no such flag
    assert c.pick_flag(1).sound == "tick" and c.sel_flag == 1
    cell = c.flag_cells()[0]
    reply = c.click_cell(cell)
    assert reply.action == PlaceFlag(flags[1], cell)
    assert c.prompt().startswith(f"Place a flag face down ({len(flags)} in hand)")


def test_a_refused_move_is_explained_by_the_rules_and_changes_nothing():
    s = new_game(3, 1)
    p = s.to_act()[0]
    colour = s.view(p)["my_flags"][0]
    legal = s.legal_actions(p)[0]
    assert why_illegal(s, legal, p) is None
    bad = next(PlaceFlag(colour, (x, y)) for y in range(10) for x in range(15)
               if PlaceFlag(colour, (x, y)) not in s.legal_actions(p))
    before = s.snapshot()
    reason = why_illegal(s, bad, p)
    assert reason and s.snapshot() == before
    try:
        s.clone().apply(bad, p)
    except IllegalAction as exc:
        assert str(exc) == reason  # the same words the rules give when the move is made
    else:
        raise AssertionError("an illegal flag was placed")


def test_the_market_sells_only_own_land():
    s, p = played_to("offer", want=lambda s, p: s.can_offer(p) and s.cubes_on_board(p))
    c = choices_at(s, p)
    own = c.own_cells()
    other = next((x, y) for y in range(10) for x in range(15) if (x, y) not in own)
    reply = c.click_cell(other)
    assert reply.error and reply.message.startswith("You can sell only your own land")
    assert c.buttons()[0][:3] == ("Pass", PassSale(), True)
    assert c.click_cell(own[0]).sound == "tick" and c.sel_cell == own[0]
    label, action, enabled, primary = c.buttons()[0]
    assert action == OfferForSale(own[0]) and enabled and primary and label.startswith("Sell ")
    assert c.prompt().endswith("The cube leaves the board and you draw 2 cowboys.")
    c.click_cell(own[0])  # chosen again: put back
    assert c.sel_cell is None


def test_a_secret_bid_is_built_token_by_token():
    s, p = played_to("bid", want=lambda s, p: len(s.hands[p]) >= 2)
    c = choices_at(s, p)
    assert [b[0] for b in c.buttons()] == ["Bid nothing"]
    assert c.buttons()[0][1] == Bid(())
    hand = c.source.sview()["my_cowboys"]
    c.toggle_token(hand[1])
    c.toggle_token(hand[0])
    labels = [b[0] for b in c.buttons()]
    assert labels == ["Bid 2 cowboys", "Clear"]
    assert c.buttons()[0][1] == Bid(tuple(sorted(hand[:2])))
    assert c.prompt() == f"Your bid: 2 cowboys, best {max(hand[:2])}. Confirm when ready."
    c.toggle_token(hand[0])
    assert c.sel_tokens == [hand[1]]
    c.buttons()[1][1]()  # Clear
    assert c.sel_tokens == [] and why_illegal(s, Bid(tuple(hand[:2])), p) is None


def _takes_with_cubes(s, p):
    return [a for a in s.legal_actions(p) if isinstance(a, TakeCard) and len(a.cubes) == 2
            and CARDS[a.card_id].num_stars == 2]


def test_a_card_laid_on_its_flag_shows_its_cubes_and_can_be_turned():
    s, p = played_to("take", want=lambda s, p: bool(_takes_with_cubes(s, p)))
    a = _takes_with_cubes(s, p)[0]
    c = choices_at(s, p)
    assert c.prompt() == "You choose now: click a revealed card."
    c.choose_card(a.card_id)
    if c.use_flag != tuple(a.flag_cell):
        assert c.click_cell(tuple(a.flag_cell)).sound == "tick"
    assert c.use_flag == tuple(a.flag_cell)
    for _ in range(4):
        if c.card_action() == a:
            break
        assert c.rotate(1).sound == "swish"
    assert c.card_action() == a and set(c.ghost_cells()) == set(a.cubes)
    label, action, enabled, primary = c.buttons()[0]
    assert (label, action, enabled) == ("Place 2 cubes", a, True)
    assert "2 cubes on the glowing cells" in c.prompt()
    gain = c.placement_gain()
    assert gain is not None and len(gain) == 3
    star = a.cubes[0]
    c.click_cell(star)  # a cube taken off
    assert star in c.cube_off and c.buttons()[0][0] == "Place 1 cube"
    c.buttons()[1][1]()  # Other card
    assert c.sel_card is None and c.use_flag is None and c.cube_off == set()


def test_a_card_needs_choosing_before_the_board():
    s, p = played_to("take")
    c = choices_at(s, p)
    reply = c.click_cell((0, 0))
    assert reply.error and reply.message == "Choose one of the revealed cards first."
    assert c.rotate(1).message.startswith("Choose a card and one of its flags first")


def test_waiting_prompts_name_who_the_table_waits_for():
    s, p = played_to("bid")
    ta = s.to_act()
    line = waiting_prompt(s, None, NAMES, None, set(), busy=False)
    assert line == "Secret bids: waiting for " + ", ".join(NAMES[q] for q in ta) + "."
    s2, q = played_to("take")
    assert waiting_prompt(s2, None, NAMES, None, {q}, busy=False) == f"{NAMES[q]} is thinking..."
    assert waiting_prompt(s2, None, NAMES, None, set(), busy=False) == f"Waiting for {NAMES[q]}."
    assert waiting_prompt(s2, None, NAMES, None, set(), busy=True) == ""
