"""The arena: duplicate deals, figures per player type, the same results with any number of
processes, clear messages for bad arguments."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.arena.duplicate import main, play_deal, run_arena
from game.engine.rules import Rules

ROOT = Path(__file__).resolve().parent.parent


def test_a_deal_is_played_in_every_rotation() -> None:
    rules = Rules()
    result = play_deal(("medium", "random", "random", "random"), rules, "1", 0, None)
    # Four hands of 26 points (78 with a moon) shared among the line-up entries.
    assert sum(result.points) in {104 + 52 * k for k in range(5)}
    assert sum(result.queens) == 4 - sum(result.moons)
    assert all(len(t) >= 4 * 13 for t in result.times)  # each entry decided in every hand


def test_results_do_not_depend_on_the_number_of_processes() -> None:
    lineup = ["medium", "easy", "random", "random"]
    one = run_arena(lineup, deals=6, seed=3, jobs=1)
    two = run_arena(lineup, deals=6, seed=3, jobs=2)
    assert one.mean == two.mean and one.moons == two.moons and one.queens == two.queens
    assert one.hands == {"medium": 24, "easy": 24, "random": 48}
    low, high = one.interval("medium")
    assert low <= one.mean["medium"] <= high


def test_medium_beats_random_players() -> None:
    report = run_arena(["medium", "random", "random", "random"], deals=30, seed=2)
    assert report.ratio("medium", "random") < 0.6


def test_three_and_five_seat_tables() -> None:
    for lineup in (["medium", "easy", "random"], ["easy", "medium", "random", "random", "easy"]):
        report = run_arena(lineup, deals=2, seed=1)
        assert sum(report.hands.values()) == 2 * len(lineup) ** 2


def test_command_line_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["medium", "random", "random", "random", "--deals", "3", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "points/hand" in out and "ratio medium/random" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["hard", "medium", "wizard", "medium"], "unknown player 'wizard'"),
        (["hard", "medium"], "give 3 to 5 players"),
        (["medium"] * 6, "give 3 to 5 players"),
        (["medium"] * 4 + ["--deals", "0"], "must be at least 1"),
        (["medium"] * 4 + ["--deals", "many"], "is not a whole number"),
        (["medium"] * 4 + ["--moon", "sun"], "invalid choice"),
        (["hard:lots", "medium", "medium", "medium"], "a whole number above 0"),
        (["medium:5", "medium", "medium", "medium"], "unknown player 'medium:5'"),
        (["hard:100:2", "medium", "medium", "medium"], "a share of tough playouts from 0 to 1"),
        (["ismcts:100:0.5", "medium", "medium", "medium"], "a share of tough playouts"),
    ],
)
def test_bad_arguments_get_a_clear_message(args: list[str], message: str) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "game.arena", *args], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == 2
    assert message in run.stderr
    assert "Traceback" not in run.stderr


def test_sized_entries_meet_at_one_table() -> None:
    report = run_arena(
        ["hard:600", "hard:1200:0.5", "ismcts:40", "runner"], deals=1, seed=2, jobs=1
    )
    assert set(report.mean) == {"hard:600", "hard:1200:0.5", "ismcts:40", "runner"}
    assert all(report.hands[level] == 4 for level in report.mean)


def test_the_ismcts_yardstick_gets_hards_decision_time_by_default() -> None:
    """Issue 17 asks for ISMCTS at Hard's decision time: the default line-up gives it the
    iterations measured to take Hard's median time, and a bigger Hard a proportionally bigger
    ISMCTS; an explicit count wins."""
    from game.ai.baselines import DEFAULT_ITERATIONS, IsmctsPlayer
    from game.ai.hard import DEFAULT_WORK
    from game.arena.duplicate import new_player

    assert DEFAULT_ITERATIONS == 380  # measured: see the comment above it
    cases = [({}, DEFAULT_ITERATIONS), ({"hard_work": 2 * DEFAULT_WORK}, 2 * DEFAULT_ITERATIONS)]
    cases.append(({"hard_work": 50, "ismcts_iterations": 33}, 33))
    for options, iterations in cases:
        player = new_player("ismcts", "s", **options)
        assert isinstance(player, IsmctsPlayer) and player.iterations == iterations, options
