"""The arena: computer players against each other on duplicate deals, with statistics.

Each deal is played once for every rotation of the line-up around the table, so every player
meets every hand from every seat and the luck of the cards cancels out. Each deal is one hand
(the pass direction follows the usual cycle by deal number). Deals are spread over processes;
the results do not depend on how many (only the timings do). Decision times are given as wall
clock and as the deciding thread's processor time (what a decision costs on a quiet machine,
when other programs share the cores).

    python -m game.arena hard medium medium medium --deals 500 --seed 1 --jobs 2

>>> report = run_arena(["medium", "random", "random", "random"], deals=2, seed=1, jobs=1)
>>> report.hands["medium"], report.hands["random"]
(8, 24)
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Final

from game.ai import LEVELS, make_player
from game.ai.baselines import (
    DEFAULT_ITERATIONS,
    IsmctsPlayer,
    OpportunistPlayer,
    RunnerPlayer,
)
from game.ai.decision import Decision
from game.ai.hard import DEFAULT_SETTINGS, DEFAULT_WORK, HardPlayer, HardSettings
from game.ai.medium import MediumPlayer, heuristic_play
from game.engine.cards import QUEEN_OF_SPADES_BIT, Card
from game.engine.codec import rules_from
from game.engine.hand import HandState, Phase
from game.engine.match import Match
from game.engine.players import Player, RandomPlayer, play_match
from game.engine.rules import MAX_PLAYERS, MIN_PLAYERS, MoonMode, Rules
from game.engine.view import SeatView

ARENA_LEVELS: Final = (*LEVELS, "random", "runner", "opportunist", "ismcts")
SIZED_LEVELS: Final = ("hard", "ismcts")
"""The game's levels, and yardsticks: random legal cards, a moon runner, an opportunist
shooter and an information-set MCTS (:mod:`game.ai.baselines`)."""
Z_95: Final = 1.959964  # two-sided 95% normal quantile


class TimedPlayer:
    """A player whose decision times are recorded (in milliseconds)."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.times: list[float] = []  # wall-clock milliseconds
        self.cpu_times: list[float] = []  # this thread's processor milliseconds

    def choose_pass(self, view: SeatView) -> list[Card]:
        start, cpu = time.perf_counter(), time.thread_time()
        cards = self.inner.choose_pass(view)
        self._record(start, cpu)
        return cards

    def choose_play(self, view: SeatView) -> Card:
        start, cpu = time.perf_counter(), time.thread_time()
        card = self.inner.choose_play(view)
        self._record(start, cpu)
        return card

    def _record(self, start: float, cpu: float) -> None:
        self.times.append((time.perf_counter() - start) * 1000)
        self.cpu_times.append((time.thread_time() - cpu) * 1000)

    def choose_moon(self, view: SeatView) -> bool:
        return self.inner.choose_moon(view)


def parse_level(name: str) -> tuple[str, int | None, float | None]:
    """A line-up entry: a level, or ``hard:WORK`` / ``ismcts:ITERATIONS`` for a search of
    another size (so budgets can meet at one table), and ``hard:WORK:TOUGH`` for Hard with
    another share of tough playout opponents. ValueError with the choices otherwise.

    >>> parse_level("hard:120000"), parse_level("medium"), parse_level("hard:60000:0.25")
    (('hard', 120000, None), ('medium', None, None), ('hard', 60000, 0.25))
    """
    level, _, rest = name.partition(":")
    size, _, share = rest.partition(":")
    if level not in ARENA_LEVELS or (size and level not in SIZED_LEVELS):
        raise ValueError(
            f"unknown player {name!r}: choose from {', '.join(ARENA_LEVELS)}"
            " (hard:WORK[:TOUGH] and ismcts:ITERATIONS set a search's size)"
        )
    if not size:
        return level, None, None
    if not size.isdigit() or int(size) < 1:
        raise ValueError(f"{name!r}: the size after the colon must be a whole number above 0")
    if not share:
        return level, int(size), None
    try:
        tough = float(share)
    except ValueError:
        tough = -1.0
    if level != "hard" or not 0 <= tough <= 1:
        raise ValueError(f"{name!r}: a share of tough playouts from 0 to 1 follows Hard's work")
    return level, int(size), tough


