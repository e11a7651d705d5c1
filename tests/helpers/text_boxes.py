"""Where texts were drawn: a canvas that records each text made by ``theme`` with the rect
its ink covers, and the check that each stays inside the box it belongs to."""

import pygame

from game.ui import theme

CANVAS = pygame.Rect(0, 0, 1920, 1080)


class Recorder(pygame.Surface):
    """A canvas that remembers where each text surface (made by ``theme``) was blitted."""

    def __init__(self):
        super().__init__((1920, 1080))
        self.texts: list[tuple[str, pygame.Rect]] = []
        self.sources: list[tuple[str, pygame.Rect, pygame.Surface]] = []

    def glyphs(self, min_alpha: int = 1):
        """(message, rect of its well-covered pixels, surface) for each text blitted whole."""
        for message, rect, source in self.sources:
            yield message, source.get_bounding_rect(min_alpha).move(rect.topleft), source

    def blit(self, source, dest, area=None, special_flags=0):
        message = theme.TEXT_SURFACES.get(id(source))
        if message is not None and message.strip():
            rect = source.get_rect(topleft=pygame.Rect(dest).topleft if not isinstance(
                dest, tuple) or len(dest) == 4 else dest)
            if area is not None:
                rect.size = pygame.Rect(area).size
            else:
                self.sources.append((message, rect, source))
            self.texts.append((message, rect.clip(source.get_bounding_rect().move(rect.topleft))))
        return super().blit(source, dest, area, special_flags)


class WholeTextRecorder(Recorder):
    """A ``Recorder`` that leaves out texts blitted only in part (a log line scrolled half
    out of its box): it checks what is drawn whole."""

    def blit(self, source, dest, area=None, special_flags=0):
        if area is not None:
            return pygame.Surface.blit(self, source, dest, area, special_flags)
        return super().blit(source, dest, area, special_flags)


#: The least room a text keeps from the edges of a panel it is drawn on: a word that touches
#: the frame reads as running over it.
PANEL_MARGIN = 4


def inside(box: pygame.Rect, margin: int = PANEL_MARGIN) -> pygame.Rect:
    """The part of a panel ``box`` its texts must stay in: ``margin`` px from each edge."""
    return box.inflate(-2 * margin, -2 * margin)


def check_boxes(rec: Recorder, boxes: dict[str, pygame.Rect], margin: int = 0) -> list[str]:
    """Texts that leave the canvas, or that overlap a box without fitting inside it (``margin``
    px clear of its edges)."""
    bad = []
    for message, r in rec.texts:
        if not CANVAS.contains(r):
            bad.append(f"{message!r} {r} leaves the canvas")
        for name, box in boxes.items():
            if r.colliderect(box) and not inside(box, margin).contains(r):
                bad.append(f"{message!r} {r} overflows {name} {box}")
    return bad


def colliding_texts(rec: Recorder, min_alpha: int = 100) -> list[str]:
    """Pairs of texts drawn whole whose lettering (their well-covered pixels, not their
    boxes: a descender may pass over the next line's empty corner) runs into each other."""
    drawn = [(m, r, pygame.mask.from_surface(s, min_alpha)) for m, r, s in rec.sources]
    bad = []
    for i, (a, ra, ma) in enumerate(drawn):
        for b, rb, mb in drawn[i + 1:]:
            if ra.colliderect(rb) and ma.overlap(mb, (rb.x - ra.x, rb.y - ra.y)):
                bad.append(f"{a!r} {ra} runs into {b!r} {rb}")
    return bad


