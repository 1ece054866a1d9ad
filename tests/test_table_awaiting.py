"""A move sent to a table elsewhere takes a while to be answered, and meanwhile other things
happen there (another seat passes, someone joins): the window must not ask again for the move it
already sent. A source whose answers lag shows it with the table scene under the dummy driver."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pytest

from game.engine.hand import Phase
from game.engine.match import Match
from game.engine.moves import Move
from game.engine.players import RandomPlayer, decide
from game.engine.rules import Rules
from game.engine.source import MoveRefused, SeatChanged, Update
from game.engine.view import SeatView
from scenes.core.app import App
from scenes.table.table_scene import TableScene
from tests.helpers.seat_source import SEAT, seat_update
from tests.helpers.window import FRAME

pytestmark = pytest.mark.app(speed="instant")


class LaggingSource:
    """Seat 0 of a match whose moves are held (``in_flight``) until the test lets the table
    answer them; what the test injects meanwhile reaches the window first."""

    def __init__(self, seed: int) -> None:
        self.match = Match.new(Rules(), seed)
        self.bots = [RandomPlayer(f"{seed}/{s}") for s in range(4)]
        self.pending: list[Update] = [self.match.start_event()]
        self.in_flight: list[Move] = []
        self.seat = SEAT
        self.rules = self.match.rules
        self.names: tuple[str, ...] = ("Ada", "Bea", "Cy", "Dee")

    def view(self) -> SeatView:
        return self.match.view(SEAT)

    def poll(self) -> list[Update]:
        out = [seat_update(u) for u in self.pending]
        self.pending.clear()
        return out

    def send(self, move: Move) -> None:
        self.in_flight.append(move)

    def ready(self) -> None:
        pass

    def close(self) -> None:
        pass

    def another_seat_passes(self, seat: int) -> None:
        move = decide(self.bots[seat], self.match.view(seat))
        self.pending.extend(self.match.apply(seat, move))

    def answer(self) -> None:
        """The table takes the moves in flight (a refusal comes back as one)."""
        for move in self.in_flight:
            reason = self.match.move_reason(SEAT, move)
            if reason is None:
                self.pending.extend(self.match.apply(SEAT, move))
            else:
                self.pending.append(MoveRefused(str(move), reason))
        self.in_flight.clear()


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