def new_player(
    name: str, seed: str, hard_work: int | None = None, ismcts_iterations: int | None = None
) -> Player:
    level, size, tough = parse_level(name)
    if level == "hard" and size:
        settings = DEFAULT_SETTINGS if tough is None else HardSettings(tough=tough)
        return HardPlayer(seed, work=size, settings=settings)
    if level == "ismcts" and size:
        return IsmctsPlayer(seed, size)
    if level == "random":
        return RandomPlayer(seed)
    if level == "runner":
        return RunnerPlayer(seed)
    if level == "opportunist":
        return OpportunistPlayer(seed)
    if level == "ismcts":
        # The same decision time as Hard's, unless told otherwise.
        equal = max(1, round(DEFAULT_ITERATIONS * (hard_work or DEFAULT_WORK) / DEFAULT_WORK))
        return IsmctsPlayer(seed, ismcts_iterations or equal)
    if level == "hard" and hard_work is not None:
        return HardPlayer(seed, work=hard_work)
    return make_player(level, seed)


@dataclass(frozen=True)
class DealResult:
    """One deal in every rotation, per line-up entry: points, moons, queens, decision times."""

    points: tuple[int, ...]  # summed over the rotations
    moons: tuple[int, ...]
    queens: tuple[int, ...]
    times: tuple[tuple[float, ...], ...]  # wall-clock ms per decision
    cpu_times: tuple[tuple[float, ...], ...]  # processor ms per decision


@dataclass(frozen=True)
class Task:
    lineup: tuple[str, ...]
    rules: Rules
    seed: str
    deals: tuple[int, ...]
    hard_work: int | None
    ismcts_iterations: int | None = None


def play_deal(
    lineup: Sequence[str],
    rules: Rules,
    seed: str,
    deal: int,
    hard_work: int | None,
    ismcts_iterations: int | None = None,
) -> DealResult:
    """Deal number ``deal`` played once per rotation of ``lineup`` around the table."""
    n = len(lineup)
    points = [0] * n
    moons = [0] * n
    queens = [0] * n
    times: list[list[float]] = [[] for _ in range(n)]
    cpu_times: list[list[float]] = [[] for _ in range(n)]
    for rotation in range(n):
        # Entry i of the line-up sits at seat (i + rotation) % n.
        entry_at = [(seat - rotation) % n for seat in range(n)]
        players = [
            TimedPlayer(
                new_player(lineup[i], f"{seed}/{deal}/{rotation}/{i}", hard_work, ismcts_iterations)
            )
            for i in entry_at
        ]
        match = Match.new(
            rules, seed=f"{seed}/{deal}", single_hand=True, first_pass=rules.pass_direction(deal)
        )
        play_match(match, players, max_hands=1)
        hand = match.hand
        assert hand.hand_scores is not None
        for seat, i in enumerate(entry_at):
            points[i] += hand.hand_scores[seat]
            moons[i] += hand.moon_shooter == seat
            queens[i] += bool(hand.taken[seat] & QUEEN_OF_SPADES_BIT)
            times[i].extend(players[seat].times)
            cpu_times[i].extend(players[seat].cpu_times)
    return DealResult(
        tuple(points),
        tuple(moons),
        tuple(queens),
        tuple(tuple(t) for t in times),
        tuple(tuple(t) for t in cpu_times),
    )


def _run_task(task: Task) -> list[DealResult]:
    return [
        play_deal(task.lineup, task.rules, task.seed, d, task.hard_work, task.ismcts_iterations)
        for d in task.deals
    ]


def run_tasks(tasks: Sequence[Task], jobs: int) -> list[DealResult]:
    """Every task's deals, in the tasks' order: in this process when ``jobs`` is 1, else in a
    pool of ``jobs`` processes."""
    results: list[DealResult] = []
    if jobs == 1:
        for task in tasks:
            results.extend(_run_task(task))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(_run_task, tasks):
                results.extend(part)
    return results


