"""benchmarks/person_model.py: the learned table is the profile's model of a person with 3 moons
in 10 hands, the chosen deals are those the person could run from, and a tiny run prints both
tables' figures and their paired differences."""

from __future__ import annotations

import pytest

from benchmarks.person_model import LEARNED, chosen, could_shoot, deal_of, main
from game.ai.baselines import strong_for_moon
from game.ai.facts import moon_plausible
from game.ai.person import PersonModel


def test_the_learned_table_is_the_profiles_model_of_three_moons_in_ten() -> None:
    assert LEARNED.moons == 3 and len(LEARNED.recent) == 10 and LEARNED.is_shooter
    assert PersonModel.from_dict(LEARNED.to_dict()) == LEARNED


def test_the_chosen_deals_are_those_the_person_could_run_from() -> None:
    numbers = chosen("t", 5, plausible=True)
    assert len(numbers) == 5 and numbers == sorted(set(numbers))
    skipped = [n for n in range(numbers[-1]) if n not in numbers]
    assert skipped  # most deals give no such hand
    for n in range(numbers[-1] + 1):
        plausible = moon_plausible(deal_of("t", n).hand.hands[n % 4])
        assert plausible is (n in numbers)
    assert chosen("t", 3, plausible=False) == [0, 1, 2]


def test_a_tiny_run_prints_both_tables_and_the_paired_difference(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--deals", "2", "--seed", "t", "--work", "1500", "--plausible"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("2 hands it could shoot from (of ")
    assert "learned: 3 moons in the last 10 hands" in lines[0]
    for line, label in ((lines[1], "before it learned"), (lines[2], "learned")):
        assert line.startswith(f"{label}: the person's moons ") and " of 2 hands (" in line
        assert "processor time" in line
    assert lines[3].startswith("learned - before, by deal: the person's moons a hand ")
    hard_before = float(lines[1].split("Hard ")[1].split()[0])
    hard_after = float(lines[2].split("Hard ")[1].split()[0])
    assert float(lines[4].rsplit(" ", 3)[1]) == pytest.approx(hard_after - hard_before, abs=0.011)


def test_the_opportunist_also_shoots_from_a_hand_it_keeps() -> None:
    numbers = chosen("t", 40, plausible=True, person="opportunist")
    kept = [n for n in numbers if not moon_plausible(deal_of("t", n).hand.hands[n % 4])]
    assert kept  # hands only the opportunist's pass keeps to shoot
    for n in kept:
        hand = deal_of("t", n).hand.hands[n % 4]
        assert strong_for_moon(hand) and could_shoot("opportunist", hand)
        assert not could_shoot("runner", hand)
