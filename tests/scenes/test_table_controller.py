"""The shared table's controller parts that need no display: the turn loop with several
players acting at once (fake bots, a fake secret-bid game), who sees what at a shared screen,
why an undo is refused, and the hooks every game's table provides."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

import pytest

from game.engine.events import Event
from game.registry import GAMES
from game.scenes.table.bots import BotDriver
from game.scenes.table.controls import Controls, missing_controls
from game.scenes.table.parts import REQUIRED_PARTS, GameParts, missing_parts
from game.scenes.table.privacy import Privacy
from game.scenes.table.turns import TurnLoop
from game.scenes.table.undo import undo_reason
from game.session import LocalSession
from game.ui.table_common import LOOK_TIME, PRIVACY_IDLE


# --- fakes -------------------------------------------------------------------------------------
class BidGame:
    """Every seat bids at once (secret bids), then seat 0 takes a card; then it is over."""

    phase = "bid"

    def __init__(self, n: int) -> None:
        self.n = n
        self.bids: dict[int, str] = {}
        self.history: list[tuple[int, str]] = []
        self.taken = False
        self.floor = 0

    def to_act(self) -> list[int]:
        if self.phase == "bid":
            return [p for p in range(self.n) if p not in self.bids]
        return [] if self.taken else [0]

    def is_simultaneous(self) -> bool:
        return len(self.to_act()) > 1

    def is_over(self) -> bool:
        return self.taken

    def legal_actions(self, p: int) -> list[str]:
        return [f"bid{p}-a", f"bid{p}-b"] if self.phase == "bid" else ["take"]

    def view(self, p: int) -> dict:
        return {"viewer": p}

    def apply(self, action: str, p: int) -> None:
        assert p in self.to_act() and action in self.legal_actions(p), (action, p)
        self.history.append((p, action))
        if self.phase == "bid":
            self.bids[p] = action
            if len(self.bids) == self.n:
                self.phase = "take"
        else:
            self.taken = True

    def is_undoable(self, i: int) -> bool:
        return self.floor <= i < len(self.history)


class SyncRunner:
    """A BotRunner whose bots answer at once (on the next poll)."""

    def __init__(self) -> None:
        self.future = None
        self.started: list[int] = []
        self.cancelled = 0

    @property
    def busy(self) -> bool:
        return self.future is not None

    def start(self, seat, bot, view, legal) -> None:
        assert self.future is None, "a decision is already running"
        self.started.append(seat)
        self.future = (bot, view, legal)

    def result(self):
        bot, view, legal = self.future
        self.future = None
        return bot(view, legal)

    def cancel(self) -> None:
        self.future = None
        self.cancelled += 1

    def close(self) -> None:
        self.cancel()


@dataclass
class FakeSeat:
    is_bot: bool


@dataclass
class FakeTimeline:
    busy: bool = False


@dataclass
class FakeParts:
    """The game's parts the turn loop asks (``parts.GameParts``)."""

    table: FakeTable
    bot_pace: float = 0.75
    bid_pace: float | None = 0.35

    def end_waits(self) -> bool:
        return False

    def handoff_waits(self) -> bool:
        return False

    def turn_key(self, p: int):
        """A secret-bid step is one turn; afterwards each action is."""
        state = self.table.state
        if self.table.simultaneous():
            return state.phase
        return (state.phase, len(state.history))

    def focus_default(self) -> None:
        self.table.log.append(("focus", self.table.viewer))

    def bot_action_legal(self, action, p: int) -> bool:
        return action in self.table.state.legal_actions(p)


@dataclass
class FakeSeatChange:
    """The hand-off of a hot-seat table (``seat_change.SeatChange``)."""

    table: FakeTable

    def check(self) -> None:
        pass

    def looking(self) -> bool:
        return False

    def hand_off(self, p: int) -> None:
        self.table.revealed, self.table.privacy.handoff_open = None, True
        self.table.log.append(("hand_off", p))


@dataclass
class FakePrivacy:
    handoff_open: bool = False


@dataclass
class FakeCoach:
    reading: bool = True  # a lesson's reading step is up: the bots hold their moves


