"""The results screen's score chart: each seat's score over the game and its points per
scoring category.

    model = chart_of(table, rows, categories)   # None when there is no recorded game
    model = chart_for(state, names, colours, rows, categories)
    draw_chart(surface, rect, model)            # paints the whole panel into ``rect``

Left, a line per seat (its colour, with its shape as markers along it, and its badge at the
end) over the turns or rounds (``game.ui.chart_data``); right, one group of bars per
scoring category, a bar per player, best player first.  A legend with the names and totals
runs along the top.  The results screen paints it once into its static layer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.core import GameState
from game.i18n import _
from game.scenes.tutorial.guide import lesson_state
from game.ui import art, players, theme
from game.ui.chart_data import ROUNDS, ScoreSeries, score_series

PAD = 26
GRID = (226, 212, 186)
AXIS = (150, 124, 96)
PLOT_FILL = (253, 249, 238)
ROUND_LINE = (190, 160, 120)
LINE_W = 4
MARK_R = 8
END_R = 14
END_STEP = 2 * END_R - 2  # between two badges side by side
NUMBER_SIZE = 22  # bar values: never smaller than this
LINE_SHARE = 0.6  # of the panel's width, for the line chart


@dataclass(frozen=True)
class ChartModel:
    series: ScoreSeries
    seats: tuple[tuple[str, int], ...]  # per seat: (name, palette index)
    order: tuple[int, ...]  # seats best first: the legend's and each bar group's order
    totals: tuple[int, ...]  # per seat: the final score of the results table
    categories: tuple[tuple[str, tuple[int, ...]], ...]  # (English label, points per seat)
    round_words: Callable[[int], str] | None = None  # "Round 2", in the game's own words


def finished_game(scene: Any) -> GameState | None:
    """The game that ended at ``scene`` (a table: its session's, whole once it is over), or
    None."""
    session = getattr(scene, "session", None)
    return session.finished_game() if session is not None else None


def chart_of(scene: Any, rows: Sequence[Any], categories: Sequence[str]) -> ChartModel | None:
    """The chart of the game under the results: a table's (the game that just ended, or a
    finished game loaded), or a replay's (its whole recording); None when ``scene`` has no
    recorded game.  ``rows`` are the results table's rows (best first)."""
    table = getattr(scene, "table", scene)  # a replay plays its recording on a table
    state = getattr(scene, "record", None) or finished_game(table)
    names, colours = getattr(table, "names", None), getattr(table, "colour", None)
    if (not isinstance(state, GameState) or names is None or colours is None
            or not state.history):
        return None
    round_words = getattr(table, "round_words", None)
    coach = getattr(table, "coach", None)  # a lesson's game starts from its arranged deal
    start = lesson_state(coach.lesson) if coach is not None else None
    return chart_for(state, names, colours, rows, categories,
                     (lambda r: round_words(r, None)) if round_words else None, start)


def chart_for(state: Any, names: Sequence[str], colours: Sequence[int], rows: Sequence[Any],
              categories: Sequence[str], round_words: Callable[[int], str] | None = None,
              start: Any = None) -> ChartModel | None:
    """The chart of ``state``'s game: seat ``q`` is ``names[q]`` wearing ``colours[q]``; each
    category's points per seat come from the breakdown of the row in that seat's colour
    (None when the rows are not one per seat)."""
    n = state.num_players
    seats = tuple((names[q], colours[q]) for q in range(n))
    seat_of_colour = {colours[q]: q for q in range(n)}  # each seat wears its own colour
    order, totals = [], [0] * n
    by_seat: dict[int, Any] = {}
    for row in rows:
        q = seat_of_colour.get(row.colour_index)
        if q is None or q in by_seat:
            return None
        by_seat[q] = row
        order.append(q)
        totals[q] = row.total
    if len(order) != n:
        return None
    cats = tuple(
        (label, tuple(int(by_seat[q].breakdown.get(label, 0) or 0) for q in range(n)))
        for label in categories)
    try:
        series = score_series(state, start)
    except ValueError:  # a game its seed and moves do not rebuild (set up by hand): no chart
        return None
    return ChartModel(series, seats, tuple(order), tuple(totals), cats, round_words)


