"""The Colorado County table: board with lakes, flags and cubes, score track, player panels,
the revealed cards, the acting human's flags or cowboys, bots, market and secret bids.

Structure (as the Oregon table)
-------------------------------
* ``self.state`` is the real game; actions are applied at once (``_apply``).  Their events
  are queued on ``self.timeline`` (one step per event: a sound, a sprite, a log line); the
  screen draws ``self.shown`` (the state after the previous action) plus what the running
  steps have put down (``cube_over``, ``flag_over``, ``lake_over``, ``table_cards``...).
  When the last step of an action ends, ``shown`` catches up with the state.
* The shared turn loop (``game.scenes.table``) runs bots and humans; bots act after ``BOT_PACE``.
  In the simultaneous phases (``bid``, ``auction``) bots bid while the human chooses, and the
  human's choice survives their bids.
* Privacy: ``self.viewer`` is the only human, or with several humans the one who took the
  table from the hand-off screen (nobody in between).  Everything drawn comes from
  ``shown.view(viewer)`` and ``event.text_for(viewer)``: other seats' cowboys, pending bids
  and face-down flag colours never reach the screen.  With 2+ humans each secret bid is
  entered behind its own hand-off screen.
* Input: mouse, keyboard and pads through intents.  Focus keys: ``flag0..``, ``token0..``,
  ``card0..``, ``btn0/btn1`` and ``board`` (a cell cursor moved with the arrows).  A card
  laid on the board turns with R, Q/E, the wheel, right click or the pad shoulders.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.engine.colorado import (
    Bid,
    DeclareInterest,
    GiveCowboy,
    OfferForSale,
    PassSale,
    PlaceFlag,
    SaleBid,
    TakeCard,
    new_game,
    preview_card_use,
)
from game.engine.colorado.cards import CARDS
from game.engine.colorado.grid import cell_name
from game.engine.colorado.state import PLAYER_NAMES as ENGINE_NAMES
from game.engine.core import IllegalAction
from game.engine.words import a_or_an
from game.engine.words import plural as _plural
from game.scenes.table.scene import SharedTable
from game.seats import Seat
from game.ui import art, theme
from game.ui import intents as I
from game.ui.colorado import pieces, tips
from game.ui.colorado.board_view import BoardView
from game.ui.colorado.layout import CARD, COLS, ROWS, TOKEN, ColoradoLayout
from game.ui.colorado.panels import PanelModel, draw_panel
from game.ui.colorado.projection import placement_change, round_points
from game.ui.table_anim import Sprite, drop, fly
from game.ui.tooltip import TableTips, Tip

BOT_PACE = 0.7       # seconds (animation time) before a bot's move shows
BID_PACE = 0.35      # bots' secret bids come in faster
GAME_NAME = "Colorado County"
SIMULTANEOUS = ("bid", "auction")
CATEGORIES = (("borders", "Borders"), ("lakes", "Lakes"), ("doubles", "Doubles"),
              ("domain", "Big domain"))

EVENT_STEPS: dict[str, tuple[float, str | None]] = {
    "game_started": (0.2, None),
    "round_started": (0.9, "bell"),
    "flags_dealt": (0.15, None),
    "flag_placed": (0.4, "knock"),
    "flag_not_placed": (0.3, "error"),
    "flags_revealed": (0.8, "flip"),
    "cards_revealed": (0.6, "swish"),
    "sale_offered": (0.55, "coin"),
    "sale_passed": (0.12, None),
    "interest": (0.3, "tick"),
    "sale_result": (0.35, None),
    "cube_removed": (0.3, "swish"),
    "cube_placed": (0.42, "drop"),
    "lake_changed": (0.45, "coin"),
    "cowboys_drawn": (0.3, "token"),
    "cowboy_given": (0.4, "token"),
    "bid_submitted": (0.1, "tick"),
    "sale_bid_submitted": (0.1, "tick"),
    "bids_revealed": (2.0, "shuffle"),
    "sale_bids_revealed": (1.6, "shuffle"),
    "card_taken": (0.5, "swish"),
    "cards_discarded": (0.35, "swish"),
    "scored": (0.6, "coin"),
    "round_scored": (2.4, "fanfare"),
    "flags_removed": (0.3, None),
    "game_over": (1.2, "fanfare"),
}
BID_SHOW = 2.6      # seconds (animation) the bid reveal stays up
SCORE_SHOW = 4.0


@theme.rescaled
@lru_cache(maxsize=512)
def _text(msg: str, size: int, colour=theme.INK, bold: bool = False) -> pygame.Surface:
    return theme.text(msg, size, colour, bold)


class TableScene(TableTips, SharedTable):
    bot_pace = BOT_PACE
    bid_pace = BID_PACE
    simultaneous_phases = SIMULTANEOUS
    board_size = (COLS, ROWS)
    strip_keeps = "card"  # Up from a revealed card stays among the cards
    look_kinds = frozenset({"cowboys_drawn", "flags_dealt"})
    look_prompt = ("What you just drew is in your strip. The table passes on in a moment "
                   "(click or press a key to pass it now).")

    def __init__(self, services, game_id: str, seats: list[Seat], seed: int, lakes="first",
                 state=None):
        super().__init__(services)
        state = state if state is not None else new_game(len(seats), seed, lakes=lakes)
        self._init_table(game_id, seats, seed, state, "colorado", ColoradoLayout(len(seats)),
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
        # the acting human's choices
        self.sel_flag = 0
        self.sel_tokens: list[int] = []
        self.sel_cell: tuple[int, int] | None = None
        self.sel_card: int | None = None
        self.use_flag: tuple[int, int] | None = None
        self.rotation = 0
        self.cube_off: set[tuple[int, int]] = set()
        _warm_art(self.colour)
        if self.state.history:
            self.resumed_at = len(self.state.history)
            self.rebuild_log()
        else:
            self.log_opening()
        self.table_cards = list(v0["revealed_cards"])

    # --- who sees what -------------------------------------------------------------------
    # Here the choice code calls the human who may act now (the viewer) ``acting``.
    acting = SharedTable.chooser

    def sview(self) -> dict:
        """The real state as the acting human may see it (for choices)."""
        key = ("sview", self.version, self.viewer)
        v = self._cache.get(key)
        if v is None:
            self._cache = {k: x for k, x in self._cache.items() if k[0] != "sview"}
            v = self._cache[key] = self.state.view(self.viewer)
        return v

    def log_opening(self) -> None:
        self.log.add(f"{GAME_NAME}: {_plural(self.n, 'player')}, 4 rounds.", None)
        for e in self.state.opening_events:
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
    def bid_text(self, q: int) -> str:
        v = self.dview()
        if v["phase"] == "bid" and not self.bid_show:
            return "bid in" if v["bids_in"][q] else "bidding..."
        if v["phase"] == "auction" and v["sale"] and q in v["sale"]["auction_bidders"]:
            return "bid in" if q in v["sale"]["auction_bids_in"] else "bidding..."
        lb = v["last_bids"]
        if lb and v["phase"] == "take":
            b = lb["bids"][q]
            if not b:
                return "bid 0"
            rank = lb["ranking"].index(q) + 1 if q in lb["ranking"] else None
            return f"bid {len(b)}" + (f" ({_ordinal(rank)})" if rank else "")
        return ""

    def panel_model(self, q: int) -> PanelModel:
        v = self.dview()
        seat = self.seats[q]
        lakes = sum(1 for lk in v["lakes"] if self.lake_over.get(lk["index"], lk["owner"]) == q)
        active = q in v["to_act"] and not self.timeline.busy
        return PanelModel(
            name=self.names[q], kind="Human" if not seat.is_bot else f"Bot ({seat.level})",
            colour=self.colour[q], score=self.disp_score[q], cubes_left=v["cubes_left"][q],
            sale_tokens=v["sale_tokens"][q], sales_this_round=v["sales_this_round"][q],
            cowboys=v["cowboy_counts"][q], flags_in_hand=v["flags_in_hand"][q], lakes=lakes,
            bid=self.bid_text(q), active=active, size=self.layout.panels[q].size,
            you=q == self.viewer and bool(self.humans), round_points=self.round_points(q))

    def round_points(self, q: int) -> tuple[tuple[str, int], ...] | None:
        """Player ``q``'s points if the round were scored now (None once the game is over)."""
        if self.shown.is_over():
            return None
        key = ("round_points", self.shown_version)
        points = self._cache.get(key)
        if points is None:
            self._cache = {k: x for k, x in self._cache.items() if k[0] != "round_points"}
            points = self._cache[key] = round_points(self.shown)
        return tuple(points[q].items())

    def drawn_texts(self) -> list[str]:
        """Every text the table draws now (panels, prompt, buttons, overlays, log) - for
        tests of what a player may see."""
        out: list[str] = []
        for q in range(self.n):
            out += self.panel_model(q).texts()
        out.append(self.prompt())
        out += [b[0] for b in self.buttons()]
        out += [str(c) for c in (self.my_cowboys() if self.viewer is not None else [])]
        if self.bid_show:
            for row in self.bid_show["rows"]:
                out += [str(c) for c in row[1]]
        lines = getattr(self.log, "lines", None)
        if lines is None:
            lines = [getattr(e, "text", "") for e in getattr(self.log, "_entries", [])]
        out += [x[0] if isinstance(x, tuple) else str(x) for x in lines]
        return out

    # --- applying actions -------------------------------------------------------------------
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
            dur, _ = EVENT_STEPS.get(e.kind, (0.2, None))
            self.timeline.add(lambda e=e: self._start_event(e), dur, e.kind)
        version = self.version
        self.timeline.add(lambda: self._catch_up(after, version), 0.0, "catch_up")
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
        gone = set(self.pending_bid.get(self.viewer, ()))
        return [c for c in self.my_cowboys() if c not in gone]

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
        try:
            self.state.clone().apply(action, p)
        except IllegalAction as exc:
            self.error(str(exc))
            return False
        self.services.audio.play("click")
        self._apply(action, p)
        return True

    def clear_choice(self) -> None:
        self.sel_tokens = []
        self.sel_cell = None
        self.sel_card = None
        self.use_flag = None
        self.rotation = 0
        self.cube_off = set()
        self.sel_flag = 0

    # --- events -------------------------------------------------------------------------------
    def _start_event(self, e) -> None:
        viewer = self.viewer
        text = self.log_event(e)
        q = e.player
        seen = e.private_to is None or e.private_to == viewer
        d = e.data if seen else {}
        dur, sound = EVENT_STEPS.get(e.kind, (0.2, None))
        lay = self.layout
        kind = e.kind
        if kind == "round_started":
            self.banner, self.banner_time = f"Round {e.data['round']} of 4", 2.2
            self.score_show = None
        elif kind == "flag_placed":
            cell = tuple(e.data["cell"])
            colour = d.get("colour") if seen else None
            surf = pieces.flag(colour, 58)
            r = lay.cell_rect(*cell)
            self.sprites.add(drop(surf, (r.centerx + 6, r.centery - 4), dur,
                                  on_done=lambda: self.flag_over.__setitem__(cell, colour)))
        elif kind == "flags_revealed":
            for f in e.data["flags"]:
                self.flag_over[tuple(f["cell"])] = f["colour"]
            self.flip = 0.0
        elif kind == "cards_revealed":
            cards = e.data["cards"]
            self.table_cards = list(cards)
            for k, c in enumerate(cards):
                self.hidden_cards.add(c["id"])
                end = lay.card_rect(k, len(cards)).center
                self.sprites.add(fly(pieces.card_for(c, CARD), lay.deck_point, end, dur,
                                     delay=0.08 * k, arc=30,
                                     on_done=lambda c=c: self.hidden_cards.discard(c["id"])))
        elif kind == "sale_offered":
            self.sale_mark = tuple(e.data["cell"])
            self.highlight = (self.colour[q], [self.sale_mark], dur * 2)
        elif kind == "cube_removed":
            cell = tuple(e.data["cell"])
            self.cube_over[cell] = -1
            r = lay.cell_rect(*cell)
            self.sprites.add(Sprite(pieces.cube(self.colour[q], 48), r.center,
                                    (r.centerx, r.centery - 60), dur, fade_out=True))
        elif kind == "cube_placed":
            cell = tuple(e.data["cell"])
            r = lay.cell_rect(*cell)
            col = self.colour[q]
            self.sprites.add(drop(pieces.cube(col, 48), (r.centerx + 1, r.centery + 2), dur,
                                  on_done=lambda: self.cube_over.__setitem__(cell, q)))
        elif kind == "lake_changed":
            li = e.data["lake"]
            self.lake_over[li] = e.data["to"]
            if e.data["to"] is not None and e.data["to"] >= 0:
                self.highlight = (self.colour[e.data["to"]],
                                  [tuple(c) for c in e.data["cells"]], dur * 2)
        elif kind == "cowboys_drawn":
            k = e.data.get("count", 0)
            if k:
                self.floaters.add(f"+{_plural(k, 'cowboy')}", lay.panel_point(q),
                                  colour=(255, 226, 160),
                                  duration=0.9)
        elif kind == "cowboy_given":
            a, b = e.data["from"], e.data["to"]
            num = d.get("cowboy") if viewer in (a, b) else None
            surf = pieces.cowboy_token(num if num is not None else 0, 44) if num is not None \
                else pieces.cowboy_token(0, 44, dim=True)
            self.sprites.add(fly(surf, lay.panel_point(a), lay.panel_point(b), dur, arc=40))
        elif kind in ("bids_revealed", "sale_bids_revealed"):
            bids = {int(k): v for k, v in e.data["bids"].items()}
            ranking = e.data["ranking"]
            takers = e.data.get("takers", [e.data.get("winner")])
            rows = [(p, sorted(bids[p]), (ranking.index(p) + 1) if p in ranking else None,
                     p in takers) for p in sorted(bids, key=lambda p: (
                         ranking.index(p) if p in ranking else 99, p))]
            title = "Bids for the cards" if kind == "bids_revealed" else \
                f"Land auction for {cell_name(tuple(e.data['cell']))}"
            self.bid_show = {"title": title, "rows": rows, "t": 0.0, "land": kind != "bids_revealed"}
        elif kind == "card_taken":
            cid = e.data["card"]["id"]
            src = self._card_point(cid)
            self.table_cards = [c for c in self.table_cards if c["id"] != cid]
            end = lay.cell_rect(*e.data["flag"]).center if e.data.get("flag") else \
                lay.panel_point(q)
            self.sprites.add(Sprite(pieces.card_for(e.data["card"], (96, 130)), src, end, dur,
                                    fade_out=True, arc=40))
            if e.data.get("stars") and e.data.get("flag"):
                self.highlight = (self.colour[q], [tuple(c) for c in e.data["stars"]
                                                    if 0 <= c[0] < COLS and 0 <= c[1] < ROWS],
                                  dur * 2.5)
        elif kind == "cards_discarded":
            for c in e.data["cards"]:
                src = self._card_point(c["id"])
                self.sprites.add(Sprite(pieces.card_for(c, (96, 130)), src,
                                        (src[0], src[1] + 140), dur, fade_out=True))
            self.table_cards = []
        elif kind == "scored":
            cells = [tuple(c) for c in e.data.get("cells", [])]
            self.highlight = (self.colour[q], cells, dur * 1.2)
            start = lay.cell_rect(*cells[len(cells) // 2]).center if cells else \
                lay.panel_point(q)
            self.floaters.add(f"+{e.data['points']}", start, lay.panel_point(q),
                              colour=(255, 232, 140), duration=max(0.5, dur * 1.4))
            self.disp_score[q] += e.data["points"]
            self._score_row(e.data["round"])[q][e.data["category"]] = (e.data["points"],
                                                                       e.data["count"])
        elif kind == "round_scored":
            self._score_row(e.data["round"])
            self.score_show["final"] = True
            self.disp_score = list(e.data["scores"])
            if self.scores_wait_for_player:
                self.timeline.hold()  # the table waits until a player closes the scoring
        elif kind == "flags_removed":
            self.flags_cleared = True
        elif kind == "game_over":
            self.banner, self.banner_time = text, 3.0
        if sound:
            self.services.audio.play(sound)

    def _score_row(self, rnd: int) -> dict:
        if not self.score_show or self.score_show["round"] != rnd:
            self.score_show = {"round": rnd, "t": 0.0, "final": False,
                               "rows": {q: {} for q in range(self.n)}}
        return self.score_show["rows"]

    def _card_point(self, cid: int) -> tuple[int, int]:
        ids = [c["id"] for c in self.table_cards]
        if cid in ids:
            return self.layout.card_rect(ids.index(cid), len(ids)).center
        return self.layout.cards_rect.center

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
        r = self.layout.score_panel
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
            return ("Your secret bid: the others look away until you confirm. "
                    "Nothing of it shows until every bid is in.")
        return "Hand the screen over; your cowboys and flags stay hidden until then."

    # --- results ------------------------------------------------------------------------------
    def result_rows(self) -> list[tuple]:
        st = self.state
        cubes = [st.cubes_on_board(q) for q in range(self.n)]
        rows = []
        for q in range(self.n):
            better = sum(1 for r in range(self.n)
                         if (st.score[r], cubes[r]) > (st.score[q], cubes[q]))
            breakdown: dict = {}
            for i, table in enumerate(st.round_results):
                breakdown[f"R{i + 1}"] = sum(x["points"] for x in table if x["player"] == q)
            for cat, label in CATEGORIES:
                breakdown[label] = sum(x["points"] for table in st.round_results
                                       for x in table if x["player"] == q and
                                       x["category"] == cat)
            breakdown["Cubes"] = cubes[q]
            rows.append((self.names[q], self.colour[q], better + 1, st.score[q], breakdown,
                         q in st.winners()))
        rows.sort(key=lambda r: r[2])
        return rows

    def _show_results(self) -> None:
        from game.scenes.results import ResultRow, ResultsScene

        rows = self.result_rows()
        columns = [f"R{i + 1}" for i in range(len(self.state.round_results))] + \
            [label for _, label in CATEGORIES] + ["Cubes"]
        self.services.stack.push(ResultsScene(self.services, GAME_NAME,
                                              [ResultRow(*r) for r in rows], self.play_again,
                                              self.services.to_title, columns))

    def table_options(self) -> dict[str, str]:
        return {"lakes": self.lakes}

    # --- overlays -----------------------------------------------------------------------------
    # --- choices ------------------------------------------------------------------------------
    def flag_cells(self) -> list[tuple[int, int]]:
        if not self.human_can_act or self.state.phase != "flags":
            return []
        return [tuple(c) for c in self.sview()["flag_cells"]]

    def own_cells(self) -> list[tuple[int, int]]:
        p = self.acting
        if p is None:
            return []
        return [(x, y) for y, row in enumerate(self.sview()["owners"])
                for x, o in enumerate(row) if o == p]

    def use_flags(self) -> list[tuple[int, int]]:
        """Flags of the chosen card's colour (the take phase)."""
        if self.sel_card is None:
            return []
        colour = CARDS[self.sel_card].colour
        return [tuple(f["cell"]) for f in self.sview()["flags"] if f["colour"] == colour]

    def card_action(self, cubes: bool = True) -> TakeCard | None:
        if self.sel_card is None:
            return None
        if self.use_flag is None:
            return TakeCard(self.sel_card)
        stars = CARDS[self.sel_card].star_cells(self.use_flag, self.rotation, 0)
        chosen = tuple(c for c in stars if c not in self.cube_off
                       and 0 <= c[0] < COLS and 0 <= c[1] < ROWS) if cubes else ()
        return TakeCard(self.sel_card, self.use_flag, self.rotation, 0, chosen)

    def card_preview(self) -> dict | None:
        a = self.card_action()
        if a is None or self.acting is None:
            return None
        key = ("pv", self.version, a)
        if key not in self._cache:
            self._cache[key] = preview_card_use(self.state, a, self.acting)
        return self._cache[key]

    def ghost_cells(self) -> list[tuple[int, int]]:
        """The starred cells of the card as laid now (possibly off the board)."""
        if self.sel_card is None or self.use_flag is None:
            return []
        return list(CARDS[self.sel_card].star_cells(self.use_flag, self.rotation, 0))

    def blocked_stars(self, rotation: int | None = None) -> list[tuple[tuple[int, int], str, int]]:
        """(cell, why, owner) for each star of the laid card that can never take a cube: the
        engine's preview refuses a cube there, and the view says why - ``"off"`` the board,
        on a ``"lake"`` or on someone's ``"land"`` (``owner`` is then that player, else -1)."""
        if self.sel_card is None or self.use_flag is None or self.acting is None:
            return []
        rot = self.rotation if rotation is None else rotation
        key = ("blocked", self.version, self.sel_card, self.use_flag, rot)
        if key in self._cache:
            return self._cache[key]
        v = self.sview()
        lake = {tuple(c) for lk in v["lakes"] for c in lk["cells"]}
        out = []
        for c in CARDS[self.sel_card].star_cells(self.use_flag, rot, 0):
            pv = preview_card_use(self.state, TakeCard(self.sel_card, self.use_flag, rot, 0,
                                                       (c,)), self.acting)
            if pv["legal"]:
                continue
            x, y = c
            if not (0 <= x < COLS and 0 <= y < ROWS):
                out.append((c, "off", -1))
            elif c in lake:
                out.append((c, "lake", -1))
            elif v["owners"][y][x] >= 0:
                out.append((c, "land", v["owners"][y][x]))
        self._cache[key] = out
        return out

    def star_note(self) -> str:
        """Why a star of the laid card takes no cube, and whether turning the card helps."""
        blocked = self.blocked_stars()
        if not blocked:
            return ""
        card = CARDS[self.sel_card]
        cell, why, owner = blocked[0]
        which = "The second star" if card.num_stars == 2 and cell != self.use_flag \
            else "The star"
        if why == "off":
            where = "falls off the board"
        elif why == "lake":
            where = "falls on a lake"
        elif owner == self.acting:
            where = "lands on your own land"
        else:
            where = f"lands on {self.names[owner]}'s land"
        if card.num_stars == 2 and any(not self.blocked_stars(r) for r in range(4)
                                       if r != self.rotation):
            return f"{which} {where}: turn the card (R) to use both."
        return f"{which} {where}: no turn of this card fits both."

    def placement_gain(self) -> list[dict[str, int]] | None:
        """How the cubes of the card laid now change each player's round points (None when
        no card is laid or its use is not legal)."""
        pv = self.card_preview()
        if pv is None or not pv["legal"] or self.use_flag is None:
            return None
        key = ("gain", self.version, self.card_action())
        if key not in self._cache:
            self._cache[key] = placement_change(self.state, pv, self.acting)
        return self._cache[key]

    # --- hover tips -------------------------------------------------------------------------
    def tips(self) -> list:
        return tips.table_tips(self)

    def tips_key(self):
        return (self.human_can_act, self.sel_card, self.use_flag, self.rotation,
                frozenset(self.cube_off), tuple(self.sel_tokens), len(self.table_cards))

    def cell_tip(self, cell):
        return tips.cell_text(self, cell), None, False

    def current_tip(self):
        """While a card lies on the board, its gain shows beside the starred cells, keeping
        them and the cells around them (the land that explains the score) in view."""
        gain = self.placement_gain() if self.human_can_act else None
        if gain is None:
            return super().current_tip()
        cells = [self.layout.cell_rect(*c) for c in self.ghost_cells()
                 if 0 <= c[0] < COLS and 0 <= c[1] < ROWS]
        area = cells[0].unionall(cells[1:])
        c = self.layout.cell
        return Tip("placement", area, tips.placement_text(self, gain)), \
            area.inflate(2 * c, 2 * c), True

    def _default_cubes(self) -> None:
        """Every starred cell that can take a cube gets one; others start off."""
        self.cube_off = {c for c, _why, _o in self.blocked_stars()}

    def choose_card(self, cid: int) -> None:
        self.sel_card = None if self.sel_card == cid else cid
        self.use_flag, self.rotation = None, 0
        flags = self.use_flags()
        if len(flags) == 1:
            self.use_flag = flags[0]
        self._default_cubes()
        self.message, self.message_error = "", False
        self.services.audio.play("tick")
        if self.keyboard and self.use_flag is not None:
            self._focus_board(self.use_flag)

    def rotate(self, amount: int) -> None:
        if self.sel_card is None or self.use_flag is None:
            if self.human_can_act and self.state.phase == "take":
                self.error("Choose a card and one of its flags first, then turn the card.")
            return
        if CARDS[self.sel_card].num_stars == 1:
            self.message, self.message_error = "A one-star card looks the same every way.", False
            return
        self.rotation = (self.rotation + amount) % 4
        self._default_cubes()
        self.services.audio.play("swish")

    def toggle_token(self, num: int) -> None:
        phase = self.state.phase
        if phase == "give":
            self.sel_tokens = [] if self.sel_tokens == [num] else [num]
        elif num in self.sel_tokens:
            self.sel_tokens.remove(num)
        else:
            self.sel_tokens.append(num)
        self.services.audio.play("tick")
        self.message, self.message_error = "", False

    def click_cell(self, cell: tuple[int, int]) -> None:
        if not self.human_can_act:
            return
        phase = self.state.phase
        if phase == "flags":
            flags = self.my_flags()
            if not flags:
                return
            colour = flags[min(self.sel_flag, len(flags) - 1)]
            self._try(PlaceFlag(colour, cell))
        elif phase == "offer":
            if cell in self.own_cells():
                self.sel_cell = None if self.sel_cell == cell else cell
                self.services.audio.play("tick")
                self.message, self.message_error = "", False
            else:
                self.error(f"You can sell only your own land; {cell_name(cell)} is not yours. "
                           "Click one of your cubes, or pass.")
        elif phase == "take":
            if self.sel_card is None:
                self.error("Choose one of the revealed cards first.")
                return
            if cell in self.use_flags() and self.use_flag != cell:
                self.use_flag, self.rotation = cell, 0
                self._default_cubes()
                self.services.audio.play("tick")
                return
            if self.use_flag is not None and cell in self.ghost_cells():
                if cell in self.cube_off:
                    self.cube_off.discard(cell)
                else:
                    self.cube_off.add(cell)
                self.services.audio.play("tick")
                pv = self.card_preview()
                if pv and not pv["legal"]:
                    self.error(pv["reason"])
                else:
                    self.message, self.message_error = "", False
                return
            pv = preview_card_use(self.state, TakeCard(self.sel_card, cell, 0, 0, (cell,)),
                                  self.acting)
            self.error(pv["reason"] or f"{cell_name(cell)} is not part of this card.")
        elif phase in ("bid", "auction", "give"):
            self.error("Choose cowboys from your tokens below the board.")
        elif phase == "interest":
            self.error("Say whether you want the land: use the buttons.")

    # --- prompts ------------------------------------------------------------------------------
    def prompt(self) -> str:
        if self.looking() and not self.human_can_act:
            return self.look_prompt
        if self.message and (self.message_time > 0 or not self.message_error):
            return self.message
        st = self.state
        if st.is_over():
            return "The game is over."
        p = self.acting
        ta = st.to_act()
        if p is None:
            if self.timeline.busy and st.phase not in SIMULTANEOUS:
                return ""
            waiting = [q for q in ta if q != self.viewer]
            if st.phase in SIMULTANEOUS:
                if self.viewer is not None and self.viewer not in ta and waiting:
                    mine = self.pending_bid.get(self.viewer)
                    cowboys = f" (cowboys {', '.join(map(str, mine))})" if mine else ""
                    return f"Your bid{cowboys} is in. Waiting for " + \
                        ", ".join(self.names[q] for q in waiting) + "."
                return "Secret bids: waiting for " + \
                    ", ".join(self.names[q] for q in waiting) + "."
            if ta and self.seats[ta[0]].is_bot:
                return f"{self.names[ta[0]]} is thinking..."
            return f"Waiting for {self.names[ta[0]]}." if ta else ""
        v = self.sview()
        phase = st.phase
        if phase == "flags":
            left = len(v["my_flags"] or [])
            return (f"Place a flag face down ({left} in hand): pick a colour below, then "
                    "click a glowing cell. No two flags side by side.")
        if phase == "offer":
            if self.sel_cell:
                return f"Sell {cell_name(self.sel_cell)}? The cube leaves the board and you " \
                       "draw 2 cowboys."
            return (f"Market: click one of your cubes to put it up for sale "
                    f"({v['sale_tokens'][p]} For Sale tokens left), or pass.")
        if phase == "interest":
            s = v["sale"]
            return (f"{self.names[s['seller']]} sells {cell_name(tuple(s['cell']))}. "
                    "Do you want it? (it costs cowboys)")
        if phase == "give":
            s = v["sale"]
            if self.sel_tokens:
                return f"Give cowboy {self.sel_tokens[0]} to {self.names[s['seller']]}?"
            return (f"You alone want {cell_name(tuple(s['cell']))}: pick one cowboy to give "
                    f"{self.names[s['seller']]}.")
        if phase == "auction":
            return self._bid_prompt("Land auction (secret): pick at least one cowboy.")
        if phase == "bid":
            return self._bid_prompt("Secret bid for the cards: pick cowboys, or bid nothing.")
        if phase == "take":
            if self.sel_card is None:
                return "You choose now: click a revealed card."
            card = CARDS[self.sel_card]
            if not self.use_flags():
                return f"No {card.colour} flag is on the board: take the card without cubes."
            if self.use_flag is None:
                return f"Click {a_or_an(card.colour)} flag on the board for this card."
            pv = self.card_preview()
            if pv and not pv["legal"]:
                return pv["reason"]
            k = len(pv["cells"]) if pv else 0
            turn = " Turn it with R, the wheel or right click." if card.num_stars == 2 else ""
            lakes = ""
            if pv and pv["lake_changes"]:
                lakes = " Lake " + ", ".join(str(c["value"]) for c in pv["lake_changes"]) + \
                    " changes owner."
            note = self.star_note()
            if note:
                return f"{note} {_plural(k, 'cube')} on the glowing cells.{lakes}"
            return f"{_plural(k, 'cube')} on the glowing cells (click to toggle).{turn}{lakes}"
        return ""

    def _bid_prompt(self, head: str) -> str:
        if not self.sel_tokens:
            return head
        best = max(self.sel_tokens)
        return f"Your bid: {_plural(len(self.sel_tokens), 'cowboy')}, best {best}. Confirm " \
               "when ready."

    # --- buttons and focus targets ---------------------------------------------------------
    def buttons(self) -> list[tuple[str, object, bool, bool]]:
        """(label, action or callable, enabled, primary) for the two button slots."""
        if not self.human_can_act:
            return []
        phase = self.state.phase
        if phase == "offer":
            if self.sel_cell:
                return [(f"Sell {cell_name(self.sel_cell)}", OfferForSale(self.sel_cell), True,
                         True), ("Pass", PassSale(), True, False)]
            return [("Pass", PassSale(), True, True)]
        if phase == "interest":
            return [("I want it", DeclareInterest(True), True, True),
                    ("No, pass", DeclareInterest(False), True, False)]
        if phase == "give":
            ok = bool(self.sel_tokens)
            label = f"Give cowboy {self.sel_tokens[0]}" if ok else "Give a cowboy"
            return [(label, GiveCowboy(self.sel_tokens[0]) if ok else None, ok, True)]
        if phase == "auction":
            k = len(self.sel_tokens)
            label = f"Bid {_plural(k, 'cowboy')}" if k else "Bid (pick 1+)"
            out = [(label, SaleBid(tuple(sorted(self.sel_tokens))) if k else None, bool(k),
                    True)]
            if k:
                out.append(("Clear", self.clear_tokens, True, False))
            return out
        if phase == "bid":
            k = len(self.sel_tokens)
            label = f"Bid {_plural(k, 'cowboy')}" if k else "Bid nothing"
            out = [(label, Bid(tuple(sorted(self.sel_tokens))), True, True)]
            if k:
                out.append(("Clear", self.clear_tokens, True, False))
            return out
        if phase == "take":
            if self.sel_card is None:
                return []
            a = self.card_action()
            pv = self.card_preview()
            if self.use_flag is None:
                if self.use_flags():
                    return [("Take, no cubes", TakeCard(self.sel_card), True, False),
                            ("Other card", self.cancel_card, True, False)]
                return [("Take card", a, True, True), ("Other card", self.cancel_card, True,
                                                       False)]
            k = len(a.cubes)
            label = f"Place {_plural(k, 'cube')}" if k else "Take, no cubes"
            ok = bool(pv and pv["legal"])
            return [(label, a if ok else None, ok, True),
                    ("Other card", self.cancel_card, True, False)]
        return []

    def clear_tokens(self) -> None:
        self.sel_tokens = []

    def cancel_card(self) -> None:
        self.sel_card, self.use_flag, self.rotation, self.cube_off = None, None, 0, set()

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

    def card_rects(self) -> list[tuple[int, pygame.Rect]]:
        cards = self.table_cards
        out = []
        for i, c in enumerate(cards):
            r = self.layout.card_rect(i, len(cards))
            out.append((c["id"], r))
        return out

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """Focusable things, in Tab order."""
        out: list[tuple[str, pygame.Rect]] = []
        if not self.human_can_act:
            return out
        phase = self.state.phase
        if phase == "flags":
            for i in range(len(self.my_flags())):
                out.append((f"flag{i}", self.layout.flag_rect(i)))
        if phase in ("give", "auction", "bid"):
            for i, (_c, r) in enumerate(self.token_rects()):
                out.append((f"token{i}", r))
        if phase == "take":
            for i, (_c, r) in enumerate(self.card_rects()):
                out.append((f"card{i}", r))
        if phase in ("flags", "offer", "take"):
            out.append(("board", self.layout.board_rect))
        for i, _b in enumerate(self.buttons()):
            out.append((f"btn{i}", self.layout.button_rect(i)))
        return out + self.undo_target()

    def activate(self, key: str) -> None:
        if key.startswith("flag"):
            i = int(key[4:])
            if i < len(self.my_flags()):
                self.sel_flag = i
                self.services.audio.play("tick")
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
        pv = self.card_preview()
        if self.state.phase == "take" and pv and pv["reason"]:
            return pv["reason"]
        if self.state.phase == "auction":
            return "A land auction bid needs at least one cowboy."
        return "Pick a cowboy token first."

    def _try_button(self, action) -> None:
        self._try(action)  # it clicks once the move is legal

    def _focus_default(self) -> None:
        keys = [k for k, _ in self.targets()]
        phase = self.state.phase
        want = {"flags": "board", "offer": "btn0", "interest": "btn0", "give": "token0",
                "auction": "token0", "bid": "token0", "take": "card0"}.get(phase, "btn0")
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
        cells = self.flag_cells() or self.own_cells() or self.use_flags()
        self.cursor_near(cells)

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
        lay = self.layout
        bv = self.board_view
        bv.draw_base(surface)
        lay.labels.draw(surface)
        v = self.dview()
        owners = v["owners"]
        cubes = []
        for y in range(ROWS):
            for x in range(COLS):
                o = self.cube_over.get((x, y), owners[y][x])
                if o >= 0:
                    cubes.append((self.colour[o], (x, y)))
        lakes = [dict(lk, owner=self.lake_over.get(lk["index"], lk["owner"]))
                 for lk in v["lakes"]]
        if self.highlight:
            col, cells, _ = self.highlight
            bv.draw_tint(surface, cells, col)
        bv.draw_cubes(surface, cubes)
        bv.draw_lake_owners(surface, lakes, self.colour)
        can_act = self.human_can_act
        phase = self.state.phase
        if can_act:
            if phase == "flags":
                cells = self.flag_cells()
                bv.draw_cells(surface, cells, "soft" if len(cells) > 40 else "flag", self.t)
            elif phase == "offer":
                bv.draw_cells(surface, self.own_cells(), "sale", self.t)
                if self.sel_cell:
                    bv.draw_cells(surface, [self.sel_cell], "flag")
            elif phase == "take" and self.sel_card is not None:
                bv.draw_cells(surface, [f for f in self.use_flags() if f != self.use_flag],
                              "flag", self.t)
        if not self.flags_cleared:
            flags = [(tuple(f["cell"]), f["colour"]) for f in v["flags"]]
            have = {c for c, _ in flags}
            flags += [(c, col) for c, col in self.flag_over.items() if c not in have]
            if self.flip is not None:
                flags = [(c, self.flag_over.get(c, col)) for c, col in flags]
            bv.draw_flags(surface, flags, self.flip if self.flip is not None and self.flip < 1
                          else None)
        if self.sale_mark or (v["sale"] and v["phase"] in ("interest", "give", "auction")):
            cell = self.sale_mark or tuple(v["sale"]["cell"])
            bv.draw_cells(surface, [cell], "sale", self.t)
        if can_act and phase == "take" and self.use_flag is not None:
            pv = self.card_preview()
            a = self.card_action()
            bad = set()
            if pv and not pv["legal"]:
                bad = {c for c in a.cubes}
            bv.draw_ghost(surface, self.colour[self.acting], self.ghost_cells(),
                          set(a.cubes), bad, self.t,
                          blocked={c for c, _why, _o in self.blocked_stars()})
        if can_act:
            if self.hover_cell and not self.keyboard:
                bv.draw_hover(surface, self.hover_cell)
            if self.keyboard and self.focus == "board":
                bv.draw_cursor(surface, self.cursor, self.t)
        bv.draw_markers(surface, [(self.colour[q], self.track[q]) for q in range(self.n)])
        for q in range(self.n):
            draw_panel(surface, lay.panels[q], self.panel_model(q))
        self._draw_cards(surface, v, can_act)
        self._draw_strip(surface, can_act)
        self._draw_message(surface)
        self._draw_buttons(surface)
        self.draw_log(surface)
        self.sprites.draw(surface)
        if self.bid_show:
            self._draw_bids(surface)
        if self.score_show:
            self._draw_scores(surface)
        self.floaters.draw(surface)
        if can_act:
            self._draw_focus(surface)
        if not (self.bid_show or self.score_show):
            self.draw_tip(surface)
        self._draw_banner(surface)

    def _draw_cards(self, surface, v, can_act: bool) -> None:
        lay = self.layout
        r = lay.cards_rect
        surface.blit(_dark_panel(r.size), r)
        left = v["round_deck_left"]
        title = f"Round {v['round']} of 4 · cards left in the round: {left}"
        t = theme.fit_text(title, 26, r.w - 36, theme.ON_TABLE, True, max_height=46)
        surface.blit(t, (r.x + 18, r.y + 10))
        choosing = can_act and self.state.phase == "take"
        for cid, rect in self.card_rects():
            if cid in self.hidden_cards:
                continue
            c = next(c for c in self.table_cards if c["id"] == cid)
            s = pieces.card_for(c, CARD, selected=cid == self.sel_card)
            surface.blit(s, s.get_rect(center=rect.center))
            if choosing and cid != self.sel_card and self.sel_card is None:
                pygame.draw.rect(surface, (255, 226, 120), rect.inflate(8, 8), 3,
                                 border_radius=16)
        if not self.table_cards:
            t = _text("No cards on the table", 26, theme.ON_TABLE_SOFT)
            surface.blit(t, t.get_rect(center=r.center))

    def _draw_strip(self, surface, can_act: bool) -> None:
        lay = self.layout
        sr = lay.strip_rect
        surface.blit(_dark_panel(sr.size), sr)
        if self.viewer is None:
            msg = "Cowboys and flags stay hidden while the others play." if self.humans else \
                "Bots at the table."
            surface.blit(theme.fit_text(msg, 28, sr.w - 40, theme.ON_TABLE), (sr.x + 20, sr.y + 80))
            return
        phase = self.state.phase if can_act else self.shown.phase
        if phase == "flags" and self.my_flags():
            room = lay.flag_rect(0).x - sr.x - 26
            t = theme.fit_text("Your flags", 28, room, theme.ON_TABLE, True)
            surface.blit(t, (sr.x + 18, sr.y + 16))
            for i, colour in enumerate(self.my_flags()):
                rr = lay.flag_rect(i)
                chosen = can_act and i == min(self.sel_flag, len(self.my_flags()) - 1)
                if chosen:
                    pygame.draw.rect(surface, theme.FOCUS, rr.inflate(6, 6), 4, border_radius=12)
                pygame.draw.rect(surface, (246, 236, 212), rr, border_radius=10)
                f = pieces.flag(colour, 64)
                surface.blit(f, f.get_rect(center=(rr.centerx, rr.centery - 10)))
                t = theme.fit_text(colour, 22, rr.w - 6, theme.INK, True, max_height=30)
                surface.blit(t, t.get_rect(midbottom=(rr.centerx, rr.bottom - 4)))
            return
        picking = can_act and phase in ("give", "auction", "bid")
        for c, rr in self.token_rects():
            sel = picking and c in self.sel_tokens
            s = pieces.cowboy_token(c, TOKEN, sel, dim=not picking and phase in SIMULTANEOUS)
            surface.blit(s, rr.move(-4, -4))
        if not self.strip_cowboys():
            msg = "Your cowboys are all in your bid." if self.my_cowboys() else \
                "You have no cowboys."
            surface.blit(theme.fit_text(msg, 28, sr.w - 40, theme.ON_TABLE), (sr.x + 20, sr.y + 80))

    def _draw_bids(self, surface) -> None:
        b = self.bid_show
        lay = self.layout
        r = pygame.Rect(lay.bid_panel)
        r.h = 110 + 86 * len(b["rows"])
        r.center = lay.board_rect.center
        theme.draw_panel(surface, r, radius=18)
        t = _text(b["title"], 36, theme.INK, True)
        surface.blit(t, t.get_rect(midtop=(r.centerx, r.y + 18)))
        y = r.y + 78
        for k, (q, cowboys, rank, takes) in enumerate(b["rows"]):
            row_t = b["t"] - 0.15 * k
            if row_t < 0:
                break
            colour = self.colour[q]
            rank_txt = _ordinal(rank) if rank else "-"
            surface.blit(_text(rank_txt, 34, theme.INK, True), (r.x + 24, y + 16))
            surface.blit(pieces.cube(colour, 34), (r.x + 84, y + 14))
            name = theme.fit_text(self.names[q], 30, 158, theme.INK, True)
            surface.blit(name, (r.x + 134, y + 18))
            slide = min(1.0, row_t / 0.4)
            x0 = r.x + 300 - round((1 - slide) * 120)
            if not cowboys:
                surface.blit(_text("no bid", 28, theme.INK_SOFT), (x0, y + 20))
            for i, c in enumerate(cowboys[:12]):
                surface.blit(pieces.cowboy_token(c, 48), (x0 + i * 44, y + 8))
            if len(cowboys) > 12:
                surface.blit(_text(f"+{len(cowboys) - 12}", 28, theme.INK), (x0 + 12 * 44 + 8,
                                                                              y + 20))
            if takes:
                word = "buys" if b["land"] else "chooses"
                s = _text(word, 26, (40, 110, 40), True)
                surface.blit(s, s.get_rect(topright=(r.right - 20, y + 22)))
            y += 86

    def _draw_scores(self, surface) -> None:
        s = self.score_show
        lay = self.layout
        r = lay.score_panel
        theme.draw_panel(surface, r, radius=18)
        title = f"Round {s['round']} scoring"
        t = _text(title, 38, theme.INK, True)
        surface.blit(t, t.get_rect(midtop=(r.centerx, r.y + 16)))
        cols = [label for _, label in CATEGORIES] + ["Round"]
        x0 = r.x + 250
        cw = (r.w - 270) // len(cols)
        for i, label in enumerate(cols):
            h = theme.fit_text(label, 26, cw - 8, theme.INK_SOFT, True)
            surface.blit(h, h.get_rect(midtop=(x0 + cw * i + cw // 2, r.y + 72)))
        y = r.y + 112
        for q in range(self.n):
            row = s["rows"].get(q, {})
            surface.blit(pieces.cube(self.colour[q], 34), (r.x + 24, y))
            name = theme.fit_text(self.names[q], 30, x0 - r.x - 80, theme.INK, True)
            surface.blit(name, (r.x + 72, y + 4))
            total = 0
            for i, (cat, _) in enumerate(CATEGORIES):
                pts, count = row.get(cat, (0, 0))
                total += pts
                txt = f"+{pts}" if pts else "-"
                col = (40, 110, 40) if pts else theme.INK_SOFT
                c = _text(txt, 32, col, bool(pts))
                surface.blit(c, c.get_rect(midtop=(x0 + cw * i + cw // 2, y + 2)))
            c = _text(f"+{total}", 32, theme.INK, True)
            surface.blit(c, c.get_rect(midtop=(x0 + cw * 4 + cw // 2, y + 2)))
            y += 74
        if self.scores_held:
            b = self.scores_button_rect()
            hot = not self.keyboard and self.hover is not None and b.collidepoint(self.hover)
            surface.blit(art.button_surface(b.size, "Continue", "focus" if self.keyboard else
                                            "hover" if hot else "normal", "primary"), b)
        elif s.get("final"):
            hint = _text("Click to continue", 24, theme.INK_SOFT)
            surface.blit(hint, hint.get_rect(midbottom=(r.centerx, r.bottom - 10)))


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _warm_art(colours) -> None:
    """Render the art the table needs once, up front, so no frame pays for it later."""
    from game.engine.colorado.cards import CARDS as ALL

    for c in ALL:
        pieces.card_for(c.to_json(), CARD)
        pieces.card_for(c.to_json(), (96, 130))
    for colour in colours:
        pieces.cube(colour, 48)
        pieces.cube(colour, 34)
        pieces.cube(colour, 30)
        pieces.marker(colour)
    for f in (None, *pieces.FLAG_RGB):
        pieces.flag(f, 58)


@lru_cache(maxsize=8)
def _dark_panel(size) -> pygame.Surface:
    from game.ui import art

    return art.panel_surface(size, "dark")


__all__ = ["TableScene"]
