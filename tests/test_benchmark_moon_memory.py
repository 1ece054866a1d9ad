"""benchmarks/moon_memory.py: the person's moon is in the history Hard reads, and a tiny run
prints both settings' figures and their paired differences."""

from __future__ import annotations

import pytest

from benchmarks.moon_memory import after_a_moon, main, shot
from game.ai.defence import match_shooters
from game.arena.duplicate import wilson
from game.engine.match import Match
from game.engine.players import RandomPlayer, play_match
from game.engine.rules import Rules


def test_the_match_begins_after_the_persons_moon() -> None:
    match = after_a_moon("t/2", 2)
    assert match.history == [(26, 26, 0, 26)] and match.totals == [26, 26, 0, 26]
    assert match.hand_number == 1 and match.to_act() == (0, 1, 2, 3)  # the pass of hand 1
    assert match_shooters(match.view(0)) == 1 << 2
    # Hand 1 is the deal (and the pass) a real match of that seed deals in its second hand.
    real = Match.new(Rules(), seed="t/2")
    play_match(real, [RandomPlayer(s) for s in range(4)], max_hands=1)
    real.next_hand()
    assert match.hand.dealt == real.hand.dealt and match.dealer == real.dealer
    assert match.pass_direction == real.pass_direction


def test_a_moon_and_its_interval() -> None:
    assert shot((26, 0, 26, 26), 1) and not shot((26, 0, 26, 26), 0)
    assert not shot((13, 0, 13, 0), 1)
    low, high = wilson(1, 10)
    assert low < 0.1 < high and low == pytest.approx(0.0179, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_tiny_run_prints_both_settings_and_the_paired_difference(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--matches", "2", "--hands", "1", "--seed", "t", "--work", "1500"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("2 matches, seed t, the runner after its own moon")
    for line, label in ((lines[1], "off"), (lines[2], "on")):
        assert line.startswith(f"read {label}: the person's moons ")
        assert " of 2 hands (" in line and ", ratio " in line
    assert lines[3].startswith("on - off, by match: the person's moons a hand ")
    assert lines[4].startswith("on - off, by match: Hard's points a hand ")
    hard_off = float(lines[1].split("Hard ")[1].split()[0])
    hard_on = float(lines[2].split("Hard ")[1].split()[0])
    # One hand a match: the paired mean is the difference of the means (printed to 0.01).
    assert float(lines[4].rsplit(" ", 3)[1]) == pytest.approx(hard_on - hard_off, abs=0.0106)
