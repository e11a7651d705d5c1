"""Small helpers for the words of log lines, prompts and labels (English grammar)."""

from __future__ import annotations


def plural(n: int, word: str, *, count: bool = True) -> str:
    """``1 point``, ``2 points``, ``0 points``; ``count=False`` leaves the number out."""
    noun = word if n == 1 else f"{word}s"
    return f"{n} {noun}" if count else noun


def a_or_an(word: object) -> str:
    """``an eagle card``, ``a church card``, ``an orange flag``: by the first letter."""
    text = str(word)
    return f"{'an' if text[:1].lower() in 'aeiou' else 'a'} {text}"
