"""Issue 40: the table says who it waits for (the people, not the computer players): after
one's pass, who is still choosing."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pytest

from game.engine.rules import Rules
from game.net.client import RemoteTable
from scenes.core import i18n
from scenes.core.app import App, Options
from scenes.table.table_scene import TableScene
from tests.helpers.net import serving, wait_for
from tests.helpers.window import click, point_on_card, shoot, until


@pytest.fixture
def app_options(profile_folder: Path) -> Options:
    return Options(profile=profile_folder, size=(800, 600), lang="en", speed="instant")


def test_the_table_says_who_it_waits_for(app: App, shots: Path) -> None:
    with serving(seed_of=lambda code: 21) as server:
        ada = RemoteTable.host(server.address, "Ada", Rules(), level="easy")
        assert ada.wait_seated()
        bea = RemoteTable.join(server.address, ada.code, "Bea")
        assert bea.wait_seated()
        ada.start()
        wait_for(bea.has_view, what="the deal")
        table = TableScene(app, bea)
        app.show_table(table)
        until(app, table.human_to_pass, 15)
        for index in range(3):
            click(app, point_on_card(table, index))
        table.confirm_pass()
        waiting = "Waiting for Ada to choose the cards to pass"
        until(app, lambda: table.status_text() == waiting, 15)
        assert table.status_text() == waiting
        i18n.set_language("fr")
        until(app, lambda: False, 0.2)
        shoot(app, shots, "waiting_for_fr.png")
        i18n.set_language("en")
        bea.close()
        ada.close()
