"""Score markers on the shared 100-space track: fanning out and laps past 100."""

import pygame
import pytest

from game.ui.table_common import draw_track_markers


class Line:
    """A straight 100-space track along y = 100, 10 px per space."""

    def track_point(self, score):
        return (20 + 10 * score, 100)


def marker(_colour):
    s = pygame.Surface((12, 12))
    s.fill((200, 0, 0))
    return s


def drawn(positions):
    surface = pygame.Surface((1200, 200))
    draw_track_markers(surface, Line(), positions, marker)
    return surface


def test_a_lap_past_100_is_labelled_under_the_marker(display):
    plain, lapped = drawn([(0, 9.0)]), drawn([(0, 109.0)])
    below = pygame.Rect(96, 112, 40, 30)  # under the marker of space 9, x = 110 - 4
    assert not any(plain.get_at((x, y))[:3] != (0, 0, 0)
                   for x in range(below.left, below.right) for y in range(below.top, below.bottom))
    assert any(lapped.get_at((x, y))[:3] != (0, 0, 0)
               for x in range(below.left, below.right) for y in range(below.top, below.bottom))
    # The marker itself stands on the same space either way.
    assert plain.get_at((106, 102)) == lapped.get_at((106, 102)) == (200, 0, 0, 255)


FLAT = [(200, 0, 0), (0, 200, 0), (0, 0, 200), (200, 200, 0), (0, 200, 200)]


def flat_marker(size):
    def make(colour):
        s = pygame.Surface((size, size))
        s.fill(FLAT[colour])
        return s
    return make


@pytest.mark.parametrize("size", [30, 34, 36])  # Oasis, Colorado County, Oregon
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_every_marker_on_one_space_is_in_sight(display, n, size):
    """Solid squares (the worst case: real markers have clear corners) sharing a space, some a
    lap ahead: each shows its middle and at least two fifths of itself."""
    surface = pygame.Surface((1200, 200))
    draw_track_markers(surface, Line(), [(c, 30.0 + 100 * (c % 2)) for c in range(n)],
                       flat_marker(size))
    for c in range(n):
        seen = pygame.mask.from_threshold(surface, FLAT[c], (1, 1, 1, 255))
        assert seen.count() >= 0.4 * size * size, (c, seen.count() / (size * size))
        box = seen.get_bounding_rects()[0]
        assert seen.get_at(box.center), c  # its middle is not covered


def test_the_real_markers_on_one_space_are_all_in_sight(display):
    """The pieces the tables draw, five on one space: each shows over a third of itself."""
    from game import assets

    colours = [0, 1, 2, 3, 7]
    piece = {c: assets.piece(c, 36, "marker", shadow=True) for c in colours}
    clear = pygame.Surface(piece[0].get_size(), pygame.SRCALPHA)

    def drawn(show):
        surface = pygame.Surface((1200, 200))
        draw_track_markers(surface, Line(), [(c, 30.0) for c in colours],
                           lambda c: piece[c] if c in show else clear)
        return surface

    together = pygame.surfarray.array3d(drawn(colours)).astype(int)
    for c in colours:
        alone = pygame.surfarray.array3d(drawn({c})).astype(int)
        own = alone.any(axis=2)  # where this marker paints, at its place among the five
        same = (abs(together - alone).sum(axis=2) <= 3) & own
        assert own.sum() > 300 and same.sum() >= 0.35 * own.sum(), (c, same.sum() / own.sum())
