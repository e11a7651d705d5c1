"""Scene stack semantics: deferred requests, hook order, draw order, intents to the top only."""

import pygame
import pytest

from game.config import Config
from game.scenes.base import Scene
from game.scenes.services import Services
from game.ui import intents as I


class Recorder(Scene):
    def __init__(self, services, name, log, *, opaque=True, dim=0, consume=True, colour=(0, 0, 0)):
        super().__init__(services)
        self.name, self.log = name, log
        self.opaque, self.dim, self.consume, self.colour = opaque, dim, consume, colour
        self.intents = []
        self.updates = 0
        self.on_handle = None

    def on_enter(self):
        self.log.append(f"{self.name}.enter")

    def on_exit(self):
        self.log.append(f"{self.name}.exit")

    def on_pause(self):
        self.log.append(f"{self.name}.pause")

    def on_resume(self):
        self.log.append(f"{self.name}.resume")

    def handle(self, intent):
        self.intents.append(intent)
        if self.on_handle:
            self.on_handle()
        return self.consume

    def update(self, dt):
        self.updates += 1

    def draw(self, surface):
        self.log.append(f"{self.name}.draw")
        if self.opaque:
            surface.fill(self.colour)
        else:
            surface.fill(self.colour, pygame.Rect(0, 0, 10, 10))


@pytest.fixture
def world():
    services = Services.standalone(Config())
    return services, services.stack, []


def make(world, name, **kw):
    services, _stack, log = world
    return Recorder(services, name, log, **kw)


def test_requests_wait_until_applied_between_frames(world):
    _, stack, log = world
    a = make(world, "a")
    stack.push(a)
    assert len(stack) == 0 and stack.top is None and stack.pending
    stack.apply_pending()
    assert stack.top is a and log == ["a.enter"]
    stack.pop()
    assert stack.top is a
    stack.apply_pending()
    assert not stack and log == ["a.enter", "a.exit"]


def test_hook_order_for_push_pop_replace_reset(world):
    _, stack, log = world
    a, b, c, d = (make(world, n) for n in "abcd")
    stack.push(a)
    stack.push(b)
    stack.apply_pending()
    assert log == ["a.enter", "a.pause", "b.enter"]
    log.clear()
    stack.replace(c)
    stack.apply_pending()
    assert log == ["b.exit", "c.enter"]
    assert stack.scenes == (a, c)
    log.clear()
    stack.pop()
    stack.apply_pending()
    assert log == ["c.exit", "a.resume"]
    log.clear()
    stack.push(b)
    stack.apply_pending()
    log.clear()
    stack.reset(c, d)
    stack.apply_pending()
    assert log == ["b.exit", "a.exit", "c.enter", "c.pause", "d.enter"]
    assert stack.scenes == (c, d)


def test_reset_to_builds_the_new_scenes_only_after_the_old_ones_left(world):
    _, stack, log = world
    a, b = make(world, "a"), make(world, "b")
    stack.push(a)
    stack.push(b)
    stack.apply_pending()
    log.clear()

    def build():
        log.append(f"build with {len(stack)} scenes left")
        return [make(world, "c"), make(world, "d")]

    stack.reset_to(build)
    assert log == []  # a request, applied between frames
    stack.apply_pending()
    assert log == ["b.exit", "a.exit", "build with 0 scenes left", "c.enter", "c.pause",
                   "d.enter"]
    assert [s.name for s in stack.scenes] == ["c", "d"]


def test_a_scene_changing_the_stack_mid_frame_is_deferred(world):
    _, stack, log = world
    a, b = make(world, "a"), make(world, "b")
    stack.push(a)
    stack.apply_pending()
    a.on_handle = lambda: (stack.push(b), stack.pop())
    stack.handle(I.simple(I.CONFIRM))
    assert stack.scenes == (a,)  # nothing changed while the intent was being handled
    stack.update(0.016)
    stack.draw(pygame.Surface((20, 20)))
    stack.apply_pending()  # push b, then pop b: back to a, hooks in that order
    assert stack.scenes == (a,)
    assert log[-4:] == ["a.pause", "b.enter", "b.exit", "a.resume"]


def test_remove_pops_only_if_still_on_top(world):
    _, stack, _log = world
    a, b = make(world, "a"), make(world, "b")
    stack.push(a)
    stack.push(b)
    stack.apply_pending()
    stack.remove(a)
    stack.apply_pending()
    assert stack.scenes == (a, b)
    stack.remove(b)
    stack.remove(b)  # twice (e.g. a double click): the second does nothing
    stack.apply_pending()
    assert stack.scenes == (a,)


def test_intents_go_to_the_top_scene_only(world):
    _, stack, _log = world
    a, b = make(world, "a"), make(world, "b", consume=False)
    stack.push(a)
    stack.push(b)
    stack.apply_pending()
    assert stack.handle(I.simple(I.BACK)) is False
    assert len(b.intents) == 1 and a.intents == []


def test_an_overlay_may_let_intents_fall_through(world):
    _, stack, _log = world
    a, b = make(world, "a"), make(world, "b", opaque=False, consume=False)
    b.passes_intents = True
    stack.push(a)
    stack.push(b)
    stack.apply_pending()
    assert stack.handle(I.simple(I.MENU)) is True
    assert len(a.intents) == 1 and len(b.intents) == 1


def test_update_reaches_the_top_and_scenes_that_ask(world):
    _, stack, _log = world
    a, b, c = make(world, "a"), make(world, "b"), make(world, "c", opaque=False)
    b.updates_when_covered = True
    for s in (a, b, c):
        stack.push(s)
    stack.apply_pending()
    stack.update(0.016)
    assert (a.updates, b.updates, c.updates) == (0, 1, 1)


def test_drawing_starts_at_the_topmost_opaque_scene(world):
    _, stack, log = world
    a = make(world, "a", colour=(200, 200, 200))
    b = make(world, "b", opaque=False, dim=128, colour=(255, 0, 0))
    c = make(world, "c", opaque=False, colour=(0, 255, 0))
    for s in (a, b, c):
        stack.push(s)
    stack.apply_pending()
    log.clear()
    surface = pygame.Surface((40, 40))
    stack.draw(surface)
    assert log == ["a.draw", "b.draw", "c.draw"]
    # b dimmed a's pixels before drawing itself; c has dim 0
    r, g, bl = surface.get_at((30, 30))[:3]
    assert 90 <= r <= 110 and r == g == bl
    assert tuple(surface.get_at((0, 0)))[:3] == (0, 255, 0)

    d = make(world, "d", colour=(1, 2, 3))
    stack.push(d)
    stack.apply_pending()
    log.clear()
    stack.draw(surface)
    assert log == ["d.draw"]
