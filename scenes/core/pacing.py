"""When the window draws: at 60 frames a second while something moves, and not at all while
nothing does.

The main loop asks :class:`Pacing` for the next frame's events. While a scene is busy (an
animation, a computer player thinking, a timer that shows), or just after the player's input
(a button's hover, a card raised), frames come at :data:`FPS`. Otherwise the loop sleeps until
an event comes (the queue looked at every :data:`POLL` seconds), waking every
:data:`IDLE_WAKE` seconds to let the scenes look at the time (a remote table's news, the
daily's midnight); such a wake draws only when something changed (see
:meth:`Pacing.should_draw`), such as a countdown's second (``Scene.clock_face``). Redrawing
a still menu or a table waiting for the player 30 times a second took about a third of a core.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Final

import pygame

FPS: Final = 60
IDLE_AFTER: Final = 0.5
"""Seconds after the last input during which frames still come at full rate (a hover fades,
a click's answer shows) even when no scene says it is busy."""
IDLE_WAKE: Final = 0.5
"""Seconds the loop sleeps at most while nothing moves (the scenes' updates still run)."""
POLL: Final = 0.02
"""Seconds between two looks at the event queue while asleep (the answer to the first input
after a still moment comes at most this late)."""
NEWS: Final = pygame.event.custom_type()
"""The event that wakes the loop when a table elsewhere sent something that changes what a
screen shows (posted by :func:`wake` from the network's thread): the frame after it updates
and draws at once, rather than at the next input (issue 40: the waiting screens kept an empty
seat until the mouse moved)."""

MAX_DT: Final = 0.1
"""The longest step given to the scenes' updates (after a sleep, animations do not jump)."""


class Pacing:
    """The main loop's rhythm (see the module docstring). ``clock``: seconds, monotonic."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.tick = pygame.time.Clock()
        self.last_input = clock()
        self.sleeping = False  # the last frame slept until an event or a wake
        self.slept = 0  # frames that slept (the benchmark and the tests read them)

    def still(self, moving: bool) -> bool:
        """Whether the window may sleep: nothing moves and the last input is a while ago."""
        return not moving and self.clock() - self.last_input > IDLE_AFTER

    def next_events(self, moving: bool) -> tuple[float, list[pygame.event.Event]]:
        """Wait for the next frame: ``dt`` (seconds, at most :data:`MAX_DT`) and its events.
        ``moving``: a scene is busy (or a timer shows)."""
        self.sleeping = self.still(moving)
        if self.sleeping:
            self.slept += 1
            events = self._sleep()
            dt = self.tick.tick() / 1000.0
        else:
            dt = self.tick.tick(FPS) / 1000.0
            events = pygame.event.get()
        if events:
            self.last_input = self.clock()
        return min(dt, MAX_DT), events

    def _sleep(self) -> list[pygame.event.Event]:
        """The events of the next :data:`IDLE_WAKE` seconds, as soon as one comes. The queue
        is looked at every :data:`POLL` seconds: SDL's own wait (``event.wait``) polls it every
        millisecond, which cost 2 to 3% of a core by itself (dummy and X11 drivers alike)."""
        wake = self.clock() + IDLE_WAKE
        while True:
            events = pygame.event.get()
            if events or self.clock() >= wake:
                return events
            time.sleep(POLL)

    def should_draw(self, events: list[pygame.event.Event], changed: bool) -> bool:
        """Whether this frame is drawn: always at full rate; after a sleep only when an event
        came or ``changed`` (a scene is busy now, the top scene or the notice changed)."""
        return not self.sleeping or bool(events) or changed


def wake() -> None:
    """Wake the loop for news (any thread may call it; without a window it does nothing)."""
    if pygame.display.get_init():
        with contextlib.suppress(pygame.error):  # the queue is full, or the window just closed
            pygame.event.post(pygame.event.Event(NEWS))
