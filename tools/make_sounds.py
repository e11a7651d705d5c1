"""Synthesise the game's sound effects into sounds/*.wav (44.1 kHz, 16-bit, mono).

    python tools/make_sounds.py [--out DIR]

Output goes to ``DIR/sounds`` (default: the project folder). Everything is made from numpy
noise and sine waves with a fixed random seed, so two runs give byte-identical files.
Each sound is normalised to its own peak level (quiet interface ticks, fuller fanfare), gets a
short fade in and out, and never clips. The names are listed in ``game.assets.SOUND_NAMES``.
"""

from __future__ import annotations

import argparse
import math
import sys
import wave
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
RATE = 44100


def t_axis(seconds: float) -> np.ndarray:
    return np.arange(int(round(seconds * RATE)), dtype=np.float64) / RATE


def rng_for(name: str) -> np.random.Generator:
    return np.random.default_rng(sum(ord(c) * 31**i for i, c in enumerate(name)) % 2**32)


def env_ad(t: np.ndarray, attack: float, decay: float) -> np.ndarray:
    """Linear attack then exponential decay (``decay`` is the time constant in seconds)."""
    a = np.clip(t / max(attack, 1e-4), 0, 1)
    d = np.exp(-np.maximum(t - attack, 0) / decay)
    return a * d


def svf(x: np.ndarray, cutoff, q: float = 0.7, mode: str = "band") -> np.ndarray:
    """State-variable filter; ``cutoff`` may be a number or an array (a sweep), in Hz."""
    n = len(x)
    fc = np.broadcast_to(np.asarray(cutoff, np.float64), (n,))
    f = 2 * np.sin(np.pi * np.clip(fc, 10, RATE / 6) / RATE)
    damp = 1 / q
    low = band = 0.0
    out = np.empty(n)
    for i in range(n):
        high = x[i] - low - damp * band
        band += f[i] * high
        low += f[i] * band
        out[i] = band if mode == "band" else low if mode == "low" else high
    return out


def lowpass(x: np.ndarray, cutoff: float, order: int = 2) -> np.ndarray:
    """Zero-phase low-pass with a Butterworth-shaped magnitude, by FFT (fast, no recursion)."""
    spec = np.fft.rfft(x)
    freqs = np.fft.rfftfreq(len(x), 1 / RATE)
    return np.fft.irfft(spec / np.sqrt(1 + (freqs / cutoff) ** (2 * order)), len(x))


def highpass(x: np.ndarray, cutoff: float) -> np.ndarray:
    spec = np.fft.rfft(x)
    freqs = np.fft.rfftfreq(len(x), 1 / RATE)
    r = freqs / cutoff
    return np.fft.irfft(spec * r / np.sqrt(1 + r**2), len(x))


def modes(t: np.ndarray, partials) -> np.ndarray:
    """Sum of damped sines: ``partials`` is a list of (freq Hz, amplitude, decay s)."""
    out = np.zeros_like(t)
    for freq, amp, decay in partials:
        out += amp * np.sin(2 * np.pi * freq * t) * np.exp(-t / decay)
    return out


def reverb(x: np.ndarray, seconds: float, mix: float, rng: np.random.Generator) -> np.ndarray:
    """A small warm room: convolution with decaying, darkened noise; the tail is appended."""
    tt = t_axis(seconds)
    ir = rng.standard_normal(len(tt)) * np.exp(-tt / (seconds / 5))
    ir = lowpass(ir, 3500)
    ir /= np.sqrt(np.sum(ir**2))
    n = len(x) + len(ir)
    size = 1 << (n - 1).bit_length()
    wet = np.fft.irfft(np.fft.rfft(x, size) * np.fft.rfft(ir, size), size)[:n]
    dry = np.concatenate([x, np.zeros(len(ir))])
    return dry + mix * wet


def place(total: np.ndarray, clip: np.ndarray, at: float, gain: float = 1.0) -> None:
    i = int(round(at * RATE))
    j = min(len(total), i + len(clip))
    total[i:j] += gain * clip[: j - i]


