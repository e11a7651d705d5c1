"""Player panels and the supply of the Oasis table.

A panel is drawn from a ``PanelModel`` (plain data, so tests can check what a panel shows:
offer decks only ever as a face-down count, score-tile kinds only on their owner's panel).
Rendered panels are cached by their model: an unchanged panel costs one blit.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game import assets
from game.games.oasis.art import pictures as oart
from game.games.oasis.art.layout import DISC, OFFER_CARD, PILE, TableLayout
from game.games.oasis.art.zoom import card_words
from game.i18n import _, ngettext
from game.ui import art, theme
from game.ui.surface_cache import surface_cache
from game.ui.table_common import draw_panel_frame

CAMEL_TEXT_X = 118


@dataclass(frozen=True)
class PanelModel:
    name: str
    kind: str  # "Human" or "Bot (easy)"
    colour: int
    disc: int | None  # the disc held face up (this round's order)
    handed: int | None  # the disc handed to this player this round (face down)
    camels_left: int
    markers_left: int
    score_count: int
    score_tiles: tuple[tuple[str, int], ...] | None  # kinds: only for their owner
    deck_size: int  # the offer deck: never shown face up, not even to its owner
    offer: tuple[str, ...]  # face up on the table
    offer_taken_by: str | None  # name of who took the offer
    active: bool
    size: tuple[int, int]
    you: bool = False
    score: int | None = None  # final score, once counted
    projected: int | None = None  # while playing: the score now (own) or at most (others)
    projected_exact: bool = False  # True for the viewer's own panel

    def texts(self) -> list[str]:
        """Every text the panel says, in order, in the player's language (for tests and
        screen readers)."""
        out = [self.name, self.kind]
        if self.disc:
            out.append(_("disc #{disc}").format(disc=self.disc))
        if self.handed:
            out.append(_("handed #{disc}").format(disc=self.handed))
        out += [ngettext("{n} camel", "{n} camels", self.camels_left).format(
                    n=self.camels_left),
                ngettext("{n} control marker", "{n} control markers", self.markers_left).format(
                    n=self.markers_left),
                ngettext("{n} score tile", "{n} score tiles", self.score_count).format(
                    n=self.score_count),
                # Translators: a player's face-down offer deck and how many cards it holds
                _("deck {n}").format(n=self.deck_size)]
        out += [_("offer: {card}").format(card=card_words(c)[0]) for c in self.offer]
        if self.offer_taken_by:
            out.append(taken_label(self.offer_taken_by))
        if self.score is not None:
            out.append(ngettext("{n} point", "{n} points", self.score).format(n=self.score))
        elif self.projected is not None:
            out.append(" ".join(projected_label(self)))
        return out


def projected_label(m: PanelModel) -> tuple[str, str]:
    """The score so far as the panel shows it: its word and its number."""
    # Translators: before the score so far, on one's own panel ("now 42")
    word = _("now") if m.projected_exact else _("up to")
    return word, str(m.projected)


def taken_label(name: str) -> str:
    # Translators: on an offer another player took
    return _("taken by {player}").format(player=name)


TEXT_SCALE_CAP = 1.2  # the panels beside the board cannot grow: what they hold


def _t(msg, size, colour=theme.INK, bold=False, display=False, max_width=10_000):
    return theme.fit_text(msg, size, max_width, colour, bold, display, cap=TEXT_SCALE_CAP)


@theme.rescaled
@surface_cache(mib=4)  # the panels on show, a few times over
def render_panel(m: PanelModel, layout_key) -> pygame.Surface:
    lay: TableLayout = layout_key.layout
    w, h = m.size
    i = layout_key.index(m)
    origin = lay.panels[i].topleft
    surf = pygame.Surface((w + 12, h + 12), pygame.SRCALPHA)

    def at(rect: pygame.Rect) -> pygame.Rect:
        return rect.move(6 - origin[0], 6 - origin[1])

    colour = art.PLAYER_COLOURS[m.colour]
    draw_panel_frame(surf, (w, h), colour, m.active)
    x0 = 28
    surf.blit(art.player_badge(m.colour, 44), (x0, 12))
    right = at(lay.decks[i]).x - 14
    if m.score is not None:
        sc = theme.text(f"{m.score}", 40, art.shade(colour, 0.55) if m.colour
                        else (150, 100, 10), display=True, fixed=True)
        surf.blit(sc, sc.get_rect(topright=(right, 8)))
        right -= sc.get_width() + 12
    elif m.projected is not None:  # the score so far, small: final scores count up big
        word, value = projected_label(m)
        sc = theme.text(value, 32, art.shade(colour, 0.55) if m.colour else (150, 100, 10),
                        display=True, fixed=True)
        surf.blit(sc, sc.get_rect(topright=(right, 12)))
        label = _t(word, 20, theme.INK_SOFT)
        surf.blit(label, label.get_rect(bottomright=(right - sc.get_width() - 6, 12 + 34)))
        right -= sc.get_width() + label.get_width() + 18
    room = right - (x0 + 52)
    # Translators: a player's name on their own panel
    shown = _("{player}  (you)").format(player=m.name) if m.you else m.name
    name = _t(shown, 30, theme.INK, bold=True, max_width=room)
    surf.blit(name, (x0 + 52, 10))
    kind = _t(m.kind, 22, theme.INK_SOFT, max_width=room - name.get_width() - 12)
    if theme.ui_scale() == 1.0 or name.get_width() + 12 + kind.get_width() <= room:
        surf.blit(kind, (x0 + 54 + name.get_width() + 10, 17 + (name.get_height() - 36) // 2))
    # second line: discs, camels, markers, score-tile pile
    dr = at(lay.discs[i])
    if m.disc:
        surf.blit(oart.disc(m.disc, DISC), dr.move(-2, -2))
    hr = at(lay.handed[i])
    if m.handed:
        surf.blit(oart.disc(m.handed, DISC, True), hr.move(-2, -2))
    x = x0 + CAMEL_TEXT_X
    cam = oart.camel(m.colour, 34)
    surf.blit(cam, (x, dr.y + 2))
    surf.blit(_t(f"{m.camels_left}", 28, theme.INK, bold=True, max_width=58), (x + 42, dr.y + 6))
    x += 104
    surf.blit(_marker(m.colour), (x, dr.y - 2))
    surf.blit(_t(f"{m.markers_left}", 28, theme.INK, bold=True), (x + 40, dr.y + 6))
    pr = at(lay.piles[i])
    if m.score_count:
        for k in range(min(3, m.score_count) - 1, 0, -1):
            surf.blit(oart.score_tile(None, PILE), pr.move(3 * k, -3 * k))
        surf.blit(oart.score_tile(None, PILE), pr)
    else:
        pygame.draw.rect(surf, (190, 160, 120), pr, 2, border_radius=8)
    surf.blit(_t(f"×{m.score_count}", 28, theme.INK, bold=True), (pr.right + 12, pr.y + 8))
    # offer deck (always face down) and the offer in front of its owner
    d = at(lay.decks[i])
    if m.deck_size:
        for k in range(min(3, m.deck_size) - 1, 0, -1):
            surf.blit(oart.card_back(OFFER_CARD), d.move(-4 + 2 * k, -2 - 2 * k))
        surf.blit(oart.card_back(OFFER_CARD), d.move(-4, -2))
    else:
        pygame.draw.rect(surf, (190, 160, 120), d, 2, border_radius=8)
    cnt = _t(str(m.deck_size), 24, (255, 250, 240), bold=True)
    badge = pygame.Rect(0, 0, cnt.get_width() + 14, 28)
    badge.center = (d.centerx, d.bottom - 4)
    pygame.draw.rect(surf, (60, 40, 24), badge, border_radius=14)
    surf.blit(cnt, cnt.get_rect(center=badge.center))
    for k, rect in enumerate(lay.offer_cards[i]):
        cr = at(rect)
        if k < len(m.offer):
            card = oart.card_face(m.offer[k], OFFER_CARD)
            if m.offer_taken_by:
                card = card.copy()
                card.set_alpha(110)
            surf.blit(card, cr.move(-4, -2))
        else:
            pygame.draw.rect(surf, (220, 204, 174), cr, 2, border_radius=8)
    if m.offer_taken_by:
        area = at(lay.offer_areas[i])
        t = _t(taken_label(m.offer_taken_by), 22, (255, 250, 240), bold=True,
               max_width=area.w - 16)
        back = pygame.Rect(0, 0, t.get_width() + 16, 30)
        back.center = area.center
        pygame.draw.rect(surf, (60, 40, 24, 220), back, border_radius=15)
        surf.blit(t, t.get_rect(center=back.center))
    return surf


@lru_cache(maxsize=8)
def _marker(colour: int) -> pygame.Surface:

    return assets.piece(colour, 40, "farmer", shadow=True)


def draw_panel(surface, layout_key, m: PanelModel, i: int) -> None:
    rect = layout_key.layout.panels[i]
    surface.blit(render_panel(m, layout_key.with_index(i)), (rect.x - 6, rect.y - 6))


class LayoutKey:
    """Hashable-by-identity wrapper so cached renders can take the layout (and which panel)."""

    def __init__(self, layout, i: int | None = None):
        self.layout = layout
        self.i = i
        self._by_index: dict[int, LayoutKey] = {}

    def with_index(self, i: int) -> LayoutKey:
        k = self._by_index.get(i)
        if k is None:
            k = self._by_index[i] = LayoutKey(self.layout, i)
        return k

    def index(self, m) -> int:
        return self.i or 0


# --- supply -------------------------------------------------------------------------------
@dataclass(frozen=True)
class SupplyModel:
    land: tuple[tuple[str, int], ...]
    score: tuple[tuple[str, int], ...]
    draw_deck: int
    discard_top: str | None
    discards: int


@theme.rescaled
@surface_cache(mib=3)
def render_supply(m: SupplyModel, layout_key) -> pygame.Surface:
    lay: TableLayout = layout_key.layout
    r = lay.supply_rect
    surf = pygame.Surface(r.size, pygame.SRCALPHA)
    surf.blit(art.panel_surface(r.size, "dark"), (0, 0))
    stacks = lay.land_stacks
    # a word under a stack keeps to its stack's share of the row ("agotadas" would not)
    pitch = stacks[1].x - stacks[0].x if len(stacks) > 1 else stacks[0].w + 8
    for (kind, count), rect in zip(m.land, stacks, strict=False):
        rr = rect.move(-r.x, -r.y)
        tile = oart.land_tile(kind, rect.w)
        if not count:
            tile = tile.copy()
            tile.set_alpha(70)
        surf.blit(tile, rr)
        # Translators: under an empty stack of land tiles
        t = _t(str(count) if count else _("none"), 24, theme.ON_TABLE, bold=True,
               max_width=pitch - 4)
        surf.blit(t, t.get_rect(midtop=(rr.centerx, rr.bottom + 4)).clamp(surf.get_rect()))
    for (kind, count), rect in zip(m.score, lay.score_stacks, strict=False):
        rr = rect.move(-r.x, -r.y)
        tile = oart.score_tile(kind, rect.w)
        if not count:
            tile = tile.copy()
            tile.set_alpha(70)
        surf.blit(tile, rr)
        t = _t(str(count), 24, theme.ON_TABLE, bold=True)
        surf.blit(t, t.get_rect(midtop=(rr.centerx, rr.bottom + 6)))
    d = lay.draw_deck.move(-r.x, -r.y)
    if m.draw_deck:
        surf.blit(oart.card_back(d.size), d.move(-4, -2))
    else:
        pygame.draw.rect(surf, (120, 96, 72), d, 2, border_radius=8)
    # Translators: beside the face-down draw deck, with how many cards it holds
    room = d.x - 8 - (lay.score_stacks[-1].right - r.x + 6)  # between the stacks and the deck
    t = _t(_("Deck {n}").format(n=m.draw_deck), 22, theme.ON_TABLE, bold=True, max_width=room)
    surf.blit(t, t.get_rect(midright=(d.x - 8, d.centery)))
    p = lay.discard_pile.move(-r.x, -r.y)
    if m.discard_top:
        surf.blit(oart.card_face(m.discard_top, p.size), p.move(-4, -2))
    else:
        pygame.draw.rect(surf, (120, 96, 72), p, 2, border_radius=8)
    t = _t(f"{m.discards}", 22, theme.ON_TABLE, bold=True)
    surf.blit(t, t.get_rect(midleft=(p.right + 8, p.centery)))
    return surf
