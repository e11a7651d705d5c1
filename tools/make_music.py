"""Compose the game's music: one calm, seamlessly looping theme per screen, as music/*.ogg.

    python tools/make_music.py [--out DIR] [--theme NAME ...]

Output goes to ``DIR/music`` (default: the project folder): Ogg Vorbis, 44.1 kHz stereo (the
mixer's own rate, so nothing is resampled and the loop stays sample-exact).  Everything is
synthesised with numpy from the scores below and fixed random seeds, so a run gives the same
samples every time; the encoder is ``soundfile`` (libsndfile), a development dependency.

- ``title``: F major, 72 bpm: soft mallet melody, celesta arpeggios, warm pad and bass.
- ``oregon``: G major pentatonic, 92 bpm: a finger-picked guitar under a plucked folk tune,
  with a soft pad.
- ``colorado``: D major waltz, 72 bpm: boom-chick bass and strum under a mellow harmonica.
- ``oasis``: D hijaz, 66 bpm: a breathy reed flute over a tanpura-like drone and a frame drum.

Seamless loops: every note, tail and echo that runs past the end of a loop is folded back onto
its start, the reverb is a circular convolution over the loop's length, and the filters work
on the whole loop by FFT, so sample N-1 flows into sample 0 as any two samples inside do.
Levels sit under the effects (RMS about -22 dBFS, soft-limited peaks under 0.4).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_sounds import RATE, highpass, lowpass, modes, rng_for  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TARGET_RMS = 0.075  # per channel, before the soft limiter
LIMIT = 0.38  # soft-limiter ceiling: peaks never reach it
REVERB_WIDTH = 0.6  # how much of the two ears' different echoes is kept: a modest image
OGG_COMPRESSION = 0.4  # soundfile's Vorbis compression level (0 best quality, 1 smallest)

# --------------------------------------------------------------------------------------------
# Notes and scores
# --------------------------------------------------------------------------------------------

_LETTER = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
_CHORD = {"": (0, 4, 7), "m": (0, 3, 7), "7": (0, 4, 7, 10)}


def midi(name: str) -> int:
    """``"F#4"`` -> 66."""
    m = re.fullmatch(r"([A-G])([#b]?)(-?\d)", name)
    if not m:
        raise ValueError(f"not a note: {name!r}")
    shift = {"#": 1, "b": -1, "": 0}[m.group(2)]
    return 12 * (int(m.group(3)) + 1) + _LETTER[m.group(1)] + shift


def hz(note: int | str) -> float:
    n = midi(note) if isinstance(note, str) else note
    return 440.0 * 2 ** ((n - 69) / 12)


@dataclass(frozen=True)
class Note:
    beat: float  # start, in beats from the loop's start
    beats: float  # length in beats
    freq: float


def melody(text: str, per_bar: int, start: float = 0.0) -> list[Note]:
    """``"B4:1.5 A4:.5 G4 E4 | - D4:3"`` -> notes; ``-`` is a rest, the default length is one
    beat and every bar between ``|`` must add up to ``per_bar`` beats (a typo cannot shift the
    rest of the tune)."""
    notes: list[Note] = []
    beat = start
    for i, bar in enumerate(text.split("|")):
        used = 0.0
        for token in bar.split():
            name, _, length = token.partition(":")
            beats = float(length) if length else 1.0
            if name != "-":
                notes.append(Note(beat, beats, hz(name)))
            beat += beats
            used += beats
        if abs(used - per_bar) > 1e-9:
            raise ValueError(f"bar {i + 1} of {text[:30]!r}... has {used} beats, not {per_bar}")
    return notes


def phrases(notes: list[Note]) -> list[list[Note]]:
    """Split a tune where a rest falls: a blown instrument takes a breath there."""
    out: list[list[Note]] = [[notes[0]]]
    for note in notes[1:]:
        last = out[-1][-1]
        if note.beat > last.beat + last.beats + 1e-9:
            out.append([])
        out[-1].append(note)
    return out


def progression(text: str) -> list[str]:
    """``"G Em | C D"`` -> one chord name per bar."""
    return text.replace("|", " ").split()


def chord(name: str, octave: int) -> tuple[int, list[int]]:
    """``"Em"`` -> (root midi note in octave ``octave``, [chord tones from there up])."""
    m = re.fullmatch(r"([A-G][#b]?)(m|7|)", name)
    if not m:
        raise ValueError(f"not a chord: {name!r}")
    root = midi(f"{m.group(1)}{octave}")
    return root, [root + i for i in _CHORD[m.group(2)]]


def _smooth_length(n: int) -> int:
    """The nearest even number of samples from ``n`` up whose prime factors are all <= 7."""
    m = n + n % 2
    while True:
        k = m
        for p in (2, 3, 5, 7):
            while k % p == 0:
                k //= p
        if k == 1:
            return m
        m += 2


class Loop:
    """A stereo loop of ``bars`` bars being written: clips are placed at beats, and whatever
    runs past the end is folded back onto the start by ``mix``."""

    def __init__(self, bpm: float, bars: int, per_bar: int):
        self.per_bar = per_bar
        self.beats = bars * per_bar
        # The length is nudged (by well under 0.1 %) to a number of samples with small prime
        # factors only: the FFTs over the whole loop (filters, reverb) are then fast.
        self.n = _smooth_length(int(round(self.beats * 60.0 / bpm * RATE)))
        self.beat_s = self.n / RATE / self.beats
        self.tracks: dict[str, np.ndarray] = {}

    def sample(self, beat: float) -> int:
        return int(round(beat * self.beat_s * RATE))

    def seconds(self, beats: float) -> float:
        return beats * self.beat_s

    def add(self, track: str, clip: np.ndarray, beat: float, gain: float = 1.0,
            pan: float = 0.0) -> None:
        """Place a mono ``clip`` at ``beat``; ``pan`` -1 (left) .. 1 (right), constant power."""
        if track not in self.tracks:
            self.tracks[track] = np.zeros((2 * self.n, 2))
        buf = self.tracks[track]
        if len(clip) > self.n:
            raise ValueError("a clip longer than the loop")
        i = self.sample(beat) % self.n
        angle = (pan + 1) * np.pi / 4
        buf[i : i + len(clip), 0] += gain * np.cos(angle) * clip
        buf[i : i + len(clip), 1] += gain * np.sin(angle) * clip

    def track(self, name: str) -> np.ndarray:
        """The track folded onto one loop length."""
        buf = self.tracks[name]
        return buf[: self.n] + buf[self.n :]


# --------------------------------------------------------------------------------------------
# Instruments (mono clips; cached, since accompaniments repeat the same notes)
# --------------------------------------------------------------------------------------------


def _time(seconds: float) -> np.ndarray:
    return np.arange(int(round(seconds * RATE))) / RATE


def _release(x: np.ndarray, seconds: float) -> np.ndarray:
    """Fade the last ``seconds`` to exactly zero (a raised-cosine tail)."""
    n = min(len(x), int(seconds * RATE))
    x[len(x) - n :] *= 0.5 + 0.5 * np.cos(np.linspace(0, np.pi, n))
    return x


@cache
def pluck(freq: float, seconds: float = 2.6, decay: float = 1.0, position: float = 0.2,
          top: float = 4200.0) -> np.ndarray:
    """A nylon-string pluck: harmonics from the plucking point, the high ones dying first,
    a slightly stiff string, a 4 ms onset (no click)."""
    t = _time(seconds)
    x = np.zeros_like(t)
    for k in range(1, 24):
        fk = k * freq * np.sqrt(1 + 0.00006 * k * k)
        if fk > top:
            break
        amp = abs(np.sin(np.pi * k * position)) / k**1.15
        x += amp * np.sin(2 * np.pi * fk * t) * np.exp(-t * (1 + 0.55 * (k - 1)) / decay)
    x *= 1 - np.exp(-t / 0.004)
    return _release(x, 0.25)


@cache
def mallet(freq: float, seconds: float = 3.0, decay: float = 1.6) -> np.ndarray:
    """A soft felt mallet on a wooden-metal bar (vibraphone-like, no motor)."""
    t = _time(seconds)
    x = modes(t, [(freq, 1.0, decay), (freq * 3.93, 0.10, decay * 0.22),
                  (freq * 2.0, 0.06, decay * 0.5)])
    x *= 1 - np.exp(-t / 0.006)
    return _release(x, 0.4)


@cache
def celesta(freq: float, seconds: float = 1.8) -> np.ndarray:
    """A small, soft bell for arpeggios."""
    t = _time(seconds)
    x = modes(t, [(freq, 1.0, 0.8), (freq * 2.0, 0.18, 0.35), (freq * 3.0, 0.05, 0.15)])
    x *= 1 - np.exp(-t / 0.004)
    return _release(x, 0.3)


@cache
def bass(freq: float, seconds: float = 1.8, decay: float = 0.9) -> np.ndarray:
    """A round finger-plucked bass: fundamental, a little second and third harmonic."""
    t = _time(seconds)
    x = modes(t, [(freq, 1.0, decay), (freq * 2, 0.3, decay * 0.5), (freq * 3, 0.08, decay * 0.3)])
    x *= 1 - np.exp(-t / 0.012)
    return _release(x, 0.3)


_PAD_WAVE = sum(0.55 ** (k - 1) / k * np.sin(2 * np.pi * k * np.arange(4096) / 4096)
                for k in range(1, 6))  # one cycle of the pad's soft, few-harmonic wave


def pad(freqs: tuple[float, ...], seconds: float, seed: str, attack: float = 1.4,
        release: float = 1.8) -> np.ndarray:
    """A warm string pad: three slightly detuned voices per note, soft harmonics, a slow
    swell in and out (``seconds`` held, then ``release``)."""
    rng = rng_for(seed)
    t = _time(seconds + release)
    x = np.zeros_like(t)
    size = len(_PAD_WAVE)
    for f in freqs:
        for detune in (-0.004, 0.0, 0.0037):
            cycles = f * (1 + detune) * t + rng.uniform()
            x += np.interp((cycles % 1) * size, np.arange(size), _PAD_WAVE)
    env = np.clip(t / attack, 0, 1)
    env = np.sin(env * np.pi / 2) ** 2
    fade = np.clip((seconds + release - t) / release, 0, 1)
    return x * env * np.sin(fade * np.pi / 2) ** 2 / (3 * len(freqs))


def _box(x: np.ndarray, width: int) -> np.ndarray:
    """Moving average over ``width`` samples, the ends held (a glide between levels)."""
    padded = np.pad(x, (width, width), mode="edge")
    c = np.cumsum(padded)
    half = width // 2
    return (c[2 * width - half : len(c) - half] - c[width - half : len(c) - width - half]) / width


def blown(notes: list[Note], loop: Loop, seed: str, harmonics: tuple[float, ...],
          breath: float, vibrato: tuple[float, float], glide: float = 0.06,
          attack: float = 0.09) -> tuple[float, np.ndarray]:
    """One legato phrase of a breath-blown instrument (a reed flute, a harmonica): the notes
    glide into each other, vibrato grows on held notes, breath noise follows the blowing.
    Returns (start beat, clip)."""
    rng = rng_for(seed)
    start = notes[0].beat
    end = notes[-1].beat + notes[-1].beats
    tail = 0.35
    n = int(round(loop.seconds(end - start) * RATE + tail * RATE))
    t = np.arange(n) / RATE
    logf = np.full(n, np.log(notes[0].freq))
    since = np.zeros(n)  # seconds since the current note began
    accent = np.zeros(n)
    for note in notes:
        i = int(round(loop.seconds(note.beat - start) * RATE))
        logf[i:] = np.log(note.freq)
        since[i:] = t[i:] - t[i]
        accent[i:] = 1.0 if note is notes[0] else 0.35
    logf = _box(logf, max(2, int(glide * RATE)))
    rate, depth = vibrato
    vib = depth * np.clip((since - 0.3) / 0.6, 0, 1) * np.sin(2 * np.pi * rate * since)
    phase = 2 * np.pi * np.cumsum(np.exp(logf) * (1 + vib)) / RATE
    tone = sum(a * np.sin((k + 1) * phase) for k, a in enumerate(harmonics))
    blow_end = loop.seconds(end - start)
    env = np.clip(t / attack, 0, 1) * np.clip((blow_end - t) / 0.25 + 1, 0, 1)
    env = np.sin(env * np.pi / 2) ** 2
    # tongued note changes: a small dip and a breath puff at each new note
    env *= 1 - 0.22 * accent * np.exp(-since / 0.05) * (since > 0)
    noise = highpass(lowpass(rng.standard_normal(n), 2400), 500)
    puff = 1 + 2.5 * np.exp(-since / 0.08)
    x = tone * env + breath * noise * env * puff
    return start, _release(x, 0.05)


@cache
def frame_drum(seconds: float = 0.7) -> np.ndarray:
    """The deep 'dum' of a frame drum struck in the middle: a falling low thump."""
    t = _time(seconds)
    f = 70 + 30 * np.exp(-t / 0.05)
    x = np.sin(2 * np.pi * np.cumsum(f) / RATE) * np.exp(-t / 0.22)
    x += 0.25 * np.sin(2 * np.pi * 2.3 * np.cumsum(f) / RATE) * np.exp(-t / 0.06)
    rng = rng_for("frame_drum")
    x += 0.15 * lowpass(rng.standard_normal(len(t)), 500) * np.exp(-t / 0.02)
    x *= 1 - np.exp(-t / 0.003)
    return _release(x, 0.1)


@cache
def rim(seconds: float = 0.25) -> np.ndarray:
    """The soft 'tek' of fingers on the drum's rim."""
    t = _time(seconds)
    rng = rng_for("rim")
    x = modes(t, [(620, 1.0, 0.035), (1040, 0.45, 0.02)])
    x += 0.3 * lowpass(highpass(rng.standard_normal(len(t)), 1200), 3500) * np.exp(-t / 0.012)
    x *= 1 - np.exp(-t / 0.002)
    return _release(x, 0.05)


