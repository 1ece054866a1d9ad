"""Hard reads what the others hold from how they played (game.ai.hard.evidence) and weighs its
sampled deals by it (deal_weight)."""

from __future__ import annotations

import random

import pytest

from game.ai.hard import (
    DISCARD_DOUBT,
    DUCK_DOUBT,
    QUEEN_DOUBT,
    HardPlayer,
    deal_weight,
    evidence,
)
from game.ai.knowledge import Knowledge
from game.cards import CARDS, QUEEN_OF_SPADES_BIT, cards_of, mask_of, parse_cards
from tests.ai_helpers import deal_state, view_of

HANDS = {
    0: "2C 3C 4C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D",
    1: "JC QC KC AC 6D 7D 8D 9D TD 2S 3S 4S 5S",
    2: "JD QD KD AD 6S 7S 8S 9S TS JS QS AS 2H",
    3: "KS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
}
FIRST = "2C AC 6S KS"  # seat 2 discards on the first trick: nothing is read there
SECOND = "6D AD 3H 2D"  # seat 3, void in diamonds, discards a low heart, not the queen
THIRD = "AS 4H 3C 2S"  # seat 3 again; seat 1 plays its lowest spade under the ace


def lines(plays: str, seat: int = 0, kinds: int = 7) -> dict[tuple[int, str], float]:
    view = view_of(deal_state(HANDS, plays), seat)
    return {
        (s, " ".join(sorted(names(cards)))): pytest.approx(factor)
        for s, cards, factor in evidence(view, kinds)
    }


def names(mask: int) -> list[str]:
    return [str(CARDS[c]) for c in cards_of(mask)]


def test_each_kind_of_evidence_names_the_cards_a_careful_player_would_have_played() -> None:
    plays = f"{FIRST} {SECOND} {THIRD}"
    assert lines(plays, kinds=1) == {(1, "QS"): QUEEN_DOUBT, (3, "QS"): QUEEN_DOUBT**2}
    spades_under_ace = "10S 3S 4S 5S 7S 8S 9S JS QS"  # (sorted as text)
    assert lines(plays, kinds=2) == {(1, spades_under_ace): DUCK_DOUBT}
    hearts_above_4 = "10H 5H 6H 7H 8H 9H AH JH KH QH"
    assert lines(plays, kinds=4) == {(3, hearts_above_4): DISCARD_DOUBT**2}


def test_our_own_plays_and_the_first_trick_tell_nothing() -> None:
    assert lines(f"{FIRST} 6D AD") == {}
    # Seen from seat 1, seat 0's club on the spade lead says it has no queen, no high spade
    # and no heart; seat 1's own spade says nothing.
    seen_by_1 = lines(f"{FIRST} {SECOND} {THIRD}", seat=1)
    assert (0, "QS") in seen_by_1
    assert not any(seat == 1 for seat, _ in seen_by_1)


def test_the_current_trick_counts_and_the_queen_played_ends_her_line() -> None:
    assert lines(f"{FIRST} 6D AD 3H", kinds=1) == {(3, "QS"): QUEEN_DOUBT}
    after = lines(f"{FIRST} {SECOND} {THIRD} QS")
    assert not any(cards == "QS" for _, cards in after)


def test_a_seat_is_not_read_while_a_moon_threat_wins_the_trick() -> None:
    # Seat 2 wins trick after trick and seat 3 discards a heart on each: from the fourth
    # heart seat 2 is a moon threat, and seat 3's heart on its king of diamonds says nothing.
    plays = f"{FIRST} {SECOND} {THIRD} JD 5H 3D 7D QD 6H 4D 8D"
    assert lines(plays, kinds=1)[3, "QS"] == pytest.approx(QUEEN_DOUBT**4)
    assert lines(f"{plays} KD 7H 5D 9D", kinds=1)[3, "QS"] == pytest.approx(QUEEN_DOUBT**4)


def test_a_deal_weighs_the_product_of_the_lines_it_meets() -> None:
    hands = [0, mask_of(parse_cards("QS 2H")), mask_of(parse_cards("3H")), 0]
    queen = (1, QUEEN_OF_SPADES_BIT, 0.1)
    hearts = (1, mask_of(parse_cards("2H 3H")), 0.5)
    other = (2, QUEEN_OF_SPADES_BIT, 0.1)
    assert deal_weight(hands, [queen, hearts, other]) == pytest.approx(0.05)
    assert deal_weight(hands, []) == 1.0


def test_the_evidence_moves_the_sampled_queen_away_from_the_doubted_seat() -> None:
    view = view_of(deal_state(HANDS, f"{FIRST} {SECOND} JD 5H"), 0)  # seat 0 to play
    know = Knowledge.of(view)
    found = evidence(view)
    rng = random.Random(5)
    mass = [0.0] * 4
    for _ in range(400):
        hands = know.sample(rng)
        holder = next(s for s, h in enumerate(hands) if h & QUEEN_OF_SPADES_BIT)
        mass[holder] += deal_weight(hands, found)
    share = mass[3] / sum(mass)
    assert share < 0.15  # about a third of the deals give her to seat 3 before weighing
    assert HardPlayer(1, work=4000).decide_play(view).card is not None
