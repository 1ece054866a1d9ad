"""The table tells who leaves and who comes back (issue 27, item 7): a friend who closes their
window is said on the host's table ("the computer plays for now"), and so is their return
with their seat token; the host's own "Give to computer" is said once, not twice."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pytest

from game.engine.rules import Rules
from game.net.client import RemoteTable
from scenes.core import i18n
from scenes.core.app import App
from scenes.table.table_scene import TableScene
from tests.helpers.net import serving, wait_for
from tests.helpers.window import shoot, until

pytestmark = pytest.mark.app(speed="instant")


def said(app: App, table: TableScene, text: str) -> None:
    until(app, lambda: table.message == text and table.message_timer > 0, 15)
    assert table.message == text, f"not said: {text!r} (last: {table.message!r})"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_host_is_told_when_a_friend_leaves_and_comes_back(
    app: App, shots: Path, lang: str
) -> None:
    i18n.set_language(lang)
    with serving() as server:
        host = RemoteTable.host(server.address, "Ada", Rules(), level="easy")
        assert host.wait_seated()
        bea = RemoteTable.join(server.address, host.code, "Bea")
        assert bea.wait_seated()
        host.start()
        wait_for(host.has_view, what="the deal")
        table = TableScene(app, host)
        app.show_table(table)
        until(app, table.human_to_pass, 15)
        seat, token = bea.seat, bea.token
        bea.close()  # Bea's window closes
        said(
            app,
            table,
            i18n._("{name} left the table: the computer plays for now").format(name="Bea"),
        )
        shoot(app, shots, f"online_friend_left_{lang}.png")
        back = RemoteTable.join(server.address, host.code, "Bea", token=token)
        assert back.wait_seated() and back.seat == seat
        said(app, table, i18n._("{name} is back at the table").format(name="Bea"))
        back.close()
        host.close()


def test_the_hosts_own_choice_is_not_said_as_a_departure(app: App) -> None:
    with serving() as server:
        host = RemoteTable.host(server.address, "Ada", Rules(), level="easy")
        assert host.wait_seated()
        bea = RemoteTable.join(server.address, host.code, "Bea")
        assert bea.wait_seated()
        host.start()
        wait_for(host.has_view, what="the deal")
        table = TableScene(app, host)
        app.show_table(table)
        until(app, table.human_to_pass, 15)
        table.give_to_bot(bea.seat)
        until(app, lambda: host.kinds[bea.seat] == "away", 15)
        until(app, lambda: False, 1.0)  # the seat's change comes and is shown
        assert table.message == "The computer plays for Bea from now on"
        bea.close()
        host.close()