def drone(loop: Loop, freqs: tuple[float, ...], seed: str) -> np.ndarray:
    """A shruti-box drone over the whole loop: reedy sustained notes breathing slowly.  Every
    frequency is nudged (by under 0.02 Hz) to a whole number of cycles per loop, so the drone
    itself loops without a seam."""
    rng = rng_for(seed)
    length = loop.n / RATE
    t = np.arange(loop.n) / RATE

    def periodic(f: float) -> float:
        return max(1, round(f * length)) / length

    x = np.zeros(loop.n)
    for f in freqs:
        swell = 0.75 + 0.25 * np.sin(2 * np.pi * periodic(1 / 9.0) * t + rng.uniform(0, 6.3))
        for k, a in enumerate((1.0, 0.5, 0.3, 0.18, 0.1, 0.06), start=1):
            x += a * swell * np.sin(2 * np.pi * periodic(f * k) * t + rng.uniform(0, 6.3))
    return x / len(freqs)


# --------------------------------------------------------------------------------------------
# Mixing
# --------------------------------------------------------------------------------------------


def circular_reverb(x: np.ndarray, seconds: float, seed: str) -> np.ndarray:
    """A warm hall as a circular convolution over the loop: the echo of the last bars rings
    on into the first ones, as it would when the loop plays again."""
    rng = rng_for(seed)
    n = len(x)
    tt = np.arange(int(seconds * RATE)) / RATE
    out = np.empty_like(x)
    for ch in range(2):  # a different room response per ear: a wide, soft image
        ir = rng.standard_normal(len(tt)) * np.exp(-tt / (seconds / 6.9))
        ir *= 1 - np.exp(-tt / 0.015)  # the first reflections arrive a little later
        ir = lowpass(ir, 2800)
        ir /= np.sqrt(np.sum(ir**2))
        out[:, ch] = np.fft.irfft(np.fft.rfft(x[:, ch]) * np.fft.rfft(ir, n), n)
    mid = out.mean(axis=1, keepdims=True)
    return mid + REVERB_WIDTH * (out - mid)


