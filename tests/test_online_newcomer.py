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


def test_a_newcomer_in_a_computers_seat_is_said_to_take_its_score(app: App) -> None:
    """Issue 40: the newcomer inherits the computer player's score column: the table says so."""
    from game.ai import make_player
    from scenes.table.table_scene import TableScene
    from tests.helpers.net import act
    from tests.helpers.window import until

    with serving(seed_of=lambda code: 5) as server:
        host = RemoteTable.host(server.address, "Ada", Rules(), level="easy")
        assert host.wait_seated()
        host.start()
        wait_for(host.has_view, what="the deal")
        table = TableScene(app, host)
        app.show_table(table)
        cid = RemoteTable.join(server.address, host.code, "Cid")  # held for the next deal
        player, done = make_player("easy", "ada"), set()  # type: ignore[var-annotated]

        def played() -> bool:
            act(host, player, done)
            return cid.status is Status.SEATED

        until(app, played, 60)
        assert cid.status is Status.SEATED  # at the score or the next deal
        was = "Hops"  # the computer player at seat 1 before Cid
        said = f"Cid takes {was}'s seat, and its score"
        until(app, lambda: table.message == said, 10)
        assert table.message == said
        cid.close()
        host.close()
