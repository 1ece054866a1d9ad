"""Issue 30: the opportunist yardstick (careful until a chance comes, then a shooter) and the
moon defence against it, in named positions written by hand."""

from __future__ import annotations

from game.ai.baselines import OpportunistPlayer, opportunity, strong_for_moon
from game.ai.decision import Motive
from game.ai.defence import defended, feeders, starved
from game.ai.facts import run_suspect
from game.ai.hard import HardPlayer, HardSettings, candidates
from game.ai.knowledge import Knowledge
from game.ai.medium import MediumPlayer, heuristic_pass, heuristic_play, stopper_kept
from game.ai.playout import NO_RUNNER, finish, runner_of
from game.arena.duplicate import run_arena
from game.engine.cards import HEARTS_MASK, Card, Suit, mask_of, parse_cards
from game.text import sentences as words
from game.tutor.advice import advise_play
from tests.helpers.ai import RUN_DEAL, RUN_PLAYS, deal_state, view_of
from tests.helpers.tutor_truth import play_truth

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


def test_the_opportunist_shoots_from_a_strong_hand_kept() -> None:
    # Seat 0 kept 13 high-card points or more with an entry in every suit: it shoots from
    # the first trick, winning a diamond trick with its ace where Medium ducks.
    deal = {
        0: "AC KC 2C AD QD 3D AS KS 4S AH KH 5H 6H",
        1: "3C 4C 5C 6C 4D 5D 6D 2S 3S 5S 2H 3H 4H",
        2: "7C 8C 9C 10C 7D 8D 9D 6S 7S 8S 7H 8H 9H",
        3: "JC QC 10D JD KD QS JS 10S 9S 10H JH QH 2D",
    }
    view = view_of(deal_state(deal, "2C 3C 7C QC  10D"), seat=0)
    assert opportunity(view, Knowledge.of(view), view.legal_mask())
    decision = OpportunistPlayer(0).decide_play(view)
    assert (decision.card, decision.motive) == (Card.parse("AD"), Motive.SHOOT_MOON)
    assert MediumPlayer(0).decide_play(view).card == Card.parse("3D")


# Seat 1 holds the queen of spades with one spade below her and ten clubs and diamonds.
EXPOSED_DEAL = {
    0: "2C 3C 4C 2D 3D 4D 5D 2S 4S 5S 3H 4H 5H",
    1: "QS 3S AC KC QC JC 10C 9C AD KD QD JD 2H",
    2: "5C 6C 7C 8C 6D 7D 8D 6S 7S 8S 6H 7H 8H",
    3: "9D 10D AS KS JS 10S 9S 9H 10H JH QH KH AH",
}


def test_the_opportunist_shoots_with_the_queen_exposed_and_long_minors() -> None:
    view = view_of(deal_state(EXPOSED_DEAL, "2C"))
    assert view.seat == 1 and not strong_for_moon(view.hand)  # no entry in hearts
    assert opportunity(view, Knowledge.of(view), view.legal_mask())
    assert OpportunistPlayer(0).decide_play(view).motive is Motive.SHOOT_MOON
    # With three spades below her the queen is guarded: no chance, the careful game.
    guarded = dict(EXPOSED_DEAL)
    guarded[0] = "2C 3C 4C 10C 9C 2D 3D 4D 5D 5S 3H 4H 5H"
    guarded[1] = "QS 3S 2S 4S AC KC QC JC AD KD QD JD 2H"
    view = view_of(deal_state(guarded, "2C"))
    assert not opportunity(view, Knowledge.of(view), view.legal_mask())
    assert OpportunistPlayer(0).decide_play(view).motive is not Motive.SHOOT_MOON


def test_the_opportunist_shoots_when_it_has_no_way_out_of_the_lead() -> None:
    # Seat 1 holds the top clubs, diamonds and hearts and no spade (so not a strong hand).
    deal = {
        0: "2C 3C 4C 2D 3D 4D 5D 2S 3S 4S 2H 3H 4H",
        1: "AC KC QC JC 10C AD KD QD JD 10D AH KH QH",
        2: "5C 6C 7C 8C 9C 6D 7D 8D 9D 5S 6S 7S 5H",
        3: "6H 7H 8H 9H 10H JH 8S 9S 10S JS QS KS AS",
    }
    # On lead after a clean first trick: no point taken yet, the careful game.
    view = view_of(deal_state(deal, "2C AC 5C 8S"))
    assert view.seat == 1
    assert not opportunity(view, Knowledge.of(view), view.legal_mask())
    # Seat 3 threw a heart on its ace of diamonds: it has a point, nobody else any, and every
    # card it could lead wins the trick. It shoots, a sure winner first, hearts last.
    view = view_of(deal_state(deal, "2C AC 5C 8S  AD 6D 6H 2D"))
    assert view.seat == 1 and view.points_taken() == [0, 1, 0, 0]
    assert opportunity(view, Knowledge.of(view), view.legal_mask())
    decision = OpportunistPlayer(0).decide_play(view)
    assert (decision.card, decision.motive) == (Card.parse("KC"), Motive.SHOOT_MOON)


