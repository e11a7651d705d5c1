"""The game log's messages (``LogView`` shows them): one entry per message, the board cells
an event's line names, and how every line ends."""

from __future__ import annotations

from collections.abc import Collection

import pygame

from game import i18n
from game.engine.messages import describe, localized

LINE_ENDS = ".!?…"  # what a log line (not a heading) ends with


class LogEntry:
    """One message of the log: its line as written now, wrapped into rows, and where it came
    from (an engine event, rendered again for each viewer and language, or a fixed line)."""

    __slots__ = ("text", "colour_index", "emphasis", "lines", "height", "images", "born",
                 "source", "cells", "said")

    def __init__(self, text, colour_index, emphasis, lines, height, born, source=None,
                 cells=(), said=None):
        self.text = text
        self.colour_index = colour_index
        self.emphasis = emphasis
        self.lines = lines
        self.height = height
        self.images: list[pygame.Surface] | None = None
        self.born = born
        self.source = source  # the engine event shown (None: a fixed, public line)
        self.cells = cells  # board cells the event names
        self.said = said  # a fixed line as it was added (a ``Sentence`` is written again)


def event_cells(data, cell_fields: Collection[str]) -> tuple[tuple[int, int], ...]:
    """The board cells named in an event's ``data`` under the keys ``cell_fields`` (the
    game's, from its descriptor: cells, sources, destinations, flags...): every ``[x, y]``
    pair under those keys, nested lists and dicts included.  ``data``: the event's data as
    the viewer gets it (``Event.seen_by``)."""
    found: list[tuple[int, int]] = []

    def walk(v) -> None:
        if isinstance(v, (list, tuple)):
            if len(v) == 2 and all(isinstance(c, int) and not isinstance(c, bool) for c in v):
                found.append((v[0], v[1]))
            else:
                for item in v:
                    walk(item)
        elif isinstance(v, dict):
            for k, item in v.items():
                if k in cell_fields:
                    walk(item)

    walk(data if isinstance(data, dict) else {})
    return tuple(dict.fromkeys(found))


def log_line(text: str) -> str:
    """``text`` as a log line ends, in every language: with a full stop unless it ends with
    one, or with ``!``, ``?`` or ``…``.  The messages of the rules and tables are written with
    and without it; the log makes them alike."""
    body = text.rstrip()
    return body if not body or body[-1] in LINE_ENDS else body + "."


# An entry's words, written for a viewer in the language of now.
def event_text(event, names, viewer: int | None) -> str:
    return describe(event.seen_by(viewer), names, viewer, i18n.language())


def event_cells_for(event, viewer: int | None, cell_fields) -> tuple[tuple[int, int], ...]:
    return event_cells(event.seen_by(viewer).data, cell_fields)


def said_text(said: str, names) -> str:
    return localized(said, names, i18n.language())


def text_of(e: LogEntry, names, viewer: int | None) -> str:
    """An entry's words written now, in the language and for the viewer of now."""
    if e.source is not None:
        return event_text(e.source, names, viewer)
    return said_text(e.said, names) if e.said is not None else e.text
