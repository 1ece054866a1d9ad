"""Issue 42 and issue 46 (defect 5): advice a strong player would not sign, though every fact in
its sentence was true. The issue's examples as named tests (the AI's reported choice given by a
stub, so the tutor's own judgement is what is tested), and the families they belong to judged
by tests/helpers/tutor_families.py's independent checks over seeded hands."""

from __future__ import annotations

import json

from game.ai.decision import Decision, Motive
from game.engine.cards import Card, parse_cards
from game.engine.match import Match
from game.engine.rules import PassDirection, Rules
from game.engine.view import SeatView
from game.text import sentences as words
from game.text.sentences import Sentence, render
from game.tutor import advice as tutor
from game.tutor.advice import Advice
from tests.helpers.engine import hands_from
from tests.helpers.tutor_families import FAMILIES, families_of
from tests.helpers.tutor_truth import check_pass, check_play, positions


class Chosen:
    """An AI that makes one given decision (the one the issue reports)."""

    def __init__(self, decision: Decision) -> None:
        self.decision = decision

    def decide_pass(self, view: SeatView) -> Decision:
        return self.decision

    def decide_play(self, view: SeatView) -> Decision:
        return self.decision


def view_of(given: dict[int, str], plays: str, seat: int, direction: PassDirection) -> SeatView:
    rules = Rules()
    match = Match.from_hands(rules, hands_from(rules, given), pass_direction=direction)
    for card in parse_cards(plays):
        match.play(card)
    return match.view(seat)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def test_the_ace_of_hearts_is_passed_not_the_ten_beside_it() -> None:
    """Issue 42: "Pass Q♦ A♠ 10♥ … the 10♥ would win most tricks it joins" from this hand, the
    A♥ kept. The ace goes; no clause says a card wins tricks while a higher one is kept."""
    hand = "4C 8C JC 5D 6D 9D QD 4S AS 3H 8H 10H AH"
    view = view_of({0: hand}, "", 0, PassDirection.LEFT)
    chosen = cards("QD AS 10H")
    ai = Chosen(
        Decision(chosen, Motive.PASS_BEST_ODDS, tuple((c, Motive.PASS_HIGH_CARD) for c in chosen))
    )
    advice = tutor.advise_pass(view, player=ai)
    assert set(advice.cards) == set(cards("QD AS AH")), render(advice.sentence)
    check_pass(view, advice)
    assert families_of(view, advice) == dict.fromkeys(families_of(view, advice), False)
    assert "A♥" in advice.text() and "10♥" not in advice.text()


# South holds the issue's hand (with the 2♣ it led); North won the clubs and leads the 5♦, East
# follows with the 2♦, and West, void in diamonds, holds the Q♠ and plays last.
QUEEN_TO_COME = {
    0: "2C 3D 4D 8D JD 3S 4S 7S 8S 9S 10S 5H KH",
    1: "3C QS 2S 5S 6S 2H 3H 4H 6H 7H 8H 9H 10H",
    2: "AC KC QC JC 10C 9C 8C 5D 6D 7D 9D 10D QD",
    3: "4C 5C 6C 7C 2D KD AD JS KS AS JH QH AH",
}


def test_duck_the_diamond_while_the_queen_can_still_fall() -> None:
    """Issue 42: "Play the J♦ over the 5♦: the trick holds no points so far, so taking it costs
    nothing yet", third to play, with West still to come, who dropped the Q♠ on it."""
    view = view_of(QUEEN_TO_COME, "2C 3C AC 4C 5D 2D", 0, PassDirection.HOLD)
    jack = Card.parse("JD")
    advice = tutor.advise_play(view, player=Chosen(Decision.play(jack, Motive.BEST_ODDS)))
    assert advice.card == Card.parse("4D"), advice.text()
    check_play(view, advice)
    assert advice.sentence.template_id == words.DUCK_QUEEN
    assert advice.text() == (
        "Play the 4♦ under the 5♦: the queen of spades is still out and someone plays after you, "
        "so taking this trick could bring her to you"
    )
    assert families_of(view, advice)["took a trick, a player to come, the Q♠ out"] is False


