"""What a small network as the playouts' opponent policy would cost a Hard decision (issue 44,
step 5), measured before anything is trained.

    python benchmarks/policy_cost.py --hands 12 --seed pc44a

Three figures, each from this machine:

1. How many opponent moves one Hard decision plays out. Hard in one seat beside three Medium
   (the seat turns with the hand), single hands; a child process runs the pure-Python modules
   (``DAME_PURE_PYTHON=1``: the same cards as the compiled ones, tests/test_native.py) with
   the playouts' :func:`~game.ai.playout.policy` wrapped to count its calls: the other seats'
   moves in the playouts (``finish``) and in the weighing of each sampled deal
   (``model_misses``, which asks the policy at every earlier play of the others), how many of
   them had a choice (a network is asked only then), and the longest playout (how many steps a
   batched design would take).
2. What one numpy forward pass of a tiny MLP costs (``--planes`` x 52 inputs -> ``--hidden``
   -> 52, ReLU, the best legal card): one position at a time (inputs made from the position's
   bit sets, as the playout would have to), and batched, B positions at once, fitted as
   ``a + b * B`` microseconds.
3. Hence each decision's processor time: the compiled decision as timed here (the parent
   process plays the same hands on the compiled modules), plus its network calls one at a
   time, or batched (one pass per step over every playout of the decision), against the gates
   (median 30 ms, max 250 ms). The policy's own compiled cost is not subtracted (it is small,
   and the network's inputs would have to be built anyway).

BLAS is held to one thread: a decision runs on one core.
"""

from __future__ import annotations

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402
import importlib  # noqa: E402
import importlib.util  # noqa: E402
import json  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from dataclasses import asdict, dataclass  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import hard as hard_module  # noqa: E402
from game.ai import playout  # noqa: E402
from game.ai.hard import HardPlayer  # noqa: E402
from game.ai.medium import MediumPlayer  # noqa: E402
from game.arena.duplicate import TimedPlayer, positive  # noqa: E402
from game.engine.cards import Card  # noqa: E402
from game.engine.legality import legal_mask  # noqa: E402
from game.engine.match import Match  # noqa: E402
from game.engine.players import Player, play_match  # noqa: E402
from game.engine.rules import Rules  # noqa: E402
from game.engine.view import SeatView  # noqa: E402

GATE_MEDIAN_MS = 30.0
GATE_MAX_MS = 250.0
BATCHES = (1, 8, 32, 128, 512, 2048)  # positions a batched forward pass is timed at


@dataclass
class Count:
    """One Hard decision's calls of the playout policy."""

    kind: str  # "pass" or "play"
    others: int = 0  # other seats' moves in the playouts
    others_choice: int = 0  # ...of them with more than one legal card
    weighing: int = 0  # other seats' earlier plays asked again to weigh a sampled deal
    weighing_choice: int = 0
    own: int = 0  # the deciding seat's own moves in the playouts
    playouts: int = 0
    steps: int = 0  # other seats' moves in the longest playout (a batch's steps)
    weighing_steps: int = 0  # the most earlier plays asked for one sampled deal

    @property
    def calls(self) -> int:
        """The network's calls: every move with a choice, in playouts and in weighing."""
        return self.others_choice + self.weighing_choice

    @property
    def positions(self) -> int:
        """Every other seat's move asked, forced ones too."""
        return self.others + self.weighing


