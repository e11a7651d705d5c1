"""The Oregon table's choice model: the acting player's half-made move, without pygame.

``OregonChoices`` holds what a player has chosen but not yet played (the cards lifted from
the hand, the joker) and answers, from the engine state alone, everything the table asks
about it: the prompt, the buttons and whether each can be used (and why not), the cells a
click may use, the action a click on a cell means, what a placement would earn, and why the
rules refuse an action (``state.why_illegal(action, player)``).  The scene owns one and
only turns clicks into calls and answers into pictures, so all of this is testable without
a display (tests/scenes/test_oregon_choices.py).

Every method that takes ``state`` and ``player`` expects ``player`` to be the seat acting
now; ``legal`` is that seat's ``state.legal_actions(player)`` (the table caches it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.core import Action
from game.engine.oregon import (
    DRAW,
    EXTRA_TURN,
    PLAY,
    START_TILE,
    DiscardDead,
    DiscardDrawn,
    DiscardNoPlacement,
    Draw,
    KeepCard,
    OregonState,
    PlaceStartTile,
    SkipExtraTurn,
    UseExtraTurn,
    action_for,
    card_info,
    card_name,
    preview,
)
from game.engine.oregon.cards import BUILDING_NAMES
from game.engine.words import plural

CLEAR = "clear"  # a button that forgets the half-made move (no engine action)
NEED_CARDS = "Choose two cards first (or one card and your joker), then a cell."
JOKER_SPENT = "Your joker is spent: a store turns it active again."
DISCARD_FIRST = "Choose the two cards to discard first."


@dataclass(frozen=True)
class Button:
    """One button slot: ``action`` is an engine action, ``CLEAR`` or None (disabled);
    ``why_not`` says why a disabled button cannot be used."""

    label: str
    action: Action | str | None
    enabled: bool = True
    primary: bool = False
    why_not: str = ""


def gains_text(g: dict[str, Any]) -> str:
    """Plain words for one player's preview gains: "+6 points, 1 gold token, joker active"."""
    parts = []
    if g["points"]:
        bonus = f" (group bonus {g['group_bonus']})" if g.get("group_bonus") else ""
        parts.append(f"+{plural(g['points'], 'point')}{bonus}")
    for kind in ("coal", "gold"):
        if g[kind]:
            parts.append(f"{g[kind]} {kind} token{'s' if g[kind] > 1 else ''}")
    if g["joker"]:
        parts.append("joker active again")
    if g["extra"]:
        parts.append("extra turn active again")
    return ", ".join(parts) if parts else "no points"


def card_kind(card: int) -> str:
    """"landscape" or "building"."""
    return str(card_info(card)["kind"])


def why_illegal(state: OregonState, action: Action, player: int) -> str | None:
    """The rules' reason for refusing ``action`` by ``player`` (None: it is legal)."""
    return state.refusal(action, player)


