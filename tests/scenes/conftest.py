"""Makes ``table_driver`` and ``table_plans`` (the shared table-scene drivers) importable from
the table tests; fixtures for the couch tests."""

import sys
from pathlib import Path

import pygame
import pytest

_here = str(Path(__file__).parent)
if _here not in sys.path:
    sys.path.insert(0, _here)

from table_driver import made_tables  # noqa: E402


@pytest.fixture
def no_flip(monkeypatch):
    """Frames are drawn as ever; only showing them (a wait on the dummy display) is skipped."""
    monkeypatch.setattr(pygame.display, "flip", lambda: None)


@pytest.fixture
def make_table():
    """``make_table(cls, players, seed=...)``: a table driven by ``cls`` (a ``TableDriver``),
    closed after the test."""
    yield from made_tables(lambda cls, *a, **kw: cls(*a, **kw))
