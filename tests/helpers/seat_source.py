"""What the table-source tests share: the seat the window plays and the updates it is sent."""

from __future__ import annotations

from game.engine.events import for_seat
from game.engine.table import MoveRefused, SeatChanged, TableClosed, Update

SEAT = 0
"""The seat the window plays in the table-source tests."""


def seat_update(update: Update) -> Update:
    """``update`` as SEAT is sent it: only the engine's events are filtered for the seat; the
    table's own updates pass as they are."""
    if isinstance(update, MoveRefused | TableClosed | SeatChanged):
        return update
    return for_seat(update, SEAT)