def finish(x: np.ndarray, peak: float, fade_in: float = 0.002, fade_out: float = 0.03):
    """Remove DC, fade the ends, normalise to ``peak`` (0..1)."""
    x = x - np.mean(x)
    n_in = max(1, int(fade_in * RATE))
    n_out = max(1, int(fade_out * RATE))
    x[:n_in] *= np.linspace(0, 1, n_in) ** 2
    x[-n_out:] *= np.linspace(1, 0, n_out) ** 2
    return x * (peak / np.max(np.abs(x)))


# --------------------------------------------------------------------------------------------
# The sounds
# --------------------------------------------------------------------------------------------


def swish(rng):
    """A card sliding across felt: a band of noise sweeping up, then away."""
    t = t_axis(0.34)
    noise = rng.standard_normal(len(t))
    sweep = 900 + 3200 * np.sin(np.pi * np.clip(t / 0.3, 0, 1)) ** 1.5
    x = svf(noise, sweep, q=1.2)
    env = np.sin(np.pi * np.clip(t / 0.3, 0, 1)) ** 2.2
    return finish(lowpass(highpass(x * env, 350), 5000), 0.55, fade_out=0.04)


def flip(rng):
    """A card turned over: a papery flap and a soft slap on the table."""
    t = t_axis(0.2)
    total = np.zeros_like(t)
    flap = svf(rng.standard_normal(len(t)), 2600, q=1.5) * env_ad(t, 0.012, 0.025)
    place(total, flap, 0.0, 0.6)
    slap = lowpass(rng.standard_normal(len(t)), 1800) * env_ad(t, 0.002, 0.018)
    slap += modes(t, [(190, 0.6, 0.03)])
    place(total, slap, 0.06, 1.0)
    return finish(lowpass(total, 4500), 0.55, fade_out=0.03)


def knock(rng):
    """A wooden farmer set down: short hollow wood modes over a tiny click."""
    t = t_axis(0.24)
    body = modes(
        t, [(415, 1.0, 0.045), (1010, 0.55, 0.025), (1730, 0.3, 0.015), (2560, 0.15, 0.01)]
    )
    click = highpass(rng.standard_normal(len(t)), 2500) * env_ad(t, 0.0005, 0.003)
    thud = modes(t, [(150, 0.45, 0.03)])
    return finish(lowpass(body + 0.25 * click + thud, 6000), 0.8, fade_in=0.0005, fade_out=0.05)


def drop(rng):
    """A thick cardboard tile laid on the board: a muffled thud with a papery edge."""
    t = t_axis(0.28)
    thud = modes(t, [(120, 1.0, 0.05), (240, 0.4, 0.03), (530, 0.25, 0.02)])
    paper = lowpass(rng.standard_normal(len(t)), 2200) * env_ad(t, 0.001, 0.02)
    x = thud + 0.5 * paper
    second = np.zeros_like(t)
    place(second, 0.25 * thud, 0.035)
    return finish(lowpass(x + second, 3000), 0.8, fade_in=0.0005, fade_out=0.06)


def _chime(t, f, amp=1.0, decay=0.5):
    return (
        amp
        * modes(t, [(f, 1.0, decay), (f * 2.76, 0.32, decay * 0.35), (f * 5.4, 0.12, decay * 0.18)])
        * np.clip(t / 0.002, 0, 1)
    )


def coin(rng):
    """Points: two bright, bell-like notes (B5 then E6)."""
    t = t_axis(0.65)
    total = np.zeros_like(t)
    place(total, _chime(t, 987.8, 0.7, 0.18), 0.0)
    place(total, _chime(t, 1318.5, 1.0, 0.35), 0.075)
    total = reverb(total, 0.4, 0.12, rng)[: len(t)]
    return finish(total, 0.6, fade_out=0.08)


