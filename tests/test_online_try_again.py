"""Issue 40: a server frozen long enough for the window to give up (the connection lost for
good) is not the end: the dialog offers Try again, which takes the seat back with its token
once the server answers again, at a fresh table."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import signal
from pathlib import Path

import pytest

from game.engine.rules import Rules
from game.net.client import Address, Problem, RemoteTable, Status
from scenes.core.app import App, Options
from scenes.screens.online.rematch import RejoinDialog, online_table
from scenes.table.table_scene import TableScene
from scenes.ui.dialogs import ChoiceDialog
from tests.helpers.net import LOOPBACK, server_process, wait_for
from tests.helpers.window import shoot, top, until


@pytest.fixture
def app_options(profile_folder: Path) -> Options:
    return Options(profile=profile_folder, size=(800, 600), lang="en", speed="instant")


def test_try_again_after_a_frozen_server(app: App, shots: Path) -> None:
    with server_process() as (proc, port):
        address = Address(LOOPBACK, port)
        ada = RemoteTable.host(address, "Ada", Rules(), level="easy")
        assert ada.wait_seated()
        bea = RemoteTable.join(
            address, ada.code, "Bea", connect_timeout=2, retry_delays=(0.05, 0.05)
        )
        assert bea.wait_seated()
        ada.start()
        wait_for(bea.has_view, what="the deal")
        table = online_table(app, bea)
        app.show_table(table)
        until(app, table.human_to_pass, 15)
        proc.send_signal(signal.SIGSTOP)  # the server freezes
        try:
            bea.drop_connection()
            wait_for(lambda: bea.status is Status.OVER, 15, "the window gives up")
            assert bea.problem is Problem.LOST
            until(app, lambda: isinstance(app.stack.top, ChoiceDialog), 15)
            dialog = top(app, ChoiceDialog)
            assert dialog.buttons[0].label == "Try again"
            shoot(app, shots, "lost_try_again.png")
        finally:
            proc.send_signal(signal.SIGCONT)  # the server answers again
        dialog.buttons[0].action()
        top(app, RejoinDialog)
        until(app, lambda: isinstance(app.stack.top, TableScene), 15)
        again = top(app, TableScene)
        assert again is not table and again.source.seat == bea.seat
        assert isinstance(again.source, RemoteTable) and again.source.status is Status.SEATED
        again.source.close()
        ada.close()
