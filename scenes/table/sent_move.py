"""The seat's move on its way to the table: the cards sent stay raised until the table answers,
and a table slow to answer is said (issue 40: a server frozen 20 s said nothing and the clicked
card sat in the hand as if the click had been lost). The frame loop never waits for the answer:
this is a task of the table scene, run with its other timers."""

from __future__ import annotations

from typing import Final

from game.engine.moves import Move
from scenes.core.i18n import _

SLOW_ANSWER: Final = 3.0  # seconds without an answer before the table says it waits


class SentMove:
    """The move sent and not answered yet (none: ``awaiting`` is False)."""

    def __init__(self) -> None:
        self.awaiting = False  # a move was sent and its answer has not come yet
        self.cards: frozenset[int] = frozenset()  # its cards, shown raised meanwhile
        self.elapsed = 0.0  # seconds since it was sent

    def start(self, move: Move) -> None:
        self.awaiting = True
        self.elapsed = 0.0
        self.cards = frozenset(int(c) for c in move.cards)  # none for the moon choice

    def answered(self) -> None:
        """The table made the move, refused it, or things changed under it."""
        self.awaiting = False
        self.cards = frozenset()
        self.elapsed = 0.0

    def run(self, dt: float) -> None:
        if self.awaiting:
            self.elapsed += dt

    @property
    def slow(self) -> bool:
        """The table has kept the seat waiting long enough to say so."""
        return self.awaiting and self.elapsed >= SLOW_ANSWER

    def line(self) -> str:
        """The help line while the table is slow to answer (else nothing)."""
        return _("Waiting for the table to answer…") if self.slow else ""
