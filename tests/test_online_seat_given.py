"""The host gives a person's seat to a computer player (the server tells the seat at once,
issue 27 items 1 and 7): that person's window says so in a dialog, stops taking moves, and
"Take my seat back" sits them down again with their token."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pytest

from scenes.core.app import App
from scenes.ui.dialogs import ChoiceDialog
from tests.helpers.net import dealt_to_bea, serving, wait_for
from tests.helpers.online_forms import window_at_the_pass
from tests.helpers.window import frame, shoot, until

pytestmark = pytest.mark.app(speed="instant")


def test_a_seat_given_to_the_computer_is_said_and_taken_back(app: App, shots: Path) -> None:
    with serving() as server:
        host, bea = dealt_to_bea(server.address)
        table = window_at_the_pass(app, bea)
        host.give_to_bot(bea.seat)
        until(app, lambda: isinstance(app.stack.top, ChoiceDialog), 15)
        dialog = app.stack.top
        assert isinstance(dialog, ChoiceDialog)
        assert dialog.title == "The host gave your seat to the computer"
        assert not table.human and not table.human_to_pass()
        frame(app)
        shoot(app, shots, "online_seat_given.png")
        assert dialog.buttons[0].text() == "Take my seat back"
        dialog.buttons[0].action()
        until(app, lambda: table.human and bea.kinds[bea.seat] == "human", 15)
        assert table.human and bea.kinds[bea.seat] == "human"
        assert bea.reconnects == 1
        wait_for(lambda: (host.poll(), host.kinds[bea.seat] == "remote")[1], what="Bea back")
        bea.close()
        host.close()
