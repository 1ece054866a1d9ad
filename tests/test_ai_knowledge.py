"""Card counting: voids inferred from play, passed cards remembered, sampled deals consistent."""

from __future__ import annotations

import random

import pytest

from game.ai.hard import candidates
from game.ai.knowledge import Knowledge
from game.ai.medium import MediumPlayer
from game.engine.cards import HEARTS_MASK, PENALTY_MASK, SUIT_MASKS, Card, mask_of, parse_cards
from game.engine.hand import Phase
from game.engine.match import Match
from game.engine.players import RandomPlayer
from game.engine.rules import Rules
from tests.helpers.ai import deal_state, view_of

DEAL = {
    0: "2C 3C 4C 5C 6C 2S 3S 2D 3D 4D 5D 2H 3H",
    1: "7C 8C 9C 10C QS 4S 5S 6D 7D 8D 4H 5H 6H",
    2: "JC QC KC AC 6S 7S KS 9D 10D JD 7H 8H 9H",
    3: "8S 9S 10S JS AS QD KD AD 10H JH QH KH AH",
}


def test_voids_from_a_discard_and_known_passed_cards() -> None:
    passes = {0: "6C 5D 3H", 1: "10C 8D 6H", 2: "KC JD 9H", 3: "JS KD AH"}
    state = deal_state(DEAL, passes=passes)
    state.play(Card.parse("2C"))  # seat 0 keeps its 2 of clubs and leads it
    view = view_of(state, seat=0)
    know = Knowledge.of(view)
    assert know.known[1] == mask_of(parse_cards("6C 5D 3H"))  # what seat 0 passed seat 1
    assert not any(know.known[s] for s in (2, 3))
    # Seat 3 plays the king of clubs it was passed; seat 2 wins with the ace and leads the
    # queen of clubs; seat 3 throws a diamond: it has no club left.
    for card in parse_cards("7C AC KC  QC QD"):
        state.play(card)
    know = Knowledge.of(view_of(state, seat=0))
    assert know.void(3, 0) and not know.void(3, 2)
    assert not know.allowed[3] & SUIT_MASKS[0]
    assert know.allowed[2] & SUIT_MASKS[0]
    assert know.counts == (12, 12, 11, 11)


def test_points_on_the_first_trick_mean_a_hand_of_points() -> None:
    deal = {
        0: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
        1: "QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
        2: "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AH",
        3: "AD 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
    }
    state = deal_state(deal, "2C 5H")
    know = Knowledge.of(view_of(state, seat=0))
    assert know.allowed[1] & ~PENALTY_MASK == 0  # seat 1 holds nothing but points


def test_a_heart_led_before_hearts_broke_means_only_hearts() -> None:
    # Seat 1 holds only hearts after the first trick (it discards its one club... it has none).
    deal = {
        0: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
        1: "2D 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
        2: "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD AH",
        3: "QS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
    }
    state = deal_state(deal, "2C 2D 3D 2S")  # seat 0 wins with the 2 of clubs
    state.play(Card.parse("3C"))
    state.play(Card.parse("2H"))  # seat 1: no club; hearts are now broken by this discard
    know = Knowledge.of(view_of(state, seat=0))
    assert know.void(1, 0)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sampled_deals_agree_with_everything_known(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for seed in range(8):
        match = Match.new(Rules(players=players, target=40), seed=f"k{seed}")
        bots = [MediumPlayer(0)] + [RandomPlayer(s) for s in range(1, players)]
        truth_hands = None
        while not match.is_over and match.hand_number < 2:
            if match.phase is Phase.PASS:
                for seat in range(players):
                    match.choose_pass(seat, bots[seat].choose_pass(match.view(seat)))
            elif match.phase is Phase.PLAY:
                seat = match.hand.turn
                view = match.view(0)
                know = Knowledge.of(view)
                truth_hands = match.hand.hands
                for other in range(1, players):
                    # The truth is never ruled out.
                    assert truth_hands[other] & ~know.allowed[other] == 0
                    assert know.known[other] & ~truth_hands[other] == 0
                for _ in range(3):
                    hands = know.sample(rng)
                    assert hands[0] == view.hand
                    union = 0
                    for other in range(players):
                        assert hands[other].bit_count() == view.card_counts[other]
                        assert hands[other] & ~know.allowed[other] == 0
                        assert know.known[other] & ~hands[other] == 0
                        assert not union & hands[other]
                        union |= hands[other]
                    assert union == view.hand | know.unseen
                    checked += 1
                match.play(bots[seat].choose_play(match.view(seat)), seat)
            elif match.phase is Phase.MOON_CHOICE:
                match.choose_moon(True)
            else:
                match.next_hand()
    assert checked > 100


def test_sampling_finds_a_deal_under_tight_voids() -> None:
    """Seat voids that leave a single way to place some cards still sample every time."""
    # Seat 3 shows it has no club, seat 1 no spade.
    deal = {
        0: "2C 3C 4C 5C 6C 2S 3S 2D 3D 4D 5D 2H 3H",
        1: "7C 8C 9C 10C QS 6D 7D 8D 4H 5H 6H 7H 8H",
        2: "JC QC KC AC 4S 5S 6S 7S KS 9D 10D 9H 10H",
        3: "8S 9S 10S JS AS JD QD KD AD JH QH KH AH",
    }
    state = deal_state(deal, "2C 7C AC 8S  KS 9S 2S QS  4S 10S 3S 4H")
    know = Knowledge.of(view_of(state, seat=0))
    assert know.void(1, 2) and know.void(3, 0)
    rng = random.Random(0)
    for _ in range(50):
        hands = know.sample(rng)
        assert all(hands[s] & ~know.allowed[s] == 0 for s in range(4))


def test_equivalent_cards_are_searched_once() -> None:
    state = deal_state(DEAL, "2C 7C AC 8S")
    view = view_of(state)  # seat 2 leads
    know = Knowledge.of(view)
    # Seat 2 holds JC QC KC (touching clubs: one class), 6S 7S KS, 9D 10D JD, 7H 8H 9H.
    reps = candidates(view.legal_mask(), know)
    clubs = [c for c in reps if c // 13 == 0]
    assert len(clubs) == 1
    assert len([c for c in reps if c // 13 == 1]) == 1
    assert not [c for c in reps if mask_of([c]) & HEARTS_MASK]  # hearts not broken
