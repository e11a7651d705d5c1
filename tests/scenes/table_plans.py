"""How an engine action becomes inputs on each table: one plan per game, two input back-ends.

A game's plan (``OregonPlan``, ``ColoradoPlan``, ``OasisPlan``) breaks an engine action into
abstract choices: a focus target (its key, and where the table draws it), a board cell, a
button by its label, turning the Colorado card to a wanted lie.  A back-end makes each choice
real with posted events: ``MouseTable`` clicks where the target is drawn (right clicks turn the
card); ``PadTable`` walks the table's focus with direction presses (d-pad, stick, hat, or
arrows and Tab, as ``via`` says), confirms with A / Enter and turns with the shoulders / Q, E.
A test's table is a plan and a back-end: ``OregonMouseTable``, ``OregonPadTable`` and so on.
"""

import pygame
from table_driver import TableDriver

from game.games.colorado import engine as co
from game.games.colorado.engine.cards import CARDS as COLORADO_CARDS
from game.games.colorado.engine.grid import cell_name
from game.games.colorado.table.parts import ColoradoParts
from game.games.oasis import engine as oa
from game.games.oasis.table.parts import OasisParts
from game.games.oregon import engine as og
from game.games.oregon.table.parts import OregonParts
from game.scenes.handoff import Handoff
from game.scenes.results import ResultsScene
from game.scenes.table import screen as table_screen


# --- input back-ends ----------------------------------------------------------------------------
class MouseTable(TableDriver):
    """A table played by mouse clicks at what the table draws."""

    def target(self, key: str, rect) -> None:
        """Choose the focus target ``key``: a click on ``rect``, where it is drawn."""
        self.click(rect.center)

    def cell(self, cell) -> None:
        self.click(self.scene.layout.cell_rect(*cell).center)

    def btn(self, label: str) -> None:
        rects = table_screen.button_rects(self.scene)
        assert label in rects, (label, list(rects), self.scene.controls.prompt())
        self.click(rects[label].center)

    def turn_to(self, stars: set) -> None:
        """Right clicks (anywhere) turn the card until its stars stand on ``stars``."""
        s = self.scene
        for _ in range(4):
            if set(s.controls.choice.ghost_cells()) == stars:
                break
            self.click(s.layout.cell_rect(0, 0).center, button=3)

    def wait_turn(self) -> None:
        self.until_human()


class PadTable(TableDriver):
    """A table played by direction presses and buttons only (``via``: pad, keyboard, ...)."""

    turns = 0  # shoulder (Q / E) presses that turned a card

    def target(self, key: str, rect=None) -> None:
        """Choose the focus target ``key``: walk the focus onto it and press A."""
        self.focus_on(key)
        self.button("a")

    def cell(self, cell) -> None:
        self.focus_on("board", cell)
        self.button("a")

    def btn(self, label: str) -> None:
        """Focus the button labelled ``label`` and press A."""
        labels = [b[0] for b in self.scene.controls.buttons()]
        assert label in labels, (label, labels, self.scene.controls.prompt())
        self.focus_on(f"btn{labels.index(label)}")
        self.button("a")

    def turn_to(self, stars: set) -> None:
        """The right shoulder turns the card one way; the left one (for a half turn, after a
        first wrong quarter turn) the other way."""
        s = self.scene
        for i in range(3):
            if set(s.controls.choice.ghost_cells()) == stars:
                break
            self.button("rb" if i == 0 else "lb")
            self.turns += 1
            if i == 0 and set(s.controls.choice.ghost_cells()) != stars:
                self.button("lb")
                self.turns += 1

    def until_turn(self, limit: int = 20000) -> None:
        """Until a human may act; a hand-off screen in between is passed with A."""
        s = self.scene
        for _ in range(limit):
            if s.session.state.is_over() or (s.human_can_act and self.top is s):
                return
            if isinstance(self.top, Handoff) and self.top.ready:
                self.button("a")
                continue
            if getattr(getattr(s, "game", None), "scores_held", False) and self.top is s:
                self.close_scores()
                continue
            self.step()
        raise AssertionError("no human turn came")

    def close_scores(self) -> None:
        self.button("a")

    def wait_turn(self) -> None:
        self.until_turn()


