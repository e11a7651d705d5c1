"""Damaged saves: whatever a save file holds, loading it reports it and never crashes, the
previous save is offered instead, the title opens, and no file is lost.

The saves are real: the files under ``tests/fixtures/saves/`` (written by this version, so a
later change of the format must keep loading them) and games bots play here.  Named cases
come from a stress run of a real autosave with one change each; a hypothesis test then
mutates real saves of all three games at random.
"""

from __future__ import annotations

import contextlib
import json
import math
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from shipped_games import SHIPPED

from game import saves
from game.bots import make_bot
from game.config import Config
from game.engine.save_files import SaveError
from game.registry import GAMES
from game.seats import make_seat

FIXTURES = Path(__file__).parent / "fixtures" / "saves"
FIXTURE_FILES = sorted(FIXTURES.glob("*.json"))
ROOT = Path(__file__).parent.parent


@cache
def bot_save(game_id: str, moves: int = 36, seed: int = 3) -> str:
    """A save of ``game_id`` after bots played ``moves`` actions (the text autosave writes)."""
    info = GAMES[game_id]
    n = info.min_players + 1
    state = info.new(n, seed)
    bots = [make_bot(game_id, "easy" if i % 2 else "normal", seed + i) for i in range(n)]
    while len(state.history) < moves and not state.is_over():
        p = state.to_act()[0]
        state.apply(bots[p].choose(state.view(p), state.legal_actions(p)), p)
    seats = [make_seat(game_id, i, "human" if i == 0 else "bot", "easy") for i in range(n)]
    return saves.dumps(state, seats)


def real_saves() -> dict[str, str]:
    """Every real save the tests use, by name: the fixtures and fresh bot games."""
    out = {p.name: p.read_text(encoding="utf-8") for p in FIXTURE_FILES}
    out.update({f"bots-{g}": bot_save(g) for g in sorted(GAMES)})
    return out


def config_in(folder: Path) -> Config:
    return Config(config_dir=folder / "config", data_dir=folder / "data")


def put(config: Config, bad: bytes, good_previous: str | None) -> None:
    """``bad`` as the autosave, ``good_previous`` (if any) as the save before it."""
    folder = config.saves_dir
    folder.mkdir(parents=True, exist_ok=True)
    (folder / saves.AUTOSAVE).write_bytes(bad)
    if good_previous is not None:
        (folder / saves.PREVIOUS).write_text(good_previous, encoding="utf-8")


def contents(folder: Path) -> list[bytes]:
    return sorted(p.read_bytes() for p in folder.iterdir())


# --- the fixtures are real saves and keep loading ------------------------------------------
def test_the_fixture_saves_of_every_shipped_game_load():
    games = set()
    for path in FIXTURE_FILES:
        saved = saves.load_game(path)
        assert not saved.finished and len(saved.state.history) >= 30
        games.add(saved.state.GAME_ID)
    assert games == set(SHIPPED)


# --- named cases ------------------------------------------------------------------------------
OREGON = "oregon-3p-move40.json"
OASIS = "oasis-5p-move80.json"
COLORADO = "colorado-4p-random-lakes-move60.json"


def _edit(name: str, change) -> bytes:
    data = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    change(data)
    return json.dumps(data, separators=(",", ":")).encode()


def _first_action_with(data: dict, field: str) -> dict:
    return next(a for _p, a in data["actions"] if field in a)


def _set(key, value):
    return lambda d: d.__setitem__(key, value)


def _text(name: str, old: str, new: str) -> bytes:
    text = (FIXTURES / name).read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1).encode()


def _seed_text(name: str) -> str:
    return f'"seed":{json.loads((FIXTURES / name).read_text())["seed"]}'