# After QUEEN_PLAYS seat 1 (13 points, shooting) loses a clean spade trick to seat 2, which
# leads the king of clubs; seat 1 follows last.
LOST_LEAD = QUEEN_PLAYS + "  8S AS 6S 3S  KC"


def test_the_opportunist_gives_up_at_once_when_it_cannot_win_a_trick_with_points() -> None:
    view = view_of(deal_state(QUEEN_DEAL, LOST_LEAD + " 7H 5C"))
    assert view.seat == 1 and view.points_taken() == [0, 13, 0, 0]
    know = Knowledge.of(view)
    assert opportunity(view, know, view.legal_mask())  # nobody else has a point yet
    decision = OpportunistPlayer(0).decide_play(view)
    # The heart on the king of clubs is lost: it plays the careful card (the highest club
    # under the king), not a shooter's.
    assert decision.motive is not Motive.SHOOT_MOON
    assert decision == heuristic_play(view, know, watch=False)
    assert decision.card == Card.parse("9C")


def test_the_opportunist_keeps_its_high_cards_on_a_clean_trick_it_cannot_win() -> None:
    view = view_of(deal_state(QUEEN_DEAL, LOST_LEAD + " 7D 5C"))
    assert view.seat == 1
    decision = OpportunistPlayer(0).decide_play(view)
    # No point in the trick: still shooting, it gives its lowest club and keeps the rest.
    assert (decision.card, decision.motive) == (Card.parse("8C"), Motive.SHOOT_MOON)
    assert MediumPlayer(0).decide_play(view).card == Card.parse("9C")


def test_the_opportunists_careful_game_does_not_watch_for_a_moon() -> None:
    # Seat 1 took the queen and leads the king of diamonds; seat 2 has none. Medium stops
    # the run by keeping its heart; the opportunist throws it, as the outside player's
    # fellows feed a queen-taker.
    view = view_of(deal_state(QUEEN_DEAL, QUEEN_PLAYS + "  KD"))
    assert view.seat == 2
    assert MediumPlayer(0).decide_play(view).motive is Motive.KEEP_STOPPER
    decision = OpportunistPlayer(0).decide_play(view)
    assert (decision.card, decision.motive) == (Card.parse("5H"), Motive.DUMP_HIGH_HEART)


def test_the_playouts_model_a_queen_taker_turning_shooter() -> None:
    taken = [0, mask_of(parse_cards("QS 2C 3C 4C")), 0, 0]
    hands = [
        mask_of(parse_cards("2H 3H")),
        mask_of(parse_cards("AH 5C")),
        mask_of(parse_cards("4H 6C")),
        mask_of(parse_cards("5H 7C")),
    ]
    assert runner_of(taken, hands) == NO_RUNNER  # the queen alone: not a runner before
    assert runner_of(taken, hands, shooters=0b1111) == 1
    # Issue 44: only the seats modelled as shooters (a bit each) turn shooter.
    assert runner_of(taken, hands, shooters=0b0010) == 1
    assert runner_of(taken, hands, shooters=0b1101) == NO_RUNNER
    # Without the highest heart left nobody runs.
    hands[1], hands[0] = hands[0], hands[1]
    assert runner_of(taken, hands, shooters=0b1111) == NO_RUNNER


def test_the_arena_seats_opportunists() -> None:
    report = run_arena(["medium", "opportunist", "opportunist", "random"], deals=2, seed=3, jobs=1)
    assert report.hands["opportunist"] == 16 and report.hands["medium"] == 8


# -- the third pass: a stopper kept from the pass, no heart fed to a lone taker (AI 7) --------

