"""The acting player's half-made move at the Colorado County table, without pygame: the
chosen flag, cowboys, cell for sale, card with the flag it uses, its turn and the cubes left
off; the prompt it gives, the buttons and whether each may be pressed, and the words for a
refused click.  The table keeps one ``ColoradoChoices`` and asks it; tests drive it alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from game import i18n
from game.engine.actions import Action
from game.engine.core import GameState
from game.engine.messages import localized
from game.games.colorado.art.projection import placement_change
from game.games.colorado.engine import (
    Bid,
    DeclareInterest,
    GiveCowboy,
    OfferForSale,
    PassSale,
    PlaceFlag,
    SaleBid,
    TakeCard,
    preview_card_use,
)
from game.games.colorado.engine.cards import CARDS
from game.games.colorado.engine.grid import HEIGHT, WIDTH, cell_name
from game.games.colorado.engine.phases import Phase
from game.games.colorado.table.prompts import SIMULTANEOUS, choice_prompt
from game.i18n import N_, _, ngettext

Cell = tuple[int, int]
# (label, a move to try or something to call, enabled, primary) per button slot
Button = tuple[str, Any, bool, bool]

# Why a star of the laid card takes no cube: (the second of two stars?, why) -> what happens
STAR_BLOCKED = {
    (False, "off"): N_("The star falls off the board"),
    (False, "lake"): N_("The star falls on a lake"),
    (False, "own"): N_("The star lands on your own land"),
    (False, "land"): N_("The star lands on {player}'s land"),
    (True, "off"): N_("The second star falls off the board"),
    (True, "lake"): N_("The second star falls on a lake"),
    (True, "own"): N_("The second star lands on your own land"),
    (True, "land"): N_("The second star lands on {player}'s land"),
}


class ChoiceSource(Protocol):
    """What the choices read from the table: the real game, the human acting now (None when
    nobody may choose), the version of the state (bumped on every change), seat names and
    the state as the acting human may see it."""

    @property
    def state(self) -> Any: ...

    @property
    def version(self) -> int: ...

    @property
    def names(self) -> list[str]: ...

    @property
    def acting(self) -> int | None: ...

    def sview(self) -> Mapping[str, Any]: ...


@dataclass(frozen=True)
class Reply:
    """What the table does after a choice: a sound, a message (``""`` brings the prompt
    back; red when ``error``), a move to try, a board cell to move the keyboard cursor to."""

    sound: str | None = None
    message: str | None = None
    error: bool = False
    action: Action | None = None
    focus: Cell | None = None


def why_illegal(state: GameState, action: Action, p: int) -> str | None:
    """Why the rules refuse ``action`` by ``p`` now, in the words shown for a refused click;
    None when it is legal."""
    return state.refusal(action, p)


def on_board(c: Cell) -> bool:
    return 0 <= c[0] < WIDTH and 0 <= c[1] < HEIGHT


@dataclass
class ColoradoChoices:
    """The half-made move of the human acting at ``source`` (see ``ChoiceSource``)."""

    source: ChoiceSource
    sel_flag: int = 0
    sel_tokens: list[int] = field(default_factory=list)
    sel_cell: Cell | None = None
    sel_card: int | None = None
    use_flag: Cell | None = None
    rotation: int = 0
    cube_off: set[Cell] = field(default_factory=set)
    _cache: dict[tuple, Any] = field(default_factory=dict, repr=False)
    _cache_version: int = field(default=-1, repr=False)

    # --- the move so far ----------------------------------------------------------------------
    def clear(self) -> None:
        self.sel_tokens = []
        self.sel_cell = None
        self.cancel_card()
        self.sel_flag = 0

    def clear_tokens(self) -> None:
        self.sel_tokens = []

    def cancel_card(self) -> None:
        self.sel_card, self.use_flag, self.rotation, self.cube_off = None, None, 0, set()

    def _cached(self, key: tuple, make: Callable[[], Any]) -> Any:
        """``make()`` once per state version (older versions' entries are dropped)."""
        if self._cache_version != self.source.version:
            self._cache, self._cache_version = {}, self.source.version
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    @property
    def phase(self) -> str:
        return self.source.state.phase

    # --- what may be chosen ---------------------------------------------------------------------
    def my_flags(self) -> list[str]:
        return list(self.source.sview()["my_flags"] or [])

    def flag_cells(self) -> list[Cell]:
        if self.source.acting is None or self.phase != Phase.FLAGS:
            return []
        cells = [tuple(c) for c in self.source.sview()["flag_cells"]]
        return self._lesson_lit(cells)  # a lesson's step narrows them

    def lit_cells(self) -> tuple[str, list[Cell]]:
        """(glow, cells) the board lights for the acting human now: where flags may go, the
        cubes that may be sold, the flags the chosen card may use (not the one it lies on).
        A lesson's step lights only the cells its own moves name."""
        phase = self.phase
        if phase == Phase.FLAGS:
            return "flag", self.flag_cells()
        if phase == Phase.OFFER:
            return "sale", self._lesson_lit(self.own_cells())
        if phase == Phase.TAKE and self.sel_card is not None:
            flags = [f for f in self.use_flags() if f != self.use_flag]
            return "flag", self._lesson_lit(flags)
        return "", []

    def _lesson_lit(self, cells: list[Cell]) -> list[Cell]:
        narrow = getattr(self.source, "lesson_lit", None)
        return narrow(cells) if narrow is not None else cells

    def own_cells(self) -> list[Cell]:
        p = self.source.acting
        if p is None:
            return []
        return [(x, y) for y, row in enumerate(self.source.sview()["owners"])
                for x, o in enumerate(row) if o == p]

    def use_flags(self) -> list[Cell]:
        """Flags of the chosen card's colour (the take phase)."""
        if self.sel_card is None:
            return []
        colour = CARDS[self.sel_card].colour
        return [tuple(f["cell"]) for f in self.source.sview()["flags"] if f["colour"] == colour]

    def card_action(self, cubes: bool = True) -> TakeCard | None:
        if self.sel_card is None:
            return None
        if self.use_flag is None:
            return TakeCard(self.sel_card)
        stars = CARDS[self.sel_card].star_cells(self.use_flag, self.rotation, 0)
        chosen = tuple(c for c in stars if c not in self.cube_off and on_board(c)) \
            if cubes else ()
        return TakeCard(self.sel_card, self.use_flag, self.rotation, 0, chosen)

    def card_preview(self) -> dict | None:
        a = self.card_action()
        p = self.source.acting
        if a is None or p is None:
            return None
        return self._cached(("pv", a), lambda: preview_card_use(self.source.state, a, p))

    def ghost_cells(self) -> list[Cell]:
        """The starred cells of the card as laid now (possibly off the board)."""
        if self.sel_card is None or self.use_flag is None:
            return []
        return list(CARDS[self.sel_card].star_cells(self.use_flag, self.rotation, 0))

    def blocked_stars(self, rotation: int | None = None) -> list[tuple[Cell, str, int]]:
        """(cell, why, owner) for each star of the laid card that can never take a cube: the
        engine's preview refuses a cube there, and the view says why - ``"off"`` the board,
        on a ``"lake"`` or on someone's ``"land"`` (``owner`` is then that player, else -1)."""
        if self.sel_card is None or self.use_flag is None or self.source.acting is None:
            return []
        rot = self.rotation if rotation is None else rotation
        card, flag = self.sel_card, self.use_flag
        return self._cached(("blocked", card, flag, rot),
                            lambda: self._blocked(card, flag, rot))

    def _blocked(self, card: int, flag: Cell, rot: int) -> list[tuple[Cell, str, int]]:
        v = self.source.sview()
        p = self.source.acting
        lake = {tuple(c) for lk in v["lakes"] for c in lk["cells"]}
        out = []
        for c in CARDS[card].star_cells(flag, rot, 0):
            if preview_card_use(self.source.state, TakeCard(card, flag, rot, 0, (c,)),
                                p)["legal"]:
                continue
            x, y = c
            if not on_board(c):
                out.append((c, "off", -1))
            elif c in lake:
                out.append((c, "lake", -1))
            elif v["owners"][y][x] >= 0:
                out.append((c, "land", v["owners"][y][x]))
        return out

    def star_note(self) -> str:
        """Why a star of the laid card takes no cube, and whether turning the card helps."""
        blocked = self.blocked_stars()
        if not blocked or self.sel_card is None:
            return ""
        card = CARDS[self.sel_card]
        cell, why, owner = blocked[0]
        second = card.num_stars == 2 and cell != self.use_flag
        if why == "land" and owner == self.source.acting:
            why = "own"
        where = _(STAR_BLOCKED[second, why]).format(
            player=self.source.names[owner] if why == "land" else "")
        if card.num_stars == 2 and any(not self.blocked_stars(r) for r in range(4)
                                       if r != self.rotation):
            # Translators: {problem} is one of the sentences "The star falls off the board"...
            return _("{problem}: turn the card (R) to use both.").format(problem=where)
        return _("{problem}: no turn of this card fits both.").format(problem=where)

    def said(self, text: str) -> str:
        """A sentence of the rules (a refusal) in the player's language, with the seats'
        names; other text as it is."""
        return localized(text, self.source.names, i18n.language())

    def placement_gain(self) -> list[dict[str, int]] | None:
        """How the cubes of the card laid now change each player's round points (None when
        no card is laid or its use is not legal)."""
        pv = self.card_preview()
        if pv is None or not pv["legal"] or self.use_flag is None:
            return None
        p = self.source.acting
        if p is None:
            return None
        return self._cached(("gain", self.card_action()),
                            lambda: placement_change(self.source.state, pv, p))

    def default_cubes(self) -> None:
        """Every starred cell that can take a cube gets one; others start off."""
        self.cube_off = {c for c, _why, _o in self.blocked_stars()}

    # --- choosing -------------------------------------------------------------------------------
    def pick_flag(self, i: int) -> Reply | None:
        if i >= len(self.my_flags()):
            return None
        self.sel_flag = i
        return Reply("tick")

    def choose_card(self, cid: int) -> Reply:
        """A revealed card chosen (again: put back); with one flag of its colour, laid on it."""
        self.sel_card = None if self.sel_card == cid else cid
        self.use_flag, self.rotation = None, 0
        flags = self.use_flags()
        if len(flags) == 1:
            self.use_flag = flags[0]
        self.default_cubes()
        return Reply("tick", "", focus=self.use_flag)

    def rotate(self, amount: int) -> Reply | None:
        if self.sel_card is None or self.use_flag is None:
            if self.source.acting is not None and self.phase == Phase.TAKE:
                return Reply(message=_("Choose a card and one of its flags first, then turn "
                                       "the card."), error=True)
            return None
        if CARDS[self.sel_card].num_stars == 1:
            return Reply(message=_("A one-star card looks the same every way."))
        self.rotation = (self.rotation + amount) % 4
        self.default_cubes()
        return Reply("swish")

    def toggle_token(self, num: int) -> Reply:
        if self.phase == Phase.GIVE:
            self.sel_tokens = [] if self.sel_tokens == [num] else [num]
        elif num in self.sel_tokens:
            self.sel_tokens.remove(num)
        else:
            self.sel_tokens.append(num)
        return Reply("tick", "")

    def click_cell(self, cell: Cell) -> Reply | None:
        """A board cell clicked by the acting human (None: nothing happens)."""
        phase = self.phase
        if phase == Phase.FLAGS:
            flags = self.my_flags()
            if not flags:
                return None
            return Reply(action=PlaceFlag(flags[min(self.sel_flag, len(flags) - 1)], cell))
        if phase == Phase.OFFER:
            if cell in self.own_cells():
                self.sel_cell = None if self.sel_cell == cell else cell
                return Reply("tick", "")
            return Reply(message=_("You can sell only your own land; {cell} is not yours. "
                                   "Click one of your cubes, or pass.").format(
                                       cell=cell_name(cell)), error=True)
        if phase == Phase.TAKE:
            return self._take_click(cell)
        if phase in (Phase.BID, Phase.AUCTION, Phase.GIVE):
            return Reply(message=_("Choose cowboys from your tokens below the board."),
                         error=True)
        if phase == Phase.INTEREST:
            return Reply(message=_("Say whether you want the land: use the buttons."),
                         error=True)
        return None

    def _take_click(self, cell: Cell) -> Reply:
        """A cell clicked with a card chosen: a flag for it, a star's cube on or off."""
        if self.sel_card is None:
            return Reply(message=_("Choose one of the revealed cards first."), error=True)
        if cell in self.use_flags() and self.use_flag != cell:
            self.use_flag, self.rotation = cell, 0
            self.default_cubes()
            return Reply("tick")
        if self.use_flag is not None and cell in self.ghost_cells():
            self.cube_off ^= {cell}
            pv = self.card_preview()
            if pv and not pv["legal"]:
                return Reply("tick", self.said(pv["reason"]), error=True)
            return Reply("tick", "")
        pv = preview_card_use(self.source.state, TakeCard(self.sel_card, cell, 0, 0, (cell,)),
                              self.source.acting)
        reason = self.said(pv["reason"]) if pv["reason"] else \
            _("{cell} is not part of this card.").format(cell=cell_name(cell))
        return Reply(message=reason, error=True)

    # --- what the acting human reads ----------------------------------------------------------
    def prompt(self) -> str:
        """What the acting human is asked to do now ("" when nobody acts): ``prompts``."""
        return choice_prompt(self)

    def buttons(self) -> list[Button]:
        """(label, action or callable, enabled, primary) for the two button slots."""
        if self.source.acting is None:
            return []
        phase = self.phase
        if phase == Phase.OFFER:
            # Translators: a button of the market: put nothing up for sale
            sell_nothing = _("Pass")
            if self.sel_cell:
                return [(_("Sell {cell}").format(cell=cell_name(self.sel_cell)),
                         OfferForSale(self.sel_cell), True, True),
                        (sell_nothing, PassSale(), True, False)]
            return [(sell_nothing, PassSale(), True, True)]
        if phase == Phase.INTEREST:
            return [(_("I want it"), DeclareInterest(True), True, True),
                    (_("No, pass"), DeclareInterest(False), True, False)]
        if phase == Phase.GIVE:
            ok = bool(self.sel_tokens)
            label = _("Give cowboy {cowboy}").format(cowboy=self.sel_tokens[0]) if ok else \
                _("Give a cowboy")
            return [(label, GiveCowboy(self.sel_tokens[0]) if ok else None, ok, True)]
        if phase in SIMULTANEOUS:
            return self._bid_buttons(land=phase == Phase.AUCTION)
        if phase == Phase.TAKE:
            return self._take_buttons()
        return []

    def _bid_buttons(self, land: bool) -> list[Button]:
        k = len(self.sel_tokens)
        cowboys = tuple(sorted(self.sel_tokens))
        out: list[Button]
        bid = ngettext("Bid {n} cowboy", "Bid {n} cowboys", k).format(n=k)
        if land:
            label = bid if k else _("Bid (pick 1+)")
            out = [(label, SaleBid(cowboys) if k else None, bool(k), True)]
        else:
            label = bid if k else _("Bid nothing")
            out = [(label, Bid(cowboys), True, True)]
        if k:
            # Translators: a button that puts back the cowboys picked for a bid
            out.append((_("Clear"), self.clear_tokens, True, False))
        return out

    def _take_buttons(self) -> list[Button]:
        if self.sel_card is None:
            return []
        a = self.card_action()
        assert a is not None
        other = (_("Other card"), self.cancel_card, True, False)
        if self.use_flag is None:
            if self.use_flags():
                return [(_("Take, no cubes"), TakeCard(self.sel_card), True, False), other]
            return [(_("Take card"), a, True, True), other]
        k = len(a.cubes)
        label = ngettext("Place {n} cube", "Place {n} cubes", k).format(n=k) if k else \
            _("Take, no cubes")
        pv = self.card_preview()
        ok = bool(pv and pv["legal"])
        return [(label, a if ok else None, ok, True), other]

    def disabled_reason(self) -> str:
        """Why the disabled button cannot be pressed now."""
        pv = self.card_preview()
        if self.phase == Phase.TAKE and pv and pv["reason"]:
            return self.said(pv["reason"])
        if self.phase == Phase.AUCTION:
            return _("A land auction bid needs at least one cowboy.")
        return _("Pick a cowboy token first.")
