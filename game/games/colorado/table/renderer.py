"""Drawing of the Colorado County table: the board with cubes, lakes, flags and the acting
player's choices on it, the players' panels, the revealed cards, the viewer's strip (flags or
cowboys), and the bid and round scoring overlays.  Everything drawn comes from the table's
``dview()`` (what the seat looking now may know) and from what running steps put down."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.games.colorado.art import pieces
from game.games.colorado.art.layout import CARD, COLS, ROWS, TOKEN
from game.games.colorado.art.projection import round_points
from game.games.colorado.engine.cards import CARDS
from game.games.colorado.engine.events import COLOUR_TERMS
from game.games.colorado.engine.phases import Phase
from game.games.colorado.table.panels import PanelModel, draw_panel
from game.games.colorado.table.prompts import SIMULTANEOUS
from game.games.colorado.table.results import CATEGORIES
from game.i18n import N_, _
from game.scenes.table import screen as table_screen
from game.ui import art, theme

GOOD = (40, 110, 40)  # points scored, a bid that takes
FLAG_LABEL_MARGIN = 6  # px kept clear inside a flag's slot: the name is dark ink on the light slot
FLAG_LABEL_PX, FLAG_LABEL_SMALLEST = 22, 16  # a flag's colour name: its size at 100 %, its least
SCORE_TITLE_Y, SCORE_HEAD_Y, SCORE_ROWS_Y = 16, 72, 112  # at 100 %, one-line headings
SCORE_ROW = 74
SCORE_FOOT = 102  # below the rows: the Continue button, or the hint


@theme.rescaled
@lru_cache(maxsize=512)
def _text(msg: str, size: int, colour=theme.INK, bold: bool = False) -> pygame.Surface:
    return theme.text(msg, size, colour, bold)


@lru_cache(maxsize=8)
def _dark_panel(size) -> pygame.Surface:
    return art.panel_surface(size, "dark")


# Translators: places in a ranking, as short as they can be written
ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd"), 4: N_("4th"), 5: N_("5th")}


def ordinal(n: int) -> str:
    """A place in the ranking ("1st"), in the player's language."""
    return _(ORDINALS[n])


def kind_label(seat) -> str:
    """"Human" or "Bot (easy)", in the player's language."""
    return seat.kind_text()


def warm_art(colours) -> None:
    """Render the art the table needs once, up front, so no frame pays for it later."""
    for c in CARDS:
        pieces.card_for(c.to_json(), CARD)
        pieces.card_for(c.to_json(), (96, 130))
    for colour in colours:
        pieces.cube(colour, 48)
        pieces.cube(colour, 34)
        pieces.cube(colour, 30)
        pieces.marker(colour)
    for f in (None, *pieces.FLAG_RGB):
        pieces.flag(f, 58)


# --- panels -------------------------------------------------------------------------------------
# Translators: on a player's panel: their secret bid is in
BID_IN = N_("bid in")


def bid_text(table, q: int) -> str:
    """Player ``q``'s bid as their panel shows it (only whether it is in, until revealed)."""
    v = table.dview()
    if v["phase"] == Phase.BID and not table.game.bid_show:
        return _(BID_IN) if v["bids_in"][q] else _("bidding...")
    if v["phase"] == Phase.AUCTION and v["sale"] and q in v["sale"]["auction_bidders"]:
        return _(BID_IN) if q in v["sale"]["auction_bids_in"] else _("bidding...")
    lb = v["last_bids"]
    if lb and v["phase"] == Phase.TAKE:
        b = lb["bids"][q]
        rank = lb["ranking"].index(q) + 1 if q in lb["ranking"] else None
        if not b or not rank:
            # Translators: a player's revealed bid on their panel: how many cowboys
            return _("bid {n}").format(n=len(b))
        # Translators: a player's revealed bid on their panel: how many cowboys, their place
        return _("bid {n} ({place})").format(n=len(b), place=ordinal(rank))
    return ""


def panel_model(table, q: int) -> PanelModel:
    v = table.dview()
    seat = table.seats[q]
    lakes = sum(1 for lk in v["lakes"] if table.game.lake_over.get(lk["index"], lk["owner"]) == q)
    active = q in v["to_act"] and not table.timeline.busy
    bid = bid_text(table, q)
    return PanelModel(
        name=table.names[q], kind=kind_label(seat),
        colour=table.colour[q], score=table.disp_score[q], cubes_left=v["cubes_left"][q],
        sale_tokens=v["sale_tokens"][q], sales_this_round=v["sales_this_round"][q],
        cowboys=v["cowboy_counts"][q], flags_in_hand=v["flags_in_hand"][q], lakes=lakes,
        bid=bid, bid_in=bid == _(BID_IN), active=active, size=table.layout.panels[q].size,
        you=q == table.viewer and bool(table.humans), round_points=panel_round_points(table, q))


