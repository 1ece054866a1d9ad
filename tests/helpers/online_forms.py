"""The online screens' forms driven as a person would (rows found by label, text typed, actions
pressed), and the tables they open kept aside instead of the table scene."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pygame
import pytest

from game.net.client import Address, RemoteTable
from scenes.core.app import App
from scenes.screens.menu import MenuScene
from scenes.screens.online import waiting
from scenes.screens.online.host import HostScene
from scenes.screens.online.lobby import OnlineScene
from scenes.screens.online.seats import Network
from scenes.table.table_scene import TableScene
from scenes.ui.form_scene import FormScene
from scenes.ui.widgets import ActionRow, Row, TextRow
from tests.helpers.net import LOOPBACK, wait_for
from tests.helpers.window import after_frame, top, until


@pytest.fixture
def opened_tables(app: App, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[RemoteTable]]:
    """The tables the online screens open (instead of the table scene), on loopback; closed
    after the test, before the app."""
    monkeypatch.setattr(Network, "listen", LOOPBACK)
    monkeypatch.setattr(Network, "interfaces", [LOOPBACK])
    opened: list[RemoteTable] = []
    monkeypatch.setattr(waiting, "open_table_scene", lambda app, table: opened.append(table))
    yield opened
    for table in opened:
        table.close()


def row(scene: FormScene, label: str) -> Row:
    found = [r for r in scene.form.rows if r.label == label]
    assert found, (label, [r.label for r in scene.form.rows])
    return found[0]


def type_into(scene: FormScene, label: str, text: str) -> None:
    target = row(scene, label)
    assert isinstance(target, TextRow)
    target.set("")
    scene.form.focus = scene.form.rows.index(target)
    target.editing = True
    for char in text:
        scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=char))
    target.editing = False


def press(scene: FormScene, label: str) -> None:
    target = row(scene, label)
    assert isinstance(target, ActionRow)
    target.activate()


def open_online(app: App) -> OnlineScene:
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and "Online table" in menu.labels()
    row(menu, "Online table").activate()
    scene = app.stack.top
    assert isinstance(scene, OnlineScene)
    return scene


def host_and_deal(app: App, turn_timer: bool = False) -> RemoteTable:
    """Ada hosts a table on loopback from the menu (a turn timer set when asked), Bea joins
    over the network, Ada deals; returns Bea's table."""
    press(open_online(app), "Host a table")
    host = top(app, HostScene)
    type_into(host, "Your name", "Ada")
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        port = s.getsockname()[1]
    type_into(host, "Port", str(port))
    if turn_timer:  # the host sets a turn timer (issue 40, defect 5)
        timer = row(host, "Turn timer")
        assert timer.value_text() == "No limit"
        timer.step(1)
    press(host, "Open the table")
    wait_for(
        lambda: after_frame(app, lambda: host.table is not None and bool(host.table.code)),
        what="the hosted table",
    )
    assert host.table is not None
    bea = RemoteTable.join(Address(LOOPBACK, port), host.table.code, "Bea")
    assert bea.wait_seated()
    wait_for(lambda: after_frame(app, lambda: "remote" in host.table.kinds), what="Bea")  # type: ignore[union-attr]
    press(host, "Deal (computers take the empty seats)")
    wait_for(lambda: after_frame(app, lambda: isinstance(app.stack.top, TableScene)), what="deal")
    return bea


def seat_kinds(table: RemoteTable) -> tuple[str, ...]:
    """The kinds of the table's seats once ``table`` has read what came."""
    table.poll()
    return table.kinds


def window_at_the_pass(app: App, seat: RemoteTable, seconds: float = 15) -> TableScene:
    """The window shows ``seat``'s dealt table and waits until the player is to pass."""
    table = TableScene(app, seat)
    app.show_table(table)
    until(app, table.human_to_pass, seconds)
    return table
