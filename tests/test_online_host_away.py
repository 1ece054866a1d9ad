"""Issue 40, defect 1: the host's Menu no longer ends everyone's table.

The host's Menu at a dealt table asks first; leaving for now lets the table go on (the computer
plays the host's seat, the friends stay seated); the host comes back to the same table with
Menu > Online table > Back to table; ending the table for everyone is a choice of its own.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import socket
import time
from pathlib import Path

import pygame
import pytest

from game.net.client import Address, Problem, RemoteTable, Status
from game.net.hosting import HostedTable
from scenes.core import i18n
from scenes.core.app import App
from scenes.screens.menu import MenuScene
from scenes.screens.online.host import HostScene
from scenes.screens.online.seats import Network
from scenes.table.table_scene import TableScene
from scenes.ui.dialogs import ChoiceDialog
from scenes.ui.widgets import ActionRow
from tests.helpers.net import LOOPBACK, wait_for
from tests.helpers.online_forms import open_online, press, row, type_into
from tests.helpers.window import after_frame, frames, shoot, top


def _choose(app: App, label: str) -> None:
    dialog = top(app, ChoiceDialog)
    found = [b for b in dialog.buttons if b.label == label]
    assert found, [b.label for b in dialog.buttons]
    found[0].action()


def _escape(app: App) -> None:
    scene = app.stack.top
    assert scene is not None
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))


def _host_deals(app: App) -> RemoteTable:
    press(open_online(app), "Host a table")
    host = top(app, HostScene)
    type_into(host, "Your name", "Ada")
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        port = s.getsockname()[1]
    type_into(host, "Port", str(port))
    timer = row(host, "Turn timer")  # the host sets a turn timer (issue 40, defect 5)
    assert timer.value_text() == "No limit"
    timer.step(1)
    press(host, "Open the table")
    wait_for(
        lambda: after_frame(app, lambda: host.table is not None and bool(host.table.code)),
        what="the hosted table",
    )
    assert host.table is not None
    friend = RemoteTable.join(Address(LOOPBACK, port), host.table.code, "Bea")
    assert friend.wait_seated()
    wait_for(lambda: after_frame(app, lambda: "remote" in host.table.kinds), what="Bea")  # type: ignore[union-attr]
    press(host, "Deal (computers take the empty seats)")
    wait_for(lambda: after_frame(app, lambda: isinstance(app.stack.top, TableScene)), what="deal")
    return friend


def _kinds(friend: RemoteTable) -> tuple[str, ...]:
    friend.poll()
    return friend.kinds


def test_the_hosts_menu_asks_and_the_table_goes_on(
    app: App, shots: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Network, "listen", LOOPBACK)
    monkeypatch.setattr(Network, "interfaces", [LOOPBACK])
    friend = _host_deals(app)
    try:
        table = top(app, TableScene)
        assert friend.turn_seconds == 30  # the timer the host chose
        table.menu_button.action()  # the host's Menu
        frames(app)
        dialog = top(app, ChoiceDialog)
        assert dialog.title == "Leave the table?"
        shoot(app, shots, "host_leave_en.png")
        _choose(app, "Stay at the table")
        assert app.stack.top is table
        _escape(app)  # Esc asks too
        _choose(app, "Leave for now")
        top(app, MenuScene)
        # The table goes on: the computer plays the host's seat, Bea stays seated.
        wait_for(lambda: _kinds(friend)[0] == "away", what="the computer in the host's seat")
        time.sleep(1.5)  # longer than the hosted server's look at its tables
        assert friend.status is Status.SEATED and friend.problem is None
        # The host comes back to the same table, as its host.
        online = open_online(app)
        first = online.form.rows[0]
        assert isinstance(first, ActionRow)
        assert first.label == f"Back to table {friend.code} as Ada"
        first.activate()
        wait_for(
            lambda: after_frame(app, lambda: isinstance(app.stack.top, TableScene)), what="back"
        )
        back = top(app, TableScene).source
        assert isinstance(back, HostedTable) and back.seat == 0 and back.is_host
        wait_for(lambda: _kinds(friend)[0] == "remote", what="the host back in the seat")
        # Ending the table for everyone is a choice of its own: Bea is told the host left.
        i18n.set_language("fr")
        _escape(app)
        frames(app)
        shoot(app, shots, "host_leave_fr.png")
        i18n.set_language("en")
        _choose(app, "End the table for everyone")
        wait_for(lambda: friend.status is Status.OVER, what="the table ended")
        assert friend.problem is Problem.HOST_LEFT
    finally:
        friend.close()
