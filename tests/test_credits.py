"""Every OpenMoji emoji the game loads by its code is credited in CREDITS.md."""

import re

from game import PROJECT_ROOT

STEM = re.compile(r"\"((?:1F|2)[0-9A-F]{3,4}(?:-[0-9A-F]{4,5})*)\"")


def test_every_emoji_code_in_the_code_is_credited():
    credits = (PROJECT_ROOT / "CREDITS.md").read_text(encoding="utf-8")
    used = set()
    for folder in ("game", "tools"):
        for path in (PROJECT_ROOT / folder).rglob("*.py"):
            used.update(STEM.findall(path.read_text(encoding="utf-8")))
    assert used, "the scan found no emoji codes at all"
    missing = sorted(stem for stem in used if stem not in credits)
    assert not missing, f"not credited in CREDITS.md: {missing}"
