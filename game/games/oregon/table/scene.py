"""The Oregon table: board, score track, player panels, the acting human's hand, bots.

The scene wires Oregon's parts (``game.games.oregon.table``) to the shared table:

* ``choice`` (``OregonChoices``, no pygame): the acting human's half-made move, the prompt,
  the buttons, what a click on a cell or a deck means, previews, the rules' reasons;
* ``presenter`` (``OregonPresenter``): each event's time, sound and pictures, and what
  running steps have put down over the shown state;
* ``renderer`` (``OregonRenderer``): the drawing.

Structure
---------
* ``self.state`` is the real game; actions are applied to it at once (``_apply``).
* Their events are queued on ``self.timeline`` (one step per event).  The screen draws
  ``self.shown``, a copy of the state taken after the previous action, plus what the running
  steps have already put down; when the last step of an action ends, ``shown`` catches up
  with the state.  So the engine never waits and the picture never jumps.
* Humans act only while the timeline is idle; bots think in a ``BotRunner`` worker thread.
* Who may see private things (the hand, token values) is ``self.viewer``.
* Input: mouse, keyboard and pads through intents.  Focus keys: ``card0..``, ``joker``,
  ``btn0/btn1``, ``deck_landscape/deck_building`` and ``board`` (a cell cursor moved with
  the arrows).
"""

from __future__ import annotations

from functools import partial

import pygame

from game import i18n
from game.engine.messages import N_, P, say
from game.games.oregon.art.board_view import BoardView
from game.games.oregon.art.layout import COLS, ROWS, TableLayout
from game.games.oregon.engine import Draw, OregonState, new_game
from game.games.oregon.engine import player_name as engine_player_name
from game.games.oregon.engine.phases import Phase
from game.games.oregon.table import tips
from game.games.oregon.table.choices import CLEAR, OregonChoices, gains_text, why_illegal
from game.games.oregon.table.panels import PanelModel
from game.games.oregon.table.presenter import OregonPresenter
from game.games.oregon.table.renderer import OregonRenderer, warm_art
from game.games.oregon.table.results import COLUMNS, POINT_COLUMNS, TIE_BREAK, result_rows
from game.scenes.results import ResultRow, ResultsScene
from game.scenes.table.scene import SharedTable
from game.seats import Seat
from game.ui.tooltip import TableTips

BOT_PACE = 0.75  # seconds (animation time) between a bot's actions
GAME_NAME = "Oregon"


