"""Hand-made learned value models for the bot tests."""

from __future__ import annotations

import numpy as np

from game.bots.learned import ValueModel


def one_feature(size: int, k: int, weight: float) -> ValueModel:
    """A linear model over ``size`` features that reads feature ``k`` alone, times ``weight``."""
    linear = np.zeros(size)
    linear[k] = weight
    return ValueModel(np.zeros(size), np.ones(size), linear, np.zeros((size, 0)), np.zeros(0),
                      np.zeros(0), 0.0)
