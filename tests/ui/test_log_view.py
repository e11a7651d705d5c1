"""The table widgets: the game log, particles and floating score texts."""


import pygame
import pytest

from game.ui import intents as I
from game.ui import theme
from game.ui.floaters import Floaters
from game.ui.log_paint import TEXT_SIZE
from game.ui.log_view import LogView
from game.ui.particles import Particles

RECT = pygame.Rect(1400, 400, 480, 600)
LONG = (
    "Blue placed a farmer next to a church with four farmers, a post office and a harbour, "
    "and made a group of three: +16"
)


def settle(log, seconds=2.0):
    for _ in range(round(seconds * 60)):
        log.update(1 / 60)


@pytest.fixture
def log(display):
    return LogView(RECT, title="Game log")


def fill(log, n, colour=1):
    for i in range(n):
        log.add(f"Line {i}: {LONG}", colour if i % 3 else None)


class TestLogView:
    def test_text_is_big_enough(self, log):
        assert log.text_size >= TEXT_SIZE >= 28

    def test_wraps_long_lines(self, log):
        log.add(LONG, 1)
        entry = log.entries[-1]
        assert len(entry.lines) > 1
        f = theme.font(log.text_size)
        assert all(f.size(line)[0] <= log.wrap_width for line in entry.lines)
        assert " ".join(entry.lines) == LONG + "."  # a log line ends with a full stop
        assert log.row_count == len(entry.lines)

    def test_short_line_is_one_row(self, log):
        log.add("Red drew a gold token.", 3)
        assert log.entries[-1].lines == ["Red drew a gold token."]

    def test_caps_at_max_lines(self, display):
        log = LogView(RECT, max_lines=50)
        fill(log, 120)
        assert len(log) == 50
        assert log.lines[0].startswith("Line 70:")
        assert log.lines[-1].startswith("Line 119:")
        assert log.content_height == sum(e.height for e in log.entries) + 8 * 49

    def test_follows_the_newest_line(self, log, display):
        fill(log, 40)
        settle(log)
        assert log.at_end and log.scroll == 0
        log.draw(display)
        log.add("Newest line", 2)
        assert log.at_end
        settle(log)
        assert log._shown == 0
        assert log.unseen == 0

    def test_user_scroll_is_kept_when_lines_arrive(self, log, display):
        fill(log, 40)
        settle(log)
        assert not log.handle(I.wheel(1))  # the pointer is not over the log yet
        assert not log.handle(I.point(RECT.center))  # hovering is not a use
        assert log.handle(I.wheel(1))
        up = log.scroll
        assert up > 0 and not log.at_end
        log.add("Something new", 0)
        grown = log.entries[-1].height + 8
        assert log.scroll == pytest.approx(up + grown)  # same rows stay in view
        assert log.unseen == 1
        log.add("And more", 1)
        assert log.unseen == 2
        for _ in range(100):
            log.handle(I.wheel(-1))
        assert log.at_end and log.scroll == 0
        settle(log, 0.1)
        assert log.unseen == 0

    def test_scroll_is_clamped(self, log):
        fill(log, 30)
        log.handle(I.point(RECT.center))
        for _ in range(500):
            log.handle(I.wheel(1))
        assert log.scroll == log.max_scroll > 0
        log.scroll_by(-1e9)
        assert log.scroll == 0

    def test_short_log_does_not_scroll(self, log):
        log.add("Only line", 0)
        log.handle(I.point(RECT.center))
        log.handle(I.wheel(1))
        assert log.scroll == 0 and log.max_scroll == 0

    def test_drag(self, log):
        fill(log, 30)
        settle(log)
        x, y = RECT.centerx - 60, RECT.centery
        assert log.handle(I.click((x, y)))
        assert log.handle(I.point((x, y + 150), held=True))
        assert log.scroll == pytest.approx(150)
        assert log.handle(I.release((x, y + 150)))
        assert not log.handle(I.point((x, y + 300)))
        assert log.scroll == pytest.approx(150)

    def test_click_elsewhere_is_not_used(self, log):
        assert not log.handle(I.click((10, 10)))

    def test_new_pill_jumps_to_the_end(self, log, display):
        fill(log, 30)
        settle(log)
        log.handle(I.point(RECT.center))
        log.handle(I.wheel(1))
        log.add("New", 0)
        pill = log._pill_rect()
        assert pill is not None
        log.draw(display)
        assert log.handle(I.click(pill.center))
        assert log.at_end

    def test_page_and_end(self, log):
        fill(log, 30)
        log.page(1)
        assert log.scroll > log.view.height / 2
        log.scroll_to_end()
        assert log.at_end

    def test_renders_only_what_is_visible_and_caches_it(self, display):
        log = LogView(RECT, max_lines=500)
        fill(log, 500)
        settle(log)
        log.draw(display)
        rendered = [e for e in log.entries if e.images is not None]
        assert 0 < len(rendered) <= 12
        images = [e.images for e in rendered]
        log.draw(display)
        assert [e.images for e in log.entries if e.images is not None] == images

    def test_only_the_lines_in_view_keep_their_pictures(self, display):
        # (how fast a draw is, tools/bench.py measures; here: what a long game keeps)
        log = LogView(RECT, max_lines=500, title="Game log")
        fill(log, 600)
        settle(log)
        for _ in range(int(log.max_scroll // 300) + 2):  # newest to oldest, drawing each view
            log.draw(display)
            log.scroll_by(300, smooth=False)
        log.draw(display)
        pictured = [e for e in log.entries if e.images is not None]
        assert 0 < len(pictured) <= 12
        assert log.entries[0].images is not None  # the oldest line is the one on show
        log.scroll_to_end()
        settle(log)
        log.draw(display)
        assert log.entries[0].images is None and log.entries[-1].images is not None

    @pytest.mark.parametrize("style", ["dark", "paper", None])
    def test_styles_draw_for_60_frames(self, display, style):
        log = LogView(RECT, style=style)
        for i in range(60):
            display.fill((0, 255, 0))
            if i % 4 == 0:
                log.add(f"Turn {i}", None, emphasis=True)
            log.add(LONG, i % 5)
            log.update(1 / 60)
            log.draw(display)
        # the last frame shows lines: the log's area holds many colours, not one wash
        area = display.subsurface(RECT.clip(display.get_rect()))
        colours = {tuple(area.get_at((x, y)))[:3] for x in range(0, area.get_width(), 7)
                   for y in range(0, area.get_height(), 5)}
        assert len(colours) > 8

    def test_unknown_style(self, display):
        with pytest.raises(ValueError):
            LogView(RECT, style="neon")

    def test_resize_rewraps(self, log):
        log.add(LONG, 1)
        rows = log.row_count
        log.set_rect(pygame.Rect(0, 0, 900, 400))
        assert log.row_count < rows
        assert log.lines == [LONG + "."]

    def test_clear(self, log):
        fill(log, 10)
        log.clear()
        assert len(log) == 0 and log.scroll == 0


class TestParticles:
    def test_burst_expires(self, display):
        fx = Particles(seed=1)
        assert fx.burst((500, 500), [(240, 188, 36), (46, 108, 200)], count=30) == 30
        assert fx.busy and len(fx) == 30
        for _ in range(60):
            fx.update(1 / 60)
            fx.draw(display)
        for _ in range(120):
            fx.update(1 / 60)
        assert not fx.busy and len(fx) == 0

    def test_confetti_waits_its_turn_and_expires(self, display):
        fx = Particles(seed=2)
        fx.confetti(pygame.Rect(0, 0, 1920, 1080), [(204, 56, 44)], count=80, duration=1.0)
        fx.fountain((100, 1080), [(52, 148, 76)], count=20)
        for _ in range(60):
            fx.update(1 / 60)
            fx.draw(display)
        assert fx.busy
        for _ in range(8 * 60):
            fx.update(1 / 60)
        assert len(fx) == 0

    def test_capped(self, display):
        fx = Particles(max_particles=100)
        fx.burst((0, 0), [(255, 0, 0)], count=80)
        fx.burst((0, 0), [(0, 255, 0)], count=80)
        assert len(fx) == 100

    @pytest.mark.parametrize("kind", ["spark", "dot", "confetti", "star"])
    def test_kinds(self, display, kind):
        fx = Particles()
        fx.burst((300, 300), [(10, 20, 30)], 10, kind=kind)
        fx.update(0.1)
        display.fill((255, 255, 255))
        fx.draw(display)
        near = pygame.Rect(200, 200, 200, 200)
        assert any(display.get_at((x, y))[:3] != (255, 255, 255)
                   for x in range(near.left, near.right) for y in range(near.top, near.bottom))

    def test_unknown_kind(self):
        with pytest.raises(ValueError):
            Particles().burst((0, 0), [(1, 2, 3)], kind="smoke")

    def test_clear(self):
        fx = Particles()
        fx.burst((0, 0), [(1, 2, 3)])
        fx.clear()
        assert not fx.busy


class TestFloaters:
    def test_rise_and_fade_expires(self, display):
        fl = Floaters()
        f = fl.add("+3", (400, 400))
        assert fl.busy and len(fl) == 1
        for _ in range(30):
            fl.update(1 / 60)
            fl.draw(display)
        assert f.pos[1] < 400 and f.pos[0] == 400
        for _ in range(60):
            fl.update(1 / 60)
        assert not fl.busy

    def test_fly_to_target_then_arrive(self, display):
        landed = []
        fl = Floaters()
        f = fl.add(
            "+5", (100, 800), end=(1700, 100), duration=0.5, on_arrive=lambda: landed.append(1)
        )
        fl.update(0.25)
        x, y = f.pos
        assert 100 < x < 1700
        fl.draw(display)
        fl.update(0.3)
        assert landed == [1] and not fl.busy
        assert f.pos == pytest.approx((1700, 100))

    def test_delay_and_icon(self, display):
        fl = Floaters()
        icon = pygame.Surface((32, 32), pygame.SRCALPHA)
        f = fl.add("+1", (10, 10), delay=0.5, icon=icon, colour=(255, 140, 120))
        fl.update(0.3)
        assert f.progress == 0
        fl.draw(display)
        fl.update(2.0)
        assert not fl.busy

    def test_finish_lands_everything(self, display):
        landed = []
        fl = Floaters()
        for i in range(3):
            fl.add(f"+{i}", (0, 0), end=(100, 100), on_arrive=lambda: landed.append(1))
        fl.finish()
        assert landed == [1, 1, 1] and not fl.busy

    def test_callbacks_may_add_more(self, display):
        fl = Floaters()
        fl.add("+1", (0, 0), end=(10, 10), duration=0.1, on_arrive=lambda: fl.add("+2", (10, 10)))
        fl.update(0.2)
        assert len(fl) == 1


class _Rows(pygame.Surface):
    """A canvas that notes where each row of the log lands, as much of it as the clip lets
    show: (the rect asked for, the rect drawn)."""

    def __init__(self):
        super().__init__((1920, 1080))
        self.rows: list[tuple[pygame.Rect, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):
        rect = source.get_rect(topleft=pygame.Rect(dest).topleft if isinstance(
            dest, pygame.Rect) else dest)
        if 24 <= source.get_height() <= theme.font(TEXT_SIZE).get_linesize() + 4:  # a row
            self.rows.append((rect, rect.clip(self.get_clip())))
        return super().blit(source, dest, area, special_flags)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_rows_under_the_buttons_over_the_log_are_whole_or_not_drawn(display, scale):
    """With Suggest a move / Undo over its top, the log shows whole rows below them: none
    half cut by the strip's edge, at any scroll position."""
    theme.set_ui_scale(scale)
    try:
        log = LogView(RECT)
        fill(log, 30)
        settle(log)
        log.set_top_inset(70)
        for step in range(12):
            log.scroll_by(step * 7, smooth=False)
            canvas = _Rows()
            log.draw(canvas)
            cut = [(asked, shown) for asked, shown in canvas.rows
                   if shown.h and shown.h < asked.h and asked.top < log.view.top]
            assert not cut, (step, cut)
            assert canvas.rows
    finally:
        theme.set_ui_scale(1.0)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_new_lines_pill_never_covers_a_line(display, scale):
    theme.set_ui_scale(scale)
    try:
        log = LogView(RECT)
        fill(log, 30)
        settle(log)
        log.scroll_by(400, smooth=False)
        fill(log, 2)  # added while scrolled up: the pill counts them
        settle(log)
        pill = log._pill_rect()
        assert pill is not None and log.unseen == 2
        canvas = _Rows()
        log.draw(canvas)
        under = [shown for _asked, shown in canvas.rows if shown.colliderect(pill)]
        assert canvas.rows and not under, (pill, under)
        oldest = log.max_scroll  # the oldest line still reaches the top of the view
        log.scroll_by(oldest, smooth=False)
        settle(log)
        canvas = _Rows()
        log.draw(canvas)
        assert min(shown.top for _a, shown in canvas.rows if shown.h) >= log.view.top
        assert log.entries[0].images is not None  # the first line is drawn
    finally:
        theme.set_ui_scale(1.0)


def test_floaters_stay_whole_on_the_canvas(display):
    """A rise from the top panel, or an arc towards it, never cuts its words at the edge."""
    fl = Floaters()
    fl.add("+12", (960, 20))  # rises above the top
    fl.add("+7", (300, 400), end=(1880, 24), arc=90)  # arcs over the top, lands at the edge
    fl.add("+3", (10, 1070))
    canvas = pygame.Rect(0, 0, 1920, 1080)
    seen = []

    class Canvas(pygame.Surface):
        def blit(self, source, dest, area=None, special_flags=0):
            seen.append(source.get_rect(topleft=pygame.Rect(dest).topleft))
            return super().blit(source, dest, area, special_flags)

    surface = Canvas((1920, 1080))
    for _ in range(80):
        fl.update(1 / 60)
        fl.draw(surface)
    assert seen and all(canvas.contains(r) for r in seen), [r for r in seen
                                                           if not canvas.contains(r)][:3]
