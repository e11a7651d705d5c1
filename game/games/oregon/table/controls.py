"""What a click or a key means at the Oregon table now: the prompt, the buttons, the focus
targets and what using each does, built on the game's choice model (``choices``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.games.oregon.engine import Draw
from game.games.oregon.engine.phases import Phase
from game.games.oregon.table.choices import CLEAR, OregonChoices, why_illegal
from game.scenes.table import screen as table_screen
from game.scenes.table.controls import Controls

if TYPE_CHECKING:
    from game.games.oregon.table.parts import OregonTable


class OregonControls(Controls):
    table: OregonTable

    def __init__(self, table: OregonTable) -> None:
        super().__init__(table)
        self.choice = OregonChoices()
        self._places: dict[str, pygame.Rect] | None = None  # lesson_places, made once

    def hand(self) -> list[int]:
        """The cards drawn in the hand strip (the viewer's, as shown)."""
        if self.table.viewer is None:
            return []
        v = self.table.dview()
        hidden = self.table.game.presenter.put.hidden_cards
        hand = [c for c in (v["hand"] or []) if c not in hidden]
        pending = v.get("pending_card")
        if pending is not None and pending in hand:  # shown apart, beside the prompt
            hand.remove(pending)
        return hand

    def legal_cells(self) -> tuple[str, list[tuple[int, int]]]:
        """(kind, cells) the acting human may use now: start tile or the chosen cards."""
        p = self.table.acting
        if p is None or not self.table.human_can_act:
            return "", []
        key = ("cells", self.table.version, self.table.coaching.gate_key(), self.choice.key())
        if key not in self.table._cache:
            kind, cells = self.choice.legal_cells(self.table.known, p, self.table.legal())
            # the rules' cells for the chosen cards; a lesson's step lights its own
            self.table._cache[key] = kind, self.table.coaching.lit(cells)
        return self.table._cache[key]

    def toggle_card(self, card: int) -> None:
        self.choice.toggle_card(card)
        self._chose()

    def toggle_joker(self) -> None:
        p = self.table.acting
        assert p is not None  # the joker shows only to the acting human
        why = self.choice.toggle_joker(self.table.known.joker[p])
        if why:
            self.table.error(why)
            return
        self._chose()

    def _chose(self) -> None:
        self.table.services.audio.play("tick")
        self.table.message, self.table.message_error = "", False

    def clear_selection(self) -> None:
        self.choice.clear()

    def try_action(self, action) -> bool:
        """Play ``action`` for the acting human, or say why the rules refuse it."""
        p = self.table.acting
        assert p is not None  # only the acting human's choices reach here
        why = why_illegal(self.table.known, action, p)
        if why:
            self.table.error(why)  # a Sentence: the table shows it in the player's language
            return False
        if self.table.coaching.gate(action):
            return False
        self.table.play(action, p)
        return True

    def click_cell(self, cell: tuple[int, int]) -> None:
        if not self.table.human_can_act:
            return
        action, why = self.choice.cell_action(self.table.known, cell)
        if why:
            self.table.error(why)
        elif action is not None:
            self.try_action(action)

    def preview_text(self, cell) -> str:
        """The tooltip for ``cell``: what placing there would earn (empty when not legal)."""
        p = self.table.acting
        if cell is None or p is None or not self.table.human_can_act:
            return ""
        _kind, cells = self.legal_cells()
        if tuple(cell) not in cells:
            return ""
        key = ("preview", self.table.version, self.choice.key(), tuple(cell), i18n.generation())
        if key not in self.table._cache:
            self.table._cache[key] = self.choice.preview_text(self.table.known, p, tuple(cell), self.table.names)
        return self.table._cache[key]

    def buttons(self) -> list[tuple[str, object, bool, bool]]:
        """(label, action or callable, enabled, primary) for the two button slots."""
        if not self.table.human_can_act:
            return []
        return [(b.label, self.clear_selection if b.action == CLEAR else b.action, b.enabled,
                 b.primary) for b in self.choice.buttons(self.table.known, self.table.legal())]

    def disabled_reason(self, label: str) -> str:
        for b in self.choice.buttons(self.table.known, self.table.legal()):
            if b.label == label and b.why_not:
                return b.why_not
        return super().disabled_reason(label)

    def draw_decks(self) -> list[str]:
        if not self.table.human_can_act:
            return []
        return self.choice.draw_decks(self.table.known, self.table.legal())

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """Focusable things, in Tab order."""
        out: list[tuple[str, pygame.Rect]] = []
        p = self.table.acting
        if p is None or not self.table.human_can_act:
            return out
        phase = self.table.known.phase
        hand = self.hand()
        if phase == Phase.PLAY:
            out += [(f"card{i}", self.card_rect(i, hand)) for i in range(len(hand))]
            if self.table.known.joker[p] or self.choice.joker:
                out.append(("joker", self.table.layout.joker_rect(len(hand))))
        if phase in (Phase.START_TILE, Phase.PLAY):
            out.append(("board", self.table.layout.board_rect))
        out += [(f"deck_{deck}", self.table.layout.decks[deck]) for deck in self.draw_decks()]
        out += [(f"btn{i}", self.table.layout.button_rect(i)) for i in range(len(self.buttons()))]
        return out + table_screen.undo_target(self.table)

    def hint_keys(self, action) -> list[str]:
        """A suggested play's hand cards (and the joker), or the deck to draw from."""
        cards = getattr(action, "cards", None)
        if cards is not None:
            hand = self.hand()
            keys = [f"card{hand.index(c)}" for c in cards if c in hand]
            return keys + (["joker"] if len(cards) == 1 else [])
        if isinstance(action, Draw):
            return [f"deck_{action.deck}"]
        return []

    def lesson_places(self) -> dict[str, pygame.Rect]:
        """The places a lesson may point at besides the shared names (``lesson_rect``):
        ``"column_symbol:N"`` / ``"row_symbol:N"`` the board edge's Nth symbol (0 = the
        first, left or top), ``"area:C,R"`` the 6 cells where column symbol C meets row
        symbol R, and ``"stacks"`` the 7 building stacks.  The layout never changes, so
        they are worked out once."""
        places = self._places
        if places is None:
            lay = self.table.layout
            places = {f"column_symbol:{i}": lay.column_symbol_rect(i) for i in range(5)}
            places.update({f"row_symbol:{i}": lay.row_symbol_rect(i) for i in range(5)})
            places.update({f"area:{c},{r}": lay.cell_rect(3 * c, 2 * r).union(
                lay.cell_rect(3 * c + 2, 2 * r + 1)) for c in range(5) for r in range(5)})
            places["stacks"] = lay.stacks[0].unionall(lay.stacks[1:])
            self._places = places
        return places

    def card_rect(self, i: int, hand=None) -> pygame.Rect:
        return self.table.game.renderer.card_rect(i, self.hand() if hand is None else hand)

    def activate(self, key: str) -> None:
        if key.startswith("card"):
            hand = self.hand()
            i = int(key[4:])
            if i < len(hand):
                self.toggle_card(hand[i])
                self._board_when_chosen()
        elif key == "joker":
            self.toggle_joker()
            self._board_when_chosen()
        elif key.startswith("deck_"):
            self.try_action(Draw(key[5:]))
        elif key.startswith("btn"):
            self.table.input.press_button(int(key[3:]))
        elif key == "board":
            self.click_cell(self.table.cursor)
        elif key == "undo":
            self.table.undo()

    def _board_when_chosen(self) -> None:
        """With the keyboard, a complete choice moves the focus on to the board."""
        if self.table.keyboard and self.choice.complete:
            self.focus_board()

    def focus_default(self) -> None:
        keys = [k for k, _ in self.targets()]
        for want in ("card0", "deck_landscape", "deck_building", "btn0", "board"):
            if want in keys:
                self.table.focus = want
                break
        if self.table.known.phase == Phase.START_TILE:
            self.focus_board()

    def right_click(self) -> None:
        self.clear_selection()

    def focus_board(self) -> None:
        self.table.focus = "board"
        _, cells = self.legal_cells()
        self.table.cursor_near(cells)

    def click_elsewhere(self, pos) -> None:
        """A click on a deck that cannot be drawn from now says why (a lesson's step that
        holds back a legal draw says its own reason)."""
        for deck in ("landscape", "building"):
            if self.table.layout.decks[deck].collidepoint(pos):
                p = self.table.acting
                if (p is not None and self.table.human_can_act
                        and why_illegal(self.table.known, Draw(deck), p) is None):
                    self.try_action(Draw(deck))
                    return
                why = self.choice.deck_refusal(self.table.known, deck)
                if why:
                    self.table.error(why)
                return

    def prompt(self) -> str:
        waiting = table_screen.waiting_prompt(self.table)
        if waiting is not None:
            return waiting
        p = self.table.acting
        assert p is not None  # ``waiting_prompt`` answers while nobody acts
        return self.choice.prompt(self.table.known, p, self.table.legal())
