"""The Oasis table: board with camel path and score track, player panels with their offers,
the cards being carried out, prompt and buttons, bots at a watchable pace.

Structure (as the Oregon table)
-------------------------------
* ``self.state`` is the real game; actions are applied to it at once (``_apply``).
* Their events are queued on ``self.timeline`` (one ``Step`` per event; the final scoring
  one step per category and player).  The screen draws ``self.shown``, a copy of the state
  taken after the previous action, plus what running steps have already put down (tiles,
  camels, markers landed); when the last step of an action ends, ``shown`` catches up.
* Humans act only while the timeline is idle; bots think in a ``BotRunner`` worker thread and
  their choice is applied after ``BOT_PACE`` seconds of animation time.
* Who may see private things (the kinds of one's own score tiles) is ``self.viewer``: the
  only human, or with several humans the one whose turn it is once they have taken the
  table from the hand-off screen.  Offer decks are never shown face up, to anyone.
* Input: mouse, keyboard and pads through intents.  Focus keys: ``deck`` (own offer deck),
  ``offer<q>``, ``card<i>`` (cards being carried out), ``pile`` (own score tiles),
  ``btn<i>`` and ``board`` (a cell cursor moved with the arrows).
"""

from __future__ import annotations

import logging
from collections import Counter
from functools import lru_cache

import pygame

from game.engine.core import IllegalAction
from game.engine.oasis import (
    BonusCamel,
    BonusTile,
    CarryOut,
    IgnoreCard,
    MoveCamel,
    PlaceCamel,
    PlaceTile,
    SkipBonus,
    StopOffer,
    TakeOffer,
    TurnCard,
    new_game,
)
from game.engine.oasis.cards import CARDS, COLOURS, LAND_KINDS, SCORE_KINDS
from game.scenes.table.scene import SharedTable
from game.seats import Seat
from game.ui import art, theme
from game.ui.oasis import art as oart
from game.ui.oasis import tips
from game.ui.oasis.board_view import CAMEL_SIZE, CONTROL_SIZE, BoardView
from game.ui.oasis.layout import CARRY_CARD, COLS, OFFER_CARD, ROWS, TableLayout
from game.ui.oasis.panels import LayoutKey, PanelModel, SupplyModel, draw_panel, render_supply
from game.ui.oasis.projection import best_case, own_score, public_counts
from game.ui.oasis.zoom import ZoomModel, place_zoom, render_zoom
from game.ui.table_anim import drop, fly
from game.ui.table_common import focus_ring
from game.ui.tooltip import TableTips

log = logging.getLogger(__name__)

BOT_PACE = 0.7  # seconds (animation time) between a bot's actions
GAME_NAME = "Oasis"
SCORE_STEP = 0.55  # seconds per category and player in the final count

EVENT_STEPS: dict[str, tuple[float, str | None]] = {
    "round_started": (0.6, "bell"),
    "discs_dealt": (0.2, None),
    "card_turned": (0.4, "flip"),
    "offer_stopped": (0.15, None),
    "cards_drawn": (0.4, "swish"),
    "deck_refilled": (0.6, "shuffle"),
    "no_offer": (0.3, None),
    "choosing": (0.3, None),
    "offer_taken": (0.5, "swish"),
    "disc_handed": (0.5, "token"),
    "card_carried_out": (0.25, "click"),
    "score_tiles_taken": (0.45, "token"),
    "camel_placed": (0.35, "knock"),
    "camel_moved": (0.4, "knock"),
    "card_ignored": (0.3, None),
    "tile_placed": (0.42, "drop"),
    "marker_placed": (0.3, "knock"),
    "marker_moved": (0.45, "knock"),
    "area_uncontrolled": (0.2, None),
    "tile_unplaceable": (0.7, "error"),
    "end_triggered": (0.9, "bell"),
    "cards_discarded": (0.35, "swish"),
    "discs_revealed": (0.6, "flip"),
    "bonus": (0.3, None),
    "bonus_skipped": (0.25, None),
    "ranking": (0.4, None),
    "game_over": (1.2, "fanfare"),
}
CATEGORIES = ("camels", *LAND_KINDS)
BONUS_MODES = ("oasis", "steppe", "stone", "camel")


@theme.rescaled
@lru_cache(maxsize=256)
def _text(msg: str, size: int, colour=theme.INK, bold: bool = False) -> pygame.Surface:
    return theme.text(msg, size, colour, bold)