def fit_line(points: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """Least squares ``y = a + b * x`` through ``points`` (x, y).

    >>> fit_line([(1, 5.0), (3, 9.0), (5, 13.0)])
    (3.0, 2.0)
    """
    n = len(points)
    if n < 2:
        raise ValueError("need two or more points")
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    if sxx == 0:
        raise ValueError("the points need two different x")
    b = sum((x - mx) * (y - my) for x, y in points) / sxx
    return my - b * mx, b


def projected(
    cpu_ms: float, count: Count, single_us: float, pass_us: float, row_us: float
) -> tuple[float, float]:
    """A decision's processor milliseconds with the network asked one position at a time, and
    batched (one pass a step over every playout, for the playouts and for the weighing; the
    positions without a choice left out of the batch).

    >>> c = Count("play", others=100, others_choice=60, weighing=10, weighing_choice=5,
    ...           steps=20, weighing_steps=4)
    >>> projected(10.0, c, 10.0, 5.0, 1.0)
    (10.65, 10.185)
    """
    single = cpu_ms + count.calls * single_us / 1000
    steps = count.steps + count.weighing_steps
    batched = cpu_ms + (steps * pass_us + count.calls * row_us) / 1000
    return round(single, 6), round(batched, 6)


# -- 1. counting (the child process, pure Python) ----------------------------------------------


class _Counter:
    """Wraps playout.policy, hard.finish and hard.model_misses (pure Python: their calls go
    through the module globals) and counts into ``current``."""

    def __init__(self) -> None:
        self.current = Count("none")
        self.me = -1
        self.where = "outside"
        self.moves = 0
        policy = playout.policy
        finish = vars(hard_module)["finish"]  # Hard's own names for them
        misses = vars(hard_module)["model_misses"]

        def counted_policy(state: Any, *args: Any, **kwargs: Any) -> int:
            c = self.current
            seat = state.turn
            hand = state.hands[seat]
            legal = legal_mask(
                hand, state.led_suit, state.trick_number, state.hearts_broken, state.first_lead
            )
            choice = bool(legal & (legal - 1))
            if self.where == "finish":
                if seat == self.me:
                    c.own += 1
                else:
                    c.others += 1
                    c.others_choice += choice
                    self.moves += 1
            elif self.where == "weighing" and seat != self.me:
                c.weighing += 1
                c.weighing_choice += choice
                self.moves += 1
            return policy(state, *args, **kwargs)

        def counted_finish(state: Any, *args: Any, **kwargs: Any) -> None:
            self.where, self.moves = "finish", 0
            finish(state, *args, **kwargs)
            self.current.playouts += 1
            self.current.steps = max(self.current.steps, self.moves)
            self.where = "outside"

        def counted_misses(state: Any, *args: Any, **kwargs: Any) -> int:
            self.where, self.moves = "weighing", 0
            result: int = misses(state, *args, **kwargs)
            self.current.weighing_steps = max(self.current.weighing_steps, self.moves)
            self.where = "outside"
            return result

        vars(playout)["policy"] = counted_policy
        vars(hard_module)["finish"] = counted_finish
        vars(hard_module)["model_misses"] = counted_misses


class CountingPlayer:
    """Hard, its decisions' policy calls counted (one :class:`Count` a decision)."""

    def __init__(self, inner: HardPlayer, counter: _Counter, seat: int) -> None:
        self.inner, self.counter, self.seat = inner, counter, seat
        self.counts: list[Count] = []

    def _start(self, kind: str) -> None:
        self.counter.current = Count(kind)
        self.counter.me = self.seat
        self.counts.append(self.counter.current)

    def choose_pass(self, view: SeatView) -> list[Card]:
        self._start("pass")
        return self.inner.choose_pass(view)

    def choose_play(self, view: SeatView) -> Card:
        self._start("play")
        return self.inner.choose_play(view)

    def choose_moon(self, view: SeatView) -> bool:
        return self.inner.choose_moon(view)


def _hands(
    hands: int, seed: str, wrap: Callable[[HardPlayer, int], Player]
) -> list[tuple[int, Player]]:
    """Single hands, Hard in seat ``hand % 4`` beside three Medium; the wrapped Hard players."""
    played = []
    for number in range(hands):
        seat = number % 4
        hard = wrap(HardPlayer(f"{seed}/{number}/hard"), seat)
        players: list[Player] = [
            hard if s == seat else MediumPlayer(f"{seed}/{number}/{s}") for s in range(4)
        ]
        match = Match.new(Rules(), seed=f"{seed}/{number}", single_hand=True)
        play_match(match, players, max_hands=1)
        played.append((seat, hard))
    return played


def count_child(hands: int, seed: str) -> list[dict[str, Any]]:
    if not playout.__file__ or not playout.__file__.endswith(".py"):
        raise SystemExit("the count needs the pure-Python modules (DAME_PURE_PYTHON=1)")
    counter = _Counter()
    counts: list[dict[str, Any]] = []
    for _seat, player in _hands(hands, seed, lambda h, s: CountingPlayer(h, counter, s)):
        assert isinstance(player, CountingPlayer)
        counts.extend(asdict(c) for c in player.counts)
    return counts


# -- 2. the network's cost (numpy) --------------------------------------------------------------


def _network(planes: int, hidden: int) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """A tiny MLP on bit-set inputs. The first function takes rows of ``planes`` card sets
    (Python ints, as the playout holds them) and their legal masks and returns the best legal
    card of each row, inputs built here (7 bytes a set, unpacked: 56 inputs a plane, the last
    4 always 0); the second takes the inputs ready made (the floor, had the compiled loop
    written them itself)."""
    # numpy comes with the bench extra only: imported by name, so mypy checks this file the
    # same whether or not it is installed (CI installs the dev tools alone)
    np: Any = importlib.import_module("numpy")

    rng = np.random.default_rng(44)
    w1 = rng.standard_normal((planes * 56, hidden)).astype(np.float32) * 0.05
    b1 = np.zeros(hidden, np.float32)
    w2 = rng.standard_normal((hidden, 52)).astype(np.float32) * 0.05
    b2 = np.zeros(52, np.float32)

    def unpack(sets: Sequence[int], width: int) -> Any:
        data = b"".join(v.to_bytes(7, "little") for v in sets)
        raw = np.frombuffer(data, np.uint8).reshape(-1, width * 7)
        return np.unpackbits(raw, axis=1, bitorder="little")

    def forward(x: Any, allowed: Any) -> Any:
        h = np.maximum(x @ w1 + b1, 0)
        return np.where(allowed, h @ w2 + b2, -np.inf).argmax(axis=1)

    def best(rows: Sequence[Sequence[int]], legal: Sequence[int]) -> Any:
        x = unpack([v for row in rows for v in row], planes).astype(np.float32)
        return forward(x, unpack(legal, 1)[:, :52].astype(bool))

    return best, forward


def time_network(
    planes: int, hidden: int, repeats: int
) -> tuple[float, list[tuple[int, float]], list[tuple[int, float]]]:
    """Microseconds of processor time: one position a call, then a pass at each of BATCHES
    with the inputs built from bit sets and with them ready made."""
    import random

    np: Any = importlib.import_module("numpy")  # as in _network
    best, forward = _network(planes, hidden)
    rng = random.Random(44)
    size = max(BATCHES)
    pool = [[rng.getrandbits(52) for _ in range(planes)] for _ in range(size)]
    legal = [rng.getrandbits(52) | 1 for _ in range(size)]
    ready = np.random.default_rng(45).integers(0, 2, (size, planes * 56)).astype(np.float32)
    allowed = np.random.default_rng(46).integers(0, 2, (size, 52)).astype(bool)
    allowed[:, 0] = True

    def per_call(batch: int, calls: int, built: bool) -> float:
        samples = []
        for _ in range(5):
            start = time.thread_time()
            for i in range(calls):
                j = (i * batch) % (size - batch + 1)
                if built:
                    best(pool[j : j + batch], legal[j : j + batch])
                else:
                    forward(ready[j : j + batch], allowed[j : j + batch])
            samples.append((time.thread_time() - start) / calls * 1e6)
        return statistics.median(samples)

    single = per_call(1, repeats, True)
    built = [(b, per_call(b, max(3, repeats // b), True)) for b in BATCHES]
    floor = [(b, per_call(b, max(3, repeats // b), False)) for b in BATCHES]
    return single, built, floor


# -- 3. the compiled decisions and the report ---------------------------------------------------


def timed_decisions(hands: int, seed: str) -> list[float]:
    """Hard's processor milliseconds a decision on the compiled modules, in play order."""
    times: list[float] = []
    for _seat, player in _hands(hands, seed, lambda h, s: TimedPlayer(h)):
        assert isinstance(player, TimedPlayer)
        times.extend(player.cpu_times)
    return times


def _print_counts(kind: str, group: Sequence[Count]) -> None:
    print(f"  {kind} decisions ({len(group)}):")
    print(f"    other seats' moves in playouts: {_summary([c.others for c in group])}")
    print(f"      with a choice (network calls): {_summary([c.others_choice for c in group])}")
    print(f"    weighing the deals, with a choice: {_summary([c.weighing_choice for c in group])}")
    print(f"    playouts: {_summary([c.playouts for c in group])}")
    print(f"    steps of the longest playout: {_summary([c.steps for c in group])}")


def _summary(values: Sequence[float]) -> str:
    return f"median {statistics.median(values):,.1f}, max {max(values):,.1f}"


def report(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("numpy") is None:
        print("numpy is not installed here: .venv/bin/pip install numpy", file=sys.stderr)
        return 1
    env = {**os.environ, "DAME_PURE_PYTHON": "1"}
    child = [sys.executable, __file__, "--count", "--hands", str(args.hands), "--seed", args.seed]
    done = subprocess.run(child, env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        print(done.stderr.strip() or "the counting process failed", file=sys.stderr)
        return 1
    counts = [Count(**c) for c in json.loads(done.stdout)]
    compiled = not playout.__file__.endswith(".py")
    cpu = timed_decisions(args.hands, args.seed)
    if len(cpu) != len(counts):
        print(f"{len(cpu)} decisions timed, {len(counts)} counted", file=sys.stderr)
        return 1
    single, built, floor = time_network(args.planes, args.hidden, args.repeats)
    fits = {"built": fit_line([(float(b), us) for b, us in built])}
    fits["ready"] = fit_line([(float(b), us) for b, us in floor])
    print(f"Hard beside three Medium, {args.hands} single hands, seed {args.seed}: {len(counts)}")
    print(f"decisions ({'compiled' if compiled else 'PURE PYTHON: times not the game'})")
    for kind in ("pass", "play"):
        group = [c for c in counts if c.kind == kind]
        if group:
            _print_counts(kind, group)
    print(f"  network calls a decision (all): {_summary([c.calls for c in counts])}")
    print(f"  positions a decision (forced too): {_summary([c.positions for c in counts])}")
    print(f"  compiled decision, ms of processor time: {_summary(cpu)}")
    print(f"MLP {args.planes}x52 -> {args.hidden} -> 52, numpy, one thread:")
    print(f"  one position a call: {single:.1f} us (inputs from bit sets, forward, best legal)")
    for (b, us), (_, ready) in zip(built, floor, strict=True):
        print(
            f"  batch of {b:>5}: {us / b:.2f} us a position ({ready / b:.2f} with the inputs"
            " ready made)"
        )
    for name, (pass_us, row_us) in fits.items():
        print(f"  fitted, inputs {name}: {pass_us:.1f} us a pass + {row_us:.3f} us a position")
    pairs = list(zip(cpu, counts, strict=True))
    lines = {"one call a move": [projected(t, c, single, 0, 0)[0] for t, c in pairs]}
    for name, fit in fits.items():
        lines[f"batched by step, inputs {name}"] = [projected(t, c, 0, *fit)[1] for t, c in pairs]
    for name, values in lines.items():
        med, top = statistics.median(values), max(values)
        verdict = "fits" if med <= GATE_MEDIAN_MS and top <= GATE_MAX_MS else "does NOT fit"
        print(
            f"decision with the network, {name}: median {med:,.1f} ms, max {top:,.1f} ms "
            f"(gates {GATE_MEDIAN_MS:.0f} / {GATE_MAX_MS:.0f} ms): {verdict}"
        )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=positive, default=12, help="single hands (default 12)")
    p.add_argument("--seed", default="pc44a", help="seed of the hands (default pc44a)")
    p.add_argument("--planes", type=positive, default=6, help="52-card input planes (default 6)")
    p.add_argument("--hidden", type=positive, default=64, help="hidden units (default 64)")
    p.add_argument(
        "--repeats", type=positive, default=2000, help="single calls timed (default 2000)"
    )
    p.add_argument("--count", action="store_true", help=argparse.SUPPRESS)  # the child's part
    args = p.parse_args(argv)
    if args.count:
        print(json.dumps(count_child(args.hands, args.seed)))
        return 0
    return report(args)


if __name__ == "__main__":
    sys.exit(main())
