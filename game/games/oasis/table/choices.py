"""What the acting human of an Oasis table may do, without pygame: the half-made move (a
bonus kind chosen, a new area waiting for a control marker, a camel picked up), the prompt,
the buttons with whether each may be used and why not, and the words for a refused click.

Everything here reads the real game state (``OasisState``) and the acting player ``p``; the
table turns the answers into sounds, focus moves and drawing.  A refused move is explained
by the rules themselves (``why_illegal``), never guessed here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from game import i18n
from game.engine.actions import Action
from game.engine.core import GameState
from game.engine.messages import Sentence, localized
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
)
from game.games.oasis.engine.cards import CARDS, DRAW_AFTER, LAND_KINDS
from game.games.oasis.engine.phases import CarryStep, Phase, Step
from game.i18n import N_, NN_, _, ngettext

BONUS_MODES = ("oasis", "steppe", "stone", "camel")
# Translators: buttons of the bonus action, each what it places
BONUS_LABELS = {"oasis": N_("Oasis tile"), "steppe": N_("Steppe tile"),
                "stone": N_("Stone tile"), "camel": N_("Camel")}
# Translators: a button of the bonus action, greyed out: why it cannot be used
NO_CELL = {"oasis": N_("There is no legal cell for an oasis tile."),
           "steppe": N_("There is no legal cell for a steppe tile."),
           "stone": N_("There is no legal cell for a stone tile.")}
NOT_NOW = N_("Not possible now.")
# the buttons' labels (English, as marked) and why each may be greyed out
DISABLED = {
    N_("Stop here"): N_("An offer holds at least one card: turn one up first."),
    N_("Turn up a card"): N_("No further card may be turned up."),
    BONUS_LABELS["camel"]: N_("You cannot place a camel: none left, or the path is full."),
    **{BONUS_LABELS[k]: why for k, why in NO_CELL.items()},
}

Cell = tuple[int, int]


def why_illegal(state: GameState, action: Action, p: int) -> str | None:
    """Why the rules refuse ``action`` by ``p`` now, in the engine's words (None: legal)."""
    return state.refusal(action, p)


@dataclass(frozen=True)
class Command:
    """A button that changes the half-made move instead of playing a move: ``cancel``,
    ``leave_uncontrolled`` or ``bonus`` (``mode``: a land kind or "camel")."""

    name: str
    mode: str = ""


class Button(NamedTuple):
    """A button slot: its label (English as marked: the table translates it), the move it
    plays (or a ``Command``), whether it may be used now and whether it is the primary one."""

    label: str
    action: Action | Command
    enabled: bool
    primary: bool


@dataclass(frozen=True)
class Reply:
    """What a click does: try ``action``, show ``error``, or (``picked``) the half-made move
    changed (a tile waits for its marker, a camel was picked up)."""

    action: Action | None = None
    error: str | None = None
    picked: bool = False


def disabled_reason(label: str) -> str:
    """Why the button ``label`` (its English label, as marked) cannot be used now, in the
    player's language."""
    return _(DISABLED.get(label, NOT_NOW))


def carry_cards(view: dict[str, Any], hidden_offers: set[int] | frozenset[int] = frozenset()
                ) -> list[tuple[str, str]]:
    """The cards of the offer being carried out, as ``view`` shows them: (card, "pending" |
    "current" | "done"), in the offer's order (none while that offer is still flying)."""
    c = view["carrying"]
    if c is None:
        return []
    owner = view["players"][c["player"]]["took"]
    if owner is None or owner in hidden_offers:
        return []
    done = Counter(c["done"])
    current = c["current"]
    out = []
    for card in view["players"][owner]["offer"]:
        if done[card]:
            done[card] -= 1
            out.append((card, "done"))
        elif card == current:
            current = None
            out.append((card, "current"))
        else:
            out.append((card, "pending"))
    return out


def card_reply(cards: list[tuple[str, str]], i: int) -> Reply:
    """A click on the ``i``-th card being carried out."""
    if i >= len(cards):
        return Reply()
    card, st = cards[i]
    if st == "pending":
        return Reply(action=CarryOut(card))
    if st == "current":
        return Reply(error=_("That card is being carried out."))
    return Reply(error=_("That card is already carried out."))


