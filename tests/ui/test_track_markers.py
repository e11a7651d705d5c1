"""Score markers on the shared 100-space track: fanning out and laps past 100."""

import pygame

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


def test_markers_on_one_space_fan_out(display):
    one = drawn([(0, 30.0)])
    two = drawn([(0, 30.0), (1, 130.0)])
    assert two.get_at((316 + 7, 102 - 7)) == (200, 0, 0, 255)
    assert one.get_at((316 + 7 + 6, 102 - 7 - 6)) != (200, 0, 0, 255)