# Seat 0 passes left. Nothing forces its pass (no queen, no short minor): Medium used to give its
# ace of hearts with its two highest diamonds.
STOPPER_DEAL = {
    0: "AH 9H 3H 2C 3C 4C 5C 9D 10D JD QD 4S 5S",
    1: "6C 7C 8C 9C 2D 3D 4D 5D 2S 3S 6S 2H 4H",
    2: "10C JC QC KC AC 6D 7D 8D 7S 8S 9S 5H 6H",
    3: "KD AD 10S JS QS KS AS 7H 8H 10H JH QH KH",
}


def test_medium_keeps_its_top_heart_from_the_pass_as_a_stopper() -> None:
    view = view_of(deal_state(STOPPER_DEAL, passes={}), seat=0)
    assert MediumPlayer(0).choose_pass(view) == parse_cards("10D JD QD")
    # Before AI 7 (and in the yardsticks) the ace went to the left.
    assert list(heuristic_pass(view.hand, keep_stopper=False).cards) == parse_cards("JD QD AH")
    assert OpportunistPlayer(0).choose_pass(view) == parse_cards("JD QD AH")


def test_a_top_heart_without_two_hearts_to_duck_with_is_still_passed() -> None:
    short = mask_of(parse_cards("AH 9H 2C 3C 4C 5C 6C 9D 10D JD QD 4S 5S"))
    assert stopper_kept(short) == 0
    assert Card.parse("AH") in heuristic_pass(short).cards
    # The jack is not a stopper worth keeping either.
    assert stopper_kept(mask_of(parse_cards("JH 9H 3H"))) == 0


def test_hards_pass_never_gives_the_stopper() -> None:
    view = view_of(deal_state(STOPPER_DEAL, passes={}), seat=0)
    ace = 1 << Card.parse("AH")
    assert Card.parse("AH") not in HardPlayer(0).choose_pass(view)
    # No set of three it weighs holds the ace; before AI 7 some did.
    assert not any(mask & ace for mask in HardPlayer(0, pass_samples=2).pass_values(view))
    giver = HardPlayer(0, pass_samples=2, settings=HardSettings(stopper=False))
    assert any(mask & ace for mask in giver.pass_values(view))


# Seat 1 wins the first two clubs; on the second seat 2 (no club) throws the six of hearts, so
# seat 1 alone has a point, one: too few for Medium's watch. It leads the queen of clubs; seat 2
# has still no club.
STARVE_DEAL = {
    0: "2C 3C 4C 5C 6C 2D 3D 4D 2S 3S 4S 2H 3H",
    1: "AC KC QC JC 10C 9C 5D 6D 5S 6S 7S 4H 5H",
    2: "7D 8D 9D 10D JD QD KD 8S 9S 10S 6H 7H AH",
    3: "7C 8C AD JS QS KS AS 8H 9H 10H JH QH KH",
}
STARVE_PLAYS = "2C AC 7D 7C  KC 6H 8C 3C  QC"


def test_medium_throws_no_heart_on_a_lone_takers_trick() -> None:
    view = view_of(deal_state(STARVE_DEAL, STARVE_PLAYS))
    assert view.seat == 2 and view.points_taken() == [0, 1, 0, 0]
    decision = MediumPlayer(0).decide_play(view)
    assert (decision.card, decision.motive) == (Card.parse("KD"), Motive.KEEP_STOPPER)
    # Before AI 7 (and in the yardsticks) it dumped its ace of hearts there.
    assert heuristic_play(view, starve=False, suspect=False).card == Card.parse("AH")
    assert OpportunistPlayer(0).decide_play(view).card == Card.parse("AH")


def test_hard_throws_no_heart_on_a_lone_takers_trick() -> None:
    view = view_of(deal_state(STARVE_DEAL, STARVE_PLAYS))
    know = Knowledge.of(view)
    options = candidates(view.legal_mask(), know)
    kept = starved(view, know, view.legal_mask(), options)
    assert kept and not any(Card(c).suit is Suit.HEARTS for c in kept)
    assert any(Card(c).suit is Suit.HEARTS for c in options)
    assert HardPlayer(0).decide_play(view).card.suit is not Suit.HEARTS


# RUN_DEAL, RUN_PLAYS (tests/helpers/ai.py): a seat running from the top before any point.


