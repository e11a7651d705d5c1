"""Colorado County's table in Italian, Spanish and French: a seeded random game played at the
table (headless), and at every decision of its human - flags, the market, the bids, the land
auction, the card choice and the cubes - everything the table shows is read: the prompt, the
buttons and why a disabled one cannot be pressed, a refused click, the hover tips, the texts
drawn on the table (panels, strip, overlays, round scoring) and the log.  None of it may come
from a sentence the catalog lacks, and none may hold common English words."""

import pygame
import pytest
from colorado_table_game import Watcher, open_colorado, play_through
from language_check import english_words, speaking

from game.games.colorado.table.results import TIE_BREAK, result_columns
from game.i18n import _
from game.scenes.table import screen as table_screen
from game.ui import theme
from game.ui.log_lines import LINE_ENDS


class Canvas(pygame.Surface):
    """The screen, noting the message of every text surface blitted on it."""

    def __init__(self, seen: list[str]):
        super().__init__((1920, 1080))
        self.seen = seen

    def blit(self, source, dest, area=None, special_flags=0):
        message = theme.TEXT_SURFACES.get(id(source))
        if message is not None and message.strip():
            self.seen.append(message)
        return super().blit(source, dest, area, special_flags)


class Reader(Watcher):
    """Everything a player of the table may read, gathered as the game goes."""

    def __init__(self, scene):
        super().__init__(scene)
        self.texts: list[tuple[str, str]] = []  # (where, text)

    def add(self, where: str, text) -> None:
        if text:
            self.texts.append((where, str(text)))

    def decision(self, where: str) -> None:
        """The prompt, buttons, tips, the panels and whatever the table draws now."""
        super().decision(where)
        s = self.scene
        self.add(f"{where}: prompt", table_screen.prompt_line(s))
        for label, action, enabled, _primary in s.controls.buttons():
            self.add(f"{where}: button", label)
            if not enabled or action is None:
                self.add(f"{where}: disabled", s.controls.disabled_reason(label))
        for tip in s.game.tips():
            self.add(f"{where}: tip {tip.key}", tip.text)
        current = s.hover_tips.current_tip()
        if current and current[0] is not None:
            self.add(f"{where}: placement tip", current[0].text)
        self.add(f"{where}: hand-off", s.game.handoff_message)
        self.overlay(where)
        self.cells(where)

    def overlay(self, where: str) -> None:
        s = self.scene
        seen: list[str] = []
        s.draw(Canvas(seen))
        for text in seen + [t for q in range(s.n) for t in s.game.panel_model(q).texts()]:
            self.add(f"{where}: drawn", text)

    def refused(self, where: str) -> None:
        self.add(where, self.scene.controls.prompt())

    def waiting(self, prompt: str) -> None:
        self.add("waiting", prompt)

    def cells(self, where: str) -> None:
        """The tips of a lake cell, a flag's cell, someone's land, the cell for sale."""
        s = self.scene
        v = s.dview()
        cells = [tuple(lk["cells"][0]) for lk in v["lakes"][:2]]
        cells += [tuple(f["cell"]) for f in v["flags"][:3]]
        cells += [(x, y) for y, row in enumerate(v["owners"]) for x, o in enumerate(row)
                  if o >= 0][:3]
        if v["sale"]:
            cells.append(tuple(v["sale"]["cell"]))
        for cell in cells:
            self.add(f"{where}: cell tip", s.game.cell_tip(cell)[0])

    def log(self) -> None:
        for entry in self.scene.log.entries:
            self.add("log", entry.text)
            # one rule in every language: a log line ends with one full stop (or ! ? …)
            assert entry.text[-1:] in LINE_ENDS and not entry.text.endswith(".."), entry.text


def play(code: str, seed: int) -> tuple[Reader, set[str]]:
    with speaking(code) as missing:
        svc, scene = open_colorado(1.0, seed)
        reader = Reader(scene)
        play_through(svc, scene, seed, reader)
        reader.decision("game over")
        reader.log()
        for column in [*result_columns(scene.session.state), TIE_BREAK]:
            reader.add("results column", _(column))
    return reader, missing


@pytest.mark.parametrize("code", ["it", "es", "fr"])
def test_a_whole_game_speaks_the_language(display, code):
    reader, missing = play(code, seed=11)
    assert {"flags", "offer", "bid", "take"} <= reader.phases, reader.phases
    assert len(reader.texts) > 200
    assert not missing, f"{len(missing)} sentences without a translation:\n" + \
        "\n".join(sorted(missing)[:40])
    english = [(where, text) for where, text in reader.texts if english_words(text)]
    assert not english, "English on the table:\n" + "\n".join(
        f"{where}: {text!r}" for where, text in english[:30])


def test_the_check_would_see_english(display):
    """The same game in English: the reader finds English words (the check can fail)."""
    reader, _missing = play("en", seed=11)
    assert sum(1 for _w, text in reader.texts if english_words(text)) > 50


def test_the_table_follows_a_live_change_of_language(display):
    """Settings -> Language while a table is open: its prompt, buttons, tips, panels and
    cards speak the new language at once."""
    svc, scene = open_colorado(1.0, seed=11)
    for _frame in range(20000):
        if scene.human_can_act and scene.session.state.phase == "bid" and not scene.timeline.busy:
            break
        if scene.human_can_act and not scene.timeline.busy:
            scene.controls.try_action(scene.session.state.legal_actions(scene.chooser)[0])
        svc.stack.update(1 / 60)
        svc.stack.apply_pending()
    scene.controls.toggle_token(scene.controls.strip_cowboys()[0])
    before = Reader(scene)
    before.decision("English")
    assert sum(1 for _w, text in before.texts if english_words(text)) > 10
    with speaking("it") as missing:
        svc.set_language("it")
        after = Reader(scene)
        after.decision("Italiano")
    assert not missing, sorted(missing)
    english = [(where, text) for where, text in after.texts if english_words(text)]
    assert not english, english[:10]