def tone(x: np.ndarray, low_cut: float, high_cut: float) -> np.ndarray:
    """Band-limit both channels: the response of make_sounds' ``highpass`` then ``lowpass``,
    in one FFT over the whole loop (so the filters wrap around the seam)."""
    freqs = np.fft.rfftfreq(len(x), 1 / RATE)
    r = freqs / low_cut
    gain = r / np.sqrt(1 + r**2) / np.sqrt(1 + (freqs / high_cut) ** 4)
    return np.fft.irfft(np.fft.rfft(x, axis=0) * gain[:, None], len(x), axis=0)


def master(loop: Loop, levels: dict[str, tuple[float, float]], reverb_s: float,
           seed: str) -> np.ndarray:
    """Sum the tracks at ``levels`` {track: (dry gain, reverb send)}, add the hall, shape the
    tone, set the loudness, soft-limit the peaks.  Returns float samples, shape (n, 2)."""
    dry = np.zeros((loop.n, 2))
    send = np.zeros((loop.n, 2))
    for name, (gain, wet) in levels.items():
        x = loop.track(name)
        dry += gain * x
        send += wet * x
    mix = dry + circular_reverb(send, reverb_s, seed + " hall")
    mix = tone(mix, 40.0, 5000.0)
    mix -= mix.mean(axis=0)
    mix *= TARGET_RMS / np.sqrt(np.mean(mix**2))
    return quiet_start(LIMIT * np.tanh(mix / LIMIT))