BAD_SAVES = {
    "snapshot is a list": lambda: _edit(OREGON, _set("snapshot", [1, 2])),
    "game is a list": lambda: _edit(OREGON, _set("game", ["oregon"])),
    "seed is Infinity": lambda: _text(OREGON, _seed_text(OREGON), '"seed":Infinity'),
    "seed of 5,000 digits": lambda: _text(OREGON, _seed_text(OREGON), '"seed":' + "7" * 5000),
    "seed of 4,000 digits": lambda: _text(OREGON, _seed_text(OREGON), '"seed":' + "7" * 4000),
    "seed is negative": lambda: _edit(OREGON, _set("seed", -4)),
    "a cell is Infinity": lambda: _text(OREGON, '"cell":[', '"cell":[Infinity,'),
    "a cell is 3.5": lambda: _edit(
        OREGON, lambda d: _first_action_with(d, "cell").__setitem__("cell", [12, 3.5])),
    "a card id is true": lambda: _edit(
        COLORADO, lambda d: _first_action_with(d, "card_id").__setitem__("card_id", True)),
    "a seat index is 1e400": lambda: _text(OREGON, '"actions":[[0,', '"actions":[[1e400,'),
    "a seat index is 9": lambda: _text(OREGON, '"actions":[[0,', '"actions":[[9,'),
    "100,000 nested brackets": lambda: b"[" * 100_000 + b"]" * 100_000,
    "brackets nested deep in an action": lambda: _text(
        OREGON, '"cell":[', '"cell":[' + "[" * 5000 + "]" * 5000 + ","),
    "Oasis map that does not exist": lambda: _edit(OASIS, _set("options", {"map": "nowhere"})),
    "Oasis board rows of garbage": lambda: _edit(
        OASIS, _set("options", {"board_rows": [[1], {"a": None}, 5]})),
    "Oasis hand-made board": lambda: _edit(OASIS, _set("options", {"board_rows": ["=.", ".="]})),
    "Colorado lakes nobody can choose": lambda: _edit(
        COLORADO, _set("options", {"lakes": "sideways"})),
    "options a list": lambda: _edit(COLORADO, _set("options", ["lakes"])),
    "num_players a string": lambda: _edit(OREGON, _set("num_players", "3")),
    "version true": lambda: _edit(OREGON, _set("version", True)),
    "moves are a dict": lambda: _edit(OREGON, _set("actions", {"0": 1})),
    "an action of another game": lambda: _edit(
        OREGON, lambda d: d["actions"].append([0, {"type": "TakeOffer", "owner": 1}])),
    "seats are not a list": lambda: _edit(OREGON, _set("seats", "everyone")),
    "a seat kind is a list": lambda: _edit(
        OREGON, lambda d: d["seats"][0].__setitem__("kind", ["human"])),
    "a file far too large": lambda: b" " * (saves.MAX_SAVE_BYTES + 1) + b"{}",
}


@pytest.mark.parametrize("case", sorted(BAD_SAVES))
def test_a_damaged_autosave_is_set_aside_and_the_previous_one_offered(case, tmp_path, caplog):
    bad = BAD_SAVES[case]()
    good = (FIXTURES / OREGON).read_text(encoding="utf-8")
    config = config_in(tmp_path)
    put(config, bad, good)
    with pytest.raises(SaveError):
        saves.loads(bad.decode("utf-8"))
    with caplog.at_level("WARNING"):
        saved, message = saves.unfinished_game(config)
    assert saved is not None and saved.state.history == saves.loads(good).state.history
    assert message and "moved to autosave.json.corrupt" in message and message.isprintable()
    folder = config.saves_dir
    assert (folder / "autosave.json.corrupt").read_bytes() == bad  # set aside, whole
    assert (folder / saves.PREVIOUS).read_text(encoding="utf-8") == good
    assert not (folder / saves.AUTOSAVE).exists()
    warnings = [r for r in caplog.records if r.levelname == "WARNING"]
    assert len(warnings) == 1 and "\n" not in warnings[0].getMessage()


@pytest.mark.parametrize("name", ["Bo\x00b", "An\ud800n", "\x00", "x" * 5000])
def test_a_damaged_seat_name_is_cleaned_not_refused(name):
    data = json.loads((FIXTURES / OREGON).read_text(encoding="utf-8"))
    data["seats"][1]["name"] = name
    text = json.dumps(data)  # \\u0000 and \\ud800 escapes, as a damaged file would hold them
    saved = saves.loads(text)
    shown = saved.seats[1].name
    assert shown.isprintable() and 0 < len(shown) <= 16
    assert all(not 0xD800 <= ord(c) <= 0xDFFF for c in shown)
    assert saved.state.history == saves.loads((FIXTURES / OREGON).read_text()).state.history


def test_seeds_the_game_can_make_are_accepted_and_larger_ones_refused():
    from game.engine.save_files import SEED_LIMIT

    data = json.loads((FIXTURES / OREGON).read_text(encoding="utf-8"))
    data["actions"], data["snapshot"] = [], None
    for seed in (0, 999_999_999, SEED_LIMIT - 1):
        data["seed"] = seed
        assert saves.loads(json.dumps(data)).state.seed == seed
    data["seed"] = SEED_LIMIT
    with pytest.raises(SaveError, match="seed"):
        saves.loads(json.dumps(data))


def test_a_message_about_an_odd_file_name_is_printable(tmp_path, caplog):
    path = tmp_path / "save\udcff\x01.json"
    path.write_bytes(b"[" * 100_000)
    with caplog.at_level("WARNING"):
        saved, message = saves.open_save(path)
    assert saved is None and message.isprintable()
    assert caplog.records[-1].getMessage().isprintable()


def test_a_bad_load_file_is_reported_without_a_traceback(tmp_path):
    """``--load FILE`` with a damaged file: the title opens with the reason (also printed on
    stderr); quitting ends with status 0, not the crash status 1."""
    bad = tmp_path / "broken.json"
    bad.write_bytes(BAD_SAVES["game is a list"]())
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "LANDGRAB_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--load", str(bad),
                           "--quit-after", "0.5", "--mute"], capture_output=True, text=True,
                          env=env, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "broken.json could not be opened" in done.stderr.replace(str(tmp_path) + "/", "")
    assert "unknown game" in done.stderr
    assert (tmp_path / "broken.json.corrupt").exists()


