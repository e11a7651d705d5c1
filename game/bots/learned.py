"""Evaluations learned from play (after TD-Gammon): a small value model over the features of
one seat's view, predicting that seat's final margin (its final points minus the best other
seat's), fitted to targets from finished self-play games.

The model is game-free: a game turns a view into a fixed-length vector of numbers (its bots'
``features.py``, reading only what that seat may know) and this module learns and predicts
from those vectors.  ``ValueModel`` is a linear part plus one hidden layer of tanh units
over standardized inputs, stored as a few kilobytes of numpy arrays (``save``/``load``, an
``.npz`` file).  ``lambda_returns`` gives the TD(λ) targets of one seat's sequence of
positions in one game (λ = 1: the final margin itself; below 1 each target leans on the
model's value of the next position), and ``fit`` fits a model to targets by Adam on
mini-batches (seeded: the same data and seed give the same weights).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

Array = NDArray[np.float64]


@dataclass
class ValueModel:
    """``predict(x) = (z @ linear) + tanh(z @ hidden + hidden_bias) @ out + bias`` with
    ``z = (x - mean) / scale`` (a hidden layer of width 0 leaves a linear model)."""

    mean: Array
    scale: Array
    linear: Array
    hidden: Array
    hidden_bias: Array
    out: Array
    bias: float

    @classmethod
    def zeros(cls, mean: Array, scale: Array, width: int, rng: np.random.Generator
              ) -> ValueModel:
        """A fresh model for inputs of ``mean`` and ``scale`` (small random hidden weights)."""
        d = len(mean)
        return cls(mean.astype(np.float64), scale.astype(np.float64), np.zeros(d),
                   rng.normal(0.0, 1.0 / np.sqrt(d), (d, width)), np.zeros(width),
                   np.zeros(width), 0.0)

    @property
    def inputs(self) -> int:
        return len(self.mean)

    def predict(self, x: Array) -> Array:
        """The predicted final margin of each row of ``x`` (or of the one vector ``x``)."""
        z = (np.asarray(x, dtype=np.float64) - self.mean) / self.scale
        h = np.tanh(z @ self.hidden + self.hidden_bias)
        return np.asarray(z @ self.linear + h @ self.out + self.bias)

    def value(self, x: Array) -> float:
        """The predicted final margin of one feature vector."""
        return float(self.predict(x))

    def save(self, path: Path) -> None:
        np.savez_compressed(path, mean=self.mean, scale=self.scale, linear=self.linear,
                            hidden=self.hidden, hidden_bias=self.hidden_bias, out=self.out,
                            bias=np.array(self.bias))

    @classmethod
    def load(cls, path: Path) -> ValueModel:
        with np.load(path) as f:
            return cls(f["mean"], f["scale"], f["linear"], f["hidden"], f["hidden_bias"],
                       f["out"], float(f["bias"]))


def standardizer(x: Array) -> tuple[Array, Array]:
    """Each column's mean and spread (1 where a column is constant)."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    return mean, np.where(scale > 1e-9, scale, 1.0)


def lambda_returns(values: Array, final: float, lam: float) -> Array:
    """TD(λ) targets of one seat's positions in one game, in order: ``values`` are the
    model's predictions for them and ``final`` the seat's final margin.  The last target is
    ``final``; each earlier one mixes the next position's value and the next target,
    ``G[t] = (1 - λ) V[t+1] + λ G[t+1]``."""
    out = np.empty(len(values))
    g = final
    for t in range(len(values) - 1, -1, -1):
        out[t] = g
        g = (1.0 - lam) * values[t] + lam * g
    return out


def fit(x: Array, y: Array, model: ValueModel, rng: np.random.Generator, epochs: int = 8,
        batch: int = 256, rate: float = 3e-3, l2: float = 1e-4) -> ValueModel:
    """``model`` refitted to predict ``y`` from ``x`` (mean squared error plus a little
    weight decay), by Adam over shuffled mini-batches; returns a new model.  The output
    weights are fitted in units of ``y``'s spread (so the step size suits any scale)."""
    unit = float(y.std()) or 1.0
    y = y / unit
    params = [model.linear / unit, model.hidden.copy(), model.hidden_bias.copy(),
              model.out / unit, np.array([model.bias / unit])]
    moments = [(np.zeros_like(p), np.zeros_like(p)) for p in params]
    z_all = (x - model.mean) / model.scale
    n = len(y)
    step = 0
    for _ in range(epochs):
        order = rng.permutation(n)
        for start in range(0, n, batch):
            rows = order[start:start + batch]
            z, t = z_all[rows], y[rows]
            lin, hid, hb, out, b = params
            h = np.tanh(z @ hid + hb)
            err = (z @ lin + h @ out + b[0]) - t
            k = len(rows)
            dh = np.outer(err, out) * (1.0 - h * h)
            grads = [z.T @ err / k + l2 * lin, z.T @ dh / k + l2 * hid, dh.mean(axis=0),
                     h.T @ err / k + l2 * out, np.array([err.mean()])]
            step += 1
            for p, g, (m, v) in zip(params, grads, moments, strict=True):
                m *= 0.9
                m += 0.1 * g
                v *= 0.999
                v += 0.001 * g * g
                p -= rate * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
    lin, hid, hb, out, b = params
    return ValueModel(model.mean, model.scale, lin * unit, hid, hb, out * unit,
                      float(b[0]) * unit)


def rms_error(model: ValueModel, x: Array, y: Array) -> float:
    """The root mean squared error of ``model`` on ``x`` against ``y``."""
    return float(np.sqrt(np.mean((model.predict(x) - y) ** 2)))
