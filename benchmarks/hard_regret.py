"""Where two settings of Hard choose different cards, what each choice is worth on the real deal.

    python benchmarks/hard_regret.py --deals 100 --seed r18a --b infer=0 --jobs 2

Hard set as ``--a`` plays one seat of each deal beside three Medium (every seat in turn). At
each of its plays, Hard set as ``--b`` is asked too; where they choose differently, both cards
are played out on the real cards to the end of the hand (the same players after: ``--a`` in the
seat, Medium around it; all of them decide from their view and seed only, so each play-out is
exact, not a sample) and the seat's value (the others' average points minus its own) is
compared. The sum of those differences over a hand estimates what ``--b`` would change in that
hand, without the noise of whole games drifting apart after the first different card; its 95%
interval is over the deals. Positive: ``--b``'s cards are worth more.
"""

from __future__ import annotations

import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.hard_paired import Setting, arguments, hard_player, mean_and_half, shown
from game.arena.duplicate import ARENA_LEVELS, new_player
from game.engine.cards import SUIT_MASKS
from game.engine.hand import HandState, Phase
from game.engine.match import Match
from game.engine.players import Player, decide
from game.engine.rules import Rules
from game.engine.view import SeatView


def value(state: HandState, seat: int) -> float:
    scores = state.hand_scores
    assert scores is not None
    mine = scores[seat]
    return (sum(scores) - mine) / (len(scores) - 1) - mine


def finish(state: HandState, players: list[Player]) -> None:
    while state.phase is Phase.PLAY:
        seat = state.turn
        state.play(players[seat].choose_play(SeatView.of_hand(state, seat)))


Tally = tuple[int, int, float, dict[str, tuple[int, float]]]


def situation(view: SeatView) -> str:
    """Lead, follow or discard, and early (tricks 1-3), middle (4-8) or late (9-13)."""
    number = view.trick_number
    when = "early" if number < 3 else "middle" if number < 8 else "late"
    if not view.trick:
        return f"{when} lead"
    if view.legal_mask() & SUIT_MASKS[view.led_suit]:
        return f"{when} follow"
    return f"{when} discard"


def seat_regret(
    seed: str, deal: int, seat: int, a: Setting, b: Setting, others: str, ask: str | None
) -> Tally:
    """(decisions, different choices, summed value of b's card minus a's) for one seat."""
    rules = Rules()
    key = f"{seed}/{deal}/{seat}"
    players: list[Player] = [
        hard_player(f"{key}/{s}", a) if s == seat else new_player(others, f"{key}/{s}")
        for s in range(rules.players)
    ]
    other = new_player(ask, f"{key}/{seat}") if ask else hard_player(f"{key}/{seat}", b)
    match = Match.new(
        rules, seed=f"{seed}/{deal}", single_hand=True, first_pass=rules.pass_direction(deal)
    )
    while match.hand.phase is Phase.PASS:
        for s in match.to_act():
            match.apply(s, decide(players[s], match.view(s)))
    state = match.hand.copy()
    decisions = differ = 0
    gain = 0.0
    where: dict[str, tuple[int, float]] = {}
    while state.phase is Phase.PLAY:
        turn = state.turn
        view = SeatView.of_hand(state, turn)
        if turn != seat:
            state.play(players[turn].choose_play(view))
            continue
        mine = players[seat].choose_play(view)
        theirs = other.choose_play(view)
        decisions += 1
        if theirs != mine:
            differ += 1
            worth = []
            for card in (mine, theirs):
                trial = state.copy()
                trial.play(card)
                finish(trial, players)
                worth.append(value(trial, seat))
            gain += worth[1] - worth[0]
            count, total = where.get(situation(view), (0, 0.0))
            where[situation(view)] = count + 1, total + worth[1] - worth[0]
        state.play(mine)
    return decisions, differ, gain, where


def play_deal(task: tuple[str, int, Setting, Setting, str, str | None]) -> list[Tally]:
    seed, deal, a, b, others, ask = task
    return [seat_regret(seed, deal, s, a, b, others, ask) for s in range(4)]


def main(argv: list[str] | None = None) -> int:
    p = arguments(__doc__, "r18a")
    p.add_argument("--ask", choices=ARENA_LEVELS, help="ask this level instead of --b")
    args = p.parse_args(argv)
    tasks = [(args.seed, d, args.a, args.b, args.others, args.ask) for d in range(args.deals)]
    with ProcessPoolExecutor(args.jobs) as pool:
        deals = list(pool.map(play_deal, tasks))
    mean, half = mean_and_half([statistics.fmean(g for _, _, g, _ in seats) for seats in deals])
    decisions = sum(d for seats in deals for d, _, _, _ in seats)
    differ = sum(x for seats in deals for _, x, _, _ in seats)
    hands = 4 * len(deals)
    print(f"{args.deals} deals x 4 seats, seed {args.seed}, beside three {args.others}")
    asked = args.ask or shown(args.b)
    print(f"a {shown(args.a)} plays; b {asked} is asked")
    print(f"decisions {decisions}, b chose another card at {differ} ({differ / decisions:.1%})")
    print(f"b's cards minus a's, a hand: {mean:+.3f} +/- {half:.3f}")
    counts: dict[str, int] = {}
    totals: dict[str, float] = {}
    for seats in deals:
        for *_, parts in seats:
            for name, (count, total) in parts.items():
                counts[name] = counts.get(name, 0) + count
                totals[name] = totals.get(name, 0.0) + total
    for name in sorted(totals, key=totals.__getitem__):
        print(f"  {name:<16} {counts[name]:>5} different, {totals[name] / hands:+.3f} a hand")
    return 0


if __name__ == "__main__":
    sys.exit(main())