# --- the title with a damaged autosave -----------------------------------------------------
def test_the_title_opens_over_a_damaged_autosave_and_offers_the_previous_game(services, display):
    from game.scenes.title import TitleScene

    put(services.config, BAD_SAVES["100,000 nested brackets"](),
        (FIXTURES / OASIS).read_text(encoding="utf-8"))
    title = TitleScene(services)
    assert "continue" in [w.key for w in title.group.widgets]
    assert title.saved.state.GAME_ID == "oasis"
    assert "moved to autosave.json.corrupt" in title.notice
    title.draw(display)


# --- random damage (hypothesis) ---------------------------------------------------------------
ODD_NUMBERS = st.sampled_from([math.inf, -math.inf, math.nan, 1e400, 3.5, -1, 2**70,
                               10**4000, True, False, 0, 10**6 + 1])
ODD_TEXTS = st.sampled_from(["", "\x00", "\ud800", "oregon", "Infinity", "x" * 10_000,
                             "Bot", "random", "first", "nowhere"])
ODD_VALUES = st.recursive(
    st.none() | ODD_NUMBERS | ODD_TEXTS | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(ODD_TEXTS, inner, max_size=3),
    max_leaves=12,
)


def _paths(value, path=()):
    """Every place inside a parsed save (key paths), the whole file first."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


def _replace(data, path, new):
    if not path:
        return new
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if new is _DELETE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return data


_DELETE = object()


@st.composite
def damaged_save(draw):
    """(the good text, the damaged bytes): a real save with one random change."""
    texts = real_saves()
    good = texts[draw(st.sampled_from(sorted(texts)))]
    how = draw(st.sampled_from(["value", "value", "value", "delete", "cut", "bytes",
                                "nest", "add key"]))
    if how == "cut":
        return good, good.encode()[: draw(st.integers(0, len(good) - 1))]
    if how == "bytes":
        raw = bytearray(good.encode())
        for _ in range(draw(st.integers(1, 4))):
            raw[draw(st.integers(0, len(raw) - 1))] = draw(st.integers(0, 255))
        return good, bytes(raw)
    if how == "nest":
        depth = draw(st.sampled_from([10, 900, 3000, 100_000]))
        return good, good.replace('"actions":[', '"actions":' + "[" * depth, 1).encode()
    data = json.loads(good)
    paths = list(_paths(data))
    path = draw(st.sampled_from(paths[1:]))  # the whole file replaced: see BAD_SAVES
    if how == "delete":
        data = _replace(data, path, _DELETE)
    elif how == "add key":
        target = data
        for key in path:
            target = target[key]
        if isinstance(target, dict):
            target[draw(ODD_TEXTS)] = draw(ODD_VALUES)
    else:
        data = _replace(data, path, draw(ODD_VALUES))
    try:
        text = json.dumps(data, separators=(",", ":"))
    except ValueError:  # a whole number over the 4,300-digit limit: write it by hand
        text = json.dumps(data, separators=(",", ":"), default=str)
    return good, text.encode("utf-8", "surrogatepass")


FUZZ = settings(max_examples=120, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(damaged_save())
def test_no_damage_escapes_loading_and_no_readable_save_is_lost(case):
    good, bad = case
    with contextlib.suppress(SaveError, UnicodeDecodeError):  # and nothing else escapes
        saves.loads(bad.decode("utf-8", "surrogatepass"))
    with tempfile.TemporaryDirectory() as tmp:
        config = config_in(Path(tmp))
        put(config, bad, good)
        before = contents(config.saves_dir)
        for _ in range(2):  # the second time finds the damaged file already set aside
            saved, message = saves.read_autosave(config)
            assert saved is not None  # the damaged file, if still readable, or the previous
            assert message is None or message.isprintable()
            if not (config.saves_dir / saves.AUTOSAVE).exists():  # set aside: the previous
                assert saved.path.name == saves.PREVIOUS
                assert saved.state.history == saves.loads(good).state.history
            saves.unfinished_game(config)
        assert contents(config.saves_dir) == before  # renamed at most, nothing lost
        with contextlib.suppress(SaveError):  # and nothing else escapes
            saves.load_game(config.saves_dir / saves.AUTOSAVE)


@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(damaged_save())
@example(("", b"[" * 100_000))
@example(("", b'{"format":"landgrab-save","version":1,"game":["oregon"]}'))
@example(("", ('{"format":"landgrab-save","version":1,"game":"' + "x" * 900 + '"}').encode()))
def test_the_title_always_opens_over_a_damaged_autosave(display, case):
    from game.scenes.services import Services
    from game.scenes.title import TitleScene

    good, bad = case
    with tempfile.TemporaryDirectory() as tmp:
        config = config_in(Path(tmp))
        put(config, bad, None)  # not even a previous save to fall back on
        services = Services.standalone(config)
        title = TitleScene(services)
        title.update(1 / 60)
        title.draw(display)
        keys = [w.key for w in title.group.widgets]
        assert "new" in keys
        lines = title._notice_lines()  # whatever the reason, it fits across the screen
        assert len(lines) <= 2 and all(line.isprintable() for line in lines)
        assert (title.saved is not None) or not (config.saves_dir / saves.AUTOSAVE).exists()
