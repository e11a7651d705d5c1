"""Bot tournament: play complete games headless and report each level's win rate.

    python tools/tournament.py --game oregon --seats normal,easy,easy,easy --games 200

Seats rotate from game to game so no level keeps the start position.  A shared win counts
as a fraction for each winner.  ``win_rate.<level>`` is the wins per seat of that level per
game, so an even field gives every level ``1 / seats``; ``share`` prints that even rate.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import LEVELS  # noqa: E402
from game.bots.common import play_levels  # noqa: E402
from game.registry import GAMES  # noqa: E402


def play_game(game_id: str, levels: list[str], seed: int) -> dict[str, float]:
    """One game; returns the win credit per level."""
    n = len(levels)
    shift = seed % n
    seat_levels = levels[shift:] + levels[:shift]
    state = play_levels(game_id, seat_levels, seed)
    credit: dict[str, float] = {}
    winners = state.winners()
    for w in winners:
        credit[seat_levels[w]] = credit.get(seat_levels[w], 0.0) + 1.0 / len(winners)
    return credit


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--seats", required=True, help="bot levels, comma-separated")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    levels = args.seats.split(",")
    info = GAMES[args.game]
    if not info.min_players <= len(levels) <= info.max_players:
        parser.error(f"{info.name} takes {info.players_text}, not {len(levels)}")
    for lvl in levels:
        if lvl not in LEVELS:
            parser.error(f"unknown bot level {lvl!r}")
    if args.games < 1:
        parser.error("--games must be at least 1")

    t0 = time.perf_counter()
    seeds = range(args.seed, args.seed + args.games)
    totals: dict[str, float] = {lvl: 0.0 for lvl in levels}
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(play_game, args.game, levels, s) for s in seeds]
        for fut in futures:
            for lvl, c in fut.result().items():
                totals[lvl] += c
    elapsed = time.perf_counter() - t0
    print(f"games: {args.games}")
    print(f"share: {1 / len(levels):.3f}")
    for lvl in dict.fromkeys(levels):
        per_seat = totals[lvl] / (levels.count(lvl) * args.games)
        print(f"win_rate.{lvl}: {per_seat:.3f}")
    print(f"tournament.seconds: {elapsed:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