class TableScene(TableTips, SharedTable):
    bot_pace = BOT_PACE
    track_speed_min = 8.0
    banner_in_anim_time = True
    banner_y = 50
    handoff_message = "Hand the screen over: your score tiles stay hidden until then."
    board_size = (COLS, ROWS)
    strip_keeps = "offer"  # Up from an offer card stays among the cards

    def __init__(self, services, game_id: str, seats: list[Seat], seed: int, state=None):
        super().__init__(services)
        state = state if state is not None else new_game(len(seats), seed)
        # the scores count up during the final scoring, from nothing
        self._init_table(game_id, seats, seed, state, "oasis", TableLayout(len(seats)),
                         lambda i: COLOURS[i].capitalize(), scores=[0] * len(seats))
        self.layout_key = LayoutKey(self.layout)
        self.board_view = BoardView(self.layout, self.state.view(None)["board"])
        self.board_rev = 0
        self.landed_tiles: dict[tuple[int, int], str] = {}
        self.landed_camels: list[tuple[int, tuple[int, int]]] = []
        self.landed_markers: list[tuple[int, tuple[int, int]]] = []
        self.new_markers: list[int] = []  # players whose new marker has landed
        self.hidden_cells: set[tuple[int, int]] = set()  # a camel or marker in flight from
        self.hidden_offers: set[int] = set()  # offers flying to the carrier
        self.highlight: list[tuple[int, int]] = []
        self.scored: list[dict] = [dict() for _ in range(self.n)]
        # the acting human's choices
        self.bonus_mode: str | None = None
        self.pending_tile: tuple[str, tuple[int, int]] | None = None  # marker choice
        self.move_src: tuple[int, int] | None = None
        self.peek = False
        oart.warm(self.colour)
        if self.state.history:
            self.resumed_at = len(self.state.history)
            self.rebuild_log()
        else:
            self.log_opening()

    def log_opening(self) -> None:
        for e in self.state.setup_events():
            self.log_event(e)

    def why(self, action) -> str | None:
        """Why ``action`` is illegal for the actor now (None when it is legal)."""
        try:
            self.state.clone().apply(action, self.acting)
        except IllegalAction as exc:
            return self.rename(str(exc))
        return None

    # --- panels (data, for drawing and tests) ----------------------------------------------
    def panel_model(self, q: int) -> PanelModel:
        v = self.dview()
        pv = v["players"][q]
        seat = self.seats[q]
        own = q == self.viewer and "score_tiles" in pv
        taken = pv["offer_taken_by"]
        offer = () if q in self.hidden_offers else tuple(pv["offer"])
        final = self.scored[q] if self.scored[q] else None
        return PanelModel(
            name=self.names[q], kind="Human" if not seat.is_bot else f"Bot ({seat.level})",
            colour=self.colour[q], disc=pv["disc"] or None,
            handed=pv["handed"] if v["phase"] in ("choose", "carry") else None,
            camels_left=pv["camels_left"] - sum(1 for c, _ in self.landed_camels
                                                if c == self.colour[q]),
            markers_left=pv["markers_left"] - self.new_markers.count(q),
            score_count=pv["score_tile_count"],
            score_tiles=tuple(pv["score_tiles"].items()) if own else None,
            deck_size=pv["offer_deck"], offer=offer,
            offer_taken_by=self.names[taken] if taken is not None and offer else None,
            active=q == self._shown_actor(), size=self.layout.panels[q].size,
            you=q == self.viewer and len(self.humans) > 0,
            score=self.disp_score[q] if final else None,
            **self.projection(q, pv, final),
        )

    def score_counts(self) -> list:
        """Each player's public score counts on the shown board (cached per shown state)."""
        key = ("counts", self.shown_version)
        counts = self._cache.get(key)
        if counts is None:
            self._cache = {k: x for k, x in self._cache.items() if k[0] != "counts"}
            counts = self._cache[key] = [public_counts(self.shown, q) for q in range(self.n)]
        return counts

    def projection(self, q: int, pv: dict, final) -> dict:
        """The score so far for ``q``'s panel: exact with the viewer's own score tiles,
        otherwise the most their face-down tiles could make (never their kinds)."""
        if final or self.shown.phase == "over":
            return {}
        counts = self.score_counts()[q]
        if "score_tiles" in pv:
            return {"projected": own_score(counts, pv["score_tiles"]), "projected_exact": True}
        return {"projected": best_case(counts, pv["score_tile_count"])}

    def _shown_actor(self) -> int | None:
        a = self.shown.actor()
        return a if a >= 0 else None

    def carry_cards(self) -> list[tuple[str, str]]:
        """The cards of the offer being carried out, as shown: (card, "pending" | "current" |
        "done"), in the offer's order."""
        v = self.dview()
        c = v["carrying"]
        if c is None:
            return []
        owner = v["players"][c["player"]]["took"]
        if owner is None or owner in self.hidden_offers:
            return []
        done = Counter(c["done"])
        current = c["current"]
        out = []
        for card in v["players"][owner]["offer"]:
            if done[card]:
                done[card] -= 1
                out.append((card, "done"))
            elif card == current:
                current = None
                out.append((card, "current"))
            else:
                out.append((card, "pending"))
        return out

    def zoom_target(self) -> tuple[str, int, int | None] | None:
        """What the zoom shows: ("offer", owner, card) or ("carry", 0, card) for the face-up
        cards under the pointer, else those with the keyboard/pad focus.  Never a deck."""
        lay = self.layout
        if self.hover is not None and not self.keyboard:
            pos = self.hover
            v = self.dview()
            for q in range(self.n):
                if q in self.hidden_offers or not lay.offer_areas[q].collidepoint(pos):
                    continue
                m = len(v["players"][q]["offer"])
                if not m:
                    continue
                k = next((k for k, r in enumerate(lay.offer_cards[q][:m])
                          if r.collidepoint(pos)), None)
                return ("offer", q, k)
            n = len(self.carry_cards())
            for i, r in enumerate(lay.carry_cards[:n]):
                if r.collidepoint(pos):
                    return ("carry", 0, i)
            return None
        if self.keyboard and self.human_can_act:
            f = self.focus
            if f.startswith("offer"):
                return ("offer", int(f[5:]), None)
            if f.startswith("card") and int(f[4:]) < len(self.carry_cards()):
                return ("carry", 0, int(f[4:]))
        return None

    def zoom_model(self) -> ZoomModel | None:
        """The large card view for what the pointer or focus is on (None for nothing, or a
        face-down deck)."""
        target = self.zoom_target()
        if target is None:
            return None
        what, q, k = target
        v = self.dview()
        if what == "carry":
            cards = self.carry_cards()
            if not cards:
                return None
            who = v["carrying"]["player"]
            return ZoomModel(
                title=f"Cards {self.names[who]} carries out",
                cards=tuple(c for c, _ in cards),
                states=tuple("" if st == "pending" else st for _c, st in cards),
                selected=k, colour=art.PLAYER_COLOURS[self.colour[who]])
        pv = v["players"][q]
        offer = tuple(pv["offer"]) if q not in self.hidden_offers else ()
        if not offer:
            return None
        note = ""
        taken = pv["offer_taken_by"]
        if taken is not None:
            note = f"Taken by {self.names[taken]}."
        elif self.state.phase == "choose" and v["phase"] == "choose" and self.acting is not None:
            p = self.acting
            disc = self.state.pos + 1
            you = p == self.viewer and not self.seats[p].is_bot
            if p == q:
                note = (f"Taking your own offer: you keep disc #{disc}." if you else
                        f"Taking it: {self.names[p]} keeps disc #{disc}.")
            elif you:
                note = f"Taking it hands your disc #{disc} to {self.names[q]}."
            else:
                note = f"Taking it: {self.names[p]} hands disc #{disc} to {self.names[q]}."
        return ZoomModel(title=f"{self.names[q]}'s offer", cards=offer, selected=k, note=note,
                         colour=art.PLAYER_COLOURS[self.colour[q]])

    # --- hover tips ----------------------------------------------------------------------
    def tips(self) -> list:
        return tips.table_tips(self)

    def tips_key(self):
        return (self.human_can_act, tuple(self.hidden_offers), len(self.landed_camels),
                len(self.new_markers), bool(self.scored[0]))

    def cell_tip(self, cell):
        return tips.cell_text(self, cell), None, False

    # --- applying actions ---------------------------------------------------------------
    def _apply(self, action, p: int) -> None:
        events = self.state.apply(action, p)
        self.version += 1
        if not self.seats[p].is_bot:
            self.human_actions += 1
        self.pending_tile = None
        self.move_src = None
        self.message, self.message_error = "", False
        after = self.state.clone()
        for e in events:
            if e.kind == "final_score":
                for cat in CATEGORIES:
                    self.timeline.add(lambda e=e, cat=cat: self._score_category(e, cat),
                                      SCORE_STEP, "final_score")
                continue
            dur, _ = EVENT_STEPS.get(e.kind, (0.2, None))
            self.timeline.add(lambda e=e: self._start_event(e), dur, e.kind)
        self.timeline.add(lambda: self._catch_up(after), 0.0, "catch_up")
        self.note_revealed(events, p)
        self.after_action()

    def _reset_choice(self) -> None:
        self.bonus_mode = None
        self.pending_tile = None
        self.move_src = None
        self.last_human = None

    def _catch_up(self, after) -> None:
        for sprite in self.sprites.items:
            sprite.on_done = None
        self.shown = after
        self.shown_version += 1
        self.board_rev += 1
        self.landed_tiles.clear()
        self.landed_camels.clear()
        self.landed_markers.clear()
        self.new_markers.clear()
        self.hidden_cells.clear()
        self.hidden_offers.clear()
        if not after.is_over():
            self.highlight = []
        if self.bonus_mode and self.acting is not None and self.state.phase != "bonus":
            self.bonus_mode = None

    def _land(self, what: str, item) -> None:
        if what == "tile":
            self.landed_tiles[item[0]] = item[1]
        elif what == "camel":
            self.landed_camels.append(item)
        else:
            self.landed_markers.append(item)
        self.board_rev += 1

    def _panel_point(self, q: int) -> tuple[int, int]:
        r = self.layout.panels[q]
        return (r.x + 200, r.centery)

    def _start_event(self, e) -> None:
        viewer = self.viewer
        text = self.log_event(e)
        q = e.player
        dur, sound = EVENT_STEPS.get(e.kind, (0.2, None))
        d = e.data if (e.private_to is None or viewer == e.private_to) else {}
        lay = self.layout
        kind = e.kind
        if kind == "card_turned":
            slot = lay.offer_cards[q][d["position"] - 1]
            self.sprites.add(fly(oart.card_face(d["card"], OFFER_CARD), lay.decks[q].center,
                                 slot.center, dur, arc=30))
        elif kind == "cards_drawn":
            for k in range(e.data.get("count", 0)):
                self.sprites.add(fly(oart.card_back(OFFER_CARD), lay.draw_deck.center,
                                     lay.decks[q].move(0, 14).center, dur * 0.8,
                                     delay=0.1 * k, arc=40))
        elif kind == "offer_taken":
            owner = e.data["owner"]
            self.hidden_offers.add(owner)
            for k, card in enumerate(e.data["cards"]):
                end = lay.carry_cards[k].center if k < 3 else lay.carry_cards[-1].center
                self.sprites.add(fly(oart.card_face(card, CARRY_CARD), lay.offer_cards[owner][k].center,
                                     end, dur, delay=0.05 * k, arc=50))
        elif kind == "disc_handed":
            self.sprites.add(fly(oart.disc(e.data["disc"], 44, True), lay.discs[e.data["from"]].center,
                                 lay.handed[e.data["to"]].center, dur, arc=70))
        elif kind == "score_tiles_taken":
            score_kind = d.get("kind")  # the kind is the taker's secret
            i = SCORE_KINDS.index(score_kind) if score_kind in SCORE_KINDS else 0
            for k in range(e.data.get("count", 0)):
                self.sprites.add(fly(oart.score_tile(None, 40), lay.score_stacks[i].center,
                                     lay.piles[q].center, dur, delay=0.08 * k, arc=60))
        elif kind == "camel_placed":
            cell = tuple(e.data["cell"])
            col = self.colour[q]
            self.sprites.add(drop(oart.camel(col, CAMEL_SIZE), lay.cell_rect(*cell).center, dur,
                                  on_done=lambda: self._land("camel", (col, cell))))
        elif kind == "camel_moved":
            src, dst = tuple(e.data["src"]), tuple(e.data["dst"])
            col = self.colour[q]
            self.hidden_cells.add(src)
            self.board_rev += 1
            self.sprites.add(fly(oart.camel(col, CAMEL_SIZE), lay.cell_rect(*src).center,
                                 lay.cell_rect(*dst).center, dur, arc=40,
                                 on_done=lambda: self._land("camel", (col, dst))))
        elif kind == "tile_placed":
            cell = tuple(e.data["cell"])
            tk = e.data["kind"]
            self.sprites.add(drop(oart.land_tile(tk, lay.cell_rect(0, 0).w),
                                  lay.cell_rect(*cell).center, dur,
                                  on_done=lambda: self._land("tile", (cell, tk))))
        elif kind in ("marker_placed", "marker_moved"):
            col = self.colour[q]
            dst = tuple(e.data["cell"] if kind == "marker_placed" else e.data["dst"])
            r = lay.cell_rect(*dst)
            from game import assets

            surf = assets.piece(col, CONTROL_SIZE, "farmer", shadow=True)
            end = (r.right + 4 - CONTROL_SIZE // 2, r.bottom + 2 - CONTROL_SIZE // 2)
            if kind == "marker_placed":
                start = self._panel_point(q)
            else:
                src = tuple(e.data["src"])
                self.hidden_cells.add(("m", *src))
                self.board_rev += 1
                sr = lay.cell_rect(*src)
                start = (sr.right + 4 - CONTROL_SIZE // 2, sr.bottom + 2 - CONTROL_SIZE // 2)
            placed = kind == "marker_placed"

            def landed(col=col, dst=dst, placed=placed, q=q) -> None:
                self._land("marker", (col, dst))
                if placed:
                    self.new_markers.append(q)

            self.sprites.add(fly(surf, start, end, dur, arc=60, on_done=landed))
        elif kind == "round_started":
            self.banner, self.banner_time = f"Round {e.data.get('round', '')}", 1.6
        elif kind in ("end_triggered", "tile_unplaceable"):
            self.banner, self.banner_time = text, 3.0
        elif kind == "discs_revealed":
            self.banner, self.banner_time = "Discs turned up", 1.4
        elif kind == "bonus":
            self.banner, self.banner_time = f"{self.names[q]}: bonus action", 1.6
        elif kind == "game_over":
            self.banner, self.banner_time = text, 4.0
        if sound:
            self.services.audio.play(sound)

    def _score_category(self, e, cat: str) -> None:
        """Count one category of one player's final score, with what scores highlighted."""
        q = e.player
        d = e.data
        info = d[cat]
        if cat == "camels":
            cells = [tuple(c) for c in info["group"]]
            what = f"largest caravan {info['size']} × {info['goods']} goods"
        else:
            cells = [tuple(c) for c in d["cells"][cat]]
            tiles = next(k for k in info if k not in ("areas", "tiles", "points"))
            what = f"{info['tiles']} {cat} × {info[tiles]} {tiles}"
        pts = info["points"]
        self.highlight = cells
        self.scored[q][cat] = pts
        self.disp_score[q] += pts
        self.log.add(f"{self.names[q]}: {cat} {pts} ({what})", self.colour[q])
        src = self.layout.cell_rect(*cells[len(cells) // 2]).center if cells else \
            self._panel_point(q)
        if pts:
            self.floaters.add(f"+{pts}", src, self._panel_point(q), colour=(255, 232, 140),
                              duration=SCORE_STEP * 1.6)
            self.services.audio.play("coin")
        else:
            self.services.audio.play("tick")
        self.banner, self.banner_time = f"{self.names[q]}: {cat} {pts}", SCORE_STEP + 0.1

    # --- the loop ---------------------------------------------------------------------------
    def _hand_off(self, p: int) -> None:
        self.peek = False
        super()._hand_off(p)

    # --- results ------------------------------------------------------------------------------
    def result_rows(self) -> list:
        st = self.state
        final = st.final or []
        rows = []
        for rank, q in enumerate(st.ranking):
            f = final[q]
            breakdown = {"Camels": f["camels"]["points"], "Oasis": f["oasis"]["points"],
                         "Steppe": f["steppe"]["points"], "Stone": f["stone"]["points"],
                         "Total": f["total"], "Disc": f"#{st.disc[q]}"}
            rows.append((self.names[q], self.colour[q], rank + 1, f["total"], breakdown,
                         rank == 0))
        return rows

    def _show_results(self) -> None:
        from game.scenes.results import ResultRow, ResultsScene

        rows = [ResultRow(*r) for r in self.result_rows()]
        self.services.stack.push(ResultsScene(
            self.services, GAME_NAME, rows, self.play_again, self.services.to_title,
            ["Camels", "Oasis", "Steppe", "Stone", "Disc"]))

    # --- overlays -----------------------------------------------------------------------------
    # --- what the acting human may do -----------------------------------------------------
    @property
    def step_name(self) -> str:
        return self.state.step()

    def tile_kind(self) -> str | None:
        """The land kind being placed now (a tile card, or the bonus mode)."""
        st = self.state
        if st.phase == "carry" and st.current is not None and CARDS[st.current].effect == "tiles":
            return CARDS[st.current].what
        if st.phase == "bonus" and self.bonus_mode in LAND_KINDS:
            return self.bonus_mode
        return None

    def cell_targets(self) -> dict[tuple[int, int], str]:
        """Cells the acting human may click now, with their glow: "start", "extend",
        "camel", "marker" (own marker to move / own camel to move)."""
        if not self.human_can_act:
            return {}
        key = ("cells", self.version, self.bonus_mode, self.pending_tile, self.move_src)
        if key in self._cache:
            return self._cache[key]
        st, p = self.state, self.acting
        out: dict = {}
        step = st.step()
        if self.pending_tile is not None:
            out = {tuple(m): "marker" for m in st.view(p)["players"][p]["markers"]}
        elif step in ("place_tiles", "bonus") and self.tile_kind():
            out = dict(st.tile_targets(self.tile_kind(), p))
        elif step == "place_camels" or (step == "bonus" and self.bonus_mode == "camel"):
            out = dict.fromkeys(st.camel_targets(), "camel")
        elif step == "move_camels":
            if self.move_src is None:
                xy = st.board.xy
                out = {xy[c]: "marker" for c in st.board.path_cells if st.camel_at[c] == p}
            else:
                out = dict.fromkeys(st.camel_targets(), "camel")
        self._cache[key] = out
        return out

    def bonus_options(self) -> dict[str, bool]:
        st, p = self.state, self.acting
        legal = self.legal()
        return {
            **{k: any(isinstance(a, BonusTile) and a.kind == k for a in legal)
               for k in LAND_KINDS},
            "camel": any(isinstance(a, BonusCamel) for a in legal) and st.camels_left[p] > 0,
        }

    def buttons(self) -> list[tuple[str, object, bool, bool]]:
        """(label, action or callable, enabled, primary) for the button slots."""
        if not self.human_can_act:
            return []
        st = self.state
        step = st.step()
        legal = self.legal()
        if self.pending_tile is not None:
            return [("Leave uncontrolled", self._leave_uncontrolled, True, False),
                    ("Cancel", self._cancel, True, False)]
        if step == "offer":
            return [("Turn up a card", TurnCard(), TurnCard() in legal, True),
                    ("Stop here", StopOffer(), StopOffer() in legal, False)]
        if step == "move_camels":
            out = [("Ignore the rest", IgnoreCard(), IgnoreCard() in legal, False)]
            if self.move_src is not None:
                out.append(("Cancel", self._cancel, True, False))
            return out
        if step == "bonus":
            opts = self.bonus_options()
            names = {"oasis": "Oasis tile", "steppe": "Steppe tile", "stone": "Stone tile",
                     "camel": "Camel"}
            out = [(names[m], (lambda m=m: self.set_bonus_mode(m)), opts[m],
                    self.bonus_mode == m) for m in BONUS_MODES]
            out.append(("Skip bonus", SkipBonus(), True, False))
            return out
        return []

    def set_bonus_mode(self, mode: str) -> None:
        self.bonus_mode = mode
        self.pending_tile = None
        self.services.audio.play("tick")
        if self.keyboard:
            self._focus_board()

    def _cancel(self) -> None:
        self.pending_tile = None
        self.move_src = None

    def _leave_uncontrolled(self) -> None:
        if self.pending_tile is not None:
            kind, cell = self.pending_tile
            self._try(self._tile_action(kind, cell, "none"))

    def _tile_action(self, kind, cell, marker_from=None):
        cls = BonusTile if self.state.phase == "bonus" else PlaceTile
        return cls(kind, cell, marker_from)

    def _try(self, action) -> bool:
        why = self.why(action)
        if why:
            self.error(why)
            return False
        self._apply(action, self.acting)
        return True

    def click_cell(self, cell: tuple[int, int]) -> None:
        if not self.human_can_act:
            return
        st = self.state
        step = st.step()
        targets = self.cell_targets()
        if self.pending_tile is not None:
            kind, target = self.pending_tile
            if cell in targets:
                self._try(self._tile_action(kind, target, cell))
            else:
                self.error("Click one of your control markers (they glow pink) to move it to "
                           "the new area, or leave the new area uncontrolled.")
            return
        kind = self.tile_kind()
        if kind is not None:
            mode = targets.get(cell)
            if mode is None:
                self.error(self.why(self._tile_action(kind, cell)) or "That cell is not free.")
            elif mode == "start" and st.view(self.acting)["players"][self.acting][
                    "markers_left"] == 0:
                self.pending_tile = (kind, cell)
                self.services.audio.play("tick")
                if self.keyboard:
                    self._focus_board()
            else:
                self._try(self._tile_action(kind, cell))
            return
        if step == "place_camels" or (step == "bonus" and self.bonus_mode == "camel"):
            cls = BonusCamel if step == "bonus" else PlaceCamel
            self._try(cls(cell))
            return
        if step == "move_camels":
            if self.move_src is None:
                if cell in targets:
                    self.move_src = cell
                    self.services.audio.play("tick")
                    if self.keyboard:
                        self._focus_board()
                else:
                    self.error("Click one of your camels to move it (or ignore the card).")
            else:
                self._try(MoveCamel(self.move_src, cell))
            return
        if step == "bonus":
            self.error("Choose what to place first: a tile kind or a camel (or skip).")
        elif step == "offer":
            self.error("Turn up a card from your offer deck, or stop the offer.")
        elif step == "choose":
            self.error("Choose an offer first: click the cards in front of another player.")
        elif step == "pick_card":
            self.error("Choose which of your cards to carry out next (below the board).")

    # --- focus targets --------------------------------------------------------------------
    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """Focusable things, in Tab order."""
        out: list[tuple[str, pygame.Rect]] = []
        if not self.human_can_act:
            return out
        lay = self.layout
        step = self.state.step()
        p = self.acting
        if step == "offer":
            out.append(("deck", lay.decks[p]))
        elif step == "choose":
            for q in range(self.n):
                if TakeOffer(q) in self.legal():
                    out.append((f"offer{q}", lay.offer_areas[q]))
        elif step == "pick_card":
            for i, (_card, st) in enumerate(self.carry_cards()[:3]):
                if st == "pending":
                    out.append((f"card{i}", lay.carry_cards[i]))
        if self.cell_targets():
            out.append(("board", lay.board_rect))
        for i, _b in enumerate(self.buttons()):
            out.append((f"btn{i}", lay.button_rect(i)))
        out.append(("pile", lay.piles[p]))
        return out + self.undo_target()

    def activate(self, key: str) -> None:
        p = self.acting
        if key == "deck":
            self._try(TurnCard())
        elif key.startswith("offer"):
            self._try(TakeOffer(int(key[5:])))
        elif key.startswith("card"):
            cards = self.carry_cards()
            i = int(key[4:])
            if i < len(cards):
                card, st = cards[i]
                if st == "pending":
                    self._try(CarryOut(card))
                else:
                    self.error("That card is " + ("being carried out." if st == "current"
                                                  else "already carried out."))
        elif key == "pile":
            self.peek = not self.peek
            self.services.audio.play("flip")
        elif key.startswith("btn"):
            self.press_button(int(key[3:]))
        elif key == "board":
            self.click_cell(self.cursor)
        elif key == "undo":
            self.undo()
        del p

    def disabled_reason(self, label: str) -> str:
        if label == "Stop here":
            return "An offer holds at least one card: turn one up first."
        if label == "Turn up a card":
            return "No further card may be turned up."
        if label == "Camel":
            return "You cannot place a camel: none left, or the path is full."
        if label.endswith("tile"):
            return f"There is no legal cell for {label.lower().removesuffix(' tile')} tile."
        return "Not possible now."

    def _focus_default(self) -> None:
        keys = [k for k, _ in self.targets()]
        for want in ("deck", "card0", "card1", "card2", "board", "btn0"):
            if want in keys:
                self.focus = want
                break
        else:
            offers = [k for k in keys if k.startswith("offer")]
            if offers:
                self.focus = offers[0]
        if self.focus == "board":
            self._focus_board()

    def right_click(self) -> None:
        self._cancel()

    def _focus_board(self) -> None:
        self.focus = "board"
        cells = list(self.cell_targets())
        self.cursor_near(cells)

    # --- input --------------------------------------------------------------------------------
    def on_back(self) -> bool:
        if self.pending_tile is not None or self.move_src is not None:
            self._cancel()
            return True
        return super().on_back()

    def click_elsewhere(self, pos) -> None:
        self._explain_click(pos)

    def _explain_click(self, pos) -> None:
        """A click on something that cannot be used now says why."""
        lay = self.layout
        p = self.acting
        step = self.state.step()
        for q in range(self.n):
            if lay.offer_areas[q].collidepoint(pos):
                if step == "choose":
                    self.error(self.why(TakeOffer(q)) or "")
                else:
                    self.error("Offers are chosen once every offer is on the table.")
                return
            if lay.decks[q].collidepoint(pos):
                if q != p:
                    self.error("Offer decks stay face down: nobody may look at them.")
                else:
                    self.error("Offer decks stay face down: cards are turned up only while "
                               "you make your offer.")
                return
        for i, r in enumerate(lay.carry_cards):
            if r.collidepoint(pos) and i < len(self.carry_cards()):
                self.activate(f"card{i}") if step == "pick_card" else self.error(
                    "Finish the card being carried out first.")
                return

    # --- prompts ------------------------------------------------------------------------------
    def prompt(self) -> str:
        waiting = self.waiting_prompt()
        if waiting is not None:
            return waiting
        st = self.state
        p = self.acting
        step = st.step()
        if self.pending_tile is not None:
            return ("All 4 control markers are in use: click one (pink) to move it onto the "
                    "new area, or leave the new area uncontrolled.")
        if step == "offer":
            m = len(st.offers[p])
            if m == 0:
                return "Make your offer: turn up the top card of your deck (1 to 3 cards)."
            return (f"{m} card{'s' if m > 1 else ''} offered. Turn up another, or stop "
                    f"(you then draw {2 if m == 1 else 1 if m == 2 else 0}).")
        if step == "choose":
            return f"You hold disc #{st.pos + 1}: click an offer to take it."
        if step == "pick_card":
            return "Click the card to carry out next."
        if step == "place_tiles":
            kind = self.tile_kind()
            return (f"Place {'an' if kind == 'oasis' else 'a'} {kind} tile ({st.left} to go): "
                    "gold extends an area, blue brackets start a new one.")
        if step == "place_camels":
            return f"Place a camel on an empty path cell ({st.left} to go)."
        if step == "move_camels":
            if self.move_src is None:
                return (f"All your camels are out: click one to move ({st.left} to go), "
                        "or ignore the card.")
            return "Click an empty path cell to move the camel to."
        if step == "bonus":
            if self.bonus_mode is None:
                return "Bonus action (disc #1): choose a land tile of any kind or a camel."
            what = "camel" if self.bonus_mode == "camel" else f"{self.bonus_mode} tile"
            return f"Bonus: click a glowing cell for your {what}, or choose something else."
        return ""

    # --- drawing ------------------------------------------------------------------------------
    def _board_layer(self, v):
        key = ("pieces", self.shown_version, self.board_rev)
        w = v["board"]["width"]
        bonus = {(x, y) for x, y, _ in v["board"]["bonus"]}
        tiles = {}
        for i, kind in enumerate(v["tile"]):
            if kind:
                cell = (i % w, i // w)
                if cell not in bonus:
                    tiles[cell] = kind
        tiles.update(self.landed_tiles)
        camels = [(self.colour[o], (i % w, i // w)) for i, o in enumerate(v["camel"])
                  if o >= 0 and (i % w, i // w) not in self.hidden_cells]
        camels += self.landed_camels
        markers = [(self.colour[q], tuple(m)) for q, pv in enumerate(v["players"])
                   for m in pv["markers"] if ("m", *m) not in self.hidden_cells]
        markers += self.landed_markers
        return self.board_view.pieces(key, tiles, v["areas"], markers, camels,
                                      lambda o: self.colour[o])

    def _backdrop(self, v) -> pygame.Surface:
        """The table, track, board base, panels and supply in one opaque surface, redrawn
        only when a panel or the supply changes (one blit a frame)."""
        models = tuple(self.panel_model(q) for q in range(self.n))
        supply = self._supply_model(v)
        key = (models, supply)
        cached = self._cache.get("backdrop")
        if cached is not None and cached[0] == key:
            return cached[1]
        surf = cached[1] if cached is not None else pygame.Surface((1920, 1080)).convert() \
            if pygame.display.get_surface() else pygame.Surface((1920, 1080))
        if cached is None:
            self.board_view.draw_base(surf)
        else:  # only the right column changes
            col = pygame.Rect(self.layout.panels[0].x - 8, 0, 1920, 1080)
            surf.blit(self.board_view.base, col, col)
        surf.blit(render_supply(supply, self.layout_key), self.layout.supply_rect)
        for q, m in enumerate(models):
            draw_panel(surf, self.layout_key, m, q)
        self._cache["backdrop"] = (key, surf)
        return surf

    def _board_surface(self, v) -> pygame.Surface:
        """The board with its pieces, opaque, redrawn only when a piece changes."""
        layer = self._board_layer(v)
        cached = self._cache.get("board")
        if cached is not None and cached[0] is layer and cached[2] == self.board_view._pieces_key:
            return cached[1]
        b = self.layout.board_rect
        surf = cached[1] if cached is not None else pygame.Surface(b.size).convert() \
            if pygame.display.get_surface() else pygame.Surface(b.size)
        surf.blit(self.board_view.base, (0, 0), b)
        surf.blit(layer, (0, 0))
        self._cache["board"] = (layer, surf, self.board_view._pieces_key)
        return surf

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        bv = self.board_view
        v = self.dview()
        surface.blit(self._backdrop(v), (0, 0))
        lay.labels.draw(surface)
        surface.blit(self._board_surface(v), lay.board_rect)
        if self.highlight:
            bv.draw_cells(surface, self.highlight, "score", self.t)
        can_act = self.human_can_act
        if can_act:
            targets = self.cell_targets()
            if targets:
                for kind in ("extend", "start", "camel", "marker"):
                    cells = [c for c, k in targets.items() if k == kind]
                    if cells:
                        bv.draw_cells(surface, cells, kind, self.t)
            picked = self.pending_tile[1] if self.pending_tile else self.move_src
            if picked is not None:
                bv.draw_cells(surface, [picked], "pick")
            if self.hover_cell and not self.keyboard:
                bv.draw_cells(surface, [self.hover_cell], "hover")
            if self.keyboard and self.focus == "board":
                bv.draw_cells(surface, [self.cursor], "cursor")
        bv.draw_markers(surface, [(self.colour[q], self.track[q]) for q in range(self.n)])
        if can_act and self.state.phase == "choose":
            for key, rect in self.targets():
                if key.startswith("offer"):
                    focus_ring(surface, rect, soft=True)
        if can_act and self.state.phase == "offer":
            focus_ring(surface, lay.decks[self.acting], soft=True)
        self._draw_carry(surface, can_act)
        self._draw_message(surface)
        self._draw_buttons(surface)
        self.draw_log(surface)
        self.sprites.draw(surface)
        self.floaters.draw(surface)
        if can_act:
            self._draw_focus(surface)
        self._draw_peek(surface)
        self._draw_zoom(surface)
        if self.peek_lines() is None and self.zoom_target() is None:
            self.draw_tip(surface)  # the peek and the zoom explain what they show
        self._draw_banner(surface)

    def _draw_zoom(self, surface) -> None:
        m = self.zoom_model()
        if m is None:
            return
        what, q, _k = self.zoom_target()
        lay = self.layout
        if what == "offer":  # beside its owner's panel, over the board: no panel is hidden
            anchor = lay.panels[q]
        else:
            anchor = lay.carry_cards[0].union(lay.carry_cards[min(2, len(m.cards) - 1)])
        img = render_zoom(m)
        surface.blit(img, place_zoom(img.get_size(), anchor, pygame.Rect(0, 0, 1920, 1080)))

    def _supply_model(self, v) -> SupplyModel:
        return SupplyModel(
            land=tuple((k, v["supply"][k]) for k in LAND_KINDS),
            score=tuple((k, v["score_supply"][k]) for k in SCORE_KINDS),
            draw_deck=v["draw_deck"],
            discard_top=v["discards"][-1] if v["discards"] else None,
            discards=len(v["discards"]))

    def _draw_carry(self, surface, can_act: bool) -> None:
        lay = self.layout
        cards = self.carry_cards()
        picking = can_act and self.state.step() == "pick_card"
        for i, (card, st) in enumerate(cards[:3]):
            r = lay.carry_cards[i]
            lift = -14 if st == "current" else 0
            face = oart.card_face(card, CARRY_CARD, st == "current")
            surface.blit(face, r.move(-4, -2 + lift))
            if st == "done":
                surface.blit(_dim(CARRY_CARD), r)
                tick = theme.fit_text("done", 24, r.w - 8, theme.ON_TABLE, True)
                surface.blit(tick, tick.get_rect(center=r.center))
            elif picking:
                focus_ring(surface, r, soft=True)
        if not cards:
            for r in lay.carry_cards:
                pygame.draw.rect(surface, (120, 90, 60), r, 2, border_radius=10)
            span = lay.carry_cards[-1].right - lay.carry_cards[0].x
            t = theme.fit_text("cards being carried out", 22, span - 8, theme.ON_TABLE_SOFT)
            surface.blit(t, t.get_rect(center=lay.carry_cards[1].center))
        else:
            v = self.dview()
            who = v["carrying"]["player"]
            tag = _text(self.names[who], 22, theme.ON_TABLE, True)
            r = lay.carry_cards[0]
            back = pygame.Rect(0, 0, tag.get_width() + 16, 28)
            back.midbottom = (r.centerx, r.y + 8)
            pygame.draw.rect(surface, art.PLAYER_COLOURS[self.colour[who]], back, border_radius=14)
            surface.blit(tag, tag.get_rect(center=back.center))

    def peek_lines(self) -> list[tuple[str, int]] | None:
        """The viewer's own score tiles by kind, while they look at their pile."""
        q = self.viewer
        if q is None:
            return None
        hovering = self.hover is not None and self.layout.piles[q].collidepoint(self.hover) \
            and not self.keyboard
        if not (self.peek or hovering):
            return None
        own = self.panel_model(q).score_tiles
        return list(own) if own is not None else None

    def _draw_peek(self, surface) -> None:
        lines = self.peek_lines()
        if lines is None:
            return
        q = self.viewer
        pile = self.layout.piles[q]
        title = _text("Your score tiles (only you see these)", 22, theme.INK_SOFT)
        counts = [_text(f"×{count}", 26, theme.INK, True) for _, count in lines]
        kinds = [_text(kind, 18, theme.INK_SOFT) for kind, _ in lines]
        col = max([86] + [50 + c.get_width() + 8 for c in counts]
                  + [k.get_width() + 8 for k in kinds])
        top = max(40, title.get_height() + 13)
        r = pygame.Rect(0, 0, max(4 * col, title.get_width()) + 24,
                        max(120, top + 52 + theme.line_height(18) + 6))
        r.topleft = (pile.x - 40, pile.bottom + 10)
        r.clamp_ip(pygame.Rect(8, 8, 1904, 1064))
        theme.draw_panel(surface, r, radius=12)
        surface.blit(title, (r.x + 12, r.y + 8))
        for i, (kind, _count) in enumerate(lines):
            x = r.x + 12 + i * col
            surface.blit(oart.score_tile(kind, 46), (x, r.y + top))
            surface.blit(counts[i], (x + 50, r.y + top + 10))
            surface.blit(kinds[i], (x, r.y + top + 52))


@lru_cache(maxsize=8)
def _dim(size) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (30, 20, 12, 140), s.get_rect(), border_radius=10)
    return s


__all__ = ["TableScene"]
