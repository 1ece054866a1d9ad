"""Which cards may be played, and why a card may not: the one place the play rules live.

The full state (:class:`game.hand.HandState`), a seat's view (:class:`game.view.SeatView`), the
window, the AI and the network table all ask these two functions.

>>> from game.cards import Card, mask_of, parse_cards
>>> hand = mask_of(parse_cards("3H 9H QS"))
>>> cards_of_mask = lambda m: " ".join(str(c) for c in __import__("game.cards").cards.cards_of(m))
>>> cards_of_mask(legal_mask(hand, NO_LED_SUIT, 1, False, 0))  # hearts unbroken: the queen
'QS'
>>> illegal_reason(Card.parse("3H"), hand, NO_LED_SUIT, 1, False, 0)
<Reason.HEARTS_NOT_BROKEN: 'Hearts are not broken yet'>
"""

from __future__ import annotations

from enum import Enum
from typing import Final, TypeGuard

from game.cards import DECK_SIZE, HEARTS_MASK, PENALTY_MASK, SUIT_MASKS
from game.rules import PASS_SIZE

NO_LED_SUIT: Final = -1
"""``led_suit`` when the player to act leads the trick."""


class Reason(Enum):
    """Why a play or a pass is refused, in words a player understands (English; the window
    translates them through its catalogs, keyed by the member name)."""

    NOT_YOUR_TURN = "It is not your turn"
    NOT_IN_HAND = "You do not hold that card"
    MUST_LEAD_LOWEST_CLUB = "You must lead the {card}"
    MUST_FOLLOW_SUIT = "You must follow {suit}"
    NO_POINTS_FIRST_TRICK = "No points on the first trick"
    HEARTS_NOT_BROKEN = "Hearts are not broken yet"
    NOT_PLAYING = "Cards are not being played now"
    NOT_PASSING = "Cards are not being passed now"
    PASS_COUNT = "Pass exactly {count} cards"
    ALREADY_PASSED = "You have already chosen your cards"
    NOT_MOON_CHOICE = "There is no moon choice to make now"
    NO_SUCH_SEAT = "There is no such seat at this table"
    NOT_A_CARD = "That is not a card"
    NOT_A_CHOICE = "The moon choice is yes or no"
    NOT_A_MOVE = "That is not a move"

    def text(self, **params: object) -> str:
        """The English sentence with its blanks filled in."""
        return self.value.format(**params)


SUIT_NAMES: Final = ("clubs", "diamonds", "spades", "hearts")


def legal_mask(
    hand: int, led_suit: int, trick_number: int, hearts_broken: bool, first_lead: int
) -> int:
    """The cards of ``hand`` that may be played now.

    ``led_suit`` is the suit led in the current trick or :data:`NO_LED_SUIT` when leading;
    ``first_lead`` is the card that must open the hand (the two of clubs, or the lowest club
    with 3 or 5 players).
    """
    if led_suit == NO_LED_SUIT:
        if trick_number == 0:
            # The holder of the opening club must lead it.
            return hand & (1 << first_lead)
        if hearts_broken:
            return hand
        # Hearts are led only once broken, unless the hand holds nothing else. A hand of hearts
        # and the queen of spades is left with the queen, as the rule wants.
        return hand & ~HEARTS_MASK or hand
    follow = hand & SUIT_MASKS[led_suit]
    if follow:
        return follow  # follow suit if able
    if trick_number == 0:
        # No points on the first trick, unless every card in the hand is a point card.
        return hand & ~PENALTY_MASK or hand
    return hand  # cannot follow: anything


def illegal_reason(
    card: int, hand: int, led_suit: int, trick_number: int, hearts_broken: bool, first_lead: int
) -> Reason | None:
    """``None`` when ``card`` may be played, else the first rule it breaks (see :class:`Reason`).

    Use :func:`reason_text` for the sentence with the card or suit named.
    """
    if not hand >> card & 1:
        return Reason.NOT_IN_HAND
    if legal_mask(hand, led_suit, trick_number, hearts_broken, first_lead) >> card & 1:
        return None
    if led_suit == NO_LED_SUIT:
        if trick_number == 0:
            return Reason.MUST_LEAD_LOWEST_CLUB
        return Reason.HEARTS_NOT_BROKEN
    if hand & SUIT_MASKS[led_suit]:
        return Reason.MUST_FOLLOW_SUIT
    return Reason.NO_POINTS_FIRST_TRICK


def reason_text(reason: Reason, led_suit: int = NO_LED_SUIT, first_lead: int = 0) -> str:
    """The English sentence for a reason, naming the suit or card it is about."""
    from game.cards import CARDS

    return reason.text(
        suit=SUIT_NAMES[led_suit] if led_suit != NO_LED_SUIT else "",
        card=CARDS[first_lead].symbol(),
        count=PASS_SIZE,
    )


# -- checking what a caller hands the engine -----------------------------------------------------
# The checked API is fed by the window, saved games and (soon) strangers on a network: a value
# of the wrong type must be refused with the engine's own error, never coerced (``int(0.9)``
# and ``int(False)`` are the two of clubs) nor left to fail deep inside as a bare TypeError.


def is_card(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a card number: an int (not a bool) from 0 to 51."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < DECK_SIZE


def checked_card(card: object) -> int:
    """``card`` as a card number 0..51, or IllegalPlay(NOT_A_CARD).

    >>> checked_card(10)
    10
    >>> checked_card(True)
    Traceback (most recent call last):
    ...
    game.legality.IllegalPlay: That is not a card
    """
    if not is_card(card):
        raise IllegalPlay(Reason.NOT_A_CARD)
    return int(card)


def checked_seat(seat: object, players: int) -> int:
    """``seat`` as a seat number 0..players-1, or IllegalMove(NO_SUCH_SEAT)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise IllegalMove(Reason.NO_SUCH_SEAT)
    return int(seat)


def checked_choice(subtract: object) -> bool:
    """A moon choice must be a real bool (``"no"`` is not False), or IllegalMove(NOT_A_CHOICE)."""
    if not isinstance(subtract, bool):
        raise IllegalMove(Reason.NOT_A_CHOICE)
    return subtract


class IllegalMove(ValueError):
    """A play, pass or choice the rules refuse. ``reason`` says which rule; ``str()`` reads it."""

    def __init__(self, reason: Reason, message: str | None = None) -> None:
        super().__init__(message or reason.value)
        self.reason = reason


class IllegalPlay(IllegalMove):
    """A card that may not be played now."""


class IllegalPass(IllegalMove):
    """A pass that the rules refuse."""