def row_misfits(widgets, rec: Recorder) -> list[str]:
    """Labelled rows (sliders, switches, choices) whose label, as drawn, does not end before
    the row's control begins, or leaves the row; and rows of one screen whose labels are drawn
    at different sizes."""
    from game.ui.rows import Row

    bad, heights = [], {}
    for w in widgets:
        if not isinstance(w, Row) or not w.label:
            continue
        drawn = [(r, s) for m, r, s in rec.sources
                 if m == w.label and w.rect.colliderect(r)]
        if not drawn:
            bad.append(f"row {w.key}: its label {w.label!r} is not drawn")
            continue
        for r, surf in drawn:
            ink = surf.get_bounding_rect().move(r.topleft)
            if not w.rect.contains(ink):
                bad.append(f"row {w.key}: {w.label!r} {ink} leaves the row {w.rect}")
            if ink.right > w.control_rect.x:
                bad.append(f"row {w.key}: {w.label!r} {ink} runs into its control "
                           f"{w.control_rect}")
            heights[w.key] = surf.get_height()
    if len(set(heights.values())) > 1:
        bad.append(f"the rows' labels are drawn at different sizes: {heights}")
    return bad


def record_panel_blits(monkeypatch, module) -> list[tuple[str | None, pygame.Rect]]:
    """Make ``module`` (a panels module that renders onto its own ``pygame.Surface``s) draw on
    surfaces that record each blit: (the text ``theme`` made it from, or None; the rect its ink
    covers).  Returns the list the blits are appended to."""
    from types import SimpleNamespace

    blits: list[tuple[str | None, pygame.Rect]] = []

    class Canvas(pygame.Surface):
        def blit(self, source, dest, area=None, special_flags=0):
            rect = source.get_bounding_rect().move(pygame.Rect(dest).topleft if isinstance(
                dest, pygame.Rect) else dest)
            blits.append((theme.TEXT_SURFACES.get(id(source)), rect))
            return super().blit(source, dest, area, special_flags)

    names = {name: getattr(pygame, name) for name in dir(pygame) if not name.startswith("_")}
    monkeypatch.setattr(module, "pygame", SimpleNamespace(**{**names, "Surface": Canvas}))
    return blits


def open_table(svc, game_id: str, players: str):
    """A table of ``game_id`` with the ``--players`` seats, seed 3, played by its bots until
    the (first) human may act, with the animations all but skipped."""
    from game.registry import GAMES
    from game.scenes import table as table_mod
    from game.seats import parse_players

    svc.settings.animation_speed = 60.0  # beyond the menu's range: tests only
    scene = table_mod.open_table(svc, game_id, parse_players(players, GAMES[game_id]), 3)
    svc.stack.reset(scene)
    svc.stack.apply_pending()
    for _ in range(20000):  # until the human may act (the bots play first)
        if scene.human_can_act and scene.controls.prompt() and not svc.stack.pending:
            break
        svc.stack.update(1 / 60)
        svc.stack.apply_pending()
    return scene


def control_misfits(widgets) -> list[str]:
    """Buttons whose label does not fit them, and choices with an option that does not fit
    between the arrows (every option, not only the one shown)."""
    from game.ui.rows import Choice
    from game.ui.widgets import Button, button_label

    bad = []
    for w in widgets:
        if isinstance(w, Choice):
            box = w.control_rect.inflate(-16, -16)
            for _value, words in w.options:
                t = theme.fit_text(words, theme.BODY_SIZE, box.width - 100, bold=True,
                                   max_height=box.height)
                if t.get_width() > box.width - 100:
                    bad.append(f"choice {w.key}: {words!r} does not fit {box.width - 100} px")
        if isinstance(w, Button):
            label = button_label(w.label, w.rect.size, w.text_size, theme.INK)
            if label.get_width() > w.rect.w - 24 or label.get_height() > w.rect.h:
                bad.append(f"button {w.key}: {w.label!r} does not fit {w.rect.size}")
    # buttons of one screen asked for one text size draw their labels at one size: a label
    # shrunk to fit its button beside one that was not reads as a mistake
    heights: dict[int, dict[str, int]] = {}
    for w in widgets:
        if isinstance(w, Button) and w.label.strip():
            label = button_label(w.label, w.rect.size, w.text_size, theme.INK)
            heights.setdefault(w.text_size, {})[w.label] = label.get_height()
    bad += [f"buttons' labels at different sizes: {sizes}" for sizes in heights.values()
            if len(set(sizes.values())) > 1]
    return bad