def deck_refusal(q: int, p: int | None) -> str:
    """A click on ``q``'s offer deck: nobody may look into one."""
    if q != p:
        return _("Offer decks stay face down: nobody may look at them.")
    return _("Offer decks stay face down: cards are turned up only while you make your "
             "offer.")


def take_note(state: OasisState, q: int, p: int, names: list[str], you: bool) -> str:
    """What taking ``q``'s offer does to the discs, said to the chooser ``p`` (``you``: the
    chooser is the human looking)."""
    disc = state.pos + 1
    if p == q:
        if you:
            return _("Taking your own offer: you keep disc #{disc}.").format(disc=disc)
        return _("Taking it: {player} keeps disc #{disc}.").format(player=names[p], disc=disc)
    if you:
        return _("Taking it hands your disc #{disc} to {owner}.").format(disc=disc,
                                                                        owner=names[q])
    return _("Taking it: {player} hands disc #{disc} to {owner}.").format(
        player=names[p], disc=disc, owner=names[q])


def bonus_options(state: OasisState, p: int, legal: list) -> dict[str, bool]:
    """Which bonus kinds ``p`` can place somewhere."""
    return {
        **{k: any(isinstance(a, BonusTile) and a.kind == k for a in legal)
           for k in LAND_KINDS},
        "camel": any(isinstance(a, BonusCamel) for a in legal) and state.camels_left[p] > 0,
    }


