"""Writing the player's files safely: ``write_atomic`` and ``set_aside``.

A file is written to a temporary file in the same folder, flushed to disk, then renamed over
the old one (``os.replace`` is atomic), so a crash or a power cut leaves either the old file or
the new one, never half of one.  A process killed while writing leaves its temporary file
(``.<name>.XXXX.tmp``); ``remove_stale_temps`` clears those at the next start.  A file that
cannot be read is renamed, not deleted, so nothing the player made is ever lost.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path


def write_atomic(path: Path, text: str, keep_previous: Path | None = None) -> None:
    """Replace ``path`` with ``text``; raises OSError.

    ``keep_previous``: where the file being replaced is kept (renamed, so it stays whole).
    """
    tmp_name = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=_temp_prefix(path), suffix=".tmp",
                                        dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if keep_previous is not None and path.exists():
            os.replace(path, keep_previous)
        os.replace(tmp_name, path)
        tmp_name = None
    finally:
        if tmp_name:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)


# A write takes milliseconds; a temporary file this much older was left by a process that
# died, not one another copy of the game is still writing.
STALE_TEMP_SECONDS = 10.0


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def remove_stale_temps(path: Path) -> int:
    """Delete the temporary files interrupted ``write_atomic(path, ...)`` calls left next to
    ``path`` (never ``path`` itself, nor any other file).  Returns how many went."""
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return 0
    for entry in entries:
        name = entry.name
        if not (name.startswith(_temp_prefix(path)) and name.endswith(".tmp")):
            continue
        with contextlib.suppress(OSError):
            if entry.is_file(follow_symlinks=False) and \
                    now - entry.stat(follow_symlinks=False).st_mtime > STALE_TEMP_SECONDS:
                os.unlink(entry.path)
                removed += 1
    return removed


def set_aside(path: Path, why: str = "corrupt") -> Path | None:
    """Rename an unreadable file to ``<name>.<why>`` (numbered when taken); None if it failed."""
    aside = path.with_name(f"{path.name}.{why}")
    if aside.exists():
        aside = path.with_name(f"{path.name}.{why}-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(path, aside)
    except OSError:
        return None
    return aside


class BackgroundWriter:
    """Writes files on one background thread, in order: a disk that is slow to flush
    (``fsync`` can take tens of milliseconds) never stalls a frame.  One run's ``Config``
    owns one (``config.writer``); the thread starts with the first write."""

    def __init__(self, name: str = "autosave") -> None:
        self.name = name
        self._pool: ThreadPoolExecutor | None = None
        self._last: Future | None = None

    def submit(self, fn: Callable[..., object], *args: object) -> Future:
        """Run ``fn(*args)`` after what was submitted before; its future tells when it is
        done and what it returned."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=self.name)
        self._last = self._pool.submit(fn, *args)
        return self._last

    def flush(self) -> None:
        """Wait until everything submitted so far is written."""
        last, self._last = self._last, None
        if last is not None:
            last.result()