def token(rng):
    """A thick token flipped over: a plastic tick, a spin and a clack."""
    t = t_axis(0.26)
    total = np.zeros_like(t)
    tick = modes(t, [(2300, 1.0, 0.008), (3700, 0.5, 0.005)])
    place(total, tick, 0.0, 0.7)
    spin = svf(rng.standard_normal(len(t)), 1500 + 3000 * t / 0.26, q=3) * env_ad(t, 0.03, 0.03)
    place(total, spin, 0.01, 0.35)
    clack = modes(t, [(820, 1.0, 0.03), (1900, 0.5, 0.015)]) + 0.3 * highpass(
        rng.standard_normal(len(t)), 3000
    ) * env_ad(t, 0.0005, 0.003)
    place(total, clack, 0.11, 1.0)
    return finish(lowpass(total, 6000), 0.6, fade_in=0.0005, fade_out=0.05)


def error(rng):
    """Not allowed: two soft, low bumps falling in pitch (never a buzzer)."""
    t = t_axis(0.34)
    total = np.zeros_like(t)
    for at, f0 in ((0.0, 220.0), (0.13, 175.0)):
        tt = t_axis(0.18)
        f = f0 * (1 - 0.18 * tt / 0.18)
        phase = 2 * np.pi * np.cumsum(f) / RATE
        bump = (np.sin(phase) + 0.25 * np.sin(2 * phase)) * env_ad(tt, 0.008, 0.045)
        place(total, bump, at)
    return finish(lowpass(total, 900), 0.6, fade_out=0.05)


def click(rng):
    """A button press: a short, rounded wooden click."""
    t = t_axis(0.07)
    x = modes(t, [(1750, 1.0, 0.01), (2900, 0.4, 0.006), (620, 0.35, 0.015)])
    x += 0.2 * highpass(rng.standard_normal(len(t)), 4000) * env_ad(t, 0.0003, 0.002)
    return finish(lowpass(x, 6000), 0.45, fade_in=0.0003, fade_out=0.015)


def back(rng):
    """Back or cancel: a soft click that steps down in pitch."""
    t = t_axis(0.12)
    total = np.zeros_like(t)
    place(total, modes(t, [(1320, 1.0, 0.012), (2200, 0.3, 0.006)]), 0.0, 0.8)
    place(total, modes(t, [(880, 1.0, 0.018), (1500, 0.3, 0.008)]), 0.045, 1.0)
    return finish(lowpass(total, 5000), 0.4, fade_in=0.0003, fade_out=0.02)


def tick(rng):
    """Focus moved: the quietest, lightest tick."""
    t = t_axis(0.045)
    x = modes(t, [(3200, 1.0, 0.005), (5100, 0.3, 0.003)])
    return finish(x, 0.25, fade_in=0.0003, fade_out=0.012)


def _brass(t, f, amp=1.0, attack=0.03, release=0.12, length=None):
    """A warm brass-like note: odd and even harmonics, slow brightening, gentle vibrato."""
    length = length or t[-1]
    vib = 1 + 0.004 * np.sin(2 * np.pi * 5.2 * t) * np.clip((t - 0.15) / 0.2, 0, 1)
    phase = 2 * np.pi * f * np.cumsum(vib) / RATE
    bright = np.clip(t / 0.08, 0, 1)
    x = np.zeros_like(t)
    for k in range(1, 9):
        if f * k > 9000:
            break
        x += np.sin(k * phase) * (1 / k**1.2) * (bright if k > 2 else 1)
    env = np.clip(t / attack, 0, 1) * np.clip((length - t) / release, 0, 1)
    return amp * x * env


def fanfare(rng):
    """The game is won: a short rising brass fanfare ending on a held major chord."""
    t = t_axis(3.0)
    total = np.zeros_like(t)
    c5, e5, g5, c6, g4 = 523.25, 659.25, 783.99, 1046.5, 392.0
    seq = [(0.0, g4, 0.16), (0.17, c5, 0.16), (0.34, e5, 0.16), (0.51, g5, 0.34), (0.86, e5, 0.14)]
    for at, f, dur in seq:
        tt = t_axis(dur)
        place(total, _brass(tt, f, 0.8, 0.015, 0.05, dur), at)
    hold = 1.5
    tt = t_axis(hold)
    for f, a in ((c5, 0.5), (e5, 0.45), (g5, 0.5), (c6, 0.7)):
        place(total, _brass(tt, f, a, 0.03, 0.6, hold), 1.01)
    drum = modes(t_axis(0.5), [(98, 1.0, 0.12), (147, 0.5, 0.08)])
    drum += 0.3 * lowpass(rng.standard_normal(len(drum)), 600) * env_ad(t_axis(0.5), 0.002, 0.05)
    place(total, drum, 1.01, 1.2)
    total = lowpass(total, 5000)
    total = reverb(total, 0.9, 0.18, rng)[: len(t)]
    return finish(total, 0.8, fade_in=0.004, fade_out=0.3)