@dataclass
class FakeHold:
    waits: bool = False


@dataclass
class FakeTable:
    """The part of a table the turn loop works with (``table.Table``)."""

    state: BidGame
    seats: list[FakeSeat]
    timeline: FakeTimeline = field(default_factory=FakeTimeline)
    passive: bool = False
    results_shown: bool = False
    revealed: int | None = None
    privacy: FakePrivacy = field(default_factory=FakePrivacy)
    final_hold: FakeHold = field(default_factory=FakeHold)
    coach: FakeCoach | None = None
    hide_after_secret: bool = True
    log: list = field(default_factory=list)

    def __post_init__(self) -> None:
        self.game = FakeParts(self)
        self.controls = self.game  # the fake parts put the focus too
        self.seat_change = FakeSeatChange(self)

    @property
    def session(self) -> BidGame:
        return self.state  # the fake game answers what the turn loop asks a session

    @property
    def humans(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if not s.is_bot]

    @property
    def viewer(self) -> int | None:
        return self.humans[0] if len(self.humans) == 1 else self.revealed

    def simultaneous(self) -> bool:
        return self.state.phase == "bid"

    def game_over(self) -> None:
        self.log.append(("over",))

    def play(self, action, p: int) -> None:
        self.state.apply(action, p)
        self.log.append(("apply", p, action))
        if self.hide_after_secret and not self.seats[p].is_bot and len(self.humans) > 1:
            self.revealed = None  # the next secret bid is someone else's


def make(seats: str, bots=None, runner=None) -> tuple[FakeTable, TurnLoop, SyncRunner]:
    """``seats``: "h" human, "b" bot per seat; every bot bids its second legal action."""
    table = FakeTable(BidGame(len(seats)), [FakeSeat(c == "b") for c in seats])
    runner = runner or SyncRunner()
    bots = bots or {p: (lambda view, legal: legal[1]) for p, c in enumerate(seats) if c == "b"}
    loop = TurnLoop(table, BotDriver(bots, runner))
    return table, loop, runner


def frames(loop: TurnLoop, n: int, adt: float = 0.1) -> None:
    for _ in range(n):
        loop.drive(adt)


def applied(table: FakeTable) -> list[tuple]:
    return [e for e in table.log if e[0] == "apply"]


# --- the turn loop -----------------------------------------------------------------------------
def test_bots_bidding_at_once_play_one_after_another_at_the_bid_pace():
    table, loop, runner = make("hbb")
    frames(loop, 3)  # 0.3 s: the first bot's bid is due after the bid pace, not before
    assert applied(table) == []
    frames(loop, 1)
    assert applied(table) == [("apply", 1, "bid1-b")]
    frames(loop, 4)
    assert applied(table) == [("apply", 1, "bid1-b"), ("apply", 2, "bid2-b")]
    assert runner.started == [1, 2]
    # the one human was given the focus once for this step, and is still to bid
    assert [e for e in table.log if e[0] == "focus"] == [("focus", 0)]
    assert table.state.to_act() == [0]


def test_bots_wait_while_the_table_catches_up():
    table, loop, _ = make("hbb")
    table.timeline.busy = True
    frames(loop, 20)
    assert applied(table) == []
    assert [e for e in table.log if e[0] == "focus"] == []  # nor does the human get the focus
    table.timeline.busy = False
    frames(loop, 4)
    assert applied(table) == [("apply", 1, "bid1-b")]


def test_bots_hold_their_moves_while_the_table_says_so_and_the_human_still_acts():
    table, loop, _ = make("hbb")
    table.coach = FakeCoach()  # a lesson's reading step
    frames(loop, 60)
    assert applied(table) == []
    assert ("focus", 0) in table.log  # the human's turn still begins
    table.coach = None
    frames(loop, 4)
    assert applied(table) == [("apply", 1, "bid1-b")]


def test_one_seat_at_a_time_uses_the_bot_pace():
    table, loop, _ = make("hbb")
    table.state.phase = "take"
    table.seats[0].is_bot = True
    loop.driver.bots[0] = lambda view, legal: legal[0]
    frames(loop, 7)
    assert applied(table) == []  # 0.7 s < bot_pace
    frames(loop, 1)
    assert applied(table) == [("apply", 0, "take")]


