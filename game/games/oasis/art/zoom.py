"""The card zoom of the Oasis table: a large view of face-up cards (an offer, or the cards
being carried out) with their names and what they do in words, readable from across the room.

A zoom is drawn from a ``ZoomModel`` (plain data, so tests can check what it says).  Only
face-up cards ever reach a model: offer decks are never zoomed.  Renders are cached by model,
so a zoom held still costs one blit a frame.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.games.oasis.art import pictures as oart
from game.games.oasis.engine.cards import CARDS
from game.i18n import N_, NN_, _, ngettext
from game.ui import theme
from game.ui.surface_cache import surface_cache

ZOOM_CARD = (172, 240)
GAP = 22
PAD = 18
TITLE_SIZE = 30
NAME_SIZE = 26
DETAIL_SIZE = 20
NOTE_SIZE = 24


# A card's name and what carrying it out does, by what it gives (whole sentences: each
# language has its own words and agreements for each kind)
CARD_NAMES = {
    "camels": NN_("Camel ×{n}", "Camels ×{n}"),
    "oasis": NN_("Oasis tile ×{n}", "Oasis tiles ×{n}"),
    "steppe": NN_("Steppe tile ×{n}", "Steppe tiles ×{n}"),
    "stone": NN_("Stone tile ×{n}", "Stone tiles ×{n}"),
    "goods": NN_("Goods ×{n}", "Goods ×{n}"),
    "springs": NN_("Spring ×{n}", "Springs ×{n}"),
    "horses": NN_("Horse ×{n}", "Horses ×{n}"),
    "ovoo": NN_("Ovoo ×{n}", "Ovoo ×{n}"),
    "draw": NN_("Draw {n} card", "Draw {n} cards"),
}
CARD_EFFECTS = {
    "camels": NN_("place {n} camel on the path", "place {n} camels on the path"),
    "oasis": NN_("place {n} oasis tile", "place {n} oasis tiles"),
    "steppe": NN_("place {n} steppe tile", "place {n} steppe tiles"),
    "stone": NN_("place {n} stone tile", "place {n} stone tiles"),
    "goods": NN_("take {n} goods score tile", "take {n} goods score tiles"),
    "springs": NN_("take {n} springs score tile", "take {n} springs score tiles"),
    "horses": NN_("take {n} horses score tile", "take {n} horses score tiles"),
    "ovoo": NN_("take {n} ovoo score tile", "take {n} ovoo score tiles"),
    "draw": NN_("{n} unseen card to your offer deck", "{n} unseen cards to your offer deck"),
}
# a card's effect while it is carried out, or once it is
CARD_STATES = {"current": N_("{effect} (now)"), "done": N_("{effect} (done)")}


def card_words(card: str) -> tuple[str, str]:
    """A card's name with its amount in words, and what carrying it out does, in the
    player's language: ("Oasis tiles ×2", "place 2 oasis tiles"), ("Goods ×1", "take 1
    goods score tile")."""
    info = CARDS[card]
    n = info.amount
    what = info.what if info.effect in ("tiles", "score") else info.effect
    return (ngettext(*CARD_NAMES[what], n).format(n=n),
            ngettext(*CARD_EFFECTS[what], n).format(n=n))


def effect_words(effect: str, state: str) -> str:
    """A card's ``effect`` with its ``state`` ("current", "done" or "": still to come)."""
    return _(CARD_STATES[state]).format(effect=effect) if state in CARD_STATES else effect


@dataclass(frozen=True)
class ZoomModel:
    title: str  # "Red's offer", "Cards Blue carries out"
    cards: tuple[str, ...]  # face up only
    states: tuple[str, ...] = ()  # per card: "", "current" or "done"
    selected: int | None = None  # the card under the pointer
    note: str = ""  # while choosing: which disc taking the offer hands over
    colour: tuple[int, int, int] = theme.INK  # the owner's colour, for the title bar

    def lines(self) -> list[tuple[str, str]]:
        return [card_words(c) for c in self.cards]

    def texts(self) -> list[str]:
        """Every text the zoom draws, in order (for tests and screen readers)."""
        out = [self.title]
        for k, (name, detail) in enumerate(self.lines()):
            st = self.states[k] if k < len(self.states) else ""
            out += [name, effect_words(detail, st)]
        if self.note:
            out.append(self.note)
        return out


def _t(msg, size, colour=theme.INK, bold=False):
    return theme.text(msg, size, colour, bold)


