"""A seeded random Colorado County game played at the table (headless) as its human would:
every decision - flags, the market, the bids, the land auction, the card, its turns and
cubes - goes through the table's own clicks and buttons, with refused clicks on the way.  A
``Watcher`` is shown each step (the language and fitting tests read or measure the screen)."""

import random

from game import i18n
from game.config import Config
from game.games.colorado.engine import Bid, GiveCowboy, PlaceFlag, SaleBid, TakeCard
from game.registry import GAMES
from game.scenes import table as table_mod
from game.scenes.services import Services
from game.scenes.table import screen as table_screen
from game.seats import parse_players
from game.settings import Settings

FRAMES = 60_000  # a whole game at the tests' animation speed takes far fewer


class Watcher:
    """What a test does at each step of the game (here: nothing)."""

    def __init__(self, scene):
        self.scene = scene
        self.phases: set[str] = set()

    def decision(self, where: str) -> None:
        """The human may act (or has half-made a move): the whole table as it stands."""
        self.phases.add(self.scene.session.state.phase)

    def refused(self, where: str) -> None:
        """A click was refused: its message stands in the prompt (cleared afterwards)."""

    def overlay(self, where: str) -> None:
        """The bids revealed, or the round scoring, are up."""

    def waiting(self, prompt: str) -> None:
        """A new prompt while the human waits."""

    def refusal(self, where: str) -> None:
        self.refused(where)
        self.scene.message, self.scene.message_error = "", False


def open_colorado(scale: float, seed: int, players: str = "human,bot:easy,bot:normal"):
    """A table of ``players`` at Text size ``scale``, in the language spoken now."""
    svc = Services.standalone(Config(), Settings(ui_scale=scale, language=i18n.language()))
    svc.settings.animation_speed = 60.0  # beyond the menu's range: tests only
    seats = parse_players(players, GAMES["colorado"])
    scene = table_mod.open_table(svc, "colorado", seats, seed)
    svc.stack.reset(scene)
    svc.stack.apply_pending()
    return svc, scene


def decide(scene, rng: random.Random, w: Watcher, refused: set[str]) -> None:
    """The human's move, made through the table as a player would, watched at each step."""
    st = scene.session.state
    p = scene.chooser
    phase = st.phase
    w.decision(phase)
    if phase == "flags":
        flags = scene.controls.my_flags()
        if "flags" not in refused:  # a refused cell: the rules say why
            refused.add("flags")
            bad = next(((x, y) for y in range(10) for x in range(12)
                        if (x, y) not in scene.controls.choice.flag_cells()), None)
            if bad is not None:
                scene.controls.click_cell(bad)
                w.refusal("refused flag")
        action = rng.choice(st.legal_actions(p))
        assert isinstance(action, PlaceFlag)
        scene.controls.activate(f"flag{flags.index(action.colour)}")
        w.decision("flag chosen")
        scene.controls.click_cell(action.cell)
    elif phase == "offer":
        own = scene.controls.choice.own_cells()
        if own:
            scene.controls.click_cell(rng.choice(own))
            w.decision("offer chosen")
        if "offer" not in refused:  # someone else's or an empty cell
            refused.add("offer")
            scene.controls.click_cell(next((x, y) for y in range(10) for x in range(12)
                                  if (x, y) not in own))
            w.refusal("refused sale")
        scene.input.press_button(len(scene.controls.buttons()) - 1 if rng.random() < 0.6 else 0)
    elif phase == "interest":
        scene.controls.click_cell((0, 0))
        w.refusal("interest click")
        scene.input.press_button(rng.randrange(2))
    elif phase in ("give", "auction", "bid"):
        if phase != "bid":  # nothing picked yet: the disabled button says why
            scene.input.press_button(0)
            w.refusal("nothing picked")
        mine = scene.controls.strip_cowboys()
        k = min(len(mine), 1 if phase == "give" else rng.choice([1, 2, 5, 9] if phase == "bid"
                                                                   else [1, 2]))
        for c in rng.sample(mine, k):
            scene.controls.toggle_token(c)
            w.decision(f"{phase} picked")
        scene.controls.click_cell((5, 5))
        w.refusal("cell while bidding")
        before = len(st.history)
        scene.input.press_button(0)
        if len(scene.session.state.history) == before:  # the button's move was refused: a legal one
            cowboys = tuple(sorted(scene.controls.choice.sel_tokens))
            action = {"give": GiveCowboy(mine[0]) if mine else None, "auction": SaleBid(cowboys),
                      "bid": Bid(cowboys)}[phase]
            scene.controls.try_action(action if action is not None else rng.choice(st.legal_actions(p)))
    elif phase == "take":
        scene.controls.click_cell((0, 0))  # no card chosen yet
        w.refusal("take click")
        action = rng.choice(st.legal_actions(p))
        assert isinstance(action, TakeCard)
        scene.controls.choose_card(action.card_id)
        w.decision("card chosen")
        scene.controls.rotate(1)
        w.refusal("turned before a flag")
        if action.flag_cell is not None:
            scene.controls.click_cell(action.flag_cell)
            for r in range(4):
                w.decision(f"card laid, turn {r}")
                scene.controls.rotate(1)
                w.refusal("turned")
        scene.controls.try_action(action)
    else:
        scene.controls.try_action(rng.choice(st.legal_actions(p)))


def play_through(svc, scene, seed: int, watcher: Watcher) -> None:
    """Play the game at ``scene`` to its end (the human's moves random from ``seed``)."""
    rng = random.Random(seed)
    refused: set[str] = set()
    shown_bids = shown_scores = last_prompt = None
    for _frame in range(FRAMES):
        if scene.session.state.is_over() and not scene.timeline.busy and not scene.game.score_show:
            break
        if scene.game.bid_show and scene.game.bid_show is not shown_bids and scene.game.bid_show["t"] > 1:
            shown_bids = scene.game.bid_show
            watcher.overlay("bids revealed")
        if scene.game.score_show and scene.game.score_show.get("final") and \
                scene.game.score_show is not shown_scores:
            shown_scores = scene.game.score_show
            watcher.overlay("round scoring")
        if scene.game.scores_held:
            scene.game.close_scores()
        prompt = table_screen.prompt_line(scene)
        if prompt != last_prompt:  # whom the table waits for, what it shows meanwhile
            last_prompt = prompt
            watcher.waiting(prompt)
        if scene.human_can_act and scene.controls.prompt() and not svc.stack.pending and \
                not scene.timeline.busy:
            decide(scene, rng, watcher, refused)
        svc.stack.update(1 / 60)
        svc.stack.apply_pending()
    assert scene.session.state.is_over(), "the game did not end"
