"""Cards, suits and the bit-set helpers the engine and the AI run on.

A card is an int from 0 to 51: ``suit * 13 + rank`` where rank 0 is the two and 12 the ace, and
the suits go clubs, diamonds, spades, hearts (the order a sorted hand shows them in). A set of
cards is an int whose bit ``c`` is set when card ``c`` is in it. :class:`Card` is an ``int``
subclass that parses and prints itself; the hot paths use plain ints and masks.

>>> Card.parse("QS")
Card('QS')
>>> str(Card.parse("10♥")), Card.parse("2c").symbol()
('10H', '2♣')
>>> cards_of(mask_of([Card.parse("AH"), Card.parse("2C")]))
[Card('2C'), Card('AH')]
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Final


class Suit(IntEnum):
    """The four suits, in the order a sorted hand shows them."""

    CLUBS = 0
    DIAMONDS = 1
    SPADES = 2
    HEARTS = 3

    @property
    def letter(self) -> str:
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]


SUIT_LETTERS: Final = "CDSH"
SUIT_SYMBOLS: Final = "♣♦♠♥"
RANK_NAMES: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANKS_PER_SUIT: Final = 13
DECK_SIZE: Final = 52

# Other spellings a player may type: 'T' for ten, French honours (V valet, D dame, R roi), and the
# French suit letters are not accepted because D would mean both diamonds and dame.
_RANK_ALIASES: Final = {"T": "10", "V": "J", "D": "Q", "R": "K"}
_SYMBOL_TO_LETTER: Final = {
    "♣": "C",
    "♧": "C",
    "♦": "D",
    "♢": "D",
    "♠": "S",
    "♤": "S",
    "♥": "H",
    "♡": "H",
}


class Card(int):
    """One card: an int 0..51 that knows its name. Use :meth:`parse` or :data:`CARDS`."""

    __slots__ = ()

    @staticmethod
    def parse(text: str) -> Card:
        """Read "QS", "10h", "Q♠", "10♥" or "2♣" (case and spaces do not matter).

        >>> Card.parse(" q♠ ") == QUEEN_OF_SPADES
        True
        """
        cleaned = text.strip().upper()
        if len(cleaned) < 2:
            raise ValueError(f"{text!r} is not a card: write it like QS, 10H or Q♠")
        suit_char = _SYMBOL_TO_LETTER.get(cleaned[-1], cleaned[-1])
        rank_text = cleaned[:-1].strip()
        rank_text = _RANK_ALIASES.get(rank_text, rank_text)
        if suit_char not in SUIT_LETTERS or rank_text not in RANK_NAMES:
            raise ValueError(f"{text!r} is not a card: write it like QS, 10H or Q♠")
        return CARDS[SUIT_LETTERS.index(suit_char) * RANKS_PER_SUIT + RANK_NAMES.index(rank_text)]

    @property
    def suit(self) -> Suit:
        return Suit(self // RANKS_PER_SUIT)

    @property
    def rank(self) -> int:
        """0 for the two up to 12 for the ace."""
        return self % RANKS_PER_SUIT

    @property
    def rank_name(self) -> str:
        return RANK_NAMES[self % RANKS_PER_SUIT]

    def symbol(self) -> str:
        """The card with its suit symbol, e.g. "Q♠"."""
        return RANK_NAMES[self % RANKS_PER_SUIT] + SUIT_SYMBOLS[self // RANKS_PER_SUIT]

    def __str__(self) -> str:
        return RANK_NAMES[self % RANKS_PER_SUIT] + SUIT_LETTERS[self // RANKS_PER_SUIT]

    def __repr__(self) -> str:
        return f"Card('{self}')"


CARDS: Final[tuple[Card, ...]] = tuple(Card(c) for c in range(DECK_SIZE))
"""Every card once, indexed by its number: ``CARDS[36]`` is the queen of spades."""

CARD_BITS: Final[tuple[int, ...]] = tuple(1 << c for c in range(DECK_SIZE))
"""Each card's bit, indexed by its number: shared ints, cheaper in hot loops than ``1 << card``."""


