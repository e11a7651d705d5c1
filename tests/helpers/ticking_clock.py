"""A clock for tests of time budgets: the test, not the machine's load, says how long each
step of the code under test takes."""


class TickingClock:
    """Each reading is ``tick`` seconds after the one before (a search reads its clock once
    an iteration).  Past ``readings`` readings it fails the test, so code that ignores its
    deadline fails rather than runs for ever."""

    def __init__(self, tick: float, readings: int = 100_000) -> None:
        self.tick = tick
        self.readings = readings
        self.reads = 0
        self.now = 0.0

    def __call__(self) -> float:
        self.reads += 1
        assert self.reads <= self.readings, "the clock was read for ever: no deadline kept"
        self.now += self.tick
        return self.now
