"""Oregon's table in Italian, Spanish and French: a seeded random game at the table, headless,
with everything the human is shown at each decision (the prompt, the buttons and why a
disabled one cannot be used, the refusals the table makes itself, the hover tips, the
placement previews, what stands on the board, the log) read through the catalogs - no
sentence without a translation, no English word left."""

import random

import pygame
import pytest
from language_check import english_words, speaking

from game.config import Config
from game.games.oregon.engine import Draw, PlaceBuilding, PlaceFarmer, PlaceStartTile
from game.games.oregon.engine.phases import Phase
from game.games.oregon.table import tips
from game.games.oregon.table.results import COLUMNS, TIE_BREAK
from game.i18n import _
from game.registry import GAMES
from game.scenes import table as table_mod
from game.scenes.services import Services
from game.scenes.table import screen as table_screen
from game.seats import parse_players
from game.settings import Settings
from game.ui.log_lines import LINE_ENDS

MAX_FRAMES = 400_000


def _table(code: str, seed: int):
    svc = Services.standalone(Config(), Settings(language=code))
    svc.settings.animation_speed = 60.0  # beyond the menu's range: tests only
    players = parse_players("human,bot:easy,bot:normal", GAMES["oregon"])
    scene = table_mod.open_table(svc, "oregon", players, seed)
    svc.stack.reset(scene)
    svc.stack.apply_pending()
    return svc, scene


def _until_human(svc, scene) -> bool:
    """Frames until the human may act (True) or the game is over (False)."""
    for _frame in range(MAX_FRAMES):
        if scene.session.state.is_over():
            return False
        if scene.human_can_act and scene.controls.prompt() and not svc.stack.pending:
            return True
        svc.stack.update(1 / 60)
        svc.stack.apply_pending()
    raise AssertionError("the game stopped moving")


class Reader:
    """Everything shown, with where it was shown (for the failure message)."""

    def __init__(self, scene):
        self.scene = scene
        self.texts: list[tuple[str, str]] = []

    def add(self, where: str, text: str) -> None:
        assert text, f"{where}: nothing shown"
        self.texts.append((where, text))

    def decision(self, n: int) -> None:
        s = self.scene
        self.add(f"prompt {n}", table_screen.prompt_line(s))
        for label, _action, enabled, _primary in s.controls.buttons():
            self.add(f"button {n}", label)
            if not enabled:
                self.add(f"why not {label!r}", s.controls.disabled_reason(label))
        for tip in s.game.tips():
            self.add(f"tip {tip.key}", tip.text)
        v = s.dview()
        cells = [tuple(b["cell"]) for b in v["buildings"]]
        cells += [tuple(c) for pv in v["players"] for c in pv["farmers"]]
        for cell in cells[:6]:
            self.add(f"board {cell}", tips.piece_text(s, cell))

    def message(self, where: str) -> None:
        """The table's answer to a click, shown in the prompt panel."""
        self.add(where, table_screen.prompt_line(self.scene))

    def choice(self, n: int) -> None:
        """A complete choice: the prompt, and what placing on a few cells would earn."""
        s = self.scene
        self.add(f"chosen {n}", table_screen.prompt_line(s))
        _kind, cells = s.controls.legal_cells()
        for cell in cells[:3]:
            self.add(f"preview {cell}", s.controls.preview_text(cell))


def _play(scene, action, reader: Reader, n: int) -> None:
    """``action`` through the table, as a player's clicks make it."""
    s = scene
    if isinstance(action, PlaceStartTile):
        reader.add("start preview", s.controls.preview_text(action.cell))
        s.controls.click_cell(action.cell)
    elif isinstance(action, (PlaceFarmer, PlaceBuilding)):
        s.controls.click_cell(action.cell)  # no cards chosen yet: the table says what is missing
        reader.message(f"refusal {n}")
        for card in action.cards:
            s.controls.toggle_card(card)
        if action.uses_joker:
            s.controls.toggle_joker()
        reader.choice(n)
        s.controls.click_cell(action.cell)
    elif isinstance(action, Draw):
        other = "building" if action.deck == "landscape" else "landscape"
        if f"deck_{other}" not in dict(s.controls.targets()):
            s.controls.click_elsewhere(s.layout.decks[other].center)
            reader.message(f"deck refusal {n}")
        s.controls.activate(f"deck_{action.deck}")
    else:
        labels = [b for b in s.controls.buttons() if b[1] == action]
        assert labels, f"no button plays {action}"
        s.input.press_button([b[1] for b in s.controls.buttons()].index(action))


