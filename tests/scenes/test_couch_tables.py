"""Couch play at the tables: whole games of Oregon, Colorado County and Oasis played with a
game controller alone (d-pad, A, shoulders) and with the keyboard alone (arrows, Tab, Enter,
Q/E), as SDL posts the events.  For each human decision the test picks a legal action, then
reaches it by walking the table's focus with direction presses and confirming - no clicks and
no method calls on the scene."""

import random

import pytest
from table_plans import ColoradoPadTable, OasisPadTable, OregonPadTable, choose, play_to_results

from game.games.colorado import engine as co
from game.games.oasis import engine as oa
from game.games.oasis.engine.cards import CARDS as OASIS_CARDS
from game.games.oregon import engine as og
from game.games.oregon.bots.normal import RandomBot as OregonRandomBot
from game.scenes.title import TitleScene

OREGON_ACTIONS = {og.PlaceStartTile, og.PlaceFarmer, og.PlaceBuilding, og.DiscardNoPlacement,
                  og.UseExtraTurn, og.SkipExtraTurn, og.Draw, og.KeepCard, og.DiscardDrawn,
                  og.DiscardDead}
COLORADO_ACTIONS = {co.PlaceFlag, co.OfferForSale, co.PassSale, co.DeclareInterest,
                    co.GiveCowboy, co.SaleBid, co.Bid, co.TakeCard}
OASIS_ACTIONS = {oa.TurnCard, oa.StopOffer, oa.TakeOffer, oa.CarryOut, oa.PlaceTile,
                 oa.PlaceCamel, oa.MoveCamel, oa.IgnoreCard, oa.BonusTile, oa.BonusCamel,
                 oa.SkipBonus}


# --- playing ------------------------------------------------------------------------------------
def play_whole_game(t, rng, liked=None, limit=800) -> set:
    """Every human decision by presses; returns the action kinds played. Ends on the results."""
    s = t.scene
    return play_to_results(t, lambda legal, seen: choose(
        rng, legal, seen, liked and (lambda a: liked(s.session.state, a))), limit)


def oregon_liked(state, a) -> int:
    """The rare choices whenever they come, buildings more than farmers."""
    if isinstance(a, (og.DiscardDead, og.DiscardNoPlacement, og.KeepCard, og.DiscardDrawn)):
        return 2
    return isinstance(a, (og.PlaceBuilding, og.UseExtraTurn))


def colorado_liked(state, a) -> int:
    """Takes cards with cubes, bids a little, sells land now and then, wants land on sale."""
    if isinstance(a, co.TakeCard):
        return 2 if a.cubes else 0
    if isinstance(a, co.Bid):
        return 1 if 1 <= len(a.cowboys) <= 3 else 0
    if isinstance(a, (co.OfferForSale, co.DeclareInterest)):
        return 1 if getattr(a, "interested", True) else 0
    return 0


def oasis_liked(state, a) -> int:
    """Camels first, so that all twenty get out and later camel cards move them."""
    if isinstance(a, oa.TakeOffer):
        return sum(OASIS_CARDS[c].effect == "camels" for c in state.offers[a.owner])
    if isinstance(a, (oa.BonusCamel, oa.PlaceCamel, oa.MoveCamel)):
        return 2
    if isinstance(a, oa.CarryOut):
        return int(OASIS_CARDS[a.card].effect == "camels")
    return 0


def three_camels(s) -> None:
    """The human starts with three camels instead of twenty, so that later camel cards move
    camels (or ignore the rest): a full supply of twenty rarely runs out in one game."""
    s.session.state.camels_left[0] = 3
    s.shown_views = s.views_now()
    s.shown_version += 1
    s._cache = {}


def leave_results_by_pad(t) -> None:
    """The results: B moves to the Menu button, A leaves for the title."""
    t.step(5)
    t.button("b")
    t.button("a", frames=3)
    t.until(lambda: isinstance(t.top, TitleScene), 200)


pytestmark = pytest.mark.usefixtures("no_flip")


def random_players(t, seed: int) -> None:
    """The bot seats played by Oregon's sensible random players, seeded as the table seeds
    its bots: their long, untidy games bring the dead cards and the turns without a
    placement that the easy bots' games no longer reach."""
    for i in (1, 2):
        t.scene.bots[i] = OregonRandomBot(seed * 31 + i)


def test_oregon_whole_games_by_controller_and_by_keyboard(make_table):
    """One game by pad, one by keyboard: every kind of Oregon action between them."""
    t = make_table(OregonPadTable, "human,bot:easy,bot:easy", seed=10)
    random_players(t, 10)
    seen = play_whole_game(t, random.Random(3), oregon_liked)
    leave_results_by_pad(t)
    k = make_table(OregonPadTable, "human,bot:easy,bot:easy", seed=6)
    random_players(k, 6)
    k.via = "keyboard"
    seen_keys = play_whole_game(k, random.Random(3), oregon_liked)
    assert seen | seen_keys == OREGON_ACTIONS, sorted(
        c.__name__ for c in OREGON_ACTIONS - seen - seen_keys)
    assert len(seen) >= 8 and len(seen_keys) >= 8


def test_colorado_whole_game_by_controller(make_table):
    t = make_table(ColoradoPadTable, "human,bot:easy,bot:easy", seed=3)
    seen = play_whole_game(t, random.Random(3), colorado_liked)
    assert seen == COLORADO_ACTIONS, sorted(c.__name__ for c in COLORADO_ACTIONS - seen)
    assert t.turns > 0
    leave_results_by_pad(t)


def test_oasis_whole_game_by_controller(make_table):
    t = make_table(OasisPadTable, "human,bot:easy,bot:easy", seed=6)
    three_camels(t.scene)
    seen = play_whole_game(t, random.Random(3), oasis_liked)
    assert seen == OASIS_ACTIONS, sorted(c.__name__ for c in OASIS_ACTIONS - seen)
    leave_results_by_pad(t)


def test_colorado_whole_game_by_keyboard(make_table):
    """Arrows and Tab walk the focus, Enter confirms, Q / E turn the card."""
    t = make_table(ColoradoPadTable, "human,bot:easy,bot:easy", seed=3)
    t.via = "keyboard"
    seen = play_whole_game(t, random.Random(3), colorado_liked)
    assert seen == COLORADO_ACTIONS, sorted(c.__name__ for c in COLORADO_ACTIONS - seen)
    assert t.turns > 0


def test_oasis_whole_game_by_keyboard(make_table):
    t = make_table(OasisPadTable, "human,bot:easy,bot:easy", seed=6)
    t.via = "keyboard"
    three_camels(t.scene)
    seen = play_whole_game(t, random.Random(3), oasis_liked)
    assert seen == OASIS_ACTIONS, sorted(c.__name__ for c in OASIS_ACTIONS - seen)
