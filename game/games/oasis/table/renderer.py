"""Drawing the Oasis table: one cached backdrop (table, track, board base, panels, supply),
the board with its pieces (cached until a piece changes), then what moves or glows each
frame: target cells, score markers, the cards being carried out, prompt and buttons, log,
flying pieces, the focus, the score-tile peek, the card zoom, tips and the banner.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from game.games.oasis.art import pictures as oart
from game.games.oasis.art.layout import CARRY_CARD
from game.games.oasis.art.terms import score_name
from game.games.oasis.art.zoom import place_zoom, render_zoom
from game.games.oasis.engine.phases import CarryStep, Phase
from game.games.oasis.table import models
from game.games.oasis.table.panels import draw_panel, render_supply
from game.i18n import _
from game.scenes.table import screen as table_screen
from game.ui import art, theme
from game.ui.table_common import focus_ring

if TYPE_CHECKING:
    from game.games.oasis.table.parts import OasisTable

SCREEN = pygame.Rect(0, 0, 1920, 1080)
GLOWS = ("extend", "start", "camel", "marker")


@theme.rescaled
@lru_cache(maxsize=256)
def _text(msg: str, size: int, colour=theme.INK, bold: bool = False) -> pygame.Surface:
    return theme.text(msg, size, colour, bold)


@lru_cache(maxsize=8)
def _dim(size) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (30, 20, 12, 140), s.get_rect(), border_radius=10)
    return s


def _opaque(size) -> pygame.Surface:
    """A surface in the display's format once there is a display."""
    surf = pygame.Surface(size)
    return surf.convert() if pygame.display.get_surface() else surf


def draw(t: OasisTable, surface: pygame.Surface) -> None:
    """The whole table for one frame."""
    v = t.dview()
    surface.blit(_backdrop(t, v), (0, 0))
    t.layout.labels.draw(surface)
    surface.blit(_board_surface(t, v), t.layout.board_rect)
    if t.game.highlight:
        t.game.board_view.draw_cells(surface, t.game.highlight, "score", t.t)
    t.follow.draw_last_moves(surface)
    can_act = t.human_can_act
    if can_act:
        _draw_cell_glows(t, surface)
    t.game.board_view.draw_markers(surface, [(t.colour[q], t.track[q]) for q in range(t.n)])
    if can_act:
        _draw_hints(t, surface)
    _draw_carry(t, surface, can_act)
    table_screen.draw_message(t, surface)
    table_screen.draw_buttons(t, surface)
    table_screen.draw_log(t, surface)
    t.sprites.draw(surface)
    t.floaters.draw(surface)
    if can_act:
        table_screen.draw_focus(t, surface)
    _draw_peek(t, surface)
    _draw_zoom(t, surface)
    table_screen.draw_banner(t, surface)
    if models.peek_lines(t) is None and models.zoom_target(t) is None:
        t.hover_tips.draw_tip(surface)  # over the coach's bubble; the peek and the zoom explain themselves


