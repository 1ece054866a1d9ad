"""benchmarks/aims.py: the ratio's paired interval, and a tiny run printing the arena's figures."""

from __future__ import annotations

import random
import statistics

import pytest

from benchmarks.aims import main, per_deal, ratio_interval
from game.arena.duplicate import DealResult


def test_the_ratio_interval_covers_the_true_ratio_as_often_as_it_says() -> None:
    # Pairs whose y carries most of x's noise (as two seats of one deal do): the true ratio is
    # 0.6; a 95% interval covers it in about 95% of 400 draws.
    rng = random.Random(44)
    covered = 0
    for _ in range(400):
        ys = [rng.gauss(8.0, 3.0) for _ in range(100)]
        xs = [0.6 * y + rng.gauss(0.0, 1.0) for y in ys]
        _r, low, high = ratio_interval(xs, ys)
        covered += low <= 0.6 <= high
    assert 0.92 <= covered / 400 <= 0.98


def test_pairing_narrows_the_interval() -> None:
    rng = random.Random(1)
    ys = [rng.gauss(8.0, 3.0) for _ in range(200)]
    xs = [0.6 * y + rng.gauss(0.0, 0.5) for y in ys]
    r, low, high = ratio_interval(xs, ys)
    unpaired = 1.96 * statistics.stdev(xs) / (statistics.fmean(ys) * 200**0.5)
    assert r == pytest.approx(statistics.fmean(xs) / statistics.fmean(ys))
    assert (high - low) / 2 < unpaired / 2


def test_bad_pairs_are_refused() -> None:
    with pytest.raises(ValueError, match="two or more"):
        ratio_interval([1.0], [2.0])
    with pytest.raises(ValueError, match="is 0"):
        ratio_interval([1.0, 2.0], [0.0, 0.0])


def test_per_deal_pools_a_levels_entries_as_the_arena_does() -> None:
    result = DealResult((10, 20, 30, 44), (0,) * 4, (0,) * 4, ((),) * 4, ((),) * 4)
    lineup = ("hard", "medium", "medium", "medium")
    assert per_deal(lineup, [result], "hard") == [10 / 4]
    assert per_deal(lineup, [result], "medium") == [(20 + 30 + 44) / 12]


def test_a_tiny_run_prints_the_ratio_and_the_moons(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["medium", "random", "random", "random", "--deals", "3", "--seed", "t"]) == 0
    out = capsys.readouterr().out
    assert "ratio medium/random: " in out and "(paired over deals)" in out
    assert "medium's moons: 0 of 12 seat-hands" in out


def test_a_wrong_player_is_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["medium", "wizard", "random", "random"])
    assert "unknown player 'wizard'" in capsys.readouterr().err
