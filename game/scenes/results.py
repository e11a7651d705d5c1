"""``ResultsScene``: the end of a game: the final ranking, the winners, a little celebration.

    rows = [ResultRow("Blue", 1, 1, 58, {"Track": 50, "Coal": 3, "Gold": 5,
                                        "Farmers on board": 12}, winner=True), ...]
    services.stack.replace(ResultsScene(services, "Oregon", rows, on_play_again, on_menu,
                                        columns=["Track", "Coal", "Gold", "Farmers on board"]))

An opaque screen: a table of the players in rank order (``game.scenes.score_table``: rank,
badge, name, one cell per ``columns`` entry taken from each row's ``breakdown``, total, then
one per ``tie_breaks`` entry: what settles a tie on points, which is not part of the total),
the winners' rows in gold with a trophy; several winners read "Shared win".  Rows slide in, totals count up, then confetti in
the winners' colours and the fanfare (once).  A click or confirm while the totals are still
counting skips to the end; then Rematch (the same seats at a new deal; Play again after a
lesson) / Watch replay (when ``on_replay`` is given) / Menu work (mouse, keys, pad).  The
callbacks decide where to go next: this scene does not leave the stack by itself (the replay
is pushed on top of it and comes back here).  Without
``on_replay``, a table under this screen (the game that just ended) is what Watch replay shows.

The game under this screen also gives the score chart (``game.scenes.score_chart``): each
player's score over the game and the points of each of ``categories`` (columns of the
table) as bars.  The "Score chart" / "Score table" button switches between the table and the
chart; so do Q / E, Page Up / Down, the pad's shoulders and its Y button.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from game import assets
from game.engine.core import GameState
from game.i18n import N_, _
from game.scenes.menu import MenuScene
from game.scenes.replay import watch_replay
from game.scenes.score_chart import ChartModel, chart_of, draw_chart, finished_game
from game.scenes.score_table import ResultRow, ScoreTable
from game.ui import intents as I
from game.ui import layout, players, theme
from game.ui.particles import Particles
from game.ui.tween import Tween, ease_out_back, ease_out_cubic
from game.ui.widgets import Button

GOLD = (246, 196, 70)
HEADLINE_SIZE = 76
HEADLINE_LEAST = 40  # the headline's smallest size, for the longest names
HEADLINE_W = 1920 - 2 * (96 + 10 + 24)  # room between the trophies beside it
CHART_TOP = 268  # the chart's panel: under the headline, above the buttons
CHART_W = 1800
BUTTON_H = 88
COUNT_TIME = 1.5  # seconds for the totals to count up
ROWS_IN = 0.25  # when the first row starts sliding in
ROW_STAGGER = 0.1


def headline(rows: list[ResultRow]) -> str:
    names = [r.name for r in rows if r.winner]
    if not names:
        return _("Game over")
    if len(names) == 1:
        return _("{player} wins!").format(player=names[0])
    return _("Shared win: {players}").format(players=players.listed(names))


@lru_cache(maxsize=32)
def _headline_px(text: str, scale: float) -> int:
    """The headline's size: the Text size's, or less when ``text`` would not fit."""
    px = theme.scaled(HEADLINE_SIZE)
    while px > HEADLINE_LEAST and theme.font(px, display=True, fixed=True).size(text)[0] > \
            HEADLINE_W:
        px -= 2
    return px


def _brighter(c, k):
    return tuple(round(v + (255 - v) * k) for v in c)


def _darker(c, k):
    return tuple(round(v * (1 - k)) for v in c)


def is_rematch(scene) -> bool:
    """Whether Play again under this screen is a rematch: the same seats at a new deal, for
    a game played at a table (a lesson's game ends on its own results: Play again there)."""
    return (getattr(scene, "seats", None) is not None and getattr(scene, "coach", None) is None
            and not getattr(scene, "passive", False))


def again_label(rematch: bool) -> str:
    # Translators: the results' button starting a new game at once with the same players
    # (names, humans and bots, levels) and a new deal
    return _("Rematch") if rematch else _("Play again")


def replay_of(scene) -> Callable[[], None] | None:
    """Watch replay for the game of ``scene`` (a table under the results), if it has one."""
    state, seats = finished_game(scene), getattr(scene, "seats", None)
    if state is None or seats is None or getattr(scene, "passive", False):
        return None
    if not isinstance(state, GameState) or not state.history:
        return None
    coach = getattr(scene, "coach", None)
    # a lesson's deal is arranged: its replay starts from that deal, not from the seed's
    start = coach.start() if coach is not None else None

    def watch() -> None:

        watch_replay(scene.services, state, seats, start)

    return watch


class ResultsScene(MenuScene):
    opaque = True

    def __init__(
        self,
        services,
        game_name: str,
        rows: list[ResultRow],
        on_play_again: Callable[[], None],
        on_menu: Callable[[], None],
        columns: list[str] | None = None,
        *,
        subtitle: str = N_("Final scores"),
        tie_breaks: list[str] | None = None,
        on_replay: Callable[[], None] | None = None,
        categories: list[str] | None = None,
        chart: ChartModel | None = None,
    ):
        self.game_name = game_name
        self.subtitle = subtitle  # English, marked ``N_``: translated when drawn
        self.rows = sorted(rows, key=lambda r: r.rank)  # stable: equal ranks keep their order
        self.columns = list(columns) if columns is not None else self._columns_from(self.rows)
        # Columns that are no points but settle a tie on them: after the total, which they
        # are not part of (each names itself as the tie-break)
        self.tie_breaks = list(tie_breaks or [])
        self.columns += self.tie_breaks
        self.on_play_again = on_play_again
        self.on_menu = on_menu
        # A table opens this screen over itself: its finished game can be watched again.
        self.on_replay = on_replay if on_replay is not None else replay_of(services.stack.top)
        self.rematch = is_rematch(services.stack.top)
        # The score chart of the game under this screen (None: no recorded game to chart).
        self.chart = chart if chart is not None else chart_of(services.stack.top, self.rows,
                                                              categories or [])
        self.showing_chart = False
        self._chart_image: pygame.Surface | None = None
        self.shared = sum(1 for r in self.rows if r.winner) > 1
        self.t = 0.0
        self.chosen = False
        self.celebrated = False
        self.particles = Particles(max_particles=700)
        self._sparkle = 0.0
        self.scores = ScoreTable(self.rows, self.columns, self.tie_breaks, self.shared)
        self.slides = [
            Tween(1.0, 0.0, 0.55, ease_out_cubic, delay=ROWS_IN + i * ROW_STAGGER)
            for i in range(len(self.rows))
        ]
        count_from = ROWS_IN + len(self.rows) * ROW_STAGGER + 0.3
        self.counts = [
            Tween(0, r.total, COUNT_TIME, ease_out_cubic, delay=count_from) for r in self.rows
        ]
        self.intro_time = count_from + COUNT_TIME
        self.trophy_pop = Tween(0.0, 1.0, 0.6, ease_out_back, delay=self.intro_time - 0.1)
        super().__init__(services)

    def on_ui_scale(self) -> None:
        self._chart_image = None
        self.scores.lay_out()
        super().on_ui_scale()

    @staticmethod
    def _columns_from(rows: list[ResultRow]) -> list[str]:
        seen: list[str] = []
        for r in rows:
            for k in r.breakdown:
                if k not in seen:
                    seen.append(k)
        return seen

    # --- layout -------------------------------------------------------------------------------
    def _buttons_y(self) -> int:
        bottom = min(1000, self.scores.rect.bottom + 110)
        # a tall table (five players at a large text size) keeps its last row clear
        return min(1080 - 8 - BUTTON_H // 2,
                   max(bottom, 930, self.scores.rect.bottom + 12 + BUTTON_H // 2))

    @property
    def chart_rect(self) -> pygame.Rect:
        """The chart's panel: from under the headline to just above the buttons."""
        bottom = self._buttons_y() - BUTTON_H // 2 - 22
        rect = pygame.Rect(0, CHART_TOP, CHART_W, bottom - CHART_TOP)
        rect.centerx = 960
        return rect

    def build(self) -> None:
        count = 2 + (self.on_replay is not None) + (self.chart is not None)
        width = 380 if count < 4 else 400
        rects = iter(layout.row((960, self._buttons_y()), (width, BUTTON_H), count,
                                48 if count < 4 else 30))
        self.again_button = self.group.add(
            Button(next(rects), again_label(self.rematch), self.play_again, primary=True,
                   key="again")
        )
        self.replay_button = None
        if self.on_replay is not None:
            self.replay_button = self.group.add(
                Button(next(rects), _("Watch replay"), self.watch_replay, key="replay")
            )
        self.chart_button = None
        if self.chart is not None:
            # Translators: the results' button switching to the score chart, and back to the
            # table of scores
            label = _("Score table") if self.showing_chart else _("Score chart")
            self.chart_button = self.group.add(
                Button(next(rects), label, self.toggle_chart, key="chart"))
        # Translators: the button back to the title screen
        self.menu_button = self.group.add(Button(next(rects), _("Menu"), self.menu, key="menu"))

    # --- pictures -----------------------------------------------------------------------------
    def chart_image(self) -> pygame.Surface:
        """The chart's panel, drawn once (again after a change of text size or language)."""
        assert self.chart is not None, "only a recorded game has a chart"
        if self._chart_image is None:
            rect = self.chart_rect
            image = pygame.Surface(rect.size, pygame.SRCALPHA)
            draw_chart(image, image.get_rect(), self.chart)
            self._chart_image = image.convert_alpha() if pygame.display.get_surface() \
                else image
        return self._chart_image

    @property
    def shown_rect(self) -> pygame.Rect:
        """What the screen shows under the headline: the chart or the table."""
        return self.chart_rect if self.showing_chart else self.scores.rect

    def draw_static(self, surface: pygame.Surface) -> None:
        surface.blit(theme.table_background(), (0, 0))
        surface.blit(theme.vignette(), (0, 0))
        title = theme.shadowed_text(
            f"{self.game_name}  ·  {_(self.subtitle)}", theme.H2_SIZE, theme.ON_TABLE_SOFT,
            offset=3
        )
        surface.blit(title, title.get_rect(center=(960, 70)))
        if self.showing_chart:
            theme.draw_shadow(surface, self.chart_rect)
            surface.blit(self.chart_image(), self.chart_rect)
            return
        self.scores.draw_headings(surface)

    # --- actions ------------------------------------------------------------------------------
    @property
    def counting(self) -> bool:
        return self.t < self.intro_time

    def skip_intro(self) -> None:
        """Finish the slide-ins and the counting now."""
        for tw in (*self.slides, *self.counts):
            tw.update(1e9)
        self.t = max(self.t, self.intro_time)
        self.trophy_pop.update(1e9)
        self.celebrate()

    def celebrate(self) -> None:
        if self.celebrated:
            return
        self.celebrated = True
        winners = [r for r in self.rows if r.winner] or self.rows[:1]
        colours: list[tuple[int, int, int]] = []
        for r in winners:
            c = players.colour(r.colour_index)
            colours += [c, _brighter(c, 0.35), _darker(c, 0.25)]
        colours += [GOLD, (255, 248, 226)]
        self.particles.confetti(
            pygame.Rect(0, 0, 1920, 1080), colours, count=260, size=28, duration=1.4
        )
        self.particles.fountain((120, 1090), colours, count=70, speed=1250, size=26)
        self.particles.fountain((1800, 1090), colours, count=70, speed=1250, size=26)
        for rect in self._headline_trophies():
            self.particles.burst(
                rect.center, [GOLD, (255, 250, 220)], 26, 520, kind="star", size=18
            )
        self.services.audio.play("fanfare")

    def _choose(self, callback: Callable[[], None]) -> None:
        if self.chosen:
            return
        self.chosen = True
        callback()

    def play_again(self) -> None:
        self._choose(self.on_play_again)

    def menu(self) -> None:
        self._choose(self.on_menu)

    def watch_replay(self) -> None:
        """Watch the game again; the replay comes back here when it is closed."""
        if not self.chosen and self.on_replay is not None:
            self.skip_intro()
            self.on_replay()

    def toggle_chart(self) -> None:
        """Show the score chart instead of the table, or the table again."""
        if self.chart is None or self.chosen:
            return
        self.skip_intro()
        self.showing_chart = not self.showing_chart
        self.rebuild()  # the button's label and the static layer

    def back(self) -> None:
        """Esc / pad B: go to the Menu button (leaving takes a deliberate press)."""
        if self.group.focused is not self.menu_button:
            self.group.focus(self.menu_button)
            self.services.audio.play("tick")

    def handle(self, intent: I.Intent) -> bool:
        if self.chosen:
            return True
        if self.counting and (
            intent.kind == I.CONFIRM or (intent.kind == I.CLICK and intent.button == 1)
        ):
            self.skip_intro()
            return True
        if intent.kind == I.MENU:
            self.back()
            return True
        if self.chart is not None and (intent.kind == I.ROTATE or (
                intent.kind == I.KEY and intent.key == "pad_y")):
            self.services.audio.play("click")
            self.toggle_chart()
            return True
        return super().handle(intent)

    # --- frame --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        adt = self.anim_dt(dt)
        self.t += adt
        for tw in self.slides:
            tw.update(adt)
        for tw in self.counts:
            tw.update(adt)
        self.trophy_pop.update(adt)
        if not self.celebrated and self.t >= self.intro_time:
            self.celebrate()
        if self.celebrated:
            self._sparkle -= dt
            if self._sparkle <= 0:
                self._sparkle = 1.8
                for rect in self._headline_trophies():
                    self.particles.burst(
                        rect.center, [GOLD, (255, 250, 220)], 8, 260, kind="star", size=14,
                        gravity=120,
                    )  # fmt: skip
        self.particles.update(dt)

    def _headline_trophies(self) -> list[pygame.Rect]:
        text = self._headline_image()
        r = text.get_rect(center=(960, 190))
        left = pygame.Rect(0, 0, 96, 96)
        right = left.copy()
        left.midright = (r.left - 10, r.centery)
        right.midleft = (r.right + 10, r.centery)
        return [left, right] if any(x.winner for x in self.rows) else []

    def _headline_image(self) -> pygame.Surface:
        """The winners' line, at the Text size unless it would not fit between its trophies
        (long names, a shared win): then as large as fits."""
        text = headline(self.rows)
        px = _headline_px(text, theme.ui_scale())
        return theme.shadowed_text(text, px, GOLD, offset=5, fixed=True)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self._draw_headline(surface)
        # Confetti falls behind the score table: repaint the table from the static layer so
        # no number is ever hidden.
        self.particles.draw(surface)
        shown = self.shown_rect
        surface.blit(self.static_layer(), shown, area=shown)
        for i, row in enumerate(self.rows):
            if self.showing_chart:
                break
            rect = self.scores.row_rect(i)
            k = self.slides[i].value
            if k >= 1.0:
                continue
            x = rect.x + round(k * (1920 - rect.x + 40))
            surface.blit(self.scores.row_images[i], (x, rect.y))
            value = round(self.counts[i].value)
            img = self.scores.total_image(value, row.winner)
            surface.blit(img, img.get_rect(center=(x + self.scores.total_cx, rect.centery)))
        self.group.draw(surface, ring=self.is_top)

    def _draw_headline(self, surface: pygame.Surface) -> None:
        k = self.trophy_pop.value
        if k <= 0:
            return
        text = self._headline_image()
        r = text.get_rect(center=(960, 190))
        text.set_alpha(round(255 * min(1.0, k)))
        surface.blit(text, r)
        text.set_alpha(255)
        trophy = assets.pictogram("trophy", 96)
        if abs(k - 1.0) > 0.01:
            trophy = pygame.transform.smoothscale_by(trophy, max(0.05, k))
        for rect in self._headline_trophies():
            surface.blit(trophy, trophy.get_rect(center=rect.center))
