"""The tutor's truth check over many seeded decisions: how many sentences of each template were
checked and how many stated something false of the position (tests/helpers/tutor_truth.py's
independent checkers), and how often the advice falls in each family of wrong advice
(tests/helpers/tutor_families.py), apart for the hands tuned on and the hands held back.

    nice -n 19 .venv/bin/python benchmarks/tutor_truth.py --games 600 --held-back 300

The tests tune on hands 0-29 (tests/test_tutor.py) and the fixes were tuned on the first
``games - held_back`` hands; the last ``held_back`` hands were only run for the figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.hand import Phase
from tests.helpers.tutor_families import FAMILIES, families_of
from tests.helpers.tutor_truth import pass_truth, play_truth, positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=120, help="seeded hands to play through")
    parser.add_argument("--held-back", type=int, default=0, help="the last hands, held back")
    args = parser.parse_args()
    checked: Counter[str] = Counter()
    false: Counter[str] = Counter()
    chances = {part: Counter[str]() for part in ("tuned", "held back")}
    wrong = {part: Counter[str]() for part in ("tuned", "held back")}
    decisions = 0
    start = time.perf_counter()
    tuned = args.games - args.held_back
    for part, first, count in (("tuned", 0, tuned), ("held back", tuned, args.held_back)):
        for view, advice in positions(count, start=first):
            decisions += 1
            if view.phase is Phase.PASS:
                said = pass_truth(view, advice)
            else:
                said = [play_truth(view, advice)]
            for template, holds in said:
                checked[template] += 1
                false[template] += not holds
            for family, fell in families_of(view, advice).items():
                chances[part][family] += 1
                wrong[part][family] += fell
    seconds = time.perf_counter() - start
    print(f"{decisions} decisions in {args.games} hands, {seconds:.0f} s")
    print(f"{sum(checked.values())} sentences checked, {sum(false.values())} false")
    for template, n in checked.most_common():
        print(f"{n:6d} {false[template]:5d} false  {template}")
    print(f"\nwrong advice by family (hands tuned on: {tuned}, held back: {args.held_back})")
    print(f"{'tuned':>16} {'held back':>16}  family")
    for family in FAMILIES:
        cells = [f"{wrong[p][family]:5d} / {chances[p][family]:6d}" for p in chances]
        print(f"{cells[0]:>16} {cells[1]:>16}  {family}")


if __name__ == "__main__":
    main()
