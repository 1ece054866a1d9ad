"""A move sent to a table elsewhere takes a while to be answered, and meanwhile other things
happen there (another seat passes, someone joins): the window must not ask again for the move it
already sent. A source whose answers lag shows it with the table scene under the dummy driver."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pytest

from game.engine.hand import Phase
from game.engine.moves import Move
from game.engine.source import SeatChanged
from scenes.core.app import App
from scenes.table.table_scene import TableScene
from tests.helpers.seat_source import SEAT, LaggingSource
from tests.helpers.window import FRAME

pytestmark = pytest.mark.app(speed="instant")


def _run(app: App, table: TableScene, frames: int = 30) -> list[bool]:
    """Frames of the window; whether the pass prompt (its button) showed at each."""
    shown = []
    for _ in range(frames):
        app.stack.update(FRAME)
        app.stack.draw(app.screen)
        shown.append(table.pass_button.visible or table.human_to_pass())
    return shown


def _sent_a_pass(app: App, seed: int) -> tuple[LaggingSource, TableScene]:
    source = LaggingSource(seed)
    table = TableScene(app, source)
    app.show_table(table)
    assert any(_run(app, table)), "the pass was never asked for"
    table.hand.selected = set(table.model.hand[:3])
    table.confirm_pass()
    assert source.in_flight and not any(_run(app, table, 5))
    return source, table


def test_the_pass_prompt_stays_away_while_the_pass_is_in_flight(app: App) -> None:
    source, table = _sent_a_pass(app, seed=4)
    # Another seat's pass and someone taking a seat arrive before the answer to ours.
    source.another_seat_passes(1)
    source.pending.append(SeatChanged(2, "Bea", "remote"))
    assert not any(_run(app, table)), "the pass prompt came back before the pass was answered"
    assert table.view.pass_chosen[1] and not table.view.pass_chosen[SEAT]
    # The answer: the seat's pass is made; then the others pass and the hand is played.
    source.answer()
    assert not any(_run(app, table))
    for seat in (2, 3):
        source.another_seat_passes(seat)
    _run(app, table)
    assert table.view.phase is Phase.PLAY and table.view.pass_chosen[SEAT]


def test_a_refused_pass_in_flight_is_asked_for_again(app: App) -> None:
    source, table = _sent_a_pass(app, seed=5)
    source.another_seat_passes(1)
    # The pass the window sent is not the one the table gets (as if cards were out of date).
    source.in_flight[:] = [Move.pass_cards([c for c in range(52) if c not in table.model.hand][:3])]
    assert not any(_run(app, table))
    source.answer()
    assert any(_run(app, table)) and "hold" in table.message


def test_taking_the_seat_back_after_a_drop_asks_again(app: App) -> None:
    """The connection dropped with the pass in flight and the seat was taken back: the table
    may never have received it, so the window asks again."""
    source, table = _sent_a_pass(app, seed=6)
    source.in_flight.clear()  # lost with the connection
    source.pending.append(SeatChanged(SEAT, "Ada", "human"))
    assert any(_run(app, table))
