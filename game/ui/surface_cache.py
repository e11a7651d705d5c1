"""Caches of rendered surfaces, bounded by the memory their pixels take.

    @surface_cache(mib=16)
    def render_panel(model) -> pygame.Surface: ...

``functools.lru_cache`` bounds the number of entries, but a rendered digit and a full-screen
card differ ten-thousand-fold in size, and caches keyed by what a game shows (a log line, a
panel's numbers, a box's size) meet new keys all day long: over the hours of a kiosk an entry
bound either overflows memory or evicts too eagerly.  A ``surface_cache`` keeps the most
recently used results while the pixels they hold stay within ``mib`` mebibytes (the newest
result is always kept, however large).  Results may be surfaces or tuples/lists of them;
anything else counts as no pixels.  Like ``lru_cache``: positional and keyword arguments form
the key (they must be hashable), and ``cache_clear()`` / ``cache_info()`` work the same
(``cache_info().maxsize`` is the budget in bytes, ``nbytes`` the pixels held now).

The caches are for the frame loop's thread only (no locking).
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, NamedTuple

import pygame

MIB = 2**20


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    maxsize: int  # the budget, in bytes of pixels
    currsize: int  # entries
    nbytes: int  # bytes of pixels held now


def pixel_bytes(value: Any) -> int:
    """The memory the pixels of ``value`` take (a surface, or a tuple/list of them)."""
    if isinstance(value, pygame.Surface):
        return value.get_pitch() * value.get_height()
    if isinstance(value, (tuple, list)):
        return sum(pixel_bytes(v) for v in value)
    return 0


_KWARGS = object()  # separates positional from keyword arguments in a key


_ALL: list[SurfaceCache] = []  # every cache made (they live as long as their modules)


class SurfaceCache:
    """``fn`` with its results kept, most recently used first, within ``max_bytes``."""

    def __init__(self, fn: Callable, max_bytes: int):
        _ALL.append(self)
        functools.update_wrapper(self, fn)
        self._fn = fn
        self.max_bytes = max_bytes
        self._entries: OrderedDict[tuple, tuple[Any, int]] = OrderedDict()
        self.nbytes = 0
        self.hits = self.misses = 0

    def __call__(self, *args, **kwargs):
        key = args if not kwargs else (*args, _KWARGS, *sorted(kwargs.items()))
        entry = self._entries.get(key)
        if entry is not None:
            self._entries.move_to_end(key)
            self.hits += 1
            return entry[0]
        self.misses += 1
        value = self._fn(*args, **kwargs)
        size = pixel_bytes(value)
        self._entries[key] = (value, size)
        self.nbytes += size
        while self.nbytes > self.max_bytes and len(self._entries) > 1:
            _, (_, dropped) = self._entries.popitem(last=False)
            self.nbytes -= dropped
        return value

    def cache_clear(self) -> None:
        self._entries.clear()
        self.nbytes = 0
        self.hits = self.misses = 0

    def cache_info(self) -> CacheInfo:
        return CacheInfo(self.hits, self.misses, self.max_bytes, len(self._entries), self.nbytes)


def clear_all() -> None:
    """Empty every surface cache.  A kiosk does so when its screen changes: the caches' budgets
    add up, full of what screens no longer shown needed (another game's panels, its texts),
    and the next screen renders again only what it shows."""
    for cache in _ALL:
        cache.cache_clear()


def surface_cache(mib: float) -> Callable[[Callable], SurfaceCache]:
    """Decorator: cache a function's rendered results within ``mib`` mebibytes of pixels."""

    def wrap(fn: Callable) -> SurfaceCache:
        return SurfaceCache(fn, round(mib * MIB))

    return wrap