class Choice:
    """The acting human's half-made move and what follows from it.  The rules' reasons are
    shown with the seats' ``names`` in the player's language; ``rename`` turns the engine's
    seat names into the seats' names in a reason given as plain text."""

    def __init__(self, rename: Callable[[str], str] = str,
                 names: list[str] | None = None) -> None:
        self.rename = rename
        self.names = names
        self.bonus_mode: str | None = None  # what the bonus action places
        self.pending_tile: tuple[str, Cell] | None = None  # a new area waiting for a marker
        self.move_src: Cell | None = None  # the camel picked up to move

    def reset(self) -> None:
        self.bonus_mode = None
        self.cancel()

    def cancel(self) -> None:
        """Drop a tile waiting for its marker and a camel picked up."""
        self.pending_tile = None
        self.move_src = None

    def choose_bonus(self, mode: str) -> None:
        """The bonus action will place ``mode`` (a land kind or "camel")."""
        self.bonus_mode = mode
        self.pending_tile = None

    def key(self) -> tuple:
        """Everything the choice is, for caches."""
        return (self.bonus_mode, self.pending_tile, self.move_src)

    def why(self, state: OasisState, action: Action, p: int) -> str | None:
        """The rules' reason against ``action``, with the seats' names (None: legal)."""
        why = why_illegal(state, action, p)
        if not why:
            return why
        if isinstance(why, Sentence):
            return localized(why, self.names, i18n.language())
        return self.rename(why)

    # --- what is being placed ----------------------------------------------------------
    def tile_kind(self, state: OasisState) -> str | None:
        """The land kind being placed now (a tile card, or the bonus mode)."""
        if state.phase == Phase.CARRY and state.current is not None and \
                CARDS[state.current].effect == "tiles":
            return CARDS[state.current].what
        if state.phase == Phase.BONUS and self.bonus_mode in LAND_KINDS:
            return self.bonus_mode
        return None

    def tile_action(self, state: OasisState, kind: str, cell: Cell,
                    marker_from: Cell | str | None = None) -> Action:
        cls = BonusTile if state.phase == Phase.BONUS else PlaceTile
        return cls(kind, cell, marker_from)

    def leave_uncontrolled(self, state: OasisState) -> Action | None:
        """The waiting tile placed without a control marker."""
        if self.pending_tile is None:
            return None
        kind, cell = self.pending_tile
        return self.tile_action(state, kind, cell, "none")

    def cell_targets(self, state: OasisState, p: int) -> dict[Cell, str]:
        """Cells ``p`` may click now, with their glow: "start", "extend", "camel", "marker"
        (own marker to move / own camel to move)."""
        step = state.step()
        if self.pending_tile is not None:
            return {m: "marker" for m in state.view(p)["players"][p]["markers"]}
        kind = self.tile_kind(state)
        if step in (CarryStep.PLACE_TILES, Phase.BONUS) and kind:
            return dict(state.tile_targets(kind, p))
        if step == CarryStep.PLACE_CAMELS or (step == Phase.BONUS and self.bonus_mode == "camel"):
            return dict.fromkeys(state.camel_targets(), "camel")
        if step == CarryStep.MOVE_CAMELS:
            if self.move_src is None:
                xy = state.board.xy
                return {xy[c]: "marker" for c in state.board.path_cells
                        if state.camel_at[c] == p}
            return dict.fromkeys(state.camel_targets(), "camel")
        return {}

    # --- buttons and prompt --------------------------------------------------------------
    def buttons(self, state: OasisState, p: int, legal: list) -> list[Button]:
        """The button slots for ``p`` now (``legal``: their legal actions)."""
        step = state.step()
        if self.pending_tile is not None:
            # Translators: a button: place the new area's tile without a control marker
            return [Button(N_("Leave uncontrolled"), Command("leave_uncontrolled"), True,
                           False),
                    Button(N_("Cancel"), Command("cancel"), True, False)]
        if step == Phase.OFFER:
            return [Button(N_("Turn up a card"), TurnCard(), TurnCard() in legal, True),
                    # Translators: a button: the offer being made ends with the cards up
                    Button(N_("Stop here"), StopOffer(), StopOffer() in legal, False)]
        if step == CarryStep.MOVE_CAMELS:
            # Translators: a button: the camels card's moves not made yet are given up
            out = [Button(N_("Ignore the rest"), IgnoreCard(), IgnoreCard() in legal, False)]
            if self.move_src is not None:
                out.append(Button(N_("Cancel"), Command("cancel"), True, False))
            return out
        if step == Phase.BONUS:
            opts = bonus_options(state, p, legal)
            out = [Button(BONUS_LABELS[m], Command("bonus", m), opts[m], self.bonus_mode == m)
                   for m in BONUS_MODES]
            out.append(Button(N_("Skip bonus"), SkipBonus(), True, False))
            return out
        return []

    def prompt(self, state: OasisState, p: int) -> str:
        """What ``p`` is asked to do now, in the player's language."""
        step = state.step()
        n = state.left
        if self.pending_tile is not None:
            return _("All 4 control markers are in use: click one (pink) to move it onto the "
                     "new area, or leave the new area uncontrolled.")
        if step == Phase.OFFER:
            m = len(state.offers[p])
            if m == 0:
                return _("Make your offer: turn up the top card of your deck (1 to 3 cards).")
            return ngettext("{m} card offered. Turn up another, or stop (you then draw "
                            "{draw}).",
                            "{m} cards offered. Turn up another, or stop (you then draw "
                            "{draw}).", m).format(m=m, draw=DRAW_AFTER[m])
        if step == Phase.CHOOSE:
            return _("You hold disc #{disc}: click an offer to take it.").format(
                disc=state.pos + 1)
        if step == CarryStep.PICK_CARD:
            return _("Click the card to carry out next.")
        if step == CarryStep.PLACE_TILES:
            kind = self.tile_kind(state)
            place = PLACE_TILE.get(kind or "", PLACE_TILE["oasis"])
            return ngettext(*place, n).format(n=n)
        if step == CarryStep.PLACE_CAMELS:
            return ngettext("Place a camel on an empty path cell ({n} to go).",
                            "Place a camel on an empty path cell ({n} to go).", n).format(n=n)
        if step == CarryStep.MOVE_CAMELS:
            if self.move_src is None:
                return ngettext("All your camels are out: click one to move ({n} to go), or "
                                "ignore the card.",
                                "All your camels are out: click one to move ({n} to go), or "
                                "ignore the card.", n).format(n=n)
            return _("Click an empty path cell to move the camel to.")
        if step == Phase.BONUS:
            return self._bonus_prompt()
        return ""

    def _bonus_prompt(self) -> str:
        if self.bonus_mode is None:
            return _("Bonus action (disc #1): choose a land tile of any kind or a camel.")
        return _(BONUS_PROMPTS[self.bonus_mode])

    # --- clicks --------------------------------------------------------------------------
    def click_cell(self, state: OasisState, p: int, cell: Cell,
                   targets: dict[Cell, str]) -> Reply:
        """A click on the board ``cell`` (``targets``: ``cell_targets`` now)."""
        step = state.step()
        if self.pending_tile is not None:
            waiting, target = self.pending_tile
            if cell in targets:
                return Reply(action=self.tile_action(state, waiting, target, cell))
            return Reply(error=_("Click one of your control markers (they glow pink) to move "
                                 "it to the new area, or leave the new area uncontrolled."))
        kind = self.tile_kind(state)
        if kind is not None:
            return self._tile_click(state, p, kind, cell, targets)
        if step == CarryStep.PLACE_CAMELS or (step == Phase.BONUS and self.bonus_mode == "camel"):
            cls = BonusCamel if step == Phase.BONUS else PlaceCamel
            return Reply(action=cls(cell))
        if step == CarryStep.MOVE_CAMELS:
            if self.move_src is not None:
                return Reply(action=MoveCamel(self.move_src, cell))
            if cell in targets:
                self.move_src = cell
                return Reply(picked=True)
            return Reply(error=_("Click one of your camels to move it (or ignore the card)."))
        nothing = _NOTHING_ON_THE_BOARD.get(step)
        return Reply(error=_(nothing) if nothing else None)

    def _tile_click(self, state: OasisState, p: int, kind: str, cell: Cell,
                    targets: dict[Cell, str]) -> Reply:
        mode = targets.get(cell)
        if mode is None:
            why = self.why(state, self.tile_action(state, kind, cell), p)
            return Reply(error=why or _("That cell is not free."))
        if mode == "start" and state.view(p)["players"][p]["markers_left"] == 0:
            self.pending_tile = (kind, cell)
            return Reply(picked=True)
        return Reply(action=self.tile_action(state, kind, cell))

    def offer_refusal(self, state: OasisState, p: int, q: int) -> str:
        """A click on ``q``'s offer that cannot take it."""
        if state.step() == Phase.CHOOSE:
            return self.why(state, TakeOffer(q), p) or ""
        return _("Offers are chosen once every offer is on the table.")


