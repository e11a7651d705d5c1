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

from game.engine.core import Action, GameState
from game.engine.oasis import (
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
from game.engine.oasis.cards import CARDS, LAND_KINDS

BONUS_MODES = ("oasis", "steppe", "stone", "camel")
BONUS_LABELS = {"oasis": "Oasis tile", "steppe": "Steppe tile", "stone": "Stone tile",
                "camel": "Camel"}

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
    """A button slot: its label, the move it plays (or a ``Command``), whether it may be
    used now and whether it is the primary one."""

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
    """Why the button ``label`` cannot be used now."""
    if label == "Stop here":
        return "An offer holds at least one card: turn one up first."
    if label == "Turn up a card":
        return "No further card may be turned up."
    if label == "Camel":
        return "You cannot place a camel: none left, or the path is full."
    if label.endswith("tile"):
        return f"There is no legal cell for {label.lower().removesuffix(' tile')} tile."
    return "Not possible now."


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
    return Reply(error="That card is " + ("being carried out." if st == "current"
                                          else "already carried out."))


def deck_refusal(q: int, p: int | None) -> str:
    """A click on ``q``'s offer deck: nobody may look into one."""
    if q != p:
        return "Offer decks stay face down: nobody may look at them."
    return ("Offer decks stay face down: cards are turned up only while you make your "
            "offer.")


def take_note(state: OasisState, q: int, p: int, names: list[str], you: bool) -> str:
    """What taking ``q``'s offer does to the discs, said to the chooser ``p`` (``you``: the
    chooser is the human looking)."""
    disc = state.pos + 1
    if p == q:
        return (f"Taking your own offer: you keep disc #{disc}." if you else
                f"Taking it: {names[p]} keeps disc #{disc}.")
    if you:
        return f"Taking it hands your disc #{disc} to {names[q]}."
    return f"Taking it: {names[p]} hands disc #{disc} to {names[q]}."


def bonus_options(state: OasisState, p: int, legal: list) -> dict[str, bool]:
    """Which bonus kinds ``p`` can place somewhere."""
    return {
        **{k: any(isinstance(a, BonusTile) and a.kind == k for a in legal)
           for k in LAND_KINDS},
        "camel": any(isinstance(a, BonusCamel) for a in legal) and state.camels_left[p] > 0,
    }


class Choice:
    """The acting human's half-made move and what follows from it.  ``rename`` turns the
    engine's seat names in the rules' words into the seats' names."""

    def __init__(self, rename: Callable[[str], str] = str) -> None:
        self.rename = rename
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
        return self.rename(why) if why else why

    # --- what is being placed ----------------------------------------------------------
    def tile_kind(self, state: OasisState) -> str | None:
        """The land kind being placed now (a tile card, or the bonus mode)."""
        if state.phase == "carry" and state.current is not None and \
                CARDS[state.current].effect == "tiles":
            return CARDS[state.current].what
        if state.phase == "bonus" and self.bonus_mode in LAND_KINDS:
            return self.bonus_mode
        return None

    def tile_action(self, state: OasisState, kind: str, cell: Cell,
                    marker_from: Cell | str | None = None) -> Action:
        cls = BonusTile if state.phase == "bonus" else PlaceTile
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
        if step in ("place_tiles", "bonus") and kind:
            return dict(state.tile_targets(kind, p))
        if step == "place_camels" or (step == "bonus" and self.bonus_mode == "camel"):
            return dict.fromkeys(state.camel_targets(), "camel")
        if step == "move_camels":
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
            return [Button("Leave uncontrolled", Command("leave_uncontrolled"), True, False),
                    Button("Cancel", Command("cancel"), True, False)]
        if step == "offer":
            return [Button("Turn up a card", TurnCard(), TurnCard() in legal, True),
                    Button("Stop here", StopOffer(), StopOffer() in legal, False)]
        if step == "move_camels":
            out = [Button("Ignore the rest", IgnoreCard(), IgnoreCard() in legal, False)]
            if self.move_src is not None:
                out.append(Button("Cancel", Command("cancel"), True, False))
            return out
        if step == "bonus":
            opts = bonus_options(state, p, legal)
            out = [Button(BONUS_LABELS[m], Command("bonus", m), opts[m], self.bonus_mode == m)
                   for m in BONUS_MODES]
            out.append(Button("Skip bonus", SkipBonus(), True, False))
            return out
        return []

    def prompt(self, state: OasisState, p: int) -> str:
        """What ``p`` is asked to do now."""
        step = state.step()
        if self.pending_tile is not None:
            return ("All 4 control markers are in use: click one (pink) to move it onto the "
                    "new area, or leave the new area uncontrolled.")
        if step == "offer":
            m = len(state.offers[p])
            if m == 0:
                return "Make your offer: turn up the top card of your deck (1 to 3 cards)."
            return (f"{m} card{'s' if m > 1 else ''} offered. Turn up another, or stop "
                    f"(you then draw {2 if m == 1 else 1 if m == 2 else 0}).")
        if step == "choose":
            return f"You hold disc #{state.pos + 1}: click an offer to take it."
        if step == "pick_card":
            return "Click the card to carry out next."
        if step == "place_tiles":
            kind = self.tile_kind(state)
            return (f"Place {'an' if kind == 'oasis' else 'a'} {kind} tile ({state.left} to "
                    "go): gold extends an area, blue brackets start a new one.")
        if step == "place_camels":
            return f"Place a camel on an empty path cell ({state.left} to go)."
        if step == "move_camels":
            if self.move_src is None:
                return (f"All your camels are out: click one to move ({state.left} to go), "
                        "or ignore the card.")
            return "Click an empty path cell to move the camel to."
        if step == "bonus":
            return self._bonus_prompt()
        return ""

    def _bonus_prompt(self) -> str:
        if self.bonus_mode is None:
            return "Bonus action (disc #1): choose a land tile of any kind or a camel."
        what = "camel" if self.bonus_mode == "camel" else f"{self.bonus_mode} tile"
        return f"Bonus: click a glowing cell for your {what}, or choose something else."

    # --- clicks --------------------------------------------------------------------------
    def click_cell(self, state: OasisState, p: int, cell: Cell,
                   targets: dict[Cell, str]) -> Reply:
        """A click on the board ``cell`` (``targets``: ``cell_targets`` now)."""
        step = state.step()
        if self.pending_tile is not None:
            waiting, target = self.pending_tile
            if cell in targets:
                return Reply(action=self.tile_action(state, waiting, target, cell))
            return Reply(error="Click one of your control markers (they glow pink) to move it "
                               "to the new area, or leave the new area uncontrolled.")
        kind = self.tile_kind(state)
        if kind is not None:
            return self._tile_click(state, p, kind, cell, targets)
        if step == "place_camels" or (step == "bonus" and self.bonus_mode == "camel"):
            cls = BonusCamel if step == "bonus" else PlaceCamel
            return Reply(action=cls(cell))
        if step == "move_camels":
            if self.move_src is not None:
                return Reply(action=MoveCamel(self.move_src, cell))
            if cell in targets:
                self.move_src = cell
                return Reply(picked=True)
            return Reply(error="Click one of your camels to move it (or ignore the card).")
        return Reply(error=_NOTHING_ON_THE_BOARD.get(step))

    def _tile_click(self, state: OasisState, p: int, kind: str, cell: Cell,
                    targets: dict[Cell, str]) -> Reply:
        mode = targets.get(cell)
        if mode is None:
            why = self.why(state, self.tile_action(state, kind, cell), p)
            return Reply(error=why or "That cell is not free.")
        if mode == "start" and state.view(p)["players"][p]["markers_left"] == 0:
            self.pending_tile = (kind, cell)
            return Reply(picked=True)
        return Reply(action=self.tile_action(state, kind, cell))

    def offer_refusal(self, state: OasisState, p: int, q: int) -> str:
        """A click on ``q``'s offer that cannot take it."""
        if state.step() == "choose":
            return self.why(state, TakeOffer(q), p) or ""
        return "Offers are chosen once every offer is on the table."


# a click on the board while nothing is placed there: what to do instead
_NOTHING_ON_THE_BOARD = {
    "bonus": "Choose what to place first: a tile kind or a camel (or skip).",
    "offer": "Turn up a card from your offer deck, or stop the offer.",
    "choose": "Choose an offer first: click the cards in front of another player.",
    "pick_card": "Choose which of your cards to carry out next (below the board).",
}
