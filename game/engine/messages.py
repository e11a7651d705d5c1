"""Events speak data, not prose: a message is a whole sentence with named placeholders.

The rules never write a finished line.  An ``Event`` carries a *message* (the English source
sentence, which is also its gettext ``msgid``) and *arguments*; ``describe`` turns it into the
words a given viewer reads, with the seats' names and in the player's language.  English is
the source language: a sentence is marked for extraction with ``N_`` (or ``NN_`` when it
has a plural form, chosen by the argument ``n``).

Arguments are JSON-able values:

- a whole number or a text (a cell such as ``"B6"``) is shown as it is;
- ``P(i, name)`` is the seat ``i``, shown with the name the table gives it (``name`` is the
  engine's own name for it, used when no names are given);
- ``T(word)`` is a game term ("church", "orange flag"), translated;
- ``M(message, **args)`` is a sentence inside a sentence (a ranking's places);
- a list of any of these is shown as a list ("Blue, Red").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from game import i18n
from game.i18n import N_, NN_

__all__ = ["N_", "NN_", "P", "T", "M", "Sentence", "say", "localized", "render", "describe"]

Message = str | tuple[str, str]
"""One sentence: its English text, or (singular, plural) chosen by the argument ``n``."""


def P(player: int, name: str) -> dict[str, Any]:
    """A seat as a message argument (``name``: the engine's name for it)."""
    return {"p": player, "name": name}


def T(term: str) -> dict[str, Any]:
    """A game term as a message argument, translated when shown."""
    return {"t": term}


def M(message: Message, **args: Any) -> dict[str, Any]:
    """A sentence as the argument of another sentence."""
    return {"m": message, "a": args}


class Translator(Protocol):
    """What ``describe`` needs of a language: the ``gettext`` module's two lookups."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


class _English:
    """English is the source language: messages are shown as written."""

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural


ENGLISH: Translator = _English()


def translator(language: str | None) -> Translator:
    if language in (None, i18n.SOURCE_LANGUAGE):
        return ENGLISH
    return i18n.translation(language)


def render(message: Message, args: dict[str, Any], names: Sequence[str] | None = None,
           language: str | None = None) -> str:
    """One sentence with its arguments filled in, for the given seat names and language."""
    tr = translator(language)
    return _render(message, args, names, tr)


def _render(message: Message, args: dict[str, Any], names: Sequence[str] | None,
            tr: Translator) -> str:
    if isinstance(message, tuple):
        text = tr.ngettext(message[0], message[1], int(args.get("n", 0)))
    else:
        text = tr.gettext(message)
    if not args:
        return text
    shown = {k: _value(v, names, tr) for k, v in args.items()}
    return text.format(**shown)


def _value(value: Any, names: Sequence[str] | None, tr: Translator) -> str:
    if isinstance(value, dict):
        if "p" in value:
            p = value["p"]
            return names[p] if names is not None and 0 <= p < len(names) else value["name"]
        if "t" in value:
            return tr.gettext(value["t"])
        if "m" in value:
            message = value["m"]
            return _render(tuple(message) if isinstance(message, list) else message,
                           value["a"], names, tr)
    if isinstance(value, (list, tuple)):
        return ", ".join(_value(v, names, tr) for v in value)
    return str(value)


def describe(event: Any, names: Sequence[str] | None = None, viewer: int | None = None,
             language: str | None = None) -> str:
    """The line ``viewer`` reads for ``event`` (None: an onlooker, who sees only what is
    public), with the seats called ``names`` (None: the engine's names), in ``language``."""
    message, args = event.message_for(viewer)
    return render(message, args, names, language)


class Sentence(str):
    """A finished English sentence that keeps its message and arguments, so that a table can
    show it in the player's language (``localized``).  The rules explain a refused move with
    one: it reads as plain English wherever a string is expected (logs, tests, exceptions)."""

    message: Message
    args: dict[str, Any]

    def __new__(cls, message: Message, args: dict[str, Any]) -> Sentence:
        self = super().__new__(cls, _render(message, args, None, ENGLISH))
        self.message = message
        self.args = args
        return self

    def __reduce__(self) -> tuple[type[Sentence], tuple[Message, dict[str, Any]]]:  # pickles (a search process' answer) keep the message, not just text
        return (Sentence, (self.message, self.args))


def say(message: Message, **args: Any) -> Sentence:
    """A sentence to show a player later, in whatever language they read by then."""
    return Sentence(message, args)


def localized(text: str, names: Sequence[str] | None = None,
              language: str | None = None) -> str:
    """``text`` for a reader of ``language``: a ``Sentence`` is rendered again in it (with the
    seats' ``names``); any other text is shown as it is."""
    if isinstance(text, Sentence):
        return render(text.message, text.args, names, language)
    return text
