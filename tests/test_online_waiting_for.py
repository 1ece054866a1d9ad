"""Issue 40: the table says who it waits for (the people, not the computer players): after
one's pass, who is still choosing."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pytest

from scenes.core import i18n
from scenes.core.app import App, Options
from tests.helpers.net import dealt_to_bea, serving
from tests.helpers.online_forms import window_at_the_pass
from tests.helpers.window import click, point_on_card, shoot, until


@pytest.fixture
def app_options(profile_folder: Path) -> Options:
    return Options(profile=profile_folder, size=(800, 600), lang="en", speed="instant")


def test_the_table_says_who_it_waits_for(app: App, shots: Path) -> None:
    with serving(seed_of=lambda code: 21) as server:
        ada, bea = dealt_to_bea(server.address)
        table = window_at_the_pass(app, bea)
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