def card_at(suit: Suit | int, rank: int) -> Card:
    """The card of that suit and rank (0 = two, 12 = ace)."""
    return CARDS[int(suit) * RANKS_PER_SUIT + rank]


TWO_OF_CLUBS: Final = card_at(Suit.CLUBS, 0)
TWO_OF_DIAMONDS: Final = card_at(Suit.DIAMONDS, 0)
JACK_OF_DIAMONDS: Final = card_at(Suit.DIAMONDS, 9)
QUEEN_OF_SPADES: Final = card_at(Suit.SPADES, 10)
KING_OF_SPADES: Final = card_at(Suit.SPADES, 11)
ACE_OF_SPADES: Final = card_at(Suit.SPADES, 12)

# The masks are sums of constants of this module (not computed from Suit or a Card) so that
# mypy folds them: the compiled engine modules then read them as constants, with no look-up.
_SUIT_BITS: Final = (1 << RANKS_PER_SUIT) - 1  # one suit's thirteen ranks, as the clubs
CLUBS_MASK: Final = _SUIT_BITS
DIAMONDS_MASK: Final = _SUIT_BITS << RANKS_PER_SUIT
SPADES_MASK: Final = _SUIT_BITS << 2 * RANKS_PER_SUIT
HEARTS_MASK: Final = _SUIT_BITS << 3 * RANKS_PER_SUIT
SUIT_MASKS: Final = (CLUBS_MASK, DIAMONDS_MASK, SPADES_MASK, HEARTS_MASK)
FULL_DECK: Final = (1 << DECK_SIZE) - 1
QUEEN_OF_SPADES_BIT: Final = 1 << (2 * RANKS_PER_SUIT + 10)  # 1 << QUEEN_OF_SPADES
JACK_OF_DIAMONDS_BIT: Final = 1 << (RANKS_PER_SUIT + 9)  # 1 << JACK_OF_DIAMONDS
PENALTY_MASK: Final = HEARTS_MASK | QUEEN_OF_SPADES_BIT
"""The cards that cost points: the thirteen hearts and the queen of spades."""

# For each 13-bit pattern, the ranks whose bits are set: makes a mask into a list of cards with
# four table look-ups instead of a loop over 52 bits.
_RANKS_OF_PATTERN: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(r for r in range(RANKS_PER_SUIT) if pattern >> r & 1)
    for pattern in range(1 << RANKS_PER_SUIT)
)
CARDS_OF_SUIT_PATTERN: Final[tuple[tuple[tuple[Card, ...], ...], ...]] = tuple(
    tuple(tuple(CARDS[s * RANKS_PER_SUIT + r] for r in ranks) for ranks in _RANKS_OF_PATTERN)
    for s in range(4)
)
_PATTERN: Final = (1 << RANKS_PER_SUIT) - 1


def cards_of(mask: int) -> list[Card]:
    """The cards of a bit set, lowest first (clubs, diamonds, spades, hearts; two to ace)."""
    table = CARDS_OF_SUIT_PATTERN
    return [
        *table[0][mask & _PATTERN],
        *table[1][mask >> 13 & _PATTERN],
        *table[2][mask >> 26 & _PATTERN],
        *table[3][mask >> 39 & _PATTERN],
    ]


def mask_of(cards: Iterable[int]) -> int:
    """The bit set holding these cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def lowest_card(mask: int) -> Card:
    """The lowest card of a non-empty set (by number: the lowest club first)."""
    return CARDS[(mask & -mask).bit_length() - 1]


def highest_card(mask: int) -> Card:
    """The highest card of a non-empty set (by number: the highest heart first)."""
    return CARDS[mask.bit_length() - 1]


def format_cards(cards: Iterable[int], symbols: bool = True) -> str:
    """Cards as text, e.g. "2♣ Q♠ A♥"."""
    return " ".join(CARDS[c].symbol() if symbols else str(CARDS[c]) for c in cards)


def parse_cards(text: str) -> list[Card]:
    """Cards separated by spaces or commas: "2C QS 10H" or "2♣, Q♠"."""
    return [Card.parse(part) for part in text.replace(",", " ").split()]
