"""How freed memory goes back to the system, for a process that runs for days (a kiosk).

Rendered surfaces are big (a full-screen layer is 8 MiB, a panel a few hundred KiB) and come
and go with every table and screen.  glibc's ``malloc`` serves blocks of 128 KiB and more with
a mapping of their own, returned to the system on ``free`` -- but only until the first such
block is freed: from then on it raises that threshold to the freed size (up to 32 MiB), so
later surfaces land in the heap, whose free holes stay resident.  Over hours of attract loop
that kept a hundred MiB or more of freed surfaces resident.

- ``keep_big_blocks_mapped()`` (at start) fixes the threshold: big blocks keep mappings of
  their own for good.
- ``release_free_memory()`` (when a screen has been left, e.g. a demo table) collects the
  scene's garbage and hands the heap's free pages back: ``free`` only ever returns the top of
  the heap, and the holes the smaller surfaces and objects of a finished table leave stay.

Elsewhere (other C libraries) only the garbage collection happens.
"""

from __future__ import annotations

import ctypes
import gc
import logging
import platform
import sys

log = logging.getLogger(__name__)

M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter
MMAP_THRESHOLD = 128 * 1024  # glibc's own starting value, kept from now on


def _glibc():
    if not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc":
        return None
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt, libc.malloc_trim  # noqa: B018 - both must be there
        return libc
    except (OSError, AttributeError) as exc:
        log.debug("glibc's malloc controls unavailable: %s", exc)
        return None


_LIBC = _glibc()


def keep_big_blocks_mapped() -> bool:
    """Tell glibc to map every block of ``MMAP_THRESHOLD`` bytes or more on its own, so it is
    returned to the system when freed.  True when that was done."""
    return _LIBC is not None and bool(_LIBC.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))


def release_free_memory() -> None:
    """Free what unreachable objects hold now, and return the heap's free pages."""
    gc.collect()
    if _LIBC is not None:
        _LIBC.malloc_trim(0)
