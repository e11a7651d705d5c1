"""A controller types with the on-screen keyboard: A on a text field opens it, the d-pad
moves over its keys (off one edge, on at the other), A types, X is Shift, Y a space, B
erases (and closes it once the field is empty), Start or Done closes it.  Driven by posted
controller events: the Join screen's address ("127.0.0.1:7373") and an accented name; a
table code's field greys out what a code cannot hold; seat setup's names; the keyboard fits
the canvas at every text size in every language."""

from __future__ import annotations

import pygame
import pytest
from online_screens import pad_to  # also puts the scenes' test helpers on the path
from text_boxes import Recorder

from game.scenes.online.join import JoinScene
from game.scenes.pad_keyboard import ROWS, PadKeyboard
from game.scenes.seat_setup import SeatSetupScene
from game.ui import theme
from game.ui.rows import TextField


def pad_press(s, key: str) -> None:
    pad_to(s, key)
    wait_armed(s)
    s.button("a", frames=3)


def wait_armed(s) -> None:
    for _ in range(60):  # a key that just took the focus waits a moment, as a player reads
        if s.top.group.armed(s.top.group.focused, by_pointer=False):
            return
        s.step()


def key_of(ch: str) -> tuple[str, bool]:
    """The keyboard's key for ``ch`` and whether Shift is wanted."""
    if ch == " ":
        return "space", False
    if ch in "".join(ROWS):
        return f"key:{ch}", False
    assert ch.lower() in "".join(ROWS), ch
    return f"key:{ch.lower()}", True


def reach(s, key: str) -> int:
    """Move the keyboard's focus onto ``key`` with the d-pad; the presses it took."""
    board = s.top
    target = next(w for w in board.group.widgets if w.key == key)
    for n in range(40):
        cur = board.group.focused
        if cur is target:
            return n
        dx = target.rect.centerx - cur.rect.centerx  # along the row first, then down or up
        if abs(dx) > max(cur.rect.w, target.rect.w) // 2:
            s.direction(1 if dx > 0 else -1, 0)
        else:
            s.direction(0, 1 if target.rect.centery > cur.rect.centery else -1)
    raise AssertionError(f"the d-pad never reached {key!r}")


def pad_type(s, text: str) -> None:
    board = s.top
    assert isinstance(board, PadKeyboard)
    for ch in text:
        key, shift = key_of(ch)
        if shift:
            s.button("x")
        reach(s, key)
        wait_armed(s)
        s.button("a")


@pytest.fixture
def pad(screens):
    s = screens()
    s.via = "pad"
    return s


def open_on(s, key: str) -> PadKeyboard:
    pad_to(s, key)
    wait_armed(s)
    canvas = Recorder()
    s.top.draw(canvas)
    field = s.top.group.focused.control_rect
    assert any(m == "A: keyboard" and field.contains(r) for m, r in canvas.texts), \
        "a field the controller focused says that A opens the keyboard"
    s.button("a", frames=2)
    assert isinstance(s.top, PadKeyboard)
    return s.top


def test_a_controller_types_an_address_and_an_accented_name_to_join(pad):
    s = pad
    s.app.services.online.address = ""
    pad_press(s, "online")
    pad_press(s, "join")
    join = s.top
    assert isinstance(join, JoinScene)
    open_on(s, "address")
    pad_type(s, "127.0.0.1:7373")
    s.button("start", frames=2)  # done
    assert s.top is join and join.address == "127.0.0.1:7373"
    join.group.focus_key("name")
    next(w for w in join.group.widgets if w.key == "name").set_text("")
    board = open_on(s, "name")
    keys = {w.key: w for w in board.group.widgets}
    s.button("x")  # Shift: the letters read in capitals, its key lit
    assert board.shift and keys["shift"].primary and keys["key:é"].face_label == "É"
    s.button("x")
    assert not board.shift and keys["key:é"].face_label == "é"
    pad_type(s, "Élodie Muñoz")
    assert not board.shift  # for one letter
    assert join.name == "Élodie Muñoz"
    s.button("b")  # B erases a character at a time
    assert join.name == "Élodie Muño"
    pad_type(s, "z")
    # the grid wraps: Left from the first key of a row is its last
    reach(s, "key:1")
    s.direction(-1, 0)
    assert board.group.focused.key == "key:" + ROWS[0][-1]
    reach(s, "done")
    wait_armed(s)
    s.button("a", frames=2)
    assert s.top is join and join.name == "Élodie Muñoz"
    field = next(w for w in join.group.widgets if w.key == "name")
    assert isinstance(field, TextField) and field.text == "Élodie Muñoz"


