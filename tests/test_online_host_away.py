"""Issue 40, defect 1: the host's Menu no longer ends everyone's table.

The host's Menu at a dealt table asks first; leaving for now lets the table go on (the computer
plays the host's seat, the friends stay seated); the host comes back to the same table with
Menu > Online table > Back to table; ending the table for everyone is a choice of its own.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time
from pathlib import Path

import pygame
import pytest

from game.net.client import Problem, Status
from game.net.hosting import HostedTable, lingering_server
from scenes.core import i18n
from scenes.core.app import App
from scenes.screens.menu import MenuScene
from scenes.screens.online.seats import Network
from scenes.table.table_scene import TableScene
from scenes.ui.dialogs import ChoiceDialog
from scenes.ui.widgets import ActionRow
from tests.helpers.net import LOOPBACK, wait_for
from tests.helpers.online_forms import host_and_deal, open_online, seat_kinds
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


def test_the_hosts_menu_asks_and_the_table_goes_on(
    app: App, shots: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Network, "listen", LOOPBACK)
    monkeypatch.setattr(Network, "interfaces", [LOOPBACK])
    friend = host_and_deal(app, turn_timer=True)
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
        _escape(app)  # and Esc again stays, as "Stay at the table" does
        assert app.stack.top is table
        _escape(app)
        _choose(app, "Leave for now")
        top(app, MenuScene)
        # The table goes on: the computer plays the host's seat, Bea stays seated.
        wait_for(lambda: seat_kinds(friend)[0] == "away", what="the computer in the host's seat")
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
        wait_for(lambda: seat_kinds(friend)[0] == "remote", what="the host back in the seat")
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


def test_the_main_menu_leads_the_away_host_back_to_the_table(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host who left for the menu finds their table on the main menu itself (it goes on
    without them), first, as Continue is for a game here; once the table is over it is gone."""
    monkeypatch.setattr(Network, "listen", LOOPBACK)
    monkeypatch.setattr(Network, "interfaces", [LOOPBACK])
    menu = top(app, MenuScene)
    assert "Back to the online table" not in menu.labels()  # nothing hosted yet
    friend = host_and_deal(app)
    try:
        top(app, TableScene).menu_button.action()
        frames(app)
        _choose(app, "Leave for now")
        menu = top(app, MenuScene)
        assert menu.labels()[0] == "Back to the online table"
        menu.form.rows[0].activate()
        wait_for(
            lambda: after_frame(app, lambda: isinstance(app.stack.top, TableScene)), what="back"
        )
        back = top(app, TableScene).source
        assert isinstance(back, HostedTable) and back.seat == 0 and back.is_host
        wait_for(lambda: seat_kinds(friend)[0] == "remote", what="the host back in the seat")
        # Left again; the table then closes on its own while the menu is shown (its last
        # friend gone): the entry goes without anyone touching the menu.
        _escape(app)
        frames(app)
        _choose(app, "Leave for now")
        menu = top(app, MenuScene)
        assert menu.labels()[0] == "Back to the online table"
        server = lingering_server(back.address.port)
        assert server is not None
        server.stop()
        wait_for(
            lambda: after_frame(app, lambda: "Back to the online table" not in menu.labels()),
            what="the entry gone with the table",
        )
        assert menu.clock_face() == ()  # a still menu is drawn again for it
    finally:
        friend.close()
