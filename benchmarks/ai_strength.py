"""How strong each computer level is, measured by the arena on duplicate deals.

    python benchmarks/ai_strength.py            # the full goal run (hours of processor time)
    python benchmarks/ai_strength.py --quick    # a smoke run with few deals (minutes)

Goals (issue 17), every line-up on 300 duplicate deals: Hard against three information-set
MCTS players at Hard's decision time <= 0.80x their points a hand; against three moon runners
the runners shoot in <= 3% of their hands and Hard takes <= 0.6x their points; Hard / Medium
<= 0.50 with Hard against three Medium; Medium / random <= 0.25; Hard < Medium < Easy < random,
each step outside the other's 95% interval; Hard's decisions median <= 250 ms and max <= 1 s
of processor time, Easy and Medium under 5 ms.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.arena.duplicate import Report, run_arena


def show(title: str, report: Report) -> None:
    print(
        f"\n== {title}: {report.deals} deals x {len(report.lineup)} rotations, "
        f"{report.seconds:.0f} s"
    )
    print(report.table(), flush=True)


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--quick", action="store_true", help="few deals: a smoke run")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    p.add_argument("--seed", default="bench", help="seed of the deals")
    p.add_argument("--deals", type=int, default=None, help="deals per line-up (overrides)")
    args = p.parse_args(argv)
    if args.jobs < 1 or (args.deals is not None and args.deals < 1):
        p.error("--jobs and --deals must be at least 1")
    scale = 0.06 if args.quick else 1.0

    def deals(full: int) -> int:
        return args.deals or max(4, int(full * scale))

    search = run_arena(["hard", "ismcts", "ismcts", "ismcts"], deals(300), args.seed, args.jobs)
    show("Hard against three ISMCTS at its decision time", search)
    runners = run_arena(["hard", "runner", "runner", "runner"], deals(300), args.seed, args.jobs)
    show("Hard against three moon runners", runners)
    duel = run_arena(["hard", "medium", "medium", "medium"], deals(300), args.seed, args.jobs)
    show("Hard against three Medium", duel)
    versus_random = run_arena(
        ["medium", "random", "random", "random"], deals(300), args.seed, args.jobs
    )
    show("Medium against three random players", versus_random)
    ladder = run_arena(["hard", "medium", "easy", "random"], deals(300), args.seed, args.jobs)
    show("One of each at the table", ladder)

    print("\n== Goals")
    ratio = search.ratio("hard", "ismcts")
    print(f"{verdict(ratio <= 0.80)}  Hard / ISMCTS = {ratio:.3f} (goal <= 0.80)")
    share = runners.moons["runner"] / runners.hands["runner"]
    print(f"{verdict(share <= 0.03)}  runners' moons {share:.1%} of their hands (goal <= 3%)")
    ratio = runners.ratio("hard", "runner")
    print(f"{verdict(ratio <= 0.6)}  Hard / runner = {ratio:.3f} (goal <= 0.6)")
    ratio = duel.ratio("hard", "medium")
    print(f"{verdict(ratio <= 0.50)}  Hard / Medium = {ratio:.3f} (goal <= 0.50)")
    ratio = versus_random.ratio("medium", "random")
    print(f"{verdict(ratio <= 0.25)}  Medium / random = {ratio:.3f} (goal <= 0.25)")
    order = ["hard", "medium", "easy", "random"]
    for better, worse in itertools.pairwise(order):
        separated = ladder.interval(better)[1] < ladder.interval(worse)[0]
        low_b, high_b = ladder.interval(better)
        low_w, high_w = ladder.interval(worse)
        print(
            f"{verdict(separated)}  {better} [{low_b:.2f}, {high_b:.2f}] below "
            f"{worse} [{low_w:.2f}, {high_w:.2f}]"
        )
    reports = (search, runners, duel, versus_random, ladder)
    hard_median = max(r.median_ms["hard"] for r in reports if "hard" in r.median_ms)
    hard_max = max(r.max_ms["hard"] for r in reports if "hard" in r.max_ms)
    cpu_median = max(r.cpu_median_ms["hard"] for r in reports if "hard" in r.cpu_median_ms)
    cpu_max = max(r.cpu_max_ms["hard"] for r in reports if "hard" in r.cpu_max_ms)
    quick = [(r, level) for r in reports for level in ("easy", "medium") if level in r.max_ms]
    quick_median = max(r.median_ms[level] for r, level in quick)
    quick_max = max(r.max_ms[level] for r, level in quick)
    quick_cpu_max = max(r.cpu_max_ms[level] for r, level in quick)
    print(f"{verdict(hard_median <= 250)}  Hard median {hard_median:.1f} ms (goal <= 250)")
    print(f"{verdict(hard_max <= 1000)}  Hard max {hard_max:.1f} ms (goal <= 1000)")
    print(
        f"{verdict(cpu_median <= 250 and cpu_max <= 1000)}  Hard processor time: median "
        f"{cpu_median:.1f} ms, max {cpu_max:.1f} ms (the wall clock on a quiet machine)"
    )
    print(
        f"{verdict(quick_median < 5 and quick_max < 5)}  Easy/Medium wall clock: median "
        f"{quick_median:.3f} ms, max {quick_max:.2f} ms (goal < 5)"
    )
    print(
        f"{verdict(quick_cpu_max < 5)}  Easy/Medium processor time: max {quick_cpu_max:.2f} ms "
        "(a wall-clock max far above it is the machine's scheduler, not the decision)"
    )
    print(f"(timings with {args.jobs} process(es) on {os.cpu_count()} cores; load shared)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