# --- Oregon -------------------------------------------------------------------------------------
OREGON_BUTTONS = {og.UseExtraTurn: "Use extra turn", og.SkipExtraTurn: "Skip",
                  og.KeepCard: "Keep it", og.DiscardDrawn: "Discard, redraw"}


class OregonPlan:
    game = "oregon"
    parts_class = OregonParts

    def play(self, action) -> None:
        s = self.scene
        lay = s.layout
        if isinstance(action, og.PlaceStartTile):
            self.cell(action.cell)
        elif isinstance(action, (og.PlaceFarmer, og.PlaceBuilding, og.DiscardNoPlacement)):
            for card in action.cards:
                i = s.controls.hand().index(card)
                self.target(f"card{i}", s.controls.card_rect(i))
            if len(action.cards) == 1:
                self.target("joker", lay.joker_rect(len(s.controls.hand())))
            if isinstance(action, og.DiscardNoPlacement):
                self.btn("Discard 2 cards")
            else:
                self.cell(action.cell)
        elif isinstance(action, og.Draw):
            self.target(f"deck_{action.deck}", lay.decks[action.deck])
        elif isinstance(action, og.DiscardDead):
            self.btn(f"Discard {og.card_name(action.card).removesuffix(' card')}")
        else:
            self.btn(OREGON_BUTTONS[type(action)])


# --- Colorado County ----------------------------------------------------------------------------
class ColoradoPlan:
    game = "colorado"
    parts_class = ColoradoParts

    def tokens(self, cowboys) -> None:
        for c in cowboys:
            toks = self.scene.controls.token_rects()
            i = [n for n, _ in toks].index(c)
            self.target(f"token{i}", toks[i][1])

    def play(self, action) -> None:
        s = self.scene
        if isinstance(action, co.PlaceFlag):
            i = s.controls.my_flags().index(action.colour)
            self.target(f"flag{i}", s.layout.flag_rect(i))
            self.cell(action.cell)
        elif isinstance(action, co.OfferForSale):
            self.cell(action.cell)
            self.btn(f"Sell {cell_name(action.cell)}")
        elif isinstance(action, co.PassSale):
            self.btn("Pass")
        elif isinstance(action, co.DeclareInterest):
            self.btn("I want it" if action.interested else "No, pass")
        elif isinstance(action, co.GiveCowboy):
            self.tokens([action.cowboy])
            self.btn(f"Give cowboy {action.cowboy}")
        elif isinstance(action, (co.Bid, co.SaleBid)):
            self.tokens(action.cowboys)
            k = len(action.cowboys)
            self.btn(f"Bid {k} cowboy{'s' if k != 1 else ''}" if k else "Bid nothing")
        elif isinstance(action, co.TakeCard):
            self.take(action)
        else:
            raise AssertionError(action)

    def take(self, a) -> None:
        s = self.scene
        cards = s.controls.card_rects()
        i = [cid for cid, _ in cards].index(a.card_id)
        self.target(f"card{i}", cards[i][1])
        assert s.controls.choice.sel_card == a.card_id
        if a.flag_cell is None:
            self.btn("Take, no cubes" if s.controls.choice.use_flags() else "Take card")
            return
        if s.controls.choice.use_flag != tuple(a.flag_cell):
            self.cell(a.flag_cell)
        assert s.controls.choice.use_flag == tuple(a.flag_cell)
        want = set(COLORADO_CARDS[a.card_id].star_cells(tuple(a.flag_cell), a.rotation,
                                                      a.anchor_star))
        self.turn_to(want)
        assert set(s.controls.choice.ghost_cells()) == want
        for c in s.controls.choice.ghost_cells():
            on = c not in s.controls.choice.cube_off
            if on != (c in a.cubes) and 0 <= c[0] < 15 and 0 <= c[1] < 10:
                self.cell(c)
        k = len(a.cubes)
        self.btn(f"Place {k} cube{'s' if k != 1 else ''}" if k else "Take, no cubes")


# --- Oasis --------------------------------------------------------------------------------------
OASIS_BONUS = {"oasis": "Oasis tile", "steppe": "Steppe tile", "stone": "Stone tile"}