# the prompt while placing the tiles of a card, by land kind: it names the cells as the board
# lights them (``art.glow``: a yellow wash extends an area, a white + starts a new one)
PLACE_TILE = {
    "oasis": NN_("Place an oasis tile ({n} to go): a yellow cell extends an area, a cell "
                 "marked + starts a new one.",
                 "Place an oasis tile ({n} to go): a yellow cell extends an area, a cell "
                 "marked + starts a new one."),
    "steppe": NN_("Place a steppe tile ({n} to go): a yellow cell extends an area, a cell "
                  "marked + starts a new one.",
                  "Place a steppe tile ({n} to go): a yellow cell extends an area, a cell "
                  "marked + starts a new one."),
    "stone": NN_("Place a stone tile ({n} to go): a yellow cell extends an area, a cell "
                 "marked + starts a new one.",
                 "Place a stone tile ({n} to go): a yellow cell extends an area, a cell "
                 "marked + starts a new one."),
}
# the prompt of the bonus action once its kind is chosen
BONUS_PROMPTS = {
    "oasis": N_("Bonus: click a glowing cell for your oasis tile, or choose something else."),
    "steppe": N_("Bonus: click a glowing cell for your steppe tile, or choose something "
                 "else."),
    "stone": N_("Bonus: click a glowing cell for your stone tile, or choose something else."),
    "camel": N_("Bonus: click a glowing cell for your camel, or choose something else."),
}
# a click on the board while nothing is placed there: what to do instead
_NOTHING_ON_THE_BOARD: dict[Step, str] = {
    Phase.BONUS: N_("Choose what to place first: a tile kind or a camel (or skip)."),
    Phase.OFFER: N_("Turn up a card from your offer deck, or stop the offer."),
    Phase.CHOOSE: N_("Choose an offer first: click the cards in front of another player."),
    CarryStep.PICK_CARD: N_("Choose which of your cards to carry out next (below the board)."),
}