def column_width(name: str) -> int:
    """A card's column in the zoom: the card's width at the Text size (wider with a larger
    one, for its words), or more where the card's name needs it (a longer language)."""
    return max(theme.scaled(ZOOM_CARD[0]),
               theme.font(NAME_SIZE, bold=True).size(name)[0] - GAP + 6)


@theme.rescaled
@surface_cache(mib=4)
def render_zoom(m: ZoomModel) -> pygame.Surface:
    cw, ch = ZOOM_CARD
    cols = [column_width(name) for name, _detail in m.lines()] or [column_width("")]
    k = len(cols)
    cards_w = sum(cols) + (k - 1) * GAP
    inner_w = cards_w
    title = _t(m.title, TITLE_SIZE, (255, 250, 240), bold=True)
    inner_w = max(inner_w, title.get_width() + 24)
    note_lines = theme.wrap(m.note, NOTE_SIZE, inner_w, bold=True) if m.note else []
    # line steps as at 100 %, plus what a larger Text size adds to each line
    bar_h = 44 + theme.grown(TITLE_SIZE, bold=True)
    name_step = NAME_SIZE + 6 + theme.grown(NAME_SIZE, bold=True)
    detail_step = DETAIL_SIZE + 4 + theme.grown(DETAIL_SIZE)
    note_step = NOTE_SIZE + 6 + theme.grown(NOTE_SIZE, bold=True)
    details = []
    for i, (_name, detail) in enumerate(m.lines()):
        st = m.states[i] if i < len(m.states) else ""
        details.append(theme.wrap(effect_words(detail, st), DETAIL_SIZE, cols[i] - 8))
    detail_h = max(2, *map(len, details)) * detail_step if details else 2 * detail_step
    w = inner_w + 2 * PAD
    h = (PAD + bar_h + 12 + ch + 10 + name_step + detail_h
         + (len(note_lines) * note_step + 10 if note_lines else 0) + PAD)
    surf = pygame.Surface((w + 16, h + 16), pygame.SRCALPHA)
    rect = pygame.Rect(6, 6, w, h)
    theme.draw_panel(surf, rect, radius=16)
    bar = pygame.Rect(rect.x + PAD, rect.y + PAD, inner_w, bar_h)
    pygame.draw.rect(surf, m.colour, bar, border_radius=12)
    surf.blit(title, title.get_rect(center=bar.center))
    left = rect.x + PAD + (inner_w - cards_w) // 2
    y = bar.bottom + 12
    for i, (card, (name, _detail)) in enumerate(zip(m.cards, m.lines(), strict=True)):
        col = cols[i]
        x = left + (col - cw) // 2
        left += col + GAP
        st = m.states[i] if i < len(m.states) else ""
        face = oart.card_face(card, ZOOM_CARD, st == "current" or i == m.selected)
        if st == "done":
            face = face.copy()
            face.set_alpha(120)
        surf.blit(face, (x - 4, y - 2))
        ny = y + ch + 10
        nt = theme.fit_text(name, NAME_SIZE, col + GAP - 6, theme.INK, True)
        surf.blit(nt, nt.get_rect(midtop=(x + cw // 2, ny)))
        dy = ny + name_step
        for line in details[i]:
            lt = _t(line, DETAIL_SIZE, theme.INK_SOFT)
            surf.blit(lt, lt.get_rect(midtop=(x + cw // 2, dy)))
            dy += detail_step
    y += ch + 10 + name_step + detail_h + 10
    for line in note_lines:
        nt = _t(line, NOTE_SIZE, theme.INK, bold=True)
        surf.blit(nt, nt.get_rect(midtop=(rect.centerx, y)))
        y += note_step
    return surf


def place_zoom(size: tuple[int, int], anchor: pygame.Rect, screen: pygame.Rect) -> pygame.Rect:
    """Where a zoom of ``size`` goes: left of the anchor when there is room (the offers in the
    right column), otherwise above it (the cards below the board); always on screen."""
    r = pygame.Rect((0, 0), size)
    if anchor.x - 16 - r.w >= screen.x:
        r.midright = (anchor.x - 16, anchor.centery)
    else:
        r.midbottom = (anchor.centerx, anchor.y - 12)
        r.x = max(r.x, anchor.x - 8)
    r.clamp_ip(screen)
    return r


__all__ = ["ZoomModel", "card_words", "column_width", "effect_words", "place_zoom",
           "render_zoom"]
