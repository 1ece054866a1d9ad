"""Online, after the exchange (issue 27, item 9): the table goes on while the cards received
stay marked, so the OK button must not lie over the trick's cards, and the help line says
"your lead" only when the seat leads (following, it says "your turn")."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pytest

from game.engine.hand import Phase
from game.engine.rules import Rules
from scenes.core.app import App
from scenes.table.table_scene import TableScene
from tests.helpers.seat_source import SEAT, SeatViewOnlySource
from tests.helpers.window import frame, shoot

pytestmark = pytest.mark.app(speed="normal")


def test_following_after_the_exchange_online(app: App, shots: Path) -> None:
    followed = 0
    for seed in range(1, 12):
        source = SeatViewOnlySource(Rules(), seed)
        table = TableScene(app, source)
        app.show_table(table)
        for _ in range(600):
            frame(app)
            if table.human_to_pass():
                break
        assert table.human_to_pass()
        for card in table.model.hand[:3]:
            table.hand.toggle(card)
        table.confirm_pass()
        seen_ok_on_trick = seen_lead_following = 0
        for _ in range(3000):
            frame(app)
            if table.to_accept_received() and table.model.trick:
                seen_ok_on_trick += table.ok_button.visible
                seen_lead_following += table.status_text().endswith("your lead")
            if table.human_to_play():
                break
        assert table.human_to_play() and table.view.phase is Phase.PLAY
        if table.view.leader == SEAT:
            continue  # this deal: the seat leads; another seed
        assert table.hand.received and table.model.trick
        assert seen_ok_on_trick == 0, "the OK button lay over the trick's cards"
        assert seen_lead_following == 0, "'your lead' while following"
        giver = table.name(table.model.pass_direction.source(SEAT, 4))
        assert table.status_text() == f"Cards received from {giver}: your turn"
        followed += 1
        if followed == 1:
            shoot(app, shots, "online_received_following.png")
        if followed == 2:
            break
    assert followed == 2, "no deal where the seat follows after the exchange"
