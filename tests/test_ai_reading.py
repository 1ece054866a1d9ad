"""Issue 44: Hard's playouts read the other seats (a seat that shot the moon, or fed a lone
taker, plays as an opportunist), model AI 7's Medium (no heart fed to a lone taker) and may
search a line aiming for the moon."""

from __future__ import annotations

from game.ai.defence import match_shooters, read_shooters
from game.ai.hard import HardPlayer, HardSettings, may_shoot
from game.ai.knowledge import Knowledge
from game.ai.playout import NO_RUNNER, policy, runner_of, shown_voids, threat_of
from game.engine.cards import Card
from game.engine.view import SeatView
from tests.helpers.ai import deal_state, medium_plays, view_of

HANDS = {
    0: "2C 4C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D 6D",
    1: "JC QC KC AC 7D 8D 9D TD 2S 3S 4S KS AS",
    2: "JD QD KD AD 5S 6S 7S 8S 9S TS JS 2H 3H",
    3: "3C QS 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
}
# Seat 1 has taken two hearts (the only points so far) and leads the queen of clubs; seat 2,
# void in clubs, holds hearts and other cards.
PLAYS = "2C AC JD 3C KC 2H 4H 4C QC"


def test_the_playouts_feed_no_heart_to_a_lone_taker_as_ai7_medium_does() -> None:
    state = deal_state(HANDS, PLAYS)
    assert state.turn == 2
    runner = runner_of(state.taken, state.hands)
    threat = threat_of(state.taken, runner)
    assert (runner, threat) == (NO_RUNNER, NO_RUNNER)  # no moon model at work: the discard's
    before = policy(state, runner, False, threat, shown_voids(state))
    starving = policy(state, runner, False, threat, shown_voids(state), starve=True)
    assert before == Card.parse("3H")  # AI 6's discard: the highest heart
    assert starving == Card.parse("AD")  # AI 7's: the highest card that is not a heart


def test_a_seat_that_shot_the_moon_in_this_match_is_read_as_a_shooter() -> None:
    state = deal_state(HANDS, PLAYS)
    plain = view_of(state, seat=0)
    history = ((26, 0, 26, 26), (3, 10, 13, 0), (0, 0, -26, 0))  # seat 1 adds, seat 2 takes off
    view = SeatView.of_hand(state, 0, history=history, totals=(29, 10, 13, 26))
    assert match_shooters(plain) == 0
    assert match_shooters(view) == 1 << 1 | 1 << 2
    assert match_shooters(SeatView.of_hand(state, 1, history=history)) == 1 << 2  # not itself
    assert read_shooters(view, careless=1 << 3) == 1 << 1 | 1 << 2 | 1 << 3


def test_a_moon_is_open_only_to_a_strong_hand_while_nobody_else_has_a_point() -> None:
    # Seat 3 with the ace of spades for the four of hearts: honours enough and the top heart.
    hands = {**HANDS, 1: HANDS[1].replace("AS", "4H"), 3: HANDS[3].replace("4H", "AS")}
    strong = deal_state(hands, "2C AC JD 3C")  # seat 1 to lead, nobody has a point
    assert may_shoot(view_of(strong, seat=3), Knowledge.of(view_of(strong, seat=3)))
    assert not may_shoot(view_of(strong, seat=0), Knowledge.of(view_of(strong, seat=0)))
    later = deal_state(HANDS, PLAYS)  # seat 1 has two hearts now
    assert not may_shoot(view_of(later, seat=3), Knowledge.of(view_of(later, seat=3)))


def test_the_line_for_the_moon_never_lowers_a_card_and_raises_some_on_a_strong_hand() -> None:
    # Seed 0 of four Medium: seat 3 leads the second trick with a hand worth a run.
    view = next(v for _, _, v, _ in medium_plays(range(1)) if len(v.tricks) == 1 and not v.trick)
    assert view.seat == 3 and may_shoot(view, Knowledge.of(view))
    plain = HardPlayer(4, work=6000).decide_play(view).expected
    shooting = HardPlayer(4, work=6000, settings=HardSettings(shoot=True)).decide_play(view)
    assert plain.keys() == shooting.expected.keys()
    # The careful line is searched on the same deals: each card keeps the better of the two.
    assert all(shooting.expected[c] >= plain[c] - 1e-9 for c in plain)
    assert any(shooting.expected[c] > plain[c] + 1 for c in plain)
