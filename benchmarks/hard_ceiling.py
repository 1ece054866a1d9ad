"""What Hard would gain from seeing every card: the ceiling of its inference.

    python benchmarks/hard_ceiling.py --deals 150 --seed c20a --others medium --jobs 2

Each deal is played once per seat with Hard in that seat and once with a Hard that searches the
real deal in place of sampled ones (every other part of it the same: its pass, its playouts,
its defence), beside the same three others. It prints both players' points a hand, the others'
average beside each and the ratio the arena reads (Hard's points over the others' average), and
the paired difference in the seat's points with its 95% interval. No better reading of the
others' cards can gain more than that difference (with the same search and playouts), so it
says how far an issue's goal can be reached by inference alone.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.hard_paired import (
    Setting,
    hard_arguments,
    hard_player,
    mean_and_half,
    moon_against,
    seat_scores,
    setting,
    shown,
)
from game.ai.hard import HardPlayer
from game.ai.knowledge import Knowledge
from game.arena.duplicate import ARENA_LEVELS, positive
from game.engine.match import Match
from game.engine.players import Player


class SeeingHard(HardPlayer):
    """Hard that searches the real deal: ``match`` is read at each decision."""

    def __init__(self, seed: str, match: Match, hard: Setting) -> None:
        super().__init__(seed, *hard_arguments(hard))
        self.match = match

    def sample_deal(self, know: Knowledge, rng: random.Random) -> list[int]:
        return list(self.match.hand.hands)


Outcome = tuple[int, float, bool]  # the seat's points, the others' average, another's moon


def seat_outcome(
    seed: str, deal: int, seat: int, hard: Setting, others: str, sees: bool
) -> Outcome:
    def player(name: str, match: Match) -> Player:
        if sees:
            return SeeingHard(name, match, hard)
        return hard_player(name, hard)

    scores = seat_scores(seed, deal, seat, others, player)
    rest = [p for s, p in enumerate(scores) if s != seat]
    return scores[seat], statistics.fmean(rest), moon_against(scores, seat)


def play_deal(task: tuple[str, int, Setting, str]) -> list[tuple[Outcome, Outcome]]:
    seed, deal, hard, others = task
    return [
        (
            seat_outcome(seed, deal, s, hard, others, False),
            seat_outcome(seed, deal, s, hard, others, True),
        )
        for s in range(4)
    ]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--deals", type=positive, default=50)
    p.add_argument("--seed", default="c20a")
    p.add_argument("--jobs", type=positive, default=1)
    p.add_argument("--others", choices=[x for x in ARENA_LEVELS if x != "hard"], default="medium")
    p.add_argument("--hard", type=setting, default={}, help="Hard's setting (default Hard)")
    args = p.parse_args(argv)
    tasks = [(args.seed, d, args.hard, args.others) for d in range(args.deals)]
    with ProcessPoolExecutor(args.jobs) as pool:
        deals = list(pool.map(play_deal, tasks))
    print(f"{args.deals} deals x 4 seats, seed {args.seed}, beside three {args.others}")
    for index, name in ((0, f"Hard ({shown(args.hard)})"), (1, "Hard seeing every card")):
        mine = statistics.fmean(pair[index][0] for d in deals for pair in d)
        rest = statistics.fmean(pair[index][1] for d in deals for pair in d)
        moons = sum(pair[index][2] for d in deals for pair in d)
        print(
            f"{name}: {mine:.2f} points a hand, the others {rest:.2f}, ratio {mine / rest:.2f};"
            f" another seat's moon in {moons} of {4 * args.deals} hands"
        )
    mean, half = mean_and_half([statistics.fmean(b[0] - a[0] for a, b in seats) for seats in deals])
    print(f"seeing - Hard in the same seat: {mean:+.3f} +/- {half:.3f} points a hand")
    return 0


if __name__ == "__main__":
    sys.exit(main())
