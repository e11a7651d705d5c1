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


def check_boxes(rec: Recorder, boxes: dict[str, pygame.Rect]) -> list[str]:
    """Texts that leave the canvas, or that overlap a box without fitting inside it."""
    bad = []
    for message, r in rec.texts:
        if not CANVAS.contains(r):
            bad.append(f"{message!r} {r} leaves the canvas")
        for name, box in boxes.items():
            if r.colliderect(box) and not box.contains(r):
                bad.append(f"{message!r} {r} overflows {name} {box}")
    return bad
