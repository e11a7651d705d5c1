"""What a click or a key means at the Oasis table now: the prompt, the buttons, the focus
targets and what using each does, built on the game's choice model (``choices``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.games.oasis.engine import TakeOffer, TurnCard
from game.games.oasis.engine.phases import CarryStep, Phase
from game.games.oasis.table.choices import Choice, Command, Reply, card_reply, deck_refusal
from game.games.oasis.table.choices import disabled_reason as button_refusal
from game.i18n import _
from game.scenes.table import screen as table_screen
from game.scenes.table.controls import Controls

if TYPE_CHECKING:
    from game.games.oasis.table.parts import OasisTable


class OasisControls(Controls):
    table: OasisTable

    def __init__(self, table: OasisTable) -> None:
        super().__init__(table)
        self.choice = Choice(table.rename, table.names)

    @property
    def actor(self) -> int:
        """The seat acting now (asked only while someone acts)."""
        p = self.table.acting
        assert p is not None, "the game is over: nobody acts"
        return p

    def why(self, action) -> str | None:
        """Why ``action`` is illegal for the actor now (None when it is legal)."""
        return self.choice.why(self.table.known, action, self.actor)

    @property
    def pending_tile(self) -> tuple[str, tuple[int, int]] | None:
        return self.choice.pending_tile

    @property
    def bonus_mode(self) -> str | None:
        return self.choice.bonus_mode

    @property
    def move_src(self) -> tuple[int, int] | None:
        return self.choice.move_src

    @property
    def step_name(self) -> str:
        return self.table.known.step()

    def tile_kind(self) -> str | None:
        """The land kind being placed now (a tile card, or the bonus mode)."""
        return self.choice.tile_kind(self.table.known)

    def cell_targets(self) -> dict[tuple[int, int], str]:
        """Cells the acting human may click now, with their glow: "start", "extend",
        "camel", "marker" (own marker to move / own camel to move)."""
        if not self.table.human_can_act:
            return {}
        step = self.table.coach.guide.index if self.table.coach is not None else -1
        key = ("cells", self.table.version, step, *self.choice.key())
        if key not in self.table._cache:
            cells = self.choice.cell_targets(self.table.known, self.actor)
            lit = set(self.table.coaching.lit(list(cells)))  # a lesson's step lights its own cells
            self.table._cache[key] = {c: glow for c, glow in cells.items() if c in lit}
        return self.table._cache[key]

    def buttons(self) -> list[tuple[str, object, bool, bool]]:
        """(label, action or callable, enabled, primary) for the button slots."""
        if not self.table.human_can_act:
            return []
        out = [(_(b.label), self._command(b.action) if isinstance(b.action, Command)
                else b.action, b.enabled, b.primary)
               for b in self.choice.buttons(self.table.known, self.actor, self.table.legal())]
        self.table.layout.size_buttons([label for label, *_rest in out])
        return out

    def _command(self, command: Command):
        if command.name == "cancel":
            return self._cancel
        if command.name == "leave_uncontrolled":
            return self._leave_uncontrolled
        return lambda: self.set_bonus_mode(command.mode)

    def disabled_reason(self, label: str) -> str:
        """Why the button shown as ``label`` (in the player's language) cannot be used."""
        english = next((b.label for b in self.choice.buttons(self.table.known, self.actor,
                                                              self.table.legal())
                        if _(b.label) == label), label) if self.table.human_can_act else label
        return button_refusal(english)

    def prompt(self) -> str:
        waiting = table_screen.waiting_prompt(self.table)
        if waiting is not None:
            return waiting
        return self.choice.prompt(self.table.known, self.actor)

    def set_bonus_mode(self, mode: str) -> None:
        self.choice.choose_bonus(mode)
        self.table.services.audio.play("tick")
        if self.table.keyboard:
            self.focus_board()

    def _cancel(self) -> None:
        self.choice.cancel()

    def _leave_uncontrolled(self) -> None:
        action = self.choice.leave_uncontrolled(self.table.known)
        if action is not None:
            self.try_action(action)

    def try_action(self, action) -> bool:
        why = self.why(action)
        if why:
            self.table.error(why)
            return False
        if self.table.coaching.gate(action):
            return False
        self.table.play(action, self.actor)
        return True

    def _follow(self, reply: Reply) -> None:
        """Carry out what the choice model made of a click."""
        if reply.error is not None:
            self.table.error(reply.error)
        elif reply.picked:
            self.table.services.audio.play("tick")
            if self.table.keyboard:
                self.focus_board()
        elif reply.action is not None:
            self.try_action(reply.action)

    def click_cell(self, cell: tuple[int, int]) -> None:
        if self.table.human_can_act:
            self._follow(self.choice.click_cell(self.table.known, self.actor, cell,
                                                self.cell_targets()))

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """Focusable things, in Tab order."""
        out: list[tuple[str, pygame.Rect]] = []
        if not self.table.human_can_act:
            return out
        lay = self.table.layout
        step = self.table.known.step()
        p = self.table.acting
        if step == Phase.OFFER:
            out.append(("deck", lay.decks[p]))
        elif step == Phase.CHOOSE:
            out += [(f"offer{q}", lay.offer_areas[q]) for q in range(self.table.n)
                    if TakeOffer(q) in self.table.legal()]
        elif step == CarryStep.PICK_CARD:
            out += [(f"card{i}", lay.carry_cards[i])
                    for i, (_card, st) in enumerate(self.table.game.carry_cards()[:3]) if st == "pending"]
        if self.cell_targets():
            out.append(("board", lay.board_rect))
        out += [(f"btn{i}", lay.button_rect(i)) for i, _b in enumerate(self.buttons())]
        out.append(("pile", lay.piles[p]))
        return out + table_screen.undo_target(self.table)

    def hint_keys(self, action) -> list[str]:
        """A suggested move's deck, offer or card of the offer being carried out."""
        if isinstance(action, TurnCard):
            return ["deck"]
        if isinstance(action, TakeOffer):
            return [f"offer{action.owner}"]
        card = getattr(action, "card", None)
        if card is not None:
            return [f"card{i}" for i, (c, st) in enumerate(self.table.game.carry_cards()[:3])
                    if c == card and st == "pending"][:1]
        return []

    def activate(self, key: str) -> None:
        if key == "deck":
            self.try_action(TurnCard())
        elif key.startswith("offer"):
            self.try_action(TakeOffer(int(key[5:])))
        elif key.startswith("card"):
            self._follow(card_reply(self.table.game.carry_cards(), int(key[4:])))
        elif key == "pile":
            self.table.game.peek = not self.table.game.peek
            self.table.services.audio.play("flip")
        elif key.startswith("btn"):
            self.table.input.press_button(int(key[3:]))
        elif key == "board":
            self.click_cell(self.table.cursor)
        elif key == "undo":
            self.table.undo()

    def focus_default(self) -> None:
        keys = [k for k, _ in self.targets()]
        for want in ("deck", "card0", "card1", "card2", "board", "btn0"):
            if want in keys:
                self.table.focus = want
                break
        else:
            offers = [k for k in keys if k.startswith("offer")]
            if offers:
                self.table.focus = offers[0]
        if self.table.focus == "board":
            self.focus_board()

    def focus_board(self) -> None:
        self.table.focus = "board"
        self.table.cursor_near(list(self.cell_targets()))

    def right_click(self) -> None:
        self._cancel()

    def on_back(self) -> bool:
        if self.choice.pending_tile is not None or self.choice.move_src is not None:
            self._cancel()
            return True
        return False

    def click_elsewhere(self, pos) -> None:
        """A click on something that cannot be used now says why."""
        lay = self.table.layout
        for q in range(self.table.n):
            if lay.offer_areas[q].collidepoint(pos):
                self.table.error(self.choice.offer_refusal(self.table.known, self.actor, q))
                return
            if lay.decks[q].collidepoint(pos):
                self.table.error(deck_refusal(q, self.table.acting))
                return
        for i, r in enumerate(lay.carry_cards):
            if r.collidepoint(pos) and i < len(self.table.game.carry_cards()):
                if self.table.known.step() == CarryStep.PICK_CARD:
                    self.activate(f"card{i}")
                else:
                    self.table.error(_("Finish the card being carried out first."))
                return