def wilson(hits: int, n: int) -> tuple[float, float]:
    """The Wilson 95% interval of a share ``hits / n`` (how often a moon got through).

    >>> tuple(round(x, 3) for x in wilson(1, 10)), wilson(0, 0)
    ((0.018, 0.404), (0.0, 1.0))
    """
    if n == 0:
        return 0.0, 1.0
    p, z2 = hits / n, Z_95 * Z_95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z_95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Report:
    """Figures per player type (line-up entries of the same level are pooled)."""

    lineup: tuple[str, ...]
    deals: int
    seed: str
    rules: Rules
    hands: dict[str, int] = field(default_factory=dict)
    mean: dict[str, float] = field(default_factory=dict)  # points per hand
    half_width: dict[str, float] = field(default_factory=dict)  # 95% interval: mean +/- this
    moons: dict[str, int] = field(default_factory=dict)
    queens: dict[str, int] = field(default_factory=dict)
    median_ms: dict[str, float] = field(default_factory=dict)
    max_ms: dict[str, float] = field(default_factory=dict)
    cpu_median_ms: dict[str, float] = field(default_factory=dict)  # processor time: what the
    cpu_max_ms: dict[str, float] = field(default_factory=dict)  # decision costs on a quiet machine
    seconds: float = 0.0

    def interval(self, level: str) -> tuple[float, float]:
        return self.mean[level] - self.half_width[level], self.mean[level] + self.half_width[level]

    def ratio(self, level: str, other: str) -> float:
        """``level``'s average points per hand over ``other``'s."""
        return self.mean[level] / self.mean[other] if self.mean[other] else math.inf

    def table(self) -> str:
        lines = [
            f"{'player':<12} {'hands':>6} {'points/hand':>11} {'95% interval':>16} "
            f"{'moons':>6} {'queens':>6} {'ms median':>10} {'ms max':>8} {'cpu median':>10} "
            f"{'cpu max':>8}"
        ]
        for level in dict.fromkeys(self.lineup):
            low, high = self.interval(level)
            lines.append(
                f"{level:<12} {self.hands[level]:>6} {self.mean[level]:>11.3f} "
                f"{f'[{low:.3f}, {high:.3f}]':>16} {self.moons[level]:>6} {self.queens[level]:>6} "
                f"{self.median_ms[level]:>10.2f} {self.max_ms[level]:>8.1f} "
                f"{self.cpu_median_ms[level]:>10.2f} {self.cpu_max_ms[level]:>8.1f}"
            )
        return "\n".join(lines)


