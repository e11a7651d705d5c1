"""Writing the player's files safely: ``write_atomic`` and ``set_aside``.

A file is written to a temporary file in the same folder, flushed to disk, then renamed over
the old one (``os.replace`` is atomic), so a crash or a power cut leaves either the old file or
the new one, never half of one.  A file that cannot be read is renamed, not deleted, so nothing
the player made is ever lost.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from pathlib import Path


def write_atomic(path: Path, text: str, keep_previous: Path | None = None) -> None:
    """Replace ``path`` with ``text``; raises OSError.

    ``keep_previous``: where the file being replaced is kept (renamed, so it stays whole).
    """
    tmp_name = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
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
