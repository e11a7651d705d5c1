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

Each theme runs close to three minutes in four sections -- the tune; an answer on another
instrument (over other chords where the theme has chords), its melody made from the tune's
rhythm and contour; the tune varied (seeded steps up and down the scale, passing notes); a
part in another key -- so a long game does not hear the same forty seconds over and over.

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
OGG_COMPRESSION = 0.7  # soundfile's Vorbis compression level (0 best quality, 1 smallest)
WRITE_BLOCK = 1 << 16  # samples handed to the encoder at a time

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


TAIL_S = 30.0  # seconds: the longest clip (a phrase, a held pad) that may run past the end


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
        self.tail = min(self.n, int(TAIL_S * RATE))
        self.tracks: dict[str, np.ndarray] = {}

    def sample(self, beat: float) -> int:
        return int(round(beat * self.beat_s * RATE))

    def seconds(self, beats: float) -> float:
        return beats * self.beat_s

    def add(self, track: str, clip: np.ndarray, beat: float, gain: float = 1.0,
            pan: float = 0.0) -> None:
        """Place a mono ``clip`` at ``beat``; ``pan`` -1 (left) .. 1 (right), constant power."""
        if track not in self.tracks:
            self.tracks[track] = np.zeros((self.n + self.tail, 2))
        buf = self.tracks[track]
        if len(clip) > self.tail:
            raise ValueError("a clip longer than the loop's tail")
        i = self.sample(beat) % self.n
        angle = (pan + 1) * np.pi / 4
        buf[i : i + len(clip), 0] += gain * np.cos(angle) * clip
        buf[i : i + len(clip), 1] += gain * np.sin(angle) * clip

    def track(self, name: str) -> np.ndarray:
        """The track folded onto one loop length."""
        buf = self.tracks[name]
        out = buf[: self.n].copy()
        out[: self.tail] += buf[self.n :]
        return out


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


def quiet_start(x: np.ndarray, before: float = 2.0, window: float = 0.01) -> np.ndarray:
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
# Melodies made from a theme's motif
# --------------------------------------------------------------------------------------------


def key_of(freq: float) -> int:
    """The MIDI note nearest ``freq``."""
    return int(round(69 + 12 * np.log2(freq / 440.0)))


def scale(tonic: str, steps: tuple[int, ...]) -> frozenset[int]:
    """Pitch classes of a scale: ``scale("F", MAJOR)``."""
    root = midi(f"{tonic}4") % 12
    return frozenset((root + s) % 12 for s in steps)


MAJOR = (0, 2, 4, 5, 7, 9, 11)
MINOR = (0, 2, 3, 5, 7, 8, 10)
HIJAZ = (0, 1, 4, 5, 7, 8, 10)


def nearest(note: int, allowed: frozenset[int], prefer: int = 0) -> int:
    """The note nearest ``note`` whose pitch class is ``allowed`` (ties go the ``prefer``
    way: -1 down, 1 up)."""
    for d in range(12):
        for cand in ((note + d, note - d) if prefer >= 0 else (note - d, note + d)):
            if cand % 12 in allowed:
                return cand
    return note


def moved(notes: list[Note], beats: float = 0.0, semitones: int = 0) -> list[Note]:
    """The notes ``beats`` later and ``semitones`` higher."""
    k = 2 ** (semitones / 12)
    return [Note(n.beat + beats, n.beats, n.freq * k) for n in notes]


