"""What the table shows right now: a state the engine reached, caught up event by event.

The game runs ahead of the screen by at most the updates the table's source last gave; each
event is applied here when its animation ends, and the source's view of the bottom seat is
copied in after the last of them, so the picture can never drift from the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.cards import cards_of, mask_of
from game.engine.events import (
    CardPlayed,
    Event,
    HandScored,
    HandStarted,
    HeartsBroken,
    PassesExchanged,
    TrickWon,
)
from game.engine.hand import Phase
from game.engine.rules import PassDirection
from game.engine.view import SeatView


@dataclass
class TableModel:
    seat: int  # the seat at the bottom, whose cards are shown
    hand: list[int] = field(default_factory=list)  # its cards, sorted
    counts: list[int] = field(default_factory=list)  # cards each seat holds (by seat)
    trick: list[tuple[int, int]] = field(default_factory=list)  # (seat, card) in play order
    points: list[int] = field(default_factory=list)  # taken this hand, by seat
    hearts_broken: bool = False
    leader: int = 0
    turn: int = 0
    phase: Phase = Phase.PASS
    pass_direction: PassDirection = PassDirection.LEFT
    hand_number: int = 0
    totals: list[int] = field(default_factory=list)  # by seat
    moon_shooter: int | None = None  # who shot the moon this hand, once it is known
    hand_scores: list[int] | None = None  # the hand as scored (a moon's +26 in), once over
    # The trick finished last this hand, (seat, card) in play order, its taker and its points
    # (empty before the first trick of the hand is taken).
    last_trick: list[tuple[int, int]] = field(default_factory=list)
    last_winner: int | None = None
    last_points: int = 0

    @classmethod
    def from_view(cls, view: SeatView) -> TableModel:
        model = cls(view.seat)
        model.sync(view)
        return model

    def sync(self, view: SeatView) -> None:
        """Become exactly what the engine's view says."""
        self.hand = list(cards_of(view.hand))
        self.counts = list(view.card_counts)
        self.trick = [(seat, int(card)) for seat, card in view.trick_seats()]
        self.points = view.points_taken()
        self.hearts_broken = view.hearts_broken
        self.leader = view.leader
        self.turn = view.turn
        self.phase = view.phase
        self.pass_direction = view.pass_direction
        self.hand_number = view.hand_number
        self.totals = list(view.totals)
        self.moon_shooter = view.moon_shooter
        self.hand_scores = list(view.hand_scores) if view.hand_scores is not None else None
        self.last_trick, self.last_winner, self.last_points = [], None, 0
        if view.tricks:
            leader, cards, winner = view.tricks[-1]
            n = view.rules.players
            self.last_trick = [((leader + i) % n, int(card)) for i, card in enumerate(cards)]
            self.last_winner = winner
            self.last_points = view.rules.points_of(mask_of(cards))

    def clear_hands(self) -> None:
        """Before the deal: nobody holds anything yet."""
        self.hand = []
        self.counts = [0] * len(self.counts)
        self.trick = []
        self.points = [0] * len(self.points)
        self.hearts_broken = False
        self.moon_shooter = None
        self.hand_scores = None
        self.last_trick, self.last_winner, self.last_points = [], None, 0

    def apply(self, event: Event) -> None:
        """Show the result of ``event`` (its animation has just ended)."""
        if isinstance(event, CardPlayed):
            if event.seat == self.seat and event.card in self.hand:
                self.hand.remove(event.card)
            self.counts[event.seat] = max(0, self.counts[event.seat] - 1)
            self.trick.append((event.seat, int(event.card)))
            self.turn = (event.seat + 1) % len(self.counts)
        elif isinstance(event, HeartsBroken):
            self.hearts_broken = True
        elif isinstance(event, TrickWon):
            n = len(self.counts)
            self.last_trick = [((event.leader + i) % n, int(c)) for i, c in enumerate(event.cards)]
            self.last_winner, self.last_points = event.winner, event.points
            self.trick = []
            self.points[event.winner] += event.points
            self.leader = self.turn = event.winner
        elif isinstance(event, PassesExchanged):
            given = event.given[self.seat] or ()
            received = event.received[self.seat] or ()
            self.hand = sorted({*self.hand} - {int(c) for c in given} | {int(c) for c in received})
        elif isinstance(event, HandStarted):
            self.hand_number = event.hand_number
            self.moon_shooter = None
            self.hand_scores = None
            self.pass_direction = event.pass_direction
        elif isinstance(event, HandScored):
            self.totals = [t + p for t, p in zip(self.totals, event.points, strict=True)]
            self.moon_shooter = event.moon_shooter
            self.hand_scores = list(event.points)
