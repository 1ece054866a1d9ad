"""How often Hard's playout policy plays Medium's card, in hands of four Medium.

    python benchmarks/playout_agreement.py --hands 100

Hard's playouts model the other seats as Medium (:mod:`game.ai.playout`); this replays hands of
four Medium (seeds 0, 1, ...) and, at every play with a choice, asks the playout policy for its
card, with the runner and the threat worked out as :func:`game.ai.playout.finish` does with
``watch``. It prints the share that agree and the disagreements by Medium's motive (moon defence
is where they differ).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.playout import policy, runner_of, shown_voids, threat_of
from game.arena.duplicate import medium_hands, positive
from game.engine.cards import QUEEN_OF_SPADES_BIT


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--hands", type=positive, default=100)
    args = p.parse_args(argv)
    choices = agree = 0
    missed: Counter[tuple[str, str]] = Counter()
    for _seed, state, view, decision in medium_hands(range(args.hands)):
        legal = view.legal_mask()
        if legal & (legal - 1):
            queen_taken = any(t & QUEEN_OF_SPADES_BIT for t in state.taken)
            runner = runner_of(state.taken, state.hands)
            threat = threat_of(state.taken, runner)
            card = policy(state, runner, queen_taken, threat, shown_voids(state))
            choices += 1
            if card == int(decision.card):
                agree += 1
            else:
                missed[decision.motive.name, "follow" if view.trick else "lead"] += 1
    print(f"{args.hands} hands of four Medium: the playout policy plays Medium's card at")
    print(f"{agree} of {choices} choices ({100 * agree / choices:.2f}%)")
    for (motive, where), count in missed.most_common():
        print(f"  {count:4} {motive} ({where})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