def bell(rng):
    """Your turn: a friendly two-note chime (G5, C6) with a soft bell tail."""
    t = t_axis(1.3)
    total = np.zeros_like(t)

    def strike(f):
        return modes(
            t,
            [(f, 1.0, 0.6), (f * 2.0, 0.35, 0.3), (f * 3.0, 0.12, 0.15), (f * 4.2, 0.06, 0.08)],
        ) * np.clip(t / 0.004, 0, 1)

    place(total, strike(783.99), 0.0, 0.8)
    place(total, strike(1046.5), 0.16, 1.0)
    total = reverb(total, 0.6, 0.15, rng)[: len(t)]
    return finish(total, 0.6, fade_out=0.25)


def chime(rng):
    """Your turn has come: three soft, rising glass-bell notes (C6, E6, G6) with a warm
    tail, lighter than the hand-off's bell."""
    t = t_axis(1.1)
    total = np.zeros_like(t)

    def strike(f):
        return modes(t, [(f, 1.0, 0.45), (f * 2.0, 0.22, 0.2), (f * 3.01, 0.08, 0.1)]) * np.clip(
            t / 0.006, 0, 1
        )

    for k, (f, gain) in enumerate(((1046.5, 0.7), (1318.5, 0.8), (1568.0, 1.0))):
        place(total, strike(f), 0.09 * k, gain)
    total = reverb(lowpass(total, 6000), 0.5, 0.14, rng)[: len(t)]
    return finish(total, 0.5, fade_in=0.003, fade_out=0.3)


def shuffle(rng):
    """A deck riffle-shuffled: a rush of card flutters, then the deck squared."""
    t = t_axis(0.85)
    total = np.zeros_like(t)
    flick_t = t_axis(0.012)
    n = 42
    times = 0.03 + 0.55 * (np.arange(n) / n) ** 1.1 + rng.uniform(-0.004, 0.004, n)
    for i, at in enumerate(times):
        f = 2400 + 1400 * rng.uniform()
        flick = svf(rng.standard_normal(len(flick_t)), f, q=2) * env_ad(flick_t, 0.0008, 0.003)
        swell = math.sin(math.pi * (i + 0.5) / n) ** 0.6
        place(total, flick, at, 0.5 + 0.5 * swell)
    bed = (
        svf(rng.standard_normal(len(t)), 3000, q=0.8) * np.sin(np.pi * np.clip(t / 0.62, 0, 1)) ** 2
    )
    total += 0.12 * bed
    tap = lowpass(rng.standard_normal(len(t)), 1500) * env_ad(t, 0.001, 0.02)
    tap += modes(t, [(210, 0.5, 0.03), (470, 0.25, 0.02)])
    place(total, tap, 0.7, 0.8)
    return finish(lowpass(highpass(total, 300), 5500), 0.55, fade_out=0.05)


SOUNDS = {
    "swish": swish,
    "flip": flip,
    "knock": knock,
    "drop": drop,
    "coin": coin,
    "token": token,
    "error": error,
    "click": click,
    "back": back,
    "tick": tick,
    "fanfare": fanfare,
    "bell": bell,
    "chime": chime,
    "shuffle": shuffle,
}


def write_wav(path: Path, x: np.ndarray) -> None:
    data = np.clip(np.round(x * 32767), -32767, 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT, help="folder that receives sounds/")
    args = parser.parse_args(argv)
    folder = args.out / "sounds"
    folder.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        path = folder / f"{name}.wav"
        write_wav(path, make(rng_for(name)))
        print(path.relative_to(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
