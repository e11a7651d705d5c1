"""The pure parts (the engine core, every game's rules, the registry, the search) are
type-checked as ``mypy --strict`` checks: pyproject's override for them sets every flag
``--strict`` turns on (``.ci/run`` runs mypy with that configuration); and mypy holds a
presenter's step to the payload its event kind declares, and the rules' every emit to the
payload of the kind emitted."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STRICT_MODULES = {"game.engine.*", "game.games.*.engine.*", "game.registry.*",
                  "game.bots.search", "game.bots.runner", "game.bots.common", "game.bots.review"}
GLOBAL_ONLY = {"warn_redundant_casts"}  # mypy takes it for the whole run only


def _strict_flags() -> dict[str, bool]:
    """The flags ``mypy --strict`` enables, as config options: ``--no-x`` is ``x = false``."""
    text = subprocess.run([sys.executable, "-m", "mypy", "--help"], capture_output=True,
                          text=True, check=True).stdout
    para = re.search(r"--strict\s+Strict mode; enables the following flags:(.*?)\n  --",
                     text, re.S)
    assert para, "mypy --help no longer lists what --strict enables"
    flags = re.findall(r"--([a-z-]+)", re.sub(r"-\n\s*", "-", para.group(1)))
    out = {}
    for flag in flags:
        name = flag.replace("-", "_")
        if name.startswith("no_"):
            out[name[3:]] = False
        else:
            out[name] = True
    return out


def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]


def test_the_pure_parts_are_checked_with_every_strict_flag():
    config = _config()
    strict = _strict_flags()
    assert len(strict) >= 12
    overrides = [o for o in config["overrides"] if set(o["module"]) == STRICT_MODULES]
    assert len(overrides) == 1, "one override lists the strictly checked modules"
    flags = {k: v for k, v in overrides[0].items() if k != "module"}
    assert flags == {k: v for k, v in strict.items() if k not in GLOBAL_ONLY}
    for name in GLOBAL_ONLY & set(strict):
        assert config[name] is strict[name]


PROBE = '''from game.engine.events import Event
from game.games.oregon.engine.events import FarmerPlaced


def right(e: Event[FarmerPlaced]) -> int:
    return e.data["farmers_left"] + len(e.data["cell"])


def wrong(e: Event[FarmerPlaced]) -> int:
    return len(e.data["cel"])
'''


def test_mypy_checks_the_fields_a_step_reads(tmp_path, monkeypatch):
    """Reading a field the kind's payload does not declare is a type error, reading the
    declared ones is not: what typing ``Event`` by its payload is for."""
    from mypy import api

    monkeypatch.chdir(ROOT)
    (tmp_path / "probe.py").write_text(PROBE)
    out, _err, _status = api.run([str(tmp_path / "probe.py"), "--config-file", "pyproject.toml",
                                  "--cache-dir", str(tmp_path / "cache")])
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert len(errors) == 1 and 'probe.py:10: error: TypedDict "FarmerPlaced" has no key "cel"' \
        in errors[0], out


EMIT_PROBE = '''from game.engine.events import Event
from game.engine.messages import N_
from game.games.oregon.engine.events import Emit, FarmerPlaced

MSG = N_("{player} places a farmer on {cell}")


def right(p: int) -> Event[FarmerPlaced]:
    return Emit.farmer_placed(MSG, p, {"cell": [1, 2], "farmers_left": 3}, args={"player": p})


def misnamed(p: int) -> None:
    Emit.farmer_placed(MSG, p, {"cel": [1, 2], "farmers_left": 3})


def mistyped(p: int) -> None:
    Emit.farmer_placed(MSG, p, {"cell": [1, 2], "farmers_left": "3"})


def another_kinds_payload(p: int) -> None:
    Emit.farmer_placed(MSG, p, {"cell": [1, 2], "building": "church", "stack_left": 2})


def data_for_a_kind_without(p: int) -> None:
    Emit.cannot_play(MSG, p, {"cell": [1, 2]})
'''


def test_mypy_checks_the_data_of_every_emit(tmp_path, monkeypatch):
    """The rules make an event by calling its kind (``Emit.farmer_placed(...)``): a field
    the kind's payload does not declare, a field of the wrong type, the payload of another
    kind and data for a kind that carries none are type errors; the right data is not."""
    from mypy import api

    monkeypatch.chdir(ROOT)
    (tmp_path / "probe.py").write_text(EMIT_PROBE)
    out, _err, _status = api.run([str(tmp_path / "probe.py"), "--config-file", "pyproject.toml",
                                  "--cache-dir", str(tmp_path / "cache")])
    errors = [line.split("probe.py:", 1)[1] for line in out.splitlines() if ": error:" in line]
    lines = {int(e.split(":", 1)[0]) for e in errors}
    assert lines == {13, 17, 21, 25}, out
    assert any(e.startswith("13:") and 'Extra key "cel"' in e for e in errors), out
    assert any(e.startswith("17:") and '"farmers_left" has type "int"' in e for e in errors), out
    assert any(e.startswith("21:") and 'Extra keys ("building", "stack_left")' in e
               for e in errors), out
