import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.cards import (
    CARDS,
    HEARTS_MASK,
    PENALTY_MASK,
    QUEEN_OF_SPADES,
    Card,
    Suit,
    cards_of,
    format_cards,
    highest_card,
    lowest_card,
    mask_of,
    parse_cards,
)


@pytest.mark.parametrize(
    ("text", "letters", "symbol"),
    [
        ("QS", "QS", "Q♠"),
        ("10H", "10H", "10♥"),
        ("2C", "2C", "2♣"),
        ("Q♠", "QS", "Q♠"),
        ("10♥", "10H", "10♥"),
        ("2♣", "2C", "2♣"),
        ("ad", "AD", "A♦"),
        (" th ", "10H", "10♥"),
        ("J♦", "JD", "J♦"),
    ],
)
def test_notation_reads_and_prints_both_forms(text: str, letters: str, symbol: str) -> None:
    card = Card.parse(text)
    assert str(card) == letters
    assert card.symbol() == symbol


@pytest.mark.parametrize("text", ["", "Q", "1S", "11H", "QX", "Q♠♠", "ZZ", "10"])
def test_bad_notation_is_a_clear_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        Card.parse(text)


@given(st.integers(0, 51))
def test_every_card_round_trips_through_both_notations(number: int) -> None:
    card = CARDS[number]
    assert Card.parse(str(card)) == card
    assert Card.parse(card.symbol()) == card
    assert card.suit * 13 + card.rank == number


def test_card_numbering_is_suit_then_rank() -> None:
    assert Card.parse("2C") == 0
    assert Card.parse("AC") == 12
    assert Card.parse("2D") == 13
    assert QUEEN_OF_SPADES == Card.parse("QS") == 36
    assert Card.parse("AH") == 51
    assert Card.parse("KH").suit is Suit.HEARTS


@given(st.sets(st.integers(0, 51)))
def test_masks_and_lists_agree(numbers: set[int]) -> None:
    mask = mask_of(numbers)
    assert cards_of(mask) == sorted(numbers)
    if numbers:
        assert lowest_card(mask) == min(numbers)
        assert highest_card(mask) == max(numbers)


def test_penalty_cards_are_the_hearts_and_the_queen() -> None:
    assert cards_of(PENALTY_MASK) == [QUEEN_OF_SPADES, *cards_of(HEARTS_MASK)]
    assert format_cards(parse_cards("2C, QS 10H")) == "2♣ Q♠ 10♥"


def test_the_masks_written_as_constants_are_the_cards_they_name() -> None:
    """game.engine.cards writes its masks as constant sums (so that the compiled engine inlines
    them): each must be the set of the cards it names."""
    from game.engine import cards

    def suit_of(suit: Suit) -> int:
        return mask_of(c for c in cards.CARDS if c.suit is suit)

    named = {
        "CLUBS_MASK": suit_of(Suit.CLUBS),
        "DIAMONDS_MASK": suit_of(Suit.DIAMONDS),
        "SPADES_MASK": suit_of(Suit.SPADES),
        "HEARTS_MASK": suit_of(Suit.HEARTS),
        "SUIT_MASKS": tuple(suit_of(s) for s in Suit),
        "QUEEN_OF_SPADES_BIT": 1 << Card.parse("QS"),
        "JACK_OF_DIAMONDS_BIT": 1 << Card.parse("JD"),
        "PENALTY_MASK": suit_of(Suit.HEARTS) | 1 << Card.parse("QS"),
        "FULL_DECK": mask_of(cards.CARDS),
    }
    assert {name: getattr(cards, name) for name in named} == named
