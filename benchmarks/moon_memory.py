"""Does Hard remember a moon? A scripted person who has already shot the moon in this match,
among three Hard with ``read`` off and on (issue 44's match-level aim).

    python benchmarks/moon_memory.py --matches 20 --hands 4 --seed mm44a --person runner

Each match begins after a first hand in which the person shot the moon (the match's history
and totals say so, as they would after a real moon: :func:`after_a_moon`); then ``--hands``
hands are played (fewer if the match ends) with the person in seat ``match % 4`` and three Hard
around it, once with ``read`` off and once on: the same deals, the same seeds, so the two
runs are paired by match. HardSettings' ``read`` plays the seats that shot earlier in the match
as opportunists in the playouts (game.ai.defence.match_shooters); with it off the history is
not read. Printed: how often the person's moons get through (with a Wilson 95% interval), the
paired difference by match, and Hard's points a hand against the person's.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.hard import DEFAULT_WORK, HardPlayer, HardSettings
from game.arena.duplicate import Z_95, new_player, positive, wilson
from game.engine.deal import deal_hands, hand_seed
from game.engine.hand import HandState
from game.engine.match import Match
from game.engine.players import Player, play_match
from game.engine.rules import MOON_POINTS, Rules

PERSONS = ("runner", "opportunist")


def after_a_moon(seed: str, person: int) -> Match:
    """The match of ``seed`` at its second hand, ``person`` having shot the moon in the first
    (every other seat took 26): the history Hard's ``read`` looks at."""
    rules = Rules()
    match = Match.new(rules, seed=seed)
    moon = tuple(0 if s == person else MOON_POINTS for s in range(rules.players))
    match.history = [moon]
    match.totals = list(moon)
    match.hand_number = 1
    match.dealer = 1
    dealt = deal_hands(hand_seed(match.seed, 1), rules.players, rules.deck, match.dealer)
    match.hand = HandState.deal(rules, dealt, match.pass_direction)
    return match


def shot(scores: tuple[int, ...], seat: int) -> bool:
    """``seat`` shot the moon in a hand with these scores."""
    return all(o - scores[seat] >= MOON_POINTS for s, o in enumerate(scores) if s != seat)


Result = tuple[int, int, int, int]  # hands, the person's moons, Hard's points, the person's


def play(task: tuple[str, int, int, str, int, bool]) -> Result:
    """One match of :func:`after_a_moon` with Hard's ``read`` set to ``read``."""
    seed, number, hands, person, work, read = task
    name = f"{seed}/{number}"
    seat = number % 4
    match = after_a_moon(name, seat)
    settings = HardSettings(read=read)
    players: list[Player] = [HardPlayer(f"{name}/{s}", work, settings=settings) for s in range(4)]
    players[seat] = new_player(person, f"{name}/{seat}")
    play_match(match, players, max_hands=hands)
    played = match.history[1:]
    moons = sum(shot(scores, seat) for scores in played)
    hard = sum(p for scores in played for s, p in enumerate(scores) if s != seat)
    return len(played), moons, hard, sum(scores[seat] for scores in played)


def summary(label: str, results: list[Result]) -> str:
    hands = sum(r[0] for r in results)
    moons = sum(r[1] for r in results)
    low, high = wilson(moons, hands)
    hard = sum(r[2] for r in results) / (3 * hands)
    person = sum(r[3] for r in results) / hands
    ratio = hard / person if person else math.inf
    return (
        f"read {label}: the person's moons {moons} of {hands} hands"
        f" ({100 * moons / hands:.1f}% [{100 * low:.1f}, {100 * high:.1f}]);"
        f" Hard {hard:.2f} points a hand, the person {person:.2f}, ratio {ratio:.3f}"
    )


def paired(off: list[Result], on: list[Result], key: int, per: int) -> tuple[float, float]:
    """Mean and 95% half-width over the matches of on - off, in figure ``key`` a hand (a
    Hard seat's hand when ``per`` is 3)."""
    diffs = [b[key] / (per * b[0]) - a[key] / (per * a[0]) for a, b in zip(off, on, strict=True)]
    half = Z_95 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return statistics.fmean(diffs), half


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--matches", type=positive, default=20)
    p.add_argument("--hands", type=positive, default=4, help="hands played after the moon")
    p.add_argument("--seed", default="mm44a")
    p.add_argument("--person", choices=PERSONS, default="runner")
    p.add_argument("--work", type=positive, default=DEFAULT_WORK, help="Hard's card plays")
    p.add_argument("--jobs", type=positive, default=1)
    args = p.parse_args(argv)
    tasks = [
        (args.seed, m, args.hands, args.person, args.work, read)
        for m in range(args.matches)
        for read in (False, True)
    ]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(play, tasks))
    off, on = results[0::2], results[1::2]
    print(
        f"{args.matches} matches, seed {args.seed}, the {args.person} after its own moon,"
        f" up to {args.hands} hands each, beside three Hard (work {args.work})"
    )
    print(summary("off", off))
    print(summary("on", on))
    moons, moons_half = paired(off, on, 1, 1)
    points, points_half = paired(off, on, 2, 3)
    print(f"on - off, by match: the person's moons a hand {moons:+.3f} +/- {moons_half:.3f}")
    print(f"on - off, by match: Hard's points a hand {points:+.3f} +/- {points_half:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
