"""benchmarks/medium_paired.py: its variants keep the top heart exactly where they say, it
refuses a wrong argument in one clear line, and a run pairs the two variants."""

from __future__ import annotations

import dataclasses

import pytest

from benchmarks.medium_paired import VARIANTS, Keeping, TopHeart, main
from game.ai.decision import Motive
from game.ai.knowledge import Knowledge
from game.ai.medium import MediumPlayer
from game.engine.cards import PENALTY_MASK, mask_of, parse_cards
from game.engine.hand import HandState
from tests.helpers.ai import deal_state, view_of

# Seat 1 wins the first trick with the ace of clubs and leads a diamond; seat 0, void in
# diamonds, throws: nobody has taken a point yet.
TWO_HEARTS = {
    0: "AH 5H 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC",
    1: "AC 2D 3D 4D 5D 6D 7D 8D 9D 2S 3S 4S 5S",
    2: "KC 10D JD 6S 7S 8S 9S 10S JS QS KS AS 2H",
    3: "QD KD AD 3H 4H 6H 7H 8H 9H 10H JH QH KH",
}
ONE_HEART = {
    0: "AH 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
    1: "AC 2D 3D 4D 5D 6D 7D 8D 9D 2S 3S 4S 5S",
    2: "10D JD 6S 7S 8S 9S 10S JS QS KS AS 2H 3H",
    3: "QD KD AD 4H 5H 6H 7H 8H 9H 10H JH QH KH",
}


def card(name: str) -> int:
    return parse_cards(name)[0]


def at_the_throw(hands: dict[int, str]) -> HandState:
    second = "KC" if hands is TWO_HEARTS else "AS"  # seat 2 follows clubs, or throws a spade
    state = deal_state(hands, f"2C AC {second} AD  2D 10D KD")
    assert state.turn == 0 and not any(t & PENALTY_MASK for t in state.taken)
    return state


def plays_of(hands: dict[int, str], variant: str) -> int:
    view = view_of(at_the_throw(hands))
    rule = VARIANTS[variant]
    medium = MediumPlayer(0)
    if rule is None:
        return medium.choose_play(view)
    return Keeping(medium, rule).choose_play(view)


def test_medium_throws_its_top_heart_and_the_variants_keep_it_while_no_point_is_taken() -> None:
    decision = MediumPlayer(0).decide_play(view_of(at_the_throw(ONE_HEART)))
    assert (decision.card, decision.motive) == (card("AH"), Motive.DUMP_HIGH_HEART)
    assert plays_of(ONE_HEART, "medium") == card("AH")
    # The top heart alone: its highest card that is not a heart goes instead.
    assert plays_of(ONE_HEART, "top-heart") == card("KC")
    assert plays_of(ONE_HEART, "top-heart-early") == card("KC")
    # Two hearts: the next one goes, the ace stays.
    assert plays_of(TWO_HEARTS, "medium") == card("AH")
    assert plays_of(TWO_HEARTS, "top-heart") == card("5H")
    # Nobody has taken a point: the rules for a lone taker leave Medium's card.
    assert plays_of(TWO_HEARTS, "top-heart-lone") == card("AH")
    assert plays_of(TWO_HEARTS, "ace-lone") == card("AH")


def test_the_rule_lets_the_top_heart_go_once_no_moon_is_open() -> None:
    state = at_the_throw(TWO_HEARTS)
    view = view_of(state)
    medium = MediumPlayer(0).decide_play(view)
    rule = TopHeart("open")
    assert rule.kept(view, medium).card == card("5H")
    know = Knowledge.of(view)

    def taken(**points: str) -> Knowledge:
        cards = [0] * 4
        for seat, names in points.items():
            cards[int(seat[1:])] = mask_of(parse_cards(names))
        return dataclasses.replace(know, taken=tuple(cards))

    assert rule.open_now(view, know)
    # The seat itself holds a point, or two seats do: nobody else can shoot.
    assert not rule.open_now(view, taken(s0="2H"))
    assert not rule.open_now(view, taken(s1="3H", s2="4H"))
    assert rule.open_now(view, taken(s1="3H QS"))
    assert not TopHeart("early").open_now(view, taken(s1="3H"))
    assert TopHeart("lone").open_now(view, taken(s1="3H"))
    assert not TopHeart("lone").open_now(view, know)
    # A rank no heart reaches keeps nothing.
    assert TopHeart("open", rank=13).kept(view, medium) == medium


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--deals", "0"], "argument --deals: '0' must be at least 1"),
        (["--b", "stopper"], "argument --b: invalid choice: 'stopper'"),
        (["--others", "hard"], "argument --others: invalid choice: 'hard'"),
    ],
)
def test_a_wrong_argument_gets_one_clear_line(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(args)
    assert stopped.value.code == 2
    assert said in capsys.readouterr().err


def test_a_run_pairs_the_variants_and_a_variant_against_itself_changes_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--deals", "3", "--seed", "t", "--others", "opportunist", "--b", "medium"]) == 0
    same = capsys.readouterr().out
    assert "b - a in the same seat: +0.000 +/- 0.000 (0 seat-hands differ)" in same
    assert main(["--deals", "40", "--seed", "t32c", "--others", "opportunist"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "40 deals x 4 seats, seed t32c, beside three opportunist"
    a = float(lines[1].split(": ", 1)[1].split()[0])
    b = float(lines[2].split(": ", 1)[1].split()[0])
    difference = float(lines[3].split(": ", 1)[1].split()[0])
    assert difference == pytest.approx(b - a, abs=0.0015)
    assert " 0 seat-hands differ" not in lines[3]
