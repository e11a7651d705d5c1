"""``LogView``: the game log beside the board: word-wrapped lines, newest at the bottom.

    log = LogView(pygame.Rect(1450, 620, 440, 420))
    log.add("Blue placed a farmer: +7", colour_index=1)    # a badge in the seat's colour
    log.add("Round 2", emphasis=True)                      # a centred heading line
    log.add_event(event, colour_index=2)                   # an engine event, for the viewer
    log.set_viewer(1)                                      # the hot-seat hand-off: re-rendered
    if log.handle(intent): ...                             # wheel / drag / click over it
    log.update(dt); log.draw(surface)

* It follows the newest line (new lines slide in) until the player scrolls up; then the view
  stays put, a "N new" pill appears at the bottom, and scrolling back down (or clicking the
  pill) follows again.
* Scrolling: the wheel while the pointer is over it, dragging the text, or the scroll bar;
  ``scroll_by(px)``, ``page(n)`` and ``scroll_to_end()`` for keys and pads.
* Keeps the last ``max_lines`` messages (each ``add`` is one message, however many rows it
  wraps into).
* Cheap: messages are wrapped once when added and rendered once when first seen; a frame
  blits the background and the visible rows only.
* Privacy at a shared screen: an engine event keeps its source, and its text and cells are
  those of the event as the log's ``viewer`` gets it (``Event.seen_by``, the engine's one
  rule), with the seats' ``names`` (``describe``).  ``set_viewer``
  re-renders every event line for whoever looks now, so after a hot-seat hand-off the log
  holds nothing the new viewer may not know.
* Language: event lines are written in the player's language, and so is a line added as a
  ``Sentence`` (``say(N_("Round {n}"), n=2)``); when the language changes (``rescale``, or
  at the next ``update``) every such line is written again in the new one.  A plain ``str``
  line is shown as it is.
* Each event line remembers the board cells its event names (``cells_at(pos)``: the data
  under the keys ``cell_fields``, the game's ``GameInfo.cell_fields``), so the table can
  light them up while the pointer is over the line.
* One rule for how a line ends, in every language (``log_line``): with a full stop, unless
  its message ends in ``!``, ``?`` or ``…`` of its own; a heading (``emphasis``) has none.
  Messages need not carry the stop: the log adds it.

``style`` is "dark" (light text on a dark wood panel, the default), "paper" (ink on cream) or
None (no background: the caller draws one).  The messages themselves (``LogEntry``, their
cells, how a line ends) are in ``game.ui.log_lines``; the pictures made once (panel, soft
edges, badges, pills) in ``game.ui.log_paint``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection

import pygame

from game import i18n
from game.ui import intents as I
from game.ui import theme
from game.ui.log_lines import LogEntry, event_cells_for, event_text, log_line, said_text, text_of
from game.ui.log_paint import BADGE, PAD, SCROLLBAR_W, STYLES, TEXT_SIZE, LogPictures

ENTRY_GAP = 8
PILL_GAP = 6  # between the "N new" pill and the line above it
FADE_IN = 0.35  # seconds for a new line to fade in
FOLLOW_RATE = 14.0  # how fast the view glides to its target (1/s)

class LogView:
    def __init__(
        self,
        rect: pygame.Rect,
        max_lines: int = 500,
        *,
        style: str | None = "dark",
        title: str | None = None,
        text_size: int = TEXT_SIZE,
        cell_fields: Collection[str] = (),
    ):
        if style is not None and style not in STYLES:
            raise ValueError(f"unknown log style {style!r}; expected one of {list(STYLES)}")
        self.rect = pygame.Rect(rect)
        self.max_lines = max(1, max_lines)
        self.style = style
        self.title = title
        self.text_size = max(TEXT_SIZE, text_size)
        self._pictures = LogPictures(style)  # panel, soft edges, badges, pills
        self._fonts()
        self.entries: deque[LogEntry] = deque()
        self._pictured: list[LogEntry] = []  # the entries whose pictures were last drawn
        self._content_h = 0  # sum of entry heights and gaps
        self._target = 0.0  # pixels scrolled up from the newest line (0 = following)
        self._shown = 0.0  # what is on screen, gliding to the target
        self._t = 0.0
        self._pointer: tuple[int, int] | None = None
        self._drag: tuple[str, int, float] | None = None  # (mode, start y, start scroll)
        self.unseen = 0  # messages added while scrolled up
        self.top_inset = 0  # room kept free at the top (e.g. for a button over the log)
        self.viewer: int | None = None  # whose private event lines are shown in full
        self.names: list[str] | None = None  # the seats' names (None: the engine's)
        self.cell_fields = frozenset(cell_fields)  # the keys of event data naming cells
        self._generation = i18n.generation()  # the language the lines are written in
        self._layout()

    # --- geometry ---------------------------------------------------------------------------
    def _fonts(self) -> None:
        self._font = theme.font(self.text_size)
        self._bold = theme.font(self.text_size, bold=True)
        self.line_height = self._font.get_linesize()

    def rescale(self) -> None:
        """The UI scale or the language changed: new fonts, and every message written and
        wrapped again."""
        self._generation = i18n.generation()
        self._pictures.forget(pills=True)
        self._fonts()
        self._layout()
        self._rewrap()

    def _rewrap(self) -> None:
        old = list(self.entries)
        self.entries.clear()
        self._content_h = 0
        for e in old:
            self._append(self._make(text_of(e, self.names, self.viewer), e.colour_index, e.emphasis, born=-1.0,
                                    source=e.source, cells=e.cells, said=e.said))
        self._target = min(self._target, self.max_scroll)
        self._shown = self._target

    def _layout(self) -> None:
        r = self.rect
        top = r.y + PAD + self.top_inset
        if self.title:
            top += self._bold.get_linesize() + 6
        self.view = pygame.Rect(r.x + PAD, top, r.width - 2 * PAD, r.bottom - PAD - top)
        self.text_x = self.view.x + BADGE + 10
        self.wrap_width = self.view.right - SCROLLBAR_W - 8 - self.text_x
        self.scrollbar = pygame.Rect(
            self.view.right - SCROLLBAR_W, self.view.y, SCROLLBAR_W, self.view.height
        )

    def set_top_inset(self, pixels: int) -> None:
        """Keep ``pixels`` free at the top; lines stay anchored at the bottom."""
        if pixels != self.top_inset:
            self.top_inset = pixels
            self._pictures.forget_fades()
            self._layout()

    def set_rect(self, rect: pygame.Rect) -> None:
        """Move or resize; messages are wrapped again when the width changed."""
        rect = pygame.Rect(rect)
        resized = rect.size != self.rect.size
        self.rect = rect
        self._pictures.forget()
        self._layout()
        if resized:
            self._rewrap()

    # --- content ----------------------------------------------------------------------------
    def add(self, text: str, colour_index: int | None = None, *, emphasis: bool = False) -> None:
        """Append a message (with a seat badge when ``colour_index`` is given).  The text is
        shown to every viewer alike: only public words belong here.  A ``Sentence`` is
        written in the player's language (again whenever it changes)."""
        self._add(self._make(said_text(text, self.names), colour_index, emphasis, born=self._t,
                             said=text))

    def add_event(self, event, colour_index: int | None = None) -> None:
        """Append an engine event's line, as the current ``viewer`` may read it."""
        self._add(self._make(event_text(event, self.names, self.viewer), colour_index, False, born=self._t,
                             source=event, cells=event_cells_for(event, self.viewer, self.cell_fields)))

    def set_viewer(self, viewer: int | None) -> None:
        """Whoever looks now: every event line is rendered again for them."""
        if viewer == self.viewer:
            return
        self.viewer = viewer
        changed = False
        for i, e in enumerate(self.entries):
            if e.source is None:
                continue
            text = event_text(e.source, self.names, self.viewer)
            cells = event_cells_for(e.source, self.viewer, self.cell_fields)
            if log_line(text) != e.text or cells != e.cells:
                new = self._make(text, e.colour_index, e.emphasis, born=-1.0, source=e.source,
                                 cells=cells, said=e.said)
                self._content_h += new.height - e.height
                self.entries[i] = new
                changed = True
        if changed:
            self._target = min(self._target, self.max_scroll)
            self._shown = min(self._shown, self.max_scroll)

    def _add(self, entry: LogEntry) -> None:
        following = self.at_end
        self._append(entry)
        while len(self.entries) > self.max_lines:
            old = self.entries.popleft()
            self._content_h -= old.height + ENTRY_GAP
        grow = entry.height + ENTRY_GAP
        if following:
            # Stay at the bottom, and let the new line slide in from below.
            self._shown = min(self._shown + grow, self.max_scroll)
        else:
            # Keep the rows the player is reading where they are.
            self._target = min(self._target + grow, self.max_scroll)
            self._shown = min(self._shown + grow, self.max_scroll)
            self.unseen += 1
        self._target = min(self._target, self.max_scroll)

    def _make(self, text: str, colour_index: int | None, emphasis: bool, born: float,
              source=None, cells=(), said=None) -> LogEntry:
        if not emphasis:
            text = log_line(text)
        width = self.wrap_width + (BADGE + 10 if emphasis and colour_index is None else 0)
        lines = theme.wrap(text, self.text_size, width, bold=emphasis) or [""]
        height = len(lines) * self.line_height
        return LogEntry(text, colour_index, emphasis, lines, height, born, source, cells, said)

    def _append(self, entry: LogEntry) -> None:
        self.entries.append(entry)
        self._content_h += entry.height + ENTRY_GAP

    def clear(self) -> None:
        self.entries.clear()
        self._content_h = 0
        self._target = self._shown = 0.0
        self.unseen = 0

    def __len__(self) -> int:
        return len(self.entries)

    @property
    def lines(self) -> list[str]:
        """Every message, oldest first."""
        return [e.text for e in self.entries]

    def entry_at(self, pos) -> LogEntry | None:
        """The message drawn under ``pos`` (None: none is)."""
        if pos is None or not self.view.collidepoint(pos) or pos[1] >= self._lines_bottom:
            return None
        bottom = self._lines_bottom + round(self._shown)
        for e in reversed(self.entries):
            top = bottom - e.height
            if top <= pos[1] < bottom:
                return e
            if bottom <= self.view.top:
                break
            bottom = top - ENTRY_GAP
        return None

    def newest(self, count: int) -> list[tuple[pygame.Rect, LogEntry]]:
        """The newest ``count`` messages still on screen once the log has caught up (new
        lines may still be sliding in), newest first, each with where it is drawn."""
        out: list[tuple[pygame.Rect, LogEntry]] = []
        bottom = self.view.bottom + round(self._target)
        for e in reversed(self.entries):
            if len(out) == count or bottom <= self.view.top:
                break
            top = bottom - e.height
            rect = pygame.Rect(self.view.x, top, self.view.width, e.height).clip(self.view)
            if rect.height > 0:
                out.append((rect, e))
            bottom = top - ENTRY_GAP
        return out

    def cells_at(self, pos) -> tuple[tuple[int, int], ...]:
        """The board cells named by the event line under ``pos``."""
        e = self.entry_at(pos)
        return e.cells if e is not None else ()

    @property
    def row_count(self) -> int:
        """Rows on screen if nothing were clipped: messages after word-wrapping."""
        return sum(len(e.lines) for e in self.entries)

    # --- scrolling --------------------------------------------------------------------------
    @property
    def content_height(self) -> int:
        return max(0, self._content_h - ENTRY_GAP)

    @property
    def max_scroll(self) -> float:
        return float(max(0, self.content_height - (self.view.height - self._pill_room())))

    def _pill_room(self) -> int:
        """The room the "N new" pill takes at the bottom of the view while it shows: the
        lines end above it, so it never covers the last one."""
        pill = self._pill_rect()
        return self.view.bottom - pill.top + PILL_GAP if pill is not None else 0

    @property
    def _lines_bottom(self) -> int:
        """Where the newest line in view ends (above the pill when it shows)."""
        return self.view.bottom - self._pill_room()

    @property
    def scroll(self) -> float:
        """Pixels scrolled up from the newest line (0: following the log)."""
        return self._target

    @property
    def at_end(self) -> bool:
        return self._target <= 0.5

    def scroll_by(self, pixels: float, *, smooth: bool = True) -> None:
        """Positive: towards older messages."""
        self._target = min(self.max_scroll, max(0.0, self._target + pixels))
        if not smooth:
            self._shown = self._target
        if self.at_end:
            self.unseen = 0

    def page(self, n: int) -> None:
        """``n`` views up (positive) or down (negative)."""
        self.scroll_by(n * max(self.line_height, self.view.height - self.line_height))

    def scroll_to_end(self) -> None:
        self._target = 0.0
        self.unseen = 0

    def _pill_label(self) -> str:
        # Translators: the pill under the game log counting lines added while scrolled up
        return i18n.ngettext("{n} new", "{n} new", self.unseen).format(n=self.unseen)

    def _pill_rect(self) -> pygame.Rect | None:
        if self.at_end or not self.unseen:
            return None
        label_w = theme.font(TEXT_SIZE, bold=True).size(self._pill_label())[0]
        r = pygame.Rect(0, 0, max(theme.scaled(150), label_w + 80), theme.scaled(40))
        r.midbottom = (self.view.centerx - SCROLLBAR_W, self.view.bottom - 6)
        return r

    def _thumb_rect(self) -> pygame.Rect | None:
        top = self.max_scroll
        if top <= 0:
            return None
        track = self.scrollbar
        h = max(40, round(track.height * self.view.height / max(1, self.content_height)))
        k = 1.0 - min(1.0, max(0.0, self._shown / top))
        return pygame.Rect(track.x, track.y + round((track.height - h) * k), track.width, h)

    def handle(self, intent: I.Intent) -> bool:
        """Wheel, drag and clicks over the log; True when used."""
        k = intent.kind
        if intent.pos is not None:
            self._pointer = intent.pos
        if k == I.WHEEL:
            if self._pointer is not None and self.rect.collidepoint(self._pointer):
                self.scroll_by(intent.amount * 3 * self.line_height)
                return True
            return False
        if k == I.CLICK and intent.button == 1 and self.rect.collidepoint(intent.xy):
            if intent.xy[1] < self.view.y:
                return False  # the title or the top inset: not the log's
            pill = self._pill_rect()
            if pill is not None and pill.inflate(8, 8).collidepoint(intent.xy):
                self.scroll_to_end()
                return True
            bar = self.scrollbar.inflate(24, 0)
            if self.max_scroll > 0 and bar.collidepoint(intent.xy):
                self._drag = ("bar", intent.xy[1], self._target)
                self._drag_bar(intent.xy[1])
            else:
                self._drag = ("text", intent.xy[1], self._target)
            return True
        if k == I.POINT and self._drag is not None:
            if not intent.held:
                self._drag = None
                return False
            mode, y0, s0 = self._drag
            if mode == "bar":
                self._drag_bar(intent.xy[1])
            else:
                self.scroll_by(s0 + (intent.xy[1] - y0) - self._target, smooth=False)
            return True
        if k == I.RELEASE and self._drag is not None:
            self._drag = None
            return True
        return False

    def _drag_bar(self, y: int) -> None:
        track = self.scrollbar
        thumb = self._thumb_rect()
        h = thumb.height if thumb else 40
        k = (y - track.y - h / 2) / max(1, track.height - h)
        self.scroll_by((1.0 - min(1.0, max(0.0, k))) * self.max_scroll - self._target, smooth=False)

    # --- frame ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self._generation != i18n.generation():
            self.rescale()  # a log no scene passed the change on to (a replay's, a demo's)
        self._t += dt
        diff = self._target - self._shown
        if abs(diff) < 0.5:
            self._shown = self._target
        else:
            self._shown += diff * min(1.0, dt * FOLLOW_RATE)
        if self.at_end:
            self.unseen = 0

    def _render(self, e: LogEntry) -> list[pygame.Surface]:
        if e.images is None:
            f = self._bold if e.emphasis else self._font
            pics = self._pictures
            ink = pics.em if e.emphasis else pics.ink
            e.images = [f.render(line, True, ink) for line in e.lines]
            if pygame.display.get_surface() is not None:
                e.images = [img.convert_alpha() for img in e.images]
        return e.images

    def draw(self, surface: pygame.Surface) -> None:
        bg = self._pictures.panel(self.rect.size, self.title, self._bold)
        if bg is not None:
            surface.blit(bg, self.rect)
        view = self.view
        lines = view.copy()
        lines.height = self._lines_bottom - view.top
        old_clip = surface.get_clip()
        surface.set_clip(lines.clip(old_clip) if old_clip else lines)
        bottom = lines.bottom + round(self._shown)
        drawn: list[LogEntry] = []
        for e in reversed(self.entries):
            top = bottom - e.height
            if top < lines.bottom:
                if bottom <= view.top:
                    break
                self._draw_entry(surface, e, top)
                drawn.append(e)
            bottom = top - ENTRY_GAP
        self._forget_images(drawn)
        surface.set_clip(old_clip)
        if self.style is not None:
            fade_top, fade_bottom = self._pictures.fades(view.width - SCROLLBAR_W - 6,
                                                         _face_colour(bg))
            if self._shown < self.max_scroll - 0.5:
                surface.blit(fade_top, (view.x, view.y))
            if self._shown > 0.5:
                surface.blit(fade_bottom, (view.x, lines.bottom - fade_bottom.get_height()))
        thumb = self._thumb_rect()
        if thumb is not None:
            pygame.draw.rect(surface, self._pictures.track, self.scrollbar, border_radius=4)
            pygame.draw.rect(surface, self._pictures.thumb, thumb, border_radius=4)
        pill = self._pill_rect()
        if pill is not None:
            self._draw_pill(surface, pill)

    def _forget_images(self, drawn: list[LogEntry]) -> None:
        """Lines that left the view drop their pictures (made again if they come back): a
        long game's log would otherwise keep a picture of every line it ever showed."""
        keep = {id(e) for e in drawn}
        for e in self._pictured:
            if id(e) not in keep:
                e.images = None
        self._pictured = drawn

    def _draw_entry(self, surface: pygame.Surface, e: LogEntry, top: int) -> None:
        images = self._render(e)
        age = self._t - e.born
        alpha = 255 if e.born < 0 or age >= FADE_IN else round(255 * max(0.0, age) / FADE_IN)
        lh = self.line_height
        if e.colour_index is not None and top >= self.view.top:
            badge = self._pictures.badge(e.colour_index)
            surface.blit(badge, badge.get_rect(center=(self.view.x + BADGE // 2, top + lh // 2)))
        x: int | None = self.text_x
        if e.emphasis and e.colour_index is None:
            x = None  # centred
        y = top
        for img in images:
            if y < self.view.top:  # a row cut by the top edge would read as running under
                y += lh            # the buttons over the log: only whole rows show there
                continue
            if alpha < 255:
                img.set_alpha(alpha)
            if x is None:
                surface.blit(img, img.get_rect(midtop=(self.view.centerx - SCROLLBAR_W, y)))
            else:
                surface.blit(img, (x, y))
            if alpha < 255:
                img.set_alpha(255)
            y += lh

    def _draw_pill(self, surface: pygame.Surface, pill: pygame.Rect) -> None:
        surface.blit(self._pictures.pill_face(pill.size, self._pill_label()), pill)


def _face_colour(bg: pygame.Surface | None) -> tuple[int, int, int]:
    """The colour of the panel ``bg`` where the lines are (the soft edges' colour)."""
    if bg is None:
        return (0, 0, 0)
    c = bg.get_at((bg.get_width() // 2, bg.get_height() - PAD - 4))
    return (c.r, c.g, c.b)
