"""STAND-IN (net branch) for the integrator's game/moves.py, written from ENGINE_API.md so the
network table can be built before it lands; main's version replaces this file on merge.

>>> str(Move.parse("play qs")), str(Move.pass_cards([2, 0, 1])), str(Move.moon(True))
('play QS', 'pass 2C 3C 4C', 'moon -26')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from game.cards import CARDS, Card


class MoveKind(Enum):
    PASS = "pass"
    PLAY = "play"
    MOON = "moon"


@dataclass(frozen=True, slots=True)
class Move:
    kind: MoveKind
    cards: tuple[Card, ...] = ()
    subtract: bool = False

    @classmethod
    def pass_cards(cls, cards: Iterable[int]) -> Move:
        return cls(MoveKind.PASS, tuple(CARDS[c] for c in sorted(cards)))

    @classmethod
    def play(cls, card: int) -> Move:
        return cls(MoveKind.PLAY, (CARDS[card],))

    @classmethod
    def moon(cls, subtract: bool) -> Move:
        return cls(MoveKind.MOON, (), subtract)

    @property
    def card(self) -> Card:
        if self.kind is not MoveKind.PLAY:
            raise ValueError("only a play has one card")
        return self.cards[0]

    def __str__(self) -> str:
        if self.kind is MoveKind.MOON:
            return "moon -26" if self.subtract else "moon +26"
        return " ".join([self.kind.value, *(str(c) for c in self.cards)])

    @classmethod
    def parse(cls, text: str) -> Move:
        words = text.split()
        if not words:
            raise ValueError("an empty move: write 'pass 2C 3C 4C', 'play QS' or 'moon -26'")
        head, rest = words[0].lower(), words[1:]
        if head == "moon" and rest in (["-26"], ["+26"]):
            return cls.moon(rest[0] == "-26")
        if head == "play" and len(rest) == 1:
            return cls.play(Card.parse(rest[0]))
        if head == "pass" and rest:
            return cls.pass_cards(Card.parse(w) for w in rest)
        raise ValueError(f"{text!r} is not a move: write 'pass 2C 3C 4C', 'play QS' or 'moon -26'")
