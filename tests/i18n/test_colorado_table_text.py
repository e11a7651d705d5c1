"""Colorado County's table in Italian, Spanish and French: a seeded random game played at the
table (headless), and at every decision of its human - flags, the market, the bids, the land
auction, the card choice and the cubes - everything the table shows is read: the prompt, the
buttons and why a disabled one cannot be pressed, a refused click, the hover tips, the texts
drawn on the table (panels, strip, overlays, round scoring) and the log.  None of it may come
from a sentence the catalog lacks, and none may hold common English words."""

import random

import pygame
import pytest
from language_check import english_words, speaking

from game.config import Config
from game.engine import GAMES
from game.engine.colorado import Bid, GiveCowboy, PlaceFlag, SaleBid, TakeCard
from game.i18n import _
from game.scenes import table as table_mod
from game.scenes.colorado.results import result_columns
from game.scenes.services import Services
from game.seats import parse_players
from game.settings import Settings
from game.ui import theme

# French writes these words as English does (the glossary's "cube")
SAME_IN = {"fr": {"cube", "cubes"}}
FRAMES = 60_000  # a whole game at the tests' animation speed takes far fewer


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


class Reader:
    """Everything a player of the table may read, gathered as the game goes."""

    def __init__(self, scene):
        self.scene = scene
        self.texts: list[tuple[str, str]] = []  # (where, text)
        self.phases: set[str] = set()

    def add(self, where: str, text) -> None:
        if text:
            self.texts.append((where, str(text)))

    def now(self, where: str) -> None:
        """The prompt, buttons, tips, the panels and whatever the table draws now."""
        s = self.scene
        self.phases.add(s.state.phase)
        self.add(f"{where}: prompt", s.prompt_line())
        for label, action, enabled, _primary in s.buttons():
            self.add(f"{where}: button", label)
            if not enabled or action is None:
                self.add(f"{where}: disabled", s.disabled_reason(label))
        for tip in s.tips():
            self.add(f"{where}: tip {tip.key}", tip.text)
        current = s.current_tip()
        if current and current[0] is not None:
            self.add(f"{where}: placement tip", current[0].text)
        self.add(f"{where}: hand-off", s.handoff_message)
        self.drawn(where)

    def drawn(self, where: str) -> None:
        s = self.scene
        seen: list[str] = []
        s.draw(Canvas(seen))
        for text in seen + [t for q in range(s.n) for t in s.panel_model(q).texts()]:
            self.add(f"{where}: drawn", text)

    def refusal(self, where: str) -> None:
        """The message a refused click left in the prompt, then the prompt again."""
        self.add(where, self.scene.prompt())
        self.scene.message, self.scene.message_error = "", False

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
            self.add(f"{where}: cell tip", s.cell_tip(cell)[0])

    def log(self) -> None:
        for entry in self.scene.log.entries:
            self.add("log", entry.text)


