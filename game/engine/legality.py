"""Which cards may be played, and why a card may not: the one place the play rules live.

The full state (:class:`game.engine.hand.HandState`), a seat's view
(:class:`game.engine.view.SeatView`), the window, the AI and the network table all ask these two
functions.

>>> from game.engine.cards import Card, cards_of, mask_of, parse_cards
>>> hand = mask_of(parse_cards("3H 9H QS"))
>>> cards_of_mask = lambda m: " ".join(str(c) for c in cards_of(m))
>>> cards_of_mask(legal_mask(hand, NO_LED_SUIT, 1, False, 0))  # hearts unbroken: the queen
'QS'
>>> illegal_reason(Card.parse("3H"), hand, NO_LED_SUIT, 1, False, 0)
<Reason.HEARTS_NOT_BROKEN: 'Hearts are not broken yet'>
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final, Protocol, TypeGuard

from game.engine.cards import (
    CLUBS_MASK,
    DECK_SIZE,
    HEARTS_MASK,
    PENALTY_MASK,
    QUEEN_OF_SPADES,
    RANKS_PER_SUIT,
    SUIT_MASKS,
    Card,
)
from game.engine.phase import Phase
from game.engine.rules import PASS_SIZE

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
    follow = hand & CLUBS_MASK << RANKS_PER_SUIT * led_suit  # the cards of the suit led
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


class Position(Protocol):
    """What the move rules read of a hand: the whole hand (:class:`game.engine.hand.HandState`)
    or one seat's view of it (:class:`game.engine.view.SeatView`)."""

    @property
    def phase(self) -> Phase: ...

    @property
    def turn(self) -> int: ...

    @property
    def led_suit(self) -> int: ...

    @property
    def trick_number(self) -> int: ...

    @property
    def hearts_broken(self) -> bool: ...

    @property
    def first_lead(self) -> int: ...

    @property
    def moon_shooter(self) -> int | None: ...

    def held(self, seat: int) -> int:
        """The cards ``seat`` holds (as far as this position knows)."""
        ...

    def has_passed(self, seat: int) -> bool:
        """Whether ``seat`` has chosen the cards it passes."""
        ...


def play_refusal(card: object, seat: int, position: Position) -> Reason | None:
    """May ``seat`` play ``card`` now, and if not, why: the one answer, which the hand that plays
    the card, a seat's view (the window's refused card, the tutor, the network table) and the
    move checks all ask. In the order a player is told: the phase, the turn, the card itself,
    then the play rules (:func:`illegal_reason`).

    >>> from game.engine.match import Match
    >>> from game.engine.rules import Rules
    >>> match = Match.new(Rules(), seed=1)
    >>> play_refusal(0, 0, match.hand)  # the pass is not chosen yet
    <Reason.NOT_PLAYING: 'Cards are not being played now'>
    """
    if position.phase is not Phase.PLAY:
        return Reason.NOT_PLAYING
    if seat != position.turn:
        return Reason.NOT_YOUR_TURN
    if not is_card(card):
        return Reason.NOT_A_CARD
    return illegal_reason(
        card,
        position.held(seat),
        position.led_suit,
        position.trick_number,
        position.hearts_broken,
        position.first_lead,
    )


def pass_refusal(cards: Sequence[object], seat: int, position: Position) -> Reason | None:
    """May ``seat`` pass ``cards`` now, and if not, why (the phase, a pass already chosen, things
    that are not cards, not exactly three cards, cards it does not hold)."""
    if position.phase is not Phase.PASS:
        return Reason.NOT_PASSING
    if position.has_passed(seat):
        return Reason.ALREADY_PASSED
    mask = 0
    for card in cards:
        if not is_card(card):
            return Reason.NOT_A_CARD
        mask |= 1 << card
    if len(cards) != PASS_SIZE or mask.bit_count() != PASS_SIZE:
        return Reason.PASS_COUNT
    return Reason.NOT_IN_HAND if mask & ~position.held(seat) else None


