"""The online screens' forms driven as a person would (rows found by label, text typed, actions
pressed), and the tables they open kept aside instead of the table scene."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.net.client import RemoteTable
from scenes.core.app import App
from scenes.screens.menu import MenuScene
from scenes.screens.online import waiting
from scenes.screens.online.lobby import OnlineScene
from scenes.screens.online.seats import Network
from scenes.ui.form_scene import FormScene
from scenes.ui.widgets import ActionRow, Row, TextRow
from tests.helpers.net import LOOPBACK


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