def decide(scene, rng: random.Random, reader: Reader, refused: set[str]) -> None:
    """The human's move, made through the table as a player would, reading it at each step."""
    st = scene.state
    p = scene.acting
    phase = st.phase
    reader.now(phase)
    reader.cells(phase)
    if phase == "flags":
        flags = scene.my_flags()
        if "flags" not in refused:  # a refused cell: the rules say why
            refused.add("flags")
            bad = next(((x, y) for y in range(10) for x in range(12)
                        if (x, y) not in scene.choice.flag_cells()), None)
            if bad is not None:
                scene.click_cell(bad)
                reader.refusal("refused flag")
        action = rng.choice(st.legal_actions(p))
        assert isinstance(action, PlaceFlag)
        scene.activate(f"flag{flags.index(action.colour)}")
        reader.now("flag chosen")
        scene.click_cell(action.cell)
    elif phase == "offer":
        own = scene.choice.own_cells()
        if own:
            scene.click_cell(rng.choice(own))
            reader.now("offer chosen")
        if "offer" not in refused:  # someone else's or an empty cell
            refused.add("offer")
            scene.click_cell(next((x, y) for y in range(10) for x in range(12)
                                  if (x, y) not in own))
            reader.refusal("refused sale")
        scene.press_button(len(scene.buttons()) - 1 if rng.random() < 0.6 else 0)
    elif phase == "interest":
        scene.click_cell((0, 0))
        reader.refusal("interest click")
        scene.press_button(rng.randrange(2))
    elif phase in ("give", "auction", "bid"):
        if phase != "bid":  # nothing picked yet: the disabled button says why
            scene.press_button(0)
            reader.refusal("nothing picked")
        mine = scene.strip_cowboys()
        k = min(len(mine), 1 if phase == "give" else rng.choice([1, 2, 5, 9] if phase == "bid"
                                                                   else [1, 2]))
        for c in rng.sample(mine, k):
            scene.toggle_token(c)
            reader.now(f"{phase} picked")
        scene.click_cell((5, 5))
        reader.refusal("cell while bidding")
        before = len(st.history)
        scene.press_button(0)
        if len(scene.state.history) == before:  # the button's move was refused: a legal one
            cowboys = tuple(sorted(scene.choice.sel_tokens))
            action = {"give": GiveCowboy(mine[0]) if mine else None, "auction": SaleBid(cowboys),
                      "bid": Bid(cowboys)}[phase]
            scene._try(action if action is not None else rng.choice(st.legal_actions(p)))
    elif phase == "take":
        scene.click_cell((0, 0))  # no card chosen yet
        reader.refusal("take click")
        action = rng.choice(st.legal_actions(p))
        assert isinstance(action, TakeCard)
        scene.choose_card(action.card_id)
        reader.now("card chosen")
        scene.rotate(1)
        reader.refusal("turned before a flag")
        if action.flag_cell is not None:
            scene.click_cell(action.flag_cell)
            for r in range(4):
                reader.now(f"card laid, turn {r}")
                scene.rotate(1)
                reader.refusal("turned")
        scene._try(action)
    else:
        scene._try(rng.choice(st.legal_actions(p)))


def play(code: str, seed: int) -> tuple[Reader, set[str]]:
    svc = Services.standalone(Config(), Settings(ui_scale=1.0))
    svc.settings.animation_speed = 60.0  # beyond the menu's range: tests only
    with speaking(code) as missing:
        seats = parse_players("human,bot:easy,bot:normal", GAMES["colorado"])
        scene = table_mod.open_table(svc, "colorado", seats, seed)
        svc.stack.reset(scene)
        svc.stack.apply_pending()
        rng = random.Random(seed)
        reader = Reader(scene)
        refused: set[str] = set()
        shown_bids = shown_scores = last_prompt = None
        for _frame in range(FRAMES):
            if scene.state.is_over() and not scene.timeline.busy and not scene.score_show:
                break
            if scene.bid_show and scene.bid_show is not shown_bids and scene.bid_show["t"] > 1:
                shown_bids = scene.bid_show
                reader.drawn("bids revealed")
            if scene.score_show and scene.score_show.get("final") and \
                    scene.score_show is not shown_scores:
                shown_scores = scene.score_show
                reader.drawn("round scoring")
            if scene.scores_held:
                scene.close_scores()
            waiting = scene.prompt_line()
            if waiting != last_prompt:  # whom the table waits for, what it shows meanwhile
                last_prompt = waiting
                reader.add("waiting", waiting)
            if scene.human_can_act and scene.prompt() and not svc.stack.pending and \
                    not scene.timeline.busy:
                decide(scene, rng, reader, refused)
            svc.stack.update(1 / 60)
            svc.stack.apply_pending()
        assert scene.state.is_over(), "the game did not end"
        reader.now("game over")
        reader.log()
        for column in result_columns(scene.state):
            reader.add("results column", _(column))
    return reader, missing


@pytest.mark.parametrize("code", ["it", "es", "fr"])
def test_a_whole_game_speaks_the_language(display, code):
    reader, missing = play(code, seed=11)
    assert {"flags", "offer", "bid", "take"} <= reader.phases, reader.phases
    assert len(reader.texts) > 200
    assert not missing, f"{len(missing)} sentences without a translation:\n" + \
        "\n".join(sorted(missing)[:40])
    allowed = SAME_IN.get(code, set())
    english = [(where, text) for where, text in reader.texts
               if set(english_words(text)) - allowed]
    assert not english, "English on the table:\n" + "\n".join(
        f"{where}: {text!r}" for where, text in english[:30])


def test_the_check_would_see_english(display):
    """The same game in English: the reader finds English words (the check can fail)."""
    reader, _missing = play("en", seed=11)
    assert sum(1 for _w, text in reader.texts if english_words(text)) > 50
