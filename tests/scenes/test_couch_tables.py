"""Couch play at the tables: whole games of Oregon, Colorado County and Oasis played with a
game controller alone (d-pad, A, shoulders) and with the keyboard alone (arrows, Tab, Enter,
Q/E), as SDL posts the events.  For each human decision the test picks a legal action, then
reaches it by walking the table's focus with direction presses and confirming - no clicks and
no method calls on the scene."""

import random

import pygame
import pytest
from table_driver import TableDriver, made_tables

from game.engine.colorado import (
    Bid,
    DeclareInterest,
    GiveCowboy,
    OfferForSale,
    PassSale,
    PlaceFlag,
    SaleBid,
    TakeCard,
)
from game.engine.colorado.cards import CARDS as COLORADO_CARDS
from game.engine.colorado.grid import cell_name
from game.engine.oasis import (
    BonusCamel,
    BonusTile,
    CarryOut,
    IgnoreCard,
    MoveCamel,
    PlaceCamel,
    PlaceTile,
    SkipBonus,
    StopOffer,
    TakeOffer,
    TurnCard,
)
from game.engine.oasis.cards import CARDS as OASIS_CARDS
from game.engine.oregon import (
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
    card_name,
)
from game.scenes.colorado_table import TableScene as ColoradoScene
from game.scenes.handoff import Handoff
from game.scenes.oasis_table import TableScene as OasisScene
from game.scenes.oregon_table import TableScene as OregonScene
from game.scenes.results import ResultsScene
from game.scenes.title import TitleScene


class CouchTable(TableDriver):
    """A table played by direction presses and buttons only."""

    def btn(self, label: str) -> None:
        """Focus the button labelled ``label`` and press A."""
        labels = [b[0] for b in self.scene.buttons()]
        assert label in labels, (label, labels, self.scene.prompt())
        self.focus_on(f"btn{labels.index(label)}")
        self.button("a")

    def pick(self, key: str) -> None:
        self.focus_on(key)
        self.button("a")

    def cell(self, cell) -> None:
        self.focus_on("board", cell)
        self.button("a")

    def until_turn(self, limit: int = 20000) -> None:
        """Until a human may act; a hand-off screen in between is passed with A."""
        s = self.scene
        for _ in range(limit):
            if s.state.is_over() or (s.human_can_act and self.top is s):
                return
            if isinstance(self.top, Handoff) and self.top.ready:
                self.button("a")
                continue
            self.step()
        raise AssertionError("no human turn came")


# --- Oregon -----------------------------------------------------------------------------------
class OregonTable(CouchTable):
    game = "oregon"
    scene_class = OregonScene

    def play(self, action) -> None:
        s = self.scene
        if isinstance(action, PlaceStartTile):
            self.cell(action.cell)
        elif isinstance(action, (PlaceFarmer, PlaceBuilding, DiscardNoPlacement)):
            for card in action.cards:
                self.pick(f"card{s.hand().index(card)}")
            if len(action.cards) == 1:
                self.pick("joker")
            if isinstance(action, DiscardNoPlacement):
                self.btn("Discard 2 cards")
            else:
                self.cell(action.cell)
        elif isinstance(action, Draw):
            self.pick(f"deck_{action.deck}")
        elif isinstance(action, DiscardDead):
            self.btn(f"Discard {card_name(action.card).removesuffix(' card')}")
        else:
            self.btn({UseExtraTurn: "Use extra turn", SkipExtraTurn: "Skip",
                      KeepCard: "Keep it", DiscardDrawn: "Discard, redraw"}[type(action)])


OREGON_ACTIONS = {PlaceStartTile, PlaceFarmer, PlaceBuilding, DiscardNoPlacement, UseExtraTurn,
                  SkipExtraTurn, Draw, KeepCard, DiscardDrawn, DiscardDead}


