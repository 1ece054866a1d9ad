"""A trick as a value: who led, who played what, who is winning it and what it is worth.

The engine keeps a trick as bare ints for speed (:class:`game.engine.hand.HandState`); this is the
form for everyone at the edge (the window, the tutor, the network), so nobody re-derives the
winner or the points from a tuple.

>>> from game.engine.cards import parse_cards
>>> from game.engine.rules import Rules
>>> trick = Trick.of(Rules(), leader=3, cards=parse_cards("5H QH 2H"))
>>> trick.winner, trick.points, trick.card_of(0), trick.complete
(0, 3, Card('QH'), False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.cards import CARDS, RANKS_PER_SUIT, Card, mask_of
from game.engine.rules import Rules


def trick_winner(leader: int, cards: Sequence[int], players: int) -> int | None:
    """The seat whose card wins ``cards`` (played in order from ``leader``) so far: the highest
    card of the suit led. ``None`` for an empty trick.

    >>> trick_winner(2, [Card.parse("9S"), Card.parse("AS"), Card.parse("KH")], 4)
    3
    """
    if not cards:
        return None
    led = cards[0] // RANKS_PER_SUIT
    best = max(c for c in cards if c // RANKS_PER_SUIT == led)
    return (leader + list(cards).index(best)) % players


@dataclass(frozen=True)
class Trick:
    """One trick, finished or under way."""

    leader: int
    plays: tuple[tuple[int, Card], ...]  # (seat, card) in the order played, the lead first
    winner: int | None  # the seat winning it so far (the taker once complete); None if empty
    points: int  # what its cards are worth under the rules (before any moon)
    complete: bool  # every seat has played to it

    @classmethod
    def of(cls, rules: Rules, leader: int, cards: Sequence[int]) -> Trick:
        """The trick ``cards`` played in order from ``leader``."""
        n = rules.players
        return cls(
            leader=leader,
            plays=tuple(((leader + i) % n, CARDS[c]) for i, c in enumerate(cards)),
            winner=trick_winner(leader, cards, n),
            points=rules.points_of(mask_of(cards)),
            complete=len(cards) == n,
        )

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in the order played."""
        return tuple(card for _, card in self.plays)

    @property
    def led(self) -> Card | None:
        """The card that was led, if any."""
        return self.plays[0][1] if self.plays else None

    def card_of(self, seat: int) -> Card | None:
        """The card ``seat`` played to this trick, if it has."""
        for who, card in self.plays:
            if who == seat:
                return card
        return None
