"""The Colorado County table: board with lakes, flags and cubes, score track, player panels,
the revealed cards, the acting human's flags or cowboys, bots, market and secret bids.

* The table's session plays each action at once; the parts ask their rules about
  ``table.known`` (the game as the viewer may know it, rebuilt from their view).  Each
  event's step (``colorado.presenter``) logs its line, plays its sound and puts sprites and
  overlays over ``table.shown`` (the game before the action, as the viewer may know it);
  when the steps end, ``shown`` catches up.
* The acting human's half-made move, prompt and buttons: ``self.choice`` (``colorado.choices``,
  no pygame); the drawing: ``self.renderer`` (``colorado.renderer``).  This scene wires them.
* The shared turn loop (``game.scenes.table``) runs bots and humans; bots act after
  ``BOT_PACE``; in the secret bids (``bid``, ``auction``) they bid while the human chooses.
* Privacy: ``self.viewer`` is the only human, or the one past the hand-off screen; everything
  drawn comes from ``table.dview()`` (the viewer's view) and the log's lines for them.  With 2+ humans each
  secret bid is entered behind its own hand-off screen.
* Focus keys: ``flag0..``, ``token0..``, ``card0..``, ``btn0/btn1`` and ``board`` (a cell
  cursor); a card laid on the board turns with R, Q/E, the wheel, right click or shoulders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.engine.messages import say
from game.games.colorado.art import pieces
from game.games.colorado.art.board_view import BoardView
from game.games.colorado.art.layout import COLS, ROWS, TOKEN, TableLayout
from game.games.colorado.engine import Bid, ColoradoState, SaleBid
from game.games.colorado.table import renderer, tips
from game.games.colorado.table.controls import ColoradoControls
from game.games.colorado.table.panels import PanelModel
from game.games.colorado.table.presenter import EVENT_STEPS, ColoradoPresenter
from game.games.colorado.table.prompts import SIMULTANEOUS
from game.games.colorado.table.results import POINT_COLUMNS, TIE_BREAK, result_columns, result_rows
from game.i18n import N_, NN_, _
from game.scenes.results import ResultRow, ResultsScene
from game.scenes.table.parts import GameParts

if TYPE_CHECKING:
    from game.scenes.table.table import Table
from game.ui.table_anim import Sprite
from game.ui.tooltip import Tip

BOT_PACE = 0.7       # seconds (animation time) before a bot's move shows
BID_PACE = 0.35      # bots' secret bids come in faster
GAME_NAME = "Colorado County"
BID_SHOW = 2.6      # seconds (animation) the bid reveal stays up
SCORE_SHOW = 4.0


if TYPE_CHECKING:
    class ColoradoTable(Table):
        """For the type checker only: the shared table playing Colorado County (its parts, its
        state); at run time it is a ``Table``."""

        game: ColoradoParts
        controls: ColoradoControls
        known: ColoradoState
        shown: ColoradoState


class ColoradoParts(GameParts):
    table: ColoradoTable

    layout_type = TableLayout
    bot_pace = BOT_PACE
    bid_pace = BID_PACE
    simultaneous_phases = SIMULTANEOUS
    board_size = (COLS, ROWS)
    strip_keeps = "card"  # Up from a revealed card stays among the cards
    look_kinds = frozenset({"cowboys_drawn", "flags_dealt"})
    move_kinds = frozenset({"flag_placed", "cube_placed"})
    recap_kinds = frozenset({"flag_placed", "flag_not_placed", "sale_offered", "card_taken",
                             "lake_changed"})

    look_prompt = N_("What you just drew is in your strip. The table passes on in a moment "
                     "(click or press a key to pass it now).")

    def __init__(self, table) -> None:
        super().__init__(table)
        self.controls = ColoradoControls(table)
        self.renderer = renderer.ColoradoRenderer(table)
        self.presenter = ColoradoPresenter(table)
        self.lakes = table.session.options.get("lakes", "first")
        v0 = self.table.known.view(None)
        self.board_view = BoardView(self.table.layout, v0["lakes"])
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
        renderer.warm_art(self.table.colour)
        self.table_cards = list(v0["revealed_cards"])

    # --- who sees what -------------------------------------------------------------------
    # What the choice model reads (``choices.ChoiceSource``): the real game, its version,
    # the names, and the human who may act now (the viewer), there called ``acting``.

    def log_opening(self) -> None:
        self.table.log.add(say(NN_("{game}: {n} player, 4 rounds.", "{game}: {n} players, 4 rounds."),
                         game=GAME_NAME, n=self.table.n), None)
        for e in self.table.session.setup_events():
            self.table.log_event(e)

    # --- panels --------------------------------------------------------------------------------
    def panel_model(self, q: int) -> PanelModel:
        return renderer.panel_model(self.table, q)

    def drawn_texts(self) -> list[str]:
        """Every text the table draws now - for tests of what a player may see."""
        return renderer.drawn_texts(self.table)

    # --- applying actions -------------------------------------------------------------------
    def cue_waits(self) -> bool:
        """The bids or the round's scoring are up: the turn's banner comes after them."""
        return bool(self.bid_show or self.score_show)

    def before_apply(self, action, p: int) -> dict[int, pygame.Rect]:
        """Where a human viewer's cowboys leave from (a confirmed bid slides off)."""
        human = not self.table.seats[p].is_bot
        return dict(self.table.controls.token_rects()) if human and p == self.table.viewer else {}

    def applied(self, action, p: int, before: dict[int, pygame.Rect]) -> None:
        t = self.table
        human = not t.seats[p].is_bot
        if human and isinstance(action, (Bid, SaleBid)):
            self._commit_bid(p, list(action.cowboys), before)
        if human:
            self.table.controls.clear_choice()
            t.message, t.message_error = "", False
            if len(t.humans) > 1 and t.known.phase in SIMULTANEOUS:
                t.revealed = None  # the next secret bid is someone else's
        elif t.known.phase not in SIMULTANEOUS:
            self.table.controls.clear_choice()

    def reset_choice(self) -> None:
        self.table.controls.clear_choice()
        self.pending_bid.clear()
        self.pending_since.clear()
        self.table.bot_driver.seat = None
        self.table.turns.last_turn_key = None
        self.bid_show = self.score_show = self.highlight = None

    def _commit_bid(self, p: int, cowboys: list[int], rects: dict) -> None:
        """The confirmed bid's tokens leave the strip at once and slide to the panel."""
        self.pending_bid[p] = sorted(cowboys)
        self.pending_since[p] = self.table.version
        end = self.table.layout.panel_point(p)
        for k, c in enumerate(sorted(cowboys)):
            if c in rects:
                self.table.sprites.add(Sprite(pieces.cowboy_token(c, TOKEN), rects[c].center, end,
                                        0.45, delay=0.05 * k, arc=40, fade_out=True))

    # --- the loop -----------------------------------------------------------------------------
    def animate(self, adt: float) -> None:
        if self.flip is not None and self.flip < 1:
            self.flip = min(1.0, self.flip + adt / EVENT_STEPS["flags_revealed"][0])
        if self.highlight:
            c, cells, left = self.highlight
            self.highlight = (c, cells, left - adt) if left - adt > 0 else None
        if self.bid_show:
            self.bid_show["t"] += adt
            if self.bid_show["t"] > BID_SHOW and not self.table.timeline.busy:
                self.bid_show = None
        if self.score_show and self.score_show.get("final") and not self.scores_held:
            self.score_show["t"] += adt
            if self.score_show["t"] > SCORE_SHOW:
                self.score_show = None

    @property
    def scores_wait_for_player(self) -> bool:
        """With a human at the table the round scoring stays until closed; bots-only tables
        (demo, kiosk) and replays close it on a timer."""
        return bool(self.table.humans) and not self.table.passive

    @property
    def scores_held(self) -> bool:
        """Whether the round scoring is up, waiting for a player to close it."""
        return bool(self.score_show and self.score_show.get("final") and self.table.timeline.held)

    def close_scores(self) -> None:
        """Close the round scoring (a click, a key, the Continue button); the game goes on."""
        self.score_show = None
        self.table.timeline.release()

    def scores_button_rect(self) -> pygame.Rect:
        r = renderer.score_panel(self.table)[0]
        return pygame.Rect(r.centerx - 130, r.bottom - 84, 260, 68)

    def turn_key(self, p: int) -> tuple:
        """Each action starts a new turn; a secret bid's step, each round and sale."""
        st = self.table.known
        if self.table.simultaneous():
            return (st.phase, st.round, len(st.used_cards), len(st.discarded))
        return (st.phase, len(st.history))

    def handoff_waits(self) -> bool:
        """While bots bid again, everyone may still be reading the bids just shown."""
        return bool(self.table.simultaneous() and self.table.revealed is None and self.table.privacy.handoffs
                    and self.bid_show and any(self.table.seats[p].is_bot
                                              for p in self.table.known.to_act()))

    def end_waits(self) -> bool:
        return bool(self.score_show)  # the last round's scoring is still up

    @property
    def handoff_message(self) -> str:
        if self.table.simultaneous():
            return _("Your secret bid: the others look away until you confirm. "
                     "Nothing of it shows until every bid is in.")
        return _("Hand the screen over; your cowboys and flags stay hidden until then.")

    # --- results ------------------------------------------------------------------------------
    def result_rows(self) -> list[tuple]:
        return result_rows(self.table.known, self.table.names, self.table.colour)

    def show_results(self) -> None:

        rows = self.result_rows()
        self.table.services.stack.push(ResultsScene(self.table.services, GAME_NAME,
                                              [ResultRow(*r) for r in rows], self.table.play_again,
                                              self.table.services.to_title,
                                              result_columns(self.table.known),
                                              tie_breaks=[TIE_BREAK], categories=POINT_COLUMNS))

    def round_words(self, round_: int, rounds: int | None) -> str:
        if rounds:  # Italian and French: manche
            return i18n.pgettext("Colorado County", "Round {round} of {rounds}").format(
                round=round_, rounds=rounds)
        return i18n.pgettext("Colorado County", "Round {round}").format(round=round_)

    def table_options(self) -> dict[str, str]:
        return {"lakes": self.lakes}

    # --- choices (kept by ``self.table.controls.choice``) ------------------------------------------------------

    # --- hover tips -------------------------------------------------------------------------
    def tips(self) -> list:
        return tips.table_tips(self.table)

    def tips_key(self):
        return (i18n.generation(), self.table.human_can_act, self.table.controls.choice.sel_card, self.table.controls.choice.use_flag, self.table.controls.choice.rotation,
                frozenset(self.table.controls.choice.cube_off), tuple(self.table.controls.choice.sel_tokens), len(self.table_cards))

    def cell_tip(self, cell):
        return tips.cell_text(self.table, cell), None, False

    def focus_tip(self):
        """While a card lies on the board, its gain shows beside the starred cells, keeping
        them and the cells around them (the land that explains the score) in view."""
        gain = self.table.controls.choice.placement_gain() if self.table.human_can_act else None
        if gain is None:
            return None
        cells = [self.table.layout.cell_rect(*c) for c in self.table.controls.choice.ghost_cells()
                 if 0 <= c[0] < COLS and 0 <= c[1] < ROWS]
        area = cells[0].unionall(cells[1:])
        c = self.table.layout.cell
        return Tip("placement", area, tips.placement_text(self.table, gain)), \
            area.inflate(2 * c, 2 * c), True

    # --- choosing -------------------------------------------------------------------------------

    # --- prompts ------------------------------------------------------------------------------

    # --- buttons and focus targets ---------------------------------------------------------

    # --- input --------------------------------------------------------------------------------

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface)


__all__ = ["ColoradoParts"]
