"""Medium and a variant of it in the same seat of the same deal, beside three yardsticks.

    python benchmarks/medium_paired.py --deals 1000 --seed t32c --others opportunist --b top-heart

The Medium counterpart of hard_paired.py, for rules tried on Medium's heuristic game (issue 30,
docs/ai-experiments.md): each deal is played once per seat with ``--a`` in that seat and once
with ``--b`` (the same three others, the same seeds), and the difference in that seat's points a
hand is what ``--b`` changes, paired on the cards, with its 95% interval over the deals.

A variant is a player class here, never a patch of Medium's functions: the yardsticks play
Medium's careful game too, and a patched function would change them as well. With
``--everywhere`` the variant's rule is given on purpose to every seat's careful game (the
others' discards pass through the same rule), to see how much a figure owes to the yardsticks.

Variants (``--a`` / ``--b``), each Medium unless said otherwise:

    medium          Medium as it plays
    top-heart       void, it keeps its top heart (the queen of hearts or above) while a moon is
                    open (it has taken no point, at most one seat has): it throws its next
                    heart, or its highest card that is not a heart when the top one is alone
    top-heart-early the same, only while nobody has taken a point
    top-heart-lone  the same, only while one other seat alone has taken points
    ace-lone        as top-heart-lone, for the ace of hearts only
"""

from __future__ import annotations

import argparse
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.hard_paired import mean_and_half, moon_against, seat_scores
from game.ai.decision import Decision, Motive
from game.ai.knowledge import Knowledge
from game.ai.medium import STOPPER_RANK, DecidingPlayer, MediumPlayer
from game.ai.playout import highest_rank
from game.arena.duplicate import ARENA_LEVELS, positive
from game.engine.cards import HEARTS_MASK, PENALTY_MASK, RANKS_PER_SUIT, Card
from game.engine.players import Player
from game.engine.view import SeatView


@dataclass(frozen=True)
class TopHeart:
    """When a moon is open for the rule (``when``: "open", "early" or "lone") and a careful
    game would throw its top heart of rank ``rank`` or above, the card thrown instead."""

    when: str
    rank: int = STOPPER_RANK

    def open_now(self, view: SeatView, know: Knowledge) -> bool:
        if know.taken[view.seat] & PENALTY_MASK:
            return False  # it holds a point itself: nobody else can shoot
        takers = sum(1 for cards in know.taken if cards & PENALTY_MASK)
        return {"open": takers <= 1, "early": takers == 0, "lone": takers == 1}[self.when]

    def kept(self, view: SeatView, decision: Decision) -> Decision:
        if decision.motive is not Motive.DUMP_HIGH_HEART:
            return decision  # the rule replaces nothing but the throw of the highest heart
        legal = view.legal_mask()
        hearts = legal & HEARTS_MASK
        top = hearts.bit_length() - 1
        if top % RANKS_PER_SUIT < self.rank or not self.open_now(view, Knowledge.of(view)):
            return decision
        rest = hearts & ~(1 << top)
        if rest:
            return Decision.play(rest.bit_length() - 1, Motive.DUMP_HIGH_HEART)
        others = legal & ~HEARTS_MASK
        if others:
            return Decision.play(highest_rank(others), Motive.KEEP_STOPPER)
        return decision


VARIANTS: dict[str, TopHeart | None] = {
    "medium": None,
    "top-heart": TopHeart("open"),
    "top-heart-early": TopHeart("early"),
    "top-heart-lone": TopHeart("lone"),
    "ace-lone": TopHeart("lone", rank=RANKS_PER_SUIT - 1),
}


class Keeping:
    """A deciding player whose card passes through ``rule`` (its pass and moon choice are the
    player's own)."""

    def __init__(self, player: DecidingPlayer, rule: TopHeart) -> None:
        self.player = player
        self.rule = rule

    def choose_pass(self, view: SeatView) -> list[Card]:
        return self.player.choose_pass(view)

    def choose_play(self, view: SeatView) -> Card:
        return self.rule.kept(view, self.player.decide_play(view)).card

    def choose_moon(self, view: SeatView) -> bool:
        return self.player.choose_moon(view)


def seat_points(
    seed: str, deal: int, seat: int, variant: str, others: str, everywhere: bool
) -> tuple[int, bool]:
    """The points of ``seat`` in one hand of deal ``deal`` with ``variant`` there, and whether
    another seat shot the moon."""
    rule = VARIANTS[variant]

    def seated(name: str, _: object) -> Player:
        return MediumPlayer(name) if rule is None else Keeping(MediumPlayer(name), rule)

    def around(player: Player) -> Player:
        if rule is None or not everywhere or not isinstance(player, DecidingPlayer):
            return player
        return Keeping(player, rule)

    scores = seat_scores(seed, deal, seat, others, seated, around)
    return scores[seat], moon_against(scores, seat)


def play_deal(
    task: tuple[str, int, str, str, str, bool],
) -> list[tuple[tuple[int, bool], tuple[int, bool]]]:
    seed, deal, a, b, others, everywhere = task
    return [
        (
            seat_points(seed, deal, s, a, others, everywhere),
            seat_points(seed, deal, s, b, others, everywhere),
        )
        for s in range(4)
    ]


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--deals", type=positive, default=50)
    p.add_argument("--seed", default="t32a")
    p.add_argument("--jobs", type=positive, default=1)
    p.add_argument("--others", choices=[x for x in ARENA_LEVELS if x != "hard"], default="medium")
    p.add_argument("--a", choices=list(VARIANTS), default="medium", help="the first variant")
    p.add_argument("--b", choices=list(VARIANTS), default="top-heart", help="the second variant")
    p.add_argument(
        "--everywhere",
        action="store_true",
        help="the variants' rule in every seat's careful game, the yardsticks' too",
    )
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    tasks = [
        (args.seed, d, args.a, args.b, args.others, args.everywhere) for d in range(args.deals)
    ]
    with ProcessPoolExecutor(args.jobs) as pool:
        deals = list(pool.map(play_deal, tasks))
    mean, half = mean_and_half([statistics.fmean(b[0] - a[0] for a, b in seats) for seats in deals])
    hands = 4 * args.deals
    where = ", the rule in every seat" if args.everywhere else ""
    print(f"{args.deals} deals x 4 seats, seed {args.seed}, beside three {args.others}{where}")
    for key, name in ((0, args.a), (1, args.b)):
        points = statistics.fmean(pair[key][0] for seats in deals for pair in seats)
        moons = sum(pair[key][1] for seats in deals for pair in seats)
        print(
            f"{'ab'[key]} {name}: {points:.3f} points a hand;"
            f" another seat's moon in {moons} of {hands} hands ({100 * moons / hands:.1f}%)"
        )
    changed = sum(a != b for seats in deals for a, b in seats)
    print(f"b - a in the same seat: {mean:+.3f} +/- {half:.3f} ({changed} seat-hands differ)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
