"""A newcomer at a table whose hand is under way waits for the next deal (the server holds
the hello): Join says so instead of "Connecting…" for the whole hand."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time
from pathlib import Path

from game.engine.rules import Rules
from game.net.client import RemoteTable, Status
from scenes.core.app import App
from scenes.screens.online.join import JoinScene
from tests.helpers.net import LOOPBACK, serving, wait_for
from tests.helpers.online_forms import open_online, press, type_into
from tests.helpers.window import frames, shoot


def test_a_newcomer_mid_hand_is_told_they_sit_at_the_next_deal(app: App, shots: Path) -> None:
    with serving() as server:
        host = RemoteTable.host(server.address, "Ada", Rules(), level="easy")
        assert host.wait_seated()
        host.start()
        wait_for(host.has_view, what="the deal")
        press(open_online(app), "Join a table")
        join = app.stack.top
        assert isinstance(join, JoinScene)
        type_into(join, "Your name", "Bea")
        type_into(join, "Address", f"{LOOPBACK}:{server.port}")
        type_into(join, "Table code", host.code)
        press(join, "Join")
        assert join.message() == "Connecting…"
        for _ in range(240):  # four seconds of frames
            frames(app)
            if join.message() != "Connecting…":
                break
            time.sleep(0.01)
        assert join.table is not None and join.table.status is Status.CONNECTING
        assert join.message() == "Connected: you sit down at the next deal…"
        shoot(app, shots, "online_newcomer_held.png")
        join.back()
        host.close()