@pytest.mark.parametrize("code", ["it", "es", "fr"])
def test_a_random_oregon_game_at_the_table_speaks_the_language(display, code):
    pygame.display.set_mode((1920, 1080))
    with speaking(code) as missing:
        svc, scene = _table(code, seed=11)
        reader = Reader(scene)
        rng = random.Random(5)
        phases, n = set(), 0
        while _until_human(svc, scene):
            n += 1
            p = scene.acting
            phases.add(scene.session.state.phase)
            reader.decision(n)
            legal = scene.session.state.legal_actions(p)
            placements = [a for a in legal if isinstance(a, (PlaceFarmer, PlaceBuilding))]
            action = rng.choice(placements or legal) if scene.session.state.phase == Phase.PLAY \
                else rng.choice(legal)
            version = scene.version
            _play(scene, action, reader, n)
            assert scene.version == version + 1, f"{action} was not played: " \
                                                 f"{table_screen.prompt_line(scene)}"
        for entry in scene.log.entries:
            reader.add("log", entry.text)
            # one rule in every language: a log line ends with one full stop (or ! ? …)
            assert entry.text[-1:] in LINE_ENDS and not entry.text.endswith(".."), entry.text
        for column in [*COLUMNS, TIE_BREAK]:
            reader.add("results column", _(column))
    assert {Phase.START_TILE, Phase.PLAY, Phase.DRAW} <= phases and n > 20
    assert not missing, f"{len(missing)} sentences have no {code} translation:\n" + \
        "\n".join(sorted(missing)[:40])
    english = [(where, text, words) for where, text in reader.texts
               if (words := english_words(text))]
    assert not english, "\n".join(f"{w}: {t!r} {sorted(e)}" for w, t, e in english[:30])


def test_the_oregon_table_follows_a_live_change_of_language(display):
    """Settings -> Language during a game: the prompt, the buttons, the tips, the previews,
    the panels and the names on the cards are in the new language at once."""
    from game.games.oregon.art import pictures as oregon_art
    pygame.display.set_mode((1920, 1080))
    svc, scene = _table("en", seed=11)
    assert _until_human(svc, scene)
    while scene.session.state.phase != Phase.PLAY:  # the start tile, then draw until cards are played
        legal = scene.session.state.legal_actions(scene.acting)
        _play(scene, legal[0], Reader(scene), 0)
        assert _until_human(svc, scene)
    action = next(a for a in scene.session.state.legal_actions(scene.acting)
                  if isinstance(a, (PlaceFarmer, PlaceBuilding)))
    for card in action.cards:
        scene.controls.toggle_card(card)
    if action.uses_joker:
        scene.controls.toggle_joker()

    def shown():
        return {"prompt": table_screen.prompt_line(scene), "buttons": [b[0] for b in scene.controls.buttons()],
                "tips": sorted(t.text for t in scene.hover_tips.cached_tips()),
                "preview": scene.controls.preview_text(action.cell),
                "panel": scene.game.panel_model(0).kind,
                "card": oregon_art.card_surface("building", "church")}

    before = shown()
    svc.set_language("it")
    after = shown()
    assert after["prompt"] in (_("Click a glowing cell to place your farmer."),
                               _("Click a glowing cell to place the building."))
    assert after["panel"] == _("Human") != "Human"
    changed = [k for k in before if before[k] is not after[k] and before[k] != after[k]]
    assert changed == list(before), set(before) - set(changed)
