"""A control that appears, or changes meaning, under the pointer or the focus takes no input
for a moment (``game.ui.arming``): at every table and on every menu screen, driven by
synthetic events and the frame clock."""

import random

import pygame
import pytest
from table_driver import DT, made_tables
from table_plans import ColoradoMouseTable

from game.games.colorado.engine import Bid, DeclareInterest, OfferForSale, PassSale
from game.scenes.table import screen as table_screen
from game.ui.arming import ARM_SECONDS, Arming

pytestmark = pytest.mark.usefixtures("no_flip")

RECT = pygame.Rect(100, 100, 200, 60)
INSIDE, OUTSIDE = RECT.center, (10, 10)


# --- the rule itself ---------------------------------------------------------------------------
def test_a_control_that_appears_under_the_pointer_waits_its_time():
    arming = Arming()
    arming.show([("btn0", "Pass", RECT)], OUTSIDE, None)
    arming.show([("btn0", "Pass", RECT)], INSIDE, None)  # the pointer comes to Pass
    assert arming.armed("btn0", "Pass", by_pointer=True)
    arming.show([("btn0", "I want it", RECT)], INSIDE, None)  # another meaning, same place
    assert not arming.armed("btn0", "I want it", by_pointer=True)
    assert arming.armed("btn0", "I want it", by_pointer=False)  # the focus is elsewhere
    frames = 0
    while not arming.armed("btn0", "I want it", by_pointer=True):
        arming.tick(DT)
        arming.show([("btn0", "I want it", RECT)], INSIDE, None)
        frames += 1
    assert frames == pytest.approx(ARM_SECONDS / DT, abs=1)


def test_the_pointer_moving_off_and_back_arms_it_at_once():
    arming = Arming()
    arming.show([("btn0", "Yes", RECT)], INSIDE, None)
    assert not arming.armed("btn0", "Yes", by_pointer=True)
    arming.show([("btn0", "Yes", RECT)], OUTSIDE, None)
    arming.show([("btn0", "Yes", RECT)], INSIDE, None)
    assert arming.armed("btn0", "Yes", by_pointer=True)


def test_the_focus_holds_a_control_that_appears_under_it():
    arming = Arming()
    arming.show([("btn0", "Yes", RECT)], OUTSIDE, "btn0")
    assert arming.armed("btn0", "Yes", by_pointer=True)
    assert not arming.armed("btn0", "Yes", by_pointer=False)
    arming.show([("btn0", "Yes", RECT)], OUTSIDE, "btn1")  # the focus moved off
    arming.show([("btn0", "Yes", RECT)], OUTSIDE, "btn0")  # and back
    assert arming.armed("btn0", "Yes", by_pointer=False)


def test_nothing_is_confirmed_before_it_was_shown():
    arming = Arming()
    assert not arming.armed("btn0", "Yes", by_pointer=True)
    arming.show([("btn0", "Yes", RECT)], OUTSIDE, None)
    assert not arming.armed("btn0", "Buy", by_pointer=True)  # shown, but meaning Yes


def test_an_unknown_pointer_may_be_over_a_new_control():
    arming = Arming()
    arming.show([("btn0", "Yes", RECT)], None, None)
    assert not arming.armed("btn0", "Yes", by_pointer=True)


# --- Colorado County: the offer after the player's own Pass -----------------------------------------
@pytest.fixture
def tables():
    yield from made_tables(ColoradoMouseTable)


def mine(s) -> list:
    """The human's (seat 0's) moves so far."""
    return [a for p, a in s.session.state.history if p == 0]


def _pass_or_bid(rng, legal):
    if any(isinstance(a, OfferForSale) for a in legal):
        return PassSale()
    bids = [a for a in legal if isinstance(a, Bid) and 1 <= len(a.cowboys) <= 2]
    return rng.choice(bids or legal)


def test_i_want_it_in_the_place_of_pass_ignores_the_clicks_that_follow_pass(tables):
    """The player clicks Pass and goes on clicking there, frame after frame; a bot offers
    land and "I want it" takes Pass's place: none of those clicks buys the land until the
    button has shown for its time, or the pointer has left it and come back."""
    t = tables("human,bot:normal,bot:normal", seed=137553021)
    s = t.scene
    rng = random.Random(3)
    for _ in range(300):
        t.until_human()
        assert not s.session.state.is_over(), "no bot offered land after the human passed"
        legal = s.session.state.legal_actions(s.chooser)
        if PassSale() not in legal:
            t.play(_pass_or_bid(rng, legal))
            continue
        where = table_screen.button_rects(s)["Pass"].center
        t.click(where)
        assert mine(s)[-1] == PassSale()
        appeared = None
        for _frame in range(600):  # clicking on where Pass was, each frame
            t.click(where)
            if s.session.state.phase == "interest" and s.human_can_act and appeared is None:
                appeared = s.arming.clock
            if mine(s)[-1] == DeclareInterest(True):
                assert appeared is not None and s.arming.clock - appeared >= ARM_SECONDS
                return
            if s.human_can_act and s.session.state.phase != "interest":
                break  # nobody offered land this time
        assert appeared is None, "the clicks never bought it, even once it had shown"


def test_moving_off_and_back_takes_the_offer_at_once(tables):
    t = tables("human,bot:normal,bot:normal", seed=137553021)
    s = t.scene
    rng = random.Random(3)
    for _ in range(300):
        t.until_human()
        assert not s.session.state.is_over()
        legal = s.session.state.legal_actions(s.chooser)
        if s.session.state.phase == "interest" and s.arming.clock >= 0:
            rect = table_screen.button_rects(s)["I want it"]
            t.move(rect.center)
            t.move((5, 5))
            t.move(rect.center)
            t.click(rect.center)
            assert mine(s)[-1] == DeclareInterest(True)
            return
        t.play(_pass_or_bid(rng, legal))
    raise AssertionError("no land was offered")
