"""The seat interface: whatever fills a seat (a person at the window, an AI, a friend over the
network) answers the same three questions from the same :class:`SeatView`.

>>> from game.rules import Rules
>>> from game.match import Match
>>> match = Match.new(Rules(), seed=1)
>>> players = [RandomPlayer(seed=s) for s in range(4)]
>>> result = play_match(match, players)
>>> match.is_over, len(result.winners) >= 1
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from game.cards import Card, cards_of
from game.events import Event
from game.hand import Phase
from game.match import Match
from game.rules import PASS_SIZE
from game.view import SeatView


@runtime_checkable
class Player(Protocol):
    """A seat's decisions. Each call gets the seat's view only and must return a legal move;
    the table checks it with the engine all the same."""

    def choose_pass(self, view: SeatView) -> list[Card]:
        """The three cards to pass (only called when this hand has a pass)."""
        ...

    def choose_play(self, view: SeatView) -> Card:
        """The card to play (only called on this seat's turn)."""
        ...

    def choose_moon(self, view: SeatView) -> bool:
        """After shooting the moon with the "shooter chooses" rule: True to take 26 off one's
        own total, False to add 26 to everyone else's."""
        ...


class RandomPlayer:
    """Uniformly random legal moves from its own seeded generator (tests, arena baseline)."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(str(seed))

    def choose_pass(self, view: SeatView) -> list[Card]:
        return sorted(self.rng.sample(cards_of(view.hand), PASS_SIZE))

    def choose_play(self, view: SeatView) -> Card:
        return self.rng.choice(view.legal_cards())

    def choose_moon(self, view: SeatView) -> bool:
        return self.rng.random() < 0.5


@dataclass
class MatchResult:
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    hands: int
    events: list[Event]


def play_match(
    match: Match,
    players: Sequence[Player],
    *,
    max_hands: int | None = None,
    on_event: Callable[[Event], None] | None = None,
) -> MatchResult:
    """Play ``match`` to its end (or ``max_hands`` hands) with one player per seat."""
    events: list[Event] = []
    hands_played = 0

    def record(new: list[Event]) -> None:
        events.extend(new)
        if on_event is not None:
            for event in new:
                on_event(event)

    while True:
        phase = match.phase
        if phase is Phase.PASS:
            for seat, player in enumerate(players):
                if match.hand.passes[seat] is None:
                    record(match.choose_pass(seat, player.choose_pass(match.view(seat))))
        elif phase is Phase.PLAY:
            seat = match.hand.turn
            record(match.play(players[seat].choose_play(match.view(seat)), seat))
        elif phase is Phase.MOON_CHOICE:
            seat = match.hand.turn
            record(match.choose_moon(players[seat].choose_moon(match.view(seat)), seat))
        elif phase is Phase.HAND_OVER:
            hands_played += 1
            if max_hands is not None and hands_played >= max_hands:
                break
            record(match.next_hand())
        else:  # GAME_OVER
            hands_played += 1
            break
    return MatchResult(match.winners, tuple(match.totals), hands_played, events)