class OasisPlan:
    game = "oasis"
    parts_class = OasisParts

    def tile(self, cell, marker_from) -> None:
        self.cell(cell)
        if marker_from == "none":
            self.btn("Leave uncontrolled")
        elif marker_from is not None:
            self.cell(marker_from)

    def play(self, action) -> None:
        s = self.scene
        lay = s.layout
        if isinstance(action, oa.TurnCard):
            self.target("deck", lay.decks[s.chooser])
        elif isinstance(action, oa.StopOffer):
            self.btn("Stop here")
        elif isinstance(action, oa.TakeOffer):
            self.target(f"offer{action.owner}", lay.offer_areas[action.owner])
        elif isinstance(action, oa.CarryOut):
            i = next(i for i, (c, st) in enumerate(s.game.carry_cards())
                     if c == action.card and st == "pending")
            self.target(f"card{i}", lay.carry_cards[i])
        elif isinstance(action, oa.PlaceTile):
            self.tile(action.cell, action.marker_from)
        elif isinstance(action, oa.BonusTile):
            self.btn(OASIS_BONUS[action.kind])
            self.tile(action.cell, action.marker_from)
        elif isinstance(action, oa.PlaceCamel):
            self.cell(action.cell)
        elif isinstance(action, oa.BonusCamel):
            self.btn("Camel")
            self.cell(action.cell)
        elif isinstance(action, oa.MoveCamel):
            self.cell(action.src)
            self.cell(action.dst)
        elif isinstance(action, oa.IgnoreCard):
            self.btn("Ignore the rest")
        elif isinstance(action, oa.SkipBonus):
            self.btn("Skip bonus")
        else:
            raise AssertionError(f"no inputs for {action!r}")


# --- the tables: a plan and a back-end ---------------------------------------------------------
class OregonPadTable(OregonPlan, PadTable):
    pass


class ColoradoPadTable(ColoradoPlan, PadTable):
    pass


class OasisPadTable(OasisPlan, PadTable):
    pass


class OregonMouseTable(OregonPlan, MouseTable):
    pass


class ColoradoMouseTable(ColoradoPlan, MouseTable):
    pass


class OasisMouseTable(OasisPlan, MouseTable):
    pass


_BACKENDS = {"mouse": MouseTable, "pad": PadTable}
_TABLES: dict = {(plan, backend): cls for cls in (
    OregonPadTable, ColoradoPadTable, OasisPadTable, OregonMouseTable, ColoradoMouseTable,
    OasisMouseTable) for plan, backend in [cls.__bases__]}


def table_class(game_id: str, via: str = "mouse") -> type:
    """The table of ``game_id`` driven by ``via`` ("mouse" or "pad"): the plan its hooks
    name (``table_plan``) and that back-end."""
    from game_hooks import hooks

    key = (hooks(game_id).table_plan(), _BACKENDS[via])
    if key not in _TABLES:
        _TABLES[key] = type(f"{key[0].__name__}{via.title()}Table", key, {})
    return _TABLES[key]


# --- playing ------------------------------------------------------------------------------------
def play_to_results(t, pick, limit: int) -> set:
    """Every human decision, ``pick(legal, seen)``, played by ``t``'s inputs until the game is
    over and the results show; each must count as exactly one human action.  Returns the
    action kinds played."""
    s = t.scene
    seen: set = set()
    done = 0
    while True:
        t.wait_turn()
        if s.session.state.is_over():
            break
        action = pick(s.session.state.legal_actions(s.chooser), seen)
        before = s.human_actions
        t.play(action)
        assert s.human_actions == before + 1, (action, s.message)
        seen.add(type(action))
        done += 1
        assert done < limit
    t.until(lambda: isinstance(t.top, ResultsScene), 10000)
    assert s.human_actions == done
    return seen


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


def escape_pauses_and_f1_shows_rules(t) -> None:
    """Escape opens the pause menu and closes it again; F1 shows the rules."""
    t.step(3)
    t.key(pygame.K_ESCAPE)
    assert type(t.top).__name__ == "PauseMenu"
    t.key(pygame.K_ESCAPE)
    assert isinstance(getattr(t.top, "game", None), t.parts_class)
    t.key(pygame.K_F1)
    assert type(t.top).__name__ == "RulesOverlay"
