"""Random full hands per second on one core: our engine beside OpenSpiel's C++ Hearts.

Every engine is driven the way its own users drive it, with the same rules, and every move is
drawn uniformly from the legal moves with the same random source (``random.Random(seed)``,
``int(random() * len(choices))``):

- OpenSpiel (``pyspiel.load_game("hearts", {"qs_breaks_hearts": False})``: the classic rules ours
  default to) is driven plainly: at every node, chance nodes included, ``legal_actions()`` then
  ``apply_action()`` of one of them. The deal is its 53 chance nodes (the pass direction, then
  one card at a time), the pass is three picks a seat. ``chance_outcomes()`` is never called
  (it builds a Python list of (action, probability) pairs at each chance node).
- ours, fast path (what the AI's playouts run): the engine's seeded deal (``deal_hands``), a
  uniformly drawn 3-card subset of each hand passed with ``exchange_fast``, then at every play
  ``legal_cards()`` and ``advance()`` of one of them, unchecked and without events.
- ours, checked path (what the window and the network table run): a :class:`game.match.Match`
  dealing its hands; each seat's pass (a uniformly drawn 3-card subset) and every play (one of
  ``legal_moves(seat)``) through ``Match.apply``, which checks the move and returns the events
  it caused.

The pass direction follows our cycle (left, right, across, hold) on our side and is drawn by
OpenSpiel's first chance node on its side: three hands in four pass on both.

The machine's speed drifts (on the shared virtual machine this was written on, by +-30% within
seconds and 2x over minutes), so the timing runs short batches of each engine back to back and
reports the median of the rounds. ``--instructions`` counts machine instructions per hand under
valgrind instead (``apt-get install valgrind``; a few minutes): a figure that does not move from
run to run, and the one the goals are stated in.

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
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cards import cards_of
from game.deal import deal_hands, hand_seed
from game.hand import HAND_DONE, HandState, Phase
from game.match import Match
from game.moves import Move
from game.rules import Rules

HOW_OPENSPIEL_IS_DRIVEN = (
    "legal_actions() + apply_action() at every node, chance nodes included;"
    " no chance_outcomes(); qs_breaks_hearts=False"
)
OPENSPIEL_PARAMETERS = {"qs_breaks_hearts": False}  # the rest of its defaults are ours

# Every 3-card subset of a 13-card hand, by position in the hand: the random pass draws one.
TRIPLES = tuple(itertools.combinations(range(13), 3))


def fast_hands(count: int, seed: int) -> float:
    """Hands per second through the AI's path."""
    rules = Rules()
    rnd = random.Random(seed).random
    deck = rules.deck
    pass_direction = rules.pass_direction
    deal = HandState.deal
    passing = Phase.PASS
    triples = TRIPLES
    start = time.perf_counter()
    for k in range(count):
        state = deal(rules, deal_hands(hand_seed(seed, k), 4, deck, k % 4), pass_direction(k))
        if state.phase is passing:
            passes = []
            for hand in state.hands:
                cards = cards_of(hand)
                i, j, m = triples[int(rnd() * len(triples))]
                passes.append(1 << cards[i] | 1 << cards[j] | 1 << cards[m])
            state.exchange_fast(passes)
        # Then every play as OpenSpiel's driver does it: the legal moves, one drawn uniformly.
        legal_cards = state.legal_cards
        advance = state.advance
        while True:
            cards = legal_cards()
            if advance(cards[int(rnd() * len(cards))]) == HAND_DONE:
                break
        assert state.hand_scores is not None
    return count / (time.perf_counter() - start)


def checked_hands(count: int, seed: int) -> float:
    """Hands per second through the checked, event-reporting path of a match."""
    rules = Rules()
    rnd = random.Random(seed).random
    triples = TRIPLES
    start = time.perf_counter()
    match = Match.new(rules, seed)
    for k in range(count):
        if k:
            match = match_for_next_hand(match, rules, seed)
        hand = match.hand
        if hand.phase is Phase.PASS:
            for seat in range(4):
                cards = cards_of(hand.hands[seat])
                i, j, m = triples[int(rnd() * len(triples))]
                match.apply(seat, Move.pass_cards((cards[i], cards[j], cards[m])))
        while hand.phase is Phase.PLAY:
            # As the network table serves a seat: its legal moves, then the one it sends,
            # checked again by apply() and reported as events.
            seat = hand.turn
            moves = match.legal_moves(seat)
            match.apply(seat, moves[int(rnd() * len(moves))])
    return count / (time.perf_counter() - start)


