"""Issue 30: the opportunist yardstick (careful until a chance comes, then a shooter) and the
moon defence against it, in named positions written by hand."""

from __future__ import annotations

from game.ai.baselines import OpportunistPlayer, opportunity, strong_for_moon
from game.ai.decision import Motive
from game.ai.knowledge import Knowledge
from game.ai.medium import MediumPlayer, heuristic_play
from game.ai.playout import NO_RUNNER, runner_of
from game.arena import run_arena
from game.engine.cards import Card, mask_of, parse_cards
from tests.helpers.ai import deal_state, view_of

# Seat 1 wins the first trick with the ace of clubs, then leads the ace of diamonds, on which
# seat 2 (no diamond) throws the queen of spades: seat 1 holds 13 points, nobody else any, and
# it holds the top diamonds and hearts: the chance to shoot (before it, its hand lacks an entry
# in spades, so it did not set out to shoot).
QUEEN_DEAL = {
    0: "2C 5C 6C 7C 2D 3D 4D 2S 3S 4S 2H 3H 4H",
    1: "AC AD KD QD 8S 9S AH KH QH JH 8C 9C 5D",
    2: "3C 4C 10C JC QC KC QS JS 10S AS KS 7S 5H",
    3: "6D 7D 8D 9D 10D JD 5S 6S 6H 7H 8H 9H 10H",
}
QUEEN_PLAYS = "2C AC 3C 5S  AD QS 6D 2D"


def test_the_opportunist_plays_carefully_before_its_chance() -> None:
    view = view_of(deal_state(QUEEN_DEAL, "2C AC 3C 5S"))
    assert view.seat == 1 and not view.trick
    know = Knowledge.of(view)
    assert not opportunity(view, know, view.legal_mask())
    assert OpportunistPlayer(0).decide_play(view) == heuristic_play(view, know)


def test_the_opportunist_shoots_once_it_holds_half_the_points() -> None:
    view = view_of(deal_state(QUEEN_DEAL, QUEEN_PLAYS))
    assert view.seat == 1 and view.points_taken() == [0, 13, 0, 0]
    decision = OpportunistPlayer(0).decide_play(view)
    assert decision.motive is Motive.SHOOT_MOON
    # A runnable suit from the top, not Medium's low lead.
    assert decision.card == Card.parse("KD")
    assert decision.card != MediumPlayer(0).decide_play(view).card


def test_the_opportunist_gives_up_once_another_seat_has_a_point() -> None:
    # Seat 3 takes the third trick with a heart on it: the chance is gone.
    state = deal_state(QUEEN_DEAL, QUEEN_PLAYS + "  5D 5H 9D 3D")
    view = view_of(state, seat=1)
    assert view.points_taken() == [0, 13, 0, 1]
    assert not opportunity(view, Knowledge.of(view), view.hand)


def test_the_opportunist_keeps_a_strong_hand_from_the_pass() -> None:
    strong = "AC KC 2C AD QD 3D AS KS 4S AH KH 5H 6H"
    assert strong_for_moon(mask_of(parse_cards(strong)))
    # Without an entry in diamonds (no queen or above) the hand is not kept.
    assert not strong_for_moon(mask_of(parse_cards("AC KC QC JD 2D 3D AS KS 4S AH KH 5H 6H")))
    deal = {
        0: strong,
        1: "3C 4C 5C 6C 4D 5D 6D 2S 3S 5S 2H 3H 4H",
        2: "7C 8C 9C 10C 7D 8D 9D 6S 7S 8S 7H 8H 9H",
        3: "JC QC 10D JD KD QS JS 10S 9S 10H JH QH 2D",
    }
    view = view_of(deal_state(deal, passes={}), seat=0)
    passed = OpportunistPlayer(0).choose_pass(view)
    # The hearts it could not win with, then a spade below the queen: the high cards stay.
    assert passed == parse_cards("4S 5H 6H")
    assert MediumPlayer(0).choose_pass(view) != passed


def test_the_playouts_model_a_queen_taker_turning_shooter() -> None:
    taken = [0, mask_of(parse_cards("QS 2C 3C 4C")), 0, 0]
    hands = [
        mask_of(parse_cards("2H 3H")),
        mask_of(parse_cards("AH 5C")),
        mask_of(parse_cards("4H 6C")),
        mask_of(parse_cards("5H 7C")),
    ]
    assert runner_of(taken, hands) == NO_RUNNER  # the queen alone: not a runner before
    assert runner_of(taken, hands, shooters=True) == 1
    # Without the highest heart left nobody runs.
    hands[1], hands[0] = hands[0], hands[1]
    assert runner_of(taken, hands, shooters=True) == NO_RUNNER


def test_the_arena_seats_opportunists() -> None:
    report = run_arena(["medium", "opportunist", "opportunist", "random"], deals=2, seed=3, jobs=1)
    assert report.hands["opportunist"] == 16 and report.hands["medium"] == 8
