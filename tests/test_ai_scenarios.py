"""Named positions, written by hand, in which each level must show a behaviour that matters."""

from __future__ import annotations

import pytest

from game.ai.decision import Motive
from game.ai.hard import HardPlayer
from game.ai.medium import MediumPlayer, heuristic_pass
from game.engine.cards import (
    QUEEN_OF_SPADES,
    SPADES_MASK,
    Card,
    Suit,
    cards_of,
    mask_of,
    parse_cards,
)
from tests.helpers.ai import deal_state, view_of

WORK = 8000  # small searches: these positions do not need more

# Seat 1 wins the first trick with the ace of clubs, then the ace of diamonds (the others duck
# under each ace with their highest card, as careful players do), on which seat 3
# throws the king of hearts: seat 3 has no diamond left, so every diamond lead would be scored
# on. Seat 1 holds five low spades and no spade above the jack; the queen is out. Leading a low
# spade flushes the queen.
FLUSH_DEAL = {
    0: "2C 3C 4C 5C 2D 3D 8D KS AS 9H 10H JH QH",
    1: "AC 2S 3S 4S 5S 6S AD KD QD JD 10D 9D 7D",
    2: "6C 7C 8C 9C 10C QS 7S 8S 9S 4D 5D 6D AH",
    3: "JC QC KC 10S JS 2H 3H 4H 5H 6H 7H 8H KH",
}
FLUSH_PLAYS = "2C AC 10C KC  AD 6D KH 8D"

# Seat 0 holds the top clubs, spades and hearts and one low diamond. After seven tricks it has
# taken the queen and five hearts, every point so far; leading the two of diamonds would give
# the lead away and let the others take the remaining hearts.
MOON_DEAL = {
    0: "AC KC QC JC 2D AS KS QS AH KH QH JH 10H",
    1: "2C 3C 4C 10C 2S 3S 4S 3D 4D 5D 2H 3H 4H",
    2: "5C 6C 7C 5S 6S 7S 6D 7D 8D 9D 5H 6H 7H",
    3: "8C 9C 8S 9S 10S JS 10D JD QD KD AD 8H 9H",
}
MOON_PLAYS = (
    "2C 5C 8C AC  KC 3C 6C 9C  QC 4C 7C 8H  AS 2S 5S 8S  KS 3S 6S 9S  QS 4S 7S 10S  AH 2H 5H 9H"
)

# Hands as dealt, then a pass to the left: seat 3 passes the ace, king and queen of hearts to
# seat 0, which then takes the queen of spades and every trick. In trick 6 seat 0 leads the king
# of diamonds, seat 2 (no diamonds) throws the 7 of hearts, and seat 3, last, can win with the
# ace of diamonds: it knows seat 0 holds the top hearts, so ducking feeds a moon.
BLOCK_DEAL = {
    0: "5C QC KC AC 5D QD KD 9S KS AS 9H 10H JH",
    1: "2C 3C 4C 9C 10C 2D 3D 4D 6S 7S 8S 2H 5H",
    2: "6C 7C 8C 9D 10D 5S 10S JS QS 3H 4H 6H 7H",
    3: "JC 6D 7D 8D JD AD 2S 3S 4S 8H QH KH AH",
}
BLOCK_PASSES = {3: "AH KH QH", 0: "9S 5D 5C", 1: "10C 9C 5H", 2: "10D 9D 5S"}
BLOCK_PLAYS = "2C 6C JC AC  KC 3C 7C 6D  AS 6S QS 2S  KS 7S 10S 3S  QC 4C 8C 7D  KD 2D 7H"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_flushes_the_queen(seed: int) -> None:
    view = view_of(deal_state(FLUSH_DEAL, FLUSH_PLAYS))
    assert view.seat == 1 and not view.trick
    decision = HardPlayer(seed, work=WORK).decide_play(view)
    assert decision.card in parse_cards("2S 3S 4S 5S 6S")
    assert decision.motive is Motive.FLUSH_QUEEN


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_does_not_break_its_own_moon(seed: int) -> None:
    view = view_of(deal_state(MOON_DEAL, MOON_PLAYS))
    assert view.seat == 0 and view.points_taken() == [18, 0, 0, 0]
    decision = HardPlayer(seed, work=WORK).decide_play(view)
    assert decision.card != Card.parse("2D")
    assert decision.motive is Motive.SHOOT_MOON


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_takes_a_heart_rather_than_feed_a_runner(seed: int) -> None:
    state = deal_state(BLOCK_DEAL, BLOCK_PLAYS, passes=BLOCK_PASSES)
    view = view_of(state)
    assert view.seat == 3 and view.points_taken() == [13, 0, 0, 0]
    assert view.trick == tuple(parse_cards("KD 2D 7H"))
    decision = HardPlayer(seed, work=WORK).decide_play(view)
    assert decision.card == Card.parse("AD")
    assert decision.motive is Motive.BLOCK_MOON
    # Medium sees the runner too (it took the queen and nobody else has a point): it takes
    # the heart rather than duck (it ducked before it learnt moon defence).
    medium = MediumPlayer(0).decide_play(view)
    assert medium.card == Card.parse("AD") and medium.motive is Motive.BLOCK_MOON