def test_a_seat_winning_from_the_top_is_a_suspected_runner() -> None:
    view = view_of(deal_state(RUN_DEAL, RUN_PLAYS))
    assert view.seat == 0 and run_suspect(view, Knowledge.of(view).taken) == 1
    # One trick won is not a run; nor is a run of tricks won leading low.
    early = view_of(deal_state(RUN_DEAL, "2C KC 8C 10C  AD"))
    assert run_suspect(early, Knowledge.of(early).taken) is None
    low = view_of(deal_state(RUN_DEAL, "2C KC 8C 10C  7C 2D 6C 4C"), seat=2)
    assert run_suspect(low, Knowledge.of(low).taken) is None


def test_medium_keeps_its_hearts_from_a_suspected_runner() -> None:
    view = view_of(deal_state(RUN_DEAL, RUN_PLAYS))
    decision = MediumPlayer(0).decide_play(view)
    assert (decision.card, decision.motive) == (Card.parse("AC"), Motive.KEEP_STOPPER)
    assert heuristic_play(view, suspect=False).card == Card.parse("KH")  # AI 7
    # Under the runner's ace of hearts, the lowest heart: the king may win the next one.
    later = view_of(deal_state(RUN_DEAL, RUN_PLAYS + " AC  7C 2H 6C 4C  AH 10H 8H"))
    assert later.seat == 0 and MediumPlayer(0).decide_play(later).card == Card.parse("5H")
    assert heuristic_play(later, suspect=False).card == Card.parse("KH")


def test_hard_feeds_no_heart_to_a_suspected_runner() -> None:
    view = view_of(deal_state(RUN_DEAL, RUN_PLAYS))
    know = Knowledge.of(view)
    legal = view.legal_mask()
    options = candidates(legal, know)
    kept, _ = defended(view, know, legal, options, early=True)
    assert kept and not any(1 << c & HEARTS_MASK for c in kept)
    assert defended(view, know, legal, options)[0] == options  # AI 7: hearts among them
    decision = HardPlayer(0).decide_play(view)
    assert decision.card.suit is not Suit.HEARTS and decision.motive is Motive.KEEP_STOPPER
    advice = advise_play(view)  # the tutor thinks with Hard, and says why
    assert play_truth(view, advice) == (words.KEEP_FROM_RUN, True)


# Seat 1 takes the queen on the ace of diamonds, then seat 2, void in diamonds, throws it a heart
# on the king: an opportunist's careless discard, which Hard's playouts then expect of seat 2.
FEED_PLAYS = QUEEN_PLAYS + "  KD 5H 7D 3D"


def test_hard_sees_who_feeds_a_lone_taker() -> None:
    state = deal_state(QUEEN_DEAL, FEED_PLAYS)
    assert feeders(view_of(state, seat=0)) == 1 << 2
    assert feeders(view_of(state, seat=2)) == 0  # its own discards are not counted
    # The queen itself, the first point of the hand, is no sign: nobody held a point before.
    assert feeders(view_of(deal_state(QUEEN_DEAL, QUEEN_PLAYS), seat=0)) == 0


def test_careless_seats_in_the_playouts_do_not_defend() -> None:
    # Seat 1 holds the queen (a threat the watching playouts defend against) and leads the king
    # of diamonds; seat 2, void, feeds it no point unless it is careless.
    before = deal_state(QUEEN_DEAL, QUEEN_PLAYS + "  KD")
    thrown = {}
    for careless in (0, 1 << 2):
        state = before.copy()
        finish(state, watch=True, me=0, careless=careless)
        thrown[careless] = Card(state.tricks[2][1][1])
    assert thrown == {0: Card.parse("4C"), 1 << 2: Card.parse("5H")}


def test_the_tutor_says_why_it_keeps_its_hearts_from_a_runner() -> None:
    view = view_of(deal_state(RUN_DEAL, RUN_PLAYS))
    advice = advise_play(view, player=MediumPlayer(0))
    assert advice.cards == (Card.parse("AC"),)
    assert advice.sentence.template_id == words.KEEP_FROM_RUN
    assert dict(advice.sentence.args)["count"] == 2
    assert play_truth(view, advice) == (words.KEEP_FROM_RUN, True)
    # Once the runner holds a point, the sentence says so (the point-taker's sentence).
    later = view_of(deal_state(RUN_DEAL, RUN_PLAYS + " AC  7C 2H 6C 4C  AH 10H 8H"))
    advice = advise_play(later, player=MediumPlayer(0))
    assert advice.cards == (Card.parse("5H"),)
    assert play_truth(later, advice) == (words.KEEP_STOPPER, True)
