"""The plays a hand of Oregon cards allows, as the bots weigh them: each one a kind (a
farmer "f" or a building "b"), a building type, the bitmask of the cells it may take on the
public board, and whether it spends the joker."""

from __future__ import annotations

from game.games.oregon.engine.geometry import OregonBoard


def play_masks(board: OregonBoard, free: int, stacks: list[int], cards: list[int],
               joker: bool, can_farm: bool) -> list[tuple[str, int, int, bool]]:
    """The plays ``cards`` (and the joker, if ``joker``) allow on ``board`` with its ``free``
    cells and ``stacks`` buildings left of each type: (kind, building type, cells, uses the
    joker); farmers only when the player ``can_farm`` (has one left)."""
    b = board
    lands = [c // 10 for c in cards if c < 50]
    builds = sorted({(c - 50) // 3 for c in cards if c >= 50})
    out = []
    if can_farm:
        seen = set()
        for k, a in enumerate(lands):
            for c in lands[k + 1:]:
                key = (min(a, c), max(a, c))
                if key in seen:
                    continue
                seen.add(key)
                m = b.farm[a][c] & free
                if m:
                    out.append(("f", -1, m, False))
        if joker:
            for a in sorted(set(lands)):
                m = b.band[a] & free
                if m:
                    out.append(("f", -1, m, True))
    syms = sorted(set(lands))
    for t in builds:
        if stacks[t] == 0:
            continue
        allowed = b.allowed[t] & free
        if not allowed:
            continue
        for a in syms:
            m = b.band[a] & allowed
            if m:
                out.append(("b", t, m, False))
        if joker:
            out.append(("b", t, allowed, True))
    return out