def test_medium_does_not_take_the_queen_it_can_avoid() -> None:
    deal = {
        0: "2C 3C 4C 5C 6C 2S 3S 2D 3D 4D 5D 2H 3H",
        1: "7C 8C 9C 10C QS 4S 5S 6D 7D 8D 4H 5H 6H",
        2: "JC QC KC AC 6S 7S KS 9D 10D JD 7H 8H 9H",
        3: "8S 9S 10S JS AS QD KD AD 10H JH QH KH AH",
    }
    # Seat 3 leads the 9 of spades, seat 1 drops the queen on it; seat 2, last, holds the 7 and
    # the king of spades.
    view = view_of(deal_state(deal, "2C 7C AC QD  6S AS 2S 4S  9S 3S QS"))
    assert view.seat == 2 and view.legal_cards() == parse_cards("7S KS")
    decision = MediumPlayer(0).decide_play(view)
    assert decision.card == Card.parse("7S")
    assert decision.motive is Motive.DUCK_UNDER


@pytest.mark.parametrize(
    "hand",
    [
        "QS 4S 2C 3C 5C 6C 7C 8C 9C 2D 3D 4D 5D",
        "QS AS KS 2C 3C 5C 6C 7C 8C 2D 3D 4D 5D",
        "QS 2S 3S 2C 3C 5C 6C 7C 8C 2D 3D 4D 5D",
        "QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH KH AH",
    ],
)
def test_medium_and_hard_pass_an_unguarded_queen(hand: str) -> None:
    mask = mask_of(parse_cards(hand))
    assert (mask & SPADES_MASK).bit_count() - 1 < 3
    assert QUEEN_OF_SPADES in heuristic_pass(mask).cards
    deal = {0: hand}
    rest = cards_of(((1 << 52) - 1) & ~mask)
    for seat in (1, 2, 3):
        deal[seat] = " ".join(str(c) for c in rest[(seat - 1) * 13 : seat * 13])
    view = view_of(deal_state(deal, passes={}), seat=0)
    for player in (MediumPlayer(0), HardPlayer(0, work=WORK)):
        decision = player.decide_pass(view)
        assert QUEEN_OF_SPADES in decision.cards
        reasons = {card: motive for card, motive in decision.per_card}
        assert reasons[QUEEN_OF_SPADES] is Motive.PASS_DANGEROUS_QUEEN


# Seat 0 holds the Q♠ and A♠ and hearts only; the K♠ fell on the first trick and hearts are not
# broken, so it may lead only a spade. Leading the Q♠ takes her back (13 points); the A♠ wins a
# clean trick and keeps the queen for later: here seat 2, void in spades, breaks hearts on it,
# and seat 0 leads hearts from then on and throws the queen when spades come back.
QUEEN_ACE_DEAL = {
    0: "2C AC QS AS 2H 3H 4H 5H 6H 7H 8H 9H 10H",
    1: "2S 3S 4S 5S 6S 7S 8S KS 2D 3D 4D 5D 6D",
    2: "3C 4C 5C 6C 7C 8C 7D 8D 9D 10D JD QD JH",
    3: "9C 10C JC QC KC 9S 10S JS AD KD QH KH AH",
}
QUEEN_ACE_PLAYS = "2C KS 8C KC  9C AC 2D 7C"


def test_medium_and_easy_lead_the_ace_of_spades_to_keep_the_queen() -> None:
    from game.ai.easy import EasyPlayer

    state = deal_state(QUEEN_ACE_DEAL, QUEEN_ACE_PLAYS)
    view = view_of(state)
    assert view.seat == 0 and view.legal_cards() == parse_cards("QS AS")
    decision = MediumPlayer(0).decide_play(view)
    assert decision.card == Card.parse("AS")
    assert EasyPlayer(0).choose_play(view) in parse_cards("QS AS")  # careless or careful
    careful = [
        s for s in range(40) if EasyPlayer(s).decide_play(view).motive is Motive.LEAD_ABOVE_QUEEN
    ]
    assert careful and all(EasyPlayer(s).choose_play(view) == Card.parse("AS") for s in careful)

    def points_after(lead: str) -> int:
        played = deal_state(QUEEN_ACE_DEAL, QUEEN_ACE_PLAYS + " " + lead)
        medium = MediumPlayer(0)
        while not played.is_over:
            played.play(medium.choose_play(view_of(played)))
        assert played.hand_scores is not None
        return played.hand_scores[0]

    assert points_after("AS") < 13 <= points_after("QS")


