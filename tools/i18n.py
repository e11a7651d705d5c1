"""The translation catalogs: extract, update, check, list what is left and fill it in.

    python tools/i18n.py extract          source -> game/locale/messages.pot
    python tools/i18n.py update           the template -> each game/locale/<code>/.../messages.po
    python tools/i18n.py check            untranslated, fuzzy or mismatched entries (exit 1)
    python tools/i18n.py compile DIR      .mo files under DIR (the game compiles in memory itself)
    python tools/i18n.py init CODE        start a catalog for a new language
    python tools/i18n.py todo CODE [--under PATH] [-o FILE]
                                          untranslated entries as JSON, to fill in
    python tools/i18n.py fill FILE...     JSON {code: {msgid: msgstr or [forms]}} -> the catalogs

Sentences are found where the source marks them: ``_``, ``N_``, ``NN_``, ``ngettext`` and
``pgettext`` in ``game/``, and every heading, paragraph and bullet of the rules summaries
(``game/games/*/rules.md``).  ``update`` never guesses ("fuzzy" matching is off): a changed
English sentence is untranslated until a translator sees it.
"""

from __future__ import annotations

import argparse
import json
import re
import string
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE, catalog_path  # noqa: E402
from game.rules_text import parse  # noqa: E402

TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
KEYWORDS = {"_": None, "N_": None, "NN_": (1, 2), "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
PROJECT = "Landgrab"
CREATED = datetime(2026, 1, 1, tzinfo=UTC)  # the template's date, fixed: see _write
WIDTH = 96  # line width in the .po files: long sentences stay readable in a diff


def extract_markdown(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel extraction method for the rules summaries: one entry per block."""
    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()
    for block in parse(text):
        first = block.text.split(" ")[0]
        lineno = next((i + 1 for i, line in enumerate(lines) if first in line), 1)
        yield lineno, "", block.text, []


def extract() -> Catalog:
    catalog = Catalog(project=PROJECT, domain=DOMAIN, charset="utf-8", fuzzy=False,
                      creation_date=CREATED)
    method_map = [("**.py", "python"), ("games/*/rules.md", extract_markdown)]
    for filename, lineno, message, comments, context in extract_from_dir(
        ROOT / "game", method_map, keywords=KEYWORDS, comment_tags=("Translators:",),
        strip_comment_tags=True,
    ):
        where = f"game/{filename}"
        catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return catalog


def _read(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh, locale=code, domain=DOMAIN)


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        # No line numbers and a fixed creation date: an edit elsewhere in a file leaves the
        # catalogs alone, so two branches that each add a sentence merge without a conflict.
        write_po(fh, catalog, width=WIDTH, ignore_obsolete=True, include_previous=False,
                 include_lineno=False)


def _languages() -> list[str]:
    return [code for code in LANGUAGES if code != SOURCE_LANGUAGE]


def cmd_extract(_args) -> int:
    catalog = extract()
    _write(TEMPLATE, catalog)
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(catalog)} messages")
    return 0


def cmd_init(args) -> int:
    path = catalog_path(args.code)
    if path.exists():
        print(f"{path} exists; use update", file=sys.stderr)
        return 1
    template = _read(TEMPLATE)
    catalog = Catalog(locale=args.code, domain=DOMAIN, project=PROJECT, fuzzy=False)
    catalog.update(template, no_fuzzy_matching=True)
    _write(path, catalog)
    print(f"{path.relative_to(ROOT)}: started")
    return 0


def cmd_update(_args) -> int:
    template = _read(TEMPLATE)
    for code in _languages():
        path = catalog_path(code)
        catalog = _read(path, code)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.fuzzy = False
        _write(path, catalog)
        print(f"{path.relative_to(ROOT)}: {len(catalog)} messages")
    return 0


def cmd_compile(args) -> int:
    out = Path(args.directory)
    for code in _languages():
        target = out / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as fh:
            write_mo(fh, _read(catalog_path(code), code), use_fuzzy=False)
        print(target)
    return 0


CONTEXT = "\x04"  # between a context and its sentence in a todo / fill key (gettext's own)
PERCENT = re.compile(r"%(\([a-z_]+\))?[sdr%]")


def placeholders(text: str) -> set[str]:
    """The named fields of a ``str.format`` sentence (``{{`` is a brace, not a field) and the
    ``%`` fields of argparse's own sentences.  A sentence that is not valid for
    ``str.format`` gives {"<broken>"}."""
    found = {m.group(0) for m in PERCENT.finditer(text) if m.group(0) != "%%"}
    try:
        return found | {field.split(".")[0].split("[")[0]
                        for _, field, _, _ in string.Formatter().parse(text)
                        if field is not None}
    except ValueError:
        return found | {"<broken>"}


def entry_problems(message: Message) -> list[str]:
    """What is wrong with one translated entry: untranslated, fuzzy, or placeholders that
    differ from the English (a plural form may leave out the count ``n``)."""
    if not message.id:
        return []
    where = ", ".join(f"{f}:{n}" for f, n in message.locations[:1]) or "?"
    ident = message.id if isinstance(message.id, str) else message.id[0]
    label = f"{where} {ident[:60]!r}"
    if message.fuzzy:
        return [f"fuzzy: {label}"]
    forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    if not all(forms):
        return [f"untranslated: {label}"]
    if isinstance(message.id, str):
        wanted = placeholders(message.id)
        if any(placeholders(f) != wanted for f in forms):
            return [f"placeholders differ: {label}"]
        return []
    wanted = placeholders(message.id[0]) | placeholders(message.id[1])
    if any(not (wanted - {"n"} <= placeholders(f) <= wanted) for f in forms):
        return [f"placeholders differ: {label}"]
    return []


def catalog_problems(code: str) -> list[str]:
    catalog = _read(catalog_path(code), code)
    template = {m.id if isinstance(m.id, str) else m.id[0] for m in _read(TEMPLATE) if m.id}
    problems = [p for m in catalog for p in entry_problems(m)]
    present = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}
    problems += [f"missing (run update): {i[:60]!r}" for i in sorted(template - present)]
    return problems


def cmd_check(_args) -> int:
    bad = 0
    for code in _languages():
        problems = catalog_problems(code)
        bad += len(problems)
        for p in problems:
            print(f"{code}: {p}")
        print(f"{code}: {len(problems)} problems")
    return 1 if bad else 0


def cmd_todo(args) -> int:
    catalog = _read(catalog_path(args.code), args.code)
    todo: dict[str, object] = {}
    for m in catalog:
        if not m.id or (not m.fuzzy and all(
                m.string if isinstance(m.string, (list, tuple)) else [m.string])):
            continue
        if args.under and not any(f.startswith(args.under) for f, _ in m.locations):
            continue
        # a sentence with a context (pgettext) is keyed "context\x04sentence", as in gettext
        prefix = f"{m.context}{CONTEXT}" if m.context else ""
        if isinstance(m.id, str):
            todo[prefix + m.id] = ""
        else:
            todo[prefix + "\x00".join(m.id)] = ["", ""]
    text = json.dumps({args.code: todo}, ensure_ascii=False, indent=1)
    if args.output:
        Path(args.output).write_text(text + "\n", encoding="utf-8")
        print(f"{args.output}: {len(todo)} entries")
    else:
        print(text)
    return 0


def cmd_fill(args) -> int:
    """Write translations from JSON files: {code: {msgid: msgstr}}; a plural entry's key is
    singular and plural joined by a NUL character (as ``todo`` writes it), its value the list
    of forms; an entry with a context (``pgettext``) is keyed "context", EOT, sentence.
    Entries the template no longer has are reported and skipped."""
    wanted: dict[str, dict[str, object]] = {}
    for name in args.files:
        for code, entries in json.loads(Path(name).read_text(encoding="utf-8")).items():
            wanted.setdefault(code, {}).update(entries)
    for code, entries in wanted.items():
        path = catalog_path(code)
        catalog = _read(path, code)
        filled = 0
        for key, value in entries.items():
            if not value:
                continue
            context, _sep, key_id = key.rpartition(CONTEXT)
            ident = tuple(key_id.split("\x00")) if "\x00" in key_id else key_id
            message = catalog.get(ident[0] if isinstance(ident, tuple) else ident,
                                  context or None)
            if message is None:
                print(f"{code}: not in the catalog: {key[:60]!r}", file=sys.stderr)
                continue
            message.string = tuple(value) if isinstance(value, list) else value
            message.flags.discard("fuzzy")
            filled += 1
        _write(path, catalog)
        print(f"{path.relative_to(ROOT)}: {filled} entries filled")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="i18n", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("extract").set_defaults(run=cmd_extract)
    sub.add_parser("update").set_defaults(run=cmd_update)
    sub.add_parser("check").set_defaults(run=cmd_check)
    p = sub.add_parser("compile")
    p.add_argument("directory")
    p.set_defaults(run=cmd_compile)
    p = sub.add_parser("init")
    p.add_argument("code")
    p.set_defaults(run=cmd_init)
    p = sub.add_parser("todo")
    p.add_argument("code", choices=_languages())
    p.add_argument("--under", help="only entries found under this path, e.g. game/games/oregon")
    p.add_argument("-o", "--output")
    p.set_defaults(run=cmd_todo)
    p = sub.add_parser("fill")
    p.add_argument("files", nargs="+")
    p.set_defaults(run=cmd_fill)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
