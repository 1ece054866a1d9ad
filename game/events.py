"""What happened, reported by the engine so a window can animate it without re-deriving rules.

Every engine call that changes the game returns the events it caused, in order. Events are
frozen values with a plain-data form (:func:`event_to_dict`). :func:`for_seat` removes what a
seat may not know (the cards other seats passed), so a network table can forward events as they
are.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from game.cards import CARDS, Card
from game.rules import PassDirection


@dataclass(frozen=True)
class HandStarted:
    hand_number: int
    dealer: int
    pass_direction: PassDirection


@dataclass(frozen=True)
class PassChosen:
    """A seat has chosen its cards (which ones stays secret until the exchange)."""

    seat: int


@dataclass(frozen=True)
class PassesExchanged:
    """Every seat chose; the cards moved. ``given[s]`` are the cards seat ``s`` passed, sorted,
    so the order they were picked in tells nothing; ``None`` where the seat may not know."""

    direction: PassDirection
    given: tuple[tuple[Card, ...] | None, ...]
    received: tuple[tuple[Card, ...] | None, ...]


@dataclass(frozen=True)
class CardPlayed:
    seat: int
    card: Card
    trick_number: int


@dataclass(frozen=True)
class HeartsBroken:
    seat: int
    card: Card


@dataclass(frozen=True)
class TrickWon:
    winner: int
    leader: int
    cards: tuple[Card, ...]  # in the order played, starting with the leader's
    points: int
    trick_number: int


@dataclass(frozen=True)
class MoonChoiceNeeded:
    """The shooter must choose: everyone else +26, or -26 off their own total."""

    seat: int


@dataclass(frozen=True)
class HandScored:
    points: tuple[int, ...]  # this hand's score per seat, moon included
    taken: tuple[int, ...]  # points in each seat's tricks before any moon adjustment
    moon_shooter: int | None
    moon_subtracted: bool  # the shooter took 26 off their own total


@dataclass(frozen=True)
class ExtraHand:
    """The game reached the target with a tie for the lowest total: one more hand."""

    tied: tuple[int, ...]


@dataclass(frozen=True)
class GameOver:
    winners: tuple[int, ...]
    totals: tuple[int, ...]


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
        return replace(event, given=given, received=received)
    return event


def event_to_dict(event: Event) -> dict[str, Any]:
    """Plain data: ``{"type": "CardPlayed", "seat": 0, "card": "QS", ...}``."""
    data: dict[str, Any] = {"type": type(event).__name__}
    for key, value in asdict(event).items():
        data[key] = _plain(value)
    if isinstance(event, CardPlayed | HeartsBroken):
        data["card"] = str(event.card)
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
    return tuple(CARDS[c] for c in sorted(cards))
