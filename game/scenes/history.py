"""Looking back: the finished games (each opens its replay) and the players' statistics.

The title's **History** opens ``HistoryScene``; its **Statistics** button (and the
statistics' **Finished games**) switches between the two.  Both are a scrolling list of rows
in a window (``RowList``): the wheel, the arrows or d-pad (row by row), Page Up / Page Down
and the pad's shoulders (a page), Home / End.  Each row's face is rendered once, when it
first shows, and again only after a change of text size or language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

import pygame
from babel.dates import format_date, format_time
from babel.numbers import format_decimal, format_percent

from game import assets, i18n, saves
from game.engine.messages import N_, localized
from game.history import GameRecord, History, PlayerStats, SeatRecord, statistics
from game.i18n import _
from game.palette import PLAYER_NAMES
from game.registry import GAMES
from game.scenes.menu import MenuScene
from game.scenes.replay import open_replay
from game.seats import BOT_LEVELS, KIND_WORDS, colour_names, player_name
from game.ui import intents as I
from game.ui import players, theme
from game.ui.rows import Choice
from game.ui.widgets import Button, Widget, button_width

LIST_X, LIST_W = 120, 1680  # the list's window across the canvas
PAD = 24  # inside a row
GAP = 12  # between rows
TITLE_TOP = 30
STATUS_W = 1000  # the line between Back and the other screen's button
GLIDE = 16.0  # how fast the list glides to where it scrolls (1/s)
WHEEL_ROWS = 1.5  # rows per wheel notch
TROPHY = "1F3C6"
WHAT_W = 330  # a history row: the game and when, then who sat where


def clipped(message: str, size: int, width: int, colour=theme.INK, bold: bool = False,
            *, shrink: bool = True, fixed: bool = False) -> pygame.Surface:
    """``message`` in ``width`` px: smaller towards 100 % first (unless not ``shrink``: a
    name keeps the size of the names beside it; nor when ``fixed``: ``size`` is the pixel
    size, already chosen), then cut with "…" (a long name in a narrow cell)."""
    def made(words: str) -> pygame.Surface:
        if fixed:
            return theme.text(words, size, colour, bold, fixed=True)
        return theme.fit_text(words, size, width, colour, bold) if shrink else \
            theme.text(words, size, colour, bold)

    t = made(message)
    cut = message
    while t.get_width() > width and len(cut) > 1:
        cut = cut[:-1]
        t = made(cut.rstrip() + "…")
    return t


def when_words(finished: str) -> tuple[str, str]:
    """The date and the time a game ended, as the player's language writes them."""
    try:
        when = datetime.fromisoformat(finished)
    except ValueError:
        return finished, ""
    code = i18n.language()
    return format_date(when, "medium", locale=code), format_time(when, "short", locale=code)


def seat_name(seat: SeatRecord) -> str:
    """A seat nobody named is called by its colour in the language spoken now."""
    i = seat.colour_index
    return player_name(i) if seat.name in colour_names(i) else seat.name


def stats_name(row: PlayerStats) -> str:
    return _(row.name) if row.name in PLAYER_NAMES else row.name


def game_name(game_id: str) -> str:
    info = GAMES.get(game_id)
    return info.name if info is not None else game_id


class ListRow(Widget):
    """A row of a ``RowList``: its face rendered on first sight, drawn only in the window."""

    def __init__(self, width: int, height: int, index: int, *, key: str):
        super().__init__((LIST_X, 0, width, height), key=key)
        self.index = index
        self.window = pygame.Rect(0, 0, 0, 0)  # set by the list
        self._face: pygame.Surface | None = None

    def contains(self, pos) -> bool:
        return self.window.collidepoint(pos) and super().contains(pos)

    def paint(self, face: pygame.Surface) -> None:
        """Draw the row's content on ``face`` (the row's size, at 0, 0)."""

    @property
    def face(self) -> pygame.Surface:
        if self._face is None:
            face = theme.panel(self.rect.size).copy()
            self.paint(face)
            self._face = face
        return self._face

    def draw(self, surface: pygame.Surface) -> None:
        """The list draws its rows (clipped to its window), not the focus group."""

    def draw_in(self, surface: pygame.Surface) -> None:
        lift = round(3 * self.hot.value)
        if self.hot.value > 0.01:
            theme.draw_shadow(surface, self.rect, spread=12, lift=4 + lift, alpha=90)
        surface.blit(self.face, self.rect.move(0, -lift))

    @property
    def focus_rect(self) -> pygame.Rect:
        return self.rect.move(0, -round(3 * self.hot.value)).clip(self.window.inflate(0, 8))


