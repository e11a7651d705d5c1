"""Looking back: the finished games (each opens its replay) and the players' statistics.

The title's **History** opens ``HistoryScene``; its **Statistics** button (and the
statistics' **Finished games**) switches between the two.  Both are a scrolling list of rows
in a window, framed alike (``game.scenes.look_back``: ``LookBackScene``, ``RowList``).
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
from game.scenes.look_back import LIST_W, LIST_X, ListRow, LookBackScene, clipped
from game.scenes.replay import open_replay
from game.seats import BOT_LEVELS, KIND_WORDS, colour_names, player_name
from game.ui import intents as I
from game.ui import players, theme
from game.ui.rows import Choice

PAD = 24  # inside a row
TROPHY = "1F3C6"
WHAT_W = 330  # a history row: the game and when, then who sat where


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
