"""Does a table that learned how the person plays let fewer of their moons through? A scripted
person among three Hard, the same hands played with Hard unlearned and learned (issue 44,
step 4's aim).

    python benchmarks/person_model.py --deals 200 --seed pm44a --person runner

Each deal is a single hand of the match of ``SEED/DEAL`` (pass direction by deal, the person
in seat ``deal % 4``), played twice with the same seeds: once beside three default Hard (the
table before it learned) and once beside three Hard whose ``marked`` holds the person's seat,
as the profile's model makes it when the person shot the moon in 3 of their last 10 hands
(:class:`game.ai.person.PersonModel`, :data:`LEARNED`). Printed: the person's moons with
Wilson 95% intervals, the paired difference by deal, Hard's points a hand (the mean of its
three seats) and its decisions' processor time.

``--plausible`` keeps only the deals whose dealt hand the person could shoot from: a moon
plausible (``game.ai.facts.moon_plausible``: the runner's trigger), or for the opportunist also
a hand it keeps from the pass to shoot (``strong_for_moon``). Those are the hands where a
shooter tries, so fewer hands measure the change (its moons outside them are rare).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.baselines import strong_for_moon
from game.ai.facts import moon_plausible
from game.ai.hard import DEFAULT_WORK, HardPlayer, HardSettings
from game.ai.person import PersonModel, shot_the_moon
from game.arena.duplicate import Z_95, TimedPlayer, new_player, positive, wilson
from game.engine.match import Match
from game.engine.players import Player, play_match
from game.engine.rules import PassDirection, Rules

PERSONS = ("runner", "opportunist")
# The model of a person who shot the moon in 3 of their last 10 hands.
LEARNED = PersonModel((True, False, False, True, False, False, False, True, False, False), 10)
DIRECTIONS = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD)

Result = tuple[int, int, float, list[float]]  # moon, the person's points, Hard's, CPU ms


def deal_of(seed: str, number: int) -> Match:
    """The single hand of deal ``number`` (its pass direction by the deal's number)."""
    direction = DIRECTIONS[number // 4 % len(DIRECTIONS)]
    return Match.new(Rules(), f"{seed}/{number}", single_hand=True, first_pass=direction)


def could_shoot(person: str, hand: int) -> bool:
    """``person`` may try for the moon from this dealt hand (see the module)."""
    return moon_plausible(hand) or (person == "opportunist" and strong_for_moon(hand))


def chosen(seed: str, deals: int, plausible: bool, person: str = "runner") -> list[int]:
    """The first ``deals`` deal numbers (those the person could shoot from, with
    ``plausible``)."""
    numbers: list[int] = []
    number = 0
    while len(numbers) < deals:
        hand = deal_of(seed, number).hand.hands[number % 4]
        if not plausible or could_shoot(person, hand):
            numbers.append(number)
        number += 1
    return numbers


def play(task: tuple[str, int, str, int, bool]) -> Result:
    """One hand with the person in seat ``number % 4`` and Hard learned or not."""
    seed, number, person, work, learned = task
    seat = number % 4
    match = deal_of(seed, number)
    marked = 1 << seat if learned and LEARNED.is_shooter else 0
    settings = HardSettings(marked=marked)
    timed = [
        TimedPlayer(HardPlayer(f"{seed}/{number}/{s}", work, settings=settings)) for s in range(4)
    ]
    players: list[Player] = list(timed)
    players[seat] = new_player(person, f"{seed}/{number}/{seat}")
    play_match(match, players)
    scores = match.history[0]
    hard = sum(p for s, p in enumerate(scores) if s != seat) / 3
    cpu = [t for s, p in enumerate(timed) if s != seat for t in p.cpu_times]
    return int(shot_the_moon(scores, seat)), scores[seat], hard, cpu


def summary(label: str, results: list[Result]) -> str:
    n = len(results)
    moons = sum(r[0] for r in results)
    low, high = wilson(moons, n)
    person = sum(r[1] for r in results) / n
    hard = sum(r[2] for r in results) / n
    cpu = [t for r in results for t in r[3]]
    return (
        f"{label}: the person's moons {moons} of {n} hands ({100 * moons / n:.1f}%"
        f" [{100 * low:.1f}, {100 * high:.1f}]); Hard {hard:.2f} points a hand, the person"
        f" {person:.2f}; Hard's decisions median {statistics.median(cpu):.1f} ms,"
        f" max {max(cpu):.0f} ms processor time"
    )


def paired(
    before: list[Result], after: list[Result], figure: Callable[[Result], float]
) -> tuple[float, float]:
    """Mean and 95% half-width over the deals of after - before in ``figure``."""
    diffs = [figure(b) - figure(a) for a, b in zip(before, after, strict=True)]
    half = Z_95 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return statistics.fmean(diffs), half


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--deals", type=positive, default=100)
    p.add_argument("--seed", default="pm44a")
    p.add_argument("--person", choices=PERSONS, default="runner")
    p.add_argument("--plausible", action="store_true", help="only hands it could run from")
    p.add_argument("--work", type=positive, default=DEFAULT_WORK, help="Hard's card plays")
    p.add_argument("--jobs", type=positive, default=1)
    args = p.parse_args(argv)
    numbers = chosen(args.seed, args.deals, args.plausible, args.person)
    tasks = [(args.seed, n, args.person, args.work, learned) for n in numbers for learned in (0, 1)]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(play, tasks))
    before, after = results[0::2], results[1::2]
    kind = "hands it could shoot from" if args.plausible else "hands"
    print(
        f"{args.deals} {kind} (of {numbers[-1] + 1} deals), seed {args.seed}, the {args.person}"
        f" beside three Hard (work {args.work}); learned: {LEARNED.moons} moons in the last"
        f" {len(LEARNED.recent)} hands"
    )
    print(summary("before it learned", before))
    print(summary("learned", after))
    moons, moons_half = paired(before, after, lambda r: r[0])
    hard, hard_half = paired(before, after, lambda r: r[2])
    person, person_half = paired(before, after, lambda r: r[1])
    print(f"learned - before, by deal: the person's moons a hand {moons:+.3f} +/- {moons_half:.3f}")
    print(f"learned - before, by deal: Hard's points a hand {hard:+.3f} +/- {hard_half:.3f}")
    print(f"learned - before, by deal: the person's points {person:+.3f} +/- {person_half:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
