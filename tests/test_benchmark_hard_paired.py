"""benchmarks/hard_paired.py, hard_regret.py and hard_ceiling.py: settings are read strictly, a
wrong one gets one clear line, and a tiny run prints the figures and their paired difference."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.hard import HardPlayer

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "hard_paired.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--deals", "0"], "argument --deals: '0' must be at least 1"),
        (["--b", "work"], "'work': expected KEY=VALUE"),
        (["--b", "speed=3"], "'speed=3': expected KEY=VALUE"),
        (["--a", "work=lots"], "'work=lots': the value is not a number"),
        (["--others", "hard"], "argument --others: invalid choice: 'hard'"),
        (["--b", "watch=2"], "'watch=2': a switch is 0 or 1"),
    ],
)
def test_a_wrong_argument_gets_one_clear_line_and_no_traceback(args: list[str], said: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert said in result.stderr
    assert "Traceback" not in result.stderr


def test_a_small_run_pairs_two_settings() -> None:
    result = run("--deals", "2", "--seed", "t", "--b", "work=2000,pass_samples=0")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "2 deals x 4 seats, seed t, beside three medium"
    assert lines[1].startswith("a default: ")
    assert lines[2].startswith("b work=2000,pass_samples=0: ")
    a = float(lines[1].rsplit(": ", 1)[1].split()[0])
    b = float(lines[2].rsplit(": ", 1)[1].split()[0])
    difference = float(lines[3].rsplit(": ", 1)[1].split()[0])
    # a and b are printed to 0.01 (each off by up to 0.005), the difference to 0.001.
    assert difference == pytest.approx(b - a, abs=0.0106)


def test_a_switch_set_to_0_is_read_as_false() -> None:
    # watch=0 once reached Hard's compiled playouts as an int and stopped the run.
    spec = importlib.util.spec_from_file_location("hard_paired", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    setting = script.setting
    assert setting("watch=0,shooters=1,work=2000") == {
        "watch": False,
        "shooters": True,
        "work": 2000,
    }
    assert setting("watch=0")["watch"] is False


def test_the_others_moons_are_counted() -> None:
    spec = importlib.util.spec_from_file_location("hard_paired", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.moon_against((26, 0, 26, 26), 0)
    assert not script.moon_against((0, 26, 26, 26), 0)  # its own moon
    assert not script.moon_against((26, 0, 0, 0), 0)  # a hand's 26 points taken by one seat
    assert not script.moon_against((13, 0, 13, 0), 2)
    result = run("--deals", "1", "--seed", "t", "--b", "work=2000,pass_samples=0")
    assert "another seat's moon in " in result.stdout and " of 4 hands (" in result.stdout


REGRET = SCRIPT.parent / "hard_regret.py"


def regret(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(REGRET), "--deals", "1", "--seed", "t", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_regret_of_a_setting_against_itself_is_zero() -> None:
    result = regret("--a", "work=2000")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1] == "a work=2000 plays; b default is asked"
    # The default Hard searches 30 times more: it disagrees somewhere in four hands.
    assert "b chose another card at 0 " not in lines[2]
    same = regret("--a", "work=3000", "--b", "work=3000")
    assert "b chose another card at 0 (0.0%)" in same.stdout
    assert "a hand: +0.000 +/- 0.000" in same.stdout


def test_the_regret_script_refuses_a_wrong_setting() -> None:
    result = subprocess.run(
        [sys.executable, str(REGRET), "--b", "speed=3"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    assert "'speed=3': expected KEY=VALUE" in result.stderr
    assert "Traceback" not in result.stderr


CEILING = SCRIPT.parent / "hard_ceiling.py"


def test_the_ceiling_searches_the_real_deal_and_prints_the_paired_difference() -> None:
    from benchmarks.hard_ceiling import SeeingHard
    from game.ai.knowledge import Knowledge
    from game.engine.match import Match
    from game.engine.rules import Rules

    match = Match.new(Rules(), seed="t", single_hand=True)
    for seat in range(4):
        match.choose_pass(seat, SeeingHard("t", match, {}).choose_pass(match.view(seat)))
    view = match.view(match.hand.turn)
    seeing = SeeingHard("t", match, {"work": 2000})
    assert seeing.sample_deal(Knowledge.of(view), random.Random(0)) == list(match.hand.hands)
    assert HardPlayer("t").sample_deal(Knowledge.of(view), random.Random(0)) != list(
        match.hand.hands
    )
    result = subprocess.run(
        [sys.executable, str(CEILING), "--deals", "1", "--seed", "t", "--hard", "work=2000"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "1 deals x 4 seats, seed t, beside three medium"
    assert lines[1].startswith("Hard (work=2000): ")
    assert lines[2].startswith("Hard seeing every card: ")
    hard = float(lines[1].split(": ", 1)[1].split()[0])
    seeing_points = float(lines[2].split(": ", 1)[1].split()[0])
    difference = float(lines[3].rsplit(": ", 1)[1].split()[0])
    assert difference == pytest.approx(seeing_points - hard, abs=0.006)
    assert all(" of 4 hands" in line for line in lines[1:3])  # the others' moons, counted
    wrong = subprocess.run(
        [sys.executable, str(CEILING), "--hard", "speed=3"], capture_output=True, text=True
    )
    assert wrong.returncode == 2 and "'speed=3': expected KEY=VALUE" in wrong.stderr
    assert "Traceback" not in wrong.stderr
