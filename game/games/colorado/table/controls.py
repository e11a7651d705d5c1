"""What a click or a key means at the Colorado table now: the prompt, the buttons, the focus
targets and what using each does, built on the game's choice model (``choices``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.engine.messages import localized
from game.games.colorado.engine import ColoradoState
from game.games.colorado.engine.phases import Phase
from game.games.colorado.table.choices import ColoradoChoices, Reply, why_illegal
from game.games.colorado.table.prompts import waiting_prompt
from game.i18n import _
from game.scenes.table import screen as table_screen
from game.scenes.table.controls import Controls
from game.ui import intents as I

if TYPE_CHECKING:
    from game.games.colorado.table.parts import ColoradoTable


class ColoradoControls(Controls):
    table: ColoradoTable

    def __init__(self, table: ColoradoTable) -> None:
        super().__init__(table)
        self.choice = ColoradoChoices(self)  # the acting human's half-made move

    @property
    def state(self) -> ColoradoState:
        return self.table.known

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def names(self) -> list[str]:
        return self.table.names

    @property
    def acting(self) -> int | None:
        return self.table.chooser

    def lesson_lit(self, cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Of ``cells``, those a lesson's step lets the choices light (all outside one)."""
        return self.table.coaching.lit(cells)

    def sview(self) -> Mapping[str, Any]:
        """The real state as the acting human may see it (for choices)."""
        key = ("sview", self.table.version, self.table.viewer)
        v = self.table._cache.get(key)
        if v is None:
            self.table._cache = {k: x for k, x in self.table._cache.items() if k[0] != "sview"}
            v = self.table._cache[key] = self.table.known.view(self.table.viewer)
        return v

    def my_cowboys(self) -> list[int]:
        """The viewer's own cowboys (their numbers are theirs alone)."""
        if self.table.viewer is None:
            return []
        v = self.sview() if self.table.human_can_act else self.table.dview()
        return list(v["my_cowboys"] or [])

    def my_flags(self) -> list[str]:
        if self.table.viewer is None:
            return []
        v = self.sview() if self.table.human_can_act else self.table.dview()
        return list(v["my_flags"] or [])

    def strip_cowboys(self) -> list[int]:
        """The viewer's cowboys still in their strip: a confirmed bid has left it."""
        gone = set(self.viewer_bid() or ())
        return [c for c in self.my_cowboys() if c not in gone]

    def viewer_bid(self) -> list[int] | None:
        """The viewer's confirmed bid, not yet revealed (None: none, or nobody looks)."""
        return None if self.table.viewer is None else self.table.game.pending_bid.get(self.table.viewer)

    def try_action(self, action) -> bool:
        p = self.table.chooser
        if p is None:
            return False
        reason = why_illegal(self.table.known, action, p)
        if reason:
            self.table.error(localized(reason, self.table.names, i18n.language()))
            return False
        if self.table.coaching.gate(action):
            return False
        self.table.services.audio.play("click")
        self.table.play(action, p)
        return True

    def clear_choice(self) -> None:
        self.choice.clear()

    def _answer(self, reply: Reply | None) -> None:
        """Carry out what the choice model answered: sound, message, cursor, move."""
        if reply is None:
            return
        if reply.sound:
            self.table.services.audio.play(reply.sound)
        if reply.error:
            self.table.error(reply.message or "")
        elif reply.message is not None:
            self.table.message, self.table.message_error = reply.message, False
        if reply.focus is not None and self.table.keyboard:
            self.focus_board(reply.focus)
        if reply.action is not None:
            self.try_action(reply.action)

    def choose_card(self, cid: int) -> None:
        self._answer(self.choice.choose_card(cid))

    def rotate(self, amount: int) -> None:
        self._answer(self.choice.rotate(amount))

    def toggle_token(self, num: int) -> None:
        self._answer(self.choice.toggle_token(num))

    def click_cell(self, cell: tuple[int, int]) -> None:
        if self.table.human_can_act:
            self._answer(self.choice.click_cell(cell))

    def prompt(self) -> str:
        if self.table.seat_change.looking() and not self.table.human_can_act:
            return _(self.table.game.look_prompt)
        if self.table.message and (self.table.message_time > 0 or not self.table.message_error):
            return self.table.message
        if self.table.known.is_over():
            return _("The game is over.")
        if self.table.chooser is None:
            return waiting_prompt(self.table.known, self.table.viewer, self.table.names,
                                  self.viewer_bid(), self.table.bots,
                                  self.table.timeline.busy)
        return self.choice.prompt()

    def buttons(self) -> list[tuple[str, object, bool, bool]]:
        """(label, action or callable, enabled, primary) for the two button slots."""
        return self.choice.buttons()

    def token_rects(self) -> list[tuple[int, pygame.Rect]]:
        """(cowboy number, rect) for the viewer's tokens, selected ones lifted."""
        if self.table.viewer is None:
            return []
        nums = self.strip_cowboys()
        out = []
        for i, c in enumerate(nums):
            r = self.table.layout.token_rect(i, len(nums))
            if c in self.choice.sel_tokens and self.table.human_can_act:
                r = r.move(0, -10)
            out.append((c, r))
        return out

    def hint_keys(self, action) -> list[str]:
        """A suggested move's flag, cowboy tokens or card."""
        keys = []
        colour = getattr(action, "colour", None)
        if colour is not None and colour in self.my_flags():
            keys.append(f"flag{self.my_flags().index(colour)}")
        cowboys = getattr(action, "cowboys", None)
        if cowboys is None and hasattr(action, "cowboy"):
            cowboys = (action.cowboy,)
        if cowboys:
            nums = [c for c, _r in self.token_rects()]
            keys += [f"token{nums.index(c)}" for c in cowboys if c in nums]
        card = getattr(action, "card_id", None)
        if card is not None:
            ids = [c for c, _r in self.card_rects()]
            keys += [f"card{ids.index(card)}"] if card in ids else []
        return keys

    def card_rects(self) -> list[tuple[int, pygame.Rect]]:
        cards = self.table.game.table_cards
        out = []
        for i, c in enumerate(cards):
            r = self.table.layout.card_rect(i, len(cards))
            out.append((c["id"], r))
        return out

    def lesson_places(self) -> dict[str, pygame.Rect]:
        """``"cards"``: the revealed cards, shown through the whole turn (as targets only
        while the viewer takes one)."""
        rects = [r for _c, r in self.card_rects()]
        return {"cards": rects[0].unionall(rects[1:])} if rects else {}

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """Focusable things, in Tab order."""
        out: list[tuple[str, pygame.Rect]] = []
        if not self.table.human_can_act:
            return out
        phase = self.table.known.phase
        if phase == Phase.FLAGS:
            for i in range(len(self.my_flags())):
                out.append((f"flag{i}", self.table.layout.flag_rect(i)))
        if phase in (Phase.GIVE, Phase.AUCTION, Phase.BID):
            for i, (_c, r) in enumerate(self.token_rects()):
                out.append((f"token{i}", r))
        if phase == Phase.TAKE:
            for i, (_c, r) in enumerate(self.card_rects()):
                out.append((f"card{i}", r))
        if phase in (Phase.FLAGS, Phase.OFFER, Phase.TAKE):
            out.append(("board", self.table.layout.board_rect))
        for i, _b in enumerate(self.buttons()):
            out.append((f"btn{i}", self.table.layout.button_rect(i)))
        return out + table_screen.undo_target(self.table)

    def activate(self, key: str) -> None:
        if key.startswith("flag"):
            reply = self.choice.pick_flag(int(key[4:]))
            if reply is not None:
                self._answer(reply)
                if self.table.keyboard:
                    self.focus_board()
        elif key.startswith("token"):
            toks = self.token_rects()
            i = int(key[5:])
            if i < len(toks):
                self.toggle_token(toks[i][0])
        elif key.startswith("card"):
            cards = self.card_rects()
            i = int(key[4:])
            if i < len(cards):
                self.choose_card(cards[i][0])
        elif key.startswith("btn"):
            self.table.input.press_button(int(key[3:]))
        elif key == "board":
            self.click_cell(self.table.cursor)
        elif key == "undo":
            self.table.undo()

    def disabled_reason(self, label: str) -> str:
        return self.choice.disabled_reason()

    def try_button(self, action) -> None:
        self.try_action(action)  # it clicks once the move is legal

    def focus_default(self) -> None:
        keys = [k for k, _ in self.targets()]
        phase = self.table.known.phase
        want = {Phase.FLAGS: "board", Phase.OFFER: "btn0", Phase.INTEREST: "btn0",
                Phase.GIVE: "token0", Phase.AUCTION: "token0", Phase.BID: "token0",
                Phase.TAKE: "card0"}.get(phase, "btn0")
        if want in keys:
            self.table.focus = want
        elif keys:
            self.table.focus = keys[0]
        if self.table.focus == "board":
            self.focus_board()

    def right_click(self) -> None:
        if self.choice.sel_card is not None and self.choice.use_flag is not None:
            self.rotate(1)
        else:
            self.choice.sel_tokens, self.choice.sel_cell = [], None

    def focus_board(self, cell=None) -> None:
        self.table.focus = "board"
        if cell is not None:
            self.table.cursor = tuple(cell)
            return
        c = self.choice
        self.table.cursor_near(c.flag_cells() or c.own_cells() or c.use_flags())

    def click(self, pos) -> bool:
        """A click closes the round scoring; else it uses what is under it (a click while
        the viewer cannot act says nothing here)."""
        if self.table.game.score_show and self.table.game.score_show.get("final"):
            self.table.game.close_scores()
        elif self.table.human_can_act:
            self.table.input.click_target(pos)
        return True

    def table_intent(self, intent: I.Intent) -> bool:
        """R, Q/E, the wheel and the pad shoulders turn a card laid on the board; confirm
        closes the round scoring."""
        k = intent.kind
        if k == I.KEY and intent.key == pygame.K_r:
            self.rotate(1)
            return True
        if k == I.ROTATE:
            self.rotate(1 if intent.amount >= 0 else -1)
            return True
        if k == I.WHEEL and self.choice.sel_card is not None and self.choice.use_flag is not None and \
                not self.table.layout.log_rect.collidepoint(pygame.mouse.get_pos()):
            self.rotate(1 if intent.amount < 0 else -1)
            return True
        if k in (I.CONFIRM, I.KEY) and self.table.game.score_show and self.table.game.score_show.get("final"):
            self.table.keyboard = True
            self.table.game.close_scores()  # any key closes the round scoring
            return True
        return False