def reharmonised(notes: list[Note], per_bar: int, bars: list[str], keys: frozenset[int],
                 shift: int = 0) -> list[Note]:
    """The motif's rhythm and contour over other chords: on a bar's first beat, and on any
    note held a beat or more, the melody lands on the nearest tone of that bar's chord, and
    in between on the nearest note of the scale ``keys``; ``shift`` moves the whole line
    first (a new register or a new key)."""
    out = []
    for n in notes:
        bar = int(n.beat // per_bar)
        _, tones = chord(bars[bar % len(bars)], 4)
        target = key_of(n.freq) + shift
        strong = abs(n.beat - bar * per_bar) < 1e-9 or n.beats >= 1.5
        allowed = frozenset(t % 12 for t in tones) if strong else keys
        out.append(Note(n.beat, n.beats, hz(nearest(target, allowed, 1 if bar % 2 else -1))))
    return out


def varied(notes: list[Note], keys: frozenset[int], seed: str, amount: float) -> list[Note]:
    """A variation of a tune: ``amount`` of the notes that are neither a phrase's first nor
    its last move a step up or down the scale, and some long notes are split into a note
    and a step towards the next one (a passing note)."""
    rng = rng_for(seed)
    out: list[Note] = []
    for i, n in enumerate(notes):
        first = i == 0 or notes[i - 1].beat + notes[i - 1].beats < n.beat - 1e-9
        last = i == len(notes) - 1 or n.beat + n.beats < notes[i + 1].beat - 1e-9
        k = key_of(n.freq)
        if not (first or last) and rng.uniform() < amount:
            k = nearest(k + int(rng.choice((-2, -1, 1, 2))), keys, int(rng.choice((-1, 1))))
        if n.beats >= 2 and not last and rng.uniform() < amount:
            nxt = key_of(notes[i + 1].freq)
            step = nearest(k + (1 if nxt > k else -1), keys, 1 if nxt > k else -1)
            out += [Note(n.beat, n.beats - 0.5, hz(k)), Note(n.beat + n.beats - 0.5, 0.5, hz(step))]
        else:
            out.append(Note(n.beat, n.beats, hz(k)))
    return out


@dataclass(frozen=True)
class Section:
    """One section of a theme: its tune (beats from the section's start), chords, key change
    (semitones from the theme's key) and which layers play."""

    tune: list[Note]
    bars: list[str]
    shift: int = 0
    lead: str = ""  # the instrument carrying the tune (each theme names its own)
    layers: frozenset[str] = frozenset()


def play_sections(loop: Loop, sections: list[Section], per_bar: int,
                  section: Callable[[Loop, Section, float], None]) -> None:
    """Write ``sections`` one after the other into ``loop`` (``section(loop, s, beat)``)."""
    beat = 0.0
    for s in sections:
        section(loop, s, beat)
        beat += len(s.bars) * per_bar
    if abs(beat - loop.beats) > 1e-9:
        raise ValueError(f"the sections last {beat} beats, the loop {loop.beats}")


def transposed(bars: list[str], semitones: int) -> list[str]:
    """Chord names moved by ``semitones`` (sharps for the new roots)."""
    names = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"]
    out = []
    for name in bars:
        m = re.fullmatch(r"([A-G][#b]?)(m|7|)", name)
        assert m is not None, name
        out.append(names[(midi(f"{m.group(1)}4") + semitones) % 12] + m.group(2))
    return out


# --------------------------------------------------------------------------------------------
# The themes: a few minutes each, in sections (the tune, an answer over other chords, the tune
# varied, a part in another key), so a long game does not hear the same forty seconds again
# and again; the last section leads back into the first as the loop starts over.
# --------------------------------------------------------------------------------------------


def title() -> np.ndarray:
    """Welcoming and unhurried: a mallet tune over celesta arpeggios, pad and bass; then a
    nylon-string answer in D minor, the tune varied, and a part a tone higher (G major)."""
    per_bar = 4
    bars = progression("F Am Bb F | Dm Bb Gm C | F Am Bb C")
    answer = progression("Dm Bb F C | Gm Bb F A | Dm Gm Bb C")
    tune = melody(
        "C5:2 A4 C5 | E5:3 D5 | D5:2 F5 D5 | C5:4 |"
        " A4:2 D5 F5 | F5:2 E5 D5 | D5:2 Bb4 G4 | C5:3 - |"
        " A4:2 C5 F5 | E5:2 C5 A4 | Bb4:2 D5 F5 | E5:2 D5 -",
        per_bar,
    )
    f_major = scale("F", MAJOR)
    sections = [
        Section(tune, bars, 0, "mallet", frozenset({"arp", "pad", "bass"})),
        Section(reharmonised(tune, per_bar, answer, f_major, -12), answer, 0, "nylon",
                frozenset({"pad", "bass", "bells"})),
        Section(varied(tune, f_major, "title A'", 0.35), bars, 0, "mallet",
                frozenset({"arp", "pad", "bass", "nylon"})),
        Section(varied(tune, f_major, "title C", 0.25), transposed(bars, 2), 2, "celesta",
                frozenset({"pad", "bass", "bells"})),
    ]
    loop = Loop(bpm=72, bars=sum(len(s.bars) for s in sections), per_bar=per_bar)

    def section(loop: Loop, s: Section, start: float) -> None:
        for note in moved(s.tune, start, s.shift):
            if s.lead == "mallet":
                loop.add("tune", mallet(note.freq), note.beat, 1.0, 0.12)
            elif s.lead == "celesta":
                loop.add("tune", celesta(note.freq * 2, 2.4), note.beat, 0.55, 0.1)
                loop.add("tune", mallet(note.freq), note.beat, 0.6, 0.12)
            else:
                loop.add("tune", pluck(note.freq, 2.6, 1.3, 0.18, 4200.0), note.beat, 1.1, 0.15)
        if "nylon" in s.layers:  # the answer's line, softly, under the tune
            for note in moved(reharmonised(tune, per_bar, s.bars, f_major, -12), start):
                if note.beats >= 1.5:
                    loop.add("nylon", pluck(note.freq, 2.2, 1.0, 0.2, 3000.0), note.beat, 0.8,
                             0.35)
        for b, name in enumerate(s.bars):
            root, tones = chord(name, 3)
            beat = start + b * per_bar
            if "pad" in s.layers:
                loop.add("pad", pad(tuple(hz(n) for n in tones), loop.seconds(4) - 0.4,
                                    f"title {b} {s.shift}"), beat - 0.3)
            if "bass" in s.layers:
                loop.add("bass", bass(hz(root - 12), 2.6, 1.2), beat, 1.0)
                loop.add("bass", bass(hz(root - 12 + 7), 1.6, 0.8), beat + 2.5, 0.55)
            if "arp" in s.layers:
                arp = [tones[0] + 12, tones[1] + 12, tones[2] + 12, tones[1] + 24]
                for i in range(8):
                    note = arp[(i * 3 + b) % 4] if i % 2 else arp[(i // 2) % 3]
                    loop.add("arp", celesta(hz(note)), beat + i * 0.5, 0.75 if i % 2 else 1.0,
                             -0.35 if i % 2 else -0.15)
            if "bells" in s.layers:  # a slow chime on the first and third beats
                for i, k in ((0, 2), (2, 1)):
                    loop.add("arp", celesta(hz(tones[k] + 24), 2.4), beat + i, 0.8, -0.3)

    play_sections(loop, sections, per_bar, section)
    return master(loop, {"tune": (0.55, 0.35), "arp": (0.16, 0.3), "pad": (0.22, 0.3),
                         "bass": (0.5, 0.08), "nylon": (0.3, 0.3)}, 2.6, "title")


def oregon() -> np.ndarray:
    """Wide skies and wagons: a finger-picked guitar, a plucked pentatonic tune, a soft pad;
    then a harmonica answer over E minor, the tune varied over strummed chords, and a part in
    C major."""
    per_bar = 4
    bars = progression("G G Em Em | C C D D | G G C C | Em D G D")
    answer = progression("Em Em C C | G G D D | Em Em C C | Am Am D D")
    tune = melody(
        "B4:1.5 A4:.5 G4 E4 | D4 E4 G4:2 | B4:1.5 D5:.5 E5 D5 | B4:3 - |"
        " E5:1.5 D5:.5 E5 G5 | E5:2 D5 B4 | A4:1.5 B4:.5 A4 G4 | A4:3 - |"
        " D5:1.5 B4:.5 D5 E5 | D5:2 B4 A4 | G4 A4 B4 E5 | E5:2 D5 B4 |"
        " B4:1.5 A4:.5 G4 E4 | D4 E4 A4:2 | G4:4 | -:3 A4",
        per_bar,
    )
    g_major = scale("G", MAJOR)
    sections = [
        Section(tune, bars, 0, "pluck", frozenset({"picking", "pad"})),
        Section(reharmonised(tune, per_bar, answer, g_major, -12), answer, 0, "harmonica",
                frozenset({"picking"})),
        Section(varied(tune, g_major, "oregon A'", 0.35), bars, 0, "pluck",
                frozenset({"strum", "pad"})),
        Section(varied(tune, g_major, "oregon C", 0.25), transposed(bars, 5), 5, "pluck",
                frozenset({"picking", "pad"})),
    ]
    loop = Loop(bpm=92, bars=sum(len(s.bars) for s in sections), per_bar=per_bar)

    def section(loop: Loop, s: Section, start: float) -> None:
        line = moved(s.tune, start, s.shift if s.shift < 5 else s.shift - 12)
        if s.lead == "harmonica":
            for i, notes in enumerate(phrases(line)):
                beat, clip = blown(notes, loop, f"oregon harmonica {i}",
                                   (1.0, 0.55, 0.4, 0.22, 0.14, 0.08, 0.05), 0.035,
                                   (5.2, 0.005), glide=0.035, attack=0.12)
                loop.add("tune", clip, beat, 0.75, 0.15)
        else:
            for note in line:
                loop.add("tune", pluck(note.freq, 2.6, 1.3, 0.18, 5000.0), note.beat, 1.0, 0.2)
        for b, name in enumerate(s.bars):
            root, tones = chord(name, 2)
            if root < midi("E2"):
                root += 12
            beat = start + b * per_bar
            fifth = root + 7 if root + 7 <= midi("D3") else root - 5
            if "picking" in s.layers:  # Travis picking: thumb on the beats, fingers between
                upper = [tones[1] + 12, tones[2] + 12, tones[0] + 24, tones[1] + 12]
                for i in range(4):
                    loop.add("guitar", pluck(hz(root if i % 2 == 0 else fifth), 2.0, 1.0, 0.25),
                             beat + i, 1.0, -0.3)
                    loop.add("guitar", pluck(hz(upper[(i + b) % 4]), 1.6, 0.8, 0.22),
                             beat + i + 0.5, 0.55, -0.25)
            if "strum" in s.layers:  # a bass note, then brushed chords
                high = [hz(n + 12) for n in tones[:3]] + [hz(tones[0] + 24)]
                loop.add("guitar", pluck(hz(root), 2.0, 1.0, 0.25), beat, 1.0, -0.3)
                loop.add("guitar", pluck(hz(fifth), 2.0, 1.0, 0.25), beat + 2, 0.8, -0.3)
                for i, up in ((1, False), (1.5, True), (3, False), (3.5, True)):
                    strum(loop, "guitar", high, beat + i, 0.45, -0.25, up=up)
            if "pad" in s.layers and b % 2 == 0:
                tones3 = tuple(hz(n + 12) for n in tones)
                loop.add("pad", pad(tones3, loop.seconds(8) - 0.5, f"oregon {b} {s.shift}", 2.0,
                                    2.2), beat)

    play_sections(loop, sections, per_bar, section)
    return master(loop, {"tune": (0.62, 0.32), "guitar": (0.42, 0.22), "pad": (0.14, 0.4)},
                  2.2, "oregon")


def colorado() -> np.ndarray:
    """Evening on the range: a slow waltz, boom-chick guitar, a mellow harmonica; then a guitar
    answer over B minor, the tune varied, and a part in G major under a held pad."""
    per_bar = 3
    bars = progression("D D G D | D Bm A A | D D7 G G | D A D A")
    answer = progression("Bm Bm G G | D D A A | Bm Bm G G | Em Em A A")
    tune = melody(
        "A4:2 F#4 | A4:3 | B4:2 D5 | A4:3 |"
        " F#4 G4 A4 | F#4:2 D4 | E4:2 F#4 | E4:2 - |"
        " A4:2 D5 | C5:2 A4 | B4:2 G4 | D5:3 |"
        " A4:2 F#4 | E4:2 G4 | D4:3 | - C#4 E4",
        per_bar,
    )
    d_major = scale("D", MAJOR)
    sections = [
        Section(tune, bars, 0, "harmonica", frozenset({"boom", "strum", "pad"})),
        Section(reharmonised(tune, per_bar, answer, d_major), answer, 0, "guitar",
                frozenset({"boom", "pad"})),
        Section(varied(tune, d_major, "colorado A'", 0.35), bars, 0, "harmonica",
                frozenset({"boom", "strum"})),
        Section(varied(tune, d_major, "colorado C", 0.25), transposed(bars, 5), -7, "harmonica",
                frozenset({"boom", "pad", "held"})),
    ]
    loop = Loop(bpm=72, bars=sum(len(s.bars) for s in sections), per_bar=per_bar)

    def section(loop: Loop, s: Section, start: float) -> None:
        line = moved(s.tune, start, s.shift)
        if s.lead == "harmonica":
            for i, notes in enumerate(phrases(line)):
                beat, clip = blown(notes, loop, f"harmonica {i} {start}",
                                   (1.0, 0.55, 0.4, 0.22, 0.14, 0.08, 0.05), 0.035,
                                   (5.2, 0.005), glide=0.035, attack=0.12)
                loop.add("harmonica", clip, beat, 1.0, 0.15)
        else:
            for note in line:
                loop.add("harmonica", pluck(note.freq, 2.4, 1.2, 0.2, 4000.0), note.beat, 1.3,
                         0.2)
        for b, name in enumerate(s.bars):
            root, tones = chord(name, 2)
            if root < midi("E2"):
                root += 12
            beat = start + b * per_bar
            boom = root if b % 2 == 0 else (root + 7 if root + 7 <= midi("D3") else root - 5)
            loop.add("bass", bass(hz(boom), 1.6, 0.7), beat, 1.0, -0.05)
            loop.add("bass", pluck(hz(boom), 1.4, 0.8, 0.3, 2500.0), beat, 0.5, -0.1)
            high = [hz(n + 12) for n in tones[:3]] + [hz(tones[0] + 24)]
            if "strum" in s.layers:
                strum(loop, "strum", high, beat + 1, 0.5, -0.35)
                strum(loop, "strum", high, beat + 2, 0.4, -0.35, up=True)
            elif "held" not in s.layers:  # the answer: one soft chord a bar
                strum(loop, "strum", high, beat + 1, 0.35, -0.35, spread=0.04)
            every = 2 if "held" in s.layers else 4
            if "pad" in s.layers and b % every == 0:
                tones3 = tuple(hz(n + 12) for n in tones[:3])
                loop.add("pad", pad(tones3, loop.seconds(3 * every) - 0.5,
                                    f"colorado {b} {start}", 2.5, 2.5), beat)

    play_sections(loop, sections, per_bar, section)
    return master(loop, {"harmonica": (0.5, 0.3), "bass": (0.55, 0.08), "strum": (0.22, 0.2),
                         "pad": (0.1, 0.4)}, 2.8, "colorado")


def oasis() -> np.ndarray:
    """Heat over the dunes: a reed flute in hijaz over a drone, a tanpura and a frame drum;
    then an oud-like answer an octave down, the flute varied over a busier drum, and a quiet
    part on G over the drone."""
    per_bar = 4
    tune = melody(
        "-:.5 A4:2.5 Bb4:.5 A4:.5 | G4:2 F#4:2 | G4 A4 Bb4 C5 | A4:3 - |"
        " -:.5 D5:1.5 C5:.5 Bb4:1.5 | A4:2 G4 A4 | F#4:1.5 G4:.5 Eb4:2 | D4:3 - |"
        " -:2 A4 Bb4 | C5:1.5 Bb4:.5 A4:2 | G4 F#4 Eb4 F#4 | D4:3 -",
        per_bar,
    )
    hijaz = scale("D", HIJAZ)
    twelve = ["D"] * 12  # no chords: the drone holds the key
    sections = [
        Section(tune, twelve, 0, "ney", frozenset({"tanpura", "drum"})),
        Section(varied(moved(tune, 0, -12), hijaz, "oasis B", 0.4), twelve, 0, "oud",
                frozenset({"tanpura", "drum"})),
        Section(varied(tune, hijaz, "oasis A'", 0.35), twelve, 0, "ney",
                frozenset({"tanpura", "busy drum"})),
        Section(varied(tune, hijaz, "oasis C", 0.3), twelve, 5, "ney", frozenset({"tanpura"})),
    ]
    loop = Loop(bpm=66, bars=sum(len(s.bars) for s in sections), per_bar=per_bar)
    d2, a2, d3 = hz("D2"), hz("A2"), hz("D3")

    def section(loop: Loop, s: Section, start: float) -> None:
        line = moved(s.tune, start)
        if s.shift:  # the tune from the fourth, back to the scale of D hijaz
            line = [Note(n.beat, n.beats, hz(nearest(key_of(n.freq) + s.shift, hijaz)))
                    for n in line]
        if s.lead == "ney":
            for i, notes in enumerate(phrases(line)):
                beat, clip = blown(notes, loop, f"ney {i} {start}", (1.0, 0.28, 0.1, 0.04), 0.09,
                                   (4.6, 0.007), glide=0.09, attack=0.16)
                loop.add("ney", clip, beat, 1.0, 0.18)
        else:
            for note in line:
                loop.add("ney", pluck(note.freq, 2.0, 0.9, 0.15, 2600.0), note.beat, 1.5, 0.1)
                if note.beats >= 1.5:  # the oud's tremolo on long notes
                    for k in range(1, int(note.beats * 2)):
                        loop.add("ney", pluck(note.freq, 0.8, 0.5, 0.15, 2600.0),
                                 note.beat + k * 0.5, 0.6, 0.1)
        for b in range(len(s.bars)):  # the tanpura's pa-sa-sa-sa, the drum: dum . tek dum . tek .
            beat = start + b * per_bar
            for i, f in enumerate((a2, d3, d3, d2)):
                loop.add("tanpura", pluck(f, 3.4, 2.2, 0.12, 3000.0), beat + i,
                         0.9 if i else 1.0, -0.3)
            if "drum" in s.layers or "busy drum" in s.layers:
                loop.add("drum", frame_drum(), beat, 1.0, 0.1)
                loop.add("drum", rim(), beat + 1.5, 0.35, 0.25)
                loop.add("drum", frame_drum(), beat + 2.5, 0.6, 0.1)
                loop.add("drum", rim(), beat + 3.5, 0.25, 0.25)
            if "busy drum" in s.layers:
                for i in (0.5, 1, 2, 3):
                    loop.add("drum", rim(), beat + i, 0.18, -0.2)
            elif not s.layers - {"tanpura"} and b % 2 == 0:  # the quiet part: a soft dum
                loop.add("drum", frame_drum(), beat, 0.5, 0.1)

    play_sections(loop, sections, per_bar, section)
    bed = drone(loop, (d2, a2), "oasis drone")
    loop.tracks["drone"] = np.zeros((loop.n + loop.tail, 2))
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

    # In blocks: libsndfile's Vorbis encoder crashes on minutes of samples written at once.
    with soundfile.SoundFile(str(path), "w", RATE, x.shape[1], format="OGG", subtype="VORBIS",
                             compression_level=OGG_COMPRESSION) as f:
        for i in range(0, len(x), WRITE_BLOCK):
            f.write(x[i : i + WRITE_BLOCK])


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
