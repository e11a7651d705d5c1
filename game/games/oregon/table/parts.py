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

from typing import TYPE_CHECKING

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
from game.scenes.table import screen as table_screen
from game.scenes.table.parts import GameParts

if TYPE_CHECKING:
    from game.scenes.table.table import Table

BOT_PACE = 0.75  # seconds (animation time) between a bot's actions
GAME_NAME = "Oregon"


if TYPE_CHECKING:
    class OregonTable(Table):
        """For the type checker only: the shared table playing Oregon (its parts, its
        state); at run time it is a ``Table``."""

        game: OregonParts
        state: OregonState
        shown: OregonState


class OregonParts(GameParts):
    table: OregonTable

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
    engine = "oregon"

    @staticmethod
    def new_state(players: int, seed: int, **options: str) -> OregonState:
        return new_game(players, seed)

    @staticmethod
    def make_layout(players: int) -> TableLayout:
        return TableLayout(players)

    @staticmethod
    def default_name(seat: int) -> str:
        return engine_player_name(seat)

    def __init__(self, table) -> None:
        super().__init__(table)
        self.board_view = BoardView(self.table.layout, self.table.state.board.to_json())
        self.choice = OregonChoices()
        self._places: dict[str, pygame.Rect] | None = None  # lesson_places, made once
        self.presenter: OregonPresenter = OregonPresenter(table)
        self.renderer = OregonRenderer(table, self.board_view)
        warm_art(table.colour)

    def start_scores(self, state) -> list[int]:
        return list(state.score)  # the tokens come at the end

    def hand(self) -> list[int]:
        """The cards drawn in the hand strip (the viewer's, as shown)."""
        if self.table.viewer is None:
            return []
        v = self.table.dview()
        hidden = self.presenter.put.hidden_cards
        hand = [c for c in (v["hand"] or []) if c not in hidden]
        pending = v.get("pending_card")
        if pending is not None and pending in hand:  # shown apart, beside the prompt
            hand.remove(pending)
        return hand

    def log_opening(self) -> None:
        first = self.table.state.start_player
        self.table.log.add(say(N_("{player} starts. Everyone places a start tile."),
                         player=P(first, self.table.names[first])), self.table.colour[first])

    def panel_model(self, q: int) -> PanelModel:
        """Seat ``q``'s panel as data (for drawing, tips and tests)."""
        return self.renderer.panel_model(q)

    # --- applying actions and showing their events ---------------------------------------
    def reset_choice(self) -> None:
        self.clear_selection()
        self.table.turns.last_turn_key = None

    def applied(self, action, p: int, before) -> None:
        self.choice.clear()
        self.table.message, self.table.message_error = "", False

    def bot_action_legal(self, action, p: int) -> bool:
        return why_illegal(self.table.state, action, p) is None

    # --- results ---------------------------------------------------------------------------
    def round_words(self, round_: int, rounds: int | None) -> str:
        return i18n.pgettext("Oregon", "Round {round}").format(round=round_)  # Italian: giro

    def result_rows(self) -> list:
        return result_rows(self.table.state, self.table.names, self.table.colour)

    def show_results(self) -> None:
        rows = [ResultRow(*r) for r in self.result_rows()]
        self.table.services.stack.push(ResultsScene(
            self.table.services, GAME_NAME, rows, self.table.play_again, self.table.services.to_title, COLUMNS,
            tie_breaks=[TIE_BREAK], categories=POINT_COLUMNS))

    # --- the half-made move -------------------------------------------------------------------
    def legal_cells(self) -> tuple[str, list[tuple[int, int]]]:
        """(kind, cells) the acting human may use now: start tile or the chosen cards."""
        p = self.table.acting
        if p is None or not self.table.human_can_act:
            return "", []
        key = ("cells", self.table.version, self.table.coaching.gate_key(), self.choice.key())
        if key not in self.table._cache:
            kind, cells = self.choice.legal_cells(self.table.state, p, self.table.legal())
            # the rules' cells for the chosen cards; a lesson's step lights its own
            self.table._cache[key] = kind, self.table.coaching.lit(cells)
        return self.table._cache[key]

    def toggle_card(self, card: int) -> None:
        self.choice.toggle_card(card)
        self._chose()

    def toggle_joker(self) -> None:
        p = self.table.acting
        assert p is not None  # the joker shows only to the acting human
        why = self.choice.toggle_joker(self.table.state.joker[p])
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
        why = why_illegal(self.table.state, action, p)
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
        action, why = self.choice.cell_action(self.table.state, cell)
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
            self.table._cache[key] = self.choice.preview_text(self.table.state, p, tuple(cell), self.table.names)
        return self.table._cache[key]

    # --- hover tips -----------------------------------------------------------------------
    def tips(self) -> list:
        return tips.table_tips(self.table)

    def tips_key(self):
        return (*self.choice.key(), self.table.human_can_act, i18n.generation())

    def cell_tip(self, cell):
        """A legal cell previews its gains, keeping the 8 cells around (the buildings and
        farmers that explain them) in view; other cells say what stands on them."""
        preview = self.preview_text(cell)
        if preview:
            c = self.table.layout.cell
            return preview, self.table.layout.cell_rect(*cell).inflate(2 * c, 2 * c), True
        return tips.piece_text(self.table, cell), None, False

    # --- buttons, decks and focus targets -------------------------------------------------
    def buttons(self) -> list[tuple[str, object, bool, bool]]:
        """(label, action or callable, enabled, primary) for the two button slots."""
        if not self.table.human_can_act:
            return []
        return [(b.label, self.clear_selection if b.action == CLEAR else b.action, b.enabled,
                 b.primary) for b in self.choice.buttons(self.table.state, self.table.legal())]

    def disabled_reason(self, label: str) -> str:
        for b in self.choice.buttons(self.table.state, self.table.legal()):
            if b.label == label and b.why_not:
                return b.why_not
        return super().disabled_reason(label)

    def draw_decks(self) -> list[str]:
        if not self.table.human_can_act:
            return []
        return self.choice.draw_decks(self.table.state, self.table.legal())

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """Focusable things, in Tab order."""
        out: list[tuple[str, pygame.Rect]] = []
        p = self.table.acting
        if p is None or not self.table.human_can_act:
            return out
        phase = self.table.state.phase
        hand = self.hand()
        if phase == Phase.PLAY:
            out += [(f"card{i}", self.card_rect(i, hand)) for i in range(len(hand))]
            if self.table.state.joker[p] or self.choice.joker:
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
        if self.table.state.phase == Phase.START_TILE:
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
                        and why_illegal(self.table.state, Draw(deck), p) is None):
                    self.try_action(Draw(deck))
                    return
                why = self.choice.deck_refusal(self.table.state, deck)
                if why:
                    self.table.error(why)
                return

    # --- prompt and drawing ---------------------------------------------------------------
    def prompt(self) -> str:
        waiting = table_screen.waiting_prompt(self.table)
        if waiting is not None:
            return waiting
        p = self.table.acting
        assert p is not None  # ``waiting_prompt`` answers while nobody acts
        return self.choice.prompt(self.table.state, p, self.table.legal())

    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface)

    def message_icon(self) -> pygame.Surface | None:
        return self.renderer.message_icon()


__all__ = ["OregonParts", "gains_text"]