# --- Colorado County ----------------------------------------------------------------------------
class ColoradoTable(CouchTable):
    game = "colorado"
    scene_class = ColoradoScene
    turns = 0  # shoulder (Q / E) presses that turned a card

    def tokens(self, cowboys) -> None:
        for c in cowboys:
            nums = [n for n, _ in self.scene.token_rects()]
            self.pick(f"token{nums.index(c)}")

    def play(self, action) -> None:
        s = self.scene
        if isinstance(action, PlaceFlag):
            self.pick(f"flag{s.my_flags().index(action.colour)}")
            self.cell(action.cell)
        elif isinstance(action, OfferForSale):
            self.cell(action.cell)
            self.btn(f"Sell {cell_name(action.cell)}")
        elif isinstance(action, PassSale):
            self.btn("Pass")
        elif isinstance(action, DeclareInterest):
            self.btn("I want it" if action.interested else "No, pass")
        elif isinstance(action, GiveCowboy):
            self.tokens([action.cowboy])
            self.btn(f"Give cowboy {action.cowboy}")
        elif isinstance(action, (Bid, SaleBid)):
            self.tokens(action.cowboys)
            k = len(action.cowboys)
            self.btn(f"Bid {k} cowboy{'s' if k != 1 else ''}" if k else "Bid nothing")
        elif isinstance(action, TakeCard):
            self.take(action)
        else:
            raise AssertionError(action)

    def take(self, a: TakeCard) -> None:
        s = self.scene
        ids = [cid for cid, _ in s.card_rects()]
        self.pick(f"card{ids.index(a.card_id)}")
        assert s.sel_card == a.card_id
        if a.flag_cell is None:
            self.btn("Take, no cubes" if s.use_flags() else "Take card")
            return
        if s.use_flag != tuple(a.flag_cell):
            self.cell(a.flag_cell)
        assert s.use_flag == tuple(a.flag_cell)
        want = set(COLORADO_CARDS[a.card_id].star_cells(tuple(a.flag_cell), a.rotation,
                                                         a.anchor_star))
        for i in range(3):
            if set(s.ghost_cells()) == want:
                break
            # the right shoulder turns the card one way; the left one (for a half turn, after
            # a first wrong quarter turn) the other way
            self.button("rb" if i == 0 else "lb")
            self.turns += 1
            if i == 0 and set(s.ghost_cells()) != want:
                self.button("lb")
                self.turns += 1
        assert set(s.ghost_cells()) == want
        for c in s.ghost_cells():
            on = c not in s.cube_off
            if on != (c in a.cubes) and 0 <= c[0] < 15 and 0 <= c[1] < 10:
                self.cell(c)
        k = len(a.cubes)
        self.btn(f"Place {k} cube{'s' if k != 1 else ''}" if k else "Take, no cubes")


COLORADO_ACTIONS = {PlaceFlag, OfferForSale, PassSale, DeclareInterest, GiveCowboy, SaleBid, Bid,
                    TakeCard}


# --- Oasis --------------------------------------------------------------------------------------
OASIS_BONUS = {"oasis": "Oasis tile", "steppe": "Steppe tile", "stone": "Stone tile"}


class OasisTable(CouchTable):
    game = "oasis"
    scene_class = OasisScene

    def tile(self, cell, marker_from) -> None:
        self.cell(cell)
        if marker_from == "none":
            self.btn("Leave uncontrolled")
        elif marker_from is not None:
            self.cell(marker_from)

    def play(self, action) -> None:
        s = self.scene
        if isinstance(action, TurnCard):
            self.pick("deck")
        elif isinstance(action, StopOffer):
            self.btn("Stop here")
        elif isinstance(action, TakeOffer):
            self.pick(f"offer{action.owner}")
        elif isinstance(action, CarryOut):
            i = next(i for i, (c, st) in enumerate(s.carry_cards())
                     if c == action.card and st == "pending")
            self.pick(f"card{i}")
        elif isinstance(action, PlaceTile):
            self.tile(action.cell, action.marker_from)
        elif isinstance(action, BonusTile):
            self.btn(OASIS_BONUS[action.kind])
            self.tile(action.cell, action.marker_from)
        elif isinstance(action, PlaceCamel):
            self.cell(action.cell)
        elif isinstance(action, BonusCamel):
            self.btn("Camel")
            self.cell(action.cell)
        elif isinstance(action, MoveCamel):
            self.cell(action.src)
            self.cell(action.dst)
        elif isinstance(action, IgnoreCard):
            self.btn("Ignore the rest")
        elif isinstance(action, SkipBonus):
            self.btn("Skip bonus")
        else:
            raise AssertionError(f"no presses for {action!r}")


OASIS_ACTIONS = {TurnCard, StopOffer, TakeOffer, CarryOut, PlaceTile, PlaceCamel, MoveCamel,
                 IgnoreCard, BonusTile, BonusCamel, SkipBonus}


# --- playing ------------------------------------------------------------------------------------
def choose(rng, legal, seen, liked=None):
    """A legal action, preferring kinds not played yet (so one game covers many), then the
    ones ``liked(action)`` ranks highest."""
    fresh = [a for a in legal if type(a) not in seen]
    if fresh and rng.random() < 0.7:
        return rng.choice(fresh)
    if liked is not None and rng.random() < 0.8:
        best = max(liked(a) for a in legal)
        return rng.choice([a for a in legal if liked(a) == best])
    return rng.choice(legal)


def play_whole_game(t, rng, liked=None, limit=800) -> set:
    """Every human decision by presses; returns the action kinds played. Ends on the results."""
    s = t.scene
    seen: set = set()
    done = 0
    while True:
        t.until_turn()
        if s.state.is_over():
            break
        p = s.state.to_act()[0] if t.game != "colorado" else s.acting
        action = choose(rng, s.state.legal_actions(p), seen,
                        liked and (lambda a: liked(s.state, a)))
        before = s.human_actions
        t.play(action)
        assert s.human_actions == before + 1, (action, s.message)
        seen.add(type(action))
        done += 1
        assert done < limit
    t.until(lambda: isinstance(t.top, ResultsScene), 10000)
    return seen


