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

from game import i18n
from game.engine.actions import Action
from game.engine.messages import localized
from game.games.oregon.engine import (
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
    preview,
)
from game.games.oregon.engine.cards import BUILDING_NAMES, a_card
from game.games.oregon.engine.phases import Phase
from game.i18n import N_, _, ngettext

CLEAR = "clear"  # a button that forgets the half-made move (no engine action)
# The table's own refusals (the rules give theirs): translated when returned.
NEED_CARDS = N_("Choose two cards first (or one card and your joker), then a cell.")
JOKER_SPENT = N_("Your joker is spent: a store turns it active again.")
DISCARD_FIRST = N_("Choose the two cards to discard first.")


@dataclass(frozen=True)
class Button:
    """One button slot: ``action`` is an engine action, ``CLEAR`` or None (disabled);
    ``why_not`` says why a disabled button cannot be used."""

    label: str
    action: Action | str | None
    enabled: bool = True
    primary: bool = False
    why_not: str = ""


def gains(g: dict[str, Any]) -> bool:
    """Whether one player's preview gains hold anything."""
    return bool(g["points"] or g["coal"] or g["gold"] or g["joker"] or g["extra"])


def gains_text(g: dict[str, Any]) -> str:
    """Plain words for one player's preview gains: "+6 points, 1 gold token, joker active"."""
    parts = []
    n = g["points"]
    if n and g.get("group_bonus"):
        parts.append(ngettext("+{n} point (group bonus {bonus})",
                              "+{n} points (group bonus {bonus})", n).format(
            n=n, bonus=g["group_bonus"]))
    elif n:
        parts.append(ngettext("+{n} point", "+{n} points", n).format(n=n))
    if g["coal"]:
        parts.append(ngettext("{n} coal token", "{n} coal tokens", g["coal"]).format(
            n=g["coal"]))
    if g["gold"]:
        parts.append(ngettext("{n} gold token", "{n} gold tokens", g["gold"]).format(
            n=g["gold"]))
    if g["joker"]:
        parts.append(_("joker active again"))
    if g["extra"]:
        parts.append(_("extra turn active again"))
    return ", ".join(parts) if parts else _("no points")


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
            return _(JOKER_SPENT)
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
        if state.phase == Phase.START_TILE:
            return "building", [a.cell for a in legal if isinstance(a, PlaceStartTile)]
        if state.phase == Phase.PLAY and self.complete:
            cells = state.legal_cells_for(player, self.cards(), self.joker)
            return self.placement_kind(), cells
        return "", []

    def cell_action(self, state: OregonState, cell: tuple[int, int]
                    ) -> tuple[Action | None, str | None]:
        """(the action a click on ``cell`` asks for, or the reason the click means nothing)."""
        phase = state.phase
        if phase == Phase.START_TILE:
            return PlaceStartTile((cell[0], cell[1])), None
        if phase == Phase.PLAY:
            if not self.complete:
                return None, _(NEED_CARDS)
            return action_for(self.cards(), cell), None
        if phase == Phase.EXTRA_TURN:
            return None, _("Use or skip your extra turn first.")
        if phase == Phase.DRAW:
            return None, _("Draw cards now: click a deck.")
        return None, None

    @staticmethod
    def draw_decks(state: OregonState, legal: Sequence[Action]) -> list[str]:
        """The decks a click may draw from now."""
        if state.phase != Phase.DRAW:
            return []
        return [a.deck for a in legal if isinstance(a, Draw)]

    @staticmethod
    def deck_refusal(state: OregonState, deck: str) -> str | None:
        """Why a click on ``deck`` (not one of ``draw_decks``) draws nothing."""
        if state.phase != Phase.DRAW:
            return None
        if deck == "landscape":
            return _("You cannot draw from the landscape deck now: your hand needs a "
                     "building card.")
        return _("You cannot draw from the building deck now: your hand needs a "
                 "landscape card.")

    # --- buttons ------------------------------------------------------------------------
    def buttons(self, state: OregonState, legal: Sequence[Action]) -> list[Button]:
        """The (at most two) button slots of the acting player now."""
        if state.phase == Phase.EXTRA_TURN:
            # Translators: a button: play an extra turn now
            return [Button(_("Use extra turn"), UseExtraTurn(), primary=True),
                    # Translators: a button: do not use the extra turn
                    Button(_("Skip"), SkipExtraTurn())]
        if state.phase == Phase.DRAW:
            if state.pending >= 0:  # both buttons, even when a lesson lets one through
                # Translators: a button: keep the card just drawn
                return [Button(_("Keep it"), KeepCard()),
                        # Translators: a button: discard the card just drawn and draw again
                        Button(_("Discard, redraw"), DiscardDrawn(), primary=True)]
            dead = [a for a in legal if isinstance(a, DiscardDead)]
            # Translators: a button: discard a building card that cannot be played
            return [Button(_("Discard {building}").format(
                building=_(BUILDING_NAMES[str(card_info(a.card)["building"])])), a)
                for a in dead[:2]]
        if state.phase == Phase.PLAY:
            return self._play_buttons(legal)
        return []

    def _play_buttons(self, legal: Sequence[Action]) -> list[Button]:
        out = []
        if any(isinstance(a, DiscardNoPlacement) for a in legal):
            discard = DiscardNoPlacement(self.cards())
            ok = len(self.selected) == 2 and not self.joker and discard in legal
            # Translators: a button: discard the two chosen cards
            out.append(Button(_("Discard 2 cards"), discard if ok else None, ok, True,
                              "" if ok else _(DISCARD_FIRST)))
        if not self.empty:
            # Translators: a button: put the chosen cards back in the hand
            out.append(Button(_("Clear choice"), CLEAR))
        return out[:2]

    # --- the prompt ---------------------------------------------------------------------
    def prompt(self, state: OregonState, player: int, legal: Sequence[Action]) -> str:
        """What the acting player is asked to do now."""
        if state.phase == Phase.START_TILE:
            tile = state.view(player)["players"][player]["start_tile"]
            if tile not in BUILDING_NAMES:
                return _("Place your start tile: click a glowing cell.")
            return _("Place your start {building}: click a glowing cell.").format(
                building=_(BUILDING_NAMES[tile]))
        if state.phase == Phase.PLAY:
            return self._play_prompt(state, player, legal)
        if state.phase == Phase.EXTRA_TURN:
            return _("Play again with your extra-turn token?")
        if state.phase == Phase.DRAW:
            return self._draw_prompt(state, player, legal)
        return ""

    def _play_prompt(self, state: OregonState, player: int, legal: Sequence[Action]) -> str:
        if self.complete:
            kind, cells = self.legal_cells(state, player, legal)
            if not cells:
                if any(isinstance(a, DiscardNoPlacement) for a in legal):
                    return _("These cards place nothing here. Discard them, or choose others.")
                return _("These cards allow no placement: choose others.")
            if kind == "farmer":
                return _("Click a glowing cell to place your farmer.")
            return _("Click a glowing cell to place the building.")
        if all(isinstance(a, DiscardNoPlacement) for a in legal):
            return _("No placement is possible: choose 2 cards and discard them.")
        if len(self.selected) + self.joker == 1:
            return _("Choose one more card (or the joker).")
        if state.extra_used:
            return _("Choose 2 cards: 2 landscapes place a farmer, landscape + building "
                     "a building. Extra turn: play again.")
        return _("Choose 2 cards: 2 landscapes place a farmer, landscape + building "
                 "a building.")

    def _draw_prompt(self, state: OregonState, player: int, legal: Sequence[Action]) -> str:
        if state.pending >= 0:
            pend = state.view(player)["pending_card"]
            card = _(a_card(pend)) if pend is not None else _("a building card")
            if pend is not None and state.stacks[(pend - 50) // 3] > 0:
                return _("You drew {card}, but you already hold one. Keep it, or discard and "
                         "redraw?").format(card=card)
            return _("You drew {card}, but its stack is empty. Keep it, or discard and "
                     "redraw?").format(card=card)
        # the rules' choice of decks: a lesson offering one deck does not make it forced
        decks = self.draw_decks(state, state.legal_actions(player))
        left = 4 - len(state.hands[player])
        if decks == ["landscape"]:
            return ngettext("Your hand needs a landscape card: draw from the landscape deck "
                            "({n} to draw).",
                            "Your hand needs a landscape card: draw from the landscape deck "
                            "({n} to draw).", left).format(n=left)
        if decks == ["building"]:
            return ngettext("Your hand needs a building card: draw from the building deck "
                            "({n} to draw).",
                            "Your hand needs a building card: draw from the building deck "
                            "({n} to draw).", left).format(n=left)
        if any(isinstance(a, DiscardDead) for a in legal):
            return _("A building card in hand cannot be played: discard it, or draw.")
        return ngettext("Draw {n} card: click a deck.", "Draw {n} cards: click a deck.",
                        left).format(n=left)

    # --- what a placement would earn ----------------------------------------------------
    def preview_text(self, state: OregonState, player: int, cell: tuple[int, int],
                     names: Sequence[str]) -> str:
        """What placing the chosen cards on ``cell`` (a legal cell) would earn each player;
        the rules' reason when it cannot be placed there."""
        if state.phase == Phase.START_TILE:
            return _("Start tile here (scores nothing yet)")
        action = action_for(self.cards(), cell)
        try:
            pv = preview(state, action, player)
        except Exception as exc:  # noqa: BLE001 - an illegal preview reads as its reason
            reason = exc.args[0] if exc.args else ""
            return localized(reason if isinstance(reason, str) else str(exc), names,
                             i18n.language())
        # Translators: a line of a placement's preview: what the player would gain
        lines = [_("You: {gains}").format(gains=gains_text(pv["players"][player]))]
        for q, g in enumerate(pv["players"]):
            if q != player and gains(g):
                # Translators: a line of a placement's preview: what another player gains
                lines.append(_("{player}: {gains}").format(player=names[q],
                                                           gains=gains_text(g)))
        if pv.get("ends_game"):
            lines.append(_("This ends the game after the round"))
        return "\n".join(lines)