def run_arena(
    lineup: Sequence[str],
    deals: int,
    seed: int | str = 1,
    jobs: int = 1,
    rules: Rules | None = None,
    hard_work: int | None = None,
    ismcts_iterations: int | None = None,
) -> Report:
    """Play ``deals`` duplicate deals with ``lineup`` (levels from ARENA_LEVELS)."""
    rules = rules or Rules(players=len(lineup))
    if rules.players != len(lineup):
        raise ValueError(
            f"the rules are for {rules.players} players, the line-up has {len(lineup)}"
        )
    for level in lineup:
        parse_level(level)
    started = time.perf_counter()
    seed_str = str(seed)
    # Small batches, interleaved so each process gets a similar mix of early and late deals.
    batch = max(1, min(10, deals // (jobs * 4) or 1))
    tasks = [
        Task(
            tuple(lineup),
            rules,
            seed_str,
            tuple(range(s, min(s + batch, deals))),
            hard_work,
            ismcts_iterations,
        )
        for s in range(0, deals, batch)
    ]
    results = run_tasks(tasks, jobs)
    report = _summarise(tuple(lineup), deals, seed_str, rules, results)
    report.seconds = time.perf_counter() - started
    return report


def _summarise(
    lineup: tuple[str, ...], deals: int, seed: str, rules: Rules, results: list[DealResult]
) -> Report:
    n = len(lineup)
    report = Report(lineup, deals, seed, rules)
    for level in dict.fromkeys(lineup):
        entries = [i for i in range(n) if lineup[i] == level]
        # One figure per deal (its rotations and same-level entries pooled): deals are
        # independent, the hands of one deal are not.
        per_deal = [sum(r.points[i] for i in entries) / (n * len(entries)) for r in results]
        times = [t for r in results for i in entries for t in r.times[i]]
        report.hands[level] = deals * n * len(entries)
        report.mean[level] = statistics.fmean(per_deal)
        spread = statistics.stdev(per_deal) if len(per_deal) > 1 else 0.0
        report.half_width[level] = Z_95 * spread / math.sqrt(len(per_deal))
        report.moons[level] = sum(r.moons[i] for r in results for i in entries)
        report.queens[level] = sum(r.queens[i] for r in results for i in entries)
        report.median_ms[level] = statistics.median(times) if times else 0.0
        report.max_ms[level] = max(times, default=0.0)
        cpu = [t for r in results for i in entries for t in r.cpu_times[i]]
        report.cpu_median_ms[level] = statistics.median(cpu) if cpu else 0.0
        report.cpu_max_ms[level] = max(cpu, default=0.0)
    return report


def medium_hands(seeds: Sequence[int]) -> Iterator[tuple[int, HandState, SeatView, Decision]]:
    """Every play of single hands of four Medium (one a seed): the seed, the state and view
    before the play, and Medium's decision, whose card is then played (for the measures and
    tests that compare a policy with Medium's card)."""
    for seed in seeds:
        match = Match.new(Rules(), seed=seed, single_hand=True)
        players = [MediumPlayer(s) for s in range(4)]
        for seat in range(4):
            match.choose_pass(seat, players[seat].choose_pass(match.view(seat)))
        while match.hand.phase is Phase.PLAY:
            state = match.hand
            view = match.view(state.turn)
            decision = heuristic_play(view)
            yield seed, state, view, decision
            match.play(decision.card, state.turn)


def positive(text: str) -> int:
    """A whole number of at least 1 (an argparse type: a wrong one is a one-line message)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m game.arena",
        description="Computer players against each other on duplicate deals.",
    )
    p.add_argument(
        "players", nargs="+", metavar="PLAYER", help=f"3 to 5 of: {', '.join(ARENA_LEVELS)}"
    )
    p.add_argument("--deals", type=positive, default=100, help="deals to play (default 100)")
    p.add_argument("--seed", default="1", help="seed of the deals and players (default 1)")
    p.add_argument("--jobs", type=positive, default=1, help="processes (default 1)")
    p.add_argument(
        "--moon",
        choices=[m.value for m in MoonMode],
        default=MoonMode.OTHERS_PLUS.value,
        help="moon scoring (default others+26)",
    )
    p.add_argument("--jack", action="store_true", help="the jack of diamonds is worth -10")
    p.add_argument(
        "--queen-breaks-hearts", action="store_true", help="the queen of spades breaks hearts"
    )
    p.add_argument(
        "--hard-work", type=positive, default=None, help="card plays Hard simulates per decision"
    )
    p.add_argument(
        "--ismcts-iterations",
        type=positive,
        default=None,
        help="iterations of the ISMCTS yardstick per decision (default: Hard's decision time)",
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    players = [name.lower() for name in args.players]
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        p.error(f"give 3 to 5 players, not {len(players)}")
    for name in players:
        try:
            parse_level(name)
        except ValueError as exc:
            p.error(str(exc))
    rules = rules_from(
        players=len(players),
        moon=args.moon,
        jack_of_diamonds=args.jack,
        queen_breaks_hearts=args.queen_breaks_hearts,
    )
    try:
        report = run_arena(
            players,
            args.deals,
            args.seed,
            args.jobs,
            rules,
            args.hard_work,
            args.ismcts_iterations,
        )
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    print(
        f"{' '.join(players)}: {args.deals} deals x {len(players)} rotations, seed {args.seed}, "
        f"{args.jobs} job(s), {report.seconds:.1f} s"
    )
    print(report.table())
    levels = list(dict.fromkeys(players))
    if len(levels) > 1:
        first = levels[0]
        for other in levels[1:]:
            print(f"ratio {first}/{other}: {report.ratio(first, other):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
