"""Train a game's learned evaluation by self-play (``game.bots.learned``).

    python tools/train.py oregon                      # 3,000 games, then writes the weights
    python tools/train.py oregon --games 600 --jobs 2 # a shorter run

Games are played in chunks (``--chunk``).  In each game every seat is either the learner
(the hard bot's own first choice of every decision, with the value model of the chunk
before; the game's ranking alone in the first chunk) or the normal bot, so the positions
are those the hard bot meets against normal bots; the learner plays the normal bot's move
instead with probability ``--explore``.  Each seat's view is turned into features at a
share ``--keep`` of the decisions and labelled, when the game ends, with that seat's final
margin.  After every chunk the model is refitted on every position so far, to TD(λ)
targets (``--lam``; the previous model's values of the later positions), and one game in
ten (seed ending in 0) is held out: the learning curve plots the model's error on those
games' final margins and the learners' share of the wins.

Game seeds are ``--seed`` .. ``--seed + --games - 1`` (keep them below 5,000: the
tournament's held-out seeds start at 7,001).  The same seeds give the same weights.  A run
keeps its checkpoint in ``--dir`` (positions, model, curve) after every chunk and resumes
from it when started again with the same arguments; ``--fresh`` starts over.  At the end
the weights go to the game's ``value.npz`` (``--out``) and the curve to ``curve.png`` in
the checkpoint folder (``--plot``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import bots_module  # noqa: E402
from game.bots.learned import (  # noqa: E402
    ValueModel,
    fit,
    lambda_returns,
    rms_error,
    standardizer,
)
from game.registry import GAMES  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def features_module(game_id: str) -> Any:
    """``game.games.<id>.bots.features``: the game's ``features(view)`` and ``WEIGHTS_FILE``."""
    package = GAMES[game_id].bots.rsplit(".", 1)[0]
    return importlib.import_module(package + ".features")


