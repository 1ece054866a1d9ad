"""Counts and replays that pin the engine's behaviour: the same seed deals the same cards on
every machine, forever (saved games and the daily challenge depend on it), and a stored number
of legal play sequences from fixed deals (the perft idea of chess engines)."""

import hashlib

import pytest

from game.engine.cards import cards_of, format_cards
from game.engine.deal import daily_seed, deal_hands, hand_seed, seeded_choice_index, shuffled
from game.engine.hand import HandState, Phase
from game.engine.rules import PassDirection, Rules

RULES = Rules()


@pytest.mark.parametrize(
    ("seed", "seat0", "seat1"),
    [
        (
            "1",
            "JC KC 6D 7D QD 4S 7S 10S KS 3H 6H QH AH",
            "3C 4C 6C 10C 8D AD 5S 8S JS 4H 7H 10H KH",
        ),
        (
            "dame",
            "7D 8D JD AD 5S 6S 9S 2H 3H 7H 10H JH KH",
            "3C 5C 7C 8C 2D 4D 6D 9D 2S 10S AS 6H AH",
        ),
        (
            2026,
            "10C QC KC 3D 5D 7D QD 2S 8S 9S 2H 3H 5H",
            "8C 9C JC AC 2D 9D 10D JD KD 3S 4S 7S 7H",
        ),
    ],
)
def test_a_seed_always_names_the_same_deal(seed: object, seat0: str, seat1: str) -> None:
    hands = deal_hands(seed, 4, RULES.deck, dealer=0)
    assert format_cards(cards_of(hands[0]), symbols=False) == seat0
    assert format_cards(cards_of(hands[1]), symbols=False) == seat1


def test_the_shuffle_is_pinned() -> None:
    assert shuffled("daily/2026-11-29", RULES.deck)[:10] == [26, 9, 32, 6, 10, 45, 48, 21, 19, 50]


def documented_shuffle(seed: str, deck: int) -> list[int]:
    """game.engine.deal's algorithm as its docstring states it, written independently: the cards
    sorted by (key, card), each key the little-endian 64-bit integer of the card's 8 bytes."""
    digest = hashlib.shake_256(f"dame-de-pique/deal/v1:{seed}".encode()).digest(52 * 8)
    keys = [int.from_bytes(digest[8 * c : 8 * c + 8], "little") for c in range(52)]
    return sorted((c for c in range(52) if deck >> c & 1), key=lambda c: (keys[c], c))


# Seeds in which two cards' keys share their top 24 bits (found by search: about one deal in
# 12,000), so the quick first sort of game.engine.deal cannot order them and the whole keys must.
TOP_BITS_TIES = ("tie/9704", "tie/10517", "tie/49407", "tie/66646", "tie/118684", "tie/121974")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_shuffle_is_the_documented_algorithm(players: int) -> None:
    deck = Rules(players=players).deck
    seeds = [*TOP_BITS_TIES, *(f"s/{k}" for k in range(500))]
    for seed in seeds:
        assert shuffled(seed, deck) == documented_shuffle(seed, deck), seed
    # The ties are real: the top bits alone would order some of their cards the other way.
    if players == 4:
        flipped = 0
        for seed in TOP_BITS_TIES:
            digest = hashlib.shake_256(f"dame-de-pique/deal/v1:{seed}".encode()).digest(416)
            tops = [int.from_bytes(digest[8 * c + 5 : 8 * c + 8], "little") for c in range(52)]
            assert len(set(tops)) == 51, seed
            flipped += sorted(range(52), key=lambda c: (tops[c], c)) != shuffled(seed, deck)
        assert flipped >= 2


def test_int_and_text_seeds_agree_and_hands_differ() -> None:
    assert deal_hands(7, 4, RULES.deck, 0) == deal_hands("7", 4, RULES.deck, 0)
    assert hand_seed(7, 0) != hand_seed(7, 1)
    assert deal_hands(hand_seed(7, 0), 4, RULES.deck, 0) != deal_hands(
        hand_seed(7, 1), 4, RULES.deck, 0
    )


def test_the_dealer_changes_who_gets_which_cards_not_the_order() -> None:
    by_dealer = [deal_hands("x", 4, RULES.deck, d) for d in range(4)]
    assert len(set(by_dealer[0])) == 4  # four different hands, so a rotation shows
    # dealing starts at the dealer's left: moving the dealer on one seat moves every hand on one
    for d in range(1, 4):
        assert by_dealer[d] == by_dealer[0][-d:] + by_dealer[0][:-d]


def test_seeds_must_be_ints_or_text() -> None:
    with pytest.raises(ValueError, match="whole number or a text"):
        deal_hands(1.5, 4, RULES.deck, 0)
    assert daily_seed(__import__("datetime").date(2026, 11, 29)) == "daily/2026-11-29"


def test_a_seeded_choice_follows_the_documented_digest() -> None:
    """The first 8 bytes (little-endian) of SHAKE-256 of the prefix, the salt, "|" and the
    seed, modulo the count: computed here with hashlib, independently of game.engine.deal."""
    for seed, count in (("daily/2026-11-29", 3), ("daily/2027-02-01", 3), ("x", 7), (42, 5)):
        data = f"dame-de-pique/deal/v1:pass|{seed}".encode()
        key = int.from_bytes(hashlib.shake_256(data).digest(8), "little")
        assert seeded_choice_index(seed, "pass", count) == key % count


def perft(state: HandState, depth: int) -> int:
    """The number of legal play sequences of ``depth`` cards from ``state``."""
    if depth == 0 or state.phase is not Phase.PLAY:
        return 1
    total = 0
    for card in cards_of(state.legal_mask()):
        child = state.copy()
        child.advance(card)
        total += perft(child, depth - 1)
    return total


# The perft counts below were checked once against OpenSpiel's C++ Hearts dealt the same cards
# with the same rules (tools/perft_openspiel.py, open-spiel 2.0.2): every count agrees.


def test_perft_from_the_opening() -> None:
    state = HandState.deal(RULES, deal_hands("perft", 4, RULES.deck, 0), PassDirection.HOLD)
    assert [perft(state, d) for d in range(1, 8)] == [1, 4, 8, 32, 283, 755, 2111]


def test_perft_of_the_last_three_tricks() -> None:
    state = HandState.deal(RULES, deal_hands("perft", 4, RULES.deck, 0), PassDirection.HOLD)
    for _ in range(40):
        state.advance(cards_of(state.legal_mask())[0])
    assert perft(state, 12) == 1296