class OregonChoices:
    """The cards (and the joker) the acting player has chosen so far."""

    def __init__(self) -> None:
        self.selected: list[int] = []
        self.joker = False

    # --- the half-made move -------------------------------------------------------------
    def key(self) -> tuple[tuple[int, ...], bool]:
        """What the choice is, for caches."""
        return tuple(self.selected), self.joker

    @property
    def complete(self) -> bool:
        """Two cards, or one card and the joker: a cell is all that is missing."""
        return (len(self.selected) == 2 and not self.joker) or (
            len(self.selected) == 1 and self.joker)

    @property
    def empty(self) -> bool:
        return not self.selected and not self.joker

    def cards(self) -> tuple[int, ...]:
        return tuple(self.selected)

    def clear(self) -> None:
        self.selected, self.joker = [], False

    def toggle_card(self, card: int) -> None:
        """Lift ``card`` or put it back; a third choice drops the oldest one."""
        if card in self.selected:
            self.selected.remove(card)
            return
        if len(self.selected) + self.joker >= 2:
            self.selected.pop(0)
        self.selected.append(card)

    def toggle_joker(self, joker_active: bool) -> str | None:
        """Choose the joker or put it back; the reason when a spent joker cannot be chosen."""
        if self.joker:
            self.joker = False
        elif not joker_active:
            return JOKER_SPENT
        else:
            if len(self.selected) >= 2:
                self.selected.pop(0)
            self.joker = True
        return None

    def placement_kind(self) -> str:
        """What a complete choice places: "farmer" (landscapes only) or "building"."""
        landscapes = all(card_kind(c) == "landscape" for c in self.selected)
        if landscapes and not (self.joker and card_kind(self.selected[0]) == "building"):
            return "farmer"
        return "building"

    # --- what a click means -------------------------------------------------------------
    def legal_cells(self, state: OregonState, player: int, legal: Sequence[Action]
                    ) -> tuple[str, list[tuple[int, int]]]:
        """(kind, cells) a click may use now: the start tile's, or the chosen cards'."""
        if state.phase == START_TILE:
            return "building", [a.cell for a in legal if isinstance(a, PlaceStartTile)]
        if state.phase == PLAY and self.complete:
            cells = state.legal_cells_for(player, self.cards(), self.joker)
            return self.placement_kind(), cells
        return "", []

    def cell_action(self, state: OregonState, cell: tuple[int, int]
                    ) -> tuple[Action | None, str | None]:
        """(the action a click on ``cell`` asks for, or the reason the click means nothing)."""
        phase = state.phase
        if phase == START_TILE:
            return PlaceStartTile((cell[0], cell[1])), None
        if phase == PLAY:
            if not self.complete:
                return None, NEED_CARDS
            return action_for(self.cards(), cell), None
        if phase == EXTRA_TURN:
            return None, "Use or skip your extra turn first."
        if phase == DRAW:
            return None, "Draw cards now: click a deck."
        return None, None

    @staticmethod
    def draw_decks(state: OregonState, legal: Sequence[Action]) -> list[str]:
        """The decks a click may draw from now."""
        if state.phase != DRAW:
            return []
        return [a.deck for a in legal if isinstance(a, Draw)]

    @staticmethod
    def deck_refusal(state: OregonState, deck: str) -> str | None:
        """Why a click on ``deck`` (not one of ``draw_decks``) draws nothing."""
        if state.phase != DRAW:
            return None
        return (f"You cannot draw from the {deck} deck now: your hand needs the other kind "
                "of card.")

    # --- buttons ------------------------------------------------------------------------
    def buttons(self, state: OregonState, legal: Sequence[Action]) -> list[Button]:
        """The (at most two) button slots of the acting player now."""
        if state.phase == EXTRA_TURN:
            return [Button("Use extra turn", UseExtraTurn(), primary=True),
                    Button("Skip", SkipExtraTurn())]
        if state.phase == DRAW:
            if any(isinstance(a, KeepCard) for a in legal):
                return [Button("Keep it", KeepCard()),
                        Button("Discard, redraw", DiscardDrawn(), primary=True)]
            dead = [a for a in legal if isinstance(a, DiscardDead)]
            return [Button(f"Discard {card_name(a.card).removesuffix(' card')}", a)
                    for a in dead[:2]]
        if state.phase == PLAY:
            return self._play_buttons(legal)
        return []

    def _play_buttons(self, legal: Sequence[Action]) -> list[Button]:
        out = []
        if any(isinstance(a, DiscardNoPlacement) for a in legal):
            discard = DiscardNoPlacement(self.cards())
            ok = len(self.selected) == 2 and not self.joker and discard in legal
            out.append(Button("Discard 2 cards", discard if ok else None, ok, True,
                              "" if ok else DISCARD_FIRST))
        if not self.empty:
            out.append(Button("Clear choice", CLEAR))
        return out[:2]

    # --- the prompt ---------------------------------------------------------------------
    def prompt(self, state: OregonState, player: int, legal: Sequence[Action]) -> str:
        """What the acting player is asked to do now."""
        if state.phase == START_TILE:
            tile = state.view(player)["players"][player]["start_tile"]
            name = BUILDING_NAMES.get(tile, "start tile") if tile is not None else "start tile"
            return f"Place your start {name}: click a glowing cell."
        if state.phase == PLAY:
            return self._play_prompt(state, player, legal)
        if state.phase == EXTRA_TURN:
            return "Play again with your extra-turn token?"
        if state.phase == DRAW:
            return self._draw_prompt(state, player, legal)
        return ""

    def _play_prompt(self, state: OregonState, player: int, legal: Sequence[Action]) -> str:
        if self.complete:
            kind, cells = self.legal_cells(state, player, legal)
            if not cells:
                if any(isinstance(a, DiscardNoPlacement) for a in legal):
                    return "These cards place nothing here. Discard them, or choose others."
                return "These cards allow no placement: choose others."
            what = "your farmer" if kind == "farmer" else "the building"
            return f"Click a glowing cell to place {what}."
        if all(isinstance(a, DiscardNoPlacement) for a in legal):
            return "No placement is possible: choose 2 cards and discard them."
        if len(self.selected) + self.joker == 1:
            return "Choose one more card (or the joker)."
        extra = " Extra turn: play again." if state.extra_used else ""
        return ("Choose 2 cards: 2 landscapes place a farmer, landscape + building "
                "a building." + extra)

    def _draw_prompt(self, state: OregonState, player: int, legal: Sequence[Action]) -> str:
        if any(isinstance(a, KeepCard) for a in legal):
            pend = state.view(player)["pending_card"]
            name = card_name(pend) if pend is not None else "building card"
            why = "its stack is empty"
            if pend is not None and state.stacks[(pend - 50) // 3] > 0:
                why = "you already hold one"
            return f"You drew a {name}, but {why}. Keep it, or discard and redraw?"
        decks = self.draw_decks(state, legal)
        left = 4 - len(state.hands[player])
        if len(decks) == 1:
            return (f"Your hand needs a {decks[0]} card: draw from the {decks[0]} deck "
                    f"({left} to draw).")
        if any(isinstance(a, DiscardDead) for a in legal):
            return "A building card in hand cannot be played: discard it, or draw."
        return f"Draw {left} card{'s' if left != 1 else ''}: click a deck."

    # --- what a placement would earn ----------------------------------------------------
    def preview_text(self, state: OregonState, player: int, cell: tuple[int, int],
                     names: Sequence[str]) -> str:
        """What placing the chosen cards on ``cell`` (a legal cell) would earn each player;
        the rules' reason when it cannot be placed there."""
        if state.phase == START_TILE:
            return "Start tile here (scores nothing yet)"
        action = action_for(self.cards(), cell)
        try:
            pv = preview(state, action, player)
        except Exception as exc:  # noqa: BLE001 - an illegal preview reads as its reason
            return str(exc)
        lines = [f"You: {gains_text(pv['players'][player])}"]
        for q, g in enumerate(pv["players"]):
            if q != player and gains_text(g) != "no points":
                lines.append(f"{names[q]}: {gains_text(g)}")
        if pv.get("ends_game"):
            lines.append("This ends the game after the round")
        return "\n".join(lines)
