"""Player panels of the Colorado County table.

A panel is drawn from a ``PanelModel``: plain public data (never cowboy numbers or a pending
bid), so tests can check what a panel shows.  Rendered panels are cached by their model.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game import assets
from game.games.colorado.art import pieces
from game.i18n import _
from game.ui import art, players, theme
from game.ui.surface_cache import surface_cache
from game.ui.table_common import draw_panel_frame, panel_head_spots


@dataclass(frozen=True)
class PanelModel:
    name: str
    kind: str            # "Human" or "Bot (easy)" (in the player's language, as all texts)
    colour: int
    score: int
    cubes_left: int
    sale_tokens: int
    sales_this_round: int
    cowboys: int         # how many (public), never which
    flags_in_hand: int
    lakes: int
    bid: str             # "", "bidding...", "bid in", or a revealed bid
    active: bool
    size: tuple[int, int]
    you: bool = False
    # (category, points) pairs and ("total", points) if the round were scored now (public)
    round_points: tuple[tuple[str, int], ...] | None = None
    bid_in: bool = False  # ``bid`` says the secret bid is in (drawn in green)

    def texts(self) -> list[str]:
        """Every text the panel draws, in order (for tests)."""
        out = [name_label(self), self.kind, str(self.score),
               f"{self.cubes_left}", f"×{self.cowboys}", f"{self.sale_tokens}"]
        if self.flags_in_hand:
            out.append(f"{self.flags_in_hand}")
        if self.lakes:
            out.append(f"{self.lakes}")
        if self.bid:
            out.append(self.bid)
        if self.round_points is not None:
            out.append(round_label(self.round_points))
        return out


BADGE_ROOM = 56  # the seat's emblem keeps to the slot left of the name, whatever its shape
TEXT_SCALE_CAP = 1.2  # the right-hand column cannot grow: what its 104 px panels hold


def _t(msg, size, colour=theme.INK, bold=False, display=False, max_width=10_000):
    return theme.fit_text(msg, size, max_width, colour, bold, display, cap=TEXT_SCALE_CAP)


@theme.rescaled
@surface_cache(mib=4)  # the panels on show, a few times over
def render_panel(m: PanelModel) -> pygame.Surface:
    w, h = m.size
    surf = pygame.Surface((w + 12, h + 12), pygame.SRCALPHA)
    colour = players.colour(m.colour)
    draw_panel_frame(surf, (w, h), colour, m.active)
    x0 = 28
    badge = players.fitted_badge(m.colour, 26, BADGE_ROOM)
    if badge is not None:
        surf.blit(badge, badge.get_rect(center=(x0 + 26, 38)))
    else:
        pygame.draw.circle(surf, colour, (x0 + 26, 38), 24)
    score = theme.text(str(m.score), 54, art.shade(colour, 0.55) if sum(colour) > 200
                       else colour, display=True, fixed=True)
    room = w - 10 - score.get_width() - 12 - (x0 + 60)
    name = _t(name_label(m), 32, theme.INK, bold=True, max_width=room)
    surf.blit(name, (x0 + 60, 10))
    kind = _t(m.kind, 24, theme.INK_SOFT, max_width=room - name.get_width() - 12)
    if theme.ui_scale() == 1.0 or name.get_width() + 12 + kind.get_width() <= room:
        surf.blit(kind, (x0 + 62 + name.get_width() + 10, 18 + (name.get_height() - 39) // 2))
    surf.blit(score, score.get_rect(topright=(w - 10, 4)))
    if m.round_points is not None:  # the round scoring as things stand
        pts = _t(round_label(m.round_points), 22, (40, 110, 40), bold=True, max_width=92)
    else:
        # Translators: under the score on a player's panel
        pts = _t(_("points"), 22, theme.INK_SOFT)
    surf.blit(pts, pts.get_rect(topright=(w - 12, 66)))
    y = 62
    x = x0
    x = _counter(surf, x, y, pieces.cube(m.colour, 28), (-2, -4), f"{m.cubes_left}", 36, 84)
    x = _counter(surf, x, y, _cowboy_icon(), (0, -2), f"×{m.cowboys}", 36, 92)
    x = _counter(surf, x, y, _sale_icon(), (0, 0), f"{m.sale_tokens}", 34, 66)
    if m.flags_in_hand:
        x = _counter(surf, x, y, pieces.flag(None, 34), (-4, -4), f"{m.flags_in_hand}", 28, 62)
    if m.lakes:
        surf.blit(pieces.lake_badge(m.lakes, 28), (x, y - 2))
        x += 44
    if m.bid:
        col = (40, 110, 40) if m.bid_in else theme.INK
        right = min(w - 96, w - 12 - pts.get_width() - 10)  # clear of the round's points
        t = _t(m.bid, 26, col, bold=True, max_width=right - x - 6)
        surf.blit(t, t.get_rect(topright=(right, y + 2)) if x + t.get_width() > right
                  else (x + 6, y + 2))
    return surf


def round_label(points) -> str:
    """What the panel shows under the score: the round scoring's points as things stand."""
    # Translators: under the score on a player's panel: the points the round would give now
    return _("round +{points}").format(points=dict(points)["total"])


