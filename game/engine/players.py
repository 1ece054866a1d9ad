"""The seat interface: whatever fills a seat (a person at the window, an AI, a friend over the
network) answers the same three questions from the same :class:`SeatView`.

>>> from game.engine.rules import Rules
>>> from game.engine.match import Match
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

from game.engine.cards import Card, cards_of
from game.engine.events import Event
from game.engine.hand import Phase
from game.engine.match import Match
from game.engine.moves import Move
from game.engine.rules import PASS_SIZE
from game.engine.view import SeatView


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


def decide(player: Player, view: SeatView) -> Move:
    """The move ``player`` makes from ``view``: the one place a seat's question is picked by
    the phase (every table, local or remote, asks its players through here)."""
    if view.phase is Phase.PASS:
        return Move.pass_cards(player.choose_pass(view))
    if view.phase is Phase.MOON_CHOICE:
        return Move.moon(bool(player.choose_moon(view)))
    return Move.play(player.choose_play(view))


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
    while True:
        acting = match.to_act()
        if not acting:  # the hand is scored, or the game is over
            hands_played += 1
            if match.is_over or (max_hands is not None and hands_played >= max_hands):
                break
            new = match.next_hand()
        else:
            new = []
            for seat in acting:
                new += match.apply(seat, decide(players[seat], match.view(seat)))
        events.extend(new)
        if on_event is not None:
            for event in new:
                on_event(event)
    return MatchResult(match.winners, tuple(match.totals), hands_played, events)
