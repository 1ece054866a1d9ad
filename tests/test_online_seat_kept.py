"""Closing the window keeps the seat (issue 27, item 6) and Join shows the tables heard
(item 8): the seat token goes into the profile; Menu > Online table then offers "Back to
table …", and Join with the same table takes the seat back instead of being refused."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pytest

from game.engine.rules import Rules
from game.net.client import Address, RemoteTable, Status
from game.net.discovery import TableAdvert
from game.net.seat_book import SeatBook
from scenes.core import i18n
from scenes.core.app import App
from scenes.screens.menu import MenuScene
from scenes.screens.online.join import JoinScene
from scenes.table.table_scene import TableScene
from scenes.ui.widgets import ActionRow, ChoiceRow
from tests.helpers.net import LOOPBACK, serving, wait_for
from tests.helpers.online_forms import open_online, press, row, type_into
from tests.helpers.window import after_frame, frames, shoot


def test_a_closed_window_takes_its_seat_back(app: App, shots: Path) -> None:
    with serving() as server:
        host = RemoteTable.host(server.address, "Ada", Rules(), level="easy")
        assert host.wait_seated()
        press(open_online(app), "Join a table")
        join = app.stack.top
        assert isinstance(join, JoinScene)
        type_into(join, "Your name", "Bea")
        type_into(join, "Address", f"{LOOPBACK}:{server.port}")
        type_into(join, "Table code", host.code)
        press(join, "Join")
        wait_for(lambda: after_frame(app, lambda: "remote" in host.kinds), what="the seat")
        seat = host.kinds.index("remote")
        host.start()
        wait_for(
            lambda: after_frame(app, lambda: isinstance(app.stack.top, TableScene)),
            what="the table",
        )
        kept = SeatBook(app.profile).latest()
        assert kept is not None and kept.code == host.code and kept.name == "Bea"
        app.to_menu()  # the window leaves the table (as closing it does)
        wait_for(lambda: (host.poll(), host.kinds[seat] == "away")[1], what="the bot")
        assert host.names[seat] == "Bea"
        # Menu > Online table: the seat is offered first.
        scene = open_online(app)
        first = scene.form.rows[0]
        assert isinstance(first, ActionRow)
        assert first.label == f"Back to table {host.code} as Bea"
        i18n.set_language("fr")
        scene.rebuild()
        frames(app)
        shoot(app, shots, "online_seat_kept_fr.png")
        i18n.set_language("en")
        scene.rebuild()
        scene.form.rows[0].activate()
        wait_for(
            lambda: after_frame(app, lambda: isinstance(app.stack.top, TableScene)),
            what="the seat taken back",
        )
        wait_for(lambda: (host.poll(), host.kinds[seat] == "remote")[1], what="Bea back")
        assert host.names.count("Bea") == 1
        table = app.stack.top
        assert isinstance(table, TableScene) and table.source.seat == seat
        app.to_menu()
        host.close()


def test_join_shows_the_tables_heard_with_arrows(app: App, shots: Path) -> None:
    press(open_online(app), "Join a table")
    join = app.stack.top
    assert isinstance(join, JoinScene)
    heard = [
        TableAdvert("Ada", "192.168.1.20", 8765, "ABCD2345", 1, False),
        TableAdvert("Cy", "192.168.1.21", 8765, "", 1, False),
    ]
    join._found = lambda: heard  # type: ignore[method-assign]
    join.found.tables = join._found
    found = row(join, "Tables nearby")
    assert isinstance(found, ChoiceRow)  # drawn with ◀ ▶
    assert found.value_text() == "Ada · ABCD2345"  # the table heard, not "Type an address"
    frames(app)
    shoot(app, shots, "online_join_found_en.png")
    i18n.set_language("fr")
    frames(app)
    shoot(app, shots, "online_join_found_fr.png")
    i18n.set_language("en")
    found.step(1)
    assert found.value_text() == "Server 192.168.1.21:8765"
    found.step(1)
    assert found.value_text() == "Type an address"
    found.step(1)
    assert found.value_text() == "Ada · ABCD2345"
    found.step(-1)
    assert found.value_text() == "Type an address"
    found.step(1)
    type_into(join, "Address", "10.0.0.5")  # typing an address chooses it
    assert found.value_text() == "Type an address"
    app.stack.pop()
    assert not isinstance(app.stack.top, MenuScene)


def test_a_table_known_to_be_gone_is_not_offered_again(app: App) -> None:
    """Issue 40, defect 6: once the window saw the table close, Back to table is gone."""
    with serving() as server:
        host = RemoteTable.host(server.address, "Ada", Rules(), level="easy")
        assert host.wait_seated()
        press(open_online(app), "Join a table")
        join = app.stack.top
        assert isinstance(join, JoinScene)
        type_into(join, "Your name", "Bea")
        type_into(join, "Address", f"{LOOPBACK}:{server.port}")
        type_into(join, "Table code", host.code)
        press(join, "Join")
        wait_for(lambda: after_frame(app, lambda: "remote" in host.kinds), what="the seat")
        host.start()
        wait_for(
            lambda: after_frame(app, lambda: isinstance(app.stack.top, TableScene)),
            what="the table",
        )
        assert SeatBook(app.profile).latest() is not None
        server.call(lambda: server.table_server.shutdown())  # the table closes
        wait_for(lambda: after_frame(app, lambda: host.status is Status.OVER), what="closed")
        app.to_menu()
        labels = [r.label for r in open_online(app).form.rows]
        assert not any(label.startswith("Back to table") for label in labels), labels
        assert SeatBook(app.profile).latest() is None
        host.close()


def test_a_table_heard_later_does_not_replace_the_choice(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tables are heard and lost while Join is open: an address typed before a table is heard
    is still the one joined, and a table picked with the arrows stays picked when another is
    heard before it (the list's order changes, the choice does not)."""
    press(open_online(app), "Join a table")
    join = app.stack.top
    assert isinstance(join, JoinScene)
    heard: list[TableAdvert] = []
    join._found = lambda: heard  # type: ignore[method-assign]
    join.found.tables = join._found
    join.found.step(1)  # ▶ while nothing is heard: the first table heard is still shown
    heard.append(TableAdvert("Bo", "192.168.1.30", 8765, "JKLM2345", 3, False))
    assert row(join, "Tables nearby").value_text() == "Bo · JKLM2345"
    heard.clear()
    joined: list[tuple[str, int, str]] = []

    def fake_join(address: Address, code: str, name: str, token: str | None) -> RemoteTable:
        joined.append((address.host, address.port, code))
        raise _Joined

    monkeypatch.setattr("scenes.screens.online.join._join", fake_join)
    type_into(join, "Address", "10.0.0.5:8765")
    type_into(join, "Table code", "WXYZ2345")
    heard.append(TableAdvert("Ada", "192.168.1.20", 8765, "ABCD2345", 3, False))
    assert row(join, "Tables nearby").value_text() == "Type an address"
    with pytest.raises(_Joined):
        join.join()
    assert joined == [("10.0.0.5", 8765, "WXYZ2345")]  # not Ada's table, heard afterwards

    found = join.found
    found.step(1)  # from "Type an address" to the first table heard
    assert found.value_text() == "Ada · ABCD2345"
    heard.insert(0, TableAdvert("Cy", "192.168.1.21", 8765, "EFGH2345", 3, False))
    assert found.value_text() == "Ada · ABCD2345"  # Cy heard first in the list now
    with pytest.raises(_Joined):
        join.join()
    assert joined[-1] == ("192.168.1.20", 8765, "ABCD2345")
    heard.remove(heard[1])  # Ada's table is gone: nothing else is joined in its place
    assert found.chosen() is None
    heard.append(TableAdvert("Ada", "192.168.1.20", 8765, "ABCD2345", 3, False))
    assert found.value_text() == "Ada · ABCD2345"  # heard again: still the choice


class _Joined(Exception):
    """Raised by the fake join: the address it was given is recorded, nothing connects."""


def test_a_step_reads_the_tables_heard_once() -> None:
    """The browser's thread changes the list at any moment: a table heard between two reads
    in one step must not end the program."""
    from scenes.screens.online.rows import found_row

    first = TableAdvert("Ada", "192.168.1.20", 8765, "ABCD2345", 3, False)
    second = TableAdvert("Cy", "192.168.1.21", 8765, "EFGH2345", 3, False)
    reads = iter([[first], [second, first], [second, first], [second, first]])
    found = found_row(lambda: next(reads))
    found.step(1)  # read once: from Ada (the first heard) to "Type an address"
    assert found.typed and found.chosen() is None