def _board_layer(t: OasisTable, v: dict[str, Any]):
    key = ("pieces", t.shown_version, t.game.landed.rev)
    w = v["board"]["width"]
    bonus = {(x, y) for x, y, _kind in v["board"]["bonus"]}
    tiles = {}
    for i, kind in enumerate(v["tile"]):
        if kind:
            cell = (i % w, i // w)
            if cell not in bonus:
                tiles[cell] = kind
    tiles.update(t.game.landed.tiles)
    hidden = t.game.landed.hidden_cells
    camels = [(t.colour[o], (i % w, i // w)) for i, o in enumerate(v["camel"])
              if o >= 0 and (i % w, i // w) not in hidden]
    camels += t.game.landed.camels
    markers = [(t.colour[q], tuple(m)) for q, pv in enumerate(v["players"])
               for m in pv["markers"] if ("m", *m) not in hidden]
    markers += t.game.landed.markers
    return t.game.board_view.pieces(key, tiles, v["areas"], markers, camels, lambda o: t.colour[o])


def _backdrop(t: OasisTable, v: dict[str, Any]) -> pygame.Surface:
    """The table, track, board base, panels and supply in one opaque surface, redrawn only
    when a panel or the supply changes (one blit a frame)."""
    panels = tuple(models.panel_model(t, q) for q in range(t.n))
    supply = models.supply_model(v)
    key = (panels, supply)
    cached = t._cache.get("backdrop")
    if cached is not None and cached[0] == key:
        return cached[1]
    if cached is None:
        surf = _opaque((1920, 1080))
        t.game.board_view.draw_base(surf)
    else:  # only the right column changes
        surf = cached[1]
        col = pygame.Rect(t.layout.panels[0].x - 8, 0, 1920, 1080)
        surf.blit(t.game.board_view.base, col, col)
    surf.blit(render_supply(supply, t.game.layout_key), t.layout.supply_rect)
    for q, m in enumerate(panels):
        draw_panel(surf, t.game.layout_key, m, q)
    t._cache["backdrop"] = (key, surf)
    return surf


def _board_surface(t: OasisTable, v: dict[str, Any]) -> pygame.Surface:
    """The board with its pieces, opaque, redrawn only when a piece changes."""
    layer = _board_layer(t, v)
    bv = t.game.board_view
    cached = t._cache.get("board")
    if cached is not None and cached[0] is layer and cached[2] == bv._pieces_key:
        return cached[1]
    b = t.layout.board_rect
    surf = cached[1] if cached is not None else _opaque(b.size)
    surf.blit(bv.base, (0, 0), b)
    surf.blit(layer, (0, 0))
    t._cache["board"] = (layer, surf, bv._pieces_key)
    return surf


def _draw_cell_glows(t: OasisTable, surface: pygame.Surface) -> None:
    """The cells the acting human may click, the picked one, the pointer or cursor."""
    bv = t.game.board_view
    targets = t.controls.cell_targets()
    for kind in GLOWS if targets else ():
        cells = [c for c, k in targets.items() if k == kind]
        if cells:
            bv.draw_cells(surface, cells, kind, t.t)
    choice = t.controls.choice
    picked = choice.pending_tile[1] if choice.pending_tile else choice.move_src
    if picked is not None:
        bv.draw_cells(surface, [picked], "pick")
    if t.hover_cell and not t.keyboard:
        bv.draw_cells(surface, [t.hover_cell], "hover")
    if t.keyboard and t.focus == "board":
        bv.draw_cells(surface, [t.cursor], "cursor")


def _draw_hints(t: OasisTable, surface: pygame.Surface) -> None:
    """Soft rings round what the acting human may take: the offers, or their own deck."""
    if t.known.phase == Phase.CHOOSE:
        for key, rect in t.controls.targets():
            if key.startswith("offer"):
                focus_ring(surface, rect, soft=True)
    if t.known.phase == Phase.OFFER:
        focus_ring(surface, t.layout.decks[t.acting], soft=True)


def _draw_zoom(t: OasisTable, surface: pygame.Surface) -> None:
    m = models.zoom_model(t)
    target = models.zoom_target(t)
    if m is None or target is None:
        return
    what, q, _k = target
    lay = t.layout
    if what == "offer":  # beside its owner's panel, over the board: no panel is hidden
        anchor = lay.panels[q]
    else:
        anchor = lay.carry_cards[0].union(lay.carry_cards[min(2, len(m.cards) - 1)])
    img = render_zoom(m)
    surface.blit(img, place_zoom(img.get_size(), anchor, SCREEN))


def _draw_carry(t: OasisTable, surface: pygame.Surface, can_act: bool) -> None:
    """The cards being carried out below the board (or their empty places)."""
    lay = t.layout
    cards = models.shown_carry_cards(t)
    picking = can_act and t.known.step() == CarryStep.PICK_CARD
    for i, (card, st) in enumerate(cards[:3]):
        r = lay.carry_cards[i]
        lift = -14 if st == "current" else 0
        face = oart.card_face(card, CARRY_CARD, st == "current")
        surface.blit(face, r.move(-4, -2 + lift))
        if st == "done":
            surface.blit(_dim(CARRY_CARD), r)
            # Translators: over a card already carried out
            tick = theme.fit_text(_("done"), 24, r.w - 8, theme.ON_TABLE, True)
            surface.blit(tick, tick.get_rect(center=r.center))
        elif picking:
            focus_ring(surface, r, soft=True)
    if cards:
        _draw_carrier(t, surface)
        return
    for r in lay.carry_cards:
        pygame.draw.rect(surface, (120, 90, 60), r, 2, border_radius=10)
    span = lay.carry_cards[-1].right - lay.carry_cards[0].x
    label = theme.fit_text(_("cards being carried out"), 22, span - 8, theme.ON_TABLE_SOFT)
    surface.blit(label, label.get_rect(center=lay.carry_cards[1].center))


def _draw_carrier(t: OasisTable, surface: pygame.Surface) -> None:
    """The name tag of who carries the cards out, over the first card."""
    who = t.dview()["carrying"]["player"]
    tag = _text(t.names[who], 22, theme.ON_TABLE, True)
    r = t.layout.carry_cards[0]
    back = pygame.Rect(0, 0, tag.get_width() + 16, 28)
    back.midbottom = (r.centerx, r.y + 8)
    pygame.draw.rect(surface, art.PLAYER_COLOURS[t.colour[who]], back, border_radius=14)
    surface.blit(tag, tag.get_rect(center=back.center))


def _draw_peek(t: OasisTable, surface: pygame.Surface) -> None:
    """The viewer's own score tiles by kind, under their pile, while they look at it."""
    lines = models.peek_lines(t)
    if lines is None:
        return
    pile = t.layout.piles[t.viewer]
    title = _text(_("Your score tiles (only you see these)"), 22, theme.INK_SOFT)
    counts = [_text(f"×{count}", 26, theme.INK, True) for _kind, count in lines]
    kinds = [_text(score_name(kind), 18, theme.INK_SOFT) for kind, _count in lines]
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
