"""Menu > Online table > Create a table on a server (issue 27, item 10): a dedicated server
(``python -m game.net.server``, a real process on loopback) gets a table from the screens, with
the rules of New game and the level chosen; a friend joins it with its code and the creator
deals."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.net.client import Address, RemoteTable, Status
from scenes.core import i18n
from scenes.core.app import App
from scenes.screens.online.create import CreateScene
from tests.helpers.net import LOOPBACK, wait_for
from tests.helpers.online_forms import open_online, opened_tables, press, row, type_into
from tests.helpers.window import after_frame, frames, shoot
from tests.helpers.xvfb import ROOT

__all__ = ["opened_tables"]  # the fixture, used by name


@pytest.fixture
def server_address() -> Iterator[Address]:
    """A dedicated server in its own process, on a free loopback port."""
    server = subprocess.Popen(
        [sys.executable, "-m", "game.net.server", "--host", LOOPBACK, "--port", "0"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith("port "), f"the server did not start: {line!r}"
        yield Address(LOOPBACK, int(line.split()[1]))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()


def test_create_a_table_on_a_dedicated_server(
    app: App, server_address: Address, opened_tables: list[RemoteTable], shots: Path
) -> None:
    scene = open_online(app)
    press(scene, "Create a table on a server")
    create = app.stack.top
    assert isinstance(create, CreateScene)
    type_into(create, "Your name", "Ada")
    assert row(create, "Rules").value_text()  # New game's rules, shown
    row(create, "Computer players").step(1)  # medium -> hard
    # No address, then an address where nothing listens: sentences, nothing left running.
    press(create, "Create the table")
    assert create.status == "Type the server's address, like example.org:8765"
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        free = s.getsockname()[1]
    type_into(create, "Server address", f"{LOOPBACK}:{free}")
    press(create, "Create the table")
    wait_for(lambda: after_frame(app, lambda: create.table is None), what="the failure")
    assert create.status.startswith("The table cannot be reached")
    type_into(create, "Server address", f"{LOOPBACK}:{server_address.port}")
    press(create, "Create the table")
    wait_for(
        lambda: after_frame(app, lambda: any(r.label == "Table code" for r in create.form.rows)),
        what="the table on the server",
    )
    table = create.table
    assert table is not None and table.status is Status.SEATED and table.is_host
    assert row(create, "Table code").value_text() == table.code
    friend = RemoteTable.join(server_address, table.code, "Bea")
    assert friend.wait_seated()
    wait_for(
        lambda: after_frame(app, lambda: any("Bea" in r.value_text() for r in create.form.rows)),
        what="the friend on the creator's screen",
    )
    i18n.set_language("fr")
    create.rebuild()
    frames(app)
    shoot(app, shots, "online_create_fr.png")
    i18n.set_language("en")
    create.rebuild()
    frames(app)
    shoot(app, shots, "online_create_en.png")
    press(create, "Deal (computers take the empty seats)")
    wait_for(lambda: after_frame(app, lambda: bool(opened_tables)), what="the deal")
    dealt = opened_tables[0]
    assert dealt.kinds == ("human", "remote", "bot", "bot")
    assert dealt.level == "hard" and dealt.rules == app.prefs.new_game.rules()
    friend.close()
