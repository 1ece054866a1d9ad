"""The arena's figures with the intervals the issue's aims are read by.

    python benchmarks/aims.py opportunist hard hard hard --deals 150 --seed report41a --jobs 2

Plays the line-up as ``python -m game.arena`` does (the same deals, seeds and players, so the
same points; its table is printed first), keeping each deal's figures, then prints for the
first entry against each other level the ratio of their points a hand with a 95% interval
(delta method over the deals: both sides come from the same deals, so the interval is the
paired one, narrower than one built from the two sides' own intervals), and the first entry's
moons of its seat-hands with a Wilson 95% interval (:func:`game.arena.duplicate.wilson`).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.arena.duplicate import (
    ARENA_LEVELS,
    Z_95,
    DealResult,
    Task,
    _summarise,
    parse_level,
    positive,
    run_tasks,
    wilson,
)
from game.engine.rules import Rules

BATCH = 5  # deals a task (the figures do not depend on it, only the spread over processes)


def ratio_interval(
    xs: Sequence[float], ys: Sequence[float], z: float = Z_95
) -> tuple[float, float, float]:
    """mean(xs) / mean(ys) with a two-sided interval by the delta method, the pairs (x, y)
    independent draws (one a deal).

    >>> r, low, high = ratio_interval([2, 4, 6, 8], [4, 8, 12, 16])
    >>> r, round(high - low, 9)
    (0.5, 0.0)
    """
    n = len(xs)
    if n != len(ys) or n < 2:
        raise ValueError("need two or more pairs")
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    if my == 0:
        raise ValueError("the second mean is 0")
    r = mx / my
    # The ratio's residuals x - r*y: their variance over n, divided by my^2.
    residual = [x - r * y for x, y in zip(xs, ys, strict=True)]
    half = z * statistics.stdev(residual) / (abs(my) * math.sqrt(n))
    return r, r - half, r + half


def per_deal(lineup: Sequence[str], results: Sequence[DealResult], level: str) -> list[float]:
    """A level's points a hand in each deal (rotations and entries of the level pooled), as
    the arena's own means are built."""
    entries = [i for i, name in enumerate(lineup) if name == level]
    n = len(lineup)
    return [sum(r.points[i] for i in entries) / (n * len(entries)) for r in results]


def play(lineup: tuple[str, ...], deals: int, seed: str, jobs: int) -> list[DealResult]:
    rules = Rules(players=len(lineup))
    tasks = [
        Task(lineup, rules, seed, tuple(range(s, min(s + BATCH, deals))), None)
        for s in range(0, deals, BATCH)
    ]
    return run_tasks(tasks, jobs)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("players", nargs=4, metavar="PLAYER", help=f"four of {', '.join(ARENA_LEVELS)}")
    p.add_argument("--deals", type=positive, default=100, help="deals (default 100)")
    p.add_argument("--seed", default="1", help="seed of the deals and players (default 1)")
    p.add_argument("--jobs", type=positive, default=1, help="processes (default 1)")
    args = p.parse_args(argv)
    lineup = tuple(name.lower() for name in args.players)
    for name in lineup:
        try:
            parse_level(name)
        except ValueError as exc:
            p.error(str(exc))
    results = play(lineup, args.deals, args.seed, args.jobs)
    report = _summarise(lineup, args.deals, args.seed, Rules(players=len(lineup)), results)
    print(f"{' '.join(lineup)}: {args.deals} deals x {len(lineup)} rotations, seed {args.seed}")
    print(report.table())
    first, *others = dict.fromkeys(lineup)
    for other in others:
        r, low, high = ratio_interval(
            per_deal(lineup, results, first), per_deal(lineup, results, other)
        )
        print(f"ratio {first}/{other}: {r:.3f} [{low:.3f}, {high:.3f}] (paired over deals)")
    hands = report.hands[first]
    low, high = wilson(report.moons[first], hands)
    print(
        f"{first}'s moons: {report.moons[first]} of {hands} seat-hands, "
        f"{100 * report.moons[first] / hands:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
