"""The Colorado County table: board with lakes, flags and cubes, score track, player panels,
the revealed cards, the acting human's flags or cowboys, bots, market and secret bids.

* ``self.state`` is the real game; actions are applied at once (``_apply``).  Each event's
  step (``colorado.presenter``) logs its line, plays its sound and puts sprites and overlays
  over ``self.shown`` (the state before the action); when the steps end, ``shown`` catches up.
* The acting human's half-made move, prompt and buttons: ``self.choice`` (``colorado.choices``,
  no pygame); the drawing: ``self.renderer`` (``colorado.renderer``).  This scene wires them.
* The shared turn loop (``game.scenes.table``) runs bots and humans; bots act after
  ``BOT_PACE``; in the secret bids (``bid``, ``auction``) they bid while the human chooses.
* Privacy: ``self.viewer`` is the only human, or the one past the hand-off screen; everything
  drawn comes from ``shown.view(viewer)`` and the log's lines for them.  With 2+ humans each
  secret bid is entered behind its own hand-off screen.
* Focus keys: ``flag0..``, ``token0..``, ``card0..``, ``btn0/btn1`` and ``board`` (a cell
  cursor); a card laid on the board turns with R, Q/E, the wheel, right click or shoulders.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

import pygame

from game import i18n
from game.engine.messages import localized, say
from game.games.colorado.art import pieces
from game.games.colorado.art.board_view import BoardView
from game.games.colorado.art.layout import COLS, ROWS, TOKEN, TableLayout
from game.games.colorado.engine import Bid, ColoradoState, SaleBid, new_game
from game.games.colorado.engine.model import PLAYER_NAMES as ENGINE_NAMES
from game.games.colorado.engine.phases import Phase
from game.games.colorado.table import renderer, tips
from game.games.colorado.table.choices import (
    SIMULTANEOUS,
    ColoradoChoices,
    Reply,
    waiting_prompt,
    why_illegal,
)
from game.games.colorado.table.panels import PanelModel
from game.games.colorado.table.presenter import EVENT_STEPS, start_event, step_for
from game.games.colorado.table.results import POINT_COLUMNS, TIE_BREAK, result_columns, result_rows
from game.i18n import N_, NN_, _
from game.scenes.results import ResultRow, ResultsScene
from game.scenes.table.scene import SharedTable
from game.seats import Seat
from game.ui import intents as I
from game.ui.table_anim import Sprite
from game.ui.tooltip import TableTips, Tip

BOT_PACE = 0.7       # seconds (animation time) before a bot's move shows
BID_PACE = 0.35      # bots' secret bids come in faster
GAME_NAME = "Colorado County"
BID_SHOW = 2.6      # seconds (animation) the bid reveal stays up
SCORE_SHOW = 4.0


class _ChoiceField:
    """A part of the half-made move, kept by the choice model, read and set on the table."""

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, table, owner=None):
        return self if table is None else getattr(table.choice, self.name)

    def __set__(self, table, value) -> None:
        setattr(table.choice, self.name, value)


class TableScene(TableTips, SharedTable):
    bot_pace = BOT_PACE
    bid_pace = BID_PACE
    simultaneous_phases = SIMULTANEOUS
    board_size = (COLS, ROWS)
    strip_keeps = "card"  # Up from a revealed card stays among the cards
    look_kinds = frozenset({"cowboys_drawn", "flags_dealt"})
    move_kinds = frozenset({"flag_placed", "cube_placed"})
    recap_kinds = frozenset({"flag_placed", "flag_not_placed", "sale_offered", "card_taken",
                             "lake_changed"})
    state: ColoradoState
    shown: ColoradoState
    look_prompt = N_("What you just drew is in your strip. The table passes on in a moment "
                     "(click or press a key to pass it now).")
    sel_flag = _ChoiceField()
    sel_tokens = _ChoiceField()
    sel_cell = _ChoiceField()
    sel_card = _ChoiceField()
    use_flag = _ChoiceField()
    rotation = _ChoiceField()
    cube_off = _ChoiceField()

    def __init__(self, services, game_id: str, seats: list[Seat], seed: int, lakes="first",
                 state=None):
        super().__init__(services)
        self.choice = ColoradoChoices(self)  # the acting human's half-made move
        self.renderer = renderer.ColoradoRenderer(self)
        state = state if state is not None else new_game(len(seats), seed, lakes=lakes)
        self._init_table(game_id, seats, seed, state, "colorado", TableLayout(len(seats)),
                         ENGINE_NAMES.__getitem__)
        self.lakes = self.state.options.get("lakes", lakes)
        v0 = self.state.view(None)
        self.board_view = BoardView(self.layout, v0["lakes"])
        # what running steps have put down over ``shown``
        self.cube_over: dict[tuple[int, int], int] = {}
        self.flag_over: dict[tuple[int, int], str | None] = {}
        self.lake_over: dict[int, int] = {}
        self.flags_cleared = False
        self.flip: float | None = None
        self.table_cards: list[dict] = []
        self.hidden_cards: set[int] = set()
        self.highlight: tuple[int, list, float] | None = None
        self.sale_mark: tuple[int, int] | None = None
        self.bid_show: dict | None = None
        self.pending_bid: dict[int, list[int]] = {}  # a human's confirmed, unrevealed bid
        self.pending_since: dict[int, int] = {}       # ... and the version that made it
        self.score_show: dict | None = None
        renderer.warm_art(self.colour)
        if self.state.history:
            self.resumed_at = len(self.state.history)
            self.rebuild_log()
        else:
            self.log_opening()
        self.table_cards = list(v0["revealed_cards"])

    # --- who sees what -------------------------------------------------------------------
    # Here the choice code calls the human who may act now (the viewer) ``acting``.
    acting = SharedTable.chooser

    def sview(self) -> Mapping[str, Any]:
        """The real state as the acting human may see it (for choices)."""
        key = ("sview", self.version, self.viewer)
        v = self._cache.get(key)
        if v is None:
            self._cache = {k: x for k, x in self._cache.items() if k[0] != "sview"}
            v = self._cache[key] = self.state.view(self.viewer)
        return v

    def log_opening(self) -> None:
        self.log.add(say(NN_("{game}: {n} player, 4 rounds.", "{game}: {n} players, 4 rounds."),
                         game=GAME_NAME, n=self.n), None)
        for e in self.state.setup_events():
            self.log_event(e)

    def my_cowboys(self) -> list[int]:
        """The viewer's own cowboys (their numbers are theirs alone)."""
        if self.viewer is None:
            return []
        v = self.sview() if self.human_can_act else self.dview()
        return list(v["my_cowboys"] or [])

    def my_flags(self) -> list[str]:
        if self.viewer is None:
            return []
        v = self.sview() if self.human_can_act else self.dview()
        return list(v["my_flags"] or [])

    # --- panels --------------------------------------------------------------------------------
    def panel_model(self, q: int) -> PanelModel:
        return renderer.panel_model(self, q)

    def drawn_texts(self) -> list[str]:
        """Every text the table draws now - for tests of what a player may see."""
        return renderer.drawn_texts(self)

    # --- applying actions -------------------------------------------------------------------
    def cue_waits(self) -> bool:
        """The bids or the round's scoring are up: the turn's banner comes after them."""
        return bool(self.bid_show or self.score_show)

    def _apply(self, action, p: int) -> None:
        human = not self.seats[p].is_bot
        leaving = dict(self.token_rects()) if human and p == self.viewer else {}
        events = self.state.apply(action, p)
        self.version += 1
        if human and isinstance(action, (Bid, SaleBid)):
            self._commit_bid(p, list(action.cowboys), leaving)
        if human:
            self.human_actions += 1
            self.clear_choice()
            self.message, self.message_error = "", False
            if len(self.humans) > 1 and self.state.phase in SIMULTANEOUS:
                self.revealed = None  # the next secret bid is someone else's
        elif self.state.phase not in SIMULTANEOUS:
            self.clear_choice()
        after = self.state.clone()
        for e in events:
            self.timeline.add(partial(self._start_event, e), step_for(e.kind).seconds, e.kind)
        version = self.version
        self.timeline.add(lambda: self._catch_up(after, version), 0.0, "catch_up")
        self.note_moved(events, p)
        self.note_revealed(events, p)
        self.after_action()

    def _reset_choice(self) -> None:
        self.clear_choice()
        self.pending_bid.clear()
        self.pending_since.clear()
        self.bot_seat = None
        self.last_turn_key = None
        self.bid_show = self.score_show = self.highlight = None

    def _commit_bid(self, p: int, cowboys: list[int], rects: dict) -> None:
        """The confirmed bid's tokens leave the strip at once and slide to the panel."""
        self.pending_bid[p] = sorted(cowboys)
        self.pending_since[p] = self.version
        end = self.layout.panel_point(p)
        for k, c in enumerate(sorted(cowboys)):
            if c in rects:
                self.sprites.add(Sprite(pieces.cowboy_token(c, TOKEN), rects[c].center, end,
                                        0.45, delay=0.05 * k, arc=40, fade_out=True))

    def strip_cowboys(self) -> list[int]:
        """The viewer's cowboys still in their strip: a confirmed bid has left it."""
        gone = set(self.viewer_bid() or ())
        return [c for c in self.my_cowboys() if c not in gone]

    def viewer_bid(self) -> list[int] | None:
        """The viewer's confirmed bid, not yet revealed (None: none, or nobody looks)."""
        return None if self.viewer is None else self.pending_bid.get(self.viewer)

    def _catch_up(self, after, version: int | None = None) -> None:
        for q in list(self.pending_bid):
            if version is not None and version < self.pending_since[q]:
                continue  # the table shows a moment before this bid
            v = after.view(q)
            if not (v["my_bid"] or v["my_sale_bid"]):
                del self.pending_bid[q], self.pending_since[q]
        for sprite in self.sprites.items:
            sprite.on_done = None
        self.shown = after
        self.shown_version += 1
        self.cube_over.clear()
        self.flag_over.clear()
        self.lake_over.clear()
        self.flags_cleared = False
        self.flip = None
        self.hidden_cards.clear()
        self.sale_mark = None
        self.disp_score = list(after.score)
        self.table_cards = list(self.dview()["revealed_cards"])

    def _try(self, action) -> bool:
        p = self.acting
        if p is None:
            return False
        reason = why_illegal(self.state, action, p)
        if reason:
            self.error(localized(reason, self.names, i18n.language()))
            return False
        if self.gate(action):
            return False
        self.services.audio.play("click")
        self._apply(action, p)
        return True

    def clear_choice(self) -> None:
        self.choice.clear()

    # --- events -------------------------------------------------------------------------------
    def _start_event(self, e) -> None:
        start_event(self, e)

    # --- the loop -----------------------------------------------------------------------------
    def animate(self, adt: float) -> None:
        if self.flip is not None and self.flip < 1:
            self.flip = min(1.0, self.flip + adt / EVENT_STEPS["flags_revealed"][0])
        if self.highlight:
            c, cells, left = self.highlight
            self.highlight = (c, cells, left - adt) if left - adt > 0 else None
        if self.bid_show:
            self.bid_show["t"] += adt
            if self.bid_show["t"] > BID_SHOW and not self.timeline.busy:
                self.bid_show = None
        if self.score_show and self.score_show.get("final") and not self.scores_held:
            self.score_show["t"] += adt
            if self.score_show["t"] > SCORE_SHOW:
                self.score_show = None

    @property
    def scores_wait_for_player(self) -> bool:
        """With a human at the table the round scoring stays until closed; bots-only tables
        (demo, kiosk) and replays close it on a timer."""
        return bool(self.humans) and not self.passive

    @property
    def scores_held(self) -> bool:
        """Whether the round scoring is up, waiting for a player to close it."""
        return bool(self.score_show and self.score_show.get("final") and self.timeline.held)

    def close_scores(self) -> None:
        """Close the round scoring (a click, a key, the Continue button); the game goes on."""
        self.score_show = None
        self.timeline.release()

    def scores_button_rect(self) -> pygame.Rect:
        r = renderer.score_panel(self)[0]
        return pygame.Rect(r.centerx - 130, r.bottom - 84, 260, 68)

    def turn_key(self, p: int) -> tuple:
        """Each action starts a new turn; a secret bid's step, each round and sale."""
        st = self.state
        if self.simultaneous():
            return (st.phase, st.round, len(st.used_cards), len(st.discarded))
        return (st.phase, len(st.history))

    def handoff_waits(self) -> bool:
        """While bots bid again, everyone may still be reading the bids just shown."""
        return bool(self.simultaneous() and self.revealed is None and self.handoffs
                    and self.bid_show and any(self.seats[p].is_bot
                                              for p in self.state.to_act()))

    def end_waits(self) -> bool:
        return bool(self.score_show)  # the last round's scoring is still up

    @property
    def handoff_message(self) -> str:
        if self.simultaneous():
            return _("Your secret bid: the others look away until you confirm. "
                     "Nothing of it shows until every bid is in.")
        return _("Hand the screen over; your cowboys and flags stay hidden until then.")

    # --- results ------------------------------------------------------------------------------
    def result_rows(self) -> list[tuple]:
        return result_rows(self.state, self.names, self.colour)

    def _show_results(self) -> None:

        rows = self.result_rows()
        self.services.stack.push(ResultsScene(self.services, GAME_NAME,
                                              [ResultRow(*r) for r in rows], self.play_again,
                                              self.services.to_title,
                                              result_columns(self.state),
                                              tie_breaks=[TIE_BREAK], categories=POINT_COLUMNS))

    def round_words(self, round_: int, rounds: int | None) -> str:
        if rounds:  # Italian and French: manche
            return i18n.pgettext("Colorado County", "Round {round} of {rounds}").format(
                round=round_, rounds=rounds)
        return i18n.pgettext("Colorado County", "Round {round}").format(round=round_)

    def table_options(self) -> dict[str, str]:
        return {"lakes": self.lakes}

    # --- choices (kept by ``self.choice``) ------------------------------------------------------
    def _answer(self, reply: Reply | None) -> None:
        """Carry out what the choice model answered: sound, message, cursor, move."""
        if reply is None:
            return
        if reply.sound:
            self.services.audio.play(reply.sound)
        if reply.error:
            self.error(reply.message or "")
        elif reply.message is not None:
            self.message, self.message_error = reply.message, False
        if reply.focus is not None and self.keyboard:
            self._focus_board(reply.focus)
        if reply.action is not None:
            self._try(reply.action)

    # --- hover tips -------------------------------------------------------------------------
    def tips(self) -> list:
        return tips.table_tips(self)

    def tips_key(self):
        return (i18n.generation(), self.human_can_act, self.sel_card, self.use_flag, self.rotation,
                frozenset(self.cube_off), tuple(self.sel_tokens), len(self.table_cards))

    def cell_tip(self, cell):
        return tips.cell_text(self, cell), None, False

    def current_tip(self):
        """While a card lies on the board, its gain shows beside the starred cells, keeping
        them and the cells around them (the land that explains the score) in view."""
        gain = self.choice.placement_gain() if self.human_can_act else None
        if gain is None:
            return super().current_tip()
        cells = [self.layout.cell_rect(*c) for c in self.choice.ghost_cells()
                 if 0 <= c[0] < COLS and 0 <= c[1] < ROWS]
        area = cells[0].unionall(cells[1:])
        c = self.layout.cell
        return Tip("placement", area, tips.placement_text(self, gain)), \
            area.inflate(2 * c, 2 * c), True

    # --- choosing -------------------------------------------------------------------------------
    def choose_card(self, cid: int) -> None:
        self._answer(self.choice.choose_card(cid))

    def rotate(self, amount: int) -> None:
        self._answer(self.choice.rotate(amount))

    def toggle_token(self, num: int) -> None:
        self._answer(self.choice.toggle_token(num))

    def click_cell(self, cell: tuple[int, int]) -> None:
        if self.human_can_act:
            self._answer(self.choice.click_cell(cell))

    # --- prompts ------------------------------------------------------------------------------
    def prompt(self) -> str:
        if self.looking() and not self.human_can_act:
            return _(self.look_prompt)
        if self.message and (self.message_time > 0 or not self.message_error):
            return self.message
        if self.state.is_over():
            return _("The game is over.")
        if self.acting is None:
            return waiting_prompt(self.state, self.viewer, self.names,
                                  self.viewer_bid(), self.bots,
                                  self.timeline.busy)
        return self.choice.prompt()

    # --- buttons and focus targets ---------------------------------------------------------
    def buttons(self) -> list[tuple[str, object, bool, bool]]:
        """(label, action or callable, enabled, primary) for the two button slots."""
        return self.choice.buttons()

    def token_rects(self) -> list[tuple[int, pygame.Rect]]:
        """(cowboy number, rect) for the viewer's tokens, selected ones lifted."""
        if self.viewer is None:
            return []
        nums = self.strip_cowboys()
        out = []
        for i, c in enumerate(nums):
            r = self.layout.token_rect(i, len(nums))
            if c in self.sel_tokens and self.human_can_act:
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
        cards = self.table_cards
        out = []
        for i, c in enumerate(cards):
            r = self.layout.card_rect(i, len(cards))
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
        if not self.human_can_act:
            return out
        phase = self.state.phase
        if phase == Phase.FLAGS:
            for i in range(len(self.my_flags())):
                out.append((f"flag{i}", self.layout.flag_rect(i)))
        if phase in (Phase.GIVE, Phase.AUCTION, Phase.BID):
            for i, (_c, r) in enumerate(self.token_rects()):
                out.append((f"token{i}", r))
        if phase == Phase.TAKE:
            for i, (_c, r) in enumerate(self.card_rects()):
                out.append((f"card{i}", r))
        if phase in (Phase.FLAGS, Phase.OFFER, Phase.TAKE):
            out.append(("board", self.layout.board_rect))
        for i, _b in enumerate(self.buttons()):
            out.append((f"btn{i}", self.layout.button_rect(i)))
        return out + self.undo_target()

    def activate(self, key: str) -> None:
        if key.startswith("flag"):
            reply = self.choice.pick_flag(int(key[4:]))
            if reply is not None:
                self._answer(reply)
                if self.keyboard:
                    self._focus_board()
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
            self.press_button(int(key[3:]))
        elif key == "board":
            self.click_cell(self.cursor)
        elif key == "undo":
            self.undo()

    def disabled_reason(self, label: str) -> str:
        return self.choice.disabled_reason()

    def _try_button(self, action) -> None:
        self._try(action)  # it clicks once the move is legal

    def _focus_default(self) -> None:
        keys = [k for k, _ in self.targets()]
        phase = self.state.phase
        want = {Phase.FLAGS: "board", Phase.OFFER: "btn0", Phase.INTEREST: "btn0",
                Phase.GIVE: "token0", Phase.AUCTION: "token0", Phase.BID: "token0",
                Phase.TAKE: "card0"}.get(phase, "btn0")
        if want in keys:
            self.focus = want
        elif keys:
            self.focus = keys[0]
        if self.focus == "board":
            self._focus_board()

    def right_click(self) -> None:
        if self.sel_card is not None and self.use_flag is not None:
            self.rotate(1)
        else:
            self.sel_tokens, self.sel_cell = [], None

    def _focus_board(self, cell=None) -> None:
        self.focus = "board"
        if cell is not None:
            self.cursor = tuple(cell)
            return
        c = self.choice
        self.cursor_near(c.flag_cells() or c.own_cells() or c.use_flags())

    # --- input --------------------------------------------------------------------------------
    def click(self, pos) -> None:
        if self.score_show and self.score_show.get("final"):
            self.close_scores()  # a click closes the round scoring
            return
        if self.human_can_act:
            self.click_target(pos)

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
        if k == I.WHEEL and self.sel_card is not None and self.use_flag is not None and \
                not self.layout.log_rect.collidepoint(pygame.mouse.get_pos()):
            self.rotate(1 if intent.amount < 0 else -1)
            return True
        if k in (I.CONFIRM, I.KEY) and self.score_show and self.score_show.get("final"):
            self.keyboard = True
            self.close_scores()  # any key closes the round scoring
            return True
        return False

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface)


__all__ = ["TableScene"]