def panel_round_points(table, q: int) -> tuple[tuple[str, int], ...] | None:
    """Player ``q``'s points if the round were scored now (None once the game is over)."""
    if table.shown.is_over():
        return None
    key = ("round_points", table.shown_version)
    points = table._cache.get(key)
    if points is None:
        table._cache = {k: x for k, x in table._cache.items() if k[0] != "round_points"}
        points = table._cache[key] = round_points(table.shown)
    return tuple(points[q].items())


def drawn_texts(table) -> list[str]:
    """Every text the table draws now (panels, prompt, buttons, overlays, log) - for
    tests of what a player may see."""
    out: list[str] = []
    for q in range(table.n):
        out += table.game.panel_model(q).texts()
    out.append(table.controls.prompt())
    out += [b[0] for b in table.controls.buttons()]
    out += [str(c) for c in (table.controls.my_cowboys() if table.viewer is not None else [])]
    if table.game.bid_show:
        for row in table.game.bid_show["rows"]:
            out += [str(c) for c in row[1]]
    lines = getattr(table.log, "lines", None)
    if lines is None:
        lines = [getattr(e, "text", "") for e in getattr(table.log, "_entries", [])]
    out += [x[0] if isinstance(x, tuple) else str(x) for x in lines]
    return out


# --- the table ----------------------------------------------------------------------------------
class ColoradoRenderer:
    """Draws ``table`` (the Colorado County scene) as it stands this frame."""

    def __init__(self, table) -> None:
        self.table = table

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        lay = t.layout
        v = t.dview()
        can_act = t.human_can_act
        self._board(surface, v, can_act)
        for q in range(t.n):
            draw_panel(surface, lay.panels[q], panel_model(t, q))
        self._cards(surface, v, can_act)
        self._strip(surface, can_act)
        table_screen.draw_message(t, surface)
        table_screen.draw_buttons(t, surface)
        table_screen.draw_log(t, surface)
        t.sprites.draw(surface)
        t.floaters.draw(surface)  # under the overlays: they own the screen while they show
        if t.game.bid_show:
            self._bids(surface)
        if t.game.score_show:
            self._scores(surface)
        if can_act:
            table_screen.draw_focus(t, surface)
        table_screen.draw_banner(t, surface)
        if not (t.game.bid_show or t.game.score_show):
            t.hover_tips.draw_tip(surface)  # over the coach's bubble too

    # --- the board ------------------------------------------------------------------------------
    def _board(self, surface: pygame.Surface, v: dict, can_act: bool) -> None:
        t = self.table
        bv = t.game.board_view
        bv.draw_base(surface)
        t.layout.labels.draw(surface)
        owners = v["owners"]
        cubes = []
        for y in range(ROWS):
            for x in range(COLS):
                o = t.game.cube_over.get((x, y), owners[y][x])
                if o >= 0:
                    cubes.append((t.colour[o], (x, y)))
        lakes = [dict(lk, owner=t.game.lake_over.get(lk["index"], lk["owner"])) for lk in v["lakes"]]
        if t.game.highlight:
            col, cells, _left = t.game.highlight
            bv.draw_tint(surface, cells, col)
        bv.draw_cubes(surface, cubes)
        bv.draw_lake_owners(surface, lakes, t.colour)
        if can_act:
            self._choice_cells(surface)
        if not t.game.flags_cleared:
            self._flags(surface, v)
        t.follow.draw_last_moves(surface)
        if t.game.sale_mark or (v["sale"] and v["phase"] in (Phase.INTEREST, Phase.GIVE, Phase.AUCTION)):
            cell = t.game.sale_mark or tuple(v["sale"]["cell"])
            bv.draw_cells(surface, [cell], "sale", t.t)
        if can_act and t.known.phase == Phase.TAKE and t.controls.choice.use_flag is not None:
            self._ghost(surface)
        if can_act:
            if t.hover_cell and not t.keyboard:
                bv.draw_hover(surface, t.hover_cell)
            if t.keyboard and t.focus == "board":
                bv.draw_cursor(surface, t.cursor, t.t)
        bv.draw_markers(surface, [(t.colour[q], t.track[q]) for q in range(t.n)])

    def _choice_cells(self, surface: pygame.Surface) -> None:
        """The cells the acting human may choose now glow."""
        t = self.table
        choice = t.controls.choice
        glow, cells = choice.lit_cells()
        if glow == "flag" and len(cells) > 40:
            glow = "soft"
        if cells:
            t.game.board_view.draw_cells(surface, cells, glow, t.t)
        if t.known.phase == Phase.OFFER and choice.sel_cell:
            t.game.board_view.draw_cells(surface, [choice.sel_cell], "flag")

    def _flags(self, surface: pygame.Surface, v: dict) -> None:
        """The flags on the board, those landing now, turning face up while they flip."""
        t = self.table
        flags = [(tuple(f["cell"]), f["colour"]) for f in v["flags"]]
        have = {c for c, _ in flags}
        flags += [(c, col) for c, col in t.game.flag_over.items() if c not in have]
        if t.game.flip is not None:
            flags = [(c, t.game.flag_over.get(c, col)) for c, col in flags]
        t.game.board_view.draw_flags(surface, flags,
                                t.game.flip if t.game.flip is not None and t.game.flip < 1 else None)

    def _ghost(self, surface: pygame.Surface) -> None:
        """The chosen card laid on its flag: its stars, the cubes on them, the bad ones."""
        t = self.table
        choice = t.controls.choice
        pv = choice.card_preview()
        a = choice.card_action()
        bad = set(a.cubes) if pv and not pv["legal"] else set()
        t.game.board_view.draw_ghost(surface, t.colour[t.chooser], choice.ghost_cells(), set(a.cubes),
                                bad, t.t, blocked={c for c, _why, _o in choice.blocked_stars()})

    # --- below and beside the board ------------------------------------------------------------
    def _cards(self, surface: pygame.Surface, v: dict, can_act: bool) -> None:
        t = self.table
        r = t.layout.cards_rect
        surface.blit(_dark_panel(r.size), r)
        title = _("Round {round} of 4 · cards left in the round: {n}").format(
            round=v["round"], n=v["round_deck_left"])
        s = theme.fit_text(title, 26, r.w - 36, theme.ON_TABLE, True, max_height=46)
        surface.blit(s, (r.x + 18, r.y + 10))
        choosing = can_act and t.known.phase == Phase.TAKE
        sel = t.controls.choice.sel_card
        for cid, rect in t.controls.card_rects():
            if cid in t.game.hidden_cards:
                continue
            c = next(c for c in t.game.table_cards if c["id"] == cid)
            s = pieces.card_for(c, CARD, selected=cid == sel)
            surface.blit(s, s.get_rect(center=rect.center))
            if choosing and cid != sel and sel is None:
                pygame.draw.rect(surface, (255, 226, 120), rect.inflate(8, 8), 3,
                                 border_radius=16)
        if not t.game.table_cards:
            s = _text(_("No cards on the table"), 26, theme.ON_TABLE_SOFT)
            surface.blit(s, s.get_rect(center=r.center))

    def _strip(self, surface: pygame.Surface, can_act: bool) -> None:
        """The viewer's own things: their flags while flags are placed, else their cowboys."""
        t = self.table
        sr = t.layout.strip_rect
        surface.blit(_dark_panel(sr.size), sr)
        if t.viewer is None:
            msg = _("Cowboys and flags stay hidden while the others play.") if t.humans else \
                _("Bots at the table.")
            self._strip_note(surface, msg)
            return
        phase = t.known.phase if can_act else t.shown.phase
        if phase == Phase.FLAGS and t.controls.my_flags():
            self._strip_flags(surface, can_act)
            return
        picking = can_act and phase in (Phase.GIVE, Phase.AUCTION, Phase.BID)
        for c, rr in t.controls.token_rects():
            sel = picking and c in t.controls.choice.sel_tokens
            s = pieces.cowboy_token(c, TOKEN, sel, dim=not picking and phase in SIMULTANEOUS)
            surface.blit(s, rr.move(-4, -4))
        if not t.controls.strip_cowboys():
            self._strip_note(surface, _("Your cowboys are all in your bid.") if t.controls.my_cowboys()
                             else _("You have no cowboys."))

    def _strip_note(self, surface: pygame.Surface, msg: str) -> None:
        sr = self.table.layout.strip_rect
        surface.blit(theme.fit_text(msg, 28, sr.w - 40, theme.ON_TABLE), (sr.x + 20, sr.y + 80))

    def _strip_flags(self, surface: pygame.Surface, can_act: bool) -> None:
        t = self.table
        lay = t.layout
        sr = lay.strip_rect
        room = lay.flag_rect(0).x - sr.x - 26
        px, lines = strip_title(_("Your flags"), room)
        step = theme.font(px, True, fixed=True).get_linesize()
        for k, line in enumerate(lines):
            surface.blit(theme.text(line, px, theme.ON_TABLE, True, fixed=True),
                         (sr.x + 18, sr.y + 16 + k * step))
        flags = t.controls.my_flags()
        for i, colour in enumerate(flags):
            rr = lay.flag_rect(i)
            if can_act and i == min(t.controls.choice.sel_flag, len(flags) - 1):
                pygame.draw.rect(surface, theme.FOCUS, rr.inflate(6, 6), 4, border_radius=12)
            pygame.draw.rect(surface, (246, 236, 212), rr, border_radius=10)
            f = pieces.flag(colour, 64)
            surface.blit(f, f.get_rect(center=(rr.centerx, rr.centery - 10)))
            # 22 px grown with the text size, down to 16 px where a long name needs it
            s = theme.fit_text(_(COLOUR_TERMS[colour]), FLAG_LABEL_SMALLEST,
                               rr.w - 2 * FLAG_LABEL_MARGIN,
                               theme.INK, True, max_height=30,
                               cap=theme.ui_scale() * FLAG_LABEL_PX / FLAG_LABEL_SMALLEST)
            surface.blit(s, s.get_rect(midbottom=(rr.centerx, rr.bottom - 4)))

    # --- overlays -----------------------------------------------------------------------------
    def _bids(self, surface: pygame.Surface) -> None:
        """The revealed bids, best first, each row sliding in after the one above it."""
        t = self.table
        b = t.game.bid_show
        r = pygame.Rect(t.layout.bid_panel)
        r.h = 110 + 86 * len(b["rows"])
        r.center = t.layout.board_rect.center
        theme.draw_panel(surface, r, radius=18)
        s = _text(b["title"], 36, theme.INK, True)
        surface.blit(s, s.get_rect(midtop=(r.centerx, r.y + 18)))
        y = r.y + 78
        for k, row in enumerate(b["rows"]):
            row_t = b["t"] - 0.15 * k
            if row_t < 0:
                break
            self._bid_row(surface, r, y, row, row_t, b["land"])
            y += 86

    def _bid_row(self, surface: pygame.Surface, r: pygame.Rect, y: int, row: tuple,
                 row_t: float, land: bool) -> None:
        t = self.table
        q, cowboys, rank, takes = row
        surface.blit(_text(ordinal(rank) if rank else "-", 34, theme.INK, True),
                     (r.x + 24, y + 16))
        surface.blit(pieces.cube(t.colour[q], 34), (r.x + 84, y + 14))
        surface.blit(theme.fit_text(t.names[q], 30, 158, theme.INK, True), (r.x + 134, y + 18))
        slide = min(1.0, row_t / 0.4)
        x0 = r.x + 300 - round((1 - slide) * 120)
        if not cowboys:
            surface.blit(_text(_("no bid"), 28, theme.INK_SOFT), (x0, y + 20))
        for i, c in enumerate(cowboys[:12]):
            surface.blit(pieces.cowboy_token(c, 48), (x0 + i * 44, y + 8))
        if len(cowboys) > 12:
            surface.blit(_text(f"+{len(cowboys) - 12}", 28, theme.INK), (x0 + 12 * 44 + 8,
                                                                          y + 20))
        if takes:
            s = _text(_("buys") if land else _("chooses"), 26, GOOD, True)
            surface.blit(s, s.get_rect(topright=(r.right - 20, y + 22)))

    def _scores(self, surface: pygame.Surface) -> None:
        """The round scoring: points per category and player, then Continue or a hint."""
        t = self.table
        sc = t.game.score_show
        r, head_y, rows_y = score_panel(t)
        theme.draw_panel(surface, r, radius=18)
        s = _text(score_title(sc["round"]), 38, theme.INK, True)
        surface.blit(s, s.get_rect(midtop=(r.centerx, r.y + SCORE_TITLE_Y)))
        x0, cw = r.x + 250, score_column_width(r)
        for i, label in enumerate(score_columns()):
            px, lines, step = score_heading(label, cw)
            for k, line in enumerate(lines):
                h = theme.text(line, px, theme.INK_SOFT, True, fixed=True)
                surface.blit(h, h.get_rect(midtop=(x0 + cw * i + cw // 2, head_y + k * step)))
        y = rows_y
        for q in range(t.n):
            self._score_row(surface, r, x0, cw, y, q, sc["rows"].get(q, {}))
            y += SCORE_ROW
        if t.game.scores_held:
            b = t.game.scores_button_rect()
            hot = not t.keyboard and t.hover is not None and b.collidepoint(t.hover)
            surface.blit(art.button_surface(b.size, _("Continue"), "focus" if t.keyboard else
                                            "hover" if hot else "normal", "primary"), b)
        elif sc.get("final"):
            hint = _text(_("Click to continue"), 24, theme.INK_SOFT)
            surface.blit(hint, hint.get_rect(midbottom=(r.centerx, r.bottom - 10)))

    def _score_row(self, surface: pygame.Surface, r: pygame.Rect, x0: int, cw: int, y: int,
                   q: int, row: dict) -> None:
        t = self.table
        surface.blit(pieces.cube(t.colour[q], 34), (r.x + 24, y))
        name = theme.fit_text(t.names[q], 30, x0 - r.x - 80, theme.INK, True)
        surface.blit(name, (r.x + 72, y + 4))
        total = 0
        for i, (cat, _label) in enumerate(CATEGORIES):
            pts, _count = row.get(cat, (0, 0))
            total += pts
            c = _text(f"+{pts}" if pts else "-", 32, GOOD if pts else theme.INK_SOFT, bool(pts))
            surface.blit(c, c.get_rect(midtop=(x0 + cw * i + cw // 2, y + 2)))
        c = _text(f"+{total}", 32, theme.INK, True)
        surface.blit(c, c.get_rect(midtop=(x0 + cw * 4 + cw // 2, y + 2)))


@lru_cache(maxsize=16)
def _strip_title(title: str, room: int, scale: float) -> tuple[int, list[str]]:
    px = theme.scaled(28)
    while True:  # a longer title takes two lines; a long word, a smaller size (not below 28)
        lines = theme.wrap(title, px, room, True, fixed=True)
        widest = max(theme.font(px, True, fixed=True).size(line)[0] for line in lines)
        if px <= 28 or (widest <= room and len(lines) <= 2):
            return px, lines
        px -= 2


def strip_title(title: str, room: int) -> tuple[int, list[str]]:
    """The strip's title in ``room`` px: (px, lines)."""
    return _strip_title(title, room, theme.ui_scale())


# --- the round scoring's panel ---------------------------------------------------------------
def score_title(rnd: int) -> str:
    return _("Round {round} scoring").format(round=rnd)


def score_columns() -> list[str]:
    """The round scoring's column headings: the categories, then the round's points."""
    # Translators: the round scoring's last column: the round's points
    return [_(label) for _cat, label in CATEGORIES] + [_("Round")]


def score_column_width(panel: pygame.Rect) -> int:
    return (panel.w - 270) // (len(CATEGORIES) + 1)


def score_heading(label: str, width: int) -> tuple[int, list[str], int]:
    """A column heading in at most two lines of ``width``: (px, lines, step)."""
    return theme.fit_wrap(label, 26, width - 8, 2 * theme.line_height(26, True), True,
                          max_lines=2)


def score_panel(table) -> tuple[pygame.Rect, int, int]:
    """The round scoring's panel (the layout's, taller when a larger text size or two-line
    headings need it, still centred on the board), where its headings and rows start."""
    base = table.layout.score_panel
    title_h = _text(score_title(4), 38, theme.INK, True).get_height()
    cw = score_column_width(base)
    head_h = max(len(lines) * step for _px, lines, step in
                 (score_heading(label, cw) for label in score_columns()))
    head_y = max(SCORE_HEAD_Y, SCORE_TITLE_Y + title_h + 4)
    rows_y = max(SCORE_ROWS_Y, head_y + head_h + 6)
    r = pygame.Rect(base)
    r.h = max(base.h, rows_y + SCORE_ROW * table.n + SCORE_FOOT)
    r.center = table.layout.board_rect.center
    return r, r.y + head_y, r.y + rows_y
