"""Issue 40, defect 3: the waiting screens follow the table without a mouse move.

The window sleeps while nothing moves (scenes.core.pacing); news from the table (a friend
sitting down) must wake it and be drawn, with no input event at all.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time

import pygame

from game.engine.rules import Rules
from game.net.client import RemoteTable
from scenes.core.app import App
from scenes.core.pacing import Pacing
from scenes.screens.online.join import JoinScene
from tests.helpers.net import LOOPBACK, serving, wait_for
from tests.helpers.online_forms import open_online, press, type_into
from tests.helpers.window import top


def _asleep(app: App, pacing: Pacing) -> None:
    """Steps of the loop until it sleeps (the start's events and hovers gone by)."""
    deadline = time.monotonic() + 10
    while not (pacing.sleeping and app.step(pacing) and pacing.sleeping):
        app.step(pacing)
        assert time.monotonic() < deadline, "the window never fell asleep"


def test_a_friend_sitting_down_is_drawn_without_input(app: App) -> None:
    with serving() as server:
        host = RemoteTable.host(server.address, "Ada", Rules())
        assert host.wait_seated()
        press(open_online(app), "Join a table")
        join = top(app, JoinScene)
        type_into(join, "Your name", "Bea")
        type_into(join, "Address", f"{LOOPBACK}:{server.port}")
        type_into(join, "Table code", host.code)
        press(join, "Join")
        pacing = Pacing()
        app.first_frame_time = 0.0  # as after run()'s first frame: the loop may now sleep
        wait_for(
            lambda: app.step(pacing) and any("Bea (you)" in r.value_text() for r in join.form.rows),
            what="Bea seated",
        )
        _asleep(app, pacing)
        drawn = app.frames
        before = pygame.image.tobytes(app.screen, "RGB")
        cid = RemoteTable.join(server.address, host.code, "Cid")
        try:
            assert cid.wait_seated()
            wait_for(lambda: app.step(pacing) and app.frames > drawn, 3.0, "a frame drawn")
            wait_for(
                lambda: app.step(pacing) and pygame.image.tobytes(app.screen, "RGB") != before,
                3.0,
                "Cid on the screen",
            )
            assert any("Cid (player)" in r.value_text() for r in join.form.rows)
            assert not pygame.event.peek(pygame.MOUSEMOTION)
        finally:
            for table in (cid, host):
                table.close()
            if join.table is not None:
                join.table.close()
