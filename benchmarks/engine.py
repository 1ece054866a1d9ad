"""Random full hands per second on one core: our engine beside OpenSpiel's C++ Hearts.

Each hand: a seeded deal, a random pass (3 cards a seat, on the hands that pass), 13 tricks of
uniformly random legal cards, the score. Ours is driven two ways: the fast path the AI's
searches use (``legal_mask`` + ``advance``) and the checked path the window and the network use
(``choose_pass`` + ``play``, which validate every move and report events). OpenSpiel is driven
through its Python API (``pyspiel.load_game("hearts")``), chance nodes included, with uniformly
random actions. Install it with ``pip install open-spiel`` (the ``bench`` extra).

Usage: python benchmarks/engine.py [--hands N] [--repeat R]
"""

from __future__ import annotations

import argparse
import random
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
    sizes = (rules.hand_size, rules.hand_size - 1, rules.hand_size - 2)

    start = time.perf_counter()
    for k in range(count):
        state = deal(rules, deal_hands(hand_seed(seed, k), 4, deck, k % 4), pass_direction(k))
        if state.phase is passing:
            passes = []
            for hand in state.hands:
                # three different cards, each uniformly random among those left
                cards = cards_of(hand)
                chosen = 0
                for size in sizes:
                    chosen |= 1 << cards.pop(int(rnd() * size))
                passes.append(chosen)
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
    parser.add_argument("--hands", type=int, default=4000, help="hands per measure")
    parser.add_argument("--repeat", type=int, default=3, help="measures; the best is kept")
    args = parser.parse_args()
    if args.hands < 1 or args.repeat < 1:
        parser.error("--hands and --repeat must be positive")
    best: dict[str, float] = {}
    for r in range(args.repeat):  # interleaved, so a busy moment hurts all three alike
        for name, fn in (
            ("fast", fast_hands),
            ("checked", checked_hands),
            ("openspiel", openspiel_hands),
        ):
            rate = fn(args.hands, r)
            if rate is not None:
                best[name] = max(best.get(name, 0.0), rate)
    print(
        f"hands per measure: {args.hands}, best of {args.repeat}, one core, "
        f"Python {sys.version.split()[0]}"
    )
    print(f"ours, fast path (legal_mask + advance): {best['fast']:9.0f} hands/s")
    print(f"ours, checked path with events:         {best['checked']:9.0f} hands/s")
    if "openspiel" in best:
        print(f"OpenSpiel C++ via pyspiel:              {best['openspiel']:9.0f} hands/s")
        print(f"ratio fast / OpenSpiel:    {best['fast'] / best['openspiel']:.2f}x (goal >= 2x)")
        print(f"ratio checked / OpenSpiel: {best['checked'] / best['openspiel']:.2f}x")
    else:
        print("OpenSpiel not installed (pip install open-spiel): no comparison")


if __name__ == "__main__":
    main()
