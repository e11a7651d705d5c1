"""Online tables on a real server driven through the app's scene stack, headless.

``create(url, game_id, seats)`` makes a table on the server (``seats``: the protocol's seat
specs) and returns its code and the host seats' tokens; ``Screen`` opens it with
``open_online_table`` and steps the app's frames: the humans this client holds choose random
legal moves through the table's controls, the hand-off screen is passed, and while the table
waits for the server the loop waits for what arrives (bounded, woken by the connection)."""

from __future__ import annotations

import random
import threading
from typing import Any

from net_tables import WAIT

from game.config import Config
from game.net.client import Connection
from game.scenes import online_table
from game.scenes.handoff import Handoff
from game.scenes.results import ResultsScene
from game.scenes.services import Services
from game.settings import Settings

DT = 1 / 60


def create(url: str, game_id: str, seats: list[dict[str, Any]], **options: Any
           ) -> tuple[str, dict[int, str]]:
    """A new table; its code and the tokens of its ``host`` seats (nobody sits there yet)."""
    wake = threading.Event()
    conn = Connection(url, name="creator", on_message=wake.set)
    conn.send({"type": "create", "game": game_id, "players": len(seats), "seats": seats,
               "takeover_after": None, **options})
    try:
        for _ in range(1000):
            for m in conn.poll():
                assert m["type"] != "error", m
                if m["type"] == "created":
                    return m["table"], {s["seat"]: s["token"] for s in m["seats"]}
            assert wake.wait(WAIT), "the server did not create the table"
            wake.clear()
        raise AssertionError("no table")
    finally:
        conn.close()


class Screen:
    """One client's app, headless, with an online table opened on it."""

    def __init__(self, monkeypatch, url: str, code: str, seats: dict[int, str] | None,
                 watch: bool = False, seed: int = 7, wake: threading.Event | None = None
                 ) -> None:
        """``wake``: set by this client's connection (and by others' a test waits on)."""
        self.wake = wake = wake if wake is not None else threading.Event()

        class Woken(Connection):
            def __init__(self, url: str) -> None:
                super().__init__(url, on_message=wake.set)

        monkeypatch.setattr(online_table, "Connection", Woken)
        self.svc = Services.standalone(Config(), Settings())
        self.svc.settings.animation_speed = 60.0
        online_table.open_online_table(self.svc, url, code, seats, watch)
        self.svc.stack.apply_pending()
        self.rng = random.Random(seed)
        self.hand_offs = 0

    @property
    def table(self) -> online_table.OnlineTable | None:
        return next((s for s in self.svc.stack.scenes
                     if isinstance(s, online_table.OnlineTable)), None)

    def frame(self, surface=None) -> Any:
        """One frame: the top scene acted on as a player would; returns the top scene."""
        stack = self.svc.stack
        top, table = stack.top, self.table
        if surface is not None:
            stack.draw(surface)
        if isinstance(top, Handoff) and top.ready:
            self.hand_offs += 1
            top.proceed()
        elif table is not None and top is table and table.human_can_act:
            p = table.chooser
            table.controls.try_action(self.rng.choice(table.session.legal_actions(p)))
        elif table is not None and top is table and getattr(table.game, "scores_held", False):
            table.game.close_scores()
        elif self.idle():
            if not self.wake.wait(WAIT):
                raise AssertionError(f"the server said nothing: {self.state()}")
            self.wake.clear()
        stack.update(DT)
        stack.apply_pending()
        return stack.top

    def state(self) -> str:
        t = self.table
        if t is None:
            return f"top {self.svc.stack.top}"
        r = t.remote
        return (f"top {type(self.svc.stack.top).__name__}, moves {r.moves}, to act "
                f"{r._turn['to_act']}, sent {r._sent}, {r.connection.status}, viewer "
                f"{t.viewer}, chooser {t.chooser}, busy {t.timeline.busy}")

    def idle(self) -> bool:
        """Nothing to do but wait for the server: no animation runs, nobody here acts (or
        may: an undo awaits its answer), and nothing received is left to read."""
        t = self.table
        if t is None:
            return isinstance(self.svc.stack.top, online_table.Joining)
        return (self.svc.stack.top is t and not t.timeline.busy and not t.sprites.busy
                and not t.remote.backlog and not t.session.is_over() and not t.human_can_act
                and (t.remote.undo_asked or not any(p in t.humans
                                                    for p in t.session.to_act()))
                and not t.privacy.handoff_open and not t.seat_change.looking()
                )

    def until(self, done, what: str, frames: int = 20000, surface=None) -> None:
        """Frames until ``done()``."""
        for _ in range(frames):
            if done():
                return
            self.frame(surface)
        raise AssertionError(f"never: {what}")

    def until_results(self, surface=None, frames: int = 100000, during=None) -> ResultsScene:
        for k in range(frames):
            top = self.frame(surface if k % 50 == 0 else None)
            if during is not None:
                during(self, k)
            if isinstance(top, ResultsScene):
                return top
        raise AssertionError("the game did not reach its results")

    def close(self) -> None:
        for scene in list(self.svc.stack.scenes):
            scene.on_exit()