def test_taking_the_trick_stays_right_when_the_moon_is_on_or_the_queen_is_gone() -> None:
    """The duck is the tutor's rule only while she can fall: a seat going for the moon takes
    the trick, and once the queen is in the hand there is no duck to teach."""
    view = view_of(QUEEN_TO_COME, "2C 3C AC 4C 5D 2D", 0, PassDirection.HOLD)
    jack = Card.parse("JD")
    for motive in (Motive.SHOOT_MOON, Motive.BLOCK_MOON):
        advice = tutor.advise_play(view, player=Chosen(Decision.play(jack, motive)))
        assert advice.card == jack, motive
    mine = dict(QUEEN_TO_COME)
    mine[0], mine[1] = mine[0].replace("3S", "QS"), mine[1].replace("QS", "3S")
    holding = view_of(mine, "2C 3C AC 4C 5D 2D", 0, PassDirection.HOLD)
    advice = tutor.advise_play(holding, player=Chosen(Decision.play(jack, Motive.BEST_ODDS)))
    assert advice.card == jack


# From a seeded hand (tests/helpers/tutor_truth.py's positions, hand 1): West, void in spades,
# holds the 9♦ and the J♦ with only the 10♦ Q♦ K♦... above the 9♦ still out.
THROW_BELOW = json.loads(
    '{"format": "dame-de-pique/seat-view", "version": 1, "seat": 1, "rules": {"players": 4, '
    '"target": 100, "queen_breaks_hearts": false, "moon": "others+26", "jack_of_diamonds": '
    'false, "tie": "play-on"}, "phase": "play", "hand_number": 0, "dealer": 0, '
    '"pass_direction": "left", "hand": ["QC", "9D", "JD", "5H", "6H", "9H", "KH"], "passed": '
    '["2D", "5D", "KS"], "received": ["9D", "JD", "AD"], "pass_chosen": [true, true, true, '
    'true], "leader": 0, "turn": 1, "trick": ["2S"], "trick_number": 6, "hearts_broken": true, '
    '"first_lead": "2C", "tricks": [[1, ["2C", "AC", "7C", "8C"], 2], [2, ["2D", "7D", "6D", '
    '"AD"], 1], [1, ["6C", "3C", "4C", "JC"], 0], [0, ["8S", "JS", "10S", "6S"], 1], [1, '
    '["10C", "9C", "8H", "5C"], 1], [1, ["2H", "3H", "QD", "4H"], 0]], "card_counts": [6, 7, '
    '7, 7], "totals": [0, 0, 0, 0], "history": [], "hand_scores": null, "moon_shooter": null, '
    '"winners": []}'
)


def test_a_card_is_not_thrown_as_a_winner_while_a_higher_one_stays() -> None:
    """Issue 42: "Throw the 4♦ … only 3 cards still out beat it in its suit, so it could take a
    trick later" while the A♦ is kept: the reason runs backwards. Here the same with the 9♦ and
    the J♦ (the AI's choice in a seeded hand): the J♦ goes, for a reason that holds."""
    view = SeatView.from_dict(THROW_BELOW)
    nine = Card.parse("9D")
    advice = tutor.advise_play(view, player=Chosen(Decision.play(nine, Motive.BEST_ODDS)))
    assert advice.card == Card.parse("JD"), advice.text()
    check_play(view, advice)
    assert not any(families_of(view, advice).values()), advice.text()
    # The reason for the 9♦ itself, were it thrown, says nothing of it winning.
    said = tutor.play_sentence(view, nine, Decision.play(nine, Motive.BEST_ODDS))
    assert said.template_id not in (words.THROW_FEW_ABOVE, words.THROW_UNBEATEN), render(said)


# Issue 46 defect 5 (a seeded hand, hand 2): East, void in clubs, throws its only diamond, the
# 3♦, while the only diamond still out is the 9♦.
LAST_DIAMOND = json.loads(
    '{"format": "dame-de-pique/seat-view", "version": 1, "seat": 3, "rules": {"players": 4, '
    '"target": 100, "queen_breaks_hearts": false, "moon": "others+26", "jack_of_diamonds": '
    'false, "tie": "play-on"}, "phase": "play", "hand_number": 0, "dealer": 0, '
    '"pass_direction": "left", "hand": ["3D", "7S", "9S"], "passed": ["QS", "AS", "AH"], '
    '"received": ["8D", "10D", "KD"], "pass_chosen": [true, true, true, true], "leader": 2, '
    '"turn": 3, "trick": ["KC"], "trick_number": 10, "hearts_broken": true, "first_lead": "2C", '
    '"tricks": [[1, ["2C", "AC", "7C", "8C"], 2], [2, ["2D", "7D", "6D", "AD"], 1], [1, ["6C", '
    '"3C", "4C", "JC"], 0], [0, ["8S", "JS", "10S", "6S"], 1], [1, ["10C", "9C", "8H", "5C"], '
    '1], [1, ["2H", "3H", "QD", "4H"], 0], [0, ["2S", "KH", "5S", "3S"], 2], [2, ["5D", "8D", '
    '"4D", "JD"], 1], [1, ["6H", "7H", "10D", "AH"], 0], [0, ["10H", "9H", "JH", "KD"], 2]], '
    '"card_counts": [3, 3, 2, 3], "totals": [0, 0, 0, 0], "history": [], "hand_scores": null, '
    '"moon_shooter": null, "winners": []}'
)