class TableScene(TableTips, SharedTable):
    bot_pace = BOT_PACE
    board_size = (COLS, ROWS)
    prompt_bold_after_error = True
    # Marked here, translated where the shared table shows them.
    handoff_message = N_("Hand the screen over; the cards in hand stay hidden until then.")
    look_kinds = frozenset({"drew_card", "drew_token"})
    move_kinds = frozenset({"farmer_placed", "building_placed", "start_tile_placed"})
    recap_kinds = move_kinds | {"cannot_play"}
    look_prompt = N_("Your new cards are in your hand. The table passes on in a moment "
                     "(click or press a key to pass it now).")
    strip_vertical = False  # Up/Down leave the hand for the board; Left/Right walk it
    state: OregonState
    shown: OregonState

    def __init__(self, services, game_id: str, seats: list[Seat], seed: int, state=None):
        super().__init__(services)
        state = state if state is not None else new_game(len(seats), seed)
        self._init_table(game_id, seats, seed, state, "oregon", TableLayout(len(seats)),
                         engine_player_name, scores=state.score)  # the tokens come at the end
        self.board_view = BoardView(self.layout, self.state.board.to_json())
        self.choice = OregonChoices()
        self._places: dict[str, pygame.Rect] | None = None  # lesson_places, made once
        self.presenter = OregonPresenter(self)
        self.renderer = OregonRenderer(self, self.board_view)
        warm_art(self.colour)
        if self.state.history:
            self.resumed_at = len(self.state.history)
            self.rebuild_log()
        else:
            self.log_opening()

    def hand(self) -> list[int]:
        """The cards drawn in the hand strip (the viewer's, as shown)."""
        if self.viewer is None:
            return []
        v = self.dview()
        hidden = self.presenter.put.hidden_cards
        hand = [c for c in (v["hand"] or []) if c not in hidden]
        pending = v.get("pending_card")
        if pending is not None and pending in hand:  # shown apart, beside the prompt
            hand.remove(pending)
        return hand

    def log_opening(self) -> None:
        first = self.state.start_player
        self.log.add(say(N_("{player} starts. Everyone places a start tile."),
                         player=P(first, self.names[first])), self.colour[first])

    def panel_model(self, q: int) -> PanelModel:
        """Seat ``q``'s panel as data (for drawing, tips and tests)."""
        return self.renderer.panel_model(q)

    # --- applying actions and showing their events ---------------------------------------
    def _apply(self, action, p: int) -> None:
        events = self.state.apply(action, p)
        self.version += 1
        if not self.seats[p].is_bot:
            self.human_actions += 1
        self.choice.clear()
        self.message, self.message_error = "", False
        after = self.state.clone()
        for e in events:
            self.timeline.add(partial(self._start_event, e), self.presenter.seconds(e.kind),
                              e.kind)
        self.timeline.add(lambda: self._catch_up(after), 0.0, "catch_up")
        self.note_moved(events, p)
        self.note_revealed(events, p)
        self.after_action()

    def _start_event(self, e) -> None:
        self.presenter.start(e)

    def _reset_choice(self) -> None:
        self.clear_selection()
        self.last_human = None

    def _catch_up(self, after) -> None:
        for sprite in self.sprites.items:  # pieces still landing are in ``after`` already
            sprite.on_done = None
        self.shown = after
        self.shown_version += 1
        self.presenter.put.clear()
        self.disp_score = list(after.score)

    def bot_action_legal(self, action, p: int) -> bool:
        return why_illegal(self.state, action, p) is None

    # --- results ---------------------------------------------------------------------------
    def round_words(self, round_: int, rounds: int | None) -> str:
        return i18n.pgettext("Oregon", "Round {round}").format(round=round_)  # Italian: giro

    def result_rows(self) -> list:
        return result_rows(self.state, self.names, self.colour)

    def _show_results(self) -> None:
        rows = [ResultRow(*r) for r in self.result_rows()]
        self.services.stack.push(ResultsScene(
            self.services, GAME_NAME, rows, self.play_again, self.services.to_title, COLUMNS,
            tie_breaks=[TIE_BREAK], categories=POINT_COLUMNS))

    # --- the half-made move -------------------------------------------------------------------
    def legal_cells(self) -> tuple[str, list[tuple[int, int]]]:
        """(kind, cells) the acting human may use now: start tile or the chosen cards."""
        p = self.acting
        if p is None or not self.human_can_act:
            return "", []
        key = ("cells", self.version, self.gate_key(), self.choice.key())
        if key not in self._cache:
            kind, cells = self.choice.legal_cells(self.state, p, self.legal())
            # the rules' cells for the chosen cards; a lesson's step lights its own
            self._cache[key] = kind, self.lesson_lit(cells)
        return self._cache[key]

    def toggle_card(self, card: int) -> None:
        self.choice.toggle_card(card)
        self._chose()

    def toggle_joker(self) -> None:
        p = self.acting
        assert p is not None  # the joker shows only to the acting human
        why = self.choice.toggle_joker(self.state.joker[p])
        if why:
            self.error(why)
            return
        self._chose()

    def _chose(self) -> None:
        self.services.audio.play("tick")
        self.message, self.message_error = "", False

    def clear_selection(self) -> None:
        self.choice.clear()

    def _try(self, action) -> bool:
        """Play ``action`` for the acting human, or say why the rules refuse it."""
        p = self.acting
        assert p is not None  # only the acting human's choices reach here
        why = why_illegal(self.state, action, p)
        if why:
            self.error(why)  # a Sentence: the table shows it in the player's language
            return False
        if self.gate(action):
            return False
        self._apply(action, p)
        return True

    def click_cell(self, cell: tuple[int, int]) -> None:
        if not self.human_can_act:
            return
        action, why = self.choice.cell_action(self.state, cell)
        if why:
            self.error(why)
        elif action is not None:
            self._try(action)

    def preview_text(self, cell) -> str:
        """The tooltip for ``cell``: what placing there would earn (empty when not legal)."""
        p = self.acting
        if cell is None or p is None or not self.human_can_act:
            return ""
        _kind, cells = self.legal_cells()
        if tuple(cell) not in cells:
            return ""
        key = ("preview", self.version, self.choice.key(), tuple(cell), i18n.generation())
        if key not in self._cache:
            self._cache[key] = self.choice.preview_text(self.state, p, tuple(cell), self.names)
        return self._cache[key]

    # --- hover tips -----------------------------------------------------------------------
    def tips(self) -> list:
        return tips.table_tips(self)

    def tips_key(self):
        return (*self.choice.key(), self.human_can_act, i18n.generation())

    def cell_tip(self, cell):
        """A legal cell previews its gains, keeping the 8 cells around (the buildings and
        farmers that explain them) in view; other cells say what stands on them."""
        preview = self.preview_text(cell)
        if preview:
            c = self.layout.cell
            return preview, self.layout.cell_rect(*cell).inflate(2 * c, 2 * c), True
        return tips.piece_text(self, cell), None, False

    # --- buttons, decks and focus targets -------------------------------------------------
    def buttons(self) -> list[tuple[str, object, bool, bool]]:
        """(label, action or callable, enabled, primary) for the two button slots."""
        if not self.human_can_act:
            return []
        return [(b.label, self.clear_selection if b.action == CLEAR else b.action, b.enabled,
                 b.primary) for b in self.choice.buttons(self.state, self.legal())]

    def disabled_reason(self, label: str) -> str:
        for b in self.choice.buttons(self.state, self.legal()):
            if b.label == label and b.why_not:
                return b.why_not
        return super().disabled_reason(label)

    def draw_decks(self) -> list[str]:
        if not self.human_can_act:
            return []
        return self.choice.draw_decks(self.state, self.legal())

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """Focusable things, in Tab order."""
        out: list[tuple[str, pygame.Rect]] = []
        p = self.acting
        if p is None or not self.human_can_act:
            return out
        phase = self.state.phase
        hand = self.hand()
        if phase == Phase.PLAY:
            out += [(f"card{i}", self.card_rect(i, hand)) for i in range(len(hand))]
            if self.state.joker[p] or self.choice.joker:
                out.append(("joker", self.layout.joker_rect(len(hand))))
        if phase in (Phase.START_TILE, Phase.PLAY):
            out.append(("board", self.layout.board_rect))
        out += [(f"deck_{deck}", self.layout.decks[deck]) for deck in self.draw_decks()]
        out += [(f"btn{i}", self.layout.button_rect(i)) for i in range(len(self.buttons()))]
        return out + self.undo_target()

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
            lay = self.layout
            places = {f"column_symbol:{i}": lay.column_symbol_rect(i) for i in range(5)}
            places.update({f"row_symbol:{i}": lay.row_symbol_rect(i) for i in range(5)})
            places.update({f"area:{c},{r}": lay.cell_rect(3 * c, 2 * r).union(
                lay.cell_rect(3 * c + 2, 2 * r + 1)) for c in range(5) for r in range(5)})
            places["stacks"] = lay.stacks[0].unionall(lay.stacks[1:])
            self._places = places
        return places

    def card_rect(self, i: int, hand=None) -> pygame.Rect:
        return self.renderer.card_rect(i, self.hand() if hand is None else hand)

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
            self._try(Draw(key[5:]))
        elif key.startswith("btn"):
            self.press_button(int(key[3:]))
        elif key == "board":
            self.click_cell(self.cursor)
        elif key == "undo":
            self.undo()

    def _board_when_chosen(self) -> None:
        """With the keyboard, a complete choice moves the focus on to the board."""
        if self.keyboard and self.choice.complete:
            self._focus_board()

    def _focus_default(self) -> None:
        keys = [k for k, _ in self.targets()]
        for want in ("card0", "deck_landscape", "deck_building", "btn0", "board"):
            if want in keys:
                self.focus = want
                break
        if self.state.phase == Phase.START_TILE:
            self._focus_board()

    def right_click(self) -> None:
        self.clear_selection()

    def _focus_board(self) -> None:
        self.focus = "board"
        _, cells = self.legal_cells()
        self.cursor_near(cells)

    def click_elsewhere(self, pos) -> None:
        """A click on a deck that cannot be drawn from now says why (a lesson's step that
        holds back a legal draw says its own reason)."""
        for deck in ("landscape", "building"):
            if self.layout.decks[deck].collidepoint(pos):
                p = self.acting
                if (p is not None and self.human_can_act
                        and why_illegal(self.state, Draw(deck), p) is None):
                    self._try(Draw(deck))
                    return
                why = self.choice.deck_refusal(self.state, deck)
                if why:
                    self.error(why)
                return

    # --- prompt and drawing ---------------------------------------------------------------
    def prompt(self) -> str:
        waiting = self.waiting_prompt()
        if waiting is not None:
            return waiting
        p = self.acting
        assert p is not None  # ``waiting_prompt`` answers while nobody acts
        return self.choice.prompt(self.state, p, self.legal())

    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface)

    def _message_icon(self) -> pygame.Surface | None:
        return self.renderer.message_icon()


__all__ = ["TableScene", "gains_text"]
