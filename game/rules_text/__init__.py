"""The rules summaries (F1): one Markdown file per game, in a small Markdown subset.

``#`` and ``##`` headings, paragraphs (lines joined until a blank line), ``- `` bullets
(indent two spaces for a second level) and ``**bold**`` inside any of them.  Each block is
one entry of the translation catalogs (``tools/i18n.py`` extracts them with ``parse``), so a
translator works paragraph by paragraph and the layout stays the same in every language.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from game.i18n import N_
from game.registry import GAMES

RULES_FILE = "rules.md"
"""The summary's file name in each game's folder (package data)."""


def rules_text(game_id: str) -> str:
    """The summary's Markdown text; a short note when the game has none."""
    try:
        if game_id not in GAMES:
            raise FileNotFoundError(game_id)
        return (resources.files(GAMES[game_id].package).joinpath(RULES_FILE)
                .read_text(encoding="utf-8"))
    except (FileNotFoundError, OSError, ModuleNotFoundError):
        name = GAMES[game_id].name if game_id in GAMES else game_id
        return f"# {name}\n\n" + N_("There is no rules summary for this game yet.")


@dataclass(frozen=True)
class Block:
    kind: str  # "h1", "h2", "p", "li"
    text: str
    level: int = 0  # bullets: 0 or 1


def parse(text: str) -> list[Block]:
    """Markdown subset -> blocks."""
    blocks: list[Block] = []
    para: list[str] = []
    bullet: tuple[int, list[str]] | None = None

    def flush() -> None:
        nonlocal para, bullet
        if para:
            blocks.append(Block("p", " ".join(para)))
            para = []
        if bullet is not None:
            blocks.append(Block("li", " ".join(bullet[1]), bullet[0]))
            bullet = None

    for raw in text.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        if stripped.startswith("## "):
            flush()
            blocks.append(Block("h2", stripped[3:].strip()))
        elif stripped.startswith("# "):
            flush()
            blocks.append(Block("h1", stripped[2:].strip()))
        elif stripped.startswith(("- ", "* ")):
            flush()
            indent = len(line) - len(line.lstrip())
            bullet = (1 if indent >= 2 else 0, [stripped[2:].strip()])
        elif bullet is not None:
            bullet[1].append(stripped)  # a bullet's continuation line
        else:
            para.append(stripped)
    flush()
    return blocks