class RowList:
    """Rows stacked in a window that scrolls: keeps the focused row in sight."""

    def __init__(self, window: pygame.Rect, rows: Sequence[ListRow]) -> None:
        self.window = window
        self.rows = list(rows)
        self.offset = 0.0  # where the list scrolls to (px from its top)
        self.shown = 0.0  # where it is drawn now (glides towards ``offset``)
        self._tops = []
        y = 0
        for row in self.rows:
            row.window = window
            self._tops.append(y)
            y += row.rect.height + GAP
        self.height = max(0, y - GAP)
        self.place()

    @property
    def max_offset(self) -> float:
        return float(max(0, self.height - self.window.height))

    def place(self) -> None:
        top = self.window.y - round(self.shown)
        for row, y in zip(self.rows, self._tops, strict=True):
            row.rect.y = top + y

    def scroll_to(self, offset: float, *, smooth: bool = True) -> None:
        self.offset = min(self.max_offset, max(0.0, float(offset)))
        if not smooth:
            self.shown = self.offset
            self.place()

    def scroll_by(self, pixels: float) -> None:
        self.scroll_to(self.offset + pixels)

    def show(self, row: ListRow, *, smooth: bool = True) -> None:
        """Scroll so that ``row`` is whole in the window."""
        y = self._tops[row.index]
        if y < self.offset:
            self.scroll_to(y, smooth=smooth)
        elif y + row.rect.height > self.offset + self.window.height:
            self.scroll_to(y + row.rect.height - self.window.height, smooth=smooth)

    def first_in_sight(self) -> ListRow | None:
        return next((r for r, y in zip(self.rows, self._tops, strict=True)
                     if y >= self.offset - 1), self.rows[-1] if self.rows else None)

    def step(self) -> float:
        """A row's height and gap: how far a wheel notch goes."""
        return (self.rows[0].rect.height + GAP) if self.rows else 100.0

    def update(self, dt: float) -> None:
        diff = self.offset - self.shown
        if diff:
            self.shown = self.offset if abs(diff) < 0.5 else \
                self.shown + diff * min(1.0, dt * GLIDE)
            self.place()

    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.window.inflate(40, 16))
        for row in self.rows:
            if row.rect.bottom >= self.window.top - 8 and row.rect.top <= self.window.bottom + 8:
                row.draw_in(surface)
        surface.set_clip(clip)
        thumb = self.thumb()
        if thumb is not None:
            pygame.draw.rect(surface, theme.CREAM_DEEP, self.track(), border_radius=5)
            pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=5)

    def track(self) -> pygame.Rect:
        w = self.window
        return pygame.Rect(w.right + 30, w.y, 10, w.height)

    def thumb(self) -> pygame.Rect | None:
        """The scroll bar's thumb (None when everything shows)."""
        top = self.max_offset
        if top <= 0:
            return None
        t = self.track()
        h = max(60, round(t.height * self.window.height / self.height))
        k = min(1.0, max(0.0, self.shown / top))
        return pygame.Rect(t.x, t.y + round((t.height - h) * k), t.width, h)


