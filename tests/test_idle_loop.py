"""Issue 29, item 9: the window draws only when something changes. A still menu was redrawn 30
times a second (about a third of a core); now the loop sleeps until an event, and keeps 60
frames a second while something moves (benchmarks/idle.py measures the processor time)."""

from __future__ import annotations

from pathlib import Path

import pygame

from scenes.core.app import App, Options
from scenes.core.pacing import FPS, IDLE_AFTER, Pacing


def test_a_still_menu_is_not_redrawn(tmp_path: Path) -> None:
    """Two and a half seconds at the menu, untouched: after the first moments (full rate just
    after start, as after any input) the loop sleeps and draws nothing new."""
    # its own App: run() drives the whole loop, from start to exit_after
    app = App(Options(profile=tmp_path / "profile", size=(800, 600), lang="en", exit_after=2.5))
    app.run()
    assert app.pacing is not None and app.pacing.slept >= 3
    assert app.frames <= IDLE_AFTER * FPS + 10, app.frames  # it was about 90


def test_an_event_wakes_the_sleeping_loop_and_is_drawn(tmp_path: Path) -> None:
    pygame.init()
    pacing = Pacing()
    pygame.event.clear()
    pacing.last_input -= 10  # long untouched
    assert pacing.still(moving=False) and not pacing.still(moving=True)
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, {}))
    dt, events = pacing.next_events(moving=False)
    assert pacing.sleeping and pygame.USEREVENT in [e.type for e in events]
    assert pacing.should_draw(events, changed=False) and 0 <= dt <= 0.1
    assert not pacing.still(moving=False)  # just touched: full rate for a moment
    pacing.last_input -= 10
    pygame.event.clear()
    dt, events = pacing.next_events(moving=False)  # a wake with nothing new: nothing drawn
    assert pacing.sleeping and not events and not pacing.should_draw(events, changed=False)
    assert pacing.should_draw(events, changed=True)  # a scene became busy on the wake


def test_the_demo_keeps_drawing_while_the_cards_move(tmp_path: Path) -> None:
    """Something moves all the time in the demo: the loop never sleeps and draws every frame
    (at up to 60 a second; at least a good part of that on a loaded machine)."""
    options = Options(
        profile=tmp_path / "profile", size=(800, 600), lang="en", seed=5, demo=True, hands=1,
        speed="normal", exit_after=2.0,
    )  # fmt: skip
    # its own App: run() drives the whole loop, from start to exit_after
    app = App(options)
    app.run()
    assert app.pacing is not None and app.pacing.slept == 0
    assert app.frames >= 50, app.frames
