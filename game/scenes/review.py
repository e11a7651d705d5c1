"""The post-game review on the replay bar (``ReplayScene`` owns one ``ReviewPanel``).

While the hard bot searches the human seats' decisions again (``game.bots.review``, in the
search process) the panel's row shows its progress; then, on a move a human seat made with a
choice, what the hard bot thinks of it ("You played: ...  The hard bot prefers: ... (about 4
points better)"), and elsewhere where the costliest moves are.  Those are marked on the
timeline with their rank (1: the costliest); a click on a mark, M or the controller's Y
(the next mark) and 1-3 jump there.

Moves are told as the game's log tells an onlooker, in the player's language; nothing
hidden is shown.
"""

from __future__ import annotations

import math

import pygame

from game import i18n
from game.bots.review import Review, Verdict, Words
from game.engine.core import GameState
from game.engine.messages import N_, NN_, render
from game.i18n import _, ngettext
from game.seats import Seat
from game.ui import theme

MARK_RADIUS = 14
MARK = (178, 40, 30)  # theme.ERROR: a cost
PROGRESS_H = 14

READING = N_("The hard bot is reading the game...")
REVIEWING = N_("The hard bot reviews the moves: {done} / {total}")
NOTHING = N_("Nothing to review: nobody at this screen had a choice to make in this game.")
FAILED = N_("The review could not be finished.")
ALL_AGREED = N_("The hard bot would have made every move made at this screen.")
MARKED = NN_("The costliest move is marked on the timeline: click it, or press {key}.",
             "The {n} costliest moves are marked on the timeline: click one, or press {key}.")
# Translators: {played} and {best} are moves as the game's log tells them
YOU_AGREE = N_("You played: {played}. The hard bot would have done the same.")
YOU_CLOSE = N_("You played: {played}. The hard bot prefers: {best} (less than a point "
               "better).")
YOU_LOSS = NN_("You played: {played}. The hard bot prefers: {best} (about {n} point better).",
               "You played: {played}. The hard bot prefers: {best} (about {n} points "
               "better).")
PLAYER_AGREE = N_("{player} played: {played}. The hard bot would have done the same.")
PLAYER_CLOSE = N_("{player} played: {played}. The hard bot prefers: {best} (less than a "
                  "point better).")
PLAYER_LOSS = NN_("{player} played: {played}. The hard bot prefers: {best} (about {n} point "
                  "better).",
                  "{player} played: {played}. The hard bot prefers: {best} (about {n} points "
                  "better).")
# Translators: joins the lines of the game's log that tell one move
MOVE_JOIN = N_("{first}; {then}")