def name_label(m: PanelModel) -> str:
    """The seat's name, marked on the viewer's own panel."""
    # Translators: the viewer's own name on their panel
    return _("{name}  (you)").format(name=m.name) if m.you else m.name


def _counter_end(x: int, text: str, text_dx: int, step: int) -> int:
    """Where the slot after a counter at ``x`` starts: ``step`` on, or further when a larger
    text size needs it, so a count never runs into the next icon."""
    return max(x + step, x + text_dx + _t(text, 26).get_bounding_rect().right + 12)


def _counter(surf, x: int, y: int, icon, nudge, text: str, text_dx: int, step: int) -> int:
    """An icon and its count in the slot at ``x``; returns where the next slot starts."""
    surf.blit(icon, (x + nudge[0], y + nudge[1]))
    surf.blit(_t(text, 26), (x + text_dx, y + 2))
    return _counter_end(x, text, text_dx, step)


def icon_spots(m: PanelModel) -> list[tuple[str, pygame.Rect]]:
    """Where ``render_panel`` puts each figure (surface coordinates), for hover tips."""
    x, y = 28, 62
    w = m.size[0]
    out = panel_head_spots(w)
    counters = [("cubes", f"{m.cubes_left}", 36, 84), ("cowboys", f"×{m.cowboys}", 36, 92),
                ("sale", f"{m.sale_tokens}", 34, 66)]
    if m.flags_in_hand:
        counters.append(("flags", f"{m.flags_in_hand}", 28, 62))
    for name, text, text_dx, step in counters:
        end = _counter_end(x, text, text_dx, step)
        out.append((name, pygame.Rect(x - 4, y - 4, end - x - 4, 36)))
        x = end
    if m.lakes:
        out.append(("lakes", pygame.Rect(x, y - 4, 40, 36)))
        x += 44
    if m.bid:
        out.append(("bid", pygame.Rect(x, y - 4, w - 96 - x, 36)))
    return out


@lru_cache(maxsize=2)
def _cowboy_icon() -> pygame.Surface:
    return assets.pictogram("1F920", 32)


@lru_cache(maxsize=2)
def _sale_icon() -> pygame.Surface:
    s = pygame.Surface((30, 26), pygame.SRCALPHA)
    pygame.draw.rect(s, (196, 60, 40), s.get_rect(), border_radius=5)
    pygame.draw.rect(s, (120, 30, 20), s.get_rect(), 2, border_radius=5)
    t = theme.text("$", 22, (255, 240, 220), True, fixed=True)
    s.blit(t, t.get_rect(center=(15, 13)))
    return s


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, m: PanelModel) -> None:
    surface.blit(render_panel(m), (rect.x - 6, rect.y - 6))