def test_hot_seat_hands_the_screen_to_each_bidder_in_turn_while_a_bot_bids():
    table, loop, _ = make("hhb")
    frames(loop, 1)
    assert ("hand_off", 0) in table.log
    frames(loop, 10)  # nobody took the screen yet: no second hand-off; the bot bids meanwhile
    assert [e for e in table.log if e[0] == "hand_off"] == [("hand_off", 0)]
    assert applied(table) == [("apply", 2, "bid2-b")]
    table.privacy.handoff_open, table.revealed = False, 0  # seat 0 took the screen
    frames(loop, 1)
    assert table.log[-1] == ("focus", 0)
    table.play("bid0-a", 0)  # seat 0's secret bid hides the screen again
    frames(loop, 1)
    assert [e for e in table.log if e[0] == "hand_off"] == [("hand_off", 0), ("hand_off", 1)]


def test_hand_off_waits_when_the_table_says_so():
    table, loop, _ = make("hhb")
    table.game.handoff_waits = lambda: True
    frames(loop, 5)
    assert not [e for e in table.log if e[0] == "hand_off"]


def test_only_bots_acting_hide_the_last_humans_things():
    table, loop, _ = make("hhb")
    table.state.bids = {0: "bid0-a", 1: "bid1-a"}
    table.revealed = 1
    frames(loop, 1)
    assert table.revealed is None


def test_a_bot_that_no_longer_acts_is_forgotten():
    table, loop, runner = make("hbb")
    runner.result = lambda: None  # the bot keeps thinking
    frames(loop, 2)
    assert loop.driver.seat == 1 and runner.busy
    table.state.bids[1] = "bid1-a"  # its bid came in another way (an undo, a replay)
    runner.result = SyncRunner.result.__get__(runner)
    frames(loop, 1)
    assert runner.cancelled == 1
    assert runner.started == [1, 2]


def test_a_failing_or_cheating_bot_plays_its_first_legal_move():
    def fails(view, legal):
        raise RuntimeError("broken bot")

    table, loop, _ = make("hbb", bots={1: fails, 2: lambda view, legal: "steal"})
    frames(loop, 8)
    assert applied(table) == [("apply", 1, "bid1-a"), ("apply", 2, "bid2-a")]


def test_the_end_shows_once_the_table_caught_up_and_nothing_holds_it():
    table, loop, _ = make("h")
    table.state.phase, table.state.taken = "take", True
    table.timeline.busy = True
    frames(loop, 2)
    assert ("over",) not in table.log
    table.timeline.busy = False
    table.game.end_waits = lambda: True
    frames(loop, 2)
    assert ("over",) not in table.log
    table.game.end_waits = lambda: False
    frames(loop, 3)
    assert table.log.count(("over",)) == 1


def test_a_passive_table_drives_nobody():
    table, loop, runner = make("hbb")
    table.passive = True
    frames(loop, 10)
    assert table.log == [] and runner.started == []


# --- who sees what -----------------------------------------------------------------------------
def ev(kind: str, private_to: int | None) -> Event:
    return Event(kind, "x", private_to=private_to)


def test_viewer_is_the_one_human_or_the_one_past_the_hand_off():
    assert Privacy([2]).viewer(passive=False) == 2
    assert Privacy([2]).viewer(passive=True) is None
    assert Privacy([]).viewer(passive=False) is None
    hot = Privacy([0, 2])
    assert hot.viewer(passive=False) is None
    hot.handed_over(2)
    assert hot.viewer(passive=False) == 2 and not hot.handoff_open


def test_a_hot_seat_human_looks_at_what_they_drew_before_the_table_passes_on():
    hot = Privacy([0, 1])
    hot.note_revealed([ev("drew", 0)], 0, frozenset({"drew"}))
    assert (hot.look_for, hot.look_left) == (0, LOOK_TIME)
    hot.tick(LOOK_TIME, settled=False)  # the look's time runs only once the table caught up
    assert hot.looking(0)
    hot.tick(LOOK_TIME / 2, settled=True)
    assert hot.looking(0)
    hot.tick(LOOK_TIME / 2, settled=True)
    assert not hot.looking(0)


