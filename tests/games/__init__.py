"""Games that live in the tests only (registered by ``tests/conftest.py``, never shipped):
each folder is shaped exactly like a folder of ``game/games/``."""
