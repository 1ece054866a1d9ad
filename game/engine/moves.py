"""A move as a small value: a pass of three cards, a card played, or the moon choice.

Whatever fills a seat (the window, an AI, a network client) hands the table a :class:`Move`;
the table checks it with :meth:`game.engine.match.Match.apply`. Moves print and parse themselves,
like python-chess's ``Move.uci()``:

>>> move = Move.play(Card.parse("QS"))
>>> str(move), Move.parse("play QS") == move
('play QS', True)
>>> str(Move.pass_cards(parse_cards("AS 2H KS")))
'pass KS AS 2H'
>>> Move.parse("moon -26").subtract
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from itertools import combinations
from typing import Any, Final

from game.engine.cards import CARDS, Card, cards_of, parse_cards
from game.engine.hand import Phase
from game.engine.legality import (
    Position,
    Reason,
    is_card,
    moon_refusal,
    pass_refusal,
    play_refusal,
)
from game.engine.rules import MOON_POINTS, PASS_SIZE


class MoveKind(Enum):
    PASS = "pass"  # the cards a seat passes
    PLAY = "play"  # the card a seat plays
    MOON = "moon"  # the shooter's choice (with the "shooter chooses" moon rule)


_PASS_KIND: Final = MoveKind.PASS  # (a member read off its class runs Python code in 3.11)
_MOON_WORDS = {f"-{MOON_POINTS}": True, f"+{MOON_POINTS}": False}


@dataclass(frozen=True, slots=True)
class Move:
    """One seat's move. Build it with :meth:`pass_cards`, :meth:`play` or :meth:`moon`."""

    kind: MoveKind
    cards: tuple[Card, ...] = ()  # PASS: the cards passed, sorted; PLAY: (the card,)
    subtract: bool = False  # MOON: True takes 26 off the shooter, False gives 26 to the others

    @classmethod
    def pass_cards(cls, cards: Iterable[int]) -> Move:
        """A pass (sorted, so the order the cards were picked in tells nothing). The table
        checks the count and that the seat holds them."""
        cards = list(cards)
        if not all(map(is_card, cards)):
            raise ValueError("a pass is made of cards")
        return cls(_PASS_KIND, tuple(sorted([CARDS[c] for c in cards])))

    @classmethod
    def play(cls, card: int) -> Move:
        if not is_card(card):
            raise ValueError(f"{card!r} is not a card")
        return PLAY_MOVES[card]  # moves are values: one per card, made once

    @classmethod
    def moon(cls, subtract: bool) -> Move:
        if not isinstance(subtract, bool):
            raise ValueError("the moon choice is True (take 26 off) or False (26 to the others)")
        return cls(MoveKind.MOON, subtract=subtract)

    @property
    def card(self) -> Card:
        """The card of a PLAY move."""
        if self.kind is not MoveKind.PLAY or len(self.cards) != 1:
            raise ValueError(f"{self} is not a card played")
        return self.cards[0]

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def __str__(self) -> str:
        if self.kind is MoveKind.MOON:
            return f"moon {'-' if self.subtract else '+'}{MOON_POINTS}"
        return " ".join([self.kind.value, *(str(c) for c in self.cards)])

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move :meth:`__str__` wrote; ValueError with a sentence otherwise."""
        if not isinstance(text, str):
            raise ValueError("a move is written as text")
        word, _, rest = text.strip().partition(" ")
        rest = rest.strip()
        if word == MoveKind.MOON.value:
            if rest not in _MOON_WORDS:
                raise ValueError(f"a moon choice is 'moon -{MOON_POINTS}' or 'moon +{MOON_POINTS}'")
            return cls.moon(_MOON_WORDS[rest])
        if word == MoveKind.PLAY.value:
            cards = parse_cards(rest)
            if len(cards) != 1:
                raise ValueError("a play names one card, like 'play QS'")
            return cls.play(cards[0])
        if word == MoveKind.PASS.value:
            return cls.pass_cards(parse_cards(rest))
        raise ValueError(f"{text!r} is not a move: write 'pass 2C 3C 4C', 'play QS' or 'moon -26'")


PLAY_MOVES: Final = tuple(Move(MoveKind.PLAY, (card,)) for card in CARDS)
"""``Move.play(card)`` for every card, by number."""
_MOON_MOVES: Final = (Move(MoveKind.MOON, subtract=True), Move(MoveKind.MOON, subtract=False))
# Module constants for the enum members the hot path tests (a member read off its class runs
# Python code in 3.11's enum).
_PASS: Final = Phase.PASS
_PLAY: Final = Phase.PLAY
_MOON_CHOICE: Final = Phase.MOON_CHOICE


def play_moves(playable: int) -> list[Move]:
    """The play of each card of the set ``playable``, lowest first."""
    moves = PLAY_MOVES
    return [moves[card] for card in cards_of(playable)]


def legal_moves(phase: Phase, hand: int, playable: int) -> list[Move]:
    """The moves of a seat holding ``hand`` that owes a move in ``phase`` (``playable``: the
    cards it may play, from :func:`game.engine.legality.legal_mask`)."""
    if phase is _PLAY:
        return play_moves(playable)
    if phase is _PASS:
        return [Move.pass_cards(trio) for trio in combinations(cards_of(hand), PASS_SIZE)]
    if phase is _MOON_CHOICE:
        return list(_MOON_MOVES)
    return []


def move_refusal(move: object, seat: int, position: Position) -> Reason | None:
    """May ``seat`` make ``move`` now, and if not, why: a play asks
    :func:`~game.engine.legality.play_refusal`, a pass
    :func:`~game.engine.legality.pass_refusal`, the moon choice
    :func:`~game.engine.legality.moon_refusal`. The match (:meth:`Match.move_reason`) and a
    seat's view (:meth:`SeatView.move_reason`) both answer with it."""
    if not isinstance(move, Move) or not isinstance(move.kind, MoveKind):
        return Reason.NOT_A_MOVE
    fields: Any = move  # a Move built by hand may hold anything: read untyped
    if move.kind is MoveKind.PLAY:
        if len(fields.cards) != 1:
            return Reason.NOT_A_CARD
        return play_refusal(fields.cards[0], seat, position)
    if move.kind is MoveKind.PASS:
        return pass_refusal(list(fields.cards), seat, position)
    return moon_refusal(fields.subtract, seat, position)
