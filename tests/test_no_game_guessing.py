"""Shared code never guesses a game from what its state or view happens to hold: what is
game-specific in a shared screen (the score chart's series, the log's cell fields, the
review's words...) comes from the game's descriptor (``GameInfo``).

An AST scan of the framework (``game/`` outside ``game/games/``): no ``hasattr`` call at all
but the few below, which pick no game behaviour, and no ``getattr`` with a default on
anything named like a state or a view."""

import ast
from pathlib import Path

GAME_DIR = Path(__file__).resolve().parents[1] / "game"
STATE_NAMES = {"state", "st", "shown", "view", "dview", "record", "game", "g", "before",
               "after", "start", "fresh"}

ALLOWED_HASATTR = {
    # a hard bot (one with a thinking budget) is told from a rule bot, alike in every game
    ("scenes/tutorial/guide.py", "hasattr(bot, 'budget')"),
    # a replay's table may be a stand-in without a scrolling log (a widget, no state)
    ("scenes/replay.py", "hasattr(t.log, 'scroll_by')"),
}


def framework_modules():
    for path in sorted(GAME_DIR.rglob("*.py")):
        if "games" not in path.relative_to(GAME_DIR).parts[:1]:
            yield path


def _last_name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def guesses(tree: ast.AST, where: str) -> list[str]:
    """The calls in ``tree`` that probe an object for an attribute to pick behaviour."""
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
            continue
        call = ast.unparse(node)
        name = _last_name(node.args[0]).lower()
        probes_anything = node.func.id == "hasattr" and (where, call) not in ALLOWED_HASATTR
        probes_a_state = (node.func.id == "getattr" and len(node.args) == 3
                          and (name in STATE_NAMES or name.endswith(("state", "view"))))
        if probes_anything or probes_a_state:
            found.append(f"{where}:{node.lineno} {call}")
    return found


def test_shared_code_does_not_probe_a_state_to_pick_a_game():
    found = []
    for path in framework_modules():
        where = path.relative_to(GAME_DIR).as_posix()
        found += guesses(ast.parse(path.read_text(encoding="utf-8")), where)
    assert not found, "ask the game's descriptor (GameInfo) instead:\n" + "\n".join(found)


def test_the_scan_sees_a_guess():
    """The scan itself: a probe of a state (or of anything with hasattr) is found."""
    source = ('def f(state, view, x):\n'
              '    if hasattr(state, "score_tiles"): pass\n'
              '    getattr(view, "round", 0)\n'
              '    getattr(x, "mod", 0)\n')
    assert [g.split(" ", 1)[1] for g in guesses(ast.parse(source), "ui/x.py")] == [
        "hasattr(state, 'score_tiles')", "getattr(view, 'round', 0)"]


def test_the_allowed_calls_still_exist():
    """An allowance whose call is gone is dropped from the list (it would hide a new one)."""
    calls = set()
    for path in framework_modules():
        where = path.relative_to(GAME_DIR).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                calls.add((where, ast.unparse(node)))
    assert not ALLOWED_HASATTR - calls, ALLOWED_HASATTR - calls
