"""Drawing the Oregon table: board and pieces, supply, player panels, the hand strip.

``OregonRenderer`` draws what the table shows (``table.dview()``, the viewer's view of the
shown state, plus what running steps have put down: ``table.game.presenter.put``) and the acting
player's half-made move (``table.controls.choice``); the prompt, buttons, log, focus ring, tooltip and
banner are the shared table's (``game.ui.table_common``), called here in drawing order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import assets
from game.games.oregon.art import pictures as art
from game.games.oregon.art.board_view import MARKER_SIZE, BoardView, piece_surface, tile_surface
from game.games.oregon.art.layout import CARD
from game.games.oregon.engine import card_info
from game.games.oregon.engine.phases import Phase
from game.games.oregon.table.panels import (
    LayoutKey,
    PanelModel,
    SupplyModel,
    draw_panel,
    render_supply,
)
from game.i18n import N_, _
from game.scenes.table import screen as table_screen
from game.ui import theme
from game.ui.table_common import focus_ring

if TYPE_CHECKING:
    from game.games.oregon.table.parts import OregonTable

LIFT = 26  # pixels a chosen card stands above the hand
JOKER_LIFT = 22
ICON = 76  # the token or tile beside the prompt that asks for it
HIDDEN_HANDS = N_("Hands stay hidden while the others play.")
# Who sits at a seat, under the name on its panel.
HUMAN = N_("Human")


def dim_card(size: tuple[int, int]) -> pygame.Surface:
    """The shade over a card that cannot be used now."""
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (30, 20, 12, 110), s.get_rect(), border_radius=10)
    return s


class OregonRenderer:
    """Draws ``table`` (the Oregon table scene) each frame."""

    def __init__(self, table: OregonTable, board_view: BoardView) -> None:
        self.table = table
        self.board = board_view
        self._dim = dim_card(CARD)
        self._layout_key = LayoutKey(table.layout)  # the supply cache's key for this layout

    # --- data for the panels (also read by the tips and tests) ---------------------------
    def panel_model(self, q: int) -> PanelModel:
        t = self.table
        v = t.dview()
        pv = v["players"][q]
        put = t.game.presenter.put
        coal_values = gold_values = None
        final = v.get("final")
        if q == t.viewer and v["coal"] is not None:
            coal_values, gold_values = tuple(v["coal"]), tuple(v["gold"])
        elif final:
            coal_values, gold_values = tuple(final["coal"][q]), tuple(final["gold"][q])
        seat = t.seats[q]
        landed = sum(1 for c, _ in put.farmers if c == t.colour[q])
        return PanelModel(
            name=t.names[q], kind=seat.kind_text(),
            colour=t.colour[q], score=t.disp_score[q],
            farmers_left=pv["farmers_left"] - landed,
            joker=put.token_over.get((q, "joker"), pv["joker_active"]),
            extra=put.token_over.get((q, "extra"), pv["extra_active"]),
            coal_count=pv["coal_count"], gold_count=pv["gold_count"],
            coal_values=coal_values, gold_values=gold_values,
            active=q == t.shown.current and not t.shown.is_over(),
            size=t.layout.panels[q].size, you=q == t.viewer and len(t.humans) > 0,
        )

    def card_rect(self, i: int, hand: list[int]) -> pygame.Rect:
        """Where card ``i`` of ``hand`` is drawn: lifted while it is chosen."""
        r = self.table.layout.card_rect(i, len(hand))
        if i < len(hand) and hand[i] in self.table.controls.choice.selected:
            r = r.move(0, -LIFT)
        return r

    # --- a frame ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        v = t.dview()
        can_act = t.human_can_act
        self.board.draw_base(surface)
        t.layout.labels.draw(surface)
        self._draw_supply(surface, v)
        self._draw_pieces(surface, v)
        t.follow.draw_last_moves(surface)
        if can_act:
            self._draw_board_choice(surface)
        self.board.draw_markers(surface, [(t.colour[q], t.track[q]) for q in range(t.n)])
        for q in range(t.n):
            draw_panel(surface, t.layout.panels[q], self.panel_model(q))
        self._draw_hand(surface, can_act)
        table_screen.draw_message(t, surface)
        table_screen.draw_buttons(t, surface)
        table_screen.draw_log(t, surface)
        t.sprites.draw(surface)
        t.floaters.draw(surface)
        if can_act:
            table_screen.draw_focus(t, surface)
        table_screen.draw_banner(t, surface)
        t.hover_tips.draw_tip(surface)  # over the coach's bubble too

    def _draw_pieces(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        put = self.table.game.presenter.put
        self.board.draw_buildings(surface, v["buildings"])
        if put.buildings:
            self.board.draw_buildings(surface, put.buildings)
        colour = self.table.colour
        farmers = [(colour[q], tuple(c)) for q, pv in enumerate(v["players"])
                   for c in pv["farmers"]]
        self.board.draw_farmers(surface, farmers + put.farmers)

    def _draw_board_choice(self, surface: pygame.Surface) -> None:
        """The cells the acting human may use, and the pointer's or the cursor's cell."""
        t = self.table
        kind, cells = t.controls.legal_cells()
        if cells:
            self.board.draw_glows(surface, cells, kind, t.t)
        if t.hover_cell and not t.keyboard:
            self.board.draw_hover(surface, t.hover_cell)
        if t.keyboard and t.focus == "board":
            self.board.draw_cursor(surface, t.cursor, t.t)

    def _draw_supply(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        disc = v["discards"]
        model = SupplyModel(
            stacks=tuple(v["stacks"].items()),
            decks=(v["decks"]["landscape"], v["decks"]["building"]),
            discard_tops=(disc["landscape"][-1] if disc["landscape"] else None,
                          disc["building"][-1] if disc["building"] else None),
            discard_sizes=(len(disc["landscape"]), len(disc["building"])),
        )
        lay = self.table.layout
        surface.blit(render_supply(model, self._layout_key), lay.supply_rect)
        for deck in self.table.controls.draw_decks():
            focus_ring(surface, lay.decks[deck].inflate(6, 6), soft=True)

    # --- the hand strip -------------------------------------------------------------------
    def _draw_hand(self, surface: pygame.Surface, can_act: bool) -> None:
        t = self.table
        if t.viewer is None:
            if t.humans:
                x = t.layout.card_rect(0).x
                msg = theme.fit_text(_(HIDDEN_HANDS), 30, t.layout.message_rect.x - x - 20,
                                     theme.ON_TABLE)
                surface.blit(msg, (x, 940))
            return
        hand = t.controls.hand()
        usable = can_act and t.known.phase in (Phase.PLAY, Phase.DRAW)
        selected = t.controls.choice.selected
        for i, c in enumerate(hand):
            r = self.card_rect(i, hand)
            info = card_info(c)
            ident = info.get("symbol") or info["building"]
            chosen = c in selected
            art.blit_card(surface, info["kind"], ident, r.topleft, CARD, chosen,
                          lift=1.6 if chosen else 1.0)
            if not usable:
                surface.blit(self._dim, r)
        self._draw_joker(surface, t.viewer, len(hand))
        pending = t.dview().get("pending_card")
        if pending is not None and can_act:
            info = card_info(pending)
            art.blit_card(surface, info["kind"], info.get("building") or info["symbol"],
                          t.layout.pending_rect.topleft, CARD, True)

    def _draw_joker(self, surface: pygame.Surface, q: int, hand_size: int) -> None:
        """The viewer ``q``'s joker token beside their hand."""
        t = self.table
        active = t.dview()["players"][q]["joker_active"]
        joker_on = t.game.presenter.put.token_over.get((q, "joker"), active)
        jr = t.layout.joker_rect(hand_size)
        if t.controls.choice.joker:
            jr = jr.move(0, -JOKER_LIFT)
            pygame.draw.circle(surface, theme.FOCUS, jr.center, jr.w // 2 + 7)
        surface.blit(art.action_token("joker", jr.w, joker_on), jr)
        # the room between the last card and the prompt, centred under the token
        lay = t.layout
        room = 2 * min(jr.centerx - lay.card_rect(max(4, hand_size) - 1).right - 8,
                       lay.message_rect.x - 8 - jr.centerx)
        # Translators: the label under the joker token beside the hand
        label = theme.fit_text(_("Joker"), 24, room,
                               theme.ON_TABLE if joker_on else theme.ON_TABLE_SOFT)
        surface.blit(label, label.get_rect(midtop=(jr.centerx, jr.bottom + 4)))

    def message_icon(self) -> pygame.Surface | None:
        """The extra-turn token or the start tile beside the prompt that asks for it."""
        t = self.table
        if not t.human_can_act:
            return None
        phase = t.known.phase
        if phase == Phase.EXTRA_TURN:
            return art.action_token("extra_turn", ICON, True)
        if phase == Phase.START_TILE:
            p = t.acting
            assert p is not None, "a human can act, so someone acts"
            tile = t.known.view(p)["players"][p]["start_tile"]
            return art.building_tile(tile, ICON, True) if tile else None
        return None


def warm_art(colours: list[int]) -> None:
    """Render the art the table will need once, up front, so no frame pays for it later."""
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
        assets.piece(c, MARKER_SIZE, "marker", shadow=True)
        assets.piece(c, 40, "farmer")