def test_a_look_ends_when_someone_else_looks_at_the_screen():
    hot = Privacy([0, 1])
    hot.note_revealed([ev("drew", 0)], 0, frozenset({"drew"}))
    assert not hot.looking(None)
    assert not hot.looking(0)


@pytest.mark.parametrize("humans, events, kinds, looks", [
    ([0, 1], [ev("drew", 0)], {"drew"}, True),
    ([0, 1], [ev("drew", None)], {"drew"}, False),   # public: nothing to hide
    ([0, 1], [ev("other", 0)], {"drew"}, False),     # not something new
    ([0], [ev("drew", 0)], {"drew"}, False),         # one human: no hand-off to wait for
])
def test_who_gets_a_look(humans, events, kinds, looks):
    hot = Privacy(humans)
    hot.note_revealed(events, 0, frozenset(kinds))
    assert hot.looking(0) is looks


def test_private_things_hide_after_a_minute_without_input():
    hot = Privacy([0, 1])
    assert hot.to_cover(PRIVACY_IDLE + 1, over=False) is None  # nobody's things show
    hot.handed_over(1)
    assert hot.to_cover(PRIVACY_IDLE - 1, over=False) is None
    assert hot.to_cover(PRIVACY_IDLE, over=False) == 1
    assert hot.to_cover(PRIVACY_IDLE, over=True) is None
    hot.begin_hand_off()
    assert hot.to_cover(PRIVACY_IDLE, over=False) is None and hot.handoffs == 1
    assert Privacy([1]).to_cover(10 * PRIVACY_IDLE, over=False) is None


# --- undo ---------------------------------------------------------------------------------------
def test_undo_reasons():
    seats = [FakeSeat(False), FakeSeat(True), FakeSeat(False)]
    game = BidGame(3)
    game.phase = "take"
    game.bids = {0: "bid0-a", 1: "bid1-a", 2: "bid2-a"}
    assert undo_reason(LocalSession(game), 0, seats, False, False) == "Nothing of yours to take back this turn."
    game.history = [(1, "bid1-a"), (0, "bid0-a")]
    assert undo_reason(LocalSession(game), 0, seats, False, False) is None
    assert undo_reason(LocalSession(game), 0, seats, True, False) == "Nothing to take back."
    assert undo_reason(LocalSession(game), None, seats, False, False) == "Nothing to take back."
    assert undo_reason(LocalSession(game), 1, seats, False, False) == "Nothing to take back."
    assert undo_reason(LocalSession(game), 0, seats, False, True) == "Wait for the table to catch up."
    assert undo_reason(LocalSession(game), 2, seats, False, False) == "Nothing of yours to take back this turn."
    game.floor = 2
    assert undo_reason(LocalSession(game), 0, seats, False, False) == \
        "That can no longer be taken back: something was revealed or drawn since."


# --- the parts a game gives its table --------------------------------------------------------
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_gives_its_table_the_parts_it_must(game_id):
    parts = GAMES[game_id].table_parts()
    assert issubclass(parts, GameParts) and missing_parts(parts) == []


def test_missing_parts_names_what_a_game_lacks():
    class Half(GameParts):
        def prompt(self) -> str:
            return ""

    missing = missing_parts(Half)
    assert {"layout_type", "draw", "show_results"} <= set(missing)
    assert set(missing) <= set(REQUIRED_PARTS)


def test_every_game_s_controls_say_what_a_click_means():
    for game_id in sorted(GAMES):
        parts = GAMES[game_id].table_parts()
        module = importlib.import_module(parts.__module__.rsplit(".", 1)[0] + ".controls")
        [controls] = [c for c in vars(module).values()
                      if isinstance(c, type) and issubclass(c, Controls) and c is not Controls]
        assert missing_controls(controls) == [], game_id


def test_missing_controls_names_what_a_game_lacks():
    class Half(Controls):
        def prompt(self) -> str:
            return ""

    assert missing_controls(Half) == ["try_action"]
