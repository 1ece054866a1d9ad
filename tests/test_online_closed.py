"""An online table that goes away (issue 27, item 5): the window's seat is told in a dialog
what happened, with the scores so far, and goes back to the menu; the table never comes back
to life ("Your turn", Hint) with cards that do nothing."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pytest

from game.net.client import Address, RemoteTable
from game.net.hosting import HostedServer, HostedTable
from scenes.core import i18n
from scenes.core.app import App
from scenes.screens.menu import MenuScene
from scenes.table.table_scene import TableScene
from scenes.ui.dialogs import ChoiceDialog
from tests.helpers.net import LOOPBACK, dealt_to_bea, serving
from tests.helpers.online_forms import window_at_the_pass
from tests.helpers.window import FRAME, frame, shoot, until

pytestmark = pytest.mark.app(speed="instant")


def seat_at_a_table(app: App, server_address: Address) -> tuple[RemoteTable, TableScene]:
    """Ada hosts (a script), the window sits as Bea, the host deals: the table scene shows."""
    host, bea = dealt_to_bea(server_address, host_kind=HostedTable)
    table = window_at_the_pass(app, bea, 20)
    assert table.human_to_pass() and table.hint_button.visible
    return host, table


def _said(lang: str, text: str) -> str:
    return text if lang == "en" else i18n._(text)


def closed_dialog(app: App, table: TableScene) -> ChoiceDialog:
    until(app, lambda: isinstance(app.stack.top, ChoiceDialog), 20)
    dialog = app.stack.top
    assert isinstance(dialog, ChoiceDialog), "no dialog says the table is gone"
    return dialog


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_host_leaving_is_said_with_the_scores_and_the_menu(
    app: App, shots: Path, lang: str
) -> None:
    i18n.set_language(lang)
    server = HostedServer(0, listen=LOOPBACK, advertise=False)
    assert server.start()
    try:
        host, table = seat_at_a_table(app, Address(LOOPBACK, server.port))
        assert isinstance(host, HostedTable)
        host.server = server
        host.keep_table = False  # the host ends the table for everyone: its server closes
        host.close()
        dialog = closed_dialog(app, table)
        frame(app)
        # No older news under the dialog (issue 40: "Ada left the table…" beneath it).
        assert table.status_text() == _said(lang, "The host left the table")
        shoot(app, shots, f"online_host_left_{lang}.png")
        left = "The host left the table" if lang == "en" else i18n._("The host left the table")
        assert dialog.title == left
        assert "Ada 0" in dialog.message and "Bea 0" in dialog.message
        # "Look at the table": the table stays still; it never asks for a move again.
        dialog.buttons[1].action()
        for _ in range(int(12 / FRAME)):  # longer than any message on the help line
            app.stack.update(FRAME)
        assert app.stack.top is table
        assert not table.human_to_pass() and not table.hint_button.visible
        assert table.status_text() == left
        assert not isinstance(app.stack.top, ChoiceDialog)  # said once
        table.app.to_menu()
        assert isinstance(app.stack.top, MenuScene)
    finally:
        server.stop()


def test_a_server_that_stops_mid_hand_is_said_and_enter_goes_to_the_menu(app: App) -> None:
    with serving() as server:
        _host, table = seat_at_a_table(app, server.address)
    dialog = closed_dialog(app, table)
    assert dialog.title == "The table has closed"
    assert dialog.message.startswith("Scores so far: Ada 0")
    dialog.buttons[dialog.focus].action()  # Enter: the first choice
    assert isinstance(app.stack.top, MenuScene)


def test_a_server_killed_is_said_while_the_seat_is_tried_again(app: App) -> None:
    """A server process killed without a word: the help line says the connection is being
    tried again (the table does not look live meanwhile), then the dialog comes."""
    import signal
    import subprocess
    import sys

    from tests.helpers.xvfb import ROOT

    process = subprocess.Popen(
        [sys.executable, "-m", "game.net.server", "--host", LOOPBACK, "--port", "0"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("port "), line
        host, table = seat_at_a_table(app, Address(LOOPBACK, int(line.split()[1])))
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        trying = "The connection to the table was lost: trying again…"
        until(app, lambda: table.status_text() == trying, 10)
        assert table.status_text() == trying and not table.hint_button.visible
        dialog = closed_dialog(app, table)
        assert dialog.title == "The connection to the table was lost"
        dialog.buttons[1].action()  # look at the table
        frame(app)
        assert table.status_text() == "The connection to the table was lost"
        host.close()
    finally:
        process.kill()
        process.wait(10)
