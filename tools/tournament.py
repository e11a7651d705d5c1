"""Bot tournament: play complete games headless and report each level's strength.

    python tools/tournament.py --game oregon --seats hard,normal,normal --games 200 \\
        --iterations 200 --jobs 2

Seats rotate from game to game so no level keeps the start position.  A shared win counts
as a fraction for each winner.  ``win_rate.<level>`` is the wins per seat of that level per
game, so an even field gives every level ``1 / seats`` (``share``), with its 95 % Wilson
confidence interval over the seat-games.  ``elo.<level>`` rates the levels from every pair
of seats of different levels in every game (the better placed wins the pair, equal places
draw), by a Bradley-Terry fit on the Elo scale, ``normal`` (or the first level) at 1500.

Hard bots search with ``--iterations`` per decision (reproducible from ``--seed``) unless
``--seconds`` gives them a time budget instead.

Seeds are kept apart by what they are for: the learned evaluations train on games below
5,000 (``tools/train.py``), tuning compares bots on 5,001-6,999, and the strength table in
the README is measured on held-out games from 7,001 (the default) and confirmed from 9,001.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import LEVELS  # noqa: E402
from game.bots.common import play_levels  # noqa: E402
from game.bots.search import Budget  # noqa: E402
from game.registry import GAMES  # noqa: E402

Z95 = 1.959964
HELD_OUT = 7001  # the first held-out game: no training or tuning used games from here
ANCHOR = 1500.0


def seat_levels(levels: list[str], seed: int) -> list[str]:
    """The levels of game ``seed``'s seats: the list turned by ``seed`` places."""
    shift = seed % len(levels)
    return levels[shift:] + levels[:shift]


def play_game(game_id: str, levels: list[str], seed: int, budget: Budget
              ) -> tuple[list[str], list[int], list[int]]:
    """One game: its seats' levels, final points and places (0 = first; equal places for
    shared wins)."""
    seats = seat_levels(levels, seed)
    state = play_levels(game_id, seats, seed, budget=budget)
    outcome = state.outcome()
    places = [0] * len(seats)
    for place, seat in enumerate(outcome.ranking):
        places[seat] = 0 if seat in outcome.winners else place
    return seats, list(outcome.scores), places


def wilson(p: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate ``p`` observed over ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def elo(pairs: dict[tuple[str, str], float], games: dict[tuple[str, str], int],
        levels: list[str]) -> dict[str, float]:
    """Elo-scale ratings from pairwise results: ``pairs[a, b]`` is a's score against b
    (wins + half the draws) over ``games[a, b]`` meetings.  Bradley-Terry by the
    minorisation-maximisation updates, with half a draw against each other level added as
    a prior so a level that never loses still gets a finite rating."""
    strength = {lv: 1.0 for lv in levels}
    for _ in range(500):
        new = {}
        for a in levels:
            won = 0.5 * (len(levels) - 1)
            weight = 0.0
            for b in levels:
                if a == b:
                    continue
                n = games.get((a, b), 0) + 1
                won += pairs.get((a, b), 0.0)
                weight += n / (strength[a] + strength[b])
            new[a] = won / weight if weight else strength[a]
        strength = new
    anchor = "normal" if "normal" in levels else levels[0]
    return {lv: ANCHOR + 400 * math.log10(strength[lv] / strength[anchor]) for lv in levels}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--seats", required=True, help="bot levels, comma-separated")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=HELD_OUT,
                        help=f"first game's seed (default {HELD_OUT}: held-out games)")
    parser.add_argument("--jobs", type=int, default=2, help="games played in parallel")
    parser.add_argument("--iterations", type=int, default=200,
                        help="search iterations per hard-bot decision")
    parser.add_argument("--seconds", type=float, default=None,
                        help="a time budget per hard-bot decision instead of --iterations")
    args = parser.parse_args(argv)
    levels = args.seats.split(",")
    info = GAMES[args.game]
    if not info.min_players <= len(levels) <= info.max_players:
        parser.error(f"{info.name} takes {info.players_text}, not {len(levels)}")
    for lvl in levels:
        if lvl not in LEVELS:
            parser.error(f"unknown bot level {lvl!r} (choose from {', '.join(LEVELS)})")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.iterations < 1:
        parser.error("--iterations must be at least 1")
    if args.seconds is not None and args.seconds <= 0:
        parser.error("--seconds must be more than 0")
    budget = (Budget(seconds=args.seconds) if args.seconds is not None
              else Budget(seconds=None, iterations=args.iterations))

    t0 = time.perf_counter()
    seeds = range(args.seed, args.seed + args.games)
    wins: dict[str, float] = defaultdict(float)
    points: dict[str, list[int]] = defaultdict(list)
    pairs: dict[tuple[str, str], float] = defaultdict(float)
    meetings: dict[tuple[str, str], int] = defaultdict(int)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(play_game, args.game, levels, s, budget) for s in seeds]
        for fut in futures:
            seats, scores, places = fut.result()
            first = [q for q, place in enumerate(places) if place == 0]
            for q in first:
                wins[seats[q]] += 1.0 / len(first)
            for q, lv in enumerate(seats):
                points[lv].append(scores[q])
                for r, other in enumerate(seats):
                    if other != lv:
                        meetings[lv, other] += 1
                        pairs[lv, other] += (1.0 if places[q] < places[r]
                                             else 0.5 if places[q] == places[r] else 0.0)
    elapsed = time.perf_counter() - t0
    distinct = list(dict.fromkeys(levels))
    print(f"games: {args.games}")
    print(f"seats: {','.join(levels)}")
    print("budget: " + (f"{args.seconds} s" if args.seconds is not None
                        else f"{args.iterations} iterations") + " per hard decision")
    print(f"share: {1 / len(levels):.3f}")
    for lvl in distinct:
        n = levels.count(lvl) * args.games
        rate = wins[lvl] / n
        low, high = wilson(rate, n)
        print(f"win_rate.{lvl}: {rate:.3f} (95% CI {low:.3f}-{high:.3f})")
    for lvl in distinct:
        print(f"mean_points.{lvl}: {sum(points[lvl]) / len(points[lvl]):.1f}")
    if len(distinct) > 1:
        for lvl, rating in elo(pairs, meetings, distinct).items():
            print(f"elo.{lvl}: {rating:.0f}")
    print(f"tournament.seconds: {elapsed:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