def moon_refusal(subtract: object, seat: int | None, position: Position) -> Reason | None:
    """May ``seat`` (None: whoever shot) choose how the moon scores now, and if not, why."""
    if not isinstance(subtract, bool):
        return Reason.NOT_A_CHOICE
    if position.phase is not Phase.MOON_CHOICE:
        return Reason.NOT_MOON_CHOICE
    if seat is not None and seat != position.moon_shooter:
        return Reason.NOT_YOUR_TURN
    return None


def play_inferences(
    tricks: Sequence[tuple[int, Sequence[int]]], players: int, queen_breaks_hearts: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The play rules run backwards: what each seat's plays prove it does not hold.

    ``tricks`` are the hand's tricks so far, each (leader, cards in play order), the current
    one included. Returns per seat the suits it has shown void in (a bit ``1 << suit`` each)
    and the cards it cannot have held when it played (so cannot hold now):

    - a card off the suit led: the seat holds none of that suit;
    - a heart led before hearts broke: the hand held nothing but hearts;
    - a point card on the first trick, off the suit led: the hand held nothing but points.

    Each follows from :func:`legal_mask`; ``tests/test_rules.py`` checks them against the real
    hands of random games, so a change of rule that breaks one fails there.

    >>> from game.engine.cards import parse_cards
    >>> voids, excluded = play_inferences([(0, parse_cards("2C 3C 5H 4C"))], 4, False)
    >>> voids[2] == 1 << 0, excluded[2] == ~PENALTY_MASK, voids[1]
    (True, True, 0)
    """
    voids = [0] * players
    excluded = [0] * players
    broken = False
    breakers = HEARTS_MASK | (1 << QUEEN_OF_SPADES if queen_breaks_hearts else 0)
    for number, (leader, cards) in enumerate(tricks):
        if not cards:
            continue
        led = cards[0] // RANKS_PER_SUIT
        for i, card in enumerate(cards):
            seat = (leader + i) % players
            bit = 1 << card
            if i == 0:
                if number > 0 and bit & HEARTS_MASK and not broken:
                    excluded[seat] |= ~HEARTS_MASK  # led a heart unbroken: nothing else held
            elif card // RANKS_PER_SUIT != led:
                voids[seat] |= 1 << led  # did not follow: void in the suit led
                if number == 0 and bit & PENALTY_MASK:
                    excluded[seat] |= ~PENALTY_MASK  # points on the first trick: nothing else
            if bit & breakers:
                broken = True
    return tuple(voids), tuple(excluded)


def reason_blanks(reason: Reason, led_suit: int = NO_LED_SUIT, first_lead: int = 0) -> ReasonBlanks:
    """What a reason's sentence names: the suit led, the card that must open, the pass size.
    Every form of a refusal (English here, the window's language, the tutor's sentences) fills
    its blanks from this one function."""
    from game.engine.cards import CARDS

    suit = led_suit if led_suit != NO_LED_SUIT and "{suit}" in reason.value else None
    card = CARDS[first_lead] if "{card}" in reason.value else None
    return ReasonBlanks(suit=suit, card=card, count=PASS_SIZE)


@dataclass(frozen=True)
class ReasonBlanks:
    """The values a :class:`Reason` sentence names (None when it names no suit or card)."""

    suit: int | None
    card: Card | None
    count: int


def reason_text(
    reason: Reason,
    led_suit: int = NO_LED_SUIT,
    first_lead: int = 0,
    translate: Callable[[str], str] = str,
    card_name: Callable[[Card], object] = Card.symbol,
) -> str:
    """The sentence for a reason, naming the suit or card it is about; ``translate`` (gettext's
    ``_``) and ``card_name`` give it in another language (see ``scenes.core.i18n.card_name``).

    >>> reason_text(Reason.MUST_FOLLOW_SUIT, led_suit=1)
    'You must follow diamonds'
    """
    blanks = reason_blanks(reason, led_suit, first_lead)
    return translate(reason.value).format(
        suit="" if blanks.suit is None else translate(SUIT_NAMES[blanks.suit]),
        card="" if blanks.card is None else card_name(blanks.card),
        count=blanks.count,
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
    game.engine.legality.IllegalPlay: That is not a card
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
