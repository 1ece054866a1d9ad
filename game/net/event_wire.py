"""The engine's events on the wire (:func:`game.engine.events.event_to_dict`'s shape): one
:mod:`msgspec` struct per event, an engine event to its message (:func:`event_message`, what
the server sends, filtered for the seat) and back (:func:`to_event`, what a client reads).
:mod:`game.net.protocol` holds the messages that carry them.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from game.engine import events as ev
from game.engine.cards import Card
from game.engine.codec import card_names, direction_name, read_cards, read_direction
from game.engine.rules import PassDirection


class _Message(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True):
    pass


# -- the engine's events on the wire (game.engine.events.event_to_dict's shape)
# --------------------------

CardName = Annotated[str, msgspec.Meta(min_length=2, max_length=3)]
Direction = Literal["left", "right", "across", "hold"]


class HandStartedMsg(_Message, tag="HandStarted", frozen=True):
    hand_number: int
    dealer: int
    pass_direction: Direction


class PassChosenMsg(_Message, tag="PassChosen", frozen=True):
    seat: int


class PassesExchangedMsg(_Message, tag="PassesExchanged", frozen=True):
    direction: Direction
    given: list[list[CardName] | None]
    received: list[list[CardName] | None]


class CardPlayedMsg(_Message, tag="CardPlayed", frozen=True):
    seat: int
    card: CardName
    trick_number: int


class HeartsBrokenMsg(_Message, tag="HeartsBroken", frozen=True):
    seat: int
    card: CardName


class TrickWonMsg(_Message, tag="TrickWon", frozen=True):
    winner: int
    leader: int
    cards: list[CardName]
    points: int
    trick_number: int


class MoonChoiceNeededMsg(_Message, tag="MoonChoiceNeeded", frozen=True):
    seat: int


class HandScoredMsg(_Message, tag="HandScored", frozen=True):
    points: list[int]
    taken: list[int]
    moon_shooter: int | None
    moon_subtracted: bool


class ExtraHandMsg(_Message, tag="ExtraHand", frozen=True):
    tied: list[int]


class GameOverMsg(_Message, tag="GameOver", frozen=True):
    winners: list[int]
    totals: list[int]


EventMessage = (
    HandStartedMsg
    | PassChosenMsg
    | PassesExchangedMsg
    | CardPlayedMsg
    | HeartsBrokenMsg
    | TrickWonMsg
    | MoonChoiceNeededMsg
    | HandScoredMsg
    | ExtraHandMsg
    | GameOverMsg
)


def _direction(direction: PassDirection) -> Direction:
    return direction_name(direction)  # type: ignore[return-value]


def _names(cards: tuple[Card, ...] | None) -> list[str] | None:
    return None if cards is None else card_names(cards)


def event_message(event: ev.Event) -> EventMessage:
    """An engine event (already filtered with :func:`game.engine.events.for_seat`) for the wire, in
    the shape of :func:`game.engine.events.event_to_dict` (built field by field: ``asdict`` was half
    of the server's time per move).

    >>> from game.engine.cards import Card
    >>> from game.net.protocol import encode
    >>> encode(event_message(ev.CardPlayed(2, Card.parse("QS"), 5)))
    b'{"type":"CardPlayed","seat":2,"card":"QS","trick_number":5}'
    """
    match event:
        case ev.HandStarted():
            return HandStartedMsg(event.hand_number, event.dealer, _direction(event.pass_direction))
        case ev.PassChosen():
            return PassChosenMsg(event.seat)
        case ev.PassesExchanged():
            return PassesExchangedMsg(
                _direction(event.direction),
                [_names(g) for g in event.given],
                [_names(r) for r in event.received],
            )
        case ev.CardPlayed():
            return CardPlayedMsg(event.seat, str(event.card), event.trick_number)
        case ev.HeartsBroken():
            return HeartsBrokenMsg(event.seat, str(event.card))
        case ev.TrickWon():
            return TrickWonMsg(
                event.winner,
                event.leader,
                card_names(event.cards),
                event.points,
                event.trick_number,
            )
        case ev.MoonChoiceNeeded():
            return MoonChoiceNeededMsg(event.seat)
        case ev.HandScored():
            return HandScoredMsg(
                list(event.points), list(event.taken), event.moon_shooter, event.moon_subtracted
            )
        case ev.ExtraHand():
            return ExtraHandMsg(list(event.tied))
        case ev.GameOver():
            return GameOverMsg(list(event.winners), list(event.totals))
    raise AssertionError(event)  # pragma: no cover (the union is closed)


def _cards(names: list[str]) -> tuple[Card, ...]:
    return tuple(read_cards(names, "cards"))


def _maybe_cards(groups: list[list[str] | None]) -> tuple[tuple[Card, ...] | None, ...]:
    return tuple(None if g is None else _cards(g) for g in groups)


def to_event(msg: EventMessage) -> ev.Event:
    """The engine event a wire event stands for (ValueError on a card that is not one)."""
    match msg:
        case HandStartedMsg():
            direction = read_direction(msg.pass_direction, "pass_direction")
            return ev.HandStarted(msg.hand_number, msg.dealer, direction)
        case PassChosenMsg():
            return ev.PassChosen(msg.seat)
        case PassesExchangedMsg():
            return ev.PassesExchanged(
                read_direction(msg.direction, "direction"),
                _maybe_cards(msg.given),
                _maybe_cards(msg.received),
            )
        case CardPlayedMsg():
            return ev.CardPlayed(msg.seat, Card.parse(msg.card), msg.trick_number)
        case HeartsBrokenMsg():
            return ev.HeartsBroken(msg.seat, Card.parse(msg.card))
        case TrickWonMsg():
            return ev.TrickWon(
                msg.winner, msg.leader, _cards(msg.cards), msg.points, msg.trick_number
            )
        case MoonChoiceNeededMsg():
            return ev.MoonChoiceNeeded(msg.seat)
        case HandScoredMsg():
            return ev.HandScored(
                tuple(msg.points), tuple(msg.taken), msg.moon_shooter, msg.moon_subtracted
            )
        case ExtraHandMsg():
            return ev.ExtraHand(tuple(msg.tied))
        case GameOverMsg():
            return ev.GameOver(tuple(msg.winners), tuple(msg.totals))
    raise AssertionError(msg)  # pragma: no cover (the union is closed)
