"""Where Hard's points go: Hard and Medium in the same seat of the same deal, beside Medium.

    python benchmarks/hard_losses.py --deals 200 --seed d17a --jobs 2

Each deal is played once per seat with Hard in that seat and three Medium, and once with Medium
in that seat (four Medium): the difference in that seat's points is what Hard adds, paired on
the cards. It prints both seats' points a hand, the paired difference with its 95% interval,
how the queen of spades came to the seat (it played her on its own trick, led or not; a void
seat dumped her on the seat's trick, led or followed; a spade above her caught her), moons,
where the difference comes from (queen, hearts, hands with a moon), and the hands Hard lost
most, to replay (deal, seat).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_player
from game.ai.hard import HardPlayer
from game.arena.duplicate import Z_95, positive
from game.engine.cards import CARDS, HEARTS_MASK, QUEEN_OF_SPADES, QUEEN_OF_SPADES_BIT, Suit
from game.engine.hand import HandState
from game.engine.match import Match
from game.engine.players import Player, play_match
from game.engine.points import QUEEN_POINTS
from game.engine.rules import Rules


@dataclass(frozen=True)
class Seat:
    """One seat's hand: its points, how it took the queen (None: it did not), the moon."""

    points: int
    queen: str | None
    queen_trick: int
    hearts: int
    own_moon: bool
    moon_against: bool


def queen_how(hand: HandState, seat: int) -> tuple[str | None, int]:
    """How ``seat`` took the queen of spades, and in which trick."""
    if not hand.taken[seat] & QUEEN_OF_SPADES_BIT:
        return None, -1
    n = hand.n
    for number, (leader, cards, _) in enumerate(hand.tricks):
        if QUEEN_OF_SPADES not in cards:
            continue
        played_by = (leader + cards.index(QUEEN_OF_SPADES)) % n
        if played_by == seat:
            return ("own queen, led" if leader == seat else "own queen, followed"), number
        if CARDS[cards[0]].suit is Suit.SPADES:
            return ("led a spade into her" if leader == seat else "caught by a high spade"), number
        return ("dumped on its lead" if leader == seat else "dumped when following"), number
    raise AssertionError("the queen was taken in no trick")


def play_seat(seed: str, deal: int, seat: int, hard: bool) -> Seat:
    rules = Rules()
    players: list[Player] = [
        HardPlayer(f"{seed}/{deal}/{seat}/{s}")
        if hard and s == seat
        else make_player("medium", f"{seed}/{deal}/{seat}/{s}")
        for s in range(rules.players)
    ]
    match = Match.new(
        rules, seed=f"{seed}/{deal}", single_hand=True, first_pass=rules.pass_direction(deal)
    )
    play_match(match, players, max_hands=1)
    hand = match.hand
    assert hand.hand_scores is not None
    how, trick = queen_how(hand, seat)
    shooter = hand.moon_shooter
    return Seat(
        hand.hand_scores[seat],
        how,
        trick,
        (hand.taken[seat] & HEARTS_MASK).bit_count(),
        shooter == seat,
        shooter is not None and shooter != seat,
    )


def play_deal(task: tuple[str, int]) -> list[tuple[Seat, Seat]]:
    seed, deal = task
    return [(play_seat(seed, deal, s, True), play_seat(seed, deal, s, False)) for s in range(4)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--deals", type=positive, default=50)
    p.add_argument("--seed", default="d17a")
    p.add_argument("--jobs", type=positive, default=1)
    p.add_argument("--worst", type=positive, default=15, help="hands Hard lost most to list")
    args = p.parse_args(argv)
    tasks = [(args.seed, d) for d in range(args.deals)]
    with ProcessPoolExecutor(args.jobs) as pool:
        deals = list(pool.map(play_deal, tasks))
    pairs = [(d, s, pair) for d, seats in enumerate(deals) for s, pair in enumerate(seats)]
    hands = len(pairs)
    per_deal = [statistics.fmean(h.points - m.points for h, m in seats) for seats in deals]
    half = Z_95 * statistics.stdev(per_deal) / math.sqrt(len(per_deal)) if len(deals) > 1 else 0
    print(f"{args.deals} deals x 4 seats, seed {args.seed}, beside three Medium")
    for name, index in (("Hard", 0), ("Medium", 1)):
        seats = [pair[index] for _, _, pair in pairs]
        queens = Counter(s.queen for s in seats if s.queen and not s.own_moon)
        print(
            f"{name:<7} {statistics.fmean(s.points for s in seats):.2f} points a hand, "
            f"queen {sum(1 for s in seats if s.queen) / hands:.1%}, "
            f"own moons {sum(s.own_moon for s in seats)}, "
            f"moons against {sum(s.moon_against for s in seats)}"
        )
        print("        queen: " + ", ".join(f"{k} {v}" for k, v in queens.most_common()))
    print(f"Hard - Medium in the same seat: {statistics.fmean(per_deal):+.3f} +/- {half:.3f}")
    parts: Counter[str] = Counter()
    for _, _, (h, m) in pairs:
        if h.own_moon or m.own_moon or h.moon_against or m.moon_against:
            parts["hands with a moon"] += h.points - m.points
            continue
        parts["queen"] += QUEEN_POINTS * ((h.queen is not None) - (m.queen is not None))
        parts["hearts"] += h.hearts - m.hearts
    print("where: " + ", ".join(f"{k} {v / hands:+.3f}" for k, v in parts.items()))
    print("worst hands for Hard (deal, seat: Hard, Medium, how Hard took the queen, trick):")
    worst = sorted(pairs, key=lambda x: x[2][1].points - x[2][0].points)[: args.worst]
    for deal, seat, (h, m) in worst:
        print(f"  {deal:>4} {seat}: {h.points:>2} {m.points:>2}  {h.queen} {h.queen_trick}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
