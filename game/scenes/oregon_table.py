"""The Oregon table: board, score track, player panels, the acting human's hand, bots.

Structure
---------
* ``self.state`` is the real game; actions are applied to it at once (``_apply``).
* Their events are queued on ``self.timeline`` (one ``Step`` per event: a sound, a sprite,
  a log line, a floater).  The screen draws ``self.shown``, a copy of the state taken after
  the previous action, plus what the running steps have already put down (pieces landed,
  scores counted, tokens flipped); when the last step of an action ends, ``shown`` catches
  up with the state.  So the engine never waits and the picture never jumps.
* Humans act only while the timeline is idle; bots think in a ``BotRunner`` worker thread
  from the moment it is their turn, and their choice is applied after a short pause
  (``BOT_PACE`` seconds of animation time) so players can follow.
* Who may see private things (the hand, token values) is ``self.viewer``: the only human
  with one human at the table; with several humans, the human whose turn it is once they
  have taken the table from the hand-off screen, and nobody in between.
* Input: mouse, keyboard and pads through intents.  Focus keys: ``card0..``, ``joker``,
  ``btn0/btn1``, ``deck_landscape/deck_building`` and ``board`` (a cell cursor moved with
  the arrows).
"""

from __future__ import annotations

import logging
from functools import lru_cache

import pygame

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
    PlaceStartTile,
    SkipExtraTurn,
    UseExtraTurn,
    action_for,
    card_info,
    card_name,
    event_for,
    new_game,
    preview,
)
from game.engine.oregon import player_name as engine_player_name
from game.engine.words import plural
from game.scenes.results import ResultRow, ResultsScene
from game.scenes.table.scene import SharedTable
from game.seats import Seat
from game.ui import theme
from game.ui.oregon import art, tips
from game.ui.oregon.board_view import BoardView, piece_surface, tile_surface
from game.ui.oregon.layout import CARD, COLS, ROWS, TableLayout
from game.ui.oregon.panels import (
    LayoutKey,
    PanelModel,
    SupplyModel,
    card_face,
    draw_panel,
    render_supply,
)
from game.ui.table_anim import drop, fly
from game.ui.table_common import focus_ring
from game.ui.tooltip import TableTips

log = logging.getLogger(__name__)

BOT_PACE = 0.75  # seconds (animation time) between a bot's actions
GAME_NAME = "Oregon"

# seconds of animation time per event kind, and its sound
EVENT_STEPS: dict[str, tuple[float, str | None]] = {
    "turn_start": (0.15, None),
    "cards_played": (0.42, "swish"),
    "token_flipped": (0.3, "flip"),
    "farmer_placed": (0.45, "knock"),
    "building_placed": (0.5, "drop"),
    "start_tile_placed": (0.5, "drop"),
    "scored": (0.45, "coin"),
    "drew_token": (0.4, "token"),
    "extra_turn_used": (0.3, "flip"),
    "extra_turn_skipped": (0.1, None),
    "drew_card": (0.3, "swish"),
    "discarded": (0.3, "swish"),
    "reshuffled": (0.6, "shuffle"),
    "stack_emptied": (0.3, None),
    "end_triggered": (0.8, "bell"),
    "last_round": (0.5, None),
    "tokens_revealed": (0.5, "coin"),
    "game_over": (1.2, "fanfare"),
}
BUILDING_WORDS = {k: v.lower() for k, v in art.DISPLAY_NAMES.items()}


@theme.rescaled
@lru_cache(maxsize=256)
def _text(msg: str, size: int, colour=theme.INK, bold: bool = False) -> pygame.Surface:
    return theme.text(msg, size, colour, bold)


@lru_cache(maxsize=8)
def _dim(size) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (30, 20, 12, 110), s.get_rect(), border_radius=10)
    return s


def _card_kind(card: int) -> str:
    return card_info(card)["kind"]


def _cards_words(cards) -> str:
    return " + ".join(card_name(c).removesuffix(" card") for c in cards)


def gains_text(g: dict, you: bool = True) -> str:
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


