"""Player panels and the supply (building stacks, decks, discard piles) of the Oregon table.

A panel is drawn from a ``PanelModel``: plain data, so tests can check what a panel shows
(e.g. that token values appear only on the panel of the player allowed to see them).
Rendered panels are cached by their model: an unchanged panel costs one blit.
The right-hand column cannot grow, so panel text follows the UI scale only up to
``TEXT_SCALE_CAP`` and names shrink to the room they have.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game import assets, i18n
from game.games.oregon.art import pictures as oregon_art
from game.games.oregon.engine.cards import card_info
from game.i18n import _, ngettext
from game.ui import art, theme
from game.ui.surface_cache import surface_cache
from game.ui.table_common import draw_panel_frame, panel_head_spots


@dataclass(frozen=True)
class PanelModel:
    name: str
    kind: str  # "Human" or "Bot (easy)"
    colour: int
    score: int
    farmers_left: int
    joker: bool
    extra: bool
    coal_count: int
    gold_count: int
    coal_values: tuple[int, ...] | None  # shown only to their owner
    gold_values: tuple[int, ...] | None
    active: bool
    size: tuple[int, int]
    you: bool = False
    language: str = field(default_factory=i18n.language)  # of its words (a cache key)

    def texts(self) -> list[str]:
        """Every text the panel draws, in order (for tests and screen readers)."""
        out = [self.name, self.kind, str(self.score), f"{self.farmers_left}"]
        out.append("joker active" if self.joker else "joker spent")
        out.append("extra turn active" if self.extra else "extra turn spent")
        out.append(f"coal {counted(self.coal_count)}")
        out.append(f"gold {counted(self.gold_count)}")
        return out


TEXT_SCALE_CAP = 1.2  # what the 104 px panels and the supply hold


def _t(msg, size, colour=theme.INK, bold=False, display=False, max_width=10_000):
    return theme.fit_text(msg, size, max_width, colour, bold, display, cap=TEXT_SCALE_CAP)


TOKEN = 38
FARMERS_W = 130  # the farmer and the count of those left, at the least


def _farmers_left(m: PanelModel) -> pygame.Surface:
    # Translators: beside the farmer on a player's panel: the farmers not yet placed
    left = ngettext("{n} left", "{n} left", m.farmers_left).format(n=m.farmers_left)
    return _t(left, 26, theme.INK)


def _farmers_width(label: pygame.Surface) -> int:
    """The farmer and its count: wider than ``FARMERS_W`` for a longer word."""
    return max(FARMERS_W, 36 + label.get_width() + 6)


@theme.rescaled
@surface_cache(mib=4)  # the panels on show, a few times over
def render_panel(m: PanelModel) -> pygame.Surface:
    w, h = m.size
    surf = pygame.Surface((w + 12, h + 12), pygame.SRCALPHA)
    colour = art.PLAYER_COLOURS[m.colour]
    draw_panel_frame(surf, (w, h), colour, m.active)
    x0 = 28
    badge = art.player_badge(m.colour, 52)
    surf.blit(badge, (x0, 12))
    score = theme.text(str(m.score), 54, art.shade(colour, 0.55) if m.colour != 0
                       else (150, 100, 10), display=True, fixed=True)
    room = w - 10 - score.get_width() - 12 - (x0 + 60)
    # Translators: a player's name on their panel, when they are the one looking
    shown_name = _("{player}  (you)").format(player=m.name) if m.you else m.name
    name = _t(shown_name, 32, theme.INK, bold=True, max_width=room)
    surf.blit(name, (x0 + 60, 10))
    kind = _t(m.kind, 24, theme.INK_SOFT, max_width=room - name.get_width() - 12)
    if name.get_width() + 12 + kind.get_width() <= room:  # a long name leaves it out
        surf.blit(kind, (x0 + 62 + name.get_width() + 10, 18 + (name.get_height() - 39) // 2))
    # score, right
    surf.blit(score, score.get_rect(topright=(w - 10, 4)))
    # Translators: under a player's score on their panel
    pts = _t(ngettext("point", "points", m.score), 22, theme.INK_SOFT, max_width=110)
    surf.blit(pts, pts.get_rect(topright=(w - 12, 66)))
    # second line: farmers, joker, extra, coal, gold
    y = 62
    x = x0
    farmer = assets.piece(m.colour, 40, "farmer")
    surf.blit(farmer, (x - 4, y - 4))
    left = _farmers_left(m)
    surf.blit(left, (x + 36, y + 4))
    x += _farmers_width(left)
    surf.blit(oregon_art.action_token("joker", TOKEN, m.joker), (x, y - 2))
    x += TOKEN + 6
    surf.blit(oregon_art.action_token("extra_turn", TOKEN, m.extra), (x, y - 2))
    x += TOKEN + 18
    # Coal and gold: how many, as every counter says it (the owner's values are in the tip:
    # a token showing its value read as a count)
    for kind, count in (("coal", m.coal_count), ("gold", m.gold_count)):
        surf.blit(oregon_art.mine_token(kind, TOKEN), (x, y - 2))
        surf.blit(_t(counted(count), 26, theme.INK), (x + TOKEN + 2, y + 4))
        x += TOKEN + 44
    return surf


def counted(n: int) -> str:
    """A counter beside its icon: "×3"."""
    return f"×{n}"


def icon_spots(m: PanelModel) -> list[tuple[str, pygame.Rect]]:
    """Where ``render_panel`` puts each figure (surface coordinates), for hover tips."""
    x0, y = 28, 62
    w = m.size[0]
    farmers = _farmers_width(_farmers_left(m))
    out = panel_head_spots(w) + [("farmers", pygame.Rect(x0 - 4, y - 4, farmers - 6, 42))]
    x = x0 + farmers
    out.append(("joker", pygame.Rect(x, y - 2, TOKEN, TOKEN)))
    x += TOKEN + 6
    out.append(("extra", pygame.Rect(x, y - 2, TOKEN, TOKEN)))
    x += TOKEN + 18
    for kind in ("coal", "gold"):
        out.append((kind, pygame.Rect(x, y - 2, TOKEN + 40, TOKEN)))
        x += TOKEN + 44
    return out


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, m: PanelModel, lift: float = 0.0):
    surface.blit(render_panel(m), (rect.x - 6, rect.y - 6 - round(lift)))


# --- supply -------------------------------------------------------------------------------
@dataclass(frozen=True)
class SupplyModel:
    stacks: tuple[tuple[str, int], ...]
    decks: tuple[int, int]
    discard_tops: tuple[int | None, int | None]
    discard_sizes: tuple[int, int]
    highlight_decks: tuple[str, ...] = ()
    language: str = field(default_factory=i18n.language)  # of its words (a cache key)


# The labels under the decks, with the cards left in each.
DECK_LABELS = {
    # Translators: under the landscape deck, with the cards left in it
    "landscape": i18n.N_("Landscape {n}"),
    # Translators: under the building deck, with the cards left in it
    "building": i18n.N_("Building {n}"),
}


def card_face(card: int, size) -> pygame.Surface:
    info = card_info(card)
    kind = info["kind"]
    ident = info["symbol"] if kind == "landscape" else info["building"]
    return oregon_art.card_surface(kind, ident, tuple(size))


@theme.rescaled
@surface_cache(mib=3)
def render_supply(m: SupplyModel, layout_key) -> pygame.Surface:
    lay = layout_key.layout
    r = lay.supply_rect
    surf = pygame.Surface(r.size, pygame.SRCALPHA)
    surf.blit(art.panel_surface(r.size, "dark"), (0, 0))
    step = r.w // 7  # one building stack each
    slot = lay.decks["building"].x - lay.decks["landscape"].x  # a deck and its discard pile
    for (kind, count), rect in zip(m.stacks, lay.stacks, strict=False):
        rr = rect.move(-r.x, -r.y)
        if count:
            shadow, (dx, dy) = art.tile_shadow(rect.w)
            surf.blit(shadow, (rr.x + dx, rr.y + dy))
            surf.blit(oregon_art.building_tile(kind, rect.w), rr)
        else:
            pygame.draw.rect(surf, (90, 70, 54), rr, 2, border_radius=8)
            faded = oregon_art.building_tile(kind, rect.w).copy()
            faded.set_alpha(70)
            surf.blit(faded, rr)
        # Translators: under an empty building stack
        t = _t(f"{count}" if count else _("empty"), 26 if count else 22,
               theme.ON_TABLE if count else (200, 170, 140), bold=True, max_width=step - 4)
        surf.blit(t, t.get_rect(midtop=(rr.centerx, rr.bottom + 4)))
    for i, deck in enumerate(("landscape", "building")):
        d = lay.decks[deck].move(-r.x, -r.y)
        size = m.decks[i]
        if size:
            for k in range(min(3, (size + 9) // 10), 0, -1):
                surf.blit(oregon_art.card_surface("back", deck, d.size), d.move(k * 2, -k * 2))
            oregon_art.blit_card(surf, "back", deck, d.topleft, d.size)
        else:
            pygame.draw.rect(surf, (120, 96, 72), d, 2, border_radius=8)
        label = _t(_(DECK_LABELS[deck]).format(n=size), 22, theme.ON_TABLE, bold=True,
                   max_width=slot // 2 - 4)
        surf.blit(label, label.get_rect(midtop=(d.centerx, d.bottom + 6)))
        p = lay.discards[deck].move(-r.x, -r.y)
        top = m.discard_tops[i]
        if top is not None:
            surf.blit(card_face(top, p.size), p)
        else:
            pygame.draw.rect(surf, (120, 96, 72), p, 2, border_radius=8)
            # Translators: on the place of an empty discard pile
            e = _t(_("discard"), 22, (200, 170, 140), max_width=p.w - 12)  # inside the frame
            surf.blit(e, e.get_rect(center=p.center))
        # Translators: under a discard pile, with the cards in it
        label = _t(_("Discard {n}").format(n=m.discard_sizes[i]), 22, theme.ON_TABLE_SOFT,
                   max_width=slot // 2 - 4)
        surf.blit(label, label.get_rect(midtop=(p.centerx, p.bottom + 6)))
    return surf


class LayoutKey:
    """Hashable by identity wrapper so the supply cache can take a layout."""

    def __init__(self, layout):
        self.layout = layout
