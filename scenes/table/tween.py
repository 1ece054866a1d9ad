"""Tweens: values that move from one point to another over a time, with an easing curve.

A :class:`Flight` moves one card picture across the table; an :class:`Animation` is what one
engine event looks like on screen (some flights and a duration) and runs a callback when it ends.
Times are in seconds; every duration is multiplied by the animation speed factor (0: instant).

>>> flight = Flight(card=5, start=(0, 0), end=(100, 0), duration=1.0)
>>> flight.position(0.5)[0] > 50   # ease-out: more than half way at half time
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

Point = tuple[float, float]


def ease_out_cubic(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 3 * t * t - 2 * t * t * t


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


@dataclass
class Flight:
    """A card (``card`` 0..51, or ``None`` for a back) moving from ``start`` to ``end`` centres.

    ``delay`` holds it at ``start`` (hidden when ``hidden_before``) before it moves.
    """

    card: int | None
    start: Point
    end: Point
    duration: float
    delay: float = 0.0
    hidden_before: bool = False
    easing: Callable[[float], float] = ease_out_cubic

    def progress(self, elapsed: float) -> float:
        if self.duration <= 0:
            return 1.0 if elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (elapsed - self.delay) / self.duration))

    def position(self, elapsed: float) -> Point:
        f = self.easing(self.progress(elapsed))
        return (lerp(self.start[0], self.end[0], f), lerp(self.start[1], self.end[1], f))

    def visible(self, elapsed: float) -> bool:
        return not (self.hidden_before and elapsed < self.delay)


@dataclass
class Animation:
    """What one step looks like: flights, a length, and what to do when it is over.

    ``hidden`` are cards not to draw in their resting place while the animation runs (they are
    in flight). ``trick_hidden`` hides the trick's resting cards (they are being swept).
    """

    duration: float
    flights: list[Flight] = field(default_factory=list)
    on_done: Callable[[], None] | None = None
    on_start: Callable[[], None] | None = None
    hidden: frozenset[int] = frozenset()
    trick_hidden: bool = False
    fan_minus: dict[int, int] = field(default_factory=dict)  # backs in flight from a seat's fan
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def advance(self, dt: float) -> float:
        """Move time on; returns the time left over after the end (for the next animation)."""
        self.elapsed += dt
        return max(0.0, self.elapsed - self.duration)
