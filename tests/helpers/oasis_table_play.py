"""A seeded random game of Oasis at a headless table, the human seat played as a player
would: buttons, offers, cards and board cells, now and then a wrong cell, so that the
half-made moves (a tile waiting for its marker, a camel picked up, a bonus kind chosen) and
the refusals are met too.  ``decisions`` stops at each of the human's decisions."""

from __future__ import annotations

import random
from collections.abc import Iterator

from game.config import Config
from game.games.oasis.art.layout import COLS, ROWS
from game.registry import GAMES
from game.scenes import table as table_mod
from game.scenes.services import Services
from game.seats import parse_players
from game.settings import Settings

FRAMES = 40_000  # at most, for a whole game (the bots answer at once in tests)


def open_oasis(players: str, seed: int, language: str = "en", scale: float = 1.0):
    """(services, table) of a new game, in ``language`` at Text size ``scale``."""
    svc = Services.standalone(Config(), Settings(ui_scale=scale, language=language))
    svc.settings.animation_speed = 60.0  # beyond the menu's range: tests only
    scene = table_mod.open_table(svc, "oasis", parse_players(players, GAMES["oasis"]), seed)
    svc.stack.reset(scene)
    svc.stack.apply_pending()
    return svc, scene


def act(s, rng: random.Random) -> None:
    """One random move of the human, as clicks and button presses."""
    step = s.session.state.step()
    buttons = s.controls.buttons()
    enabled = [i for i, b in enumerate(buttons) if b[2]]
    targets = list(s.controls.cell_targets())
    if rng.random() < 0.08:  # a wrong click: the table (or the rules) say why
        if step in ("place_tiles", "place_camels", "bonus", "move_camels"):
            free = [(x, y) for x in range(COLS) for y in range(ROWS) if (x, y) not in targets]
            s.controls.click_cell(rng.choice(free))
        else:
            s.controls.click_elsewhere(s.layout.decks[(s.acting + 1) % s.n].center)
        return
    if s.controls.choice.pending_tile is not None:
        if targets and rng.random() < 0.7:
            s.controls.click_cell(rng.choice(targets))
        else:
            s.input.press_button(0)  # leave the new area uncontrolled
    elif step == "offer":
        s.input.press_button(rng.choice(enabled))
    elif step in ("choose", "pick_card"):
        keys = [k for k, _r in s.controls.targets() if k.startswith(("offer", "card"))]
        s.controls.activate(rng.choice(keys))
    elif step == "bonus" and (s.controls.choice.bonus_mode is None or not targets
                              or rng.random() < 0.2):
        s.input.press_button(rng.randrange(len(buttons)))  # a kind, or skip (or a greyed one)
    elif step == "move_camels" and (not targets or rng.random() < 0.15):
        s.input.press_button(0)  # ignore the rest
    elif targets:
        s.controls.click_cell(rng.choice(targets))
    else:
        s.input.press_button(rng.choice(enabled or [0]))


def decisions(svc, s, rng: random.Random) -> Iterator[int]:
    """Plays the game on; yields the count of decisions so far each time the human is to
    choose (the caller looks at the table, then the human acts), until the game is over and
    its final count has run."""
    k = 0
    for _frame in range(FRAMES):
        if s.results_shown or (s.session.state.is_over() and not s.timeline.busy):
            break
        if s.human_can_act and not svc.stack.pending and svc.stack.scenes[-1] is s:
            yield k
            k += 1
            act(s, rng)
        svc.stack.update(1 / 60)
        svc.stack.apply_pending()
    for _frame in range(3000):  # the final count, to its end
        if not s.timeline.busy:
            break
        svc.stack.update(1 / 60)
        svc.stack.apply_pending()
