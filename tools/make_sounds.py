"""Synthesise the game's sounds into ``assets/sounds/*.wav`` (16-bit mono, 22050 Hz).

Everything is computed from sines and seeded noise with the standard library only, so the sounds
are the project's own and the same files come out on every run.

    python tools/make_sounds.py [--out assets/sounds]
"""

from __future__ import annotations

import argparse
import array
import math
import random
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
PEAK = 0.7  # of full scale: room for several sounds mixed at once
OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "sounds"
TAU = 2 * math.pi

Samples = list[float]


def _silence(seconds: float) -> Samples:
    return [0.0] * round(seconds * RATE)


def _mix(into: Samples, sound: Samples, at: float = 0.0, gain: float = 1.0) -> None:
    start = round(at * RATE)
    if len(into) < start + len(sound):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, value in enumerate(sound):
        into[start + i] += value * gain


def _tone(
    freq: float,
    seconds: float,
    decay: float,
    partials: tuple[tuple[float, float], ...] = ((1.0, 1.0),),
    attack: float = 0.004,
) -> Samples:
    """A note: partials (frequency ratio, amplitude) under a quick attack and exponential decay."""
    out = []
    count = round(seconds * RATE)
    release = round(0.03 * RATE)  # a short fade at the end: no click when the note stops
    for i in range(count):
        t = i / RATE
        envelope = min(1.0, t / attack, (count - i) / release) * math.exp(-t / decay)
        out.append(envelope * sum(a * math.sin(TAU * freq * r * t) for r, a in partials))
    return out


def card() -> Samples:
    """A card laid on the felt: a short bright snap over a soft thump."""
    noise = random.Random(1)
    out: Samples = []
    low = 0.0
    for i in range(round(0.07 * RATE)):
        t = i / RATE
        white = noise.uniform(-1, 1)
        low += 0.35 * (white - low)  # one-pole low-pass: paper, not hiss
        out.append(math.exp(-t / 0.008) * (white - low) * 0.8 + math.exp(-t / 0.012) * low)
    _mix(out, _tone(170, 0.07, 0.015), gain=0.6)
    return out


def trick() -> Samples:
    """Four cards swept off the table: noise whose brightness rises then falls."""
    noise = random.Random(2)
    seconds = 0.32
    out: Samples = []
    low = 0.0
    for i in range(round(seconds * RATE)):
        t = i / RATE
        shape = math.sin(math.pi * t / seconds)  # swells and fades
        cutoff = 0.04 + 0.3 * shape**2
        low += cutoff * (noise.uniform(-1, 1) - low)
        out.append(low * shape**1.5)
    return out


def hearts_broken() -> Samples:
    """A small glassy chime: two bell notes, a fifth apart."""
    bell = ((1.0, 1.0), (2.76, 0.3), (5.4, 0.1))
    out = _silence(0.6)
    _mix(out, _tone(1318.5, 0.5, 0.18, bell), at=0.0, gain=0.6)  # E6
    _mix(out, _tone(1975.5, 0.45, 0.16, bell), at=0.09, gain=0.5)  # B6
    return out


def queen() -> Samples:
    """The queen of spades taken: two low notes falling a minor second, dark and slow."""
    organ = ((1.0, 1.0), (2.0, 0.35), (3.0, 0.25), (5.0, 0.08))
    out = _silence(0.95)
    _mix(out, _tone(146.8, 0.45, 0.3, organ, attack=0.02), at=0.0, gain=0.5)  # D3
    _mix(out, _tone(138.6, 0.6, 0.35, organ, attack=0.02), at=0.35, gain=0.55)  # C#3
    for i in range(len(out)):  # a slow tremolo makes it uneasy
        out[i] *= 0.8 + 0.2 * math.sin(TAU * 6 * i / RATE)
    return out


def moon() -> Samples:
    """Shooting the moon: a rising major arpeggio that rings out."""
    bright = ((1.0, 1.0), (2.0, 0.25), (3.0, 0.1))
    out = _silence(1.15)
    for step, freq in enumerate((523.3, 659.3, 784.0, 1046.5, 1318.5)):  # C5 E5 G5 C6 E6
        _mix(out, _tone(freq, 0.6, 0.22, bright), at=step * 0.11, gain=0.35)
    return out


SOUNDS: dict[str, Callable[[], Samples]] = {
    "card": card,
    "trick": trick,
    "hearts_broken": hearts_broken,
    "queen": queen,
    "moon": moon,
}


def write_wav(samples: Samples, path: Path) -> None:
    """Normalise to :data:`PEAK`, fade the last 5 ms, and write a 16-bit mono WAV."""
    loudest = max(abs(s) for s in samples) or 1.0
    fade = round(0.005 * RATE)
    pcm = array.array("h")
    for i, value in enumerate(samples):
        tail = min(1.0, (len(samples) - i) / fade)
        pcm.append(round(value / loudest * PEAK * tail * 32767))
    if sys.byteorder == "big":
        pcm.byteswap()  # WAV data is little-endian
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Synthesise the game's sounds.")
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="folder for the .wav files")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        path = args.out / f"{name}.wav"
        write_wav(make(), path)
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