def oregon_liked(state, a) -> int:
    """The rare choices whenever they come, buildings more than farmers."""
    if isinstance(a, (DiscardDead, DiscardNoPlacement, KeepCard, DiscardDrawn)):
        return 2
    return isinstance(a, (PlaceBuilding, UseExtraTurn))


def colorado_liked(state, a) -> int:
    """Takes cards with cubes, bids a little, sells land now and then, wants land on sale."""
    if isinstance(a, TakeCard):
        return 2 if a.cubes else 0
    if isinstance(a, Bid):
        return 1 if 1 <= len(a.cowboys) <= 3 else 0
    if isinstance(a, (OfferForSale, DeclareInterest)):
        return 1 if getattr(a, "interested", True) else 0
    return 0


def oasis_liked(state, a) -> int:
    """Camels first, so that all twenty get out and later camel cards move them."""
    if isinstance(a, TakeOffer):
        return sum(OASIS_CARDS[c].effect == "camels" for c in state.offers[a.owner])
    if isinstance(a, (BonusCamel, PlaceCamel, MoveCamel)):
        return 2
    if isinstance(a, CarryOut):
        return int(OASIS_CARDS[a.card].effect == "camels")
    return 0


def leave_results_by_pad(t) -> None:
    """The results: B moves to the Menu button, A leaves for the title."""
    t.step(5)
    t.button("b")
    t.button("a", frames=3)
    t.until(lambda: isinstance(t.top, TitleScene), 200)


@pytest.fixture(autouse=True)
def no_flip(monkeypatch):
    """Frames are drawn as ever; only showing them (a wait on the dummy display) is skipped."""
    monkeypatch.setattr(pygame.display, "flip", lambda: None)


@pytest.fixture
def oregon():
    yield from made_tables(OregonTable)


@pytest.fixture
def colorado():
    yield from made_tables(ColoradoTable)


@pytest.fixture
def oasis():
    yield from made_tables(OasisTable)


def test_oregon_whole_games_by_controller_and_by_keyboard(oregon):
    """One game by pad, one by keyboard: every kind of Oregon action between them."""
    t = oregon("human,bot:easy,bot:easy", seed=10)
    seen = play_whole_game(t, random.Random(3), oregon_liked)
    leave_results_by_pad(t)
    k = oregon("human,bot:easy,bot:easy", seed=6)
    k.via = "keyboard"
    seen_keys = play_whole_game(k, random.Random(3), oregon_liked)
    assert seen | seen_keys == OREGON_ACTIONS, sorted(
        c.__name__ for c in OREGON_ACTIONS - seen - seen_keys)
    assert len(seen) >= 8 and len(seen_keys) >= 8


def test_colorado_whole_game_by_controller(colorado):
    t = colorado("human,bot:easy,bot:easy", seed=3)
    seen = play_whole_game(t, random.Random(3), colorado_liked)
    assert seen == COLORADO_ACTIONS, sorted(c.__name__ for c in COLORADO_ACTIONS - seen)
    assert t.turns > 0
    leave_results_by_pad(t)


def test_oasis_whole_game_by_controller(oasis):
    t = oasis("human,bot:easy,bot:easy", seed=2)
    s = t.scene
    # The human starts with three camels instead of twenty, so that later camel cards move
    # camels (or ignore the rest): a full supply of twenty rarely runs out in one game.
    s.state.camels_left[0] = 3
    s.shown = s.state.clone()
    s.shown_version += 1
    s._cache = {}
    seen = play_whole_game(t, random.Random(3), oasis_liked)
    assert seen == OASIS_ACTIONS, sorted(c.__name__ for c in OASIS_ACTIONS - seen)
    leave_results_by_pad(t)


def test_colorado_whole_game_by_keyboard(colorado):
    """Arrows and Tab walk the focus, Enter confirms, Q / E turn the card."""
    t = colorado("human,bot:easy,bot:easy", seed=3)
    t.via = "keyboard"
    seen = play_whole_game(t, random.Random(3), colorado_liked)
    assert seen == COLORADO_ACTIONS, sorted(c.__name__ for c in COLORADO_ACTIONS - seen)
    assert t.turns > 0


def test_oasis_whole_game_by_keyboard(oasis):
    t = oasis("human,bot:easy,bot:easy", seed=2)
    t.via = "keyboard"
    s = t.scene
    s.state.camels_left[0] = 3  # as in the controller game: camel cards later move camels
    s.shown = s.state.clone()
    s.shown_version += 1
    s._cache = {}
    seen = play_whole_game(t, random.Random(3), oasis_liked)
    assert seen == OASIS_ACTIONS, sorted(c.__name__ for c in OASIS_ACTIONS - seen)