# --- scales --------------------------------------------------------------------------------
def nice_top(value: int, ticks: int = 5) -> tuple[int, int]:
    """(top, step): an axis from 0 to at least ``value`` in at most ``ticks`` round steps."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if value <= step * ticks:
            return max(step, -(-value // step) * step), step
    step = 10 ** len(str(value // ticks))
    return -(-value // step) * step, step


def tick_every(steps: int, room: int) -> int:
    """Label every k-th turn so that at most ``room`` labels show."""
    for k in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if steps <= k * room:
            return k
    return max(1, steps // room)


# --- the panel -----------------------------------------------------------------------------
def draw_chart(surface: pygame.Surface, rect: pygame.Rect, model: ChartModel) -> None:
    """The whole chart panel (background, legend, lines, bars) into ``rect``."""
    surface.blit(theme.panel(rect.size, theme.CREAM, theme.RADIUS, theme.CREAM_LINE),
                 rect.topleft)
    inner = rect.inflate(-2 * PAD, -2 * PAD)
    legend_h = _draw_legend(surface, inner, model)
    body = pygame.Rect(inner.x, inner.y + legend_h + 14, inner.width,
                       inner.height - legend_h - 14)
    left_w = round(body.width * LINE_SHARE) if model.categories else body.width
    lines = pygame.Rect(body.x, body.y, left_w - PAD, body.height)
    _draw_lines(surface, lines, model)
    if model.categories:
        bars = pygame.Rect(body.x + left_w + PAD, body.y, body.width - left_w - PAD,
                           body.height)
        pygame.draw.line(surface, theme.CREAM_LINE, (body.x + left_w, body.y + 6),
                         (body.x + left_w, body.bottom - 6), 2)
        _draw_bars(surface, bars, model)


def _draw_legend(surface: pygame.Surface, box: pygame.Rect, model: ChartModel) -> int:
    """Each player's badge, name and total, best first, centred on as many lines as they
    need; returns the height used."""
    items = []
    for q in model.order:
        name, colour = model.seats[q]
        label = theme.text(f"{name}  {model.totals[q]}", theme.SMALL_SIZE, theme.INK, True)
        if label.get_width() > box.width - 2 * END_R - 10:
            label = theme.fit_text(f"{name}  {model.totals[q]}", theme.SMALL_SIZE,
                                   box.width - 2 * END_R - 10, theme.INK, True)
        items.append((colour, label))
    gap, line_h = 40, max(2 * END_R + 4, theme.line_height(theme.SMALL_SIZE, True))
    rows: list[list[tuple[int, pygame.Surface]]] = [[]]
    width = 0
    for item in items:
        w = 2 * END_R + 10 + item[1].get_width()
        if rows[-1] and width + gap + w > box.width:
            rows.append([])
            width = 0
        width += (gap if rows[-1] else 0) + w
        rows[-1].append(item)
    for i, row in enumerate(rows):
        total = sum(2 * END_R + 10 + label.get_width() for _, label in row) + \
            gap * (len(row) - 1)
        x = box.centerx - total // 2
        cy = box.y + i * line_h + line_h // 2
        for colour, label in row:
            players.draw_swatch(surface, colour, (x + END_R, cy), END_R)
            x += 2 * END_R + 10
            surface.blit(label, label.get_rect(midleft=(x, cy)))
            x += label.get_width() + gap
    return len(rows) * line_h


def _heading(surface: pygame.Surface, box: pygame.Rect, message: str) -> int:
    """A section's heading at the top of ``box``, on as many lines as it needs; its height."""
    lines = theme.wrap(message, theme.SMALL_SIZE, box.width, bold=True)
    step = theme.line_height(theme.SMALL_SIZE, True)
    for i, line in enumerate(lines):
        img = theme.text(line, theme.SMALL_SIZE, theme.INK_SOFT, True)
        surface.blit(img, img.get_rect(midtop=(box.centerx, box.y + i * step)))
    return step * len(lines)