class Learner:
    """The hard bot's first choice of each decision (no search), or with probability
    ``explore`` the normal bot's."""

    def __init__(self, rules: Any, normal: Any, rng: random.Random, explore: float):
        self.rules, self.normal, self.rng, self.explore = rules, normal, rng, explore

    def choose(self, view: Any, legal: list[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        if self.rng.random() < self.explore:
            return self.normal.choose(view, legal)
        return self.rules.candidates(view, legal)[0]


def play_one(game_id: str, seed: int, model: ValueModel | None, learner_share: float,
             explore: float, keep: float) -> dict[str, Any]:
    """One self-play game ``seed``: its positions' features, seats and order, and each
    seat's final margin and whether it was a learner."""
    rng = random.Random(seed)
    info = GAMES[game_id]
    n = rng.randint(info.min_players, min(info.max_players, 4))
    module = bots_module(game_id)
    feats = features_module(game_id).features
    state = info.new(n, seed)
    learners = [rng.random() < learner_share for _ in range(n)]
    if not any(learners):
        learners[rng.randrange(n)] = True
    bots = []
    for q in range(n):
        normal = module.NormalBot(seed * 31 + q)  # the one-ply bot, never slipping
        if learners[q]:
            rules = module.search_rules()
            rules.value = model
            bots.append(Learner(rules, normal, random.Random(seed * 7 + q), explore))
        else:
            bots.append(normal)
    rows: list[Any] = []
    seats: list[int] = []
    step = 0
    while not state.is_over():
        for q in range(n):
            if rng.random() < keep:
                rows.append(feats(state.view(q)))
                seats.append(q)
        p = state.to_act()[0]
        state.apply(bots[p].choose(state.view(p), state.legal_actions(p)), p)
        step += 1
    scores = state.scores()
    winners = state.winners()
    margins = [scores[q] - max(scores[r] for r in range(n) if r != q) for q in range(n)]
    return {"x": np.array(rows, dtype=np.float32), "seat": np.array(seats),
            "margin": np.array([margins[q] for q in seats], dtype=np.float64),
            "learner_wins": sum(1.0 / len(winners) for q in winners if learners[q]),
            "learner_share": sum(learners) / n}


class Store:
    """Every position so far (features, game seed, seat, final margin), the model and the
    learning curve; saved to and loaded from a checkpoint folder."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.x = np.zeros((0, 0), dtype=np.float32)
        self.game = np.zeros(0, dtype=np.int64)
        self.seat = np.zeros(0, dtype=np.int64)
        self.margin = np.zeros(0)
        self.model: ValueModel | None = None
        self.curve: list[dict[str, float]] = []
        self.chunks = 0

    def add(self, seed: int, result: dict[str, Any]) -> None:
        x = result["x"]
        if not len(x):
            return
        self.x = x if not len(self.x) else np.concatenate([self.x, x])
        self.game = np.concatenate([self.game, np.full(len(x), seed)])
        self.seat = np.concatenate([self.seat, result["seat"]])
        self.margin = np.concatenate([self.margin, result["margin"]])

    def save(self, meta: dict[str, Any]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = self.folder / "positions.tmp.npz"
        np.savez_compressed(tmp, x=self.x, game=self.game, seat=self.seat, margin=self.margin)
        os.replace(tmp, self.folder / "positions.npz")
        if self.model is not None:
            self.model.save(self.folder / "model.npz")
        meta = dict(meta, chunks=self.chunks, curve=self.curve)
        (self.folder / "progress.tmp").write_text(json.dumps(meta, indent=1))
        os.replace(self.folder / "progress.tmp", self.folder / "progress.json")

    def load(self, meta: dict[str, Any]) -> bool:
        """Resume from the folder's checkpoint (False when there is none); a checkpoint of
        other arguments is an error."""
        progress = self.folder / "progress.json"
        if not progress.exists():
            return False
        saved = json.loads(progress.read_text())
        for key, value in meta.items():
            if saved.get(key) != value:
                raise SystemExit(f"{self.folder} holds a run with {key}={saved.get(key)!r}, "
                                 f"not {value!r} (use --fresh or another --dir)")
        with np.load(self.folder / "positions.npz") as f:
            self.x, self.game, self.seat, self.margin = f["x"], f["game"], f["seat"], f["margin"]
        if (self.folder / "model.npz").exists():
            self.model = ValueModel.load(self.folder / "model.npz")
        self.curve, self.chunks = saved["curve"], saved["chunks"]
        return True


def targets(store: Store, model: ValueModel | None, lam: float) -> np.ndarray:
    """TD(λ) targets of every stored position (the final margins without a model yet)."""
    if model is None or lam >= 1.0:
        return store.margin.copy()
    values = model.predict(store.x.astype(np.float64))
    out = np.empty(len(values))
    key = store.game * 8 + store.seat
    order = np.argsort(key, kind="stable")  # each seat's positions of a game, in order
    bounds = np.flatnonzero(np.diff(key[order])) + 1
    for rows in np.split(order, bounds):
        out[rows] = lambda_returns(values[rows], float(store.margin[rows[-1]]), lam)
    return out


def refit(store: Store, args: argparse.Namespace) -> tuple[float, float]:
    """Fit the store's model to the training games' targets; returns the held-out games' and
    the training games' error (points of final margin)."""
    held = store.game % 10 == 0
    x = store.x.astype(np.float64)
    if store.model is None:
        mean, scale = standardizer(x[~held])
        store.model = ValueModel.zeros(mean, scale, args.hidden,
                                       np.random.default_rng(args.seed))
        epochs = args.epochs * 2
    else:
        epochs = args.epochs
    y = targets(store, store.model if store.chunks > 1 else None, args.lam)
    rng = np.random.default_rng(args.seed * 1000 + store.chunks)
    store.model = fit(x[~held], y[~held], store.model, rng, epochs=epochs)
    held_error = rms_error(store.model, x[held], store.margin[held]) if held.any() else np.nan
    return held_error, rms_error(store.model, x[~held], store.margin[~held])


def progress_bar(done: int, total: int, started: float, note: str) -> None:
    width = 30
    filled = int(width * done / total)
    spent = time.monotonic() - started
    eta = spent / done * (total - done) if done else 0.0
    sys.stderr.write(f"\r[{'#' * filled}{'-' * (width - filled)}] {done}/{total} games "
                     f"{spent / 60:5.1f} min, {eta / 60:5.1f} min left  {note}   ")
    sys.stderr.flush()


def plot_curve(curve: list[dict[str, float]], path: Path, title: str) -> None:
    """The learning curve as a PNG against the games played: the held-out games' error
    (points of final margin; scale on the left) and the learners' wins above their seats'
    fair share (percentage points; scale on the right, its zero dashed)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()
    font = pygame.font.Font(None, 22)
    w, h, left, right, bottom, top = 760, 400, 60, 60, 50, 40
    surf = pygame.Surface((w, h))
    surf.fill((250, 250, 246))
    games = [c["games"] for c in curve]
    x_max = max(games, default=1)
    plot_w, plot_h = w - left - right, h - bottom - top
    pygame.draw.rect(surf, (90, 90, 90), (left, top, plot_w, plot_h), 1)
    series = [("held-out error (points)", [c["error"] for c in curve], (200, 60, 40), left - 50),
              ("learners' wins above fair share (%)",
               [100 * (c["win_share"] - c["fair_share"]) for c in curve], (40, 90, 200),
               left + plot_w + 8)]
    for k, (label, values, colour, label_x) in enumerate(series):
        known = [(g, v) for g, v in zip(games, values, strict=True) if np.isfinite(v)]
        if not known:
            continue
        lo = min(0.0, *(v for _g, v in known))
        hi = max(v for _g, v in known)
        hi = hi + 0.1 * (hi - lo) if hi > lo else lo + 1.0

        def at(g: float, v: float, lo: float = lo, hi: float = hi) -> tuple[int, int]:
            return (int(left + plot_w * g / x_max),
                    int(top + plot_h * (1 - (v - lo) / (hi - lo))))

        if k == 1:  # the fair share: the learners as strong as the normal bots
            y = at(0, 0.0)[1]
            for x in range(left, left + plot_w, 12):
                pygame.draw.line(surf, colour, (x, y), (x + 6, y), 1)
        pts = [at(g, v) for g, v in known]
        if len(pts) > 1:
            pygame.draw.lines(surf, colour, False, pts, 2)
        for p in pts:
            pygame.draw.circle(surf, colour, p, 3)
        surf.blit(font.render(f"{hi:.1f}", True, colour), (label_x, top - 8))
        surf.blit(font.render(f"{lo:.1f}", True, colour), (label_x, top + plot_h - 8))
        surf.blit(font.render(label, True, colour), (left + 10 + 330 * k, 12))
    surf.blit(font.render(f"{title}: games played (0 to {x_max})", True, (40, 40, 40)),
              (left, h - bottom + 15))
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--chunk", type=int, default=250)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--lam", type=float, default=0.8)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--learner", type=float, default=0.5,
                        help="probability that a seat is the learner")
    parser.add_argument("--explore", type=float, default=0.1)
    parser.add_argument("--keep", type=float, default=0.25)
    parser.add_argument("--dir", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--plot", type=Path, default=None)
    parser.add_argument("--fresh", action="store_true")
    args = parser.parse_args(argv)
    if args.seed + args.games > 5000:
        parser.error("training seeds must stay below 5,000 (the held-out ones start at 7,001)")
    folder = args.dir or ROOT / ".train" / args.game
    out = args.out or features_module(args.game).WEIGHTS_FILE
    # what a checkpoint must agree on (not --games: a run's first chunks are the same games
    # whatever its length, so a run may be stopped early or lengthened)
    meta = {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()
            if k not in ("games", "jobs", "fresh", "out", "plot", "dir")}
    store = Store(folder)
    if not args.fresh and store.load(meta):
        print(f"resuming {folder}: {store.chunks} chunks done", file=sys.stderr)
    chunks = -(-args.games // args.chunk)
    started = time.monotonic()
    first_done = store.chunks * args.chunk
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        while store.chunks < chunks:
            lo = args.seed + store.chunks * args.chunk
            seeds = range(lo, min(lo + args.chunk, args.seed + args.games))
            futures = [pool.submit(play_one, args.game, s, store.model, args.learner,
                                   args.explore, args.keep) for s in seeds]
            wins = share = 0.0
            for k, (s, fut) in enumerate(zip(seeds, futures, strict=True)):
                result = fut.result()
                store.add(s, result)
                wins += result["learner_wins"]
                share += result["learner_share"]
                done = store.chunks * args.chunk + k + 1
                progress_bar(done - first_done, args.games - first_done, started,
                             f"chunk {store.chunks + 1}/{chunks}")
            store.chunks += 1
            held_err, train_err = refit(store, args)
            store.curve.append({"games": seeds[-1] - args.seed + 1, "error": held_err,
                                "train_error": train_err, "win_share": wins / len(seeds),
                                "fair_share": share / len(seeds)})
            store.save(meta)
            plot_curve(store.curve, args.plot or folder / "curve.png", args.game)
            print(f"\nchunk {store.chunks}: held-out error {held_err:.2f}, training "
                  f"{train_err:.2f}, learners won {wins / len(seeds):.3f} of games "
                  f"(their seats' share {share / len(seeds):.3f})", file=sys.stderr)
    assert store.model is not None
    store.model.save(out)
    print(f"weights: {out} ({out.stat().st_size} bytes), "
          f"{(time.monotonic() - started) / 60:.1f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
