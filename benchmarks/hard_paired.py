"""Two settings of Hard in the same seat of the same deal, beside three yardsticks.

    python benchmarks/hard_paired.py --deals 200 --seed p18a --others medium --b work=150000

Each deal is played once per seat with Hard set as ``--a`` in that seat and once set as ``--b``
(the same three others, the same seeds): the difference in that seat's points a hand is what
``--b`` changes, paired on the cards, with its 95% interval over the deals. A setting is a
comma-separated list of HardPlayer's sizes (``work``, ``pass_samples``) and HardSettings
fields (``work=150000,watch=0``); empty is the default Hard. The others are arena levels
(``medium``, ``runner``, ``ismcts``: the ISMCTS gets the default Hard's decision time).
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import statistics
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.hard import DEFAULT_WORK, PASS_SAMPLES, HardPlayer, HardSettings
from game.arena.duplicate import ARENA_LEVELS, Z_95, new_player, positive
from game.engine.match import Match
from game.engine.players import Player, play_match
from game.engine.rules import MOON_POINTS, Rules

Setting = dict[str, int | float | bool]
SIZES: dict[str, int] = {"work": DEFAULT_WORK, "pass_samples": PASS_SAMPLES}  # HardPlayer's own
KNOBS = tuple(f.name for f in dataclasses.fields(HardSettings))


def setting(text: str) -> Setting:
    """``key=value,...`` to HardPlayer keyword arguments (numbers; 0/1 for the switches)."""
    result: Setting = {}
    defaults = {**{k: getattr(HardSettings(), k) for k in KNOBS}, **SIZES}
    known = tuple(defaults)
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, sep, value = item.partition("=")
        if not sep or key not in known:
            raise argparse.ArgumentTypeError(f"{item!r}: expected KEY=VALUE, KEY one of {known}")
        try:
            number = float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{item!r}: the value is not a number") from None
        if isinstance(defaults[key], bool):
            # A switch is a bool for HardPlayer (its compiled playouts take no int for one).
            if number not in (0, 1):
                raise argparse.ArgumentTypeError(f"{item!r}: a switch is 0 or 1")
            result[key] = bool(number)
            continue
        result[key] = int(number) if number.is_integer() and key != "tough" else number
    return result


def hard_arguments(hard: Setting) -> tuple[int, int, HardSettings]:
    """HardPlayer's ``work``, ``pass_samples`` and ``settings`` for a :func:`setting`."""
    knobs = {k: v for k, v in hard.items() if k not in SIZES}
    work = int(hard.get("work", DEFAULT_WORK))
    samples = int(hard.get("pass_samples", PASS_SAMPLES))
    return work, samples, dataclasses.replace(HardSettings(), **knobs)  # type: ignore[arg-type]


def hard_player(name: str, hard: Setting) -> HardPlayer:
    """Hard set as ``hard`` (:func:`setting`)."""
    work, samples, settings = hard_arguments(hard)
    return HardPlayer(name, work, samples, settings)


def shown(hard: Setting) -> str:
    return ",".join(f"{k}={v}" for k, v in hard.items()) or "default"


def seat_table(
    seed: str, deal: int, seat: int, others: str, hard: Callable[[str, Match], Player]
) -> tuple[Match, list[Player]]:
    """The one-hand match of deal ``deal`` and its players: ``hard(its seed, the match)`` in
    ``seat`` and the level ``others`` around it (the seeds hard_ceiling.py and
    moon_stoppable.py share)."""
    rules = Rules()
    match = Match.new(
        rules, seed=f"{seed}/{deal}", single_hand=True, first_pass=rules.pass_direction(deal)
    )
    name = f"{seed}/{deal}/{seat}"
    players: list[Player] = [new_player(others, f"{name}/{s}") for s in range(rules.players)]
    players[seat] = hard(f"{name}/{seat}", match)
    return match, players


def seat_scores(
    seed: str,
    deal: int,
    seat: int,
    others: str,
    hard: Callable[[str, Match], Player],
    around: Callable[[Player], Player] | None = None,
) -> tuple[int, ...]:
    """Every seat's points in one hand of :func:`seat_table`, each other seat's player first
    passed through ``around`` when given."""
    match, players = seat_table(seed, deal, seat, others, hard)
    if around is not None:
        players = [p if s == seat else around(p) for s, p in enumerate(players)]
    play_match(match, players, max_hands=1)
    scores = match.hand.hand_scores
    assert scores is not None
    return scores


def moon_against(scores: tuple[int, ...], seat: int) -> bool:
    """Another seat shot the moon in a hand with these scores (the others+26 rule)."""
    return scores[seat] == MOON_POINTS and sorted(scores)[1:] == [MOON_POINTS] * (len(scores) - 1)


def seat_points(seed: str, deal: int, seat: int, hard: Setting, others: str) -> tuple[int, bool]:
    """The points of ``seat`` in one hand of deal ``deal`` with Hard set as ``hard`` there, and
    whether another seat shot the moon."""
    scores = seat_scores(
        seed,
        deal,
        seat,
        others,
        lambda name, _: hard_player(name, hard),
    )
    return scores[seat], moon_against(scores, seat)


def play_deal(
    task: tuple[str, int, Setting, Setting, str],
) -> list[tuple[tuple[int, bool], tuple[int, bool]]]:
    seed, deal, a, b, others = task
    return [
        (seat_points(seed, deal, s, a, others), seat_points(seed, deal, s, b, others))
        for s in range(4)
    ]


def arguments(description: str | None, seed: str) -> argparse.ArgumentParser:
    """The arguments this script shares with hard_regret.py."""
    p = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawTextHelpFormatter
    )
    p.add_argument("--deals", type=positive, default=50)
    p.add_argument("--seed", default=seed)
    p.add_argument("--jobs", type=positive, default=1)
    p.add_argument("--others", choices=[x for x in ARENA_LEVELS if x != "hard"], default="medium")
    p.add_argument("--a", type=setting, default={}, help="Hard's first setting (default Hard)")
    p.add_argument("--b", type=setting, default={}, help="Hard's second setting")
    return p


def mean_and_half(per_deal: list[float]) -> tuple[float, float]:
    """The mean of the deals' figures and the half-width of its 95% interval."""
    half = Z_95 * statistics.stdev(per_deal) / math.sqrt(len(per_deal)) if len(per_deal) > 1 else 0
    return statistics.fmean(per_deal), half


def main(argv: list[str] | None = None) -> int:
    args = arguments(__doc__, "p18a").parse_args(argv)
    tasks = [(args.seed, d, args.a, args.b, args.others) for d in range(args.deals)]
    with ProcessPoolExecutor(args.jobs) as pool:
        deals = list(pool.map(play_deal, tasks))
    mean, half = mean_and_half([statistics.fmean(b[0] - a[0] for a, b in seats) for seats in deals])
    hands = 4 * args.deals
    print(f"{args.deals} deals x 4 seats, seed {args.seed}, beside three {args.others}")
    for key, name in ((0, "a"), (1, "b")):
        points = statistics.fmean(pair[key][0] for seats in deals for pair in seats)
        moons = sum(pair[key][1] for seats in deals for pair in seats)
        print(
            f"{name} {shown(args.a if key == 0 else args.b)}: {points:.2f} points a hand;"
            f" another seat's moon in {moons} of {hands} hands ({100 * moons / hands:.1f}%)"
        )
    print(f"b - a in the same seat: {mean:+.3f} +/- {half:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
