"""Random full hands per second on one core: our engine beside OpenSpiel's C++ Hearts.

Each hand: a seeded deal, a random pass (3 cards a seat, on the hands that pass), 13 tricks of
uniformly random legal cards, the score. Ours is driven two ways: the fast path the AI's
searches use (``legal_mask`` + ``advance``) and the checked path the window and the network use
(``choose_pass`` + ``play``, which validate every move and report events). OpenSpiel is driven
through its Python API (``pyspiel.load_game("hearts")``), chance nodes included, with uniformly
random actions. Install it with ``pip install open-spiel`` (the ``bench`` extra).

The machine's speed drifts (on the shared virtual machine this was written on, by +-30% within
seconds and 2x over minutes), so the timing runs short batches of each engine back to back and
reports the median of the rounds' ratios. ``--instructions`` counts machine instructions per
hand under valgrind instead (``apt-get install valgrind``; about a minute): a figure that does
not move from run to run.

Usage: python benchmarks/engine.py [--hands N] [--rounds R] [--instructions]
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cards import cards_of
from game.deal import deal_hands, hand_seed
from game.hand import HAND_DONE, HandState, Phase
from game.legality import legal_mask
from game.rules import Rules


def fast_hands(count: int, seed: int) -> float:
    """Hands per second through the AI's path."""
    rules = Rules()
    rnd = random.Random(seed).random
    deck = rules.deck
    pass_direction = rules.pass_direction
    deal = HandState.deal
    passing = Phase.PASS
    triples = tuple(itertools.combinations(range(rules.hand_size), 3))

    start = time.perf_counter()
    for k in range(count):
        state = deal(rules, deal_hands(hand_seed(seed, k), 4, deck, k % 4), pass_direction(k))
        if state.phase is passing:
            passes = []
            for hand in state.hands:
                # one of the hand's 3-card subsets, uniformly
                cards = cards_of(hand)
                i, j, m = triples[int(rnd() * len(triples))]
                passes.append(1 << cards[i] | 1 << cards[j] | 1 << cards[m])
            state.exchange_fast(passes)
        advance = state.advance
        hands = state.hands
        first_lead = state.first_lead
        while True:
            # The seat to act's legal cards, as the AI's playouts ask for them (game.legality),
            # then a uniformly random one of them: skip a random number of the set's bits.
            mask = legal_mask(
                hands[state.turn],
                state.led_suit,
                state.trick_number,
                state.hearts_broken,
                first_lead,
            )
            held = mask.bit_count()
            if held > 1:
                i = int(rnd() * held)
                while i:
                    mask &= mask - 1
                    i -= 1
                mask &= -mask
            if advance(mask.bit_length() - 1) == HAND_DONE:
                break
        assert state.hand_scores is not None
    return count / (time.perf_counter() - start)


def checked_hands(count: int, seed: int) -> float:
    """Hands per second through the checked, event-reporting path."""
    rules = Rules()
    rng = random.Random(seed)
    start = time.perf_counter()
    for k in range(count):
        hands = deal_hands(hand_seed(seed, k), 4, rules.deck, k % 4)
        state = HandState.deal(rules, hands, rules.pass_direction(k))
        if state.phase is Phase.PASS:
            for seat in range(4):
                state.choose_pass(seat, rng.sample(cards_of(state.hands[seat]), 3))
        while state.phase is Phase.PLAY:
            state.play(rng.choice(state.legal_cards()))
    return count / (time.perf_counter() - start)


def openspiel_hands(count: int, seed: int) -> float | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rnd = random.Random(seed).random
    start = time.perf_counter()
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rnd() * len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[int(rnd() * len(actions))])
    return count / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=300, help="hands per batch")
    parser.add_argument("--rounds", type=int, default=20, help="rounds of one batch each")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count machine instructions per hand under valgrind instead of timing",
    )
    parser.add_argument("--inner", choices=INNER, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.hands < 1 or args.rounds < 1:
        parser.error("--hands and --rounds must be positive")
    if args.inner:  # one engine's hands under valgrind (see instructions_per_hand)
        INNER[args.inner](args.hands, 1)
        return
    if args.instructions:
        print_instructions(parser)
        return
    engines = [("fast", fast_hands), ("checked", checked_hands), ("openspiel", openspiel_hands)]
    fast_hands(args.hands // 4 + 1, -1)  # warm up: imports, caches
    rates: dict[str, list[float]] = {name: [] for name, _ in engines}
    ratios: list[float] = []  # fast / OpenSpiel within each round
    for r in range(args.rounds):
        # One short batch of each, back to back and in turn first, so that both sides of a
        # round's ratio ran at the same machine speed (this VM's speed drifts by +-30% over
        # seconds, which made best-of-long-runs ratios swing from 1.6x to 2.4x).
        order = engines if r % 2 == 0 else engines[::-1]
        round_rates = {}
        for name, fn in order:
            rate = fn(args.hands, r)
            if rate is not None:
                round_rates[name] = rate
                rates[name].append(rate)
        if "openspiel" in round_rates:
            ratios.append(round_rates["fast"] / round_rates["openspiel"])
    print(
        f"{args.rounds} rounds of {args.hands} hands, one core, Python {sys.version.split()[0]}"
        " (hands/s: median of the rounds, best round)"
    )
    labels = {
        "fast": "ours, fast path (legal_mask + advance):",
        "checked": "ours, checked path with events:        ",
        "openspiel": "OpenSpiel C++ via pyspiel:              ",
    }
    for name, label in labels.items():
        if rates[name]:
            print(f"{label} {statistics.median(rates[name]):9.0f} {max(rates[name]):9.0f}")
    if ratios:
        low, high = percentile(ratios, 0.1), percentile(ratios, 0.9)
        print(
            f"ratio fast / OpenSpiel, median of the rounds: {statistics.median(ratios):.2f}x"
            f" (10th-90th percentile {low:.2f}-{high:.2f}; goal >= 2x)"
        )
        checked = statistics.median(rates["checked"]) / statistics.median(rates["openspiel"])
        print(f"ratio checked / OpenSpiel (medians):          {checked:.2f}x")
    else:
        print("OpenSpiel not installed (pip install open-spiel): no comparison")


INNER = {"fast": fast_hands, "checked": checked_hands, "openspiel": openspiel_hands}


def instructions_per_hand(name: str) -> int:
    """Machine instructions one hand costs, counted by valgrind's callgrind: the difference
    between runs of 100 and 400 hands, so start-up and imports cancel out. Deterministic, unlike
    the clock of a shared virtual machine."""
    counts = []
    for hands in (100, 400):
        command = [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--inner",
            name,
            "--hands",
            str(hands),
        ]
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
        found = re.search(r"Collected : (\d+)", done.stderr)
        if found is None:
            raise RuntimeError(f"valgrind said no count: {done.stderr[-500:]}")
        counts.append(int(found.group(1)))
    return (counts[1] - counts[0]) // 300


def print_instructions(parser: argparse.ArgumentParser) -> None:
    if shutil.which("valgrind") is None:
        parser.error("--instructions needs valgrind (sudo apt-get install valgrind)")
    ours = instructions_per_hand("fast")
    print(f"ours, fast path:           {ours:10,} instructions a hand")
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        print("OpenSpiel not installed (pip install open-spiel): no comparison")
        return
    theirs = instructions_per_hand("openspiel")
    print(f"OpenSpiel C++ via pyspiel: {theirs:10,} instructions a hand")
    print(f"ratio OpenSpiel / ours:    {theirs / ours:.2f}x fewer instructions (goal >= 2x)")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


if __name__ == "__main__":
    main()
