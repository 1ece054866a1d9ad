"""What happened, reported by the engine so a window can animate it without re-deriving rules.

Every engine call that changes the game returns the events it caused, in order. Events are
small read-only values (equal when their fields are, hashable, printed like dataclasses) with a
plain-data form (:func:`event_to_dict`). :func:`for_seat` removes what a seat may not know (the
cards other seats passed), so a network table can forward events as they are.

They are plain classes with ``Final`` fields rather than frozen dataclasses: the engine makes one
for every card played, and compiled (game/native/builds.py) such a value costs a tenth of a frozen
dataclass (whose ``__init__`` sets each field through ``object.__setattr__``). Compiled, a field
cannot be assigned; in pure Python mypy refuses the assignment.

>>> from game.engine.cards import Card
>>> CardPlayed(2, Card.parse("QS"), 5)
CardPlayed(seat=2, card=Card('QS'), trick_number=5)
>>> event_to_dict(CardPlayed(2, Card.parse("QS"), 5))
{'type': 'CardPlayed', 'seat': 2, 'card': 'QS', 'trick_number': 5}
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from game.engine.cards import CARDS, Card
from game.engine.rules import PassDirection


class EventValue:
    """What every event shares: equality, hash and repr from its fields, in order."""

    __match_args__: ClassVar[tuple[str, ...]] = ()  # the fields, in order

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in order."""
        return tuple([getattr(self, name) for name in self.__match_args__])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, EventValue)
        return self.values() == other.values()

    def __ne__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, EventValue)
        return self.values() != other.values()

    def __hash__(self) -> int:
        return hash(self.values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__name__}({fields})"


class HandStarted(EventValue):
    __match_args__ = ("hand_number", "dealer", "pass_direction")

    def __init__(self, hand_number: int, dealer: int, pass_direction: PassDirection) -> None:
        self.hand_number: Final = hand_number
        self.dealer: Final = dealer
        self.pass_direction: Final = pass_direction


class PassChosen(EventValue):
    """A seat has chosen its cards (which ones stays secret until the exchange)."""

    __match_args__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat


class PassesExchanged(EventValue):
    """Every seat chose; the cards moved. ``given[s]`` are the cards seat ``s`` passed, sorted,
    so the order they were picked in tells nothing; ``None`` where the seat may not know."""

    __match_args__ = ("direction", "given", "received")

    def __init__(
        self,
        direction: PassDirection,
        given: tuple[tuple[Card, ...] | None, ...],
        received: tuple[tuple[Card, ...] | None, ...],
    ) -> None:
        self.direction: Final = direction
        self.given: Final = given
        self.received: Final = received


class CardPlayed(EventValue):
    __match_args__ = ("seat", "card", "trick_number")

    def __init__(self, seat: int, card: Card, trick_number: int) -> None:
        self.seat: Final = seat
        self.card: Final = card
        self.trick_number: Final = trick_number


class HeartsBroken(EventValue):
    __match_args__ = ("seat", "card")

    def __init__(self, seat: int, card: Card) -> None:
        self.seat: Final = seat
        self.card: Final = card


class TrickWon(EventValue):
    __match_args__ = ("winner", "leader", "cards", "points", "trick_number")

    def __init__(
        self, winner: int, leader: int, cards: tuple[Card, ...], points: int, trick_number: int
    ) -> None:
        self.winner: Final = winner
        self.leader: Final = leader
        self.cards: Final = cards  # in the order played, starting with the leader's
        self.points: Final = points
        self.trick_number: Final = trick_number


class MoonChoiceNeeded(EventValue):
    """The shooter must choose: everyone else +26, or -26 off their own total."""

    __match_args__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat


class HandScored(EventValue):
    __match_args__ = ("points", "taken", "moon_shooter", "moon_subtracted")

    def __init__(
        self,
        points: tuple[int, ...],
        taken: tuple[int, ...],
        moon_shooter: int | None,
        moon_subtracted: bool,
    ) -> None:
        self.points: Final = points  # this hand's score per seat, moon included
        self.taken: Final = taken  # points in each seat's tricks before any moon adjustment
        self.moon_shooter: Final = moon_shooter
        self.moon_subtracted: Final = moon_subtracted  # the shooter took 26 off their own total


class ExtraHand(EventValue):
    """The game reached the target with a tie for the lowest total: one more hand."""

    __match_args__ = ("tied",)

    def __init__(self, tied: tuple[int, ...]) -> None:
        self.tied: Final = tied


class GameOver(EventValue):
    __match_args__ = ("winners", "totals")

    def __init__(self, winners: tuple[int, ...], totals: tuple[int, ...]) -> None:
        self.winners: Final = winners
        self.totals: Final = totals


Event = (
    HandStarted
    | PassChosen
    | PassesExchanged
    | CardPlayed
    | HeartsBroken
    | TrickWon
    | MoonChoiceNeeded
    | HandScored
    | ExtraHand
    | GameOver
)


def for_seat(event: Event, seat: int) -> Event:
    """The event as ``seat`` may see it: only its own passed and received cards."""
    if isinstance(event, PassesExchanged):
        given = tuple(g if s == seat else None for s, g in enumerate(event.given))
        received = tuple(r if s == seat else None for s, r in enumerate(event.received))
        return PassesExchanged(event.direction, given, received)
    return event


def event_to_dict(event: Event) -> dict[str, Any]:
    """Plain data: ``{"type": "CardPlayed", "seat": 0, "card": "QS", ...}``."""
    data: dict[str, Any] = {"type": type(event).__name__}
    for key, value in zip(event.__match_args__, event.values(), strict=True):
        data[key] = _plain(value)
    return data


def _plain(value: Any) -> Any:
    if isinstance(value, PassDirection):
        return value.name.lower()
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def card_names(cards: tuple[int, ...]) -> tuple[Card, ...]:
    """Sorted Card values of plain ints (how events carry sets of cards)."""
    return tuple([CARDS[c] for c in sorted(cards)])