class ReviewPanel:
    """The review of one recording, as the replay bar shows it."""

    def __init__(self, record: GameState, seats: list[Seat], names: list[str], process=None,
                 start: GameState | None = None):
        self.humans = [i for i, seat in enumerate(seats) if not seat.is_bot]
        self.names = names
        self.review: Review | None = Review(record, self.humans, process, start=start) \
            if self.humans else None
        self._lines: dict[int, str] = {}  # move -> its words, in the language of _language
        self._language = ""

    # --- life cycle ----------------------------------------------------------------------------
    def start(self) -> None:
        if self.review is not None:
            self.review.start()

    def stop(self) -> None:
        """Leaving the replay: the search under way is the last one."""
        if self.review is not None:
            self.review.cancel()

    # --- facts ---------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.review is not None and not self.review.finished

    @property
    def complete(self) -> bool:
        return self.review is not None and self.review.complete

    def marks(self) -> list[Verdict]:
        return self.review.marks() if self.review is not None else []

    def fraction(self) -> float:
        """How much of the review is done, 0..1."""
        if self.review is None:
            return 0.0
        done, total = self.review.progress
        return done / total if total else (1.0 if self.review.finished else 0.0)

    def mark_after(self, move: int) -> Verdict | None:
        """The mark after the one at ``move`` (the costliest when ``move`` is none), in order
        of cost, round again after the last."""
        marks = self.marks()
        if not marks:
            return None
        at = next((i for i, v in enumerate(marks) if v.move == move), -1)
        return marks[(at + 1) % len(marks)]

    # --- words ---------------------------------------------------------------------------------
    def move_text(self, words: Words) -> str:
        """A move as the log tells it, its lines joined in the player's language."""
        lang = i18n.language()
        out = ""
        for message, args in words:
            line = render(message, args, self.names, lang).rstrip(". ")
            out = _(MOVE_JOIN).format(first=out, then=line) if out else line
        return out

    def verdict_line(self, v: Verdict) -> str:
        played = self.move_text(v.played_words)
        alone = len(self.humans) == 1
        who = {} if alone else {"player": self.names[v.seat]}
        if v.agrees:
            return _(YOU_AGREE if alone else PLAYER_AGREE).format(played=played, **who)
        best = self.move_text(v.best_words)
        n = round(v.loss)
        if n < 1:
            return _(YOU_CLOSE if alone else PLAYER_CLOSE).format(played=played, best=best,
                                                                  **who)
        forms = YOU_LOSS if alone else PLAYER_LOSS
        return ngettext(forms[0], forms[1], n).format(played=played, best=best, n=n, **who)

    def line_at(self, move: int, pad: bool) -> str:
        """What the row says with the replay at ``move``."""
        review = self.review
        if review is None:
            return _(NOTHING)
        if review.failed:
            return _(FAILED)
        done, total = review.progress
        if not review.finished:
            if total is None:
                return _(READING)
            return _(REVIEWING).format(done=done, total=total)
        if not review.complete:
            return ""  # cancelled: the replay is closing
        if not total:
            return _(NOTHING)
        if i18n.language() != self._language:
            self._lines.clear()
            self._language = i18n.language()
        if move not in self._lines:
            v = review.verdict_at(move)
            self._lines[move] = self.verdict_line(v) if v is not None else ""
        if self._lines[move]:
            return self._lines[move]
        marks = self.marks()
        if not marks:
            return _(ALL_AGREED)
        return ngettext(MARKED[0], MARKED[1], len(marks)).format(
            n=len(marks), key="Y" if pad else "M")

    def every_line(self) -> list[str]:
        """Everything the row may say beside the progress bar, then everything else it may
        say now (for its height)."""
        if self.review is None:
            return [_(NOTHING)]
        lines = [_(FAILED)]
        if self.complete:
            lines += [self.verdict_line(v) for v in self.review.verdicts]
            n = len(self.marks())
            lines += [ngettext(MARKED[0], MARKED[1], n).format(n=n, key=k) for k in "MY"]
            lines += [_(ALL_AGREED), _(NOTHING)]
        return lines

    def height(self, width: int, most: int | None = None) -> int:
        """The row's height: one line, or what its longest words need (at the smallest text
        size: the words are made smaller before the bar grows), or with ``most`` (the room
        the row may take) what they need at the size ``draw`` steps down to for that room."""
        px = theme.SMALL_SIZE
        while True:
            need = self._need(width, px)
            if most is None or need <= most or px <= round(theme.SMALL_SIZE * theme.FIT_LEAST):
                return max(theme.line_height(theme.SMALL_SIZE) if most is None else 0, need)
            px -= 1

    def _need(self, width: int, px: int) -> int:
        """What the longest words take at ``px``."""
        step = theme.font(px, fixed=True).get_linesize()
        beside = text_width(width, True)
        lines = max(len(theme.wrap(line, px, beside, fixed=True))
                    for line in (_(READING), _(REVIEWING).format(done=888, total=888)))
        lines = max(lines, *(len(theme.wrap(line, px, width, fixed=True))
                             for line in self.every_line()))
        return lines * step

    def clear(self) -> None:
        """A new language or text size: the words are made again."""
        self._lines.clear()

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect, move: int, pad: bool,
             colours: tuple[tuple[int, int, int], tuple[int, int, int]]) -> None:
        """The row in ``rect`` with the replay at ``move`` (``colours``: the timeline's groove
        and edge, for the progress bar)."""
        words = self.line_at(move, pad)
        right = rect.x + text_width(rect.w, self.running)
        if self.running:
            bar = pygame.Rect(right + 24, rect.centery - PROGRESS_H // 2,
                              rect.right - right - 24, PROGRESS_H)
            draw_progress(surface, bar, self.fraction(), *colours)
        px, lines, step = theme.fit_wrap(words, theme.SMALL_SIZE, right - rect.x, rect.h,
                                         scale=theme.ui_scale())
        while step * len(lines) > rect.h and px > round(theme.SMALL_SIZE * theme.FIT_LEAST):
            px -= 1  # the bar keeps off the board: long words are made a little smaller
            lines = theme.wrap(words, px, right - rect.x, fixed=True)
            step = theme.font(px, fixed=True).get_linesize()
        y = rect.centery - step * len(lines) // 2
        for line in lines:
            img = theme.text(line, px, theme.INK, fixed=True)
            surface.blit(img, img.get_rect(midleft=(rect.x, y + step // 2)))
            y += step


def text_width(width: int, beside_progress: bool) -> int:
    """How wide the row's words may be (the progress bar takes the rest of the row)."""
    return width * 3 // 5 if beside_progress else width


def draw_progress(surface: pygame.Surface, r: pygame.Rect, fraction: float,
                  groove: tuple[int, int, int], edge: tuple[int, int, int]) -> None:
    """A progress bar drawn like the timeline: ``groove`` and ``edge`` its colours."""
    pygame.draw.rect(surface, groove, r, border_radius=r.h // 2)
    w = round(r.w * max(0.0, min(1.0, fraction)))
    if w >= r.h:
        pygame.draw.rect(surface, theme.ACCENT, (r.x, r.y, w, r.h), border_radius=r.h // 2)
    pygame.draw.rect(surface, edge, r, 2, border_radius=r.h // 2)


def mark_centre(track: pygame.Rect, x: int) -> tuple[int, int]:
    return x, track.centery


def spread(xs: list[int]) -> list[int]:
    """The marks' x, each moved aside (away from the costlier ones) just enough that no two
    overlap: moves close together on a long game's timeline stay one click apart."""
    gap = 2 * MARK_RADIUS + 2
    out: list[int] = []
    for x in xs:
        for _step in range(len(out) + 1):
            near = [o for o in out if abs(o - x) < gap]
            if not near:
                break
            o = near[0]
            x = o + gap if x >= o else o - gap
        out.append(x)
    return out


def draw_marks(surface: pygame.Surface, track: pygame.Rect, xs: list[int]) -> None:
    """The costliest moves' pins above the timeline, numbered by rank."""
    xs = spread(xs)
    for rank in range(len(xs) - 1, -1, -1):  # the costliest drawn last, on top
        x, y = mark_centre(track, xs[rank])
        pygame.draw.circle(surface, theme.SHADOW, (x + 1, y + 2), MARK_RADIUS)
        pygame.draw.circle(surface, MARK, (x, y), MARK_RADIUS)
        pygame.draw.circle(surface, theme.CREAM, (x, y), MARK_RADIUS, 2)
        digit = theme.text(str(rank + 1), theme.SMALL_SIZE, theme.ACCENT_INK, bold=True,
                           fixed=True)
        surface.blit(digit, digit.get_rect(center=(x, y + 1)))


def mark_at(track: pygame.Rect, xs: list[int], pos: tuple[int, int]) -> int | None:
    """The rank of the mark under ``pos`` (the nearest), or None."""
    best: tuple[float, int] | None = None
    for rank, x in enumerate(spread(xs)):
        cx, cy = mark_centre(track, x)
        d = math.hypot(pos[0] - cx, pos[1] - cy)
        if d <= MARK_RADIUS + 6 and (best is None or d < best[0]):
            best = (d, rank)
    return best[1] if best is not None else None
