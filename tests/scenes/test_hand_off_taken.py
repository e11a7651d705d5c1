"""Hot-seat hand-offs over whole games of all three games: every change of the human seat
looking at the table comes through a hand-off screen that the next player took, even when
the player whose turn just ended goes on clicking at the table (as one does when the game
carried out their last card by itself), so nothing private of the next seat is drawn while
the last one still looks."""

import random

import pytest
from game_hooks import games_with, hooks
from table_plans import choose, table_class

from game.scenes.handoff import Handoff

pytestmark = pytest.mark.usefixtures("no_flip")

# the games the tests can play by input, at the seats their hooks give this test
TABLES = sorted(set(games_with("table_plan")) & set(games_with("hand_off_seats")))
ASIDE = (4, 4)  # a corner of the screen with nothing on it: the last player's clicks


class HotSeat:
    """Watches, frame by frame, who looks at the table and who gave the last input."""

    def __init__(self, t, rng: random.Random):
        self.t, self.s, self.rng = t, t.scene, rng
        self.looking = self.s.viewer
        self.clicker = "nobody"  # whose input came last: "last" player or "next" player
        self.switches: list[tuple[int | None, int, str, bool]] = []
        self.covered = False  # a hand-off screen was up since the last change of viewer

    def frame(self) -> None:
        self.t.step()
        s = self.s
        if isinstance(self.t.top, Handoff):
            self.covered = True
        if s.viewer != self.looking and s.viewer is not None:
            if self.looking is not None or self.switches:
                self.switches.append((self.looking, s.viewer, self.clicker, self.covered))
            self.covered = False
        if s.viewer is not None:
            self.looking = s.viewer

    def click(self, pos, who: str) -> None:
        self.clicker = who
        self.t.click(pos, frames=0)
        self.frame()

    def after_move(self) -> None:
        """The player who just moved goes on clicking aside for a while (a click every
        few frames), until they notice the screen changed; the next player then takes any
        hand-off screen a moment later with a click."""
        s = self.s
        clicking = self.rng.randrange(30, 150)  # frames the last player goes on clicking
        every = self.rng.randrange(3, 13)
        for k in range(20000):
            if s.session.state.is_over() or (s.human_can_act and self.t.top is s and k > clicking):
                return
            if k < clicking and k % every == 0:
                self.click(ASIDE, "last")
            elif isinstance(self.t.top, Handoff) and k > clicking + 30:
                self.click((960, 540), "next")
            elif getattr(getattr(s, "game", None), "scores_held", False) and self.t.top is s and k > clicking:
                self.t.game.close_scores()
            else:
                self.frame()
        raise AssertionError("no human turn came")


@pytest.mark.parametrize("game_id", TABLES)
def test_each_change_of_human_seat_is_a_hand_off_the_next_player_took(game_id, make_table):
    t = make_table(table_class(game_id), hooks(game_id).hand_off_seats, seed=137553021)
    s = t.scene
    watch = HotSeat(t, random.Random(7))
    rng = random.Random(5)
    seen: set = set()
    watch.after_move()
    for _ in range(1500):
        if s.session.state.is_over():
            break
        action = choose(rng, s.session.state.legal_actions(s.chooser), seen)
        seen.add(type(action))
        t.play(action)
        watch.after_move()
    else:
        raise AssertionError("the game did not end")
    changes = [w for w in watch.switches if w[0] != w[1]]
    assert len(changes) > 10
    for before, after, clicker, covered in changes:
        assert covered, f"{after} saw the table right after {before}, with no hand-off"
        assert clicker == "next", f"{before}'s clicks handed the table to {after}"
