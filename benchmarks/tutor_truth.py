"""The tutor's truth check over many seeded decisions: how many sentences of each template were
checked, and how many stated something false of the position (tests/helpers/tutor_truth.py's
independent checkers).

    nice -n 19 .venv/bin/python benchmarks/tutor_truth.py --games 600
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.hand import Phase
from tests.helpers.tutor_truth import pass_truth, play_truth, positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=120, help="seeded hands to play through")
    args = parser.parse_args()
    checked: Counter[str] = Counter()
    false: Counter[str] = Counter()
    decisions = 0
    start = time.perf_counter()
    for view, advice in positions(args.games):
        decisions += 1
        said = pass_truth(view, advice) if view.phase is Phase.PASS else [play_truth(view, advice)]
        for template, holds in said:
            checked[template] += 1
            false[template] += not holds
    seconds = time.perf_counter() - start
    print(f"{decisions} decisions in {args.games} hands, {seconds:.0f} s")
    print(f"{sum(checked.values())} sentences checked, {sum(false.values())} false")
    for template, n in checked.most_common():
        print(f"{n:6d} {false[template]:5d} false  {template}")


if __name__ == "__main__":
    main()