class TableScene(TableTips, SharedTable):
    bot_pace = BOT_PACE
    board_size = (COLS, ROWS)
    prompt_bold_after_error = True
    handoff_message = "Hand the screen over; the cards in hand stay hidden until then."
    look_kinds = frozenset({"drew_card", "drew_token"})
    look_prompt = ("Your new cards are in your hand. The table passes on in a moment "
                   "(click or press a key to pass it now).")
    strip_vertical = False  # Up/Down leave the hand for the board; Left/Right walk it

    def __init__(self, services, game_id: str, seats: list[Seat], seed: int, state=None):
        super().__init__(services)
        state = state if state is not None else new_game(len(seats), seed)
        self._init_table(game_id, seats, seed, state, "oregon", TableLayout(len(seats)),
                         engine_player_name, scores=state.score)  # the tokens come at the end
        self.board_view = BoardView(self.layout, self.state.board.to_json())
        self.landed_farmers: list[tuple[int, tuple[int, int]]] = []
        self.landed_buildings: list[dict] = []
        self.hidden_cards: set[int] = set()
        self.token_over: dict[tuple[int, str], bool] = {}
        # the acting human's choices
        self.selected: list[int] = []
        self.joker_sel = False
        _warm_art(self.colour)
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
        hand = [c for c in (v["hand"] or []) if c not in self.hidden_cards]
        pending = v.get("pending_card")
        if pending is not None and pending in hand:  # shown apart, beside the prompt
            hand.remove(pending)
        return hand

    def log_opening(self) -> None:
        first = self.state.start_player
        self.log.add(f"{self.names[first]} starts. Everyone places a start tile.",
                     self.colour[first])

    # --- panels (data, for drawing and tests) --------------------------------------------------
    def panel_model(self, q: int) -> PanelModel:
        v = self.dview()
        pv = v["players"][q]
        own = q == self.viewer and v["coal"] is not None
        final = v.get("final")
        coal_values = gold_values = None
        if own:
            coal_values, gold_values = tuple(v["coal"]), tuple(v["gold"])
        elif final:
            coal_values, gold_values = tuple(final["coal"][q]), tuple(final["gold"][q])
        seat = self.seats[q]
        return PanelModel(
            name=self.names[q], kind="Human" if not seat.is_bot else f"Bot ({seat.level})",
            colour=self.colour[q], score=self.disp_score[q],
            farmers_left=pv["farmers_left"] - sum(1 for c, _ in self.landed_farmers
                                                  if c == self.colour[q]),
            joker=self.token_over.get((q, "joker"), pv["joker_active"]),
            extra=self.token_over.get((q, "extra"), pv["extra_active"]),
            coal_count=pv["coal_count"], gold_count=pv["gold_count"],
            coal_values=coal_values, gold_values=gold_values,
            active=q == self.shown.current and not self.shown.is_over(),
            size=self.layout.panels[q].size, you=q == self.viewer and len(self.humans) > 0,
        )

    # --- applying actions -------------------------------------------------------------------
    def _apply(self, action, p: int) -> None:
        events = self.state.apply(action, p)
        self.version += 1
        if not self.seats[p].is_bot:
            self.human_actions += 1
        self.selected, self.joker_sel = [], False
        self.message, self.message_error = "", False
        after = self.state.clone()
        for e in events:
            dur, _ = EVENT_STEPS.get(e.kind, (0.2, None))
            self.timeline.add(lambda e=e: self._start_event(e), dur, e.kind)
        self.timeline.add(lambda: self._catch_up(after), 0.0, "catch_up")
        self.note_revealed(events, p)
        self.after_action()

    def _reset_choice(self) -> None:
        self.clear_selection()
        self.last_human = None

    def _catch_up(self, after) -> None:
        for sprite in self.sprites.items:  # pieces still landing are in ``after`` already
            sprite.on_done = None
        self.shown = after
        self.shown_version += 1
        self.landed_farmers.clear()
        self.landed_buildings.clear()
        self.hidden_cards.clear()
        self.token_over.clear()
        self.disp_score = list(after.score)

    def _panel_point(self, q: int) -> tuple[int, int]:
        r = self.layout.panels[q]
        return (r.right - 60, r.centery)

    def _start_event(self, e) -> None:
        viewer = self.viewer
        ev = event_for(e, viewer)
        text = self.log_event(e)
        q = e.player
        dur, sound = EVENT_STEPS.get(e.kind, (0.2, None))
        d = ev.data
        lay = self.layout
        kind = e.kind
        if kind == "turn_start":
            if not self.seats[q].is_bot:
                sound = "bell"
        elif kind == "cards_played":
            shown_hand = self.hand() if q == viewer else []
            for k, c in enumerate(d.get("cards", [])):
                deck = _card_kind(c)
                if c in shown_hand:
                    start = lay.card_rect(shown_hand.index(c)).center
                else:
                    start = self._panel_point(q)
                self.hidden_cards.add(c)
                face = card_face(c, (96, 134))
                self.sprites.add(fly(face, start, lay.discards[deck].center, dur, delay=0.06 * k))
        elif kind == "token_flipped":
            token = "joker" if d.get("token") == "joker" else "extra"
            self.token_over[(q, token)] = bool(d.get("active"))
        elif kind == "extra_turn_used":
            self.token_over[(q, "extra")] = False
        elif kind == "farmer_placed":
            cell = tuple(d["cell"])
            r = lay.cell_rect(*cell)
            col = self.colour[q]
            surf = piece_surface(col)
            end = (r.centerx, r.bottom + 2 - surf.get_height() // 2)
            self.sprites.add(drop(surf, end, dur,
                                  on_done=lambda: self.landed_farmers.append((col, cell))))
        elif kind in ("building_placed", "start_tile_placed"):
            cell = tuple(d["cell"])
            start = kind == "start_tile_placed"
            b = {"cell": cell, "building": d["building"], "start": start}
            surf = tile_surface(d["building"], start)
            self.sprites.add(drop(surf, lay.cell_rect(*cell).center, dur,
                                  on_done=lambda: self.landed_buildings.append(b)))
        elif kind == "scored":
            cell = lay.cell_rect(*d["cell"]).center if d.get("cell") else self._panel_point(q)
            self.floaters.add(f"+{d['amount']}", cell, self._panel_point(q),
                              colour=(255, 232, 140), duration=max(0.5, dur * 1.6))
            self.disp_score[q] = d.get("total", self.disp_score[q] + d["amount"])
        elif kind == "drew_token":
            token = d.get("token", "coal")
            start = lay.cell_rect(*d["cell"]).center if d.get("cell") else self._panel_point(q)
            self.sprites.add(fly(art.mine_token(token, 44, d.get("value")), start,
                                 self._panel_point(q), dur))
        elif kind == "drew_card":
            deck = d.get("deck", "landscape")
            if q == viewer and "card" in d:
                end = lay.card_rect(len(self.hand())).center
                surf = card_face(d["card"], (96, 134))
            else:
                end = self._panel_point(q)
                surf = art.card_surface("back", deck, (96, 134))
            self.sprites.add(fly(surf, lay.decks[deck].center, end, dur, arc=30))
        elif kind == "discarded":
            for c in d.get("cards", []):
                self.hidden_cards.add(c)
                self.sprites.add(fly(card_face(c, (96, 134)), self._panel_point(q),
                                     lay.discards[_card_kind(c)].center, dur))
        elif kind == "tokens_revealed":
            self.disp_score[q] = d.get("final", self.disp_score[q])
            if d.get("bonus"):
                self.floaters.add(f"+{d['bonus']}", self._panel_point(q),
                                  colour=(255, 232, 140), duration=1.0)
        elif kind in ("end_triggered", "last_round"):
            self.banner, self.banner_time = text, 3.0
        if sound:
            self.services.audio.play(sound)

    # --- the loop -----------------------------------------------------------------------------
    def bot_action_legal(self, action, p: int) -> bool:
        return self.state.why_illegal(action, p) is None

    # --- results ------------------------------------------------------------------------------
    def result_rows(self) -> list:
        st = self.state
        final = st.view(None)["final"]
        scores = final["scores"]
        farmers = [14 - st.farmers_left[q] for q in range(self.n)]
        rows = []
        for q in final["ranking"]:
            better = sum(1 for r in range(self.n)
                         if (scores[r], farmers[r]) > (scores[q], farmers[q]))
            coal, gold = sum(final["coal"][q]), sum(final["gold"][q])
            breakdown = {"Track": scores[q] - coal - gold, "Coal": coal, "Gold": gold,
                         "Total": scores[q], "Farmers": farmers[q]}
            rows.append((self.names[q], self.colour[q], better + 1, scores[q], breakdown,
                         q in final["winners"]))
        return rows

    def _show_results(self) -> None:
        rows = self.result_rows()
        columns = ["Track", "Coal", "Gold", "Farmers"]  # the results add the total
        self.services.stack.push(ResultsScene(
            self.services, GAME_NAME, [ResultRow(*r) for r in rows], self.play_again,
            self.services.to_title, columns))

    # --- selection ----------------------------------------------------------------------------
    @property
    def selection_complete(self) -> bool:
        return (len(self.selected) == 2 and not self.joker_sel) or (
            len(self.selected) == 1 and self.joker_sel)

    def selection_cards(self) -> tuple[int, ...]:
        return tuple(self.selected)

    def legal_cells(self) -> tuple[str, list[tuple[int, int]]]:
        """(kind, cells) the acting human may use now: start tile or the selected cards."""
        if not self.human_can_act:
            return "", []
        key = ("cells", self.version, tuple(self.selected), self.joker_sel)
        if key in self._cache:
            return self._cache[key]
        p = self.acting
        st = self.state
        out: tuple[str, list] = ("", [])
        if st.phase == START_TILE:
            out = ("building", [a.cell for a in self.legal() if isinstance(a, PlaceStartTile)])
        elif st.phase == PLAY and self.selection_complete:
            cells = st.legal_cells_for(p, self.selection_cards(), self.joker_sel)
            kind = "farmer" if all(_card_kind(c) == "landscape" for c in self.selected) \
                and not (self.joker_sel and _card_kind(self.selected[0]) == "building") \
                else "building"
            out = (kind, [tuple(c) for c in cells])
        self._cache[key] = out
        return out

    def toggle_card(self, card: int) -> None:
        if card in self.selected:
            self.selected.remove(card)
        else:
            if len(self.selected) + self.joker_sel >= 2:
                self.selected.pop(0)
            self.selected.append(card)
        self.services.audio.play("tick")
        self.message, self.message_error = "", False

    def toggle_joker(self) -> None:
        p = self.acting
        if self.joker_sel:
            self.joker_sel = False
        elif not self.state.joker[p]:
            self.error("Your joker is spent: a store turns it active again.")
            return
        else:
            if len(self.selected) >= 2:
                self.selected.pop(0)
            self.joker_sel = True
        self.services.audio.play("tick")
        self.message, self.message_error = "", False

    def _try(self, action) -> bool:
        p = self.acting
        why = self.state.why_illegal(action, p)
        if why:
            self.error(why)
            return False
        self._apply(action, p)
        return True

    def click_cell(self, cell: tuple[int, int]) -> None:
        if not self.human_can_act:
            return
        phase = self.state.phase
        if phase == START_TILE:
            self._try(PlaceStartTile(cell))
        elif phase == PLAY:
            if not self.selection_complete:
                self.error("Choose two cards first (or one card and your joker), then a cell.")
                return
            self._try(action_for(self.selection_cards(), cell))
        elif phase == EXTRA_TURN:
            self.error("Use or skip your extra turn first.")
        elif phase == DRAW:
            self.error("Draw cards now: click a deck.")

    def preview_text(self, cell) -> str:
        """The tooltip for ``cell``: what placing there would earn (empty when not legal)."""
        if cell is None or not self.human_can_act:
            return ""
        kind, cells = self.legal_cells()
        if tuple(cell) not in cells:
            return ""
        if self.state.phase == START_TILE:
            return "Start tile here (scores nothing yet)"
        key = ("preview", self.version, tuple(self.selected), self.joker_sel, tuple(cell))
        if key in self._cache:
            return self._cache[key]
        action = action_for(self.selection_cards(), tuple(cell))
        try:
            pv = preview(self.state, action, self.acting)
        except Exception as exc:  # noqa: BLE001 - an illegal preview reads as its reason
            return str(exc)
        p = self.acting
        lines = [f"You: {gains_text(pv['players'][p])}"]
        for q, g in enumerate(pv["players"]):
            if q != p and gains_text(g) != "no points":
                lines.append(f"{self.names[q]}: {gains_text(g)}")
        if pv.get("ends_game"):
            lines.append("This ends the game after the round")
        text = "\n".join(lines)
        self._cache[key] = text
        return text

    # --- hover tips -------------------------------------------------------------------------
    def tips(self) -> list:
        return tips.table_tips(self)

    def tips_key(self):
        return (tuple(self.selected), self.joker_sel, self.human_can_act)

    def cell_tip(self, cell):
        """A legal cell previews its gains, keeping the 8 cells around (the buildings and
        farmers that explain them) in view; other cells say what stands on them."""
        preview = self.preview_text(cell)
        if preview:
            c = self.layout.cell
            return preview, self.layout.cell_rect(*cell).inflate(2 * c, 2 * c), True
        return tips.piece_text(self, cell), None, False

    # --- buttons, decks and focus targets ---------------------------------------------------
    def buttons(self) -> list[tuple[str, object, bool, bool]]:
        """(label, action or callable, enabled, primary) for the two button slots."""
        if not self.human_can_act:
            return []
        st = self.state
        legal = self.legal()
        if st.phase == EXTRA_TURN:
            return [("Use extra turn", UseExtraTurn(), True, True),
                    ("Skip", SkipExtraTurn(), True, False)]
        if st.phase == DRAW:
            if any(isinstance(a, KeepCard) for a in legal):
                return [("Keep it", KeepCard(), True, False),
                        ("Discard, redraw", DiscardDrawn(), True, True)]
            dead = [a for a in legal if isinstance(a, DiscardDead)]
            return [(f"Discard {card_name(a.card).removesuffix(' card')}", a, True, False)
                    for a in dead[:2]]
        if st.phase == PLAY:
            out = []
            if any(isinstance(a, DiscardNoPlacement) for a in legal):
                ok = (len(self.selected) == 2 and not self.joker_sel
                      and DiscardNoPlacement(tuple(self.selected)) in legal)
                out.append(("Discard 2 cards", DiscardNoPlacement(tuple(self.selected))
                            if ok else None, ok, True))
            if self.selected or self.joker_sel:
                out.append(("Clear choice", self.clear_selection, True, False))
            return out[:2]
        return []

    def clear_selection(self) -> None:
        self.selected, self.joker_sel = [], False

    def draw_decks(self) -> list[str]:
        if not self.human_can_act or self.state.phase != DRAW:
            return []
        return [a.deck for a in self.legal() if isinstance(a, Draw)]

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """Focusable things, in Tab order."""
        out: list[tuple[str, pygame.Rect]] = []
        if not self.human_can_act:
            return out
        phase = self.state.phase
        hand = self.hand()
        if phase == PLAY:
            for i in range(len(hand)):
                out.append((f"card{i}", self.card_rect(i, hand)))
            if self.state.joker[self.acting] or self.joker_sel:
                out.append(("joker", self.layout.joker_rect(len(hand))))
        if phase in (START_TILE, PLAY):
            out.append(("board", self.layout.board_rect))
        for deck in self.draw_decks():
            out.append((f"deck_{deck}", self.layout.decks[deck]))
        for i, _b in enumerate(self.buttons()):
            out.append((f"btn{i}", self.layout.button_rect(i)))
        return out + self.undo_target()

    def card_rect(self, i: int, hand=None) -> pygame.Rect:
        hand = self.hand() if hand is None else hand
        r = self.layout.card_rect(i, len(hand))
        if i < len(hand) and hand[i] in self.selected:
            r = r.move(0, -26)
        return r

    def activate(self, key: str) -> None:
        if key.startswith("card"):
            hand = self.hand()
            i = int(key[4:])
            if i < len(hand):
                self.toggle_card(hand[i])
                if self.keyboard and self.selection_complete:
                    self._focus_board()
        elif key == "joker":
            self.toggle_joker()
            if self.keyboard and self.selection_complete:
                self._focus_board()
        elif key.startswith("deck_"):
            self._try(Draw(key[5:]))
        elif key.startswith("btn"):
            self.press_button(int(key[3:]))
        elif key == "board":
            self.click_cell(self.cursor)
        elif key == "undo":
            self.undo()

    def disabled_reason(self, label: str) -> str:
        return "Choose the two cards to discard first."

    def _focus_default(self) -> None:
        keys = [k for k, _ in self.targets()]
        for want in ("card0", "deck_landscape", "deck_building", "btn0", "board"):
            if want in keys:
                self.focus = want
                break
        if self.state.phase == START_TILE:
            self._focus_board()

    def right_click(self) -> None:
        self.clear_selection()

    def _focus_board(self) -> None:
        self.focus = "board"
        _, cells = self.legal_cells()
        self.cursor_near(cells)

    # --- input --------------------------------------------------------------------------------
    def click_elsewhere(self, pos) -> None:
        """A click on a deck that cannot be drawn from now says why."""
        for deck in ("landscape", "building"):
            if self.layout.decks[deck].collidepoint(pos) and self.state.phase == DRAW:
                self.error(f"You cannot draw from the {deck} deck now: your hand needs the "
                           "other kind of card.")
                return

    # --- prompts ------------------------------------------------------------------------------
    def prompt(self) -> str:
        waiting = self.waiting_prompt()
        if waiting is not None:
            return waiting
        st = self.state
        p = self.acting
        if st.phase == START_TILE:
            tile = BUILDING_WORDS.get(st.view(p)["players"][p]["start_tile"], "start tile")
            return f"Place your start {tile}: click a glowing cell."
        if st.phase == PLAY:
            if self.selection_complete:
                kind, cells = self.legal_cells()
                if not cells:
                    if any(isinstance(a, DiscardNoPlacement) for a in self.legal()):
                        return "These cards place nothing here. Discard them, or choose others."
                    return "These cards allow no placement: choose others."
                what = "your farmer" if kind == "farmer" else "the building"
                return f"Click a glowing cell to place {what}."
            if not any(type(a).__name__ != "DiscardNoPlacement" for a in self.legal()):
                return "No placement is possible: choose 2 cards and discard them."
            if len(self.selected) + self.joker_sel == 1:
                return "Choose one more card (or the joker)."
            extra = " Extra turn: play again." if st.extra_used else ""
            return ("Choose 2 cards: 2 landscapes place a farmer, landscape + building "
                    "a building." + extra)
        if st.phase == EXTRA_TURN:
            return "Play again with your extra-turn token?"
        if st.phase == DRAW:
            legal = self.legal()
            if any(isinstance(a, KeepCard) for a in legal):
                pend = st.view(p)["pending_card"]
                name = card_name(pend) if pend is not None else "building card"
                why = "its stack is empty"
                if pend is not None and st.stacks[(pend - 50) // 3] > 0:
                    why = "you already hold one"
                return f"You drew a {name}, but {why}. Keep it, or discard and redraw?"
            decks = self.draw_decks()
            left = 4 - len(st.hands[p])
            if len(decks) == 1:
                return (f"Your hand needs a {decks[0]} card: draw from the {decks[0]} deck "
                        f"({left} to draw).")
            if any(isinstance(a, DiscardDead) for a in legal):
                return "A building card in hand cannot be played: discard it, or draw."
            return f"Draw {left} card{'s' if left != 1 else ''}: click a deck."
        return ""

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        bv = self.board_view
        bv.draw_base(surface)
        lay.labels.draw(surface)
        v = self.dview()
        self._draw_supply(surface, v)
        bv.draw_buildings(surface, v["buildings"])
        if self.landed_buildings:
            bv.draw_buildings(surface, self.landed_buildings)
        farmers = [(self.colour[q], tuple(c)) for q, pv in enumerate(v["players"])
                   for c in pv["farmers"]]
        bv.draw_farmers(surface, farmers + self.landed_farmers)
        can_act = self.human_can_act
        if can_act:
            kind, cells = self.legal_cells()
            if cells:
                bv.draw_glows(surface, cells, kind, self.t)
            if self.hover_cell and not self.keyboard:
                bv.draw_hover(surface, self.hover_cell)
            if self.keyboard and self.focus == "board":
                bv.draw_cursor(surface, self.cursor, self.t)
        bv.draw_markers(surface, [(self.colour[q], self.track[q]) for q in range(self.n)])
        for q in range(self.n):
            draw_panel(surface, lay.panels[q], self.panel_model(q))
        self._draw_hand(surface, can_act)
        self._draw_message(surface)
        self._draw_buttons(surface)
        self.draw_log(surface)
        self.sprites.draw(surface)
        self.floaters.draw(surface)
        if can_act:
            self._draw_focus(surface)
        self.draw_tip(surface)
        self._draw_banner(surface)

    def _draw_supply(self, surface, v) -> None:
        disc = v["discards"]
        model = SupplyModel(
            stacks=tuple(v["stacks"].items()),
            decks=(v["decks"]["landscape"], v["decks"]["building"]),
            discard_tops=(disc["landscape"][-1] if disc["landscape"] else None,
                          disc["building"][-1] if disc["building"] else None),
            discard_sizes=(len(disc["landscape"]), len(disc["building"])),
        )
        key = self._cache.get("layout_key")
        if key is None:
            key = self._cache["layout_key"] = LayoutKey(self.layout)
        surface.blit(render_supply(model, key), self.layout.supply_rect)
        for deck in self.draw_decks():
            focus_ring(surface, self.layout.decks[deck].inflate(6, 6), soft=True)

    def _draw_hand(self, surface, can_act: bool) -> None:
        lay = self.layout
        hand = self.hand()
        if self.viewer is None:
            msg = "Hands stay hidden while the others play." if self.humans else ""
            if msg:
                x = lay.card_rect(0).x
                t = theme.fit_text(msg, 30, lay.message_rect.x - x - 20, theme.ON_TABLE)
                surface.blit(t, (x, 940))
            return
        playing = can_act and self.state.phase == PLAY
        for i, c in enumerate(hand):
            r = self.card_rect(i, hand)
            info = card_info(c)
            ident = info.get("symbol") or info.get("building")
            art.blit_card(surface, info["kind"], ident, r.topleft, CARD, c in self.selected,
                          lift=1.6 if c in self.selected else 1.0)
            if not playing and not (can_act and self.state.phase == DRAW):
                surface.blit(_dim(CARD), r)
        q = self.viewer
        joker_on = self.token_over.get((q, "joker"), self.dview()["players"][q]["joker_active"])
        jr = lay.joker_rect(len(hand))
        if self.joker_sel:
            jr = jr.move(0, -22)
            pygame.draw.circle(surface, theme.FOCUS, jr.center, jr.w // 2 + 7)
        surface.blit(art.action_token("joker", jr.w, joker_on), jr)
        label = _text("Joker", 24, theme.ON_TABLE if joker_on else theme.ON_TABLE_SOFT)
        surface.blit(label, label.get_rect(midtop=(jr.centerx, jr.bottom + 4)))
        pending = self.dview().get("pending_card")
        if pending is not None and can_act:
            r = lay.pending_rect
            info = card_info(pending)
            art.blit_card(surface, info["kind"], info.get("building") or info.get("symbol"),
                          r.topleft, CARD, True)

    def _message_icon(self) -> pygame.Surface | None:
        """The extra-turn token or the start tile beside the prompt that asks for it."""
        if not self.human_can_act:
            return None
        phase = self.state.phase
        if phase == EXTRA_TURN:
            return art.action_token("extra_turn", 76, True)
        if phase == START_TILE:
            tile = self.state.view(self.acting)["players"][self.acting]["start_tile"]
            return art.building_tile(tile, 76, True) if tile else None
        return None


def _warm_art(colours) -> None:
    """Render the art the table will need once, up front, so no frame pays for it later."""
    from game.ui.oregon.board_view import MARKER_SIZE

    for kind, idents in (("landscape", art.LANDSCAPE_SYMBOLS), ("building", art.BUILDINGS)):
        for ident in idents:
            for size in (CARD, (96, 134)):
                art.card_surface(kind, ident, size)
            art.card_surface(kind, ident, CARD, True)
        art.card_surface("back", kind, (96, 134))
    for b in art.BUILDINGS:
        tile_surface(b, False)
        tile_surface(b, True)
    for token in ("coal", "gold"):
        art.mine_token(token, 44)
    for c in colours:
        piece_surface(c)
        from game import assets

        assets.piece(c, MARKER_SIZE, "marker", shadow=True)
        assets.piece(c, 40, "farmer")


__all__ = ["TableScene", "gains_text"]