def quiet_start(x: np.ndarray, before: float = 0.4, window: float = 0.01) -> np.ndarray:
    """Rotate the loop so the file starts at the quietest moment of the ``before`` seconds
    that lead into the first bar.  Vorbis codes the two ends of a file a little less
    faithfully than the middle (it sees a cut there), so the seam goes where there is least
    to code; the music itself is unchanged."""
    k = int(window * RATE)
    span = int(before * RATE)
    energy = np.convolve((x[-span:] ** 2).sum(axis=1), np.ones(k), "same")
    return np.roll(x, span - int(np.argmin(energy)), axis=0)


def strum(loop: Loop, track: str, freqs: list[float], beat: float, gain: float,
          pan: float, spread: float = 0.018, decay: float = 0.35, up: bool = False) -> None:
    """Strings brushed one after another (down: low to high), short and muted."""
    order = list(reversed(freqs)) if up else freqs
    for i, f in enumerate(order):
        clip = pluck(f, 0.9, decay, 0.25)
        loop.add(track, clip, beat + i * spread / loop.beat_s, gain * (0.8 + 0.2 * (i == 0)), pan)


# --------------------------------------------------------------------------------------------
# The themes
# --------------------------------------------------------------------------------------------


def title() -> np.ndarray:
    """Welcoming and unhurried: a mallet tune over celesta arpeggios, pad and bass."""
    loop = Loop(bpm=72, bars=12, per_bar=4)
    bars = progression("F Am Bb F | Dm Bb Gm C | F Am Bb C")
    tune = melody(
        "C5:2 A4 C5 | E5:3 D5 | D5:2 F5 D5 | C5:4 |"
        " A4:2 D5 F5 | F5:2 E5 D5 | D5:2 Bb4 G4 | C5:3 - |"
        " A4:2 C5 F5 | E5:2 C5 A4 | Bb4:2 D5 F5 | E5:2 D5 -",
        4,
    )
    for note in tune:
        loop.add("tune", mallet(note.freq), note.beat, 1.0, 0.12)
    for b, name in enumerate(bars):
        root, tones = chord(name, 3)
        beat = b * 4
        loop.add("pad", pad(tuple(hz(n) for n in tones), loop.seconds(4) - 0.4, f"title {b}"),
                 beat - 0.3)
        loop.add("bass", bass(hz(root - 12), 2.6, 1.2), beat, 1.0)
        loop.add("bass", bass(hz(root - 12 + 7), 1.6, 0.8), beat + 2.5, 0.55)
        arp = [tones[0] + 12, tones[1] + 12, tones[2] + 12, tones[1] + 24]
        for i in range(8):
            note = arp[(i * 3 + b) % 4] if i % 2 else arp[(i // 2) % 3]
            loop.add("arp", celesta(hz(note)), beat + i * 0.5, 0.75 if i % 2 else 1.0,
                     -0.35 if i % 2 else -0.15)
    return master(loop, {"tune": (0.55, 0.35), "arp": (0.16, 0.3), "pad": (0.22, 0.3),
                         "bass": (0.5, 0.08)}, 2.6, "title")


def oregon() -> np.ndarray:
    """Wide skies and wagons: a finger-picked guitar, a plucked pentatonic tune, a soft pad."""
    loop = Loop(bpm=92, bars=16, per_bar=4)
    bars = progression("G G Em Em | C C D D | G G C C | Em D G D")
    tune = melody(
        "B4:1.5 A4:.5 G4 E4 | D4 E4 G4:2 | B4:1.5 D5:.5 E5 D5 | B4:3 - |"
        " E5:1.5 D5:.5 E5 G5 | E5:2 D5 B4 | A4:1.5 B4:.5 A4 G4 | A4:3 - |"
        " D5:1.5 B4:.5 D5 E5 | D5:2 B4 A4 | G4 A4 B4 E5 | E5:2 D5 B4 |"
        " B4:1.5 A4:.5 G4 E4 | D4 E4 A4:2 | G4:4 | -:3 A4",
        4,
    )
    for note in tune:
        clip = pluck(note.freq, 2.6, 1.3, 0.18, 5000.0)
        loop.add("tune", clip, note.beat, 1.0, 0.2)
    for b, name in enumerate(bars):
        root, tones = chord(name, 2)
        if root < midi("E2"):
            root += 12
        beat = b * 4
        fifth = root + 7 if root + 7 <= midi("D3") else root - 5
        upper = [tones[1] + 12, tones[2] + 12, tones[0] + 24, tones[1] + 12]
        for i in range(4):  # Travis picking: thumb on the beats, fingers between them
            loop.add("guitar", pluck(hz(root if i % 2 == 0 else fifth), 2.0, 1.0, 0.25),
                     beat + i, 1.0, -0.3)
            loop.add("guitar", pluck(hz(upper[(i + b) % 4]), 1.6, 0.8, 0.22), beat + i + 0.5,
                     0.55, -0.25)
        if b % 2 == 0:
            tones3 = tuple(hz(n + 12) for n in tones)
            loop.add("pad", pad(tones3, loop.seconds(8) - 0.5, f"oregon {b}", 2.0, 2.2), beat)
    return master(loop, {"tune": (0.62, 0.32), "guitar": (0.42, 0.22), "pad": (0.14, 0.4)},
                  2.2, "oregon")


def colorado() -> np.ndarray:
    """Evening on the range: a slow waltz, boom-chick guitar, a mellow harmonica."""
    loop = Loop(bpm=72, bars=16, per_bar=3)
    bars = progression("D D G D | D Bm A A | D D7 G G | D A D A")
    tune = melody(
        "A4:2 F#4 | A4:3 | B4:2 D5 | A4:3 |"
        " F#4 G4 A4 | F#4:2 D4 | E4:2 F#4 | E4:2 - |"
        " A4:2 D5 | C5:2 A4 | B4:2 G4 | D5:3 |"
        " A4:2 F#4 | E4:2 G4 | D4:3 | - C#4 E4",
        3,
    )
    for i, notes in enumerate(phrases(tune)):
        beat, clip = blown(notes, loop, f"harmonica {i}", (1.0, 0.55, 0.4, 0.22, 0.14, 0.08, 0.05),
                           0.035, (5.2, 0.005), glide=0.035, attack=0.12)
        loop.add("harmonica", clip, beat, 1.0, 0.15)
    for b, name in enumerate(bars):
        root, tones = chord(name, 2)
        if root < midi("E2"):
            root += 12
        beat = b * 3
        boom = root if b % 2 == 0 else (root + 7 if root + 7 <= midi("D3") else root - 5)
        loop.add("bass", bass(hz(boom), 1.6, 0.7), beat, 1.0, -0.05)
        loop.add("bass", pluck(hz(boom), 1.4, 0.8, 0.3, 2500.0), beat, 0.5, -0.1)
        high = [hz(n + 12) for n in tones[:3]] + [hz(tones[0] + 24)]
        strum(loop, "strum", high, beat + 1, 0.5, -0.35)
        strum(loop, "strum", high, beat + 2, 0.4, -0.35, up=True)
        if b % 4 == 0:
            tones3 = tuple(hz(n + 12) for n in tones[:3])
            loop.add("pad", pad(tones3, loop.seconds(6) - 0.5, f"colorado {b}", 2.5, 2.5), beat)
    return master(loop, {"harmonica": (0.5, 0.3), "bass": (0.55, 0.08), "strum": (0.22, 0.2),
                         "pad": (0.1, 0.4)}, 2.8, "colorado")


def oasis() -> np.ndarray:
    """Heat over the dunes: a reed flute in hijaz over a drone, a tanpura and a frame drum."""
    loop = Loop(bpm=66, bars=12, per_bar=4)
    tune = melody(
        "-:.5 A4:2.5 Bb4:.5 A4:.5 | G4:2 F#4:2 | G4 A4 Bb4 C5 | A4:3 - |"
        " -:.5 D5:1.5 C5:.5 Bb4:1.5 | A4:2 G4 A4 | F#4:1.5 G4:.5 Eb4:2 | D4:3 - |"
        " -:2 A4 Bb4 | C5:1.5 Bb4:.5 A4:2 | G4 F#4 Eb4 F#4 | D4:3 -",
        4,
    )
    for i, notes in enumerate(phrases(tune)):
        beat, clip = blown(notes, loop, f"ney {i}", (1.0, 0.28, 0.1, 0.04), 0.09, (4.6, 0.007),
                           glide=0.09, attack=0.16)
        loop.add("ney", clip, beat, 1.0, 0.18)
    d2, a2, d3 = hz("D2"), hz("A2"), hz("D3")
    for b in range(12):  # the tanpura's pa-sa-sa-sa, then the drum: dum . tek dum . tek .
        beat = b * 4
        for i, f in enumerate((a2, d3, d3, d2)):
            loop.add("tanpura", pluck(f, 3.4, 2.2, 0.12, 3000.0), beat + i, 0.9 if i else 1.0,
                     -0.3)
        loop.add("drum", frame_drum(), beat, 1.0, 0.1)
        loop.add("drum", rim(), beat + 1.5, 0.35, 0.25)
        loop.add("drum", frame_drum(), beat + 2.5, 0.6, 0.1)
        loop.add("drum", rim(), beat + 3.5, 0.25, 0.25)
    bed = drone(loop, (d2, a2), "oasis drone")
    loop.tracks["drone"] = np.zeros((2 * loop.n, 2))
    loop.tracks["drone"][: loop.n] = bed[:, None] * np.sqrt(0.5)
    return master(loop, {"ney": (0.55, 0.35), "tanpura": (0.2, 0.25), "drum": (0.32, 0.12),
                         "drone": (0.12, 0.1)}, 3.0, "oasis")


THEMES: dict[str, Callable[[], np.ndarray]] = {
    "title": title,
    "oregon": oregon,
    "colorado": colorado,
    "oasis": oasis,
}


def write_ogg(path: Path, x: np.ndarray) -> None:
    import soundfile

    soundfile.write(str(path), x, RATE, format="OGG", subtype="VORBIS",
                    compression_level=OGG_COMPRESSION)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT, help="folder that receives music/")
    parser.add_argument("--theme", action="append", choices=sorted(THEMES),
                        help="make only this theme (may be repeated)")
    args = parser.parse_args(argv)
    folder = args.out / "music"
    folder.mkdir(parents=True, exist_ok=True)
    for name in args.theme or THEMES:
        path = folder / f"{name}.ogg"
        write_ogg(path, THEMES[name]())
        print(path.relative_to(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