def match_for_next_hand(match: Match, rules: Rules, seed: int) -> Match:
    """The next hand of the match, or a new match once it is over (the hands go on)."""
    if match.is_over:
        return Match.new(rules, f"{seed}/{match.hand_number}")
    match.next_hand()
    return match


def openspiel_hands(count: int, seed: int, game: Any = None) -> float | None:
    """Hands per second of OpenSpiel's Hearts driven plainly (see HOW_OPENSPIEL_IS_DRIVEN);
    None when it is not installed. ``game`` replaces the loaded game (for the tests)."""
    if game is None:
        game = load_openspiel()
        if game is None:
            return None
    rnd = random.Random(seed).random
    start = time.perf_counter()
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[int(rnd() * len(actions))])
    return count / (time.perf_counter() - start)


def load_openspiel() -> Any:
    """OpenSpiel's Hearts with our default rules, or None when pyspiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    return pyspiel.load_game("hearts", OPENSPIEL_PARAMETERS)


ENGINES: dict[str, Callable[[int, int], float | None]] = {
    "fast": fast_hands,
    "checked": checked_hands,
    "openspiel": openspiel_hands,
}
LABELS = {
    "fast": "ours, fast path (legal_cards + advance)",
    "checked": "ours, checked path (Match.apply, events)",
    "openspiel": "OpenSpiel C++ via pyspiel, plainly",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=300, help="hands per batch")
    parser.add_argument("--rounds", type=int, default=20, help="rounds of one batch each")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count machine instructions per hand under valgrind instead of timing",
    )
    parser.add_argument("--inner", choices=ENGINES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.hands < 1 or args.rounds < 1:
        parser.error("--hands and --rounds must be positive")
    if args.inner:  # one engine's hands under valgrind (see instructions_per_hand)
        ENGINES[args.inner](args.hands, 1)
        return
    print(f"OpenSpiel is driven plainly: {HOW_OPENSPIEL_IS_DRIVEN}")
    print(f"compiled engine modules: {compiled_modules() or 'none (pure Python)'}")
    if args.instructions:
        print_instructions(parser)
        return
    fast_hands(args.hands // 4 + 1, -1)  # warm up: imports, caches
    rates: dict[str, list[float]] = {name: [] for name in ENGINES}
    names = list(ENGINES)
    for r in range(args.rounds):
        # One short batch of each, back to back and in turn first, so that every engine runs
        # at the same mix of machine speeds (this VM's speed drifts by +-30% over seconds).
        for name in names if r % 2 == 0 else names[::-1]:
            rate = ENGINES[name](args.hands, r)
            if rate is not None:
                rates[name].append(rate)
    print(
        f"{args.rounds} interleaved rounds of {args.hands} hands, one core,"
        f" Python {sys.version.split()[0]} (hands/s: median of the rounds, slowest-fastest)"
    )
    for name, label in LABELS.items():
        if rates[name]:
            median = statistics.median(rates[name])
            print(
                f"{label + ':':40} {median:9.0f}   ({min(rates[name]):.0f}-{max(rates[name]):.0f})"
            )
    if rates["openspiel"]:
        theirs = statistics.median(rates["openspiel"])
        fast = statistics.median(rates["fast"]) / theirs
        checked = statistics.median(rates["checked"]) / theirs
        print(f"fast path / OpenSpiel:    {fast:.2f}x (goal >= 2x)")
        print(f"checked path / OpenSpiel: {checked:.2f}x (goal >= 1x)")
    else:
        print("OpenSpiel not installed (pip install open-spiel): no comparison")


def compiled_modules() -> str:
    """The engine modules running compiled in this process, by name."""
    from game import native

    return ", ".join(native.compiled())


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
    counts = {"fast": instructions_per_hand("fast"), "checked": instructions_per_hand("checked")}
    if load_openspiel() is not None:
        counts["openspiel"] = instructions_per_hand("openspiel")
    print("machine instructions a hand (valgrind):")
    for name, count in counts.items():
        print(f"{LABELS[name] + ':':40} {count:10,}")
    if "openspiel" not in counts:
        print("OpenSpiel not installed (pip install open-spiel): no comparison")
        return
    theirs = counts["openspiel"]
    print(f"fast path / OpenSpiel:    {theirs / counts['fast']:.2f}x (goal >= 2x)")
    print(f"checked path / OpenSpiel: {theirs / counts['checked']:.2f}x (goal >= 1x)")


if __name__ == "__main__":
    main()
