"""Caches of rendered surfaces keep the most recent results within a budget of pixel memory."""

import pygame

from game.ui import theme
from game.ui.surface_cache import MIB, pixel_bytes, surface_cache


def test_results_are_kept_within_the_pixel_budget_most_recent_first():
    made = []

    @surface_cache(mib=1)
    def block(rows: int, tag: str = "") -> pygame.Surface:
        made.append((rows, tag))
        return pygame.Surface((256, rows), pygame.SRCALPHA)  # 1 KiB a row

    a = block(400)
    assert block(400) is a and made == [(400, "")]
    block(400, tag="x")  # keyword arguments are part of the key
    assert len(made) == 2 and block.cache_info().nbytes == 800 * 1024
    block(300)  # over 1 MiB: the least recently used (block(400)) goes
    assert block.cache_info().nbytes == 700 * 1024 <= block.cache_info().maxsize
    assert block(400) is not a and len(made) == 4
    huge = block(2000)  # bigger than the budget alone: kept, and only it
    assert block(2000) is huge and block.cache_info().currsize == 1
    block.cache_clear()
    assert block.cache_info() == (0, 0, MIB, 0, 0)


def test_pixel_bytes_of_surfaces_and_tuples():
    s = pygame.Surface((10, 4), pygame.SRCALPHA)
    assert pixel_bytes(s) == s.get_pitch() * 4
    assert pixel_bytes((s, (s, 3))) == 2 * pixel_bytes(s) and pixel_bytes("x") == 0


def test_text_cache_stays_within_its_budget_however_many_messages(display):
    """Games say new things all day: rendered text must not pile up with them."""
    theme._text.cache_clear()
    for i in range(3000):
        theme.text(f"Blue places a farmer on K{i}: +{i % 9} points", 32)
    info = theme._text.cache_info()
    assert 0 < info.nbytes <= theme.TEXT_CACHE_MIB * MIB and info.currsize < 3000
    again = theme.text("Blue places a farmer on K2999: +2 points", 32)
    assert theme.text("Blue places a farmer on K2999: +2 points", 32) is again