def test_a_table_code_takes_only_what_a_code_holds_and_b_closes_an_empty_field(pad):
    s = pad
    pad_press(s, "online")
    pad_press(s, "join")
    join = s.top
    board = open_on(s, "code")
    keys = {w.key: w for w in board.group.widgets}
    assert not keys["key:é"].enabled and not keys["key:."].enabled
    assert keys["key:k"].enabled and keys["key:7"].enabled and keys["key:-"].enabled
    s.via = "stick"  # the left stick moves over the keys as the d-pad does
    pad_type(s, "k7q-x3m")
    assert join.code == "K7Q-X3M"
    for _ in range(7):
        s.button("b")
    assert join.code == "" and s.top is board
    s.button("b", frames=2)  # nothing left to erase: B closes the keyboard
    assert s.top is join


def test_seat_names_by_controller(pad):
    s = pad
    pad_press(s, "new")
    pad_press(s, "oregon")
    seats = s.top
    assert isinstance(seats, SeatSetupScene)
    board = open_on(s, "name0")
    for _ in range(len(board.field.text)):
        s.button("b")
    assert board.field.text == "" and s.top is board
    pad_type(s, "Ça va")
    s.button("start", frames=2)
    assert s.top is seats and seats.name_text[0] == "Ça va"


@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
@pytest.mark.parametrize("language", ["en", "it", "es", "fr"])
def test_the_keyboard_fits_at_every_text_size(screens, scale, language):
    s = screens()
    svc = s.app.services
    try:
        svc.set_language(language)
        svc.set_ui_scale(scale)
        field = TextField((0, 0, 600, 80), "Address", max_len=100, digits_only=False)
        board = PadKeyboard(svc, field)
        canvas = pygame.Rect((0, 0), theme.CANVAS_SIZE)
        assert canvas.contains(board.panel_rect)
        keys = [w for w in board.group.widgets]
        assert all(board.panel_rect.contains(w.rect) for w in keys)
        assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(keys)
                       for b in keys[i + 1:])
        for w in keys:  # every label whole on its key
            face = theme.fit_text(w.face_label, w.text_size, w.rect.w - 24, theme.INK,
                                  bold=True, max_height=w.rect.h - 6)
            assert face.get_width() <= w.rect.w - 24 and face.get_height() <= w.rect.h - 6
            assert face.get_height() >= theme.font(w.text_size, bold=True).get_height() * 0.75
    finally:
        svc.set_ui_scale(1.0)
        svc.set_language("en")


def test_every_text_field_a_player_fills_opens_the_keyboard(screens):
    """Join (address, code, name), hosting (port, or a server's address), seat setup (the
    names, the seed): A from a controller on each opens the keyboard on that field; the
    digits of a port are all it offers there."""
    from game.scenes.online.host import ON_SERVER, HostTableScene
    from game.ui import intents as I

    s = screens()
    svc = s.app.services
    on_server = HostTableScene(svc, "oregon", [], {})
    on_server.where = ON_SERVER
    on_server.rebuild()
    scenes = [JoinScene(svc), HostTableScene(svc, "oregon", [], {}), on_server,
              SeatSetupScene(svc, "oregon")]
    opened = []
    for scene in scenes:
        svc.stack.push(scene)
        s.step(2)
        for field in [w for w in scene.group.widgets if isinstance(w, TextField) and w.enabled]:
            scene.group.focus(field)
            scene.group.shown = False  # armed at once: this checks where A leads, not when
            scene.handle(I.Intent(I.CONFIRM, source=I.PAD))
            s.step(1)
            board = s.top
            assert isinstance(board, PadKeyboard) and board.field is field, field.key
            opened.append(field.key)
            if field.key == "port":
                enabled = {w.key for w in board.group.widgets if w.can_focus}
                assert enabled == {f"key:{d}" for d in "0123456789"} | {"shift", "erase",
                                                                        "done"}
            board.back()
            s.step(1)
        svc.stack.remove(scene)
        s.step(1)
    assert opened == ["address", "code", "name", "port", "address", "name0", "name1", "seed"]