# Seat 3 took the queen and a heart (14 points, nobody else has one), then leads the A♥.
# Seat 0 holds the K♥ and the 2♥: dropping the king under the ace leaves nothing to stop the run.
STOPPER_DEAL = {
    0: "2C 3C 4C 5C 6C 2D 3D 4D 2S 3S 4S 2H KH",
    1: "7C 8C 9C 10C 5D 6D 7D 8D 9D 10D 3H 4H 5H",
    2: "JC QC KC JD QD KD QS 5S 6S 7S 8S 6H 7H",
    3: "AC AD AS KS 9S 10S JS 8H 9H 10H JH QH AH",
}
STOPPER_PLAYS = "2C 7C JC AC  AS 2S 3H QS  AH"


def test_medium_keeps_its_king_of_hearts_under_a_runners_ace() -> None:
    view = view_of(deal_state(STOPPER_DEAL, STOPPER_PLAYS))
    assert view.seat == 0 and view.points_taken() == [0, 0, 0, 14]
    decision = MediumPlayer(0).decide_play(view)
    assert decision.card == Card.parse("2H") and decision.motive is Motive.KEEP_STOPPER


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_keeps_its_king_of_hearts_under_a_runners_ace(seed: int) -> None:
    view = view_of(deal_state(STOPPER_DEAL, STOPPER_PLAYS))
    assert HardPlayer(seed, work=WORK).decide_play(view).card == Card.parse("2H")


# Nobody has a point after four clean club tricks, all won by seat 3, which holds nothing but
# hearts and leads the A♥. Seat 0 holds the K♥ and the 2♥: the king is the only heart that can
# ever take a trick from the run.
TOP_HEART_DEAL = {
    0: "2C 3C 4C 5C KH 2H 2D 3D 4D 5D 2S 3S 4S",
    1: "6C 7C 8C 6D 7D 8D 9D 5S 6S 7S 8S 3H 4H",
    2: "9C 10C 10D JD QD KD AD 9S 10S JS QS KS AS",
    3: "AC KC QC JC AH QH JH 10H 9H 8H 7H 6H 5H",
}
TOP_HEART_PLAYS = "2C 6C 9C AC  KC 3C 7C 10C  QC 4C 8C 10D  JC 5C 6D JD  AH"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_no_level_drops_its_king_under_a_top_heart_lead_before_any_point(seed: int) -> None:
    view = view_of(deal_state(TOP_HEART_DEAL, TOP_HEART_PLAYS))
    assert view.seat == 0 and view.points_taken() == [0, 0, 0, 0]
    assert view.legal_cards() == parse_cards("2H KH")
    assert MediumPlayer(seed).decide_play(view).card == Card.parse("2H")
    assert HardPlayer(seed, work=WORK).decide_play(view).card == Card.parse("2H")


# From the arena (a runner against Hard): seat 0 holds A♠ Q♠ J♠ and A♥ Q♥ J♥ and runs. It wins
# the A♠ trick (no point yet), then leads the Q♠ itself, which only a runner does. Seat 2, void
# in spades, holds the K♥: thrown on the queen, it hands the runner 14 points and the last
# heart that could have taken a trick from it (Hard threw it: a moon, 26 to Hard).
QUEEN_LEAD_DEAL = {
    0: "JD KD 5S 6S JS QS AS 2H 4H 5H JH QH AH",
    1: "7C JC QC 5D 9D 10D 2S 7S 8S 10S 3H 7H 8H",
    2: "2C 3C 4C 5C 6C 8C AC 2D 4D AD KS 9H KH",
    3: "9C 10C KC 3D 6D 7D 8D QD 3S 4S 9S 6H 10H",
}
QUEEN_LEAD_PLAYS = "2C KC 5S QC  3D KD 10D AD  3C 9C 6S 7C  3S AS 10S KS  QS 8S"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_feeds_no_heart_to_a_seat_that_leads_the_queen_before_any_point(seed: int) -> None:
    view = view_of(deal_state(QUEEN_LEAD_DEAL, QUEEN_LEAD_PLAYS))
    assert view.seat == 2 and view.points_taken() == [0, 0, 0, 0]
    assert Card.parse("KH") in view.legal_cards()
    decision = HardPlayer(seed, work=WORK).decide_play(view)
    assert decision.card.suit is not Suit.HEARTS, decision