def _y_axis(surface: pygame.Surface, box: pygame.Rect, top_value: int, title: str,
            headroom: int = 0) -> tuple[pygame.Rect, Callable[[float], float]]:
    """Grid lines and their numbers, the axis title above them; the plot rect left over
    (``box`` already holds no room for the x labels) and the value -> y mapping.
    ``headroom``: pixels kept free above the highest grid line (for what is drawn over
    the tallest bar)."""
    top, step = nice_top(top_value)
    labels = [theme.text(str(v), theme.SMALL_SIZE, theme.INK_SOFT)
              for v in range(0, top + 1, step)]
    half = labels[0].get_height() // 2
    # the axis title reads upwards beside the numbers: it takes no line of the plot's height
    head = theme.text(title, theme.SMALL_SIZE, theme.INK_SOFT, True)
    left = box.x + axis_width(top_value)
    plot = pygame.Rect(left, box.y + half + headroom, box.right - left, 0)
    plot.height = box.bottom - plot.y
    upright = pygame.transform.rotate(head, 90)
    if upright.get_height() > plot.height:  # a long word in a short plot: as small as fits
        upright = pygame.transform.smoothscale_by(upright, plot.height / upright.get_height())
    surface.blit(upright, upright.get_rect(midleft=(box.x, plot.centery)))

    def y_of(v: float) -> float:
        return plot.bottom - plot.height * v / top

    pygame.draw.rect(surface, PLOT_FILL, plot)
    for i, img in enumerate(labels):
        y = round(y_of(i * step))
        pygame.draw.line(surface, GRID, (plot.x, y), (plot.right, y), 1)
        surface.blit(img, img.get_rect(midright=(plot.x - 8, y)))
    pygame.draw.line(surface, AXIS, plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(surface, AXIS, plot.topleft, plot.bottomleft, 2)
    return plot, y_of


def axis_width(top_value: int) -> int:
    """The room the y axis's title and numbers take left of the plot."""
    top, _step = nice_top(top_value)
    return theme.line_height(theme.SMALL_SIZE, True) + 4 + \
        theme.font(theme.SMALL_SIZE).size(str(top))[0] + 12


def _draw_lines(surface: pygame.Surface, box: pygame.Rect, model: ChartModel) -> None:
    series = model.series
    by_round = series.axis == ROUNDS
    if by_round:
        # Translators: the heading of the results' line chart (each player's score)
        heading = _("Score after each round")
        # Translators: the results chart's x axis: the game's rounds, counted from the first
        axis_title = _("Rounds")
    else:
        # Translators: the heading of the results' line chart (each player's score)
        heading = _("Score after each turn")
        # Translators: the results chart's x axis: the game's turns, counted from the first
        axis_title = _("Turns")
    used = _heading(surface, box, heading) + 6
    title = theme.text(axis_title, theme.SMALL_SIZE, theme.INK_SOFT, True)
    tick_h = theme.line_height(theme.SMALL_SIZE)
    area = pygame.Rect(box.x, box.y + used, box.width,
                       box.height - used - tick_h - title.get_height() - 6)
    # Translators: the results charts' y axis: points scored
    plot, y_of = _y_axis(surface, area, series.top, _("Points"), END_R // 2)
    steps = max(1, series.steps)
    ends = end_offsets([y_of(p[-1]) for p in series.points], model.order)
    room = plot.width - END_R - 4 - max(ends) * END_STEP

    def x_of(i: float) -> float:
        return plot.x + room * i / steps

    widest = theme.font(theme.SMALL_SIZE).size(str(steps))[0] + 24
    every = tick_every(steps, max(1, plot.width // widest))
    for i in range(0, series.steps + 1, every):
        x = round(x_of(i))
        pygame.draw.line(surface, AXIS, (x, plot.bottom), (x, plot.bottom + 6), 2)
        img = theme.text(str(i), theme.SMALL_SIZE, theme.INK_SOFT)
        surface.blit(img, img.get_rect(midtop=(x, plot.bottom + 6)))
    last = series.steps - series.steps % every
    if series.steps % every and x_of(series.steps) - x_of(last) >= widest:
        # the last turn (round) is labelled too, when it has room beside the last tick's
        x = round(x_of(series.steps))
        pygame.draw.line(surface, AXIS, (x, plot.bottom), (x, plot.bottom + 6), 2)
        img = theme.text(str(series.steps), theme.SMALL_SIZE, theme.INK_SOFT)
        surface.blit(img, img.get_rect(midtop=(x, plot.bottom + 6)))
    surface.blit(title, title.get_rect(midtop=(plot.centerx, plot.bottom + 6 + tick_h)))
    _draw_rounds(surface, plot, model, x_of)
    n = len(series.points)
    mark_every = max(1, every)
    # the leader last, so its line is on top
    for q in reversed(model.order):
        colour = model.seats[q][1]
        fill = players.colour(colour)
        pts = [(x_of(i), y_of(v)) for i, v in enumerate(series.points[q])]
        if len(pts) > 1:
            pygame.draw.lines(surface, art.shade(fill, 0.6), False, pts, LINE_W + 3)
            pygame.draw.lines(surface, fill, False, pts, LINE_W)
        # markers staggered per seat, so lines sharing a score still show every shape
        offset = (q * mark_every) // n
        for i in range(offset, len(pts) - 1, mark_every):
            players.draw_swatch(surface, colour, (round(pts[i][0]), round(pts[i][1])), MARK_R)
    for q in reversed(model.order):
        end = series.points[q][-1]
        x = round(x_of(series.steps)) + ends[q] * END_STEP
        players.draw_swatch(surface, model.seats[q][1], (x, round(y_of(end))), END_R)


def end_offsets(ends: Sequence[float], order: Sequence[int]) -> list[int]:
    """Per seat, how many badge steps right of the line's end its badge sits: badges that
    would cover each other (close final scores) stand side by side, best player first."""
    offsets = [0] * len(ends)
    placed: list[int] = []
    for q in order:
        k = 0
        while any(offsets[r] == k and abs(ends[r] - ends[q]) < 2 * END_R - 2 for r in placed):
            k += 1
        offsets[q] = k
        placed.append(q)
    return offsets


def _draw_rounds(surface: pygame.Surface, plot: pygame.Rect, model: ChartModel,
                 x_of: Callable[[float], float]) -> None:
    """Where each round starts (Colorado County): a dashed line and the round's name."""
    if not model.series.rounds or model.round_words is None:
        return
    starts = [(0, 1), *model.series.rounds]
    for j, (x_at, number) in enumerate(starts):
        x = round(x_of(x_at))
        if j:
            for y in range(plot.y, plot.bottom, 12):
                pygame.draw.line(surface, ROUND_LINE, (x, y), (x, min(plot.bottom, y + 6)), 2)
        room = round(x_of(starts[j + 1][0])) - x - 12 if j + 1 < len(starts) else \
            plot.right - x - 12
        label = theme.fit_text(model.round_words(number), theme.SMALL_SIZE, max(room, 10),
                               theme.INK_SOFT)
        if label.get_width() <= room:
            surface.blit(label, label.get_rect(topleft=(x + 8, plot.y + 4)))


def category_labels(labels: Sequence[str], width: int) -> tuple[int, list[list[str]]]:
    """(px, lines per label): the categories' names at one size, the Text size's unless a
    word would not fit ``width`` (then smaller, never under the smallest text), each on at
    most two lines (more only when the smallest text needs them)."""
    px = theme.scaled(theme.SMALL_SIZE)
    while True:
        font = theme.font(px, True, fixed=True)
        lines = [theme.wrap(label, px, width, bold=True, fixed=True) for label in labels]
        fits = all(len(ls) <= 2 and all(font.size(x)[0] <= width for x in ls) for ls in lines)
        if fits or px <= theme.SMALL_SIZE:
            return px, lines
        px -= 1


def _draw_bars(surface: pygame.Surface, box: pygame.Rect, model: ChartModel) -> None:
    # Translators: the heading of the results' bars: each player's points in each category
    used = _heading(surface, box, _("Points by category")) + 6
    groups = len(model.categories)
    top = max((max(points) for _label, points in model.categories), default=0)
    label_w = (box.width - axis_width(top)) // groups - 12
    label_px, label_lines = category_labels([_(label) for label, _p in model.categories],
                                            label_w)
    step = theme.font(label_px, True, fixed=True).get_linesize()
    labels_h = step * max(len(lines) for lines in label_lines) + 6
    number_h = theme.line_height(NUMBER_SIZE, True)
    area = pygame.Rect(box.x, box.y + used, box.width, box.height - used - labels_h)
    plot, y_of = _y_axis(surface, area, top, _("Points"), 2 * MARK_R + 10 + number_h)
    group_w = plot.width // groups
    n = len(model.order)
    slot = (group_w - 16) // n
    bar_w = max(8, min(46, slot - 6))
    # every value at one size: the largest at which the widest fits its bar's slot
    widest = max((str(v) for _label, points in model.categories for v in points), key=len)
    number_px = theme.scaled(NUMBER_SIZE)
    while number_px > NUMBER_SIZE and theme.font(number_px, True, fixed=True).size(
            widest)[0] > slot - 2:
        number_px -= 1
    for g, ((_label, points), lines) in enumerate(zip(model.categories, label_lines,
                                                      strict=True)):
        gx = plot.x + g * group_w
        if g:
            pygame.draw.line(surface, GRID, (gx, plot.y), (gx, plot.bottom), 1)
        x0 = gx + (group_w - slot * n) // 2
        for j, q in enumerate(model.order):
            colour = model.seats[q][1]
            fill = players.colour(colour)
            cx = x0 + j * slot + slot // 2
            y = round(y_of(points[q]))
            bar = pygame.Rect(cx - bar_w // 2, y, bar_w, plot.bottom - y)
            if bar.height > 0:
                pygame.draw.rect(surface, fill, bar, border_top_left_radius=5,
                                 border_top_right_radius=5)
                pygame.draw.rect(surface, art.shade(fill, 0.6), bar, 2,
                                 border_top_left_radius=5, border_top_right_radius=5)
            r = min(MARK_R + 1, bar_w // 2 + 2)
            players.draw_swatch(surface, colour, (cx, y - r - 3), r)
            value = theme.text(str(points[q]), number_px, theme.INK, True, fixed=True)
            surface.blit(value, value.get_rect(midbottom=(cx, y - 2 * r - 5)))
        # the category's name under its group
        for i, line in enumerate(lines):
            img = theme.text(line, label_px, theme.INK_SOFT, True, fixed=True)
            surface.blit(img, img.get_rect(midtop=(gx + group_w // 2,
                                                   plot.bottom + 6 + i * step)))


__all__ = ["ChartModel", "chart_for", "chart_of", "draw_chart", "nice_top", "tick_every"]