class LookBackScene(MenuScene):
    """What both screens share: a title, a list of rows, Back and the other screen's button."""

    heading = ""  # N_: the screen's title
    other = ""  # N_: the other screen's button
    empty_text = ""  # N_: what the empty list says

    def __init__(self, services) -> None:
        self.rows: RowList | None = None
        self.status = ""  # a line by the buttons (the replay is missing...)
        super().__init__(services)

    # --- to override ------------------------------------------------------------------------
    def make_rows(self, width: int) -> list[ListRow]:
        return []

    def open_other(self) -> None: ...

    def draw_head(self, surface: pygame.Surface) -> None:
        """What a screen draws above its list (column headings)."""

    def empty_words(self) -> str:
        return _(self.empty_text)

    # --- building -----------------------------------------------------------------------------
    def title(self) -> pygame.Surface:
        return theme.shadowed_text(_(self.heading), theme.H1_SIZE)

    def title_bottom(self) -> int:
        """Where the title's letters end (it grows with the text size)."""
        title = self.title()
        return TITLE_TOP + title.get_bounding_rect(min_alpha=100).bottom

    def window_top(self) -> int:
        return self.title_bottom() + 24

    def window(self) -> pygame.Rect:
        top = self.window_top()
        bottom = 1040 - theme.BUTTON_HEIGHT - 30
        return pygame.Rect(LIST_X, top, LIST_W, bottom - top)

    def build(self) -> None:
        self.build_top()
        old = self.rows
        self.rows = RowList(self.window(), self.make_rows(LIST_W))
        for row in self.rows.rows:
            self.group.add(row)
        if old is not None and old.rows and self.rows.rows:
            self.rows.scroll_to(old.offset, smooth=False)
        back = pygame.Rect(0, 0, button_width(_("Back"), 300), theme.BUTTON_HEIGHT)
        back.bottomleft = (80, 1040)
        self.group.add(Button(back, _("Back"), self.back, key="back", sound=None))
        other = pygame.Rect(0, 0, button_width(_(self.other), 420), theme.BUTTON_HEIGHT)
        other.bottomright = (1840, 1040)
        self.group.add(Button(other, _(self.other), self.open_other, key="other"))

    def build_top(self) -> None:
        """Widgets above the list (the statistics' game filter)."""

    def draw_static(self, surface: pygame.Surface) -> None:
        surface.blit(theme.table_background(), (0, 0))
        title = self.title()
        surface.blit(title, title.get_rect(midtop=(960, TITLE_TOP)))
        self.draw_head(surface)
        if self.rows is not None and not self.rows.rows:
            w = self.window()
            _px, lines, step = theme.fit_wrap(self.empty_words(), theme.BODY_SIZE, 1100,
                                              w.height)
            y = w.y + 80
            for line in lines:
                t = theme.shadowed_text(line, theme.BODY_SIZE, theme.ON_TABLE, display=False,
                                        offset=2)
                surface.blit(t, t.get_rect(midtop=(960, y)))
                y += step

    def on_ui_scale(self) -> None:
        self.status = ""
        super().on_ui_scale()

    # --- input --------------------------------------------------------------------------------
    def handle(self, intent: I.Intent) -> bool:
        rows = self.rows
        assert rows is not None
        k = intent.kind
        focused = self.group.focused
        if k == I.WHEEL:
            rows.scroll_by(-intent.amount * rows.step() * WHEEL_ROWS)
            return True
        if k == I.ROTATE:  # Page Up / Page Down, the pad's shoulders
            self.page(intent.amount)
            return True
        if k == I.KEY and intent.key in (pygame.K_HOME, pygame.K_END) and rows.rows:
            self._focus_row(rows.rows[0 if intent.key == pygame.K_HOME else -1])
            return True
        if k == I.MOVE and intent.dy and isinstance(focused, ListRow):
            i = focused.index + intent.dy
            if 0 <= i < len(rows.rows):
                self._focus_row(rows.rows[i])
                self.group.play("tick")
                return True
        if k == I.MOVE and intent.dy > 0 and rows.rows and not isinstance(focused, ListRow) \
                and focused is not None and focused.rect.bottom <= rows.window.top:
            self._focus_row(rows.first_in_sight() or rows.rows[0])  # from above into the list
            self.group.play("tick")
            return True
        if k == I.MOVE and intent.dy < 0 and rows.rows and not isinstance(focused, ListRow) \
                and focused is not None and focused.rect.top >= rows.window.bottom:
            self._focus_row(self._last_in_sight())  # from the buttons up into the list
            self.group.play("tick")
            return True
        used = super().handle(intent)
        if isinstance(self.group.focused, ListRow) and k != I.POINT:
            rows.show(self.group.focused)
        return used

    def _last_in_sight(self) -> ListRow:
        assert self.rows is not None
        inside = [r for r in self.rows.rows if r.rect.bottom <= self.rows.window.bottom + 1]
        return inside[-1] if inside else self.rows.rows[0]

    def _focus_row(self, row: ListRow) -> None:
        assert self.rows is not None
        self.group.focus(row)
        self.rows.show(row)

    def page(self, n: int) -> None:
        rows = self.rows
        assert rows is not None
        if not rows.rows:
            return
        rows.scroll_by(n * max(rows.step(), rows.window.height - rows.step()))
        if isinstance(self.group.focused, ListRow):
            target = rows.first_in_sight()
            if target is not None:
                self.group.focus(target)
                rows.show(target)

    # --- frame --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        assert self.rows is not None
        self.rows.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        assert self.rows is not None
        self.rows.draw(surface)
        self.group.draw(surface, ring=self.is_top)
        line = self._status_line()
        if line is not None:
            surface.blit(line, line.get_rect(center=(960, 1040 - theme.BUTTON_HEIGHT // 2)))

    def _status_line(self) -> pygame.Surface | None:
        """Between the buttons: what went wrong just now, else how to use the list."""
        if self.status:
            return theme.fit_text(self.status, theme.SMALL_SIZE, STATUS_W, (255, 196, 170),
                                  bold=True)
        hint = self.hint_words()
        return theme.fit_text(hint, theme.SMALL_SIZE, STATUS_W, theme.ON_TABLE_SOFT) \
            if hint else None

    def hint_words(self) -> str:
        return ""

    def say_status(self, text: str) -> None:
        self.status = text
        self.services.audio.play("error")


# --- finished games ----------------------------------------------------------------------------
class GameRow(ListRow):
    """One finished game: when, which game, whether its replay is there, and each seat with
    its name, who played it, its score, the winners marked."""

    def __init__(self, record: GameRecord, width: int, index: int, has_replay: bool,
                 on_open: Callable[[GameRecord], None]):
        super().__init__(width, self.height(), index, key=f"game{index}")
        self.record = record
        self.has_replay = has_replay
        self.on_open = on_open

    @staticmethod
    def height() -> int:
        return (theme.line_height(theme.BODY_SIZE, bold=True)
                + theme.line_height(theme.SMALL_SIZE) + 2 * PAD - 8)

    def handle(self, intent: I.Intent) -> bool:
        if intent.kind == I.CONFIRM or self._clicked(intent, self.rect):
            self.bump()
            self.on_open(self.record)
            return True
        return False

    def cells(self) -> list[pygame.Rect]:
        """Where each part's words go: the game and when, then one cell per seat."""
        h = self.rect.height
        out = [pygame.Rect(PAD, 0, WHAT_W - PAD, h)]
        n = max(1, len(self.record.seats))
        w = (self.rect.width - WHAT_W - PAD) // n
        out += [pygame.Rect(WHAT_W + i * w, 0, w - 8, h) for i in range(n)]
        return out

    def paint(self, face: pygame.Surface) -> None:
        r = self.record
        cells = self.cells()
        top = PAD - 4
        second = top + theme.line_height(theme.BODY_SIZE, bold=True)
        what = cells[0]
        face.blit(clipped(game_name(r.game), theme.BODY_SIZE, what.width - 12, theme.ACCENT,
                          bold=True), (what.x, top))
        day, time = when_words(r.finished)
        if self.has_replay:
            when = clipped(_("{date}, {time}").format(date=day, time=time), theme.SMALL_SIZE,
                           what.width - 12, theme.INK_SOFT)
        else:
            when = clipped(_("{date} · replay missing").format(date=day), theme.SMALL_SIZE,
                           what.width - 12, theme.ERROR)
        face.blit(when, (what.x, second))
        trophy = _trophy(34)  # as small at every text size: the names keep the room
        for i, (seat, cell) in enumerate(zip(r.seats, cells[1:], strict=False)):
            won = i in r.winners
            if won:
                pygame.draw.rect(face, theme.CREAM_DEEP, cell.inflate(0, -10), border_radius=14)
            players.draw_swatch(face, seat.colour_index, (cell.x + 28, cell.centery), 17)
            x = cell.x + 56
            score = theme.text(str(seat.score), theme.BODY_SIZE, theme.INK, bold=True)
            face.blit(score, score.get_rect(midright=(cell.right - 12, cell.centery)))
            room = score.get_rect(midright=(cell.right - 12, 0)).x - 10 - x
            name_room = room - (trophy.get_width() + 6 if won and trophy else 0)
            name = clipped(seat_name(seat), theme.BODY_SIZE, name_room, bold=won, shrink=False)
            face.blit(name, (x, top))
            if won and trophy is not None:
                face.blit(trophy, trophy.get_rect(midleft=(x + name.get_width() + 6,
                                                           top + name.get_height() // 2)))
            who = _(KIND_WORDS.get(seat.level if seat.is_bot else None, KIND_WORDS[None]))
            face.blit(clipped(who, theme.SMALL_SIZE, room, theme.INK_SOFT), (x, second))


def _trophy(size: int) -> pygame.Surface | None:
    try:
        return assets.pictogram(TROPHY, size)
    except Exception:  # noqa: BLE001 - the trophy is decoration; the bold name says it too
        return None


class HistoryScene(LookBackScene):
    heading = N_("Finished games")
    other = N_("Statistics")
    empty_text = N_("No finished games yet. Play a game to its end (New game on the title "
                    "screen) and it shows up here, with its replay.")

    @property
    def history(self) -> History:
        return self.services.history

    def hint_words(self) -> str:
        if self.rows is None or not self.rows.rows:
            return ""
        return _("Choose a game to watch its replay")

    def make_rows(self, width: int) -> list[ListRow]:
        history = self.history
        return [GameRow(r, width, i, history.has_replay(r), self.watch)
                for i, r in enumerate(history.newest_first())]

    def open_other(self) -> None:
        self.services.stack.replace(StatisticsScene(self.services))

    def watch(self, record: GameRecord) -> None:
        """Open the game's replay over this screen (closing it comes back here)."""
        path = self.history.replay_path(record)
        if not path.is_file():
            self.say_status(_("The replay of this game is missing."))
            return
        saved, problem = saves.open_save(path)
        if saved is None:  # set aside by open_save: its row says so from now on
            self.say_status(localized(problem, None, i18n.language()) if problem else
                            _("The replay of this game is missing."))
            self.rebuild()
            return
        failed = open_replay(self.services, saved)
        if failed:
            self.say_status(localized(failed, None, i18n.language()))
        else:
            self.services.audio.play("click")


# --- statistics --------------------------------------------------------------------------------
class StatsRow(ListRow):
    """One player's figures (focusable, so the list scrolls row by row with the keys)."""

    def __init__(self, stats: PlayerStats, width: int, index: int, columns: list[int]):
        super().__init__(width, self.height(), index, key=f"player{index}")
        self.stats = stats
        self.columns = columns

    @staticmethod
    def height() -> int:
        return theme.line_height(theme.BODY_SIZE, bold=True) + PAD

    def cells(self) -> list[pygame.Rect]:
        return stat_cells(self.columns, self.rect.height)

    def values(self) -> list[str]:
        s = self.stats
        code = i18n.language()
        out = [str(s.games), str(s.wins), str(s.best),
               format_decimal(round(s.average, 1), format="#,##0.0", locale=code)]
        for level in BOT_LEVELS:
            won, played = s.win_rate(level)
            out.append(_("{rate} ({won}/{played})").format(
                rate=format_percent(won / played, locale=code), won=won, played=played)
                if played else "–")
        return out

    def paint(self, face: pygame.Surface) -> None:
        cells = self.cells()
        name = clipped(stats_name(self.stats), theme.BODY_SIZE, cells[0].width - 12, bold=True,
                       shrink=False)
        face.blit(name, name.get_rect(midleft=(cells[0].x, face.get_height() // 2)))
        for value, cell in zip(self.values(), cells[1:], strict=True):
            t = clipped(value, theme.BODY_SIZE, cell.width - 12)
            face.blit(t, t.get_rect(center=cell.center))


# Translators: column headings of the statistics (per player)
STAT_HEADINGS = (N_("Player"), N_("Games"), N_("Wins"), N_("Best score"), N_("Average"))
PLAYER_MIN = 300  # px the players' names keep at least
SAMPLE_FIGURES = ("888", "888.8", "100 % (88/88)")  # the widest a column's figures get


def stat_columns(width: int) -> list[int]:
    """The widths of the statistics' columns (player, games, wins, best, average, one per bot
    level) in the language spoken now: each figure column as wide as its heading or its
    widest figure needs at this text size, shrunk towards what they need at 100 % when the
    players' names would get less than ``PLAYER_MIN``; the names take the rest."""
    room = width - 2 * PAD

    def need(fixed: bool) -> list[int]:
        heads = [_(h) for h in STAT_HEADINGS[1:]] + [_(KIND_WORDS[lv]) for lv in BOT_LEVELS]
        figures = [SAMPLE_FIGURES[0]] * 3 + [SAMPLE_FIGURES[1]] + \
            [SAMPLE_FIGURES[2]] * len(BOT_LEVELS)
        small = theme.font(theme.SMALL_SIZE, bold=True, fixed=fixed)
        body = theme.font(theme.BODY_SIZE, fixed=fixed)
        return [max(small.size(h)[0], body.size(f)[0]) + 28
                for h, f in zip(heads, figures, strict=True)]

    want, least = need(False), need(True)
    spare = room - PLAYER_MIN
    if sum(want) > spare:
        t = max(0.0, (spare - sum(least)) / max(1, sum(want) - sum(least)))
        want = [round(lo + (hi - lo) * t) for lo, hi in zip(least, want, strict=True)]
    return [room - sum(want), *want]


def stat_cells(columns: Sequence[int], height: int) -> list[pygame.Rect]:
    out = []
    x = PAD
    for w in columns:
        out.append(pygame.Rect(x, 0, w, height))
        x += w
    return out


class StatisticsScene(LookBackScene):
    heading = N_("Statistics")
    other = N_("Finished games")
    empty_text = N_("No statistics yet: they count the finished games of human players.")
    game: str | None = None  # the game the figures are about (None: every game)

    def choice_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, 900, 84)
        rect.midtop = (960, self.title_bottom() + 16)
        return rect

    def window_top(self) -> int:
        return self.choice_rect().bottom + 2 * theme.line_height(theme.SMALL_SIZE, bold=True) \
            + 40

    def build_top(self) -> None:
        options = [(None, _("All games"))] + [(g.id, g.name) for g in GAMES.values()]
        self.columns = stat_columns(LIST_W)
        self.group.add(Choice(self.choice_rect(), _("Game"), options, self.game,
                              self.choose_game, key="game"))

    def choose_game(self, game: str | None) -> None:
        self.game = game
        self.rebuild()

    def empty_words(self) -> str:
        if self.game is not None:
            return _("No finished games of {game} by human players yet.").format(
                game=game_name(self.game))
        return _(self.empty_text)

    def make_rows(self, width: int) -> list[ListRow]:
        return [StatsRow(s, width, i, self.columns) for i, s in
                enumerate(statistics(self.services.history.records, self.game))]

    def open_other(self) -> None:
        self.services.stack.replace(HistoryScene(self.services))

    def heading_boxes(self) -> list[tuple[str, pygame.Rect, bool]]:
        """(words, box on the canvas, bold) of the column headings over the list."""
        w = self.window()
        line = theme.line_height(theme.SMALL_SIZE, bold=True)
        cells = stat_cells(self.columns, line)
        top = w.y - line * 2 - 18
        out = []
        for words, cell in zip(STAT_HEADINGS, cells, strict=False):
            out.append((_(words), cell.move(w.x, top + line + 4), True))
        levels = cells[len(STAT_HEADINGS):]
        span = levels[0].unionall(levels[1:]) if levels else pygame.Rect(0, 0, 0, 0)
        # Translators: over the columns "Bot (easy)", "Bot (normal)", "Bot (hard)"
        out.append((_("Wins against"), pygame.Rect(span.x + w.x, top, span.width, line), True))
        for level, cell in zip(BOT_LEVELS, levels, strict=True):
            out.append((_(KIND_WORDS[level]),
                        pygame.Rect(cell.x + w.x, top + line + 4, cell.width, line), False))
        return out

    def draw_head(self, surface: pygame.Surface) -> None:
        boxes = self.heading_boxes()
        # one size for every heading: the largest at which each fits its column
        px = min(theme.fitting_px(words, theme.SMALL_SIZE, box.width - 12, bold=bold)
                 for words, box, bold in boxes)
        for words, box, bold in boxes:
            t = clipped(words, px, box.width - 12, theme.ON_TABLE, bold=bold, fixed=True)
            at = t.get_rect(midleft=(box.x, box.centery)) if box.x == LIST_X + PAD else \
                t.get_rect(center=box.center)
            surface.blit(t, at)