def test_a_card_that_cannot_win_is_not_called_the_most_likely_to() -> None:
    """Issue 46: "Throw the 3♦ … it is the highest you hold in its suit, the one most likely to
    take a trick later": the only diamond still out is higher. The true reason: the void."""
    view = SeatView.from_dict(LAST_DIAMOND)
    three = Card.parse("3D")
    advice = tutor.advise_play(view, player=Chosen(Decision.play(three, Motive.DUMP_HIGH_CARD)))
    assert advice.card == three
    check_play(view, advice)
    assert advice.text() == (
        "Throw the 3♦: you have no clubs, and it is the last card of its suit you hold, so you "
        "can throw points when that suit is led too"
    )
    assert not any(families_of(view, advice).values())


def test_the_family_checks_catch_the_issues_advice() -> None:
    """The checks are not vacuous: each of the issue's pieces of advice, as the tutor gave it
    before, falls in its family."""
    passed = Advice(
        cards("QD AS 10H"),
        Decision(cards("QD AS 10H"), Motive.PASS_BEST_ODDS),
        Sentence(words.PASS_EACH),
        tuple(
            (
                c,
                words.sentence(
                    words.PASS_ONE, card=c, reason=words.sentence(words.ABOVE_NONE, card=c)
                ),
            )
            for c in cards("QD AS 10H")
        ),
    )
    hand = view_of({0: "4C 8C JC 5D 6D 9D QD 4S AS 3H 8H 10H AH"}, "", 0, PassDirection.LEFT)
    found = families_of(hand, passed)
    assert found["passed or thrown below a kept card of the same danger"]
    assert found["argues the card wins when the advice loses it"]
    queen = view_of(QUEEN_TO_COME, "2C 3C AC 4C 5D 2D", 0, PassDirection.HOLD)
    jack = Card.parse("JD")
    over = Advice((jack,), Decision.play(jack, Motive.BEST_ODDS), Sentence(words.OVER))
    assert families_of(queen, over)["took a trick, a player to come, the Q♠ out"]
    below = SeatView.from_dict(THROW_BELOW)
    nine = Card.parse("9D")
    few = words.counted(words.THROW_FEW_ABOVE, 2, card=nine)
    thrown = Advice((nine,), Decision.play(nine, Motive.BEST_ODDS), few)
    assert families_of(below, thrown)["argues the card wins when the advice loses it"]
    last = SeatView.from_dict(LAST_DIAMOND)
    three = Card.parse("3D")
    highest = words.sentence(words.THROW_HIGHEST, card=three)
    claimed = Advice((three,), Decision.play(three, Motive.DUMP_HIGH_CARD), highest)
    assert families_of(last, claimed)["'most likely to take a trick' of a card that cannot"]


def test_no_family_of_wrong_advice_in_seeded_hands() -> None:
    """Over seeded hands (the benchmark's first 24; benchmarks/tutor_truth.py runs 600, with
    hands held back), the tutor's advice falls in no family, bar a moon being stopped (the
    AI keeps high cards on purpose against a suspected run; the check cannot see that plan)."""
    chances = dict.fromkeys(FAMILIES, 0)
    wrong: dict[str, list[str]] = {name: [] for name in FAMILIES}
    for view, advice in positions(24):
        for name, fell in families_of(view, advice).items():
            chances[name] += 1
            if fell and advice.decision.motive is not Motive.KEEP_STOPPER:
                wrong[name].append(advice.text())
    assert all(n >= 10 for n in chances.values()), chances
    assert wrong == {name: [] for name in FAMILIES}
